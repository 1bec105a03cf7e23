// The opening explorer beside the board: the book's moves for the position shown, with their
// weights, shares and how many book moves follow each (GET /api/book?fen=). The server does the
// looking up (src/explorer.rs); this file only lists what it answers. A click on a move plays it
// when it is the player's turn on the live position, else shows it as an arrow on the board.

import { t } from '/i18n.js';

const cache = new Map();
let shownFen = null;

async function lookUp(fen) {
  if (cache.has(fen)) return cache.get(fen);
  const res = await fetch(`/api/book?fen=${encodeURIComponent(fen)}`);
  if (!res.ok) return null;
  const data = await res.json();
  if (cache.size > 200) cache.clear();
  cache.set(fen, data);
  return data;
}

// Lists the book moves of `fen` in `panel`; `canPlay` says whether a click plays the move
// (`play(san)`) or only shows it (`show(from, to)`). The panel is hidden where the book has
// nothing to say.
export async function drawExplorer(panel, fen, canPlay, play, show) {
  shownFen = fen;
  let data = null;
  try { data = await lookUp(fen); } catch { /* the server is away: no panel */ }
  if (shownFen !== fen) return; // the board moved on while we asked
  const moves = (data && data.moves) || [];
  panel.hidden = moves.length === 0;
  if (!moves.length) return;
  const head = document.createElement('h3');
  head.textContent = t('ExplorerTitle');
  const learn = moves.some((m) => m.learn !== null && m.learn !== undefined);
  const table = document.createElement('table');
  table.className = 'book-moves';
  const cols = [t('ExplorerMove'), t('ExplorerWeight'), t('ExplorerShare')];
  if (learn) cols.push(t('ExplorerLearn'));
  cols.push(t('ExplorerNext'));
  const hr = document.createElement('tr');
  for (const c of cols) {
    const th = document.createElement('th');
    th.textContent = c;
    hr.append(th);
  }
  table.append(hr);
  for (const m of moves) {
    const tr = document.createElement('tr');
    const cells = [m.san, String(m.weight), `${m.share.toFixed(1)} %`];
    if (learn) cells.push(m.learn === null || m.learn === undefined ? '–' : String(m.learn));
    cells.push(String(m.continuations));
    for (const c of cells) {
      const td = document.createElement('td');
      td.textContent = c;
      tr.append(td);
    }
    // The share as a bar behind its number.
    const pct = Math.round(m.share);
    tr.cells[2].style.background = `linear-gradient(to right, var(--book-bar) ${pct}%, transparent ${pct}%)`;
    tr.tabIndex = 0;
    tr.title = `${canPlay ? t('ExplorerPlayTip') : t('ExplorerShowTip')} · ${t('ExplorerNextTip', { n: String(m.continuations) })}`;
    const pick = () => (canPlay ? play(m.san) : show(m.from, m.to));
    tr.addEventListener('click', pick);
    tr.addEventListener('keydown', (e) => { if (e.key === 'Enter') pick(); });
    tr.addEventListener('mouseenter', () => show(m.from, m.to));
    tr.addEventListener('mouseleave', () => show(null, null));
    table.append(tr);
  }
  panel.replaceChildren(head, table);
}
