// Every word the browser shows comes from a Fluent catalogue (web/i18n/<language>/*.ftl) through
// `t(key, args)`. Fluent (the @fluent/bundle library, web/vendor/) gives each language its own
// grammar: plural forms by the CLDR rules (1 ход, 2 хода, 5 ходов, 21 ход), cases chosen by a
// selector, word order inside whole sentences. Sentences are never put together from pieces
// here: a message takes named values (numbers, names, already translated words) and says the
// whole thing.
//
// The language is the one the player chose (kept in localStorage and a cookie, so the server
// knows it too), else the one the server negotiated from Accept-Language (the page's
// <html lang>), else the browser's, else English.
import { FluentBundle, FluentResource } from './vendor/fluent-bundle/index.js';

/** @typedef {import('./vendor/fluent-bundle/index.js').FluentVariable} FluentVariable */
/**
 * A value a message takes: a number (Fluent picks the plural form by it), words, a date, or a
 * list of them said as this language lists things; null and undefined are said as nothing.
 * @typedef {string | number | Date | null | undefined | Array<string | number>} TextArg
 */
/** @typedef {import('./types/protocol').End} End a QuickChess result in parts */
/** @typedef {import('./types/protocol').QuerniStatus} QuerniStatus where a Querni game stands */

/** The languages of the web app, each named in itself. */
export const LANGUAGES = [['en', 'English'], ['ru', 'Русский'], ['de', 'Deutsch']];
const CODES = LANGUAGES.map(([code]) => code);
const STORE = 'tabula:lang';
const COOKIE = 'tabula-lang';

/** The variants of QuickChess, in the booklet's order, as the home page offers them. */
export const VARIANTS = ['power-pawns', 'kings-conquest', 'raging-rooks', 'bishops', 'mean-queens', 'rescue-the-queen', 'krazy-knights',
  'mix:KRN', 'mix:RBQN', 'quickchess', 'quickchess-classic', 'quickchess-fsf', 'pawn-blasters', 'quickchess+blasters', 'queens-pro',
  'kings-pro', 'blind', 'olympics', 'chess'];

let lang = 'en';
/** @type {FluentBundle[]} the chosen language's bundle, then English's for what it lacks */
let bundles = [];
/** @type {Set<string>} keys asked for that no catalogue has (listed for the tests) */
const missing = new Set();
/** The page's hooks for the browser tests. */
const testHooks = /** @type {Window & { tabulaMissingText?: string[] }} */ (window);

/**
 * The first of `wanted` (language tags, best first) that the app speaks, or null.
 * @param {Array<string | null | undefined>} wanted
 * @returns {string | null}
 */
function pick(wanted) {
  for (const tag of wanted) {
    const base = String(tag || '').toLowerCase().split(/[-_]/)[0];
    if (CODES.includes(base)) return base;
  }
  return null;
}

function cookieLang() {
  const m = document.cookie.match(/(?:^|;\s*)tabula-lang=(\w+)/);
  return m ? m[1] : null;
}

/** The language to show: the player's choice, the server's negotiation, the browser's. */
function chooseLanguage() {
  let stored = null;
  try { stored = localStorage.getItem(STORE); } catch { /* storage refused */ }
  return pick([stored, cookieLang(), document.documentElement.dataset.negotiated && document.documentElement.lang])
    || pick([...(navigator.languages || []), navigator.language]) || 'en';
}

/**
 * Where a language's catalogue is: the page names it (a preload, by its content-hashed URL,
 * for the languages the server expects), else the plain URL of the same file.
 * @param {string} code
 */
function catalogueUrl(code) {
  const link = document.querySelector(`link[data-catalogue="${code}"]`);
  return link instanceof HTMLLinkElement ? link.href : `/assets/i18n/${code}.ftl`;
}

/**
 * One language's catalogues in a bundle: the server sends every file of web/i18n/<code>/ as
 * one (one request instead of one per area of the app).
 * @param {string} code
 * @returns {Promise<FluentBundle>}
 */
async function loadBundle(code) {
  const bundle = new FluentBundle(code, { useIsolating: false });
  const res = await fetch(catalogueUrl(code));
  if (!res.ok) throw new Error(`catalogue ${code}: HTTP ${res.status}`);
  const errors = bundle.addResource(new FluentResource(await res.text()));
  for (const e of errors) console.warn(`i18n/${code}: ${e.message}`);
  return bundle;
}

/** Loads the chosen language's catalogues (and English's, for what a catalogue lacks). */
export async function loadTexts() {
  lang = chooseLanguage();
  const codes = lang === 'en' ? ['en'] : [lang, 'en'];
  // a language that does not load leaves its messages to English (or shows their keys)
  const loaded = await Promise.allSettled(codes.map(loadBundle));
  bundles = [];
  for (const b of loaded) {
    if (b.status === 'fulfilled') bundles.push(b.value); else console.warn(b.reason instanceof Error ? b.reason.message : b.reason);
  }
  document.documentElement.lang = lang;
}

/** The language shown now (`en`, `ru` or `de`). */
export function language() { return lang; }

/**
 * Remembers `code` as the player's language (browser and server) and shows the page in it.
 * @param {string} code
 */
export function setLanguage(code) {
  if (!CODES.includes(code)) return;
  try { localStorage.setItem(STORE, code); } catch { /* storage refused: the cookie remembers */ }
  document.cookie = `${COOKIE}=${code}; path=/; max-age=${60 * 60 * 24 * 365}; SameSite=Lax`;
  location.reload();
}

/**
 * `items` joined as this language joins a list ("a, b and c", "a, b и c").
 * @param {Array<string | number>} items
 */
export function list(items) {
  return new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(items.map(String));
}

/**
 * A date and time as this language writes them.
 * @param {string | number | Date} date
 */
export function dateTime(date) { return new Date(date).toLocaleString(lang); }
/**
 * A date as this language writes it.
 * @param {string | number | Date} date
 */
export function dateOnly(date) { return new Date(date).toLocaleDateString(lang); }

/**
 * The message `key` with `args` filled in (an array becomes a list in words); the key itself
 * if no catalogue has it.
 * @param {string} key
 * @param {Record<string, TextArg>} [args]
 * @returns {string}
 */
export function t(key, args = {}) {
  /** @type {Record<string, FluentVariable>} */
  const values = {};
  for (const [k, v] of Object.entries(args)) {
    if (Array.isArray(v)) values[k] = list(v);
    else if (v === null || v === undefined) values[k] = '';
    else values[k] = v;
  }
  for (const bundle of bundles) {
    const message = bundle.getMessage(key);
    if (message && message.value) {
      /** @type {Error[]} */
      const errors = [];
      const text = bundle.formatPattern(message.value, values, errors);
      for (const e of errors) console.warn(`i18n ${key}: ${e.message}`);
      return text;
    }
  }
  missing.add(key);
  testHooks.tabulaMissingText = [...missing];
  return key;
}

/**
 * A message with some of its arguments as elements (a player's name marked `translate="no"`,
 * a link): the text around them as text, each element where its placeable stands, in the
 * order the language puts them.
 * @param {string} key
 * @param {Record<string, TextArg | Node>} args
 * @returns {Array<string | Node>}
 */
export function tParts(key, args) {
  /** @type {Record<string, Node>} */
  const marks = {};
  /** @type {Record<string, TextArg>} */
  const plain = {};
  Object.entries(args).forEach(([k, v], i) => {
    if (v instanceof Node) {
      // private-use characters stand for the element while the catalogue formats the message
      const mark = `\u{E000}${i}\u{E001}`;
      marks[mark] = v;
      plain[k] = mark;
    } else {
      plain[k] = v;
    }
  });
  return t(key, plain).split(/(\u{E000}\d+\u{E001})/u).filter(Boolean).map((s) => marks[s] || s);
}

/**
 * Whether a message exists (for tests).
 * @param {string} key
 */
export function hasText(key) { return bundles.some((b) => b.hasMessage(key)); }

/**
 * A QuickChess variant's name as a catalogue key part (`mix:KRN` -> `mix-KRN`).
 * @param {string} id
 */
function variantKey(id) { return id.replace(/[:+]/g, '-'); }

/**
 * The title of a QuickChess variant from its name (`mix:KRN`, `quickchess+blasters`, ...);
 * QuickChess's when there is none.
 * @param {string | null} [id]
 * @returns {string}
 */
export function variantTitle(id) {
  if (!id) return t('variant-quickchess');
  if (id.endsWith('+blasters')) return t('variant-withBlasters', { game: variantTitle(id.slice(0, -'+blasters'.length)) });
  if (id.startsWith('mix:')) return t('variant-mix', { pieces: [...id.slice(4)].map((c) => t(`piece-${c.toLowerCase()}`)) });
  return hasText(`variant-${variantKey(id)}`) ? t(`variant-${variantKey(id)}`) : id;
}

/**
 * The long description of a variant in the variant lists: its title and what it is. A Mix &
 * Match's title already lists its pieces, so it stands alone (the pieces said once).
 * @param {string} id
 */
export function variantLong(id) {
  if (id.startsWith('mix:')) return variantTitle(id);
  return t('variant-long', { title: variantTitle(id), words: t(`variant-${variantKey(id)}-long`) });
}

/**
 * A game's name from its kind (and QuickChess variant).
 * @param {string} kind
 * @param {string | null} [variant]
 * @returns {string}
 */
export function gameTitle(kind, variant) {
  if (kind === 'quickchess') return t('quickchess-title', { title: variantTitle(variant), lesson: isLesson(variant) ? 'yes' : 'no' });
  if (kind === 'quickchess-local') return t('game-oneScreen', { game: gameTitle('quickchess', variant) });
  if (hasText(`game-kind-${kind}`)) return t(`game-kind-${kind}`);
  return kind;
}

/**
 * Whether a variant's title needs "QuickChess:" before it (the lesson games).
 * @param {string | null} [variant]
 */
export function isLesson(variant) { return !!variant && !/^(quickchess|chess$|blind|olympics)/.test(variant); }

/**
 * How this screen is pointed at, for the words that say how to move ("tap" or "click"):
 * `touch` on a phone or tablet (a coarse pointer), else `mouse`.
 * @returns {'touch' | 'mouse'}
 */
export function pointer() {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches ? 'touch' : 'mouse';
}

/**
 * A seat as the server lists it (a view's `seats`, a party's or match's `players`, a replay's
 * seats): its player's name, and the computer's level when the computer plays it.
 * @typedef {{ seat?: number, name: string, bot?: number | null }} NamedSeat
 */

/**
 * The name of whoever plays a seat, as every page shows it: the player's own name, or the
 * computer's one name in the page's language with its level ("Computer level 4"), never the
 * name the server stored for a computer's seat ("Bot 4", in English). With the table's
 * `seats`, computers of the same level at one table are numbered apart (a party may seat
 * several).
 * @param {NamedSeat | null | undefined} seat
 * @param {NamedSeat[]} [seats]
 * @returns {string}
 */
export function seatName(seat, seats = []) {
  if (!seat) return '?';
  if (!seat.bot) return seat.name;
  const twins = seats.filter((s) => s.bot === seat.bot);
  if (twins.length < 2) return t('duel-computer', { level: seat.bot });
  return t('seat-computerN', { level: seat.bot, n: twins.findIndex((s) => s.seat === seat.seat) + 1 });
}

/**
 * A chess piece's name from its FEN letter: "white knight".
 * @param {string} letter
 */
export function pieceLabel(letter) {
  const white = letter === letter.toUpperCase();
  return t('piece-colored', { color: white ? 'white' : 'black', piece: letter.toLowerCase() });
}

/**
 * A Check Mates token's name.
 * @param {string} side `sliding` or `chess`
 * @param {string} ch the token's letter on a board
 */
export function tokenLabel(side, ch) {
  if (side === 'sliding') return hasText(`token-${ch}`) ? t(`token-${ch}`) : ch;
  if (ch === 'K') return t('token-kingJoker');
  return pieceLabel(ch);
}

/**
 * What a task square asks for.
 * @param {string} side `sliding` or `chess`
 * @param {string} ch the square's letter on a task card
 */
export function needLabel(side, ch) {
  const key = side === 'sliding' ? `need-sliding-${ch}` : `need-chess-${ch}`;
  return hasText(key) ? t(key) : ch;
}

/**
 * A Royal Study piece's name.
 * @param {string} ch K, Q, R, B or N
 */
export function royalLabel(ch) { return hasText(`piece-${ch.toLowerCase()}`) ? t(`piece-${ch.toLowerCase()}`) : ch; }

/**
 * A QuickChess result in words, from the view's `end`; `names` by colour.
 * @param {End | null | undefined} end
 * @param {Record<string, string>} names the players' names by colour (`white`, `black`)
 */
export function chessEnd(end, names) {
  if (!end) return '';
  const cause = end.tie_break ? ` ${t('end-tieBreak', { why: t(`end-tie-${end.tie_break}`) })}` : '';
  if (end.winner) {
    const loser = end.winner === 'white' ? 'black' : 'white';
    const args = { side: end.winner, name: names[end.winner], loser, loserName: names[loser] };
    const key = hasText(`end-win-${end.reason}`) ? `end-win-${end.reason}` : 'end-win';
    return t(key, args) + cause;
  }
  if (end.flag) {
    const other = end.flag === 'white' ? 'black' : 'white';
    return t('end-drawFlag', { side: end.flag, name: names[end.flag], other, otherName: names[other] });
  }
  const key = hasText(`end-draw-${end.reason}`) ? `end-draw-${end.reason}` : 'end-draw';
  return t(key) + cause;
}

/**
 * A Querni result in words, from the view's `end`; `names` by side.
 * @param {QuerniStatus | null | undefined} end
 * @param {{ blue: string, red: string }} names
 */
export function querniEnd(end, names) {
  if (!end || end.result === 'ongoing') return '';
  if (end.result === 'draw') return t('querni-end-draw');
  if (end.result === 'aborted') return t('querni-end-aborted', { side: end.side, name: names[end.side] });
  const loser = end.winner === 'blue' ? 'red' : 'blue';
  const args = { side: end.winner, name: names[end.winner], loser, loserName: names[loser] };
  const reason = end.reason;
  if (typeof reason === 'object' && reason.stranded) {
    const numbers = [];
    for (let n = 1; n <= 16; n++) if ((reason.stranded.numbers >> n) & 1) numbers.push(n);
    return t('querni-end-stranded', { ...args, numbers, count: numbers.length });
  }
  const key = typeof reason === 'string' && hasText(`querni-end-${reason}`) ? `querni-end-${reason}` : 'querni-end-win';
  return t(key, args);
}

/**
 * A Querni turn in notation as shown (`c2-c3 x4-6`; a pass in words).
 * @param {string} turn
 */
export function querniNotation(turn) { return turn === 'pass' ? t('querni-turn-pass') : turn; }

/**
 * A Querni turn in words: "jump c2 → e4, then remove 4 to 6".
 * @param {string} text the turn in notation
 */
export function querniTurnWords(text) {
  if (text === 'pass') return t('querni-turn-pass');
  const parts = text.split(' ');
  const mv = parts.find((p) => /^[a-j]\d/.test(p));
  const rm = parts.find((p) => p.startsWith('x'));
  const path = mv ? mv.split(/[-:]/).join(' → ') : '';
  const [low, high] = rm ? rm.slice(1).split('-') : ['', ''];
  const kind = mv ? (mv.includes(':') ? 'jump' : 'step') : 'none';
  return t('querni-turn', { kind, path, removes: rm ? 'yes' : 'no', low, high: high || low });
}
