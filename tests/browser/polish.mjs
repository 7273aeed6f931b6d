// Polish for players (issue #33, items 2, 4, 8 and 10): on a phone every control is a target a
// finger hits (44x44 CSS px, WCAG 2.5.5) and no page is wider than the screen; the home page's
// first screen says what Tabula is and lets one play in one tap; Tabula is installable (a
// manifest with icons, a service worker) and its rules open without a network.
import { post, assert, newPage, shot, settled } from './harness.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const MIN = 44;

// The pages a11y.mjs opens, and games against the computer made through the API.
const PAGES = ['/', '/checkmates', '/royal', '/querni', '/quickchess', '/checkmates/solver', '/quickchess/analyse',
  '/rules/checkmates', '/rules/royal', '/rules/querni', '/rules/quickchess', '/learn/quickchess', '/learn/quickchess/1',
  '/learn/checkmates', '/learn/royal', '/daily', '/leaderboard', '/account', '/puzzles'];

/** The view of a game as its creator's seat sees it. */
async function viewOf(base, made) {
  const res = await fetch(`${base}/api/games/${made.id}`, { headers: { Authorization: `Bearer ${made.token}` } });
  return (await res.json()).view;
}

/** Keeps the seats of `games` ([id, seat, token]) in the page's browser, as a player's own. */
async function holdSeats(page, base, games) {
  await page.goto(base + '/');
  await page.evaluate((held) => { for (const [id, seat, token] of held) localStorage.setItem(`tabula:seat:${id}`, JSON.stringify({ seat, token })); }, games);
}

/**
 * Every visible control on the page smaller than 44x44 CSS px, as `what WxH` lines. What is
 * measured: links, buttons, selects, inputs, anything focusable, and the squares of a board
 * one plays on. The rules that leave something out, each named for why:
 * - `inline text link`: a link inside a sentence of a paragraph, list item, cell or caption
 *   (WCAG 2.5.5's "inline" exception: making it 44 px tall would tear the lines apart);
 * - `label is the target`: a checkbox or radio inside a <label> is hit through its whole label,
 *   so the label is measured instead;
 * - `board is a grid`: a board one plays on is one focusable widget whose squares are the
 *   targets, so its squares are measured and not the <svg>;
 * - `screen readers only`: an element clipped to 1 px for screen readers is not seen.
 */
export async function smallTargets(page) {
  return page.evaluate((min) => {
    const seen = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true, opacityProperty: true, visibilityProperty: true });
    const inlineTextLink = (el) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const block = el.closest('p, li, td, th, figcaption, dd');
      if (!block) return false;
      const rest = /** @type {Element} */ (block.cloneNode(true));
      for (const c of rest.querySelectorAll('a, button, select, input')) c.remove();
      return rest.textContent.trim().length > 0;
    };
    const describe = (el) => {
      const test = el.getAttribute('data-test') ? `[data-test=${el.getAttribute('data-test')}]` : '';
      const sq = el.getAttribute('data-sq') ? `[${el.getAttribute('data-sq')}]` : '';
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const text = (el.textContent || el.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ').slice(0, 24);
      return `${el.tagName.toLowerCase()}${test}${sq}${cls}${text ? ` "${text}"` : ''}`;
    };
    const found = [];
    const controls = document.querySelectorAll('a[href], button, select, input:not([type=hidden]), textarea, summary, [role=button], [tabindex]:not([tabindex="-1"])');
    const targets = new Set();
    for (const el of controls) {
      if (el.matches('svg.board[role=grid]')) continue; // board is a grid: its squares below
      if (inlineTextLink(el)) continue;
      const label = el.matches('input[type=checkbox], input[type=radio]') ? el.closest('label') : null;
      targets.add(label || el); // label is the target
    }
    for (const sq of document.querySelectorAll('svg.board[role=grid] rect.sq')) targets.add(sq);
    for (const el of targets) {
      if (!seen(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 && r.height <= 1) continue; // screen readers only
      if (r.width < min - 0.5 || r.height < min - 0.5) found.push(`${describe(el)} ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    return [...new Set(found)];
  }, MIN);
}

/** Opens `path` and waits until it is drawn (a game's board, the lobby's form). */
async function open(page, base, path) {
  await page.goto(base + path);
  await page.locator('#app > *').first().waitFor();
  if (path === '/') await page.locator('[data-test=seek-game]').waitFor();
  if (/\/play\//.test(path)) await page.locator('svg.board').first().waitFor();
  await settled(page);
}

// (a), (d): every page on a phone, a guest's and then a signed-in player's (the lobby's
// rating-range checkbox, the profile): no control under 44x44 and nothing wider than 390 px.
async function phoneTargets({ browser, base }) {
  const chess = await post(base, '/api/games', { kind: 'quickchess', name: 'Ada', options: { variant: 'quickchess', color: 'white' }, bots: [1] });
  const querni = await post(base, '/api/games', { kind: 'querni', name: 'Ada', options: { color: 'blue' }, bots: [1] });
  // a move, so that the move list has entries to measure
  const first = (await viewOf(base, chess)).legal[0];
  await post(base, `/api/games/${chess.id}/act`, { token: chess.token, action: { t: 'move', uci: first.uci } });
  const games = [`/quickchess/play/${chess.id}`, `/querni/play/${querni.id}`];
  const failures = [];
  const { context, page } = await newPage(browser, PHONE);
  await holdSeats(page, base, [[chess.id, chess.seat, chess.token], [querni.id, querni.seat, querni.token]]);
  const check = async (path) => {
    await open(page, base, path);
    if (path.startsWith('/quickchess/play/')) await page.locator('[data-test=moves] button').first().waitFor();
    for (const s of await smallTargets(page)) failures.push(`${path}: ${s}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 390) failures.push(`${path}: the page is ${width} px wide`);
  };
  for (const path of [...PAGES, ...games]) await check(path);
  // the header's menu, open
  await open(page, base, '/');
  const menu = page.locator('[data-test=menu]');
  if (await menu.isVisible()) {
    await menu.click();
    await page.locator('header nav a').first().waitFor();
    for (const s of await smallTargets(page)) failures.push(`/ (menu open): ${s}`);
    await shot(page, 'polish-phone-menu-open');
  } else failures.push('/: no menu button in the header');
  // signed in: the lobby's form has the rated and rating-range checkboxes
  await page.goto(base + '/account');
  await page.locator('[data-test=username]').fill('tapper');
  await page.locator('[data-test=password]').fill('correct horse battery');
  await page.locator('[data-test=signup]').click();
  await page.waitForURL(/\/players\/tapper$/);
  await settled(page);
  for (const s of await smallTargets(page)) failures.push(`/players/tapper: ${s}`);
  await check('/');
  // a checkbox's text stays beside it, not wrapped under it
  const nearBox = page.locator('[data-test=seek-near]');
  assert(await nearBox.count() === 1 || failures.length, 'the lobby has a rating-range checkbox');
  const near = await nearBox.count() === 0 ? { box: 0, text: 0 } : await nearBox.evaluate((box) => {
    const label = box.closest('label');
    const text = [...label.childNodes].find((n) => n.nodeType === Node.TEXT_NODE || (n !== box && n instanceof Element));
    const range = document.createRange();
    range.selectNodeContents(text);
    return { box: box.getBoundingClientRect().right, text: range.getBoundingClientRect().left };
  });
  if (near.text < near.box) failures.push(`/: the rating-range checkbox's words start under it (${near.text} < ${near.box})`);
  await shot(page, 'polish-phone-lobby-signed-in');
  await context.close();
  if (failures.length) throw new Error(`${failures.length} control(s) under 44x44 or pages too wide on a phone:\n  ${failures.join('\n  ')}`);
}

// (b): the home page's first screen on a phone, in each language: a line that says what Tabula
// is, and the lobby's Play-now buttons (quick pairing, a seek, the computer) without scrolling.
async function firstScreen({ browser, base }) {
  for (const language of ['en', 'ru', 'de']) {
    const { context, page } = await newPage(browser, { ...PHONE, locale: language, extraHTTPHeaders: { 'Accept-Language': language } });
    await open(page, base, '/');
    const tagline = page.locator('[data-test=tagline]');
    const lines = await tagline.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    assert(lines === 1, `${language}: the tagline takes ${lines} lines`);
    for (const button of ['quick', 'seek', 'lobby-computer']) {
      const box = await page.locator(`[data-test=${button}]`).boundingBox();
      assert(box && box.y + box.height <= 844, `${language}: ${button} is on the first screen (its bottom at ${box && box.y + box.height})`);
    }
    await shot(page, `polish-phone-first-screen-${language}`);
    await context.close();
  }
  // one tap plays the computer: the game's page, with a board
  const { context, page } = await newPage(browser, PHONE);
  await open(page, base, '/');
  await page.locator('[data-test=lobby-computer]').click();
  await page.waitForURL(/\/quickchess\/play\//);
  await page.locator('svg.board').first().waitFor();
  await context.close();
}

/** The width and height a PNG says it has (its IHDR chunk). @param {ArrayBuffer} bytes */
function pngSize(bytes) {
  const v = new DataView(bytes);
  assert(v.getUint32(0) === 0x89504e47, 'a PNG signature');
  return [v.getUint32(16), v.getUint32(20)];
}

// (c): installable: the manifest is linked and served with its icons; the service worker
// registers; a rules page read once opens again offline; a game says when it is offline.
async function installable({ browser, base }) {
  const { context, page } = await newPage(browser, PHONE);
  await open(page, base, '/rules/querni');
  const href = await page.locator('link[rel=manifest]').getAttribute('href');
  assert(href === '/manifest.webmanifest', `the manifest is linked: ${href}`);
  const res = await fetch(base + href);
  assert(res.ok && res.headers.get('content-type')?.startsWith('application/manifest+json'), `the manifest is served: ${res.status} ${res.headers.get('content-type')}`);
  const manifest = await res.json();
  for (const key of ['name', 'short_name', 'theme_color', 'background_color']) assert(manifest[key], `the manifest has ${key}`);
  assert(manifest.start_url === '/' && manifest.display === 'standalone', 'starts at / as an app');
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.type === 'image/png');
    assert(icon, `a ${size} px PNG icon`);
    const got = await fetch(new URL(icon.src, base + '/'));
    assert(got.ok && got.headers.get('content-type') === 'image/png', `${icon.src} is served as a PNG`);
    const [w, h] = pngSize(await got.arrayBuffer());
    assert(w === size && h === size, `${icon.src} is ${w}x${h}`);
  }
  assert(manifest.icons.some((i) => i.type === 'image/svg+xml'), 'an SVG icon');
  assert(await page.locator('meta[name=theme-color]').count() > 0, 'a theme colour');
  const touch = await page.locator('link[rel=apple-touch-icon]').getAttribute('href');
  assert((await fetch(base + touch)).ok, `the touch icon ${touch} is served`);
  // the worker: registered at the root, controlling the page, and holding the page's assets
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  assert(scope === base + '/', `the worker's scope is the site: ${scope}`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // (the page loads them by content-hashed names: /assets/rules.<16 hex>.js, /assets/i18n/en.<16 hex>.ftl)
  await page.waitForFunction(async () => {
    const names = (await Promise.all((await caches.keys()).map(async (c) => (await (await caches.open(c)).keys()).map((r) => new URL(r.url).pathname)))).flat();
    return names.some((n) => /^\/assets\/rules\.[0-9a-f]{16}\.js$/.test(n)) && names.some((n) => /^\/assets\/i18n\/en\.[0-9a-f]{16}\.ftl$/.test(n));
  });
  const title = await page.locator('h1').first().innerText();
  const sections = await page.locator('.rules-section').count();
  await context.setOffline(true);
  const down = await page.evaluate(() => fetch('/api/health').then(() => 'reached', () => 'refused'));
  assert(down === 'refused', 'offline, the server cannot be reached');
  await page.reload();
  await page.locator('.rules-section').first().waitFor();
  assert((await page.locator('h1').first().innerText()) === title, `the rules page opens offline: ${title}`);
  assert((await page.locator('.rules-section').count()) === sections, 'every section of the rules is there offline');
  await shot(page, 'polish-offline-rules');
  await context.setOffline(false);
  // a game: offline, the notice says so; back online, it goes
  const made = await post(base, '/api/games', { kind: 'quickchess', name: 'Ada', options: { variant: 'quickchess', color: 'white' }, bots: [1] });
  await holdSeats(page, base, [[made.id, made.seat, made.token]]);
  await open(page, base, `/quickchess/play/${made.id}`);
  const notice = page.locator('#offline');
  assert(!(await notice.isVisible()), 'no offline notice while online');
  await context.setOffline(true);
  await notice.waitFor({ state: 'visible' });
  assert(/offline/i.test(await notice.innerText()), `the notice says offline: ${await notice.innerText()}`);
  assert((await notice.getAttribute('role')) === 'status', 'the notice is announced');
  await shot(page, 'polish-offline-game');
  await context.setOffline(false);
  await notice.waitFor({ state: 'hidden' });
  await context.close();
}

// (8): a toast on a phone's game page stands clear of the actions under the board.
async function toastClear({ browser, base }) {
  const made = await post(base, '/api/games', { kind: 'quickchess', name: 'Ada', options: { variant: 'quickchess', color: 'white' }, bots: [1] });
  const { context, page } = await newPage(browser, PHONE);
  await holdSeats(page, base, [[made.id, made.seat, made.token]]);
  await open(page, base, `/quickchess/play/${made.id}`);
  for (const scroll of [0, 10000]) {
    await page.evaluate((y) => window.scrollTo(0, y), scroll);
    await page.evaluate(() => import('/assets/ui.js').then((m) => m.toast('A refusal long enough to take two lines on a phone screen')));
    const toast = page.locator('#toast.show');
    await toast.waitFor();
    assert((await toast.getAttribute('role')) === 'status', 'the toast is announced');
    const over = await page.evaluate(() => {
      const t = document.querySelector('#toast').getBoundingClientRect();
      return [...document.querySelectorAll('[data-test=actions] button, [data-test=moves] button')].filter((b) => {
        const r = b.getBoundingClientRect();
        return r.width > 0 && r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top;
      }).map((b) => b.textContent);
    });
    assert(over.length === 0, `the toast covers ${over.join(', ')} (scrolled to ${scroll})`);
  }
  await shot(page, 'polish-phone-toast');
  await context.close();
}

/** The contrast ratio of two `rgb(...)` colours (WCAG's relative luminance). */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// (8): in the dark theme the "you" tag's words, and the outline of a captured black piece on
// its bar, stand out from what is behind them by 4.5:1 (a black piece is drawn near-black: on
// the dark bar its shape is its outline).
async function darkContrast({ browser, base }) {
  const made = await post(base, '/api/games', { kind: 'quickchess', name: 'Ada', options: { variant: 'chess', color: 'white', fen: 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' }, bots: [1] });
  await post(base, `/api/games/${made.id}/act`, { token: made.token, action: { t: 'move', uci: 'e4d5' } });
  const { context, page } = await newPage(browser, { ...PHONE, colorScheme: 'dark' });
  await holdSeats(page, base, [[made.id, made.seat, made.token]]);
  await open(page, base, `/quickchess/play/${made.id}`);
  await page.locator('[data-test=captured-white] svg:has(use[href="#bP"])').waitFor();
  const seen = await page.evaluate(() => {
    const behind = (el) => {
      for (let e = el; e; e = e.parentElement) {
        const bg = getComputedStyle(e).backgroundColor;
        if (bg && !/rgba\(.*, 0\)$|transparent/.test(bg)) return bg;
      }
      return 'rgb(255, 255, 255)';
    };
    const tag = document.querySelector('.tag.you');
    const svg = document.querySelector('[data-test=captured-white] svg:has(use[href="#bP"])');
    const outline = getComputedStyle(svg).filter.match(/rgba?\([^)]*\)/);
    return { tag: [getComputedStyle(tag).color, behind(tag)], piece: [outline ? outline[0] : 'rgb(47, 42, 38)', behind(svg.parentElement)] };
  });
  const tag = contrast(...seen.tag);
  const piece = contrast(...seen.piece);
  assert(tag >= 4.5, `the you tag: ${tag.toFixed(2)}:1 (${seen.tag.join(' on ')})`);
  assert(piece >= 4.5, `a captured black piece: ${piece.toFixed(2)}:1 (${seen.piece.join(' on ')})`);
  await context.close();
}

export const polishScenarios = [
  ['polish: every control on every phone page is at least 44x44 px and no page is wider than the phone', phoneTargets],
  ['polish: the home page\'s first phone screen says what Tabula is and plays in one tap', firstScreen],
  ['polish: installable, a service worker, the rules offline and an offline notice in games', installable],
  ['polish: a toast on a phone does not cover the game\'s actions', toastClear],
  ['polish: dark theme, the you tag and the captured black pieces stand out (4.5:1)', darkContrast],
];
