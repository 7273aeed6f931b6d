// Print and play: the download of a game's deck as a PDF for duplex printing, in the page's
// language (the server draws it: GET /api/deck/{game}.pdf?lang=xx).
import { h } from './ui.js';
import { t, language } from './text.js';

/**
 * The print-and-play section of a game's page.
 * @param {'checkmates' | 'royal'} game
 */
export function printDeck(game) {
  return [
    h('h2', {}, t('print-title')),
    h('div', { class: 'card stack', 'data-test': 'print' },
      h('p', {}, t('print-lead')),
      h('p', { class: 'muted' }, t('print-help')),
      h('p', { class: 'row' },
        h('a', { class: 'button', href: `/api/deck/${game}.pdf?lang=${language()}`, download: `${game}-${language()}.pdf`, 'data-test': 'print-download' }, t('print-download')))),
  ];
}
