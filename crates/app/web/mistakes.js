// The "learn from your mistakes" page (/mistakes): a thin client of /api/exercises
// (docs/web.md). The exercises are those of the games this browser played (their ids are kept
// by mygames.js); the server poses them in its order (never solved, then least recently tried),
// judges each answer and counts it. One answer an exercise; the better move is then shown.

import { t, tx } from '/i18n.js';
import { ids } from '/mygames.js';
import { api, dests, languageSwitch, trainerBoard, uciMove } from '/trainer.js';

const $ = (id) => document.getElementById(id);

let list = []; // the exercises as the server listed them
let at = 0; // the one shown
let answer = null; // the server's judgement of the answer to it, once given
let error = '';
let tried = 0, solved = 0;

const cg = trainerBoard(onMove);

function render() {
  $('error').textContent = error;
  const x = list[at];
  $('btn-next').hidden = !x;
  $('summary').textContent = tried ? t('ExercisesSummary', { tried: String(tried), solved: String(solved) }) : '';
  if (!x) {
    $('counter').textContent = '';
    $('prompt').textContent = list.length ? '' : t('MistakesNoneWeb');
    $('verdict').textContent = '';
    cg.set({ fen: '8/8/8/8/8/8/8/8', movable: { color: undefined } });
    return;
  }
  const [board, turn] = x.fen.split(' ');
  const open = !answer;
  cg.set({
    fen: answer ? answer.fen : board,
    orientation: x.side,
    turnColor: answer ? (turn === 'w' ? 'black' : 'white') : (turn === 'w' ? 'white' : 'black'),
    lastMove: answer ? [answer.uci.slice(0, 2), answer.uci.slice(2, 4)] : undefined,
    movable: { color: open ? x.side : undefined, dests: open ? dests(x.legal) : new Map() },
  });
  cg.setAutoShapes(answer && !answer.solved
    ? [{ orig: answer.best.slice(0, 2), dest: answer.best.slice(2, 4), brush: 'green' }]
    : []);
  $('counter').textContent = t('MistakesCounter', { i: String(at + 1), total: String(list.length) });
  $('prompt').textContent = tx(x.text);
  $('verdict').textContent = answer ? tx(answer.text) : '';
}

async function onMove(orig, dest) {
  const x = list[at];
  if (!x || answer) return;
  const uci = uciMove(x.legal, orig, dest);
  error = '';
  try {
    const v = await api('POST', '/api/exercises/check', { game: x.game, ply: x.ply, move: uci });
    // The board stays on the answer: chessground has made the move already.
    answer = { ...v, fen: cg.getFen() };
    tried += 1;
    if (v.solved) solved += 1;
  } catch (e) {
    error = e.message;
  }
  render();
}

async function load() {
  const mine = ids();
  error = '';
  list = [];
  if (mine.length) {
    try {
      // Games the server no longer knows are left out: ask for the known ones only.
      const known = await api('GET', `/api/games?ids=${mine.join(',')}`);
      if (known.length) list = await api('GET', `/api/exercises?ids=${known.map((g) => g.id).join(',')}`);
    } catch (e) {
      error = e.message;
    }
  }
  at = 0;
  answer = null;
  render();
}

$('btn-next').addEventListener('click', () => {
  at += 1;
  answer = null;
  error = '';
  render();
});

await languageSwitch('MistakesPageTitle', render);
await load();
