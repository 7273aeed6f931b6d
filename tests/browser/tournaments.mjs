// Tournaments (issue #30, item 1), by clicks: a player makes an arena with the form and sees
// its countdown; three players (two phones, a desktop) join a short Querni arena from its
// page, two are paired and their pages open the game, one resigns, both go back to the
// tournament (the winner having berserked), and a spectator's open page shows the standings
// move without a reload; the
// third player is paired next;
// then the list and a tournament's page in three languages, light and dark, phone and desktop
// (no message missing, no English left, nothing wider than the screen, axe clean).
// Check Mates parties (item 3): the form's kind and game follow each other; two players join
// a short one and are seated at one table, whose party opens on both their pages; the page in
// Russian and German.
import { shot, assert, newPage, signUp, stamp as newStamp } from './harness.mjs';
import { axeFindings } from './moderation.mjs';
import { checkPage } from './languages.mjs';

// axe's script goes in past the page's Content-Security-Policy
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true };
const DESKTOP = { viewport: { width: 1366, height: 900 }, bypassCSP: true };

/** The standings as the page shows them: name → points. @param {import('playwright-core').Page} page */
async function standings(page) {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-test=standings] tr')].slice(1)
    .map((tr) => [tr.children[1].querySelector('a')?.textContent ?? '', Number(tr.children[2].textContent)])));
}

async function arenaOfThree({ browser, base }) {
  const stamp = newStamp();
  const names = [`ta${stamp}`, `tb${stamp}`, `tc${stamp}`];
  const players = [await newPage(browser, PHONE), await newPage(browser, DESKTOP), await newPage(browser, PHONE)];
  for (const [i, p] of players.entries()) await signUp(p.page, base, names[i]);
  const [a, b, c] = players.map((p) => p.page);

  // the form makes a tournament; its page counts down to the start
  await a.goto(`${base}/tournaments`);
  await a.locator('[data-test=tour-kind]').selectOption('arena');
  await a.locator('[data-test=tour-game]').selectOption('quickchess');
  await a.locator('[data-test=tour-minutes]').fill('20');
  await a.locator('[data-test=tour-name]').fill('Evening <b>blitz</b>');
  await a.locator('[data-test=tour-make]').click();
  await a.waitForURL(/\/tournaments\/\w+$/);
  await a.locator('h1', { hasText: 'Evening <b>blitz</b>' }).waitFor();
  await a.locator('[data-test=tour-status]', { hasText: /Starts in \d+:\d\d/ }).waitFor();
  await a.locator('[data-test=tour-join]').click();
  await a.locator('[data-test=tour-withdraw]').waitFor();
  await shot(a, 'tournament-upcoming-phone');

  // a short arena to play: made by the API (the form's shortest start is a minute away)
  const made = await a.evaluate(async () => (await fetch('/api/tournaments', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind: 'arena', game: 'querni', clock: { initial_s: 120, increment_s: 0 }, minutes: 2, rated: true, starts_in_s: 4 }) })).json());
  assert(made.id, `an arena: ${JSON.stringify(made)}`);
  const path = `${base}/tournaments/${made.id}`;
  for (const p of [a, b, c]) {
    await p.goto(path);
    await p.locator('[data-test=tour-join]').click();
    await p.locator('[data-test=tour-withdraw]').waitFor();
  }
  // two of the three are paired: their pages open their games; the third waits
  const opened = await Promise.race([
    Promise.all([a.waitForURL(/\/querni\/play\//, { timeout: 20_000 }), b.waitForURL(/\/querni\/play\//, { timeout: 20_000 })]).then(() => [a, b, c]),
    Promise.all([a.waitForURL(/\/querni\/play\//, { timeout: 20_000 }), c.waitForURL(/\/querni\/play\//, { timeout: 20_000 })]).then(() => [a, c, b]),
    Promise.all([b.waitForURL(/\/querni\/play\//, { timeout: 20_000 }), c.waitForURL(/\/querni\/play\//, { timeout: 20_000 })]).then(() => [b, c, a]),
  ]);
  const [first, second, waiting] = opened;
  await waiting.locator('[data-test=tour-waiting]').waitFor({ timeout: 10_000 }).catch(async (e) => { throw new Error(`${e.message}\n${waiting.url()}\n${await waiting.locator('main').innerText()}`); });
  // a spectator's page, open from now on and never reloaded
  const spectator = await newPage(browser, PHONE);
  await spectator.page.goto(path);
  await spectator.page.locator('[data-test=standings]').waitFor();
  const before = await standings(spectator.page);
  assert(Object.values(before).every((v) => v === 0), `nobody has points yet: ${JSON.stringify(before)}`);
  // the other berserks before its first move (the button goes), then one resigns; both go
  // back to the tournament from the game's end
  await second.locator('[data-test=berserk]').click();
  await second.locator('[data-test=berserk]').waitFor({ state: 'detached' });
  await first.locator('[data-test=resign]').click();
  await first.locator('[data-test=confirm-yes]').click();
  const played = first.url();
  for (const p of [first, second]) {
    await p.locator('[data-test=back-to-tournament]').click();
    // the tournament's page, which opens the next game at once if one is paired already
    await p.waitForURL((u) => u.pathname === `/tournaments/${made.id}` || (u.pathname.startsWith('/querni/play/') && u.href !== played));
  }
  // the spectator's page shows the winner's three points (a win, and one for the berserk)
  const winner = names[players.findIndex((p) => p.page === second)];
  await spectator.page.waitForFunction((w) => [...document.querySelectorAll('[data-test=standings] tr')]
    .some((tr) => tr.children[1]?.textContent?.startsWith(w) && tr.children[2]?.textContent === '3'), winner, { timeout: 10_000 });
  await shot(spectator.page, 'tournament-standings-phone');
  for (const p of [a, b, c, spectator.page]) {
    const findings = await axeFindings(p);
    assert(findings.length === 0, `axe on a tournament: ${findings.join(', ')}`);
  }
  // the waiting player is paired next (with either, but not a rematch of the last game)
  await waiting.waitForURL(/\/querni\/play\//, { timeout: 20_000 });
  for (const p of [...players, spectator]) await p.context.close();

  // the list and a page in each language, theme and width
  const failures = [];
  for (const language of ['en', 'ru', 'de']) {
    for (const scheme of ['light', 'dark']) {
      for (const [device, options] of [['phone', PHONE], ['desktop', DESKTOP]]) {
        const { context, page } = await newPage(browser, { ...options, colorScheme: scheme, locale: language, extraHTTPHeaders: { 'Accept-Language': language } });
        for (const [where, ready] of [['/tournaments', '[data-test=tour-running] [data-test=tournament-item]'], [`/tournaments/${made.id}`, '[data-test=standings]']]) {
          const wait = (/** @type {import('playwright-core').Page} */ p) => p.locator(ready).first().waitFor();
          if (language === 'en') {
            await page.goto(base + where);
            await wait(page);
          } else {
            await checkPage(page, base, language, where, wait);
          }
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          if (width > options.viewport.width) failures.push(`${language} ${scheme} ${device} ${where}: ${width} px wide`);
          for (const f of await axeFindings(page)) failures.push(`${language} ${scheme} ${device} ${where}: ${f}`);
          if (scheme === 'light' || language === 'en') await shot(page, `tournament${where === '/tournaments' ? 's' : ''}-${language}-${scheme}-${device}`);
        }
        await context.close();
      }
    }
  }
  assert(failures.length === 0, `the tournaments' pages:\n  ${failures.join('\n  ')}`);
}

async function checkMatesParties({ browser, base }) {
  const stamp = newStamp();
  const names = [`pa${stamp}`, `pb${stamp}`];
  const players = [await newPage(browser, PHONE), await newPage(browser, DESKTOP)];
  for (const [i, p] of players.entries()) await signUp(p.page, base, names[i]);
  const [a, b] = players.map((p) => p.page);
  // the form: choosing parties chooses Check Mates, with its side and deck and no clock
  await a.goto(`${base}/tournaments`);
  await a.locator('[data-test=tour-kind]').selectOption('parties');
  assert(await a.locator('[data-test=tour-game]').inputValue() === 'checkmates', 'parties choose Check Mates');
  assert(await a.locator('[data-test=tour-clock]').isHidden(), 'a party has no clock');
  await a.locator('[data-test=tour-side]').selectOption('chess');
  await a.locator('[data-test=tour-deck]').selectOption('one-star');
  await a.locator('[data-test=tour-rounds]').fill('3');
  await shot(a, 'tournament-parties-form-phone');
  await a.locator('[data-test=tour-make]').click();
  await a.waitForURL(/\/tournaments\/\w+$/);
  await a.locator('[data-test=tour-status]', { hasText: /Starts in/ }).waitFor();
  assert((await a.locator('main').innerText()).includes('3 party rounds'), 'the page says what it is');
  // a short one, by the API (the form's soonest start is a minute away): both are seated at
  // one table and their pages open its party
  const made = await a.evaluate(async () => (await fetch('/api/tournaments', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind: 'parties', game: 'checkmates', side: 'sliding', deck: 'one-star', rounds: 1, starts_in_s: 3 }) })).json());
  assert(made.id, `parties: ${JSON.stringify(made)}`);
  for (const p of [a, b]) {
    await p.goto(`${base}/tournaments/${made.id}`);
    await p.locator('[data-test=tour-join]').click();
    await p.locator('[data-test=tour-withdraw]').waitFor();
  }
  await Promise.all([a, b].map((p) => p.waitForURL(/\/checkmates\/party\//, { timeout: 20_000 })));
  assert(a.url() === b.url(), `one table for two: ${a.url()} ${b.url()}`);
  for (const [p, me] of [[a, names[0]], [b, names[1]]]) {
    await p.locator('.tag.you').first().waitFor();
    const mine = await p.locator('.tag.you').first().evaluate((e) => e.parentElement?.textContent || '');
    assert(mine.includes(me), `${me} holds their own seat: ${mine}`);
  }
  await shot(a, 'tournament-party-table-phone');
  // the tournament's page lists the table, in Russian and German too
  const failures = [];
  for (const language of ['ru', 'de']) {
    const { context, page } = await newPage(browser, { ...PHONE, locale: language, extraHTTPHeaders: { 'Accept-Language': language } });
    await checkPage(page, base, language, `/tournaments/${made.id}`, (p) => p.locator('[data-test=tour-games] li').first().waitFor());
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 390) failures.push(`${language}: ${width} px wide`);
    for (const f of await axeFindings(page)) failures.push(`${language}: ${f}`);
    await shot(page, `tournament-parties-${language}-phone`);
    await context.close();
  }
  assert(failures.length === 0, `the parties' page:\n  ${failures.join('\n  ')}`);
  for (const p of players) await p.context.close();
}

export const tournamentScenarios = [
  ['tournaments: an arena made by the form; three players join, play and see the standings move', arenaOfThree],
  ['tournaments: Check Mates parties made by the form; two players seated at one table; in Russian and German', checkMatesParties],
];
