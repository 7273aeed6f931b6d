// Piece and token drawings, as SVG symbols on a 100x100 canvas, defined once per page.

const SHAPES = {
  P: `<circle cx="50" cy="30" r="13"/><path d="M37 44h26l-5 9 9 21H33l9-21z"/><rect x="25" y="74" width="50" height="11" rx="3"/>`,
  R: `<path d="M27 18h11v9h6v-9h12v9h6v-9h11v19l-7 6v25l7 6v6H27v-6l7-6V43l-7-6z"/><rect x="23" y="79" width="54" height="9" rx="3"/>`,
  N: `<path d="M30 86h46v-9c0-17-6-31-15-42-5-6-9-12-15-16l-4 9c-9 3-15 9-19 17l-5 10c-1 5 3 8 7 6l9-4c5-2 9-2 11 2-7 9-13 17-15 27z"/>`,
  B: `<circle cx="50" cy="13" r="6"/><path d="M50 19c11 9 19 20 19 32 0 10-8 17-19 17s-19-7-19-17c0-12 8-23 19-32z"/><rect x="36" y="66" width="28" height="7" rx="2"/><path d="M27 87h46l-7-14H34z"/>`,
  Q: `<circle cx="22" cy="33" r="5"/><circle cx="37" cy="24" r="5"/><circle cx="50" cy="19" r="5"/><circle cx="63" cy="24" r="5"/><circle cx="78" cy="33" r="5"/><path d="M23 37l9 35h36l9-35-14 17-6-28-7 27-7-27-6 28z"/><rect x="27" y="72" width="46" height="7" rx="2"/><rect x="23" y="80" width="54" height="8" rx="3"/>`,
  K: `<rect x="46.5" y="6" width="7" height="20" rx="1"/><rect x="40" y="11" width="20" height="7" rx="1"/><path d="M28 38c4-12 40-12 44 0l-7 34H35z"/><rect x="31" y="72" width="38" height="7" rx="2"/><rect x="23" y="80" width="54" height="8" rx="3"/>`,
};
/** @typedef {keyof typeof SHAPES} Shape a piece's letter: P R N B Q K */
/** @type {Partial<Record<Shape, string>>} what is drawn over a shape in the detail colour */
const DETAILS = {
  N: `<circle cx="47" cy="33" r="3"/>`,
  B: `<path d="M55 31l-10 13" stroke-width="4" fill="none"/>`,
};

const STYLES = {
  w: { fill: '#fbf7ef', stroke: '#2b2118', detail: '#2b2118' },
  b: { fill: '#2f2a26', stroke: '#0d0b0a', detail: '#fbf7ef' },
  wood: { fill: '#e2b97f', stroke: '#5b3a1a', detail: '#5b3a1a' },
  ghost: { fill: '#cfc5b8', stroke: '#8a7e70', detail: '#8a7e70' },
};

/**
 * A piece's symbol: `shape` in `style`'s colours, shrunk about the centre by `scale`.
 * @param {string} id
 * @param {Shape} shape
 * @param {keyof typeof STYLES} style
 * @param {number} [scale]
 */
function piece(id, shape, style, scale = 1) {
  const s = STYLES[style];
  const t = scale === 1 ? '' : ` transform="translate(${50 - 50 * scale} ${50 - 50 * scale}) scale(${scale})"`;
  const detail = DETAILS[shape] ? `<g stroke="${s.detail}" fill="${s.detail}">${DETAILS[shape]}</g>` : '';
  return `<symbol id="${id}" viewBox="0 0 100 100"><g${t} fill="${s.fill}" stroke="${s.stroke}" stroke-width="3" stroke-linejoin="round">${SHAPES[shape]}${detail}</g></symbol>`;
}

/**
 * A round token's symbol: a disc of `fill` with a `ring`, and `inner` drawn on it.
 * @param {string} id
 * @param {string} fill
 * @param {string} [inner]
 * @param {string} [ring]
 */
function disc(id, fill, inner = '', ring = '#00000040') {
  return `<symbol id="${id}" viewBox="0 0 100 100"><circle cx="50" cy="50" r="40" fill="${fill}" stroke="${ring}" stroke-width="4"/>${inner}</symbol>`;
}

const COLORS = { b: '#2f6fd6', r: '#d64a3a', g: '#3a9d5d' };

export function installSymbols() {
  if (document.getElementById('tabula-symbols')) return;
  let out = '';
  for (const shape of /** @type {Shape[]} */ (Object.keys(SHAPES))) {
    out += piece(`w${shape}`, shape, 'w') + piece(`b${shape}`, shape, 'b') + piece(`wood${shape}`, shape, 'wood') + piece(`ghost${shape}`, shape, 'ghost');
    out += piece(`sm-w${shape}`, shape, 'w', 0.62) + piece(`sm-b${shape}`, shape, 'b', 0.62);
  }
  // Check Mates sliding tokens: colours and the three-coloured joker
  for (const [c, fill] of Object.entries(COLORS)) out += disc(`tok-${c}`, fill);
  out += `<symbol id="tok-j" viewBox="0 0 100 100"><circle cx="50" cy="50" r="40" fill="${COLORS.b}"/><path d="M50 50L50 10A40 40 0 0 1 84.6 70Z" fill="${COLORS.r}"/><path d="M50 50L84.6 70A40 40 0 0 1 15.4 70Z" fill="${COLORS.g}"/><circle cx="50" cy="50" r="40" fill="none" stroke="#00000040" stroke-width="4"/><path d="M50 33l5 11 12 1-9 8 3 12-11-7-11 7 3-12-9-8 12-1z" fill="#fff"/></symbol>`;
  // Check Mates chess tokens: a round token with the piece on it; the king is gold
  for (const shape of ['R', 'N', 'Q']) {
    out += `<symbol id="tok-w${shape}" viewBox="0 0 100 100"><circle cx="50" cy="50" r="44" fill="#efe3cc" stroke="#a08a6a" stroke-width="3"/><use href="#sm-w${shape}"/></symbol>`;
    out += `<symbol id="tok-b${shape}" viewBox="0 0 100 100"><circle cx="50" cy="50" r="44" fill="#8a7560" stroke="#4a3a2a" stroke-width="3"/><use href="#sm-b${shape}"/></symbol>`;
  }
  out += `<symbol id="tok-K" viewBox="0 0 100 100"><circle cx="50" cy="50" r="44" fill="#e8c35a" stroke="#8a6a10" stroke-width="3"/><use href="#sm-wK"/></symbol>`;
  // task constraints: a colour, a piece of either colour, or any white / black piece
  for (const [c, fill] of Object.entries(COLORS)) out += disc(`need-${c}`, fill + '55', '', fill);
  for (const shape of ['R', 'N', 'Q']) out += `<symbol id="need-${shape}" viewBox="0 0 100 100"><use href="#ghost${shape}"/></symbol>`;
  out += disc('need-w', '#fbf7ef', '', '#2b2118') + disc('need-bk', '#2f2a26', '', '#0d0b0a');
  // Querni pieces: a blue or red disc (the number is drawn on top by the board)
  out += disc('q-blue', '#2f6fd6', '', '#00000055') + disc('q-red', '#d64a3a', '', '#00000055');
  const svg = `<svg id="tabula-symbols" xmlns="http://www.w3.org/2000/svg" style="position:absolute;width:0;height:0" aria-hidden="true"><defs>${out}</defs></svg>`;
  document.body.insertAdjacentHTML('afterbegin', svg);
}

/**
 * Symbol for a Check Mates board letter on a side; null for an empty square.
 * @param {string} side `sliding` or `chess`
 * @param {string} ch
 * @returns {string | null}
 */
export function tokenSymbol(side, ch) {
  if (ch === '.') return null;
  if (side === 'sliding') return `tok-${ch}`;
  if (ch === 'K') return 'tok-K';
  return ch === ch.toUpperCase() ? `tok-w${ch}` : `tok-b${ch.toUpperCase()}`;
}

/**
 * Symbol for a Check Mates task letter; null for a square that asks nothing.
 * @param {string} side `sliding` or `chess`
 * @param {string} ch
 * @returns {string | null}
 */
export function needSymbol(side, ch) {
  if (ch === '.') return null;
  if (side === 'sliding') return `need-${ch}`;
  if (ch === 'w') return 'need-w';
  if (ch === 'b') return 'need-bk';
  return `need-${ch}`;
}

/**
 * Symbol for a Royal Study piece letter (K Q R B N); null for an empty square.
 * @param {string} ch
 * @returns {string | null}
 */
export function royalSymbol(ch) { return ch === '.' ? null : `wood${ch}`; }

/**
 * Symbol for a chess FEN letter; null for an empty square (`.`).
 * @param {string} ch
 * @returns {string | null}
 */
export function chessSymbol(ch) { return ch === '.' ? null : (ch === ch.toUpperCase() ? `w${ch}` : `b${ch.toUpperCase()}`); }
