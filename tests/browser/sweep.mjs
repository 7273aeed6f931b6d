// Every page in the four looks a player may have (light and dark, a phone and a desktop), each
// page loaded once per look and checked for all that holds of every page: axe-core finds no
// violation of impact critical or serious (issue #33, item 9), nothing is wider than the
// screen and no text key is missing (issue #17), a game's squares are big enough for a thumb,
// and a picture of it is kept for people to look at. A QuickChess game, a lesson game (its
// page has the coach's card), the 8x8 game, Querni, The Royal Study alone and in a match, Check
// Mates alone on both sides and a party before and during play, a friend's invitation (a
// browser without the seat) and a finished game's replay are among the pages.
//
// Why one sweep: the accessibility check and the width check each loaded the same pages in the
// same four looks, 124 and 64 loads; the browser stage is bound by the cores (BENCHMARKS.md,
// "The test command").
import { post, assert, newPage, shot, settled } from './harness.mjs';
import { violations } from './a11y.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 900 } };

/** The pages that need no game: [name, path]. */
const PAGES = [['home', '/'], ['checkmates', '/checkmates'], ['royal', '/royal'], ['querni', '/querni'], ['quickchess', '/quickchess'],
  ['solver', '/checkmates/solver'], ['analysis', '/quickchess/analyse'], ['rules-checkmates', '/rules/checkmates'], ['rules-royal', '/rules/royal'],
  ['rules-querni', '/rules/querni'], ['rules-quickchess', '/rules/quickchess'], ['learn-quickchess', '/learn/quickchess'],
  ['learn-quickchess-1', '/learn/quickchess/1'], ['learn-checkmates', '/learn/checkmates'], ['learn-royal', '/learn/royal'], ['daily', '/daily'],
  ['leaderboard', '/leaderboard'], ['account', '/account'], ['puzzles', '/puzzles']];

/** The games whose pages are swept, made through the API: name -> [path prefix, what to post]. */
const GAMES = {
  'quickchess-play': ['/quickchess/play/', { kind: 'quickchess', options: { variant: 'quickchess', color: 'black', clock: { initial_s: 300, increment_s: 3 } }, bots: [1] }],
  'lesson-play': ['/quickchess/play/', { kind: 'quickchess', options: { variant: 'kings-conquest', color: 'white' }, bots: [1] }],
  'chess-play': ['/quickchess/play/', { kind: 'quickchess', options: { variant: 'chess', color: 'white' }, bots: [1] }],
  invitation: ['/quickchess/play/', { kind: 'quickchess', options: { variant: 'krazy-knights', color: 'white', clock: { initial_s: 180, increment_s: 2 } } }],
  'querni-play': ['/querni/play/', { kind: 'querni', options: { color: 'red', clock: { initial_s: 600, increment_s: 5 } }, bots: [1] }],
  'royal-solo': ['/royal/solo/', { kind: 'royal-solo', options: { level: 3 } }],
  'royal-match': ['/royal/match/', { kind: 'royal-match', options: { level: 2 }, bots: [2] }],
  'checkmates-solo': ['/checkmates/solo/', { kind: 'checkmates-solo', options: { side: 'chess' } }],
  'checkmates-solo-sliding': ['/checkmates/solo/', { kind: 'checkmates-solo', options: { side: 'sliding', deck: 'full' } }],
  'checkmates-party-lobby': ['/checkmates/party/', { kind: 'checkmates-party', options: { side: 'sliding' }, bots: [3] }],
  'checkmates-party': ['/checkmates/party/', { kind: 'checkmates-party', options: { side: 'sliding', deck: 'full' }, bots: [3] }],
};

/** The game pages whose squares a thumb must hit on a phone: at least 40 px. */
const TAPPED = ['quickchess-play', 'chess-play', 'checkmates-solo', 'royal-solo'];

/** Makes the games (and one finished, for its replay); returns [name, path, made] for each. */
async function makeGames(base) {
  const made = [];
  for (const [name, [prefix, body]] of Object.entries(GAMES)) {
    const game = await post(base, '/api/games', { name: 'Ann', ...body });
    made.push([name, prefix + game.id, game]);
  }
  const finished = await post(base, '/api/games', { kind: 'quickchess', name: 'Ann', options: { variant: 'power-pawns' }, bots: [1] });
  await post(base, `/api/games/${finished.id}/act`, { token: finished.token, action: { t: 'move', uci: 'a2a3' } });
  await new Promise((r) => setTimeout(r, 1500));
  await post(base, `/api/games/${finished.id}/act`, { token: finished.token, action: { t: 'resign' } });
  made.push(['replay', `/replay/${finished.id}?step=1`, null]);
  return made;
}

/** Waits until `path` has drawn what it shows: its heading, a game's board, its data loaded. */
async function settle(page, name) {
  await page.locator('main h1').first().waitFor();
  if (name in GAMES && name !== 'checkmates-party-lobby' && name !== 'invitation') await page.locator('svg.board').first().waitFor();
  if (name === 'checkmates-party-lobby') await page.locator('[data-test=start]').waitFor();
  await settled(page);
}

/** What is wrong with the page as it is (nothing: an empty list), one line each. */
async function problems(page, name, look) {
  const found = [];
  const [width, inner, missing] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth, window.tabulaMissingText || []]);
  if (width > inner) found.push(`${look} ${name}: the page is ${width} px wide on a ${inner} px screen`);
  if (missing.length) found.push(`${look} ${name}: messages missing from the catalogues: ${missing}`);
  if (look.startsWith('phone') && TAPPED.includes(name)) {
    const px = await page.locator('svg.board').first().locator('rect[data-sq]').first().evaluate((r) => r.getBoundingClientRect().width);
    if (px < 40) found.push(`${look} ${name}: squares of ${px.toFixed(1)} px on a phone (at least 40)`);
  }
  for (const v of await violations(page)) found.push(`${look} ${name}: axe: ${v.id} (${v.impact}) x${v.count} at ${v.target}${process.env.A11Y_VERBOSE ? `\n    ${v.summary}` : ''}`);
  return found;
}

async function everyPage({ browser, base }) {
  const games = await makeGames(base);
  const party = games.find(([name]) => name === 'checkmates-party');
  const failures = [];
  for (const [device, options] of [['phone', PHONE], ['desktop', DESKTOP]]) {
    for (const scheme of ['light', 'dark']) {
      const look = `${device} ${scheme}`;
      const { context, page } = await newPage(browser, { ...options, colorScheme: scheme, bypassCSP: true });
      await page.goto(base + '/');
      // each browser holds the seats, but for the invitation: a friend's link opened
      await page.evaluate((held) => { for (const { id, seat, token } of held) localStorage.setItem(`tabula:seat:${id}`, JSON.stringify({ seat, token })); },
        games.filter(([name, , g]) => g && name !== 'invitation').map(([, , g]) => g));
      // the party is seen being played: its host starts it (once, in the first look)
      if (device === 'phone' && scheme === 'light') {
        await page.goto(base + party[1]);
        await page.locator('[data-test=start]').click();
        await page.locator('svg.board').first().waitFor();
      }
      // SWEEP_ONLY=text sweeps only the pages whose path has it (while working on them)
      for (const [name, path] of [...PAGES, ...games].filter(([, p]) => !process.env.SWEEP_ONLY || p.includes(process.env.SWEEP_ONLY))) {
        await page.goto(base + path);
        await settle(page, name);
        failures.push(...(await problems(page, name, look)));
        // (the rules' and lessons' long pages are pictured by their own scenarios)
        if (!/^(rules|learn)-/.test(name)) await shot(page, `${name}-${device}-${scheme}`);
        if (name === 'invitation') {
          const invite = await page.locator('[data-test=invitation]').innerText();
          assert(/Ann invites you to play QuickChess: Krazy Knights/.test(invite) && /Black/.test(invite) && /3\+2/.test(invite), `the invitation says who, what, which side and clock: ${invite}`);
        }
      }
      await context.close();
    }
  }
  if (failures.length) throw new Error(`${failures.length} problem(s) on the pages:\n  ${failures.join('\n  ')}`);
}

export const sweepScenarios = [
  ['every page, light and dark, phone and desktop: axe finds nothing critical or serious, nothing too wide, squares for a thumb', everyPage],
];
