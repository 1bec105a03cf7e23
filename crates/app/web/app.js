// Vidle in the browser: draws the game the server keeps, sends the player's moves, and shows the
// engine's thinking as it arrives over the WebSocket.
import { Chessground } from '/vendor/chessground/chessground.min.js';
import { GLYPH, drawChart, sideLines } from '/review.js';
import { drawExplorer } from '/explorer.js';
import * as sound from '/sound.js';
import * as clocks from '/clocks.js';
import * as themes from '/themes.js';
import * as i18n from '/i18n.js';
import * as mygames from '/mygames.js';
import * as variation from '/variation.js';
const { t, tx } = i18n;

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const movetimeParam = Number(params.get('movetime')) || undefined;

const ROLE_NAMES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };

let game = null;          // the last state from the server
let viewPly = null;       // null: live position; otherwise the ply being looked at
let orientation = 'white';
let ws = null;
let wsGameId = null;
let flashTimer = null;
let pendingPromotion = null;
let analysing = false;   // an analysis asked from this page is running
let review = null;        // { id, moves: n, data }: the analysis shown, for game `id` at `moves` plies

// Server level names and the analysis judgements as catalogue keys.
const LEVEL_KEYS = {
  beginner: 'LevelBeginner', novice: 'LevelNovice', casual: 'LevelCasual', club: 'LevelClub',
  strong: 'LevelStrong', expert: 'LevelExpert', master: 'LevelMaster', max: 'LevelMax',
};
const levelName = (name) => (LEVEL_KEYS[name] ? t(LEVEL_KEYS[name]) : name);
const JUDGEMENT_KEYS = { inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' };

// ---------- server ----------
// Every POST is JSON (the server refuses any other body, so other sites cannot post forms).
async function api(method, path, body) {
  const post = method === 'POST';
  const res = await fetch(path, {
    method,
    headers: post ? { 'Content-Type': 'application/json' } : {},
    body: post ? JSON.stringify(body ?? {}) : undefined,
  });
  let data = null;
  try { data = await res.json(); } catch { /* not JSON */ }
  if (!res.ok) {
    const e = data && data.error;
    const msg = e ? (e.text ? tx(e.text) : e.message) : t('ServerError', { status: String(res.status) });
    const err = new Error(msg);
    err.code = data && data.error ? data.error.code : 'http';
    err.text = Boolean(e && e.text); // worded by the catalogue: a whole sentence in the page's language
    throw err;
  }
  return data;
}

function connect(id) {
  if (ws && wsGameId === id) return;
  if (ws) { ws.onclose = null; ws.close(); }
  wsGameId = id;
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  ws = new WebSocket(`${proto}://${location.host}/api/game/${id}/ws`);
  ws.onmessage = (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch { return; }
    if (msg.type === 'state' && msg.state.id === game?.id) render(msg.state);
    else if (msg.type === 'info') showInfo(msg.info, true);
    else if (msg.type === 'analysis_progress' && analysing) $('review-status').textContent = t('AnalysingProgress', { done: String(msg.done), total: String(msg.total) });
    else if (msg.type === 'gone' && wsGameId === id) {
      // The server dropped this game to make room: stop reconnecting, say so.
      wsGameId = null;
      flash(t('GameGone'), true);
    }
  };
  ws.onclose = () => {
    if (wsGameId !== id) return;
    ws = null;
    setTimeout(() => { if (game && game.id === id) connect(id); }, 1000);
  };
}

// ---------- board ----------
const cg = Chessground($('board'), {
  orientation,
  coordinates: true,
  animation: { enabled: true, duration: 180 },
  highlight: { lastMove: true, check: true },
  movable: { free: false, color: undefined, showDests: true, events: { after: onUserMove } },
  draggable: { enabled: true, showGhost: true },
  premovable: { enabled: true, showDests: true },
  drawable: { enabled: true },
});
window.vidleBoard = cg; // for the end-to-end tests and the curious
// A right-click cancels a premove, as on lichess.
$('board').addEventListener('contextmenu', (e) => {
  if (cg.state.premovable.current) { e.preventDefault(); cg.cancelPremove(); }
});

function destsMap(dests) {
  const m = new Map();
  for (const [from, tos] of Object.entries(dests || {})) m.set(from, tos);
  return m;
}

function onUserMove(orig, dest) {
  if (!game) return;
  // After the game the board is an analysis board: the move starts or extends a variation.
  if (variation.on(game)) { variation.move(orig, dest); return; }
  const promos = game.promotions[orig];
  if (promos && promos.includes(dest)) {
    askPromotion(orig, dest, game.human, (role) => sendMove({ from: orig, to: dest, promotion: role }));
    return;
  }
  sendMove({ from: orig, to: dest });
}

async function sendMove(body) {
  const id = game.id;
  try {
    const state = await api('POST', `/api/game/${id}/move`, body);
    if (state.id === game.id) render(state);
  } catch (e) {
    render(game); // put the board back as it was
    // The server's refusal is a whole sentence in the page's language ("Ke3 is illegal: …"):
    // shown as it is, not under a second "Illegal move:" lead.
    flash(e.text ? e.message : t('IllegalMoveFlash', { why: e.message }), true);
  }
}

// A drop on a square chessground does not offer snaps back silently; ask the server, so the
// player reads why the move is not allowed.
let dragFrom = null;
$('board').addEventListener('pointerdown', (e) => {
  dragFrom = { key: cg.getKeyAtDomPos([e.clientX, e.clientY]), x: e.clientX, y: e.clientY };
}, true);
window.addEventListener('pointerup', (e) => {
  const start = dragFrom;
  dragFrom = null;
  if (!start || !start.key || !game || game.phase !== 'your_move' || viewPly !== null) return;
  if (Math.hypot(e.clientX - start.x, e.clientY - start.y) < 8) return;
  const dest = cg.getKeyAtDomPos([e.clientX, e.clientY]);
  if (!dest || dest === start.key) return;
  const piece = cg.state.pieces.get(start.key);
  if (!piece || piece.color !== game.human) return;
  const legal = (game.dests[start.key] || []).includes(dest);
  if (!legal) sendMove({ from: start.key, to: dest });
}, true);

// Asks which piece a pawn of `color` becomes; `done(role)` plays the move.
function askPromotion(orig, dest, color, done) {
  pendingPromotion = done;
  for (const p of $('promo-choices').querySelectorAll('piece')) {
    p.classList.remove('white', 'black');
    p.classList.add(color);
  }
  $('dlg-promo').showModal();
  $('promo-choices').querySelector('button').focus();
}
$('promo-choices').addEventListener('click', (e) => {
  const btn = e.target.closest('button');
  if (!btn || !pendingPromotion) return;
  const done = pendingPromotion;
  pendingPromotion = null;
  $('dlg-promo').close();
  done(btn.dataset.role);
});
function cancelPromotion() {
  pendingPromotion = null;
  if ($('dlg-promo').open) $('dlg-promo').close();
  render(game);
}
$('promo-cancel').addEventListener('click', cancelPromotion);
$('dlg-promo').addEventListener('cancel', (e) => { e.preventDefault(); cancelPromotion(); });

// ---------- drawing the game ----------
function render(state) {
  // A reply that crossed a newer WebSocket push on the way is stale: keep what is shown.
  if (game && game.id === state.id && state.seq < game.seq) return;
  const changed = !game || game.id !== state.id || game.moves.length !== state.moves.length;
  const oneMore = game && game.id === state.id && state.moves.length === game.moves.length + 1;
  const ended = game && game.id === state.id && game.phase !== 'over' && state.phase === 'over';
  if ((!game || game.id !== state.id) && state.analysed) loadReview(state.id, state.moves.length);
  game = state;
  if (oneMore || ended) sound.play(sound.kindOf(state.moves.at(-1)?.san || '', ended));
  if (changed) viewPly = null;
  connect(state.id);
  sessionStorage.setItem('vidle.game', String(state.id));
  // The game's id in the address: a reload, a bookmark or a copied link shows the same game.
  if (params.get('game') !== String(state.id)) {
    params.set('game', String(state.id));
    history.replaceState(null, '', `${location.pathname}?${params}`);
  }
  drawBoard();
  // A premove made while the engine thought: played now if legal, dropped otherwise.
  if (state.phase === 'your_move' && viewPly === null) cg.playPremove();
  else if (state.phase === 'over') cg.cancelPremove();
  drawPlayers();
  drawMoves();
  drawReview();
  drawStatus();
  clocks.show(state.clock);
  // A variation on the board shows its own evaluation (variation.js).
  if (!variation.active()) {
    if (state.info) showInfo(state.info, state.phase === 'thinking');
    else if (changed) clearInfo();
    showResultOnBar();
  }
  mygames.showRatingAfter(state);
  $('btn-pgn').href = `/api/game/${state.id}/pgn`;
  $('btn-pgn').setAttribute('download', `vidle-${state.id}.pgn`);
  const over = state.phase === 'over';
  $('btn-resign').disabled = over;
  $('btn-draw').disabled = over || state.phase !== 'your_move';
  // The engine's own offer: the button takes it (a move declines it).
  const offered = !!state.draw_offered && !over;
  const drawLabel = $('btn-draw').querySelector('span');
  drawLabel.dataset.i18n = offered ? 'AcceptDraw' : 'OfferDraw';
  drawLabel.textContent = offered ? t('AcceptDraw') : t('OfferDraw');
  $('btn-draw').classList.toggle('primary', offered);
  if (offered && (oneMore || changed)) flash(t('VidleOffersDrawShort'), false);
  $('btn-hint').disabled = state.phase !== 'your_move';
  $('btn-undo').disabled = state.moves.length === 0;
  $('btn-analyse').disabled = state.moves.length === 0;
  $('btn-analyse').classList.toggle('primary', over);
  $('san-input').disabled = state.phase !== 'your_move' && !variation.on(state);
  const tb = state.tablebase || [];
  $('tb-panel').hidden = tb.length === 0;
  if (tb.length) {
    const head = document.createElement('h3');
    head.textContent = t('Tablebase');
    // The verdict, news and problems are paragraphs; only the moves form the numbered list.
    const notes = [];
    const list = document.createElement('ol');
    for (const line of tb) {
      const isMove = line && line.key === 'TbMoveValue';
      const item = document.createElement(isMove ? 'li' : 'p');
      item.textContent = tx(line);
      (isMove ? list : { append: (e) => notes.push(e) }).append(item);
    }
    $('tb-panel').replaceChildren(head, ...notes, ...(list.children.length ? [list] : []));
  }
}

function drawBoard() {
  const analysis = variation.board(game);
  if (analysis) { drawAnalysisBoard(analysis); return; }
  const live = viewPly === null || viewPly === game.moves.length;
  const ply = live ? game.moves.length : viewPly;
  const fen = ply === 0 ? game.start_fen : game.moves[ply - 1].fen;
  const last = ply === 0 ? undefined : [game.moves[ply - 1].from, game.moves[ply - 1].to];
  const turn = fen.split(' ')[1] === 'b' ? 'black' : 'white';
  const canMove = live && game.phase === 'your_move';
  const canPremove = live && game.phase === 'thinking';
  cg.set({
    fen,
    orientation,
    turnColor: turn,
    lastMove: last,
    check: live ? (game.check ? turn : false) : false,
    movable: { color: canMove || canPremove ? game.human : undefined, dests: canMove ? destsMap(game.dests) : new Map() },
  });
  if (!live) cg.set({ check: false });
  // The book's moves here: a click plays one on the player's turn, else shows it.
  drawExplorer($('book-panel'), fen, canMove, (san) => sendMove({ move: san }), (from, to) =>
    cg.setAutoShapes(from ? [{ orig: from, dest: to, brush: 'green' }] : []));
  $('viewing').hidden = live;
  // A touch screen has no End key: the line says to tap it (it returns to the game either way).
  const touch = window.matchMedia('(pointer: coarse)').matches;
  if (!live && ply === 0) $('viewing').textContent = touch ? t('ViewingStartTouch') : t('ViewingStart');
  else if (!live) {
    const move = moveLabel(ply - 1);
    $('viewing').textContent = touch ? t('ViewingAfterTouch', { move }) : t('ViewingAfter', { move });
  }
}

// After the game: the position shown (the game's or a variation's), legal moves from the server.
function drawAnalysisBoard(a) {
  cg.set({ fen: a.fen, orientation, turnColor: a.turn, lastMove: a.last, check: a.check, movable: { color: a.color, dests: a.dests } });
  drawExplorer($('book-panel'), a.fen, true, (san) => variation.play(san), (from, to) =>
    cg.setAutoShapes(from ? [{ orig: from, dest: to, brush: 'green' }] : []));
  const live = viewPly === null && !a.viewing;
  $('viewing').hidden = live;
  const touch = window.matchMedia('(pointer: coarse)').matches;
  if (a.viewing) $('viewing').textContent = a.viewing;
  else if (!live && viewPly === 0) $('viewing').textContent = touch ? t('ViewingStartTouch') : t('ViewingStart');
  else if (!live) $('viewing').textContent = t(touch ? 'ViewingAfterTouch' : 'ViewingAfter', { move: moveLabel(viewPly - 1) });
}

function moveLabel(i) {
  const startTurnBlack = game.start_fen.split(' ')[1] === 'b';
  const startNo = Number(game.start_fen.split(' ')[5]) || 1;
  const idx = i + (startTurnBlack ? 1 : 0);
  const no = startNo + Math.floor(idx / 2);
  return `${no}${idx % 2 === 0 ? '.' : '…'} ${game.moves[i].san}`;
}

function pieceEl(role, color) {
  const el = document.createElement('piece');
  el.className = `${ROLE_NAMES[role]} ${color}`;
  return el;
}

function drawPlayers() {
  const human = game.human;
  const engine = human === 'white' ? 'black' : 'white';
  const bottom = orientation;
  const top = bottom === 'white' ? 'black' : 'white';
  const pieces = (c) => t(c === 'white' ? 'WhitePieces' : 'BlackPieces');
  const nameOf = (c) => c === human ? t('PlayerYou', { color: pieces(c) })
    : t('PlayerVidle', { level: levelName(game.level), color: pieces(c) });
  $('name-top').textContent = nameOf(top);
  $('name-bottom').textContent = nameOf(bottom);
  // Each strip shows what that side has captured and its material lead (after the game: in the
  // position shown).
  const m = variation.material(game) || game;
  for (const [pos, color] of [['top', top], ['bottom', bottom]]) {
    const cap = $(`cap-${pos}`);
    cap.replaceChildren(...m.captured[color].map((r) => pieceEl(r, color === 'white' ? 'black' : 'white')));
    const lead = color === 'white' ? m.material : -m.material;
    $(`mat-${pos}`).textContent = lead > 0 ? `+${lead}` : '';
  }
  $('strip-top').classList.toggle('to-move', game.turn === top && game.phase !== 'over');
  $('strip-bottom').classList.toggle('to-move', game.turn === bottom && game.phase !== 'over');
  void engine;
}

function drawMoves() {
  const list = $('movelist');
  list.replaceChildren();
  const startTurnBlack = game.start_fen.split(' ')[1] === 'b';
  const startNo = Number(game.start_fen.split(' ')[5]) || 1;
  let row = null;
  const current = viewPly === null ? game.moves.length : viewPly;
  game.moves.forEach((m, i) => {
    const idx = i + (startTurnBlack ? 1 : 0);
    if (idx % 2 === 0 || row === null) {
      row = document.createElement('li');
      const no = document.createElement('span');
      no.className = 'no';
      no.textContent = `${startNo + Math.floor(idx / 2)}.`;
      row.append(no);
      if (idx % 2 === 1) {
        const gap = document.createElement('span');
        gap.className = 'mv empty';
        gap.textContent = '…';
        row.append(gap);
      }
      list.append(row);
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'mv';
    b.textContent = m.san;
    if (m.book) {
      b.classList.add('book');
      b.dataset.mark = t('BookMark');
      b.title = t('BookMove');
    }
    const judged = reviewFor(game)?.analysis.moves[i]?.judgement;
    if (judged) {
      b.classList.add(judged);
      b.textContent += GLYPH[judged];
      b.title = t(JUDGEMENT_KEYS[judged]);
    }
    if (i + 1 === current) b.classList.add('current');
    b.addEventListener('click', () => goTo(i + 1));
    row.append(b);
  });
  variation.drawList($('variation'));
  const cur = list.querySelector('.current');
  if (cur) cur.scrollIntoView({ block: 'nearest' });
  else list.scrollTop = list.scrollHeight;
  const o = game.opening;
  const standard = game.start_fen.startsWith('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w');
  $('opening').textContent = o ? `${o.eco} · ${o.name}`
    : game.chess960 ? 'Chess960' : !standard ? t('SetUpPosition') : game.moves.length ? t('OpeningUnknown') : t('StartingPosition');
  const book = game.book_moves || [];
  $('opening').title = book.length ? t('BookMovesTip', { moves: book.join(', ') }) : '';
  if (book.length) $('opening').textContent += t('BookMovesShort', { moves: book.slice(0, 6).join(' ') });
}

function drawStatus() {
  if (flashTimer) return;
  const el = $('status');
  el.textContent = game.status_text ? tx(game.status_text) : game.status;
  el.className = 'status' + (game.phase === 'over' ? ' over' : '') + (game.phase === 'thinking' ? ' thinking' : '');
}

function flash(text, bad) {
  const el = $('status');
  el.textContent = text;
  el.className = 'status' + (bad ? ' error' : ' note');
  clearTimeout(flashTimer);
  flashTimer = setTimeout(() => { flashTimer = null; if (game) drawStatus(); }, 3500);
}

// ---------- engine ----------
function evalPercent(cp) {
  const w = 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
  return 50 + 50 * w;
}
// The engine's score, line and the evaluation bar stay hidden while the game is on, as lichess
// hides them against the computer (they would give the game away); the button shows them, and
// they are shown once the game is over. The choice is remembered.
let showEval = localStorage.getItem('vidle.showeval') === '1';
function revealsEval() {
  return showEval || !!(game && game.ended);
}
function showInfo(info, live) {
  if (!game) return;
  const reveal = revealsEval();
  $('eng-score').textContent = reveal ? info.text : '—';
  const nps = info.nps >= 1e6 ? `${(info.nps / 1e6).toFixed(1)} Mn/s` : `${Math.round(info.nps / 1e3)} kn/s`;
  $('eng-meta').textContent = t('EngineMeta', { depth: `${info.depth}/${info.seldepth}`, speed: nps }) + (live ? ` · ${t('Thinking')}` : '');
  $('eng-pv').textContent = reveal ? numberedLine(info) : '';
  const pct = reveal ? Math.max(2, Math.min(98, evalPercent(info.white_cp))) : 50;
  $('evalbar-white').style.height = `${pct}%`;
  $('evalbar-text').textContent = reveal ? info.text.replace(/^\+/, '') : '';
}
function drawEvalToggle() {
  $('btn-eval').setAttribute('aria-pressed', String(showEval));
  $('btn-eval').textContent = t(showEval ? 'HideEval' : 'ShowEval');
}
$('btn-eval').addEventListener('click', () => {
  showEval = !showEval;
  localStorage.setItem('vidle.showeval', showEval ? '1' : '0');
  drawEvalToggle();
  if (game && game.info) showInfo(game.info, game.phase === 'thinking');
  else if (game && !game.ended) clearInfo();
});
function numberedLine(info) {
  let no = info.fullmove;
  let black = info.black_to_move;
  const out = [];
  info.pv.forEach((san, i) => {
    if (!black) out.push(`${no}. ${san}`);
    else out.push(i === 0 ? `${no}… ${san}` : san);
    if (black) no++;
    black = !black;
  });
  return out.join(' ');
}
function showResultOnBar(ended = game.ended) {
  const r = ended && ended.result;
  if (!r) return;
  const pct = r === '1-0' ? 100 : r === '0-1' ? 0 : 50;
  $('evalbar-white').style.height = `${pct}%`;
  $('evalbar-text').textContent = r.replace('1/2-1/2', '½-½');
  $('eng-score').textContent = r.replace('1/2-1/2', '½-½');
  $('eng-meta').textContent = tx(ended.reason_text);
}
// The variation's position on the bar: the short search's score, or how the variation ended.
function showVariationEval(info, ended) {
  if (ended) showResultOnBar(ended);
  else if (info) {
    showInfo(info, false);
    $('eng-meta').textContent = t('VariationEvalMeta', { depth: `${info.depth}/${info.seldepth}` });
  } else {
    clearInfo();
    $('eng-meta').textContent = info === undefined ? t('Thinking') : '';
  }
}
function clearInfo() {
  $('eng-score').textContent = '—';
  $('eng-meta').textContent = game && game.phase === 'thinking' ? t('Thinking') : t('VidleWaiting');
  $('eng-pv').textContent = '';
  $('evalbar-white').style.height = '50%';
  $('evalbar-text').textContent = '';
}

// ---------- navigation ----------
$('viewing').addEventListener('click', () => { if (game && !variation.back()) goTo(game.moves.length); });
function goTo(ply) {
  if (!game) return;
  variation.leave();
  const n = game.moves.length;
  ply = Math.max(0, Math.min(n, ply));
  viewPly = ply === n ? null : ply;
  drawBoard();
  drawMoves();
  drawReview();
  drawPlayers();
}
const current = () => (viewPly === null ? game.moves.length : viewPly);
// In a variation the buttons and keys step through it; else through the game.
const first = () => variation.jump(true) || goTo(0);
const prev = () => variation.step(-1) || goTo(current() - 1);
const next = () => variation.step(1) || goTo(current() + 1);
const last = () => variation.jump(false) || goTo(game.moves.length);
$('nav-first').addEventListener('click', first);
$('nav-prev').addEventListener('click', prev);
$('nav-next').addEventListener('click', next);
$('nav-last').addEventListener('click', last);
variation.setup({
  api, flash, askPromotion, moveLabel,
  game: () => game,
  mainPly: current,
  redraw: () => { drawBoard(); drawMoves(); drawPlayers(); },
  backTo: (ply) => goTo(ply),
  showEval: showVariationEval,
  restoreInfo: () => { if (game.info) showInfo(game.info, false); else clearInfo(); showResultOnBar(); },
});

// ---------- actions ----------
async function action(name, okText) {
  if (!game) return null;
  try {
    const res = await api('POST', `/api/game/${game.id}/${name}`);
    if (okText) flash(okText, false);
    return res;
  } catch (e) {
    flash(e.message, true);
    return null;
  }
}
$('btn-undo').addEventListener('click', async () => {
  const s = await action('undo');
  if (s) { cg.setAutoShapes([]); render(s); }
});
$('btn-hint').addEventListener('click', async () => {
  flash(t('LookingForMove'), false);
  const h = await action('hint');
  if (h) {
    cg.setAutoShapes([{ orig: h.from, dest: h.to, brush: 'blue' }]);
    const key = h.book ? 'HintBook' : h.score ? 'HintScore' : 'HintPlain';
    flash(t(key, { move: h.san, score: h.score || '' }), false);
  }
});
$('btn-resign').addEventListener('click', async () => {
  if (!confirm(t('ResignConfirm'))) return;
  const s = await action('resign');
  if (s) render(s);
});
$('btn-draw').addEventListener('click', async () => {
  if (!game || !game.draw_offered) flash(t('YouOfferDraw'), false);
  const d = await action('draw');
  if (d) { render(d.game); flash(tx(d.text), !d.accepted); }
});
$('btn-fen').addEventListener('click', async () => {
  if (!game) return;
  const ply = current();
  const fen = ply === 0 ? game.start_fen : game.moves[ply - 1].fen;
  try {
    await navigator.clipboard.writeText(fen);
    flash(t('FenCopied'), false);
  } catch {
    prompt(t('CopyThisFen'), fen);
  }
});
$('btn-flip').addEventListener('click', flip);

// ---------- post-game analysis ----------
// The analysis shown belongs to this game as it stands (a move or an undo makes it stale).
function reviewFor(g) {
  return review && g && review.id === g.id && review.moves === g.moves.length ? review.data : null;
}
function drawReview() {
  const r = reviewFor(game);
  $('review').hidden = !r && !$('review-status').textContent;
  if (!r) { $('review-chart').replaceChildren(); $('review-sides').replaceChildren(); $('review-pgn').hidden = true; return; }
  drawChart($('review-chart'), r, current(), goTo);
  $('review-sides').replaceChildren(...sideLines(r.analysis).map((t) => {
    const li = document.createElement('li');
    li.textContent = t;
    return li;
  }));
  const url = URL.createObjectURL(new Blob([r.pgn], { type: 'application/x-chess-pgn' }));
  if ($('review-pgn').href.startsWith('blob:')) URL.revokeObjectURL($('review-pgn').href);
  $('review-pgn').href = url;
  $('review-pgn').setAttribute('download', `vidle-${game.id}-analysed.pgn`);
  $('review-pgn').hidden = false;
}
$('btn-analyse').addEventListener('click', async () => {
  if (!game) return;
  const id = game.id;
  const moves = game.moves.length;
  $('review-status').textContent = t('Analysing');
  $('btn-review-cancel').hidden = false;
  analysing = true;
  $('review').hidden = false;
  let data = null;
  let status = '';
  try {
    data = await api('POST', `/api/game/${id}/analyse`);
  } catch (e) {
    // A cancelled analysis leaves the page as it was; anything else is said.
    // The server words a failed analysis itself ("The analysis failed: …"); only a failure
    // without its words (the server unreachable) gets the lead here.
    if (e.code !== 'analysis_cancelled') status = e.text ? e.message : t('AnalysisFailedWhy', { why: e.message });
  }
  analysing = false;
  $('review-status').textContent = status;
  $('btn-review-cancel').hidden = true;
  if (data) review = { id, moves, data };
  if (game && game.id === id) { drawMoves(); drawReview(); }
});
// Stops the server's analysis; the request above then ends as cancelled.
$('btn-review-cancel').addEventListener('click', () => {
  if (game) api('POST', `/api/game/${game.id}/analyse/cancel`).catch((e) => flash(e.message, true));
});
// A game shown anew (a reload, a link) brings its last analysis back when the server says it
// has one (`analysed`), so a game never analysed costs no request.
async function loadReview(id, moves) {
  try {
    const data = await api('GET', `/api/game/${id}/analysis`);
    review = { id, moves, data };
    if (game && game.id === id) { drawMoves(); drawReview(); }
  } catch { /* 404: the game moved on since the state said so */ }
}
$('sound').checked = sound.soundOn();
$('sound').addEventListener('change', (e) => sound.setSoundOn(e.target.checked));
function flip() {
  orientation = orientation === 'white' ? 'black' : 'white';
  clocks.setBottom(orientation);
  if (game) { drawBoard(); drawPlayers(); }
  const top = orientation === 'white' ? 'black' : 'white';
  $('evalbar').classList.toggle('flipped', top === 'white');
}
cg.state.events.change = () => cg.setAutoShapes([]);

$('san-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const text = $('san-input').value.trim();
  if (!text || !game) return;
  $('san-input').value = '';
  if (variation.on(game)) variation.play(text); // after the game: into a variation
  else sendMove({ move: text });
});

// ---------- new game ----------
function openNewGame(start, setup) {
  $('new-error').textContent = '';
  if (start) $('new-start').value = start;
  if (setup !== undefined) $('new-setup').value = setup;
  syncSetupBox();
  $('dlg-new').showModal();
}
function syncSetupBox() {
  const s = $('new-start').value;
  $('new-setup').hidden = !(s === 'fen' || s === 'pgn');
  $('new-setup').placeholder = s === 'pgn' ? t('PastePgn') : t('PasteFen', { example: '8/P7/8/8/8/8/8/k6K w - - 0 1' });
}
$('new-start').addEventListener('change', syncSetupBox);
$('btn-new').addEventListener('click', () => openNewGame());
$('btn-paste').addEventListener('click', async () => {
  let text = '';
  try { text = await navigator.clipboard.readText(); } catch { /* no permission: paste by hand */ }
  const looksPgn = /\d+\.\s*\S|\[\w+ "/.test(text);
  openNewGame(looksPgn ? 'pgn' : 'fen', text);
});
$('new-cancel').addEventListener('click', () => $('dlg-new').close());
$('new-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const f = new FormData($('new-form'));
  const start = f.get('start');
  const body = { color: f.get('color'), level: f.get('level'), time_control: f.get('time_control'), start };
  if (start === 'fen') body.fen = f.get('setup');
  if (start === 'pgn') body.pgn = f.get('setup');
  if (movetimeParam) body.movetime_ms = movetimeParam;
  try {
    const state = await api('POST', '/api/game', body);
    mygames.remember(state.id);
    $('dlg-new').close();
    cg.setAutoShapes([]);
    clearInfo();
    if (state.human !== orientation) flip();
    localStorage.setItem('vidle.newgame', JSON.stringify({ color: body.color, level: body.level, time_control: body.time_control }));
    render(state);
    flash(start === 'pgn' ? t('GameLoaded') : t('GoodLuck'), false);
  } catch (err) {
    $('new-error').textContent = err.message;
  }
});

// ---------- keyboard ----------
document.addEventListener('keydown', (e) => {
  // Escape leaves a variation even from the move box (a dialog keeps its own Escape).
  if (e.key === 'Escape' && !e.target.closest('dialog') && variation.back()) { e.preventDefault(); return; }
  if (e.target.closest('input, textarea, select, dialog') || e.ctrlKey || e.metaKey || e.altKey) return;
  const keys = {
    ArrowLeft: prev, ArrowRight: next, Home: first, End: last,
    f: flip, n: () => openNewGame(), u: () => $('btn-undo').click(), h: () => $('btn-hint').click(),
  };
  const k = keys[e.key];
  if (k && game) { e.preventDefault(); k(); }
  else if (/^[a-hKQRBNO0-9]$/.test(e.key) && !$('san-input').disabled) $('san-input').focus();
});

// ---------- start ----------
themes.setup();
new ResizeObserver(() => cg.redrawAll()).observe($('board'));

// The language: chosen with the EN/CS switch (remembered), else the browser's.
async function setLanguage(code) {
  try { await i18n.load(code); } catch { return; /* the server's words are not reachable: keep these */ }
  i18n.translatePage();
  drawEvalToggle();
  for (const c of ['en', 'cs']) $(`lang-${c}`).setAttribute('aria-pressed', String(c === i18n.language()));
  syncSetupBox();
  if (game) render(game);
}
for (const c of ['en', 'cs']) {
  $(`lang-${c}`).addEventListener('click', () => {
    localStorage.setItem('vidle.lang', c);
    setLanguage(c);
  });
}

mygames.setup(async (id) => {
  try {
    const state = await api('GET', `/api/game/${id}`);
    cg.setAutoShapes([]);
    clearInfo();
    if (state.human !== orientation) flip();
    render(state);
  } catch (err) {
    flash(err.message, true);
  }
});

(async function start() {
  await setLanguage(i18n.preferred());
  mygames.openIfAsked();
  const saved = JSON.parse(localStorage.getItem('vidle.newgame') || '{}');
  for (const r of document.querySelectorAll('input[name=color]')) r.checked = r.value === (saved.color || 'white');
  if (saved.level) $('new-level').value = saved.level;
  if (saved.time_control !== undefined) $('new-tc').value = saved.time_control;
  const id = params.get('game') || sessionStorage.getItem('vidle.game');
  if (id) {
    try { render(await api('GET', `/api/game/${id}`)); return; } catch { /* gone: start afresh */ }
  }
  try {
    const body = { color: 'white', level: saved.level || 'club' };
    if (movetimeParam) body.movetime_ms = movetimeParam;
    const state = await api('POST', '/api/game', body);
    mygames.remember(state.id);
    render(state);
  } catch (e) {
    flash(t('NoServer', { why: e.message }), true);
  }
})();
