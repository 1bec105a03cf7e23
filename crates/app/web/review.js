// The post-game analysis on the page: the evaluation chart (an SVG drawn here), the per-side
// totals, and the marks of the move list. The server does the analysis
// (POST /api/game/{id}/analyse); this file only draws what it answers.

import { t } from '/i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
const W = 600;
const H = 120;

export const GLYPH = { inaccuracy: '?!', mistake: '?', blunder: '??' };

// The chart: White's winning chances (-1..1) of the start position and after every move (the
// server's `chart`); a click picks the nearest move (its ply, 0 for the start).
export function drawChart(svg, review, currentPly, onPick) {
  const { analysis, chart: values } = review;
  const n = Math.max(values.length - 1, 1);
  const x = (i) => (i / n) * W;
  const y = (v) => H / 2 - (v * H) / 2;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  const area = document.createElementNS(SVG, 'path');
  area.setAttribute('d', `M0,${H} L${points.join(' L')} L${W},${H} Z`);
  area.setAttribute('class', 'chart-white');
  const mid = document.createElementNS(SVG, 'line');
  for (const [k, v] of [['x1', 0], ['x2', W], ['y1', H / 2], ['y2', H / 2]]) mid.setAttribute(k, v);
  mid.setAttribute('class', 'chart-mid');
  const marks = analysis.moves.map((m, i) => {
    if (!m.judgement) return null;
    const c = document.createElementNS(SVG, 'circle');
    c.setAttribute('cx', x(i + 1));
    c.setAttribute('cy', y(m.win_chances));
    c.setAttribute('r', 4);
    c.setAttribute('class', `chart-mark ${m.judgement}`);
    c.setAttribute('data-ply', i + 1);
    return c;
  }).filter(Boolean);
  const cursor = document.createElementNS(SVG, 'line');
  const cx = x(Math.min(currentPly, n));
  for (const [k, v] of [['x1', cx], ['x2', cx], ['y1', 0], ['y2', H]]) cursor.setAttribute(k, v);
  cursor.setAttribute('class', 'chart-cursor');
  svg.replaceChildren(area, mid, cursor, ...marks);
  svg.onclick = (e) => {
    const box = svg.getBoundingClientRect();
    if (box.width <= 0) return;
    onPick(Math.round(((e.clientX - box.left) / box.width) * n));
  };
}

// One line per side: "White: 1 inaccuracy, 0 mistakes, 1 blunder, accuracy 83%", in the page's
// language, with the same counted messages (plural forms) as the terminal's summary.
export function sideLines(analysis) {
  const count = (key, n) => ({ key, args: { n: String(n) } });
  return ['white', 'black'].map((side) => {
    const s = analysis[side];
    const accuracy = s.accuracy === null ? t('NoMovesYet') : t('AccuracyPercent', { n: String(Math.round(s.accuracy)) });
    return t('SummarySide', {
      who: t(side === 'white' ? 'White' : 'Black'),
      inaccuracies: count('CountInaccuracies', s.inaccuracies),
      mistakes: count('CountMistakes', s.mistakes),
      blunders: count('CountBlunders', s.blunders),
      accuracy,
    });
  });
}
