// The log-in cards of accounts a teacher made: for each child the site's address, the name
// and the password (shown once by the server), cut out and handed over. Printed alone: the
// page's own parts are hidden while the cards print (app.css, `body.printing-cards`).
import { h } from './ui.js';
import { t } from './text.js';

/**
 * The cards of `accounts` made for the class `className`, with a button that prints them.
 * @param {string} className @param {Array<{ username: string, password: string }>} accounts
 */
export function loginCards(className, accounts) {
  const site = location.origin;
  const cards = h('div', { class: 'login-cards', 'data-test': 'login-cards' }, ...accounts.map((a) =>
    h('div', { class: 'login-card', 'data-test': 'login-card' },
      h('div', { class: 'login-card-class' }, className),
      h('div', {}, h('span', { class: 'muted small' }, t('classes-card-site')), ' ', h('strong', { translate: 'no' }, site)),
      h('div', {}, h('span', { class: 'muted small' }, t('classes-card-name')), ' ', h('strong', { translate: 'no', 'data-test': 'card-name' }, a.username)),
      h('div', {}, h('span', { class: 'muted small' }, t('classes-card-password')), ' ', h('strong', { translate: 'no', class: 'password', 'data-test': 'card-password' }, a.password)),
      h('div', { class: 'small' }, t('classes-card-how')))));
  const print = h('button', { type: 'button', 'data-test': 'cards-print' }, t('classes-printCards'));
  print.addEventListener('click', () => {
    // the cards alone go to the printer: a copy as the body's only shown child
    const sheet = h('div', { class: 'print-sheet' }, cards.cloneNode(true));
    document.body.append(sheet);
    document.body.classList.add('printing-cards');
    const done = () => { document.body.classList.remove('printing-cards'); sheet.remove(); };
    window.addEventListener('afterprint', done, { once: true });
    window.print();
  });
  return h('section', { class: 'card stack', 'data-test': 'cards-box', 'aria-label': t('classes-cards') },
    h('h3', { class: 'minor' }, t('classes-cards')),
    h('p', { class: 'muted' }, t('classes-cardsOnce')),
    cards, h('div', { class: 'row' }, print));
}
