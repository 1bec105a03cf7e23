// The board's colours and the piece style the player picked (remembered in the browser): the
// board is drawn as an SVG of the chosen colours, the pieces by a class on the body.

const $ = (id) => document.getElementById(id);

const BOARD_THEMES = {
  brown: ['#f0d9b5', '#b58863'],
  blue: ['#dee3e6', '#8ca2ad'],
  green: ['#ffffdd', '#86a666'],
  grey: ['#dcdcdc', '#a9a9a9'],
  purple: ['#e9e2f3', '#9f90b0'],
};

function applyBoardTheme(name) {
  const [light, dark] = BOARD_THEMES[name] || BOARD_THEMES.brown;
  let rects = '';
  for (let r = 0; r < 8; r++) for (let f = 0; f < 8; f++) {
    if ((r + f) % 2 === 1) rects += `<rect x="${f}" y="${r}" width="1" height="1"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" shape-rendering="crispEdges">` +
    `<rect width="8" height="8" fill="${light}"/><g fill="${dark}">${rects}</g></svg>`;
  const root = document.documentElement.style;
  root.setProperty('--board-image', `url("data:image/svg+xml;base64,${btoa(svg)}")`);
  root.setProperty('--sq-light', light);
  root.setProperty('--sq-dark', dark);
  localStorage.setItem('vidle.board', name);
  $('sel-board').value = name;
}
function applyPieceStyle(name) {
  document.body.dataset.pieces = name;
  localStorage.setItem('vidle.pieces', name);
  $('sel-pieces').value = name;
}

/** Applies the remembered choices and follows the two pickers of the top bar. */
export function setup() {
  $('sel-board').addEventListener('change', (e) => applyBoardTheme(e.target.value));
  $('sel-pieces').addEventListener('change', (e) => applyPieceStyle(e.target.value));
  applyBoardTheme(localStorage.getItem('vidle.board') || 'brown');
  applyPieceStyle(localStorage.getItem('vidle.pieces') || 'classic');
}
