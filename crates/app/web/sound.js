// Move sounds, synthesised with WebAudio at play time: no sound files, nothing to license (our
// own code, GPL-3.0-or-later like the rest). Off unless the switch is on; the choice is kept in
// localStorage ('vidle.sound').

let ctx = null;

// Each sound: tones of [frequency Hz, start s, length s, peak gain].
const SOUNDS = {
  move: [[520, 0, 0.07, 0.25]],
  capture: [[330, 0, 0.06, 0.3], [220, 0.05, 0.09, 0.3]],
  check: [[880, 0, 0.08, 0.2], [1175, 0.09, 0.1, 0.2]],
  end: [[523, 0, 0.15, 0.2], [659, 0.15, 0.15, 0.2], [784, 0.3, 0.3, 0.2]],
};

export function soundOn() {
  return localStorage.getItem('vidle.sound') === 'on';
}

export function setSoundOn(on) {
  localStorage.setItem('vidle.sound', on ? 'on' : 'off');
}

export function play(kind) {
  const tones = SOUNDS[kind];
  if (!tones || !soundOn()) return;
  try {
    ctx = ctx || new AudioContext();
    const t0 = ctx.currentTime;
    for (const [freq, start, len, peak] of tones) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'triangle';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0, t0 + start);
      gain.gain.linearRampToValueAtTime(peak, t0 + start + 0.005);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + start);
      osc.stop(t0 + start + len + 0.02);
    }
  } catch { /* no audio on this browser: stay silent */ }
}

// The sound for a move in SAN, or for the end of the game.
export function kindOf(san, over) {
  if (over) return 'end';
  if (san.includes('+') || san.includes('#')) return 'check';
  return san.includes('x') ? 'capture' : 'move';
}
