// The moderation page (/admin), for the site's admins: the open reports (each closed with an
// outcome, its player banned or muted from it), a form to ban or mute an account or ban an
// address, the sanctions with a button to lift those in force, accounts found by name (a
// password link, the moderator role), closing a game, the tournaments (admin-tournaments.js)
// and the audit log. The server answers
// only admins (docs/web.md, "Moderation"); every change it makes is in the audit log.
import { call, errorText } from './api.js';
import { h, toast, attempt, shareBox } from './ui.js';
import { t, tParts, dateTime, dateOnly } from './text.js';
import { tournamentsSection } from './admin-tournaments.js';

/** @import { Report, Sanction, AuditEntry, AccountSummary, SanctionKind } from './types/protocol' */

/** @param {string} label @param {HTMLElement} control */
function field(label, control) { return h('label', { class: 'stack' }, h('span', { class: 'muted' }, label), control); }

/**
 * Players' and moderators' names, addresses and words: shown as they are, in no language of
 * the page's (`translate="no"`: neither a translator nor a language check takes them for its
 * words).
 * @param {string | number} text
 * @param {string} [tag]
 */
function data(text, tag = 'span') { return h(/** @type {'span'} */ (tag), { translate: 'no' }, String(text)); }

/**
 * A sanction's line: what, on whom, until when, by whom, why.
 * @param {Sanction} s
 */
function sanctionText(s) {
  const whom = s.target === 'account' ? (s.name || `#${s.subject}`) : String(s.subject);
  const until = s.until === null ? t('admin-untilLifted') : t('admin-until', { date: dateTime(s.until) });
  return tParts('admin-sanctionLine', { kind: t(`admin-kind-${s.kind}`), whom: data(whom), until, actor: data(s.actor), reason: data(s.reason) });
}

/** @param {Sanction} s */
function inForce(s) { return s.lifted_at === null && (s.until === null || s.until > Date.now()); }

/**
 * The moderation page.
 * @param {HTMLElement} main
 */
export function adminPage(main) {
  main.append(h('h1', {}, t('admin-title')), h('p', { class: 'muted' }, t('home-loading')));
  const reportsBox = h('div', { class: 'stack', 'data-test': 'reports' });
  const sanctionsBox = h('div', { class: 'stack', 'data-test': 'sanctions' });
  const auditBox = h('div', { class: 'stack', 'data-test': 'audit' });
  const accountsBox = h('div', { class: 'stack', 'data-test': 'accounts' });

  // the sanction form, filled in by a report's buttons too
  const kind = h('select', { 'data-test': 'sanction-kind' },
    h('option', { value: 'ban' }, t('admin-kind-ban')), h('option', { value: 'mute' }, t('admin-kind-mute')));
  const target = h('select', { 'data-test': 'sanction-target' },
    h('option', { value: 'account' }, t('admin-target-account')), h('option', { value: 'address' }, t('admin-target-address')));
  const subject = h('input', { 'data-test': 'sanction-subject', autocomplete: 'off', spellcheck: 'false' });
  const subjectField = field(t('admin-account'), subject);
  const reason = h('input', { 'data-test': 'sanction-reason', maxlength: 500 });
  const hours = h('input', { type: 'number', min: 1, inputmode: 'numeric', 'data-test': 'sanction-hours' });
  const labelSubject = () => { /** @type {HTMLElement} */ (subjectField.firstChild).textContent = t(target.value === 'account' ? 'admin-account' : 'admin-address'); };
  target.addEventListener('change', labelSubject);
  /** @param {SanctionKind} k @param {string} name */
  const prefill = (k, name) => {
    kind.value = k; target.value = 'account'; subject.value = name; labelSubject();
    reason.focus();
    reason.scrollIntoView({ block: 'center' });
  };
  const impose = () => attempt(async () => {
    const who = target.value === 'account' ? { account: subject.value } : { address: subject.value };
    const body = { kind: kind.value === 'mute' ? 'mute' : /** @type {SanctionKind} */ ('ban'), reason: reason.value,
      hours: hours.value ? Number(hours.value) : null, ...who };
    const r = await call('POST /api/admin/sanctions', { body });
    toast(t('admin-imposed', { subject: r.sanctioned }));
    subject.value = ''; reason.value = ''; hours.value = '';
    await load();
  });

  /** @param {Report} r */
  const reportCard = (r) => {
    const outcome = h('input', { maxlength: 500, 'data-test': 'outcome' });
    const about = [r.game ? h('a', { href: `/replay/${r.game}`, 'data-link': true }, t('admin-inGame', { game: r.game })) : '',
      r.message !== null ? h('span', {}, t('admin-inMessage', { message: r.message })) : ''];
    // the reported message's words as they were written (kept when it is deleted), as text
    const words = r.words ? h('blockquote', { class: 'report-words', 'data-test': 'reported-words', translate: 'no' }, r.words) : '';
    return h('div', { class: 'card stack', 'data-test': 'report', 'data-id': r.id },
      h('div', {}, h('strong', {}, ...tParts('admin-reported', { reporter: data(r.reporter), subject: data(r.subject), reason: t(`report-reason-${r.reason}`) })),
        ' · ', h('span', { class: 'muted' }, dateTime(r.at))),
      h('div', { class: 'row' }, ...about),
      words,
      // the player's words as text: never read as HTML
      r.detail ? h('p', { class: 'report-detail', 'data-test': 'detail', translate: 'no' }, r.detail) : '',
      h('div', { class: 'row' },
        h('button', { class: 'secondary small', 'data-test': 'ban-from-report', onclick: () => prefill('ban', r.subject) }, ...tParts('admin-banPlayer', { name: data(r.subject) })),
        h('button', { class: 'secondary small', onclick: () => prefill('mute', r.subject) }, ...tParts('admin-mutePlayer', { name: data(r.subject) }))),
      h('div', { class: 'row form end' }, field(t('admin-outcome'), outcome),
        h('button', { 'data-test': 'close-report', onclick: () => attempt(async () => {
          await call('POST /api/admin/reports/{id}/close', { params: { id: r.id }, body: { outcome: outcome.value } });
          toast(t('admin-reportClosed'));
          await load();
        }) }, t('admin-closeReport'))));
  };

  /** @param {Sanction} s */
  const sanctionRow = (s) => h('div', { class: 'card row between', 'data-test': 'sanction', 'data-id': s.id },
    h('div', { class: 'stack' }, h('span', { class: 'report-detail' }, ...sanctionText(s)),
      h('span', { class: 'muted' }, ...(s.lifted_by ? tParts('admin-liftedBy', { actor: data(s.lifted_by) }) : [t(inForce(s) ? 'admin-inForce' : 'admin-over')]))),
    inForce(s) ? h('button', { class: 'secondary small', 'data-test': 'lift', onclick: () => attempt(async () => {
      await call('POST /api/admin/sanctions/{id}/lift', { params: { id: s.id } });
      toast(t('admin-lifted'));
      await load();
    }) }, t('admin-lift')) : '');

  /** @param {AuditEntry} a */
  const auditRow = (a) => h('div', { class: 'audit-line', 'data-test': 'audit-line' },
    h('span', { class: 'muted' }, dateTime(a.at)), ' ', data(a.actor, 'strong'), ' ', data(`${a.action} ${a.subject}: ${a.detail}`));

  /** @param {AccountSummary} a */
  const accountRow = (a) => {
    const linkBox = h('div', {});
    return h('div', { class: 'card stack', 'data-test': 'account', 'data-name': a.name },
      h('div', { class: 'row' }, h('a', { href: `/players/${encodeURIComponent(a.name)}`, 'data-link': true, translate: 'no' }, a.name),
        h('span', { class: 'tag' }, t(`admin-role-${a.role}`))),
      h('span', { class: 'muted' }, t('admin-accountLine', { games: a.games, reported: a.reported, date: dateOnly(a.created) })),
      h('div', { class: 'row' },
        h('button', { class: 'secondary small', 'data-test': 'reset-link', onclick: () => attempt(async () => {
          const r = await call('POST /api/admin/accounts/{name}/reset-link', { params: { name: a.name } });
          linkBox.replaceChildren(shareBox(t('admin-resetLinkMade', { name: a.name }), r.link));
        }) }, t('admin-resetLink')),
        h('button', { class: 'secondary small', 'data-test': 'toggle-role', onclick: () => attempt(async () => {
          const role = a.role === 'admin' ? 'player' : 'admin';
          await call('POST /api/admin/accounts/{name}/role', { params: { name: a.name }, body: { role } });
          toast(t('admin-roleSet', { name: a.name, role: t(`admin-role-${role}`) }));
          await find();
          await load();
        }) }, t(a.role === 'admin' ? 'admin-makePlayer' : 'admin-makeAdmin'))),
      linkBox);
  };

  const search = h('input', { 'data-test': 'account-search', autocomplete: 'off', spellcheck: 'false' });
  const find = () => attempt(async () => {
    const r = await call('GET /api/admin/accounts', { query: { q: search.value } });
    accountsBox.replaceChildren(...r.accounts.map(accountRow));
  });
  search.addEventListener('keydown', (e) => { if (e.key === 'Enter') find(); });

  const gameId = h('input', { 'data-test': 'close-game-id', autocomplete: 'off', spellcheck: 'false' });
  const gameWhy = h('input', { 'data-test': 'close-game-reason', maxlength: 500 });
  const closeGame = () => attempt(async () => {
    const id = gameId.value.trim();
    await call('POST /api/admin/games/{id}/close', { params: { id }, body: { outcome: gameWhy.value } });
    toast(t('admin-gameClosed', { game: id }));
    gameId.value = ''; gameWhy.value = '';
    await load();
  });

  const tournaments = tournamentsSection(() => load());
  const load = async () => {
    await tournaments.load();
    const o = await call('GET /api/admin/overview');
    reportsBox.replaceChildren(...(o.reports.length ? o.reports.map(reportCard) : [h('p', { class: 'muted' }, t('admin-noReports'))]));
    sanctionsBox.replaceChildren(...(o.sanctions.length ? o.sanctions.map(sanctionRow) : [h('p', { class: 'muted' }, t('admin-noSanctions'))]));
    auditBox.replaceChildren(...(o.audit.length ? o.audit.map(auditRow) : [h('p', { class: 'muted' }, t('admin-noAudit'))]));
  };

  load().then(() => {
    main.replaceChildren(h('div', { class: 'stack admin' },
      h('div', {}, h('h1', {}, t('admin-title')), h('p', { class: 'lead' }, t('admin-lead'))),
      h('section', { class: 'stack', 'aria-labelledby': 'admin-reports' }, h('h2', { id: 'admin-reports' }, t('admin-reports')), reportsBox),
      h('section', { class: 'card stack form', 'aria-labelledby': 'admin-sanction' },
        h('h2', { id: 'admin-sanction' }, t('admin-sanction')),
        h('div', { class: 'row' }, field(t('admin-kind'), kind), field(t('admin-target'), target)),
        subjectField, field(t('admin-reason'), reason), field(t('admin-hours'), hours),
        h('div', { class: 'row' }, h('button', { 'data-test': 'impose', onclick: impose }, t('admin-impose')))),
      h('section', { class: 'stack', 'aria-labelledby': 'admin-sanctions' }, h('h2', { id: 'admin-sanctions' }, t('admin-sanctions')), sanctionsBox),
      h('section', { class: 'stack', 'aria-labelledby': 'admin-accounts' }, h('h2', { id: 'admin-accounts' }, t('admin-accounts')),
        h('div', { class: 'row form' }, field(t('admin-search'), search), h('button', { class: 'secondary', 'data-test': 'find', onclick: find }, t('admin-find'))),
        accountsBox),
      h('section', { class: 'card stack form', 'aria-labelledby': 'admin-close' },
        h('h2', { id: 'admin-close' }, t('admin-closeGame')), h('p', { class: 'muted' }, t('admin-closeGameLead')),
        field(t('admin-gameId'), gameId), field(t('admin-closeReason'), gameWhy),
        h('div', { class: 'row' }, h('button', { 'data-test': 'close-game', onclick: closeGame }, t('admin-closeGame')))),
      tournaments.element,
      h('section', { class: 'stack', 'aria-labelledby': 'admin-audit' }, h('h2', { id: 'admin-audit' }, t('admin-audit')), auditBox)));
  }).catch((e) => main.replaceChildren(h('h1', {}, t('admin-title')),
    h('p', { class: 'banner', 'data-test': 'admin-refused' }, errorText(e, { unauthorized: 'admin-signIn', forbidden: 'admin-notForYou' }))));
}
