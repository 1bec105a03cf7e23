// The analysis board: once a game has ended, a move made on the board from any position of it
// starts a variation, a side line shown under the move list and stepped through like the game.
// The server checks every move and says what may be played next (POST /api/game/{id}/variation:
// the SAN of each move, the legal moves of the position reached, how it ends, and on request a
// short search of it for the evaluation bar); this file keeps the line and draws it. During the
// game none of it is offered (the server refuses it too): it would give the game away.

import { t, tx } from '/i18n.js';

let hooks = null;      // what app.js lends: see setup()
let line = null;       // { ply, startFen, moves: [{san, uci, from, to, fen}], view, active }
const answers = new Map();   // position key -> the server's answer for it (legal moves, end)
const evals = new Map();     // position key -> the short search's info (null: none to be had)
const asking = new Set();    // position keys asked for now
let evalAsked = null;        // the key whose search runs now (one at a time: the game's slot)
let timer = null;
let gameKey = null;          // the game (id and length) the line and the answers belong to

// `hooks`: api(method, path, body), game(), mainPly(), redraw(), backTo(ply), flash(text, bad),
// askPromotion(orig, dest, color, done(role)), showEval(info | null | undefined (asked for),
// ended | null),
// restoreInfo(), moveLabel(i).
export function setup(h) { hooks = h; }

const keyOf = (ply, moves) => `${ply}:${moves.join(' ')}`;
const turnOf = (fen) => (fen.split(' ')[1] === 'b' ? 'black' : 'white');

// Forgets the line and the answers when the page shows another game or the game changed.
function follow(game) {
  const k = `${game.id}:${game.moves.length}`;
  if (k === gameKey) return;
  gameKey = k;
  line = null;
  answers.clear();
  evals.clear();
}

/** Whether the board is an analysis board: the game has ended. */
export function on(game) {
  return !!game && game.phase === 'over';
}

/** Whether the board shows the variation (rather than the game's moves). */
export function active() {
  return !!line && line.active;
}

// The position the board shows on the analysis board: the variation's or the game's.
function shown(game) {
  if (line && line.active) {
    const moves = line.moves.slice(0, line.view).map((m) => m.uci);
    const fen = line.view === 0 ? line.startFen : line.moves[line.view - 1].fen;
    const m = line.view === 0 ? (line.ply > 0 ? game.moves[line.ply - 1] : null) : line.moves[line.view - 1];
    return { ply: line.ply, moves, fen, last: m ? [m.from, m.to] : undefined, key: keyOf(line.ply, moves) };
  }
  const ply = hooks.mainPly();
  const fen = ply === 0 ? game.start_fen : game.moves[ply - 1].fen;
  const m = ply > 0 ? game.moves[ply - 1] : null;
  return { ply, moves: [], fen, last: m ? [m.from, m.to] : undefined, key: keyOf(ply, []) };
}

/**
 * What the board shows after the game: the position, its legal moves (once the server has
 * answered for it) and the line under the board. Null while the game is on.
 */
export function board(game) {
  if (!on(game)) return null;
  follow(game);
  const s = shown(game);
  const a = answers.get(s.key);
  const turn = turnOf(s.fen);
  const dests = new Map(a && !a.ended ? Object.entries(a.dests) : []);
  soon();
  if (line && line.active) {
    if (a && a.ended) hooks.showEval(null, a.ended);
    else hooks.showEval(evals.get(s.key), null);
  }
  return {
    fen: s.fen,
    last: s.last,
    turn,
    check: a && a.check ? turn : false,
    color: dests.size ? turn : undefined,
    dests,
    viewing: line && line.active ? viewingText() : null,
  };
}

function viewingText() {
  const touch = window.matchMedia('(pointer: coarse)').matches;
  if (line.ply === 0) return t(touch ? 'ViewingVariationStartTouch' : 'ViewingVariationStart');
  return t(touch ? 'ViewingVariationTouch' : 'ViewingVariation', { move: hooks.moveLabel(line.ply - 1) });
}

// Asks, a moment after the board settles (stepping with a held key asks once), for the legal
// moves of the position shown and, in the variation, for its search.
function soon() {
  clearTimeout(timer);
  timer = setTimeout(ask, 150);
}

function ask() {
  const game = hooks.game();
  if (!on(game)) return;
  const s = shown(game);
  const id = game.id;
  if (!answers.has(s.key) && !asking.has(s.key)) {
    asking.add(s.key);
    hooks.api('POST', `/api/game/${id}/variation`, { ply: s.ply, moves: s.moves })
      .then((a) => { if (hooks.game()?.id === id) { answers.set(s.key, a); redrawIf(s.key); } })
      .catch(() => { /* the board stays without moves; a later step asks again */ })
      .finally(() => asking.delete(s.key));
  }
  const a = answers.get(s.key);
  if (line && line.active && !evals.has(s.key) && evalAsked === null && !(a && a.ended)) {
    evalAsked = s.key;
    hooks.api('POST', `/api/game/${id}/variation`, { ply: s.ply, moves: s.moves, eval: true })
      .then((r) => {
        if (hooks.game()?.id !== id) return;
        answers.set(s.key, r);
        evals.set(s.key, r.eval);
        redrawIf(s.key);
      })
      .catch(() => { if (hooks.game()?.id === id) { evals.set(s.key, null); redrawIf(s.key); } })
      .finally(() => { evalAsked = null; if (hooks.game()?.id === id) soon(); });
  }
}

function redrawIf(key) {
  const game = hooks.game();
  if (on(game) && shown(game).key === key) hooks.redraw();
}

/** What each side has taken in the position shown after the game, once the server has said. */
export function material(game) {
  if (!on(game)) return null;
  const a = answers.get(shown(game).key);
  return a ? { captured: a.captured, material: a.material } : null;
}

/** A move made on the analysis board (from the board: squares; promotions are asked for). */
export function move(orig, dest) {
  const game = hooks.game();
  const a = answers.get(shown(game).key);
  const promos = a && a.promotions[orig];
  if (promos && promos.includes(dest)) {
    hooks.askPromotion(orig, dest, turnOf(shown(game).fen), (role) => play(orig + dest + role));
    return;
  }
  play(orig + dest);
}

/**
 * Plays `text` (UCI or SAN) from the position shown: it extends the variation shown, cuts it
 * there when it was stepped back, or starts a new one from the game's position, replacing the
 * one before.
 */
export async function play(text) {
  const game = hooks.game();
  if (!on(game)) return;
  const s = shown(game);
  if (line && line.active && line.moves[line.view]?.uci === text) {
    line.view += 1; // the variation's own next move: just step on
    hooks.redraw();
    return;
  }
  try {
    const a = await hooks.api('POST', `/api/game/${game.id}/variation`, { ply: s.ply, moves: [...s.moves, text] });
    if (hooks.game()?.id !== game.id) return;
    line = { ply: a.ply, startFen: a.start_fen, moves: a.moves, view: a.moves.length, active: true };
    answers.set(keyOf(a.ply, a.moves.map((m) => m.uci)), a);
  } catch (e) {
    hooks.flash(e.message, true);
  }
  hooks.redraw();
}

/** Steps through the variation shown; false when the board shows the game (app.js steps it). */
export function step(delta) {
  if (!line || !line.active) return false;
  const view = line.view + delta;
  if (view < 0) back();
  else { line.view = Math.min(view, line.moves.length); hooks.redraw(); }
  return true;
}

/** Goes to the variation's start (`first`) or end; false when the board shows the game. */
export function jump(first) {
  if (!line || !line.active) return false;
  line.view = first ? 0 : line.moves.length;
  hooks.redraw();
  return true;
}

/** Back to the game's moves, at the position the variation left it. */
export function back() {
  if (!line || !line.active) return false;
  line.active = false;
  hooks.restoreInfo();
  hooks.backTo(line.ply);
  return true;
}

/** The game's moves are shown again (a click on one of them): the variation stays listed. */
export function leave() {
  if (line && line.active) {
    line.active = false;
    hooks.restoreInfo();
  }
}

function enter(view) {
  line.active = true;
  line.view = view;
  hooks.redraw();
}

/** The variation under the move list: its moves numbered from where it leaves the game. */
export function drawList(box) {
  const game = hooks.game();
  if (!on(game)) { box.hidden = true; return; }
  follow(game);
  box.hidden = false;
  if (!line) {
    const note = document.createElement('p');
    note.className = 'variation-note';
    note.textContent = t('TryVariation');
    box.replaceChildren(note);
    return;
  }
  const head = document.createElement('span');
  head.className = 'variation-label';
  head.textContent = `${t('Variation')}:`;
  const moves = document.createElement('span');
  moves.className = 'variation-moves';
  const [, side, , , , full] = line.startFen.split(' ');
  let no = Number(full) || 1;
  let black = side === 'b';
  line.moves.forEach((m, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'mv';
    const num = !black ? `${no}. ` : i === 0 ? `${no}… ` : '';
    b.textContent = num + m.san;
    if (line.active && line.view === i + 1) b.classList.add('current');
    b.addEventListener('click', () => enter(i + 1));
    if (i > 0) moves.append(' ');
    moves.append(b);
    if (black) no += 1;
    black = !black;
  });
  const parts = [head, moves];
  const a = answers.get(keyOf(line.ply, line.moves.map((m) => m.uci)));
  if (a && a.ended) {
    const end = document.createElement('span');
    end.className = 'variation-end';
    end.textContent = `${a.ended.result.replace('1/2-1/2', '½-½')} · ${tx(a.ended.reason_text)}`;
    parts.push(end);
  }
  const backBtn = document.createElement('button');
  backBtn.type = 'button';
  backBtn.id = 'btn-back-game';
  backBtn.className = 'variation-back';
  backBtn.textContent = t('BackToGame');
  backBtn.title = t('BackToGameTip');
  backBtn.hidden = !line.active;
  backBtn.addEventListener('click', back);
  parts.push(backBtn);
  box.replaceChildren(...parts);
  box.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
}
