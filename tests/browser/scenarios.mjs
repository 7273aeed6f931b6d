// The browser scenarios of issue #6: what a person does, by clicks, in headless Chromium.
import { shot, boardText, clickMove, post, assert, newPage, seatAs } from './harness.mjs';
import { duelScenarios } from './duels.mjs';
import { playerScenarios } from './players.mjs';
import { tableScenarios } from './table.mjs';
import { languageScenarios } from './languages.mjs';
import { learnScenarios } from './learn.mjs';
import { a11yScenarios } from './a11y.mjs';
import { polishScenarios } from './polish.mjs';
import { reviewScenarios } from './review.mjs';
import { puzzleScenarios } from './puzzles.mjs';
import { restartScenarios } from './restart.mjs';
import { speedScenarios } from './speed.mjs';
import { moderationScenarios } from './moderation.mjs';
import { socialScenarios } from './social.mjs';
import { tournamentScenarios } from './tournaments.mjs';
import { chatScenarios } from './chat.mjs';
import { challengeScenarios } from './challenges.mjs';
import { coachScenarios } from './coach.mjs';
import { querniCoachScenarios } from './querni-coach.mjs';
import { trustScenarios } from './trust.mjs';
import { explorerScenarios } from './explorer.mjs';
import { playerGamesScenarios } from './player-games.mjs';
import { classScenarios } from './classes.mjs';
import { sweepScenarios } from './sweep.mjs';

async function soloCheckMates({ browser, base }) {
  const { context, page } = await newPage(browser);
  await page.goto(base + '/');
  await page.getByRole('link', { name: 'Play' }).first().click();
  await seatAs(page, { name: 'Ada', button: 'solo', lands: /\/checkmates\/solo\// });
  for (let task = 0; task < 10; task++) {
    await page.locator('svg.board[aria-label^="task "]').first().waitFor();
    const board = await boardText(page, 'board');
    const taskText = await boardText(page, 'task');
    const r = await post(base, '/api/solve/checkmates', { side: 'sliding', board, task: taskText });
    if (task === 0) await shot(page, 'checkmates-solo-playing');
    for (const m of r.solution) {
      await clickMove(page, 'board', m);
      await page.waitForFunction(([prefix, before]) => !document.querySelector(`svg.board[aria-label="${prefix} ${before}"]`), ['board', board]);
      break; // one move at a time: the board changes, so re-read it
    }
    if (r.solution.length > 1) { task--; continue; } // the same task, from the new board
    if ((await page.locator('[data-test=rating]').count()) > 0) break;
  }
  await page.locator('[data-test=rating]').waitFor();
  const rating = await page.locator('[data-test=rating]').innerText();
  assert(/Phenomenal|Precise|brink|Practice/.test(rating), `a rating is shown: ${rating}`);
  await shot(page, 'checkmates-solo-rating');
  // the run replays from its own URL
  await page.getByRole('link', { name: 'Replay' }).click();
  await page.locator('[data-test=replay-step]').waitFor();
  await page.locator('[data-test=next]').click();
  assert((await page.locator('[data-test=replay-step]').innerText()).startsWith('step 1 of'), 'replay steps forward');
  await shot(page, 'checkmates-solo-replay');
  await context.close();
}

async function partyWithTwoBrowsersAndABot({ browser, base }) {
  const a = await newPage(browser);
  const b = await newPage(browser);
  await seatAs(a.page, { url: base + '/checkmates', name: 'Ann', button: 'party', lands: /\/checkmates\/party\// });
  const link = await a.page.locator('[data-share]').getAttribute('data-share');
  await a.page.locator('main select').first().selectOption('6');
  await a.page.locator('[data-test=add-bot]').click();
  await a.page.locator('.players').getByText('Computer level 6').first().waitFor();
  // the friend opens the link in another browser and takes a seat
  await seatAs(b.page, { url: link, name: 'Bob', button: 'join' });
  await a.page.getByText('Bob').waitFor();
  await shot(a.page, 'party-lobby');
  await a.page.locator('[data-test=start]').click();
  await b.page.locator('[data-bid="13"]').waitFor();

  // Round 1: Bob knows the true minimum at once and calls it; the bot cannot call lower. (If
  // the bot happens to be quicker, Bob's button is disabled and the bot proves instead.)
  const board = await boardText(b.page, 'board');
  const task = await boardText(b.page, 'task');
  const r = await post(base, '/api/solve/checkmates', { side: 'sliding', board, task });
  const bobCalled = await b.page.locator(`[data-bid="${r.moves}"]`).click({ timeout: 3000 }).then(() => true, () => false);
  if (bobCalled && r.moves > 0) {
    // (a call of 0 settles the round at once, so it never stands as a bid)
    await a.page.getByText(`Bob: ${r.moves}`).waitFor();
    await shot(a.page, 'party-bidding');
    await b.page.getByText('Click a token, then an empty square').waitFor({ timeout: 15000 });
    for (const m of r.solution) {
      const before = await boardText(b.page, 'board');
      await clickMove(b.page, 'board', m);
      await b.page.waitForFunction((x) => !document.querySelector(`svg.board[aria-label="board ${x}"]`), before);
      if (m === r.solution[0]) await shot(a.page, 'party-proving');
    }
  }
  await a.page.locator('main').getByText(bobCalled ? /Bob (met the task|called 0)/ : /Computer level 6 (met the task|called 0)/).waitFor({ timeout: 30000 });
  await shot(b.page, 'party-after-proof');
  // Round 2: Ann overcalls. The strongest bot interrupts with the real minimum if it has worked it
  // out before the count ends (it thinks about 2 s plus 0.85 s per move); otherwise Ann proves.
  const board2 = await boardText(a.page, 'board');
  const task2 = await boardText(a.page, 'task');
  await a.page.locator('[data-bid="13"]').click();
  await b.page.getByText('Ann: 13').waitFor();
  const verdict = a.page.locator('main').getByText(/Computer level 6 (met the task|called 0)|Ann proves 13/).first();
  await verdict.waitFor({ timeout: 60000 });
  if ((await verdict.innerText()).startsWith('Ann proves')) {
    const r2 = await post(base, '/api/solve/checkmates', { side: 'sliding', board: board2, task: task2 });
    for (const m of r2.solution) {
      const before = await boardText(a.page, 'board');
      await clickMove(a.page, 'board', m);
      await a.page.waitForFunction((x) => !document.querySelector(`svg.board[aria-label="board ${x}"]`), before);
    }
    await b.page.locator('main').getByText(/Ann met the task/).waitFor();
  } else {
    await b.page.locator('main').getByText(/Computer level 6 (met the task|called 0)/).waitFor();
  }
  await shot(a.page, 'party-after-bot');
  // the scores are the same in both browsers
  for (const seat of ['0', '1', '2']) {
    const sa = await a.page.locator(`[data-score="${seat}"]`).innerText();
    const sb = await b.page.locator(`[data-score="${seat}"]`).innerText();
    assert(sa === sb, `both browsers show the same score for seat ${seat}`);
  }
  await a.context.close();
  await b.context.close();
}

async function royalMatchAgainstABot({ browser, base }) {
  const { context, page } = await newPage(browser);
  await page.goto(base + '/royal');
  await page.locator('[data-test=bot-level]').selectOption('6');
  // the match's clocks: a 30 s hourglass and the optional 60 s limit on each execution
  await page.locator('[data-test=hourglass]').selectOption('30000');
  await page.locator('[data-test=execution-limit]').selectOption('60000');
  await page.locator('[data-test=vs-bot]').click();
  await page.waitForURL(/\/royal\/match\//);
  await page.locator('[data-bid="20"]').click();
  const sand = Number((await page.locator('[data-sand]').innerText()).replace(' s', ''));
  assert(sand > 20 && sand <= 30, `the hourglass runs 30 s, not the default 60: ${sand} s`);
  await shot(page, 'royal-match-hourglass');
  // the strongest bot challenges an overbid and executes in fewer moves, against the clock
  await page.locator('main').getByText(/Computer level 6 executes: challenged 20/).waitFor({ timeout: 30000 });
  const left = Number((await page.locator('[data-exec-clock]').innerText()).split(' ')[0]);
  assert(left > 45 && left <= 60, `the execution limit shows its countdown: ${left} s left`);
  await shot(page, 'royal-match-bot-executing');
  await page.locator('[data-test=last-round]').waitFor({ timeout: 60000 });
  assert((await page.locator('[data-score="1"]').innerText()) === '1', 'the point went to the bot');
  // next round: we announce, the bot must decide; we may also challenge its announcements
  await page.locator('[data-bid="0"]').waitFor();
  await shot(page, 'royal-match-next-round');
  await context.close();
}

async function royalSoloWithACardTurn({ browser, base }) {
  const { context, page } = await newPage(browser);
  await page.goto(base + '/royal');
  await page.locator('main select').nth(0).selectOption('2');
  await page.locator('[data-test=solo]').click();
  await page.waitForURL(/\/royal\/solo\//);
  const cardBefore = await boardText(page, 'card');
  await page.locator('[data-action="turn+"]').click();
  await page.waitForFunction((c) => !document.querySelector(`svg.board[aria-label="card ${c}"]`), cardBefore);
  assert((await page.locator('[data-test=count]').innerText()) === '1', 'a turn costs one move');
  const cardAfter = await boardText(page, 'card');
  assert(cardAfter !== cardBefore, 'the card turned');
  await shot(page, 'royal-solo-turned');
  // finish the card from here: its optimal plan at level 1 against the turned card
  for (;;) {
    if ((await page.locator('[data-test=complete]').count()) > 0) break;
    const layout = await boardText(page, 'pieces');
    const card = await boardText(page, 'card');
    const r = await post(base, '/api/solve/royal', { level: 1, board: layout, card });
    await clickMove(page, 'pieces', r.solution[0]);
    await page.waitForFunction((l) => !document.querySelector(`svg.board[aria-label="pieces ${l}"]`) || document.querySelector('[data-test=complete]'), layout);
  }
  const done = await page.locator('[data-test=complete]').innerText();
  assert(done.includes('The optimum is'), `the optimum is revealed: ${done}`);
  await shot(page, 'royal-solo-complete');
  await page.locator('[data-test=next]').click();
  await page.locator('[data-test=count]').waitFor();
  await context.close();
}

async function solverAnimates({ browser, base }) {
  const { context, page } = await newPage(browser);
  await page.goto(base + '/checkmates/solver');
  await page.locator('main select').first().selectOption('chess');
  await page.locator('[data-test=board-text]').fill('Rn./.Kq/QNr');
  await page.locator('[data-test=board-text]').press('Enter');
  await page.locator('[data-test=task-text]').fill('N.w/b../..Q');
  await page.locator('[data-test=task-text]').press('Enter');
  await page.locator('[data-test=solve]').click();
  await page.locator('[data-test=result]').waitFor();
  const text = await page.locator('[data-test=result]').innerText();
  assert(text.includes('Minimum: 3 moves'), `the minimum: ${text}`);
  await page.waitForFunction(() => document.querySelector('[data-test=step]')?.textContent === 'move 1 of 3');
  await shot(page, 'solver-animating');
  await page.waitForFunction(() => document.querySelector('[data-test=step]')?.textContent === 'move 3 of 3', null, { timeout: 10000 });
  const final = await boardText(page, 'board');
  assert(final === 'RnN/..q/QrK', `the animation ends on the solved board: ${final}`);
  await shot(page, 'solver-done');
  // an impossible task says so
  await page.locator('button', { hasText: 'Edit' }).click();
  await page.locator('[data-test=task-text]').fill('RRR/R../...');
  await page.locator('[data-test=task-text]').press('Enter');
  await page.locator('[data-test=solve]').click();
  await page.getByText('Unsolvable').waitFor();
  await context.close();
}

// The home page: the four games, each with how it is played and a link that leads to it, the
// two small boards drawn, and the list of recent games loaded (not stuck on "Loading...").
async function homePage({ browser, base }) {
  const { context, page } = await newPage(browser);
  await page.goto(base + '/');
  assert((await page.locator('h1').innerText()) === 'Tabula', 'the title');
  const games = await page.locator('.grid > .card h2').allInnerTexts();
  assert(JSON.stringify(games) === JSON.stringify(['Check Mates', 'The Royal Study', 'Querni', 'QuickChess']), `the four games: ${games}`);
  for (const card of await page.locator('.grid > .card').all()) {
    const how = await card.locator('p').first().innerText();
    assert(how.length > 100, `each game says how it is played: ${how}`);
  }
  assert((await page.locator('.grid > .card svg.board').count()) === 2, 'the Check Mates and Royal Study boards are drawn');
  await page.locator('h2', { hasText: 'Recent games' }).waitFor();
  await page.waitForFunction(() => {
    const list = [...document.querySelectorAll('h2')].find((e) => e.textContent === 'Recent games')?.nextElementSibling;
    return list && list.textContent !== 'Loading...';
  });
  const recent = await page.locator('h2:has-text("Recent games") + div').innerText();
  assert(!recent.includes('Could not load'), `the recent games load: ${recent}`);
  await shot(page, 'home');
  // each game's Play link leads to its page, in the app (no reload)
  for (const [index, title, path] of [[0, 'Check Mates', '/checkmates'], [1, 'The Royal Study', '/royal'], [2, 'Querni', '/querni'], [3, 'QuickChess', '/quickchess']]) {
    await page.goto(base + '/');
    await page.locator('.grid > .card').nth(index).getByRole('link', { name: 'Play' }).click();
    await page.waitForURL(base + path);
    assert((await page.locator('h1').first().innerText()) === title, `${path} shows ${title}`);
  }
  await context.close();
}

const own = [
  ['home page lists the four games and leads to each', homePage],
  ['solver page animates a solution', solverAnimates],
  ['royal study solo with a card turn', royalSoloWithACardTurn],
  ['check mates solo run by clicks to its rating', soloCheckMates],
  ['party room: two browsers and a bot', partyWithTwoBrowsersAndABot],
  ['royal study match against a bot', royalMatchAgainstABot],
];

/**
 * The scenarios in two lanes that run at once, each on a server and a browser of its own (the
 * machine has two cores), of about the same length; a lane's scenarios run one after another,
 * in order. A third lane does not pay: measured, all three took 527 s against 463 s for two
 * (BENCHMARKS.md, "The test command"), the cores being busy, not the pages waiting.
 */
export const lanes = [
  [...own, ...duelScenarios, ...playerScenarios, ...tableScenarios, ...learnScenarios, ...reviewScenarios, ...puzzleScenarios, ...chatScenarios, ...challengeScenarios, ...explorerScenarios],
  // (the moderation scenario expects no report but its own: the chat's is in the other lane)
  [...languageScenarios, ...sweepScenarios, ...a11yScenarios, ...polishScenarios, ...moderationScenarios, ...socialScenarios, ...tournamentScenarios, ...trustScenarios, ...classScenarios, ...coachScenarios, ...querniCoachScenarios, ...playerGamesScenarios],
];

/** The scenarios that time the server or restart it: alone, once both lanes are done. */
export const alone = [...restartScenarios, ...speedScenarios];

export const scenarios = [...lanes.flat(), ...alone];

/**
 * The smoke of `scripts/test.sh --quick` (`node run.mjs --smoke`): the app starts, its pages
 * load, an account plays a rated game through the lobby, a guest plays against the computer's
 * clock and solves a puzzle. A minute at most; the whole set runs in the full test command.
 */
const smokeNames = [
  'home page lists the four games and leads to each',
  'players: two accounts, a rated seek taken in the lobby, both profiles',
  'a timed game against the computer: the flag falls and the result says so',
  'puzzles: a guest solves a QuickChess puzzle by clicks and the rating goes up',
];
export const smoke = smokeNames.map((name) => {
  const found = scenarios.find(([n]) => n === name);
  if (!found) throw new Error(`the smoke names a scenario that is not there: ${name}`);
  return found;
});
