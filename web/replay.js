// Replays: any game step by step (a step is a move, an announcement or a timer that changed
// something), from the log the server keeps; the arrow keys step, and the address names the
// step shown, so a link to it can be shared.
import { call, errorText } from './api.js';
import { soloView, partyView } from './checkmates.js';
import { royalSoloView, matchView } from './royal.js';
import { querniStatic } from './querni.js';
import { chessStatic } from './quickchess.js';
import { h, toast, navigate } from './ui.js';
import { Explorer } from './explorer.js';
import { gameReview, plyOf, frameOfPly } from './review.js';
import { t, gameTitle, querniNotation, seatName } from './text.js';
/**
 * @import { Replay, Step, StepView, SeatInfo, CmSoloView, PartyView, RSoloView, MatchView, QuerniView, ChessView, SeriesView,
 *   PublicChess, QuerniAction, PartyAction, MatchAction, CmSoloAction, RoyalSoloAction } from './types/protocol'
 * @import { SoloShown, PartyShown } from './checkmates.js'
 * @import { MatchShown } from './royal.js'
 */

/** Any game's view (the replay's kind says which game's). @typedef {CmSoloView | PartyView | RSoloView | MatchView | QuerniView | ChessView | SeriesView} ReplayedGame */

/**
 * A step's view as a replay draws it: the game's view as spectators saw it, with the game's
 * id and seats.
 * @typedef {StepView<ReplayedGame> & { id: string, seats: SeatInfo[] }} ReplayedView
 */

/** What a step's action is: any game's, as spectators may see it (or the room's). @typedef {PublicChess | QuerniAction | PartyAction | MatchAction | CmSoloAction | RoyalSoloAction} ReplayedAction */

/** A whole replay as the server sends it. @typedef {Replay<Step<ReplayedGame, unknown, ReplayedAction>>} ReplayData */

/** How a step is drawn: read-only, at the step's time. @typedef {{ readOnly: true, serverNow: () => number }} ReplayContext */

/**
 * Each kind's drawing of a step, read-only. A replay's views are all of its kind's game (the
 * server's Replay does not say which game's they are, the kind does): each is taken as such.
 * @type {Record<string, (view: ReplayedView, ctx: ReplayContext) => Node>}
 */
const VIEWS = {
  'checkmates-solo': (view, ctx) => soloView(/** @type {SoloShown} */ (view), ctx),
  'checkmates-party': (view, ctx) => partyView(/** @type {PartyShown} */ (view), ctx),
  'royal-solo': (view, ctx) => royalSoloView(/** @type {RSoloView} */ (view), ctx),
  'royal-match': (view, ctx) => matchView(/** @type {MatchShown} */ (view), ctx),
  querni: (view) => querniStatic(/** @type {QuerniView & { seats: SeatInfo[] }} */ (view)),
  'querni-local': (view) => querniStatic(/** @type {QuerniView & { seats: SeatInfo[] }} */ (view)),
  quickchess: (view) => chessStatic(/** @type {(ChessView | SeriesView) & { seats: SeatInfo[] }} */ (view)),
  'quickchess-local': (view) => chessStatic(/** @type {(ChessView | SeriesView) & { seats: SeatInfo[] }} */ (view)),
};

/**
 * A replay's page: the game step by step, with the controls and the step's action in words.
 * @param {HTMLElement} main @param {string} id
 */
export function replay(main, id) {
  /** @type {ReplayData | null} */
  let data = null;
  let step = Number(new URLSearchParams(location.search).get('step')) || 0;
  /** @type {ReturnType<typeof setInterval> | null} playing the steps */
  let timer = null;
  const stop = () => { if (timer !== null) clearInterval(timer); timer = null; };
  /** @param {number} to */
  const go = (to) => {
    if (!data) return;
    step = Math.max(0, Math.min(data.frames.length - 1, to));
    // the address names the step, so it can be shared (without a new history entry each step)
    history.replaceState({}, '', `${location.pathname}?step=${step}`);
    render();
  };
  /** @param {KeyboardEvent} e */
  const onKey = (e) => {
    const target = /** @type {Element | null} */ (e.target);
    if (!data || target?.closest?.('input, select, textarea')) return;
    /** @type {Record<string, number>} */
    const steps = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: data.frames.length - 1 };
    const to = steps[e.key];
    if (to === undefined) return;
    e.preventDefault();
    stop();
    go(to);
  };
  document.addEventListener('keydown', onKey);
  // the computer's review of a finished QuickChess, chess or Querni game (review.js): a move
  // picked there shows the step of the replay where it was made
  const review = gameReview(id, () => render(), (ply) => { stop(); if (data) go(frameOfPly(data.frames.map((f) => f.view), ply)); });
  // a QuickChess or chess game's opening explorer at the step shown, closed until opened (a
  // move picked goes on in analysis)
  const explorer = new Explorer({ open: false });
  const render = () => {
    if (!data) return;
    const replayed = data;
    const frame = replayed.frames[step];
    /** @type {ReplayedView} */
    const view = { ...frame.view, id, seats: replayed.seats };
    const draw = VIEWS[replayed.kind];
    const link = `${location.origin}/replay/${id}?step=${step}`;
    const controls = h('div', { class: 'row card' },
      h('button', { class: 'secondary small', 'aria-label': t('replay-first'), onclick: () => { stop(); go(0); } }, '«'),
      h('button', { class: 'secondary small', 'data-test': 'prev', 'aria-label': t('replay-prev'), onclick: () => { stop(); go(step - 1); } }, '◀'),
      h('button', { class: 'small', onclick: () => {
        if (timer) { stop(); render(); return; }
        timer = setInterval(() => { if (step < replayed.frames.length - 1) go(step + 1); else { stop(); render(); } }, 700);
        render();
      } }, timer ? t('replay-pause') : t('replay-play')),
      h('button', { class: 'secondary small', 'data-test': 'next', 'aria-label': t('replay-next'), onclick: () => { stop(); go(step + 1); } }, '▶'),
      h('button', { class: 'secondary small', 'aria-label': t('replay-last'), onclick: () => { stop(); go(replayed.frames.length - 1); } }, '»'),
      h('span', { class: 'muted', 'data-test': 'replay-step' }, t('replay-step', { step, total: replayed.frames.length - 1 })),
      frame.action ? h('span', { class: 'tag', 'data-test': 'replay-action' }, describe(frame.action, frame.view, replayed)) : '',
      h('button', { class: 'secondary small', 'data-test': 'step-link', 'data-link-to': link, onclick: () => { navigator.clipboard?.writeText(link); toast(t('share-copied')); } }, t('replay-copyLink')));
    const drawn = draw ? draw(view, { readOnly: true, serverNow: () => frame.at }) : h('pre', {}, JSON.stringify(view, null, 1));
    if (/^(quickchess|querni)/.test(replayed.kind)) review.into(drawn, { ...replayed.frames[replayed.frames.length - 1].view, seats: replayed.seats }, plyOf(frame.view));
    main.replaceChildren(h('div', { class: 'stack' },
      h('h1', {}, t('replay-title', { game: gameTitle(replayed.kind, 'variant' in view ? view.variant : undefined) })),
      h('div', { class: 'muted' }, t('replay-players', { players: replayed.seats.map((s) => seatName(s, replayed.seats)) })),
      controls,
      drawn,
      explorerPanel(explorer, view)));
  };
  call('GET /api/games/{id}/replay', { params: { id } }).then((d) => {
    // the server's replay does not say which game's steps it holds: its kind does (see DRAW)
    data = /** @type {ReplayData} */ (d); step = Math.min(step, d.frames.length - 1); render(); }).catch((e) => main.replaceChildren(h('p', {}, errorText(e))));
  return () => { stop(); review.close(); document.removeEventListener('keydown', onKey); };
}

/**
 * The opening explorer at a QuickChess or chess step (none for the other games, an Olympics'
 * series or a Blind game's placements): a move picked there opens the analysis board with it.
 * @param {Explorer} explorer @param {ReplayedView} view
 */
function explorerPanel(explorer, view) {
  if (!('start_fen' in view) || !view.start_fen || !('moves' in view) || !('variant' in view)) return '';
  const chess = /** @type {ChessView} */ (/** @type {unknown} */ (view));
  const line = chess.moves.map((m) => m.uci);
  const start = /** @type {string} */ (chess.start_fen);
  return explorer.panel(chess.variant, start, line, (uci) => {
    navigate(`/quickchess/analyse?variant=${encodeURIComponent(chess.variant)}&fen=${encodeURIComponent(start)}&moves=${[...line, uci].join(',')}`);
  });
}

/**
 * A step in words: who did what.
 * @param {import('./types/protocol').StepAction<ReplayedAction>} a the step's action
 * @param {StepView<ReplayedGame>} view the view after it
 * @param {ReplayData} data
 */
function describe(a, view, data) {
  /** @param {number} n */
  const seat = (n) => seatName(data.seats.find((x) => x.seat === n), data.seats);
  if ('table' in a) return t('replay-closed');
  if ('type' in a) { // Querni
    if (a.type === 'turn') return t('replay-querniTurn', { side: a.side, turn: querniNotation(a.turn) });
    if (a.type === 'tick') return t('replay-timer');
    return t(`replay-act-${a.type}`, { side: a.side, name: t(`side-${a.side}`) });
  }
  switch (a.t) {
    case 'tick': return t('replay-timer');
    case 'announce': return t('replay-announce', { name: seat(a.player), bid: a.bid });
    case 'move':
      if ('uci' in a) {
        const last = /** @type {ChessView} */ (view).last; // a chess move's view is a chess game's
        return t('replay-chessMove', { side: a.player, san: last ? last.san : a.uci });
      }
      return 'player' in a ? t('replay-cmMove', { name: seat(a.player), mv: a.mv }) : t('replay-soloMove', { mv: a.mv });
    case 'card': return t('replay-card', { card: a.card, action: a.action });
    case 'place': case 'unplace': return t(`replay-act-${a.t}`, { side: a.player, name: t(`side-${a.player}`) });
    default: return t(`replay-act-${a.t}`, { name: 'player' in a ? (typeof a.player === 'string' ? t(`side-${a.player}`) : seat(a.player)) : '' });
  }
}
