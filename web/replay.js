// Replays: any game step by step (a step is a move, an announcement or a timer that changed
// something), from the log the server keeps; the arrow keys step, and the address names the
// step shown, so a link to it can be shared.
import { api } from './api.js';
import { soloView, partyView } from './checkmates.js';
import { royalSoloView, matchView } from './royal.js';
import { querniStatic } from './querni.js';
import { chessStatic } from './quickchess.js';
import { h, toast } from './ui.js';
import { t, gameTitle } from './text.js';

const VIEWS = {
  'checkmates-solo': soloView, 'checkmates-party': partyView, 'royal-solo': royalSoloView, 'royal-match': matchView,
  querni: querniStatic, 'querni-local': querniStatic, quickchess: chessStatic, 'quickchess-local': chessStatic,
};

export function replay(main, id) {
  let data = null;
  let step = Number(new URLSearchParams(location.search).get('step')) || 0;
  let timer = null;
  const stop = () => { clearInterval(timer); timer = null; };
  const go = (to) => {
    step = Math.max(0, Math.min(data.frames.length - 1, to));
    // the address names the step, so it can be shared (without a new history entry each step)
    history.replaceState({}, '', `${location.pathname}?step=${step}`);
    render();
  };
  const onKey = (e) => {
    if (!data || e.target.closest?.('input, select, textarea')) return;
    const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: data.frames.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    stop();
    go(to);
  };
  document.addEventListener('keydown', onKey);
  const render = () => {
    const frame = data.frames[step];
    const view = { ...frame.view, id, seats: frame.view.seats || data.seats };
    const draw = VIEWS[data.kind];
    const link = `${location.origin}/replay/${id}?step=${step}`;
    const controls = h('div', { class: 'row card' },
      h('button', { class: 'secondary small', 'aria-label': t('replay.first'), onclick: () => { stop(); go(0); } }, '«'),
      h('button', { class: 'secondary small', 'data-test': 'prev', 'aria-label': t('replay.prev'), onclick: () => { stop(); go(step - 1); } }, '◀'),
      h('button', { class: 'small', onclick: () => {
        if (timer) { stop(); render(); return; }
        timer = setInterval(() => { if (step < data.frames.length - 1) go(step + 1); else { stop(); render(); } }, 700);
        render();
      } }, timer ? t('replay.pause') : t('replay.play')),
      h('button', { class: 'secondary small', 'data-test': 'next', 'aria-label': t('replay.next'), onclick: () => { stop(); go(step + 1); } }, '▶'),
      h('button', { class: 'secondary small', 'aria-label': t('replay.last'), onclick: () => { stop(); go(data.frames.length - 1); } }, '»'),
      h('span', { class: 'muted', 'data-test': 'replay-step' }, t('replay.step', { step, total: data.frames.length - 1 })),
      frame.action ? h('span', { class: 'tag', 'data-test': 'replay-action' }, describe(frame, data)) : '',
      h('button', { class: 'secondary small', 'data-test': 'step-link', 'data-link-to': link, onclick: () => { navigator.clipboard?.writeText(link); toast(t('share.copied')); } }, t('replay.copyLink')));
    main.replaceChildren(h('div', { class: 'stack' },
      h('h1', {}, t('replay.title', { game: gameTitle(data.kind, view.variant) })),
      h('div', { class: 'muted' }, t('replay.players', { players: data.seats.map((s) => (s.bot ? t('duel.computer', { level: s.bot }) : s.name)) })),
      controls,
      draw ? draw(view, { readOnly: true, serverNow: () => frame.at, picker: null }) : h('pre', {}, JSON.stringify(view, null, 1))));
  };
  api('GET', `/api/games/${id}/replay`).then((d) => { data = d; step = Math.min(step, d.frames.length - 1); render(); }).catch((e) => main.replaceChildren(h('p', {}, e.message)));
  return () => { stop(); document.removeEventListener('keydown', onKey); };
}

/** A step in words: who did what. */
function describe(frame, data) {
  const a = frame.action;
  const seat = (n) => { const s = data.seats.find((x) => x.seat === n); return s ? (s.bot ? t('duel.computer', { level: s.bot }) : s.name) : '?'; };
  if (a.table) return t('replay.closed');
  if (a.type) { // Querni
    if (a.type === 'turn') return t('replay.querniTurn', { side: a.side, turn: a.turn });
    if (a.type === 'tick') return t('replay.timer');
    return t(`replay.act.${a.type}`, { side: a.side });
  }
  switch (a.t) {
    case 'tick': return t('replay.timer');
    case 'announce': return t('replay.announce', { name: seat(a.player), bid: a.bid });
    case 'move':
      if (a.uci) return t('replay.chessMove', { side: a.player, san: frame.view.last ? frame.view.last.san : a.uci });
      return a.player === undefined ? t('replay.soloMove', { mv: a.mv }) : t('replay.cmMove', { name: seat(a.player), mv: a.mv });
    case 'card': return t('replay.card', { card: a.card, action: a.action });
    case 'place': case 'unplace': return t(`replay.act.${a.t}`, { side: a.player });
    default: return t(`replay.act.${a.t}`, { name: a.player === undefined ? '' : (typeof a.player === 'string' ? t(`side.${a.player}`) : seat(a.player)) });
  }
}
