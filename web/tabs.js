// Panels beside a board that take turns on a phone: there the column under the board is one
// screen wide, and the opening explorer under the moves, the review and the chat would sit
// several screens down, so each panel gets a tab (the WAI-ARIA tabs pattern: arrow keys move
// between the tabs, the chosen one is read out as selected). On a wider screen there is room
// beside the board for all of them, one under another, and no tab is drawn.
import { h } from './ui.js';

/** @import { Children } from './ui.js' */

/** The widths at which the table layout puts the panel under the board (app.css, `.table`). */
const phone = matchMedia('(max-width: 859px)');
/**
 * The tab boxes drawn, each with its drawing: redrawn when the width crosses the line. A page
 * draws its panels anew on every change (a clock's tick), so the boxes it has dropped are let
 * go once it has put the new one in place.
 * @type {Map<HTMLElement, () => void>}
 */
const drawn = new Map();
let pruning = false;
const prune = () => {
  pruning = false;
  for (const box of drawn.keys()) if (!box.isConnected) drawn.delete(box);
};
phone.addEventListener('change', () => {
  for (const [box, draw] of drawn) if (box.isConnected) draw();
  prune();
});

/**
 * @typedef {object} PhoneTab
 * @property {string} id a name for its ids and `data-tab` (unique in the page)
 * @property {string} label the tab's words
 * @property {(asTab: boolean) => Children} content what it shows, as a tab (asked only when
 *   it is the tab shown, so a panel that loads its data loads it then) or on a wide screen
 */

/**
 * Which tab is chosen, kept by a page across its redraws (a redraw makes the panels anew).
 * @typedef {{ chosen: string }} TabMemory
 */

/**
 * The panels `tabs`, as tabs on a phone (the one `memory` names shown) and one under another
 * on a wider screen; it redraws itself when the width crosses the line (a phone turned).
 * @param {string} label the tab list's accessible name
 * @param {PhoneTab[]} tabs
 * @param {TabMemory} memory
 */
export function phoneTabs(label, tabs, memory) {
  const box = h('div', { class: 'stack phone-tabs' });
  const draw = () => {
    if (!phone.matches) {
      box.replaceChildren(...tabs.map((tab) => h('div', { class: 'stack', 'data-tab': tab.id }, tab.content(false))));
      return;
    }
    if (!tabs.some((tab) => tab.id === memory.chosen)) memory.chosen = tabs[0].id;
    const buttons = tabs.map((tab) => {
      const chosen = tab.id === memory.chosen;
      return h('button', {
        type: 'button', role: 'tab', class: 'tab', id: `tab-${tab.id}`, 'aria-controls': `tabpanel-${tab.id}`,
        'aria-selected': String(chosen), tabindex: chosen ? '0' : '-1', 'data-test': `tab-${tab.id}`,
        onclick: () => choose(tab.id),
      }, tab.label);
    });
    const list = h('div', { role: 'tablist', class: 'tabs', 'aria-label': label }, ...buttons);
    list.addEventListener('keydown', (e) => {
      const at = tabs.findIndex((tab) => tab.id === memory.chosen);
      const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key];
      if (to === undefined) return;
      // the arrows here move between tabs, not through a game's moves (the page's own keys)
      e.preventDefault();
      e.stopPropagation();
      choose(tabs[(to + tabs.length) % tabs.length].id);
    });
    const panels = tabs.map((tab) => h('div', {
      role: 'tabpanel', class: 'stack', id: `tabpanel-${tab.id}`, 'aria-labelledby': `tab-${tab.id}`,
      'data-tab': tab.id, hidden: tab.id !== memory.chosen,
    }, tab.id === memory.chosen ? tab.content(true) : ''));
    box.replaceChildren(list, ...panels);
  };
  /**
   * Shows the tab `id`, which keeps the focus (the tabs are drawn anew, so the one tapped or
   * reached by an arrow key would otherwise lose it).
   * @param {string} id
   */
  const choose = (id) => {
    memory.chosen = id;
    draw();
    /** @type {HTMLElement | null} */ (box.querySelector(`#tab-${id}`))?.focus();
  };
  drawn.set(box, draw);
  // after the page's drawing is in place: the box it replaced is out of the page by then
  if (!pruning) { pruning = true; setTimeout(prune, 0); }
  draw();
  return box;
}
