// The browser scenarios of issue #8: Querni between two browsers (a multi-jump and a chain
// removal, by clicks), a QuickChess game to a rescue choice, and a game against the computer.
import { shot, post, assert, seatAs, againstComputer, viewOf, newPage as sharedNewPage } from './harness.mjs';

function newPage(browser) { return sharedNewPage(browser, { width: 1280, height: 900 }); }

const FILES = 10;
const sqName = (i) => String.fromCharCode(97 + (i % FILES)) + (Math.floor(i / FILES) + 1);

async function tap(page, sq) {
  await page.locator(`svg.querni rect[data-sq="${sq}"]`).click();
}

// Plays one Querni turn by clicks: the movement's start and end, then the chain's first and
// last piece, then "End of turn".
async function playQuerniTurn(page, view, movement, removal) {
  if (movement) {
    await tap(page, movement.from);
    await page.locator(`svg.querni circle[data-dest="${movement.to}"]`).waitFor();
    await tap(page, movement.to);
  }
  if (removal) {
    const cells = view.cells.slice();
    if (movement) {
      const from = cells.findIndex((_, i) => sqName(i) === movement.from);
      const to = cells.findIndex((_, i) => sqName(i) === movement.to);
      cells[to] = cells[from];
      cells[from] = null;
    }
    const square = (n) => sqName(cells.findIndex((c) => c && c.side === view.turn && c.n === n));
    await tap(page, square(removal[0]));
    await tap(page, square(removal[1]));
    await page.getByText(`x${removal[0]}-${removal[1]}`).first().waitFor();
  }
  await page.locator('[data-test=end-turn]').click();
}

async function querniTwoBrowsers({ browser, base }) {
  const a = await newPage(browser);
  const b = await newPage(browser);
  await seatAs(a.page, { url: base + '/querni', name: 'Ann', button: 'vs-friend', lands: /\/querni\/play\// });
  const id = a.page.url().split('/').pop();
  await seatAs(b.page, { url: a.page.url(), name: 'Bob', button: 'join' });
  await a.page.locator('svg.querni').waitFor();
  await b.page.locator('svg.querni').waitFor();
  await shot(a.page, 'querni-start');
  let jumped = false;
  let removed = false;
  for (let turn = 0; turn < 80 && !(jumped && removed); turn++) {
    const pages = [a.page, b.page];
    let page = null;
    let view = null;
    for (const p of pages) {
      const v = await viewOf(base, p, id);
      if (v.your_turn) { page = p; view = v; }
    }
    assert(page, 'someone is to move');
    if (view.over) break;
    const moves = view.legal.movements;
    let movement = null;
    let removal = null;
    // a removal that does not lose at once (the third element says it would)
    const safe = (list) => list.find(([, , loses]) => !loses);
    const withRemoval = moves.find((m) => safe(m.removals));
    if (!jumped) movement = moves.find((m) => m.path.length >= 3);
    if (movement) jumped = true;
    else if (withRemoval || safe(view.legal.removals)) {
      movement = withRemoval || null;
      removal = safe(withRemoval ? withRemoval.removals : view.legal.removals);
    } else {
      const hint = await post(base, '/api/querni/hint', { position: view.position });
      const text = hint.turn.split(' ').find((p) => /^[a-j]\d/.test(p));
      movement = text ? moves.find((m) => m.text === text) : null;
    }
    if (removal) removed = true;
    const before = view.history.length;
    await playQuerniTurn(page, view, movement, removal);
    if (removal) await shot(page, 'querni-chain-removed');
    if (movement && movement.path.length >= 3 && turn < 2) await shot(page, 'querni-multi-jump');
    await page.waitForFunction((n) => document.querySelector('[data-test=last-turn]') && document.querySelectorAll('[data-test=moves] button').length > n, before);
  }
  assert(jumped, 'a multi-jump was played');
  assert(removed, 'a chain was removed');
  const after = await viewOf(base, a.page, id);
  assert(!after.over, `the removal did not end the game: ${after.result}`);
  const last = await b.page.locator('[data-test=last-turn]').innerText();
  assert(last.startsWith('Last turn:'), `the last turn is shown: ${last}`);
  const quiet = await a.page.locator('[data-test=quiet]').innerText();
  assert(/of 30 turns without a removal/.test(quiet), `the draw counter: ${quiet}`);
  await shot(b.page, 'querni-second-browser');
  // the game replays turn by turn from its own URL
  await b.page.getByRole('link', { name: 'Replay' }).click();
  await b.page.locator('[data-test=replay-step]').waitFor();
  await b.page.locator('[data-test=next]').click();
  await b.page.locator('svg.querni').waitFor();
  assert((await b.page.locator('[data-test=replay-step]').innerText()).startsWith('step 1 of'), 'the replay steps forward');
  await shot(b.page, 'querni-replay');
  await a.context.close();
  await b.context.close();
}

async function quickchessRescueChoice({ browser, base }) {
  const { context, page } = await newPage(browser);
  // Rescue the Queen (box 7), a lesson game: White has rescued its queen already, so the next
  // pawn to reach the edge may become any piece
  const fen = '5/pp3/4P/5/P4/Q4 w - - 0 1';
  await page.goto(`${base}/quickchess/analyse?variant=rescue-the-queen&fen=${encodeURIComponent(fen)}`);
  await page.getByRole('button', { name: 'Play from here, two players' }).click();
  await page.waitForURL(/\/quickchess\/play\//);
  const board = () => page.locator('svg.board').first();
  await board().locator('rect[data-sq="e4"]').click();
  await board().locator('rect[data-sq="e5"]').click();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-test=moves] button')].some((b) => b.textContent === 'e5'));
  await board().locator('rect[data-sq="b5"]').click();
  await board().locator('rect[data-sq="b4"]').click();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-test=moves] button')].some((b) => b.textContent === 'b4'));
  await board().locator('rect[data-sq="e5"]').click();
  await board().locator('rect[data-sq="e6"]').click();
  await page.locator('[data-test=promotion]').waitFor();
  const choices = await page.locator('[data-test=promotion] [data-piece]').evaluateAll((els) => els.map((e) => e.getAttribute('data-piece')));
  assert(JSON.stringify(choices.sort()) === JSON.stringify(['b', 'n', 'q', 'r']), `any piece is offered: ${choices}`);
  await shot(page, 'quickchess-rescue-choice');
  await page.locator('[data-test=promotion] [data-piece="n"]').click();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-test=moves] button')].some((b) => b.textContent === 'e6=N'));
  const status = await page.locator('[data-test=to-move]').innerText();
  assert(/black/i.test(status), `Black to move after the rescue: ${status}`);
  await shot(page, 'quickchess-rescued-knight');
  await context.close();
}

async function quickchessPass({ browser, base }) {
  const { context, page } = await newPage(browser);
  // Power Pawns: White's only pawn is blocked while Black's e-pawn runs, so White passes
  const fen = '5/p3p/P4/5/5/5 w - - 0 1';
  await page.goto(`${base}/quickchess/analyse?variant=power-pawns&fen=${encodeURIComponent(fen)}`);
  await page.getByRole('button', { name: 'Play from here, two players' }).click();
  await page.waitForURL(/\/quickchess\/play\//);
  await page.locator('[data-test=pass]').click();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-test=moves] button')].some((b) => b.textContent === '--'));
  const status = await page.locator('[data-test=to-move]').innerText();
  assert(/black/i.test(status), `Black to move after White's pass: ${status}`);
  assert(await page.locator('[data-test=pass]').count() === 0, 'Black has a move, so no pass is offered');
  await shot(page, 'quickchess-pass');
  // the analysis board knows the game exactly: the lesson solver's verdict and perfect move
  await page.goto(`${base}/quickchess/analyse?variant=power-pawns&fen=${encodeURIComponent(fen)}`);
  await page.locator('[data-test=analyse]').click();
  await page.locator('[data-test=solved]').waitFor({ timeout: 20000 });
  const solved = await page.locator('[data-test=solved]').innerText();
  assert(solved.includes('solved: Black wins in 8 plies') && solved.includes('Perfect play: --'), `the solver's verdict: ${solved}`);
  await shot(page, 'quickchess-solved');
  await context.close();
}

async function quickchessAgainstTheComputer({ browser, base }) {
  const { context, page } = await newPage(browser);
  await againstComputer(page, base, { level: 2 });
  const board = () => page.locator('svg.board').first();
  await board().locator('rect[data-sq="c2"]').click();
  await board().locator('rect[data-sq="c3"]').click();
  // the computer answers
  await page.waitForFunction(() => {
    const sans = [...document.querySelectorAll('[data-test=moves] button')].map((b) => b.textContent);
    return sans.length === 2 && sans[0] === 'c3';
  }, null, { timeout: 20000 });
  const status = await page.locator('[data-test=to-move]').innerText();
  assert(status.includes('Your move'), `back to the player: ${status}`);
  await shot(page, 'quickchess-vs-computer');
  // the analysis view evaluates the position
  const fen = await page.evaluate(async () => {
    const id = location.pathname.split('/').pop();
    const seat = JSON.parse(localStorage.getItem(`tabula:seat:${id}`));
    const r = await fetch(`/api/games/${id}?token=${seat.token}`);
    return (await r.json()).view.fen;
  });
  await page.getByRole('link', { name: 'Analyse this position' }).click();
  await page.getByText(`FEN: ${fen}`).waitFor();
  await page.locator('[data-test=analyse]').click();
  await page.locator('[data-test=evaluation]').waitFor({ timeout: 20000 });
  const evaluation = await page.locator('[data-test=evaluation]').innerText();
  assert(/Best:/.test(evaluation) && /Line:/.test(evaluation), `an evaluation and a line: ${evaluation}`);
  await shot(page, 'quickchess-analysis');
  await context.close();
}

async function olympicsAgainstTheComputer({ browser, base }) {
  const { context, page } = await newPage(browser);
  await againstComputer(page, base, { variant: 'olympics' });
  await page.locator('[data-test=series]').waitFor();
  const series = await page.locator('[data-test=series]').innerText();
  assert(series.includes('game 1 of 5') && series.includes('Rescue the Queen with Pawn Blasters'), `the series is shown by the games' names: ${series}`);
  const board = () => page.locator('svg.board').first();
  await board().locator('rect[data-sq="c2"]').click();
  await board().locator('rect[data-sq="c4"]').click(); // blasters: a two-square first move
  await page.waitForFunction(() => {
    const sans = [...document.querySelectorAll('[data-test=moves] button')].map((b) => b.textContent);
    return sans.length === 2 && sans[0] === 'c4';
  }, null, { timeout: 20000 });
  await shot(page, 'quickchess-olympics');
  await context.close();
}

// Issue #33, item 1: the setup forms of QuickChess and Querni, on a phone and a desktop. With
// "No clock" (the default) no clock field shows; the common clocks are one tap each, a radio
// group drawn as buttons a thumb can hit (44 px and more on a phone) that the arrow keys move
// through; a preset creates a game with its clock, "Custom" opens the minutes and the seconds
// added a move and creates a game with them, and "No clock" a game without one.
async function setupFormsWithAndWithoutAClock({ browser, base }) {
  const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const DESKTOP = { viewport: { width: 1366, height: 900 } };
  for (const [device, options, scheme] of [['phone', PHONE, 'light'], ['desktop', DESKTOP, 'dark']]) {
    for (const game of ['quickchess', 'querni']) {
      const { context, page } = await sharedNewPage(browser, { ...options, colorScheme: scheme });
      const open = async () => {
        await page.goto(`${base}/${game}`);
        await page.locator('[data-test=time-control]').waitFor();
      };
      /** Starts a game against the computer and returns its view's clock. */
      const play = async () => {
        await page.locator('[data-test=vs-computer]').click();
        await page.waitForURL(new RegExp(`/${game}/play/`));
        await page.locator('svg.board').first().waitFor();
        return (await viewOf(base, page, page.url().split('/').pop())).clock;
      };
      const what = `${game} on a ${device}`;
      await open();
      const picker = page.locator('[data-test=time-control]');
      assert(await picker.locator('[data-test=clock-none] input').isChecked(), `${what}: no clock by default`);
      assert(!(await page.locator('[data-test=custom-minutes]').isVisible()) && !(await page.locator('[data-test=custom-increment]').isVisible()),
        `${what}: with No clock neither the minutes nor the increment show`);
      assert((await picker.getByRole('radio').count()) === 8, `${what}: eight choices in one radio group (correspondence's days among them)`);
      for (const clock of ['1+0', '3+2', '5+3', '10+0', '15+10']) {
        assert((await picker.locator(`[data-test="clock-${clock}"]`).innerText()).startsWith(clock), `${what}: ${clock} is offered in one tap`);
      }
      const sizes = await picker.locator('.clock-choice').evaluateAll((els) => els.map((e) => [e.getBoundingClientRect().width, e.getBoundingClientRect().height]));
      if (device === 'phone') assert(sizes.every(([w, h]) => w >= 44 && h >= 44), `${what}: every choice is 44 px and more: ${JSON.stringify(sizes)}`);
      await picker.locator('[data-test=clock-none] input').focus();
      await page.keyboard.press('ArrowRight');
      assert(await picker.locator('[data-test="clock-1+0"] input').isChecked(), `${what}: the arrow keys move through the clocks`);
      await picker.locator('[data-test=clock-custom]').click();
      await page.locator('[data-test=custom-minutes]').waitFor({ state: 'visible' });
      await shot(page, `setup-${game}-${device}-custom`);
      await picker.locator('[data-test="clock-3+2"]').click();
      await page.locator('[data-test=custom-minutes]').waitFor({ state: 'hidden' });
      await shot(page, `setup-${game}-${device}-preset`);
      const preset = await play();
      assert(preset && preset.initial_ms === 180000 && preset.increment_ms === 2000, `${what}: 3+2 makes a game of 3 minutes and 2 s a move: ${JSON.stringify(preset)}`);
      await open();
      await page.locator('[data-test=clock-custom]').click();
      await page.locator('[data-test=custom-minutes]').fill('7');
      await page.locator('[data-test=custom-increment]').fill('4');
      const custom = await play();
      assert(custom && custom.initial_ms === 420000 && custom.increment_ms === 4000, `${what}: a custom 7+4: ${JSON.stringify(custom)}`);
      await open();
      await page.locator('[data-test=clock-days]').click();
      await page.locator('[data-test=clock-days-pick]').selectOption('7');
      assert(!(await page.locator('[data-test=custom-minutes]').isVisible()), `${what}: days a move show no minutes`);
      const days = await play();
      assert(days && days.initial_ms === 7 * 86_400_000 && days.increment_ms === 0, `${what}: 7 days a move: ${JSON.stringify(days)}`);
      await open();
      assert(await play() === null, `${what}: No clock makes an untimed game`);
      await context.close();
    }
  }
}

export const duelScenarios = [
  ['setup forms of quickchess and querni: with and without a clock, presets in one tap', setupFormsWithAndWithoutAClock],
  ['quickchess olympics against the computer', olympicsAgainstTheComputer],
  ['querni between two browsers: a multi-jump and a chain removal', querniTwoBrowsers],
  ['a quickchess lesson game (rescue the queen) to a rescue choice, shown as pictures', quickchessRescueChoice],
  ['a quickchess lesson game where a side with no move passes', quickchessPass],
  ['quickchess against the computer, then the analysis board', quickchessAgainstTheComputer],
];
