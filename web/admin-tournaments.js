// The moderation page's tournaments (issue #54): the events announced and being played, each
// with its maker, to rename (the new name passes the site's text policy), to cancel (and take
// out of the lists: a spam event), or to call off every event of its maker. Every action is in
// the audit log, with the reason given here.
import { call } from './api.js';
import { h, toast, attempt } from './ui.js';
import { t, tParts, dateTime } from './text.js';
import { tourName } from './tournaments.js';

/** @import { TournamentSummary } from './types/protocol' */

/** @param {string} label @param {HTMLElement} control */
function field(label, control) { return h('label', { class: 'stack' }, h('span', { class: 'muted' }, label), control); }

/**
 * The tournaments section: its element, and `load()` to read the lists again.
 * @param {() => Promise<void>} changed what the page reads again after an action (the audit log)
 * @returns {{ element: HTMLElement, load: () => Promise<void> }}
 */
export function tournamentsSection(changed) {
  const box = h('div', { class: 'stack', 'data-test': 'admin-tournaments' });
  const reason = h('input', { 'data-test': 'tournament-reason', maxlength: 500 });
  /** @param {(reason: string) => Promise<unknown>} request made with the reason given @param {string} done */
  const act = (request, done) => attempt(async () => {
    await request(reason.value);
    toast(done);
    await load();
    await changed();
  });
  /** @param {TournamentSummary} s */
  const card = (s) => {
    const name = h('input', { value: tourName(s), maxlength: 60, 'data-test': 'tournament-name', 'aria-label': t('admin-tournamentName') });
    const id = encodeURIComponent(s.id);
    const params = { id: s.id };
    return h('div', { class: 'card stack', 'data-test': 'admin-tournament', 'data-id': s.id },
      h('div', { class: 'row' }, h('a', { href: `/tournaments/${id}`, 'data-link': true, translate: s.named ? 'no' : null }, tourName(s)),
        h('span', { class: 'tag' }, t(s.status === 'created' ? 'admin-tournamentUpcoming' : 'admin-tournamentRunning'))),
      h('span', { class: 'muted' }, ...tParts('admin-tournamentLine', { by: h('span', { translate: 'no' }, s.by || t('admin-tournamentSite')), date: dateTime(s.starts) })),
      h('div', { class: 'row form end' }, field(t('admin-tournamentName'), name),
        h('button', { class: 'secondary small', 'data-test': 'tournament-rename', onclick: () => act((why) => call('POST /api/admin/tournaments/{id}/rename', { params, body: { name: name.value, reason: why } }), t('admin-tournamentRenamed')) }, t('admin-tournamentRename'))),
      h('div', { class: 'row' },
        h('button', { class: 'secondary small', 'data-test': 'tournament-cancel', onclick: () => act((why) => call('POST /api/admin/tournaments/{id}/cancel', { params, body: { hide: false, reason: why } }), t('admin-tournamentCancelled')) }, t('admin-tournamentCancel')),
        h('button', { class: 'secondary small', 'data-test': 'tournament-hide', onclick: () => act((why) => call('POST /api/admin/tournaments/{id}/cancel', { params, body: { hide: true, reason: why } }), t('admin-tournamentCancelled')) }, t('admin-tournamentHide')),
        s.by ? h('button', { class: 'secondary small', 'data-test': 'tournament-hide-all', onclick: () => act((why) => call('POST /api/admin/accounts/{name}/tournaments/hide', { params: { name: s.by || '' }, body: { reason: why } }), t('admin-tournamentsHidden', { name: s.by || '' })) },
          ...tParts('admin-tournamentHideAll', { name: h('span', { translate: 'no' }, s.by) })) : ''));
  };
  const load = async () => {
    const list = await call('GET /api/tournaments');
    const shown = [...list.upcoming, ...list.running];
    box.replaceChildren(...(shown.length ? shown.map(card) : [h('p', { class: 'muted' }, t('admin-noTournaments'))]));
  };
  const element = h('section', { class: 'stack', 'aria-labelledby': 'admin-tournaments' },
    h('h2', { id: 'admin-tournaments' }, t('admin-tournaments')),
    h('p', { class: 'muted' }, t('admin-tournamentsLead')),
    h('div', { class: 'form' }, field(t('admin-closeReason'), reason)),
    box);
  return { element, load };
}
