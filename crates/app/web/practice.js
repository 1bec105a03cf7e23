// The endgame practice page (/practice): a thin client of /api/practice (docs/web.md). The
// server judges every move by the tablebase's distance to mate and plays the defender; the page
// shows the board, the feedback and the summary, every text in the page's language.

import { tx } from '/i18n.js';
import { api, dests, languageSwitch, trainerBoard, uciMove } from '/trainer.js';

const $ = (id) => document.getElementById(id);

// The exercise as the server last sent it, with the page's log: one {feedback, reply} a move.
let ex = null;
let log = [];
let lastMove;

const cg = trainerBoard(onMove);

function render() {
  $('error').textContent = '';
  if (!ex) return;
  const [board, turn] = ex.fen.split(' ');
  cg.set({
    fen: board,
    orientation: ex.user,
    turnColor: turn === 'w' ? 'white' : 'black',
    lastMove,
    movable: { color: ex.legal.length ? ex.user : undefined, dests: dests(ex.legal) },
  });
  cg.setAutoShapes([]);
  $('intro').textContent = tx(ex.intro) + (ex.fifty_warning ? ' ' + tx(ex.fifty_warning) : '');
  $('status').textContent = ex.ended ? tx(ex.ended) : tx(ex.status);
  $('summary').textContent = ex.ended ? tx(ex.summary) : '';
  $('hint').textContent = '';
  const ol = $('log');
  ol.replaceChildren();
  for (const entry of log) {
    const li = document.createElement('li');
    li.textContent = tx(entry.feedback) + (entry.reply ? ' — ' + tx(entry.reply.text) : '');
    ol.append(li);
  }
  ol.scrollTop = ol.scrollHeight;
}

function fail(e) {
  render();
  $('error').textContent = e.message;
}

async function onMove(orig, dest) {
  if (!ex) return;
  const uci = uciMove(ex.legal, orig, dest);
  try {
    const v = await api('POST', `/api/practice/${ex.id}/move`, { move: uci });
    log.push({ feedback: v.feedback, reply: v.reply });
    lastMove = v.reply ? [v.reply.uci.slice(0, 2), v.reply.uci.slice(2, 4)] : [orig, dest];
    ex = v;
    render();
  } catch (e) {
    fail(e);
  }
}

async function start() {
  const body = { material: $('material').value.trim(), draw: $('draw').checked };
  const minMate = parseInt($('min-mate').value, 10);
  const seed = parseInt($('seed').value, 10);
  if (!body.draw && minMate > 0) body.min_mate = minMate;
  if (seed >= 0) body.seed = seed;
  try {
    ex = await api('POST', '/api/practice', body);
    log = [];
    lastMove = undefined;
    render();
  } catch (e) {
    fail(e);
  }
}

$('new').addEventListener('submit', (ev) => {
  ev.preventDefault();
  start();
});

$('btn-hint').addEventListener('click', async () => {
  if (!ex) return;
  try {
    const h = await api('POST', `/api/practice/${ex.id}/hint`);
    $('hint').textContent = tx(h.text);
    cg.setAutoShapes([{ orig: h.uci.slice(0, 2), dest: h.uci.slice(2, 4), brush: 'green' }]);
  } catch (e) {
    fail(e);
  }
});

$('btn-undo').addEventListener('click', async () => {
  if (!ex) return;
  try {
    ex = await api('POST', `/api/practice/${ex.id}/undo`);
    log.pop();
    lastMove = undefined;
    render();
  } catch (e) {
    fail(e);
  }
});

// /practice?material=KRvK&seed=5&min_mate=10 (or &draw) starts that exercise at once.
const query = new URLSearchParams(location.search);
await languageSwitch('PracticePageTitle', render);
if (query.has('material')) {
  $('material').value = query.get('material');
  $('draw').checked = query.has('draw');
  $('min-mate').value = query.get('min_mate') || '';
  $('seed').value = query.get('seed') || '';
  start();
}
