// Sounds made here with WebAudio (no files): a move, a capture, a check, your turn, low time,
// the end of a game, and a refused move. Muted with the speaker button in the header; the
// choice is kept in the browser.

const KEY = 'tabula:mute';
/** @type {AudioContext | null} made at the first touch of the page, see context() */
let ctx = null;

/** Whether the sound is off in this browser. */
export function muted() { return localStorage.getItem(KEY) === '1'; }
/** @param {boolean} on */
export function setMuted(on) { localStorage.setItem(KEY, on ? '1' : '0'); }

// Browsers allow sound only after the page was touched: the context is made then.
function context() {
  if (!ctx) {
    // older Safari has it under its prefixed name only
    const AC = window.AudioContext || /** @type {Window & { webkitAudioContext?: typeof AudioContext }} */ (window).webkitAudioContext;
    if (!AC) return null;
    ctx = new AC();
  }
  if (ctx.state === 'suspended') ctx.resume();
  return ctx;
}
for (const ev of ['pointerdown', 'keydown']) window.addEventListener(ev, () => { if (!muted()) context(); }, { once: true, capture: true });

/**
 * A tone: frequency (Hz), start offset and length (s), wave shape and loudness.
 * @param {AudioContext} ac
 * @param {number} freq
 * @param {number} at
 * @param {number} length
 * @param {OscillatorType} [type]
 * @param {number} [gain]
 */
function tone(ac, freq, at, length, type = 'sine', gain = 0.18) {
  const o = ac.createOscillator();
  const g = ac.createGain();
  o.type = type;
  o.frequency.value = freq;
  const t0 = ac.currentTime + at;
  g.gain.setValueAtTime(0, t0);
  g.gain.linearRampToValueAtTime(gain, t0 + 0.008);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  o.connect(g).connect(ac.destination);
  o.start(t0);
  o.stop(t0 + length + 0.02);
}

/**
 * A knock of filtered noise: what a piece put on a wooden board sounds like.
 * @param {AudioContext} ac
 * @param {number} at start offset (s)
 * @param {number} freq the band's centre (Hz)
 * @param {number} length (s)
 * @param {number} gain
 */
function knock(ac, at, freq, length, gain) {
  const n = Math.floor(ac.sampleRate * length);
  const buf = ac.createBuffer(1, n, ac.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < n; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / n) ** 3;
  const src = ac.createBufferSource();
  src.buffer = buf;
  const filter = ac.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = freq;
  filter.Q.value = 1.4;
  const g = ac.createGain();
  g.gain.value = gain;
  src.connect(filter).connect(g).connect(ac.destination);
  src.start(ac.currentTime + at);
}

/** @satisfies {Record<string, (ac: AudioContext) => void>} */
const SOUNDS = {
  move: (ac) => knock(ac, 0, 1500, 0.06, 1.4),
  capture: (ac) => { knock(ac, 0, 700, 0.1, 2.2); tone(ac, 140, 0, 0.09, 'sine', 0.2); },
  check: (ac) => { tone(ac, 660, 0, 0.12, 'triangle'); tone(ac, 880, 0.12, 0.16, 'triangle'); },
  turn: (ac) => tone(ac, 988, 0, 0.22, 'sine', 0.12),
  lowtime: (ac) => { tone(ac, 1200, 0, 0.07, 'square', 0.06); tone(ac, 1200, 0.14, 0.07, 'square', 0.06); },
  end: (ac) => { tone(ac, 523, 0, 0.5); tone(ac, 659, 0.12, 0.5); tone(ac, 784, 0.24, 0.7); },
  refuse: (ac) => tone(ac, 180, 0, 0.14, 'sawtooth', 0.05),
};

/** @typedef {keyof typeof SOUNDS} SoundName a sound `play` knows */

/** The page's hooks for the browser tests. */
const testHooks = /** @type {Window & { tabulaSounds?: string[] }} */ (window);

/**
 * Plays a named sound, unless muted. The last ones are listed on `window.tabulaSounds` (for
 * the browser tests, which cannot hear).
 * @param {SoundName} name
 */
export function play(name) {
  const played = (testHooks.tabulaSounds ||= []);
  played.push(name);
  if (played.length > 50) played.shift();
  if (muted()) return;
  const ac = context();
  if (!ac || !SOUNDS[name]) return;
  try { SOUNDS[name](ac); } catch { /* a browser without WebAudio plays nothing */ }
}
