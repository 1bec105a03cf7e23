// The players' clocks: the times the server sent, counted down in the page between its states
// (the server keeps the real clocks; each state it sends sets these again).

const $ = (id) => document.getElementById(id);
let base = null;       // { white_ms, black_ms, running, at }
let bottom = 'white';  // the side whose clock is under the board

function fmt(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000);
  const m = Math.floor(s / 60);
  if (ms < 20000) return `${m}:${String(s % 60).padStart(2, '0')}.${Math.floor((ms % 1000) / 100)}`;
  if (m >= 60) return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}

/** Shows the game's clock (`null`: a game without one hides both). */
export function show(clock) {
  $('clock-top').hidden = !clock;
  $('clock-bottom').hidden = !clock;
  base = clock ? { ...clock, at: performance.now() } : null;
  tick();
}

/** The board was turned: `color` is now at the bottom. */
export function setBottom(color) {
  bottom = color;
  tick();
}

function tick() {
  if (!base) return;
  const elapsed = performance.now() - base.at;
  const left = (color) => base[`${color}_ms`] - (base.running === color ? elapsed : 0);
  const top = bottom === 'white' ? 'black' : 'white';
  for (const [pos, color] of [['top', top], ['bottom', bottom]]) {
    const el = $(`clock-${pos}`);
    const ms = left(color);
    el.textContent = fmt(ms);
    el.classList.toggle('running', base.running === color);
    el.classList.toggle('low', ms < 20000);
  }
}
setInterval(tick, 100);
