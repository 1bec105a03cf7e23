// What the trainer pages (/practice, /mistakes) share: the board (brown, as on the play page,
// the player's legal moves as chessground's destinations, a pawn reaching the last rank
// promoting to a queen), the language switch, and a JSON request whose error is worded in the
// page's language.

import { Chessground } from '/vendor/chessground/chessground.min.js';
import * as i18n from '/i18n.js';

const { tx } = i18n;

// A JSON request; an error answer becomes an Error with the server's text.
export async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const e = data.error || {};
    throw new Error(e.text ? tx(e.text) : (e.message || `HTTP ${res.status}`));
  }
  return data;
}

// The page's board (#board), painted brown, calling onMove(orig, dest) after each move the
// player makes on it.
export function trainerBoard(onMove) {
  brownBoard();
  const cg = Chessground(document.getElementById('board'), {
    coordinates: true,
    animation: { enabled: true, duration: 180 },
    highlight: { lastMove: true, check: true },
    movable: { free: false, showDests: true, events: { after: onMove } },
    premovable: { enabled: false },
    drawable: { enabled: true },
  });
  window.vidleBoard = cg; // for the end-to-end tests, as on the play page
  return cg;
}

// The move (UCI) from orig to dest among the legal ones: a pawn reaching the last rank becomes
// a queen.
export function uciMove(legal, orig, dest) {
  return legal.includes(orig + dest + 'q') ? orig + dest + 'q' : orig + dest;
}

// Wires the EN/CS buttons (#lang-en, #lang-cs): each loads its catalogue, translates the page,
// sets the title from the catalogue's titleKey and calls render. Returns the start-up load of
// the ?lang= language, or the browser's.
export function languageSwitch(titleKey, render) {
  async function setLanguage(code) {
    await i18n.load(code);
    localStorage.setItem('vidle.lang', code);
    i18n.translatePage();
    document.title = i18n.t(titleKey);
    render();
  }
  document.getElementById('lang-en').addEventListener('click', () => setLanguage('en'));
  document.getElementById('lang-cs').addEventListener('click', () => setLanguage('cs'));
  return setLanguage(new URLSearchParams(location.search).get('lang') || i18n.preferred());
}

// Paints the board's squares brown (the play page's default theme; its others are chosen there).
function brownBoard(light = '#f0d9b5', dark = '#b58863') {
  let rects = '';
  for (let r = 0; r < 8; r++) for (let f = 0; f < 8; f++) {
    if ((r + f) % 2 === 1) rects += `<rect x="${f}" y="${r}" width="1" height="1"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" shape-rendering="crispEdges">` +
    `<rect width="8" height="8" fill="${light}"/><g fill="${dark}">${rects}</g></svg>`;
  document.documentElement.style.setProperty('--board-image', `url("data:image/svg+xml;base64,${btoa(svg)}")`);
}

// The player's moves (UCI) as chessground's destinations.
export function dests(legal) {
  const m = new Map();
  for (const u of legal) {
    const from = u.slice(0, 2), to = u.slice(2, 4);
    if (!m.has(from)) m.set(from, []);
    if (!m.get(from).includes(to)) m.get(from).push(to);
  }
  return m;
}
