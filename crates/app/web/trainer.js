// What the trainer pages (/practice, /mistakes) share: the brown board of the play page, the
// player's legal moves as chessground's destinations, and a JSON request whose error is worded
// in the page's language.

import { tx } from '/i18n.js';

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

// Paints the board's squares brown (the play page's default theme; its others are chosen there).
export function brownBoard(light = '#f0d9b5', dark = '#b58863') {
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
