// The header's preferences, kept in the browser: the language, the colour theme (the system's,
// light or dark) and the sound (on or muted).
import { h } from './ui.js';
import { t, LANGUAGES, language, setLanguage } from './text.js';
import { muted, setMuted, play } from './sound.js';

const THEME = 'tabula:theme';
/** @typedef {'auto' | 'dark' | 'light'} Theme the system's, or one chosen */
/** @type {Theme[]} */
const THEMES = ['auto', 'dark', 'light'];

// small line icons (no emoji: not every system has a font for them)
const ICONS = {
  auto: '<circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" stroke-width="2"/><path d="M12 4a8 8 0 0 1 0 16z" fill="currentColor"/>',
  dark: '<path d="M15 3a9 9 0 1 0 6 13 7 7 0 0 1-6-13z" fill="currentColor"/>',
  light: '<circle cx="12" cy="12" r="4.5" fill="currentColor"/><g stroke="currentColor" stroke-width="2" stroke-linecap="round"><path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1"/></g>',
  sound: '<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
  mute: '<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
};
/** @param {keyof typeof ICONS} name */
const icon = (name) => `<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">${ICONS[name]}</svg>`;

/**
 * The theme chosen in this browser (the system's unless one was).
 * @returns {Theme}
 */
function theme() {
  const stored = localStorage.getItem(THEME);
  return THEMES.find((name) => name === stored) || 'auto';
}

function applyTheme() {
  const chosen = theme();
  if (chosen === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = chosen;
}

/** Whether the page is shown dark now. */
export function isDark() {
  const chosen = theme();
  return chosen === 'dark' || (chosen === 'auto' && matchMedia('(prefers-color-scheme: dark)').matches);
}

export function installPrefs() {
  applyTheme();
  const box = document.querySelector('header.top .prefs');
  if (!box) return;
  const themeButton = h('button', { type: 'button', 'data-test': 'theme' });
  const soundButton = h('button', { type: 'button', 'data-test': 'mute' });
  const label = () => {
    const now = theme();
    themeButton.innerHTML = icon(now);
    themeButton.title = t(`prefs-theme-${now}`);
    themeButton.setAttribute('aria-label', t(`prefs-theme-${now}`));
    soundButton.innerHTML = icon(muted() ? 'mute' : 'sound');
    soundButton.title = muted() ? t('prefs-soundOff') : t('prefs-soundOn');
    soundButton.setAttribute('aria-label', soundButton.title);
    soundButton.setAttribute('aria-pressed', String(muted()));
  };
  themeButton.addEventListener('click', () => {
    localStorage.setItem(THEME, THEMES[(THEMES.indexOf(theme()) + 1) % THEMES.length]);
    applyTheme();
    label();
  });
  soundButton.addEventListener('click', () => { setMuted(!muted()); label(); if (!muted()) play('move'); });
  label();
  const langPick = h('select', { 'data-test': 'language', 'aria-label': t('prefs-language'), title: t('prefs-language'), onchange: (e) => setLanguage(e.currentTarget.value) },
    ...LANGUAGES.map(([code, name]) => h('option', { value: code, lang: code, 'aria-label': `${code.toUpperCase()}, ${name}`, selected: code === language() }, code.toUpperCase())));
  box.append(langPick, themeButton, soundButton);
}
