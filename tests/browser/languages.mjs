// The web app in Russian and German: every page (the home and game pages, games being played,
// the players' pages) loaded by a browser that asks for the language, its visible words
// compared with an allow-list of names and notation; the Russian plural forms; the language
// menu in the header, remembered; screenshots on a phone and a desktop, light and dark, with
// nothing wider than the phone's screen.
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shot, assert, newPage, post, stamp as newStamp, settled } from './harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

// Latin-letter words that may stay in a Russian or German page: the names a printed rulebook
// in that language keeps (The Royal Study's German rulebook keeps its name; Три на три is the
// Russian edition of Check Mates), QuickChess and Tabula as brand names, notation and formats,
// a program's name, the language menu, and the players' names these tests choose. The lesson
// games' and variants' names are not among them: they are translated.
const NAMES = 'Tabula QuickChess Fairy-Stockfish FEN PGN FIDE PDF EN RU DE Ann Bob';
const ALLOWED = {
  ru: new Set(NAMES.split(/\s+/)),
  // German words these pages share with English are not English words left (GERMAN, below)
  de: new Set(`${NAMES} The Royal Study Querni Lobby Solo Joker Tipp Match Remis Blitz Link Links Online Spiel Start`.split(/\s+/)),
};
// German shares some words with English; these count as German here.
const GERMAN = new Set(`in an so da was war will also hat Hand Land Name Rest fast Browser per Computer Sand Bonus Optimum Position
  Status Material Analyse Minimum Team Code pro Symbol Min en passant diagonal minus stand Option Deck Bullet UltraBullet Bring
  Moderation Chat Spam System Arena Serie Berserk`.split(/\s+/).map((w) => w.toLowerCase()));

/** The Latin words of a page's visible text that are not allowed. */
async function foreignWords(page, language) {
  // links shown to be copied are addresses, not words
  // players' names are marked translate="no" by the pages and are not words of the app
  // the choices of every list (the variants among them) are words of the page too
  const text = (await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = '[translate="no"] { display: none !important; }';
    document.head.append(style);
    const seen = document.body.innerText;
    style.remove();
    const options = [...document.querySelectorAll('option')].filter((o) => !o.closest('[translate="no"]')).map((o) => o.textContent);
    return `${seen}\n${options.join('\n')}`;
  })).replace(/https?:\/\/\S+/g, ' ');
  const words = text.match(/[A-Za-z][A-Za-z'-]*[A-Za-z]/g) || [];
  const allowed = ALLOWED[language];
  if (language === 'ru') return [...new Set(words.filter((w) => !allowed.has(w) && !/^[pnbrqk]+$/i.test(w)))]; // FEN ranks are notation
  // German is written in Latin letters: a word is English when it is in a list of common
  // English words and not also German.
  return [...new Set(words.filter((w) => ENGLISH.has(w.toLowerCase()) && !allowed.has(w) && !GERMAN.has(w.toLowerCase())))];
}

// Common English words of this app's texts (the English catalogue's own words, less those
// German shares), so a German page with an English sentence left in is caught.
const ENGLISH = new Set();
for (const file of readdirSync(join(here, '../../web/i18n/en'))) {
  const text = readFileSync(join(here, '../../web/i18n/en', file), 'utf8');
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.includes('=')) continue;
    const value = line.slice(line.indexOf('=') + 1).replace(/\{[^}]*\}/g, ' ');
    for (const w of value.match(/[A-Za-z][A-Za-z']+/g) || []) ENGLISH.add(w.toLowerCase());
  }
}
// (the computer is "Computer" in German, never a "Bot": the server's "Bot 3" for a computer's
// seat is English left on the page)
for (const w of ['tabula', 'querni', 'quickchess', 'fen', 'solo', 'match', 'start', 'link', 'online', 'blitz', 'minimum', 'joker', 'lobby']) ENGLISH.delete(w);
ENGLISH.add('bot');

/** A context whose browser asks for `language` (Accept-Language and navigator.languages). */
async function pageIn(browser, language, viewport = DESKTOP, extra = {}) {
  return newPage(browser, { viewport, locale: language, extraHTTPHeaders: { 'Accept-Language': language }, ...extra });
}

/** Opens `path`, waits for the page to settle, and checks its words and that no key is missing. */
export async function checkPage(page, base, language, path, ready) {
  if (path) await page.goto(base + path);
  await page.waitForFunction(() => document.querySelector('#app').children.length > 0);
  if (ready) await ready(page);
  await settled(page);
  const missing = await page.evaluate(() => window.tabulaMissingText || []);
  assert(missing.length === 0, `${language} ${path || page.url()}: messages missing: ${missing.join(', ')}`);
  const foreign = await foreignWords(page, language);
  if (foreign.length) {
    const text = await page.evaluate(() => document.body.innerText);
    const at = text.search(new RegExp(`\\b${foreign[0]}\\b`));
    throw new Error(`${language} ${path || page.url()}: English words left: ${foreign.join(', ')} (as in "${text.slice(Math.max(0, at - 60), at + 40).replace(/\s+/g, ' ')}")`);
  }
  assert((await page.evaluate(() => document.documentElement.lang)) === language, `${language}: <html lang>`);
}

/** Starts a game from a game's home page by its button, after typing a nickname. */
async function startFrom(page, base, path, button, lands) {
  await page.goto(base + path);
  const name = page.locator('main input[maxlength="24"]').first();
  if (await name.count()) await name.fill('Ann');
  await page.locator(`[data-test=${button}]`).click();
  await page.waitForURL(lands);
}

const PAGES = ['/', '/checkmates', '/checkmates/solver', '/royal', '/querni', '/quickchess', '/quickchess/analyse', '/daily', '/account', '/leaderboard', '/nowhere',
  '/rules/checkmates', '/rules/royal', '/rules/querni', '/rules/quickchess', '/learn/quickchess', '/learn/quickchess/1', '/learn/quickchess/4',
  '/learn/quickchess/9', '/learn/quickchess/12', '/learn/checkmates', '/learn/royal'];

/** Two accounts and a rated blitz game between them: the leaderboard has a pool to show. */
async function aRatedPool(base) {
  const stamp = newStamp();
  const cookies = [];
  for (const name of [`lgann${stamp}`, `lgbob${stamp}`]) {
    const res = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: name, password: 'correct horse battery' }) });
    assert(res.ok, `${name} signs up`);
    cookies.push(res.headers.get('set-cookie').split(';')[0]);
  }
  const call = async (path, body, cookie) => (await fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify(body) })).json();
  const g = await call('/api/games', { kind: 'quickchess', name: 'x', options: { variant: 'quickchess', color: 'white', clock: { initial_s: 180, increment_s: 2 } }, bots: [], rated: true }, cookies[0]);
  const j = await call(`/api/games/${g.id}/join`, { name: 'y' }, cookies[1]);
  for (let ply = 0; ply < 4; ply++) {
    const token = [g.token, j.token][ply % 2];
    const { view } = await (await fetch(`${base}/api/games/${g.id}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    await post(base, `/api/games/${g.id}/act`, { token, action: { t: 'move', uci: view.legal[0].uci } });
  }
  await post(base, `/api/games/${g.id}/act`, { token: g.token, action: { t: 'resign' } });
}

async function everyPageInRussianAndGerman({ browser, base }) {
  await aRatedPool(base);
  for (const language of ['ru', 'de']) {
    const { context, page } = await pageIn(browser, language);
    /** @type {Record<string, (p: import('playwright-core').Page) => Promise<unknown>>} what each page waits for */
    const ready = {
      '/': (p) => p.locator('[data-test=lobby] h3').first().waitFor(),
      '/leaderboard': (p) => p.locator('[data-test=leaderboard]').waitFor(),
      '/learn/quickchess/12': (p) => p.locator('[data-test=learn-no-box]').waitFor(),
    };
    for (const path of PAGES) await checkPage(page, base, language, path, ready[path] || null);
    // the setup forms with their custom clock open: the minutes and the increment in words
    for (const game of ['quickchess', 'querni']) {
      await checkPage(page, base, language, `/${game}`, async (p) => {
        await p.locator('[data-test=clock-custom]').click();
        await p.locator('[data-test=custom-minutes]').waitFor();
      });
    }
    // games being played
    await startFrom(page, base, '/checkmates', 'solo', /\/checkmates\/solo\//);
    await checkPage(page, base, language, null, (p) => p.locator('svg.board').first().waitFor());
    await startFrom(page, base, '/royal', 'solo', /\/royal\/solo\//);
    await checkPage(page, base, language, null, (p) => p.locator('svg.board').first().waitFor());
    await startFrom(page, base, '/quickchess', 'vs-computer', /\/quickchess\/play\//);
    await checkPage(page, base, language, null, (p) => p.locator('svg.board').first().waitFor());
    await page.locator('[data-test=resign]').click().catch(() => {});
    await startFrom(page, base, '/querni', 'vs-computer', /\/querni\/play\//);
    await checkPage(page, base, language, null, (p) => p.locator('svg.board').first().waitFor());
    await startFrom(page, base, '/checkmates', 'party', /\/checkmates\/party\//);
    await checkPage(page, base, language, null, (p) => p.locator('[data-test=add-bot]').waitFor());
    // the computer at the table, named in the page's language, then the party played
    await page.locator('[data-test=add-bot]').click();
    await page.locator('.player[data-seat="1"]').waitFor();
    await checkPage(page, base, language, null, null);
    await page.locator('[data-test=start]').click();
    await checkPage(page, base, language, null, (p) => p.locator('svg.board').first().waitFor());
    // a Royal Study match against the computer
    await startFrom(page, base, '/royal', 'vs-bot', /\/royal\/match\//);
    await checkPage(page, base, language, null, (p) => p.locator('svg.board').first().waitFor());
    // a refusal from the server, in the page's language: a wrong password
    await page.goto(base + '/account');
    await page.locator('[data-test=username]').fill('nobody-here');
    await page.locator('[data-test=password]').fill('not the password');
    await page.locator('[data-test=login]').click();
    await page.locator('#toast.show').waitFor();
    const toastText = await page.locator('#toast').innerText();
    assert(language === 'ru' ? /Неверное имя или пароль/.test(toastText) : /Falscher Name oder falsches Passwort/.test(toastText), `${language}: the refusal in words: ${toastText}`);
    await context.close();
  }
}

async function russianPlurals({ browser, base }) {
  const { context, page } = await pageIn(browser, 'ru');
  await page.goto(base + '/');
  await page.waitForFunction(() => document.querySelector('#app').children.length > 0);
  const forms = await page.evaluate(async () => {
    const { t } = await import('/assets/text.js');
    return [1, 2, 5, 21, 11, 22, 111].map((moves) => t('solver-minimum', { moves }));
  });
  const expected = ['Минимум: 1 движение', 'Минимум: 2 движения', 'Минимум: 5 движений', 'Минимум: 21 движение',
    'Минимум: 11 движений', 'Минимум: 22 движения', 'Минимум: 111 движений'];
  assert(JSON.stringify(forms) === JSON.stringify(expected), `Russian plurals: ${forms.join(' / ')}`);
  // the daily page counts The Royal Study's chess moves (ходы) and Три на три's movements of
  // tokens (движения, as the Russian edition's rulebook says)
  const moves = await page.evaluate(async () => {
    const { t } = await import('/assets/text.js');
    return ['royal', 'checkmates'].map((game) => [1, 2, 5, 21].map((moves) => t('daily-yesterdayMoves', { moves, game })).join(' '));
  });
  assert(moves[0] === '1 ход: 2 хода: 5 ходов: 21 ход:', `ход, хода, ходов: ${moves[0]}`);
  assert(moves[1] === '1 движение: 2 движения: 5 движений: 21 движение:', `движение, движения, движений: ${moves[1]}`);
  const solved = await page.evaluate(async () => {
    const { t } = await import('/assets/text.js');
    return ['royal', 'checkmates'].map((game) => t('daily-soFar', { count: 21, optimum: 4, game }));
  });
  assert(solved[0].startsWith('Пока 21 ход;') && solved[1].startsWith('Пока 21 движение;'), `so far: ${solved.join(' / ')}`);
  await context.close();
}

async function languageMenuIsRemembered({ browser, base }) {
  const { context, page } = await pageIn(browser, 'en');
  await page.goto(base + '/royal');
  await page.locator('main h1').waitFor();
  assert((await page.locator('header nav a').first().innerText()) === 'Check Mates', 'English for an English browser');
  const navIs = (n, text) => page.waitForFunction(([i, w]) => document.querySelectorAll('header nav a')[i]?.textContent === w, [n, text], { timeout: 10000 }).then(() => true, () => false);
  await Promise.all([page.waitForEvent('load'), page.locator('[data-test=language]').selectOption('ru')]);
  assert(await navIs(0, 'Три на три'), 'Russian after choosing it');
  assert(page.url().endsWith('/royal'), 'the same page');
  await page.goto(base + '/quickchess');
  assert(await navIs(5, 'Задача дня'), 'still Russian on another page');
  // the server knows the choice too (the cookie), over the browser's Accept-Language
  const html = await page.evaluate(async () => (await fetch('/', { headers: { 'Accept-Language': 'en' } })).text());
  assert(html.includes('<html lang="ru" data-negotiated>'), 'the server serves the chosen language');
  await Promise.all([page.waitForEvent('load'), page.locator('[data-test=language]').selectOption('de')]);
  assert(await navIs(5, 'Tagesrätsel'), 'German after choosing it');
  await context.close();
  // a browser asking for German with a region, and one asking for a language we lack
  const de = await pageIn(browser, 'de-AT');
  await de.page.goto(base + '/');
  await de.page.locator('main h1').waitFor();
  assert((await de.page.locator('header nav a').nth(4).innerText()) === 'Löser', 'de-AT gets German');
  await de.context.close();
  const fr = await pageIn(browser, 'fr-FR');
  await fr.page.goto(base + '/');
  await fr.page.locator('main h1').waitFor();
  assert((await fr.page.locator('header nav a').nth(4).innerText()) === 'Solver', 'French falls back to English');
  await fr.context.close();
}

async function vendoredLibraryIsThePackage() {
  const src = join(here, 'node_modules/@fluent/bundle/esm');
  const dest = join(here, '../../web/vendor/fluent-bundle');
  const copied = (f) => f.endsWith('.js') || f.endsWith('.d.ts');
  const js = readdirSync(src).filter(copied);
  assert(js.length > 5, 'the package has its modules');
  for (const f of js) assert(readFileSync(join(src, f)).equals(readFileSync(join(dest, f))), `web/vendor/fluent-bundle/${f} differs from the npm package: run scripts/vendor-web.sh`);
  const vendored = readdirSync(dest).filter(copied);
  assert(vendored.length === js.length, 'no other file in web/vendor/fluent-bundle');
}

async function phoneAndDesktopScreenshots({ browser, base }) {
  // a finished game, so the home page lists one among the recent games
  const g = await post(base, '/api/games', { kind: 'quickchess', name: 'Ann', options: { variant: 'power-pawns' }, bots: [1] });
  await post(base, `/api/games/${g.id}/act`, { token: g.token, action: { t: 'resign' } });
  for (const language of ['ru', 'de']) {
    for (const scheme of ['light', 'dark']) {
      for (const [device, viewport, extra] of [['phone', PHONE, { isMobile: true, hasTouch: true }], ['desktop', DESKTOP, {}]]) {
        const { context, page } = await pageIn(browser, language, viewport, { colorScheme: scheme, ...extra });
        const pages = [['home', '/'], ['checkmates', '/checkmates'], ['royal', '/royal'], ['quickchess', '/quickchess'], ['account', '/account'], ['daily', '/daily'],
          ['learn', '/learn/quickchess'], ['learn-box3', '/learn/quickchess/3'], ['learn-box9', '/learn/quickchess/9']];
        for (const [name, path] of pages) {
          await page.goto(base + path);
          await page.locator('main h1, main h2').first().waitFor();
          await settled(page);
          if (device === 'phone') {
            const width = await page.evaluate(() => document.documentElement.scrollWidth);
            assert(width <= 390, `${language} ${name} on a phone is ${width} px wide`);
          }
          if (name === 'home') {
            // the recent games load (each named with its players) rather than failing
            await page.waitForFunction(() => !document.querySelector('[data-test=recent]')?.textContent.endsWith('…'));
            const failed = await page.evaluate(async () => (await import('/assets/text.js')).t('home-recentFailed'));
            assert(!(await page.locator('[data-test=recent]').innerText()).includes(failed), `${language}: the recent games load`);
            assert((await page.locator('[data-test=recent] a').count()) > 0, `${language}: a finished game is listed`);
          }
          if (name.startsWith('learn-box')) await page.locator('[data-test=king-board] svg.board').waitFor();
          if (scheme === 'light' || name === 'home' || name.startsWith('learn')) await shot(page, `lang-${language}-${name}-${device}-${scheme}`);
        }
        // a game being played
        await startFrom(page, base, '/quickchess', 'vs-computer', /\/quickchess\/play\//);
        await page.locator('svg.board').first().waitFor();
        if (device === 'phone') {
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          assert(width <= 390, `${language} a QuickChess game on a phone is ${width} px wide`);
        }
        await shot(page, `lang-${language}-quickchess-game-${device}-${scheme}`);
        await context.close();
      }
    }
  }
}

export const languageScenarios = [
  ['languages: the vendored Fluent library is the npm package', vendoredLibraryIsThePackage],
  ['languages: Russian plural forms', russianPlurals],
  ['languages: the header menu switches and remembers', languageMenuIsRemembered],
  ['languages: every page in Russian and German, no English left', everyPageInRussianAndGerman],
  ['languages: phone and desktop, light and dark, nothing too wide', phoneAndDesktopScreenshots],
];

// Each game's rules page: diagrams drawn by the board renderer and Tabula's own choices marked,
// the same in every language; reached from the game's page.
async function rulesPages({ browser, base }) {
  const counts = {};
  for (const language of ['en', 'ru', 'de']) {
    const { context, page } = await pageIn(browser, language, PHONE, { isMobile: true, hasTouch: true });
    for (const game of ['checkmates', 'royal', 'querni', 'quickchess']) {
      if (language === 'en') {
        await page.goto(`${base}/${game}`);
        await page.locator('[data-test=rules-link]').click();
        await page.waitForURL(`${base}/rules/${game}`);
      } else await page.goto(`${base}/rules/${game}`);
      await page.locator('.rules-section').first().waitFor();
      const seen = await page.evaluate(() => ({
        diagrams: document.querySelectorAll('.rules-figure svg.board').length,
        ours: document.querySelectorAll('p.ours .ours-tag').length,
        sections: document.querySelectorAll('.rules-section').length,
        width: document.documentElement.scrollWidth,
      }));
      assert(seen.diagrams >= 2 && seen.ours >= 1, `${language} ${game}: diagrams and our choices: ${JSON.stringify(seen)}`);
      assert(seen.width <= 390, `${language} ${game} rules on a phone are ${seen.width} px wide`);
      const key = `${game}`;
      if (counts[key]) assert(JSON.stringify(counts[key]) === JSON.stringify({ ...seen, width: 0 }), `${language} ${game}: the same page as in English`);
      else counts[key] = { ...seen, width: 0 };
      await shot(page, `rules-${game}-${language}-phone`);
    }
    await context.close();
  }
  // the choices RULES.md marks [ours] are all on the pages: Check Mates 3 (token split, chess
  // stars, set-aside card), Royal 2 (deck, hourglass), Querni 4 (setup, jumps, stranding, draw
  // count), QuickChess 8 (box setup, lesson setups, tie-break, passing, rescue, draws, Pro
  // Formations, Blind)
  const ours = Object.fromEntries(Object.entries(counts).map(([g, c]) => [g, c.ours]));
  assert(JSON.stringify(ours) === JSON.stringify({ checkmates: 3, royal: 2, querni: 4, quickchess: 8 }), `our choices marked: ${JSON.stringify(ours)}`);
}

languageScenarios.push(['languages: the rules pages, with diagrams and our choices marked', rulesPages]);

// Print and play: each puzzle game's page offers its deck as a PDF in the page's language,
// and the link gets one.
async function printedDeckInThePagesLanguage({ browser, base }) {
  for (const [language, game, name] of [['ru', 'checkmates', 'Скачать колоду (PDF)'], ['de', 'royal', 'Deck herunterladen (PDF)']]) {
    const { context, page } = await pageIn(browser, language);
    await page.goto(`${base}/${game}`);
    const link = page.locator('[data-test=print-download]');
    await link.waitFor();
    assert((await link.innerText()).trim() === name, `${language}: the download's words: ${await link.innerText()}`);
    const href = await link.getAttribute('href');
    assert(href === `/api/deck/${game}.pdf?lang=${language}`, `${language}: the download asks for the page's language: ${href}`);
    const answer = await page.request.get(base + href);
    assert(answer.status() === 200, `${href}: HTTP ${answer.status()}`);
    assert(answer.headers()['content-type'] === 'application/pdf', `${href}: ${answer.headers()['content-type']}`);
    const body = await answer.body();
    assert(body.subarray(0, 5).toString() === '%PDF-' && body.length > 10000, `${href}: a PDF of ${body.length} bytes`);
    await context.close();
  }
}

languageScenarios.push(['languages: the printed deck downloads in the page\'s language', printedDeckInThePagesLanguage]);
