// Replays: any game, move by move, from the log the server keeps.
import { api } from './api.js';
import { soloView, partyView } from './checkmates.js';
import { royalSoloView, matchView } from './royal.js';
import { querniStatic } from './querni.js';
import { chessStatic } from './quickchess.js';
import { h } from './ui.js';

const VIEWS = {
  'checkmates-solo': soloView, 'checkmates-party': partyView, 'royal-solo': royalSoloView, 'royal-match': matchView,
  querni: querniStatic, 'querni-local': querniStatic, quickchess: chessStatic, 'quickchess-local': chessStatic,
};

export function replay(main, id) {
  let data = null;
  let step = 0;
  let timer = null;
  const stop = () => { clearInterval(timer); timer = null; };
  const render = () => {
    const frame = data.frames[step];
    const view = { ...frame.view, id };
    const draw = VIEWS[data.kind];
    const controls = h('div', { class: 'row card' },
      h('button', { class: 'secondary small', onclick: () => { stop(); step = 0; render(); } }, '«'),
      h('button', { class: 'secondary small', 'data-test': 'prev', onclick: () => { stop(); step = Math.max(0, step - 1); render(); } }, '◀'),
      h('button', { class: 'small', onclick: () => { if (timer) { stop(); render(); } else { timer = setInterval(() => { if (step < data.frames.length - 1) { step++; render(); } else { stop(); render(); } }, 700); render(); } } }, timer ? 'Pause' : 'Play'),
      h('button', { class: 'secondary small', 'data-test': 'next', onclick: () => { stop(); step = Math.min(data.frames.length - 1, step + 1); render(); } }, '▶'),
      h('button', { class: 'secondary small', onclick: () => { stop(); step = data.frames.length - 1; render(); } }, '»'),
      h('span', { class: 'muted', 'data-test': 'replay-step' }, `step ${step} of ${data.frames.length - 1}`),
      frame.action ? h('span', { class: 'tag' }, describe(frame.action)) : '');
    main.replaceChildren(h('div', { class: 'stack' }, h('div', { class: 'muted' }, `Replay of ${data.kind} ${id} (${data.status})`), controls,
      draw ? draw(view, { readOnly: true, serverNow: () => frame.at, picker: null }) : h('pre', {}, JSON.stringify(view, null, 1))));
  };
  api('GET', `/api/games/${id}/replay`).then((d) => { data = d; render(); }).catch((e) => main.replaceChildren(h('p', {}, e.message)));
  return stop;
}

function describe(a) {
  if (a.type) return `${a.side} ${a.type === 'turn' ? a.turn : a.type}`; // Querni
  switch (a.t) {
    case 'tick': return 'time passes';
    case 'announce': return `announces ${a.bid}`;
    case 'move': return `${a.player ? a.player + ' ' : ''}moves ${a.mv ?? a.uci}`;
    case 'card': return `card ${a.card ?? ''} ${a.action}`;
    default: return `${a.player ? a.player + ' ' : ''}${String(a.t).replaceAll('_', ' ')}`;
  }
}
