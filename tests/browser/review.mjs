// The computer's review of a finished game in the browser (issue #29): asked for by its button
// on a phone, waited for with the place in the queue, then the accuracy of each side, the marks
// beside the moves, the evaluation graph (a tap on it shows that move; the arrow keys step) and
// the better line drawn on the board; a Querni game's review at a desktop's width; the review
// served to the replay without asking again, in Russian and German; a refusal of the queue in
// words; the game's PGN (and Querni's text) to download, a player's games from the profile, and
// a PGN pasted onto the analysis board; axe finds nothing critical or serious on a reviewed page.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { post, assert, newPage, shot, stamp as newStamp } from './harness.mjs';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 768 } };
const SIGNS = { inaccuracy: '?!', mistake: '?', blunder: '??' };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The view of a game as a seat sees it. */
async function viewOf(base, made) {
  const res = await fetch(`${base}/api/games/${made.id}`, { headers: { Authorization: `Bearer ${made.token}` } });
  return (await res.json()).view;
}

/** Waits until it is the seat's turn (the computer has answered); the view then. */
async function myTurn(base, made) {
  for (let i = 0; i < 100; i++) {
    const view = await viewOf(base, made);
    if (view.your_turn || view.over) return view;
    await sleep(100);
  }
  throw new Error(`game ${made.id}: the computer did not answer`);
}

/**
 * A QuickChess game against the computer, played with careless moves (so that the review has
 * marks to show) and resigned. `cookie`: played by a signed-in player.
 */
async function finishedChess(base, { moves = 8, cookie = null } = {}) {
  const headers = { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) };
  const made = await (await fetch(`${base}/api/games`, { method: 'POST', headers, body: JSON.stringify({ kind: 'quickchess', name: 'Ada', options: { variant: 'quickchess', color: 'white' }, bots: [1] }) })).json();
  for (let i = 0; i < moves; i++) {
    const view = await myTurn(base, made);
    if (view.over) break;
    const legal = view.legal.filter((m) => !m.pass);
    // a queen's move when there is one (it is the piece most often left hanging), else any
    const queen = legal.filter((m) => /^Q/.test(m.san));
    const pool = queen.length && i % 2 ? queen : legal;
    await post(base, `/api/games/${made.id}/act`, { token: made.token, action: { t: 'move', uci: pool[(i * 7 + 3) % pool.length].uci } });
  }
  const view = await myTurn(base, made);
  if (!view.over) await post(base, `/api/games/${made.id}/act`, { token: made.token, action: { t: 'resign' } });
  return made;
}

/** A Querni game against the computer: a few turns, then resigned. */
async function finishedQuerni(base, turns = 8) {
  const made = await post(base, '/api/games', { kind: 'querni', name: 'Ada', options: { color: 'blue' }, bots: [1] });
  for (let i = 0; i < turns; i++) {
    const view = await myTurn(base, made);
    if (view.over) break;
    const all = view.legal.movements;
    const turn = all.length ? all[(i * 5 + 2) % all.length].text : 'pass';
    await post(base, `/api/games/${made.id}/act`, { token: made.token, action: { t: 'turn', turn } });
  }
  const view = await myTurn(base, made);
  if (!view.over) await post(base, `/api/games/${made.id}/act`, { token: made.token, action: { t: 'resign' } });
  return made;
}

/** A game's review as the server has it, waited for (asked for first if `ask`). */
async function reviewOf(base, id, ask = false) {
  if (ask) await fetch(`${base}/api/games/${id}/review`, { method: 'POST' });
  for (let i = 0; i < 240; i++) {
    const res = await fetch(`${base}/api/games/${id}/review`);
    const r = await res.json();
    if (r.status === 'done') return r.review;
    await sleep(250);
  }
  throw new Error(`game ${id}: no review after a minute`);
}

/** The seat of a game kept in the page's browser. */
async function holdSeat(page, base, made) {
  await page.goto(base + '/');
  await page.evaluate(({ id, seat, token }) => localStorage.setItem(`tabula:seat:${id}`, JSON.stringify({ seat, token })), made);
}

/** The critical and serious violations axe finds on the page as it is. */
async function axeViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    // @ts-ignore axe is the script just added
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.id} (${v.impact}) x${v.nodes.length} at ${v.nodes[0]?.target.join(' ')}`);
  });
  return found;
}

/** The review's controls (and the better line's) smaller than a finger on a phone. */
async function smallControls(page) {
  return page.evaluate(() => [...document.querySelectorAll('[data-test=review] button, [data-test=review] a, [data-test=review-graph], [data-test=review-line-board] button')]
    .filter((el) => el.checkVisibility())
    .map((el) => [el.getAttribute('data-test') || el.textContent.trim().slice(0, 20), el.getBoundingClientRect()])
    .filter(([, r]) => r.width < 43.5 || r.height < 43.5)
    .map(([what, r]) => `${what} ${Math.round(r.width)}x${Math.round(r.height)}`));
}

/** Taps (or clicks) the graph over ply `ply` of `n`. */
async function pickOnGraph(page, ply, n, touch) {
  await page.locator('[data-test=review-graph]').scrollIntoViewIfNeeded();
  const box = await page.locator('[data-test=review-graph]').boundingBox();
  const x = box.x + ((ply - 0.5) / n) * box.width;
  const y = box.y + box.height / 2;
  if (touch) await page.touchscreen.tap(x, y); else await page.mouse.click(x, y);
}

/** The first ply of a review with a mark, and the mark. */
function firstMark(plies) {
  const i = plies.findIndex((p) => p.class);
  return i < 0 ? null : { ply: i + 1, mark: plies[i].class };
}

// On a phone: the button, the wait, the review; the marks in the move list; a tap on the graph
// shows that move; the better line on the board, step by step; the PGN downloaded.
async function reviewOnAPhone({ browser, base }) {
  // a game of careless moves has a marked move (a few tries, as the computer's replies vary)
  let made = null;
  let review = null;
  for (let tries = 0; tries < 4 && !review; tries++) {
    made = await finishedChess(base, { moves: 8 + tries * 2 });
    // another game asked for first, from the same address: this one waits behind it
    const other = await finishedChess(base, { moves: 10 });
    await fetch(`${base}/api/games/${other.id}/review`, { method: 'POST' });
    const { context, page } = await newPage(browser, { ...PHONE, bypassCSP: true });
    await holdSeat(page, base, made);
    await page.goto(`${base}/quickchess/play/${made.id}`);
    await page.locator('[data-test=result]').waitFor();
    const ask = page.locator('[data-test=review-ask]');
    await ask.waitFor();
    assert((await smallControls(page)).length === 0, `the Review button is a finger's size: ${await smallControls(page)}`);
    await shot(page, 'review-phone-ask');
    await ask.tap();
    // the wait in words, from the server's answer: the place in the queue, or the work
    const waited = await page.locator('[data-test=review-status]').filter({ hasText: /next in line|number \d+ in line|reviewing the game/ })
      .waitFor({ timeout: 15000 }).then(() => true, () => false);
    const status = waited ? await page.locator('[data-test=review-status]').innerText() : '';
    if (waited) await shot(page, 'review-phone-waiting');
    await page.locator('[data-test=review-graph]').waitFor({ timeout: 90000 });
    assert(waited, 'the wait was shown with the place in the queue or the work going on');
    const r = await reviewOf(base, made.id);
    const first = firstMark(r.moves);
    if (!first) { await context.close(); continue; } // no marked move: another game
    review = r;
    console.log(`      (the wait said: "${status}")`);

    // each side's accuracy, as the server has it
    const white = await page.locator('[data-test=accuracy-white]').innerText();
    assert(/^\d+(\.\d)?%$/.test(white) && Math.abs(parseFloat(white) - r.accuracy.white) < 0.05, `White's accuracy: ${white} (server ${r.accuracy.white})`);
    // the marks beside the moves of the move list: exactly the marked plies, sign and word
    const marked = await page.locator('[data-test=moves] button[data-mark]').evaluateAll((bs) => bs.map((b) => [Number(b.getAttribute('data-step')), b.getAttribute('data-mark'), b.querySelector('.rv-sign')?.textContent, b.textContent]));
    const expected = r.moves.map((m, i) => [i + 1, m.class]).filter(([, c]) => c);
    assert(JSON.stringify(marked.map(([p, c]) => [p, c])) === JSON.stringify(expected), `the marked moves: ${JSON.stringify(marked)} vs ${JSON.stringify(expected)}`);
    for (const [, mark, sign, text] of marked) {
      assert(sign === SIGNS[mark], `the sign of a ${mark}: ${sign}`);
      assert(text.toLowerCase().includes(mark), `a screen reader hears the word: ${text}`);
    }
    const colour = await page.locator(`[data-test=moves] button[data-mark] .rv-sign`).first().evaluate((e) => getComputedStyle(e).color);
    const ink = await page.locator('[data-test=moves] button').first().evaluate((e) => getComputedStyle(e).color);
    assert(colour !== ink, `the marks are coloured: ${colour}`);

    // a tap on the graph over the marked move shows that move, with what the computer says
    const n = r.moves.length;
    await pickOnGraph(page, first.ply, n, true);
    await page.locator(`[data-test=moves] button[aria-current=step][data-step="${first.ply}"]`).waitFor({ timeout: 5000 });
    assert(await page.locator('[data-test=review-graph]').getAttribute('aria-valuenow') === String(first.ply), 'the graph marks the move shown');
    const note = await page.locator('[data-test=review-move]').innerText();
    assert(note.toLowerCase().includes(first.mark) && note.includes(r.moves[first.ply - 1].san), `the move's mark and move: ${note}`);
    const best = r.moves[first.ply - 1];
    assert((await page.locator('[data-test=review-best]').innerText()).includes(`Best was ${best.best_san}`), `best was ${best.best_san}`);
    await shot(page, 'review-phone-light');

    // the better line: the computer's move drawn on the board, then played out
    assert(await page.locator('[data-test=review-arrow]').count() === 0, 'no arrow before the better line is asked for');
    await page.locator('[data-test=show-line]').tap();
    const arrow = page.locator('[data-test=review-line-board] [data-test=review-arrow]');
    await arrow.waitFor();
    assert(await arrow.getAttribute('data-move') === best.best_line_uci[0].slice(0, 4), `the arrow is the computer's move ${best.best_line_uci[0]}`);
    const before = best.ply >= 2 ? (await viewOf(base, made)).moves[best.ply - 2].fen : (await viewOf(base, made)).start_fen;
    const label = await page.locator('[data-test=review-line-board] svg.board').getAttribute('aria-label');
    assert(label.endsWith(before), `the line starts from the position before the move: ${label}`);
    assert((await smallControls(page)).length === 0, `the line's controls are a finger's size: ${await smallControls(page)}`);
    await shot(page, 'review-phone-line');
    await page.locator('[data-test=line-next]').tap();
    await page.locator('[data-test=line-step]').filter({ hasText: /^1 of / }).waitFor();
    const after = await post(base, '/api/chess/position', { variant: 'quickchess', fen: before, moves: best.best_line_uci.slice(0, 1) });
    const label1 = await page.locator('[data-test=review-line-board] svg.board').getAttribute('aria-label');
    assert(label1.endsWith(after.fen), `one step on, the board is after ${best.best_line_uci[0]}: ${label1}`);
    if (best.best_line_uci.length > 1) assert(await arrow.getAttribute('data-move') === best.best_line_uci[1].slice(0, 4), 'the next arrow is the line\'s next move');
    await page.locator('[data-test=line-close]').tap();
    await page.locator('[data-test=review-line-board]').waitFor({ state: 'detached' });

    // the keyboard: the graph steps with the arrow keys and keeps the focus
    await page.locator('[data-test=review-graph]').focus();
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction((p) => document.querySelector('[data-test=review-graph]')?.getAttribute('aria-valuenow') === String(p - 1), first.ply);
    assert(await page.evaluate(() => document.activeElement?.getAttribute('data-test')) === 'review-graph', 'the graph keeps the focus as it steps');

    // nothing critical or serious for axe on the reviewed page
    const bad = await axeViolations(page);
    assert(bad.length === 0, `axe on the reviewed page: ${bad.join('; ')}`);

    // the game to take home: its PGN, with the review's marks and evaluations in it
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-test=download-game]').tap()]);
    const pgn = readFileSync(await download.path(), 'utf8');
    assert(pgn.startsWith('[Event '), `the PGN: ${pgn.slice(0, 80)}`);
    assert(pgn.includes('[%eval') && pgn.includes(best.san + SIGNS[first.mark]), `the PGN carries the review: ${pgn.slice(-300)}`);
    assert(download.suggestedFilename() === `tabula-${made.id}.pgn`, `its name: ${download.suggestedFilename()}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert(width <= 390, `nothing wider than the phone: ${width} px`);
    await context.close();
  }
  assert(review, 'a reviewed game with a marked move');

  // the same game in the dark theme, in German, at the start of the game
  const { context, page } = await newPage(browser, { ...PHONE, colorScheme: 'dark', locale: 'de', extraHTTPHeaders: { 'Accept-Language': 'de' } });
  await holdSeat(page, base, made);
  await page.goto(`${base}/quickchess/play/${made.id}`);
  await page.locator('[data-test=review-graph]').waitFor();
  await page.locator('[data-test=moves] button[data-step="1"]').tap();
  await page.locator('[data-test=review-move]').waitFor();
  await shot(page, 'review-phone-dark-de');
  await context.close();
}

// At a desktop's width, a Querni game: the review of its turns, the marks, a click on the graph,
// the computer's turn in notation and in words; the game as text to download.
async function querniReviewOnADesktop({ browser, base }) {
  let made = null;
  let review = null;
  for (let tries = 0; tries < 4 && !(review && review.turns.some((x) => x.class)); tries++) {
    made = await finishedQuerni(base, 8 + tries * 4);
    review = null;
    const { context, page } = await newPage(browser, { ...DESKTOP, bypassCSP: true });
    await holdSeat(page, base, made);
    await page.goto(`${base}/querni/play/${made.id}`);
    await page.locator('[data-test=review-ask]').click();
    await page.locator('[data-test=review-graph]').waitFor({ timeout: 90000 });
    review = await reviewOf(base, made.id);
    await context.close();
  }
  assert(review.turns.some((x) => x.class), 'a reviewed Querni game with a marked turn');
  const { context, page } = await newPage(browser, { ...DESKTOP, bypassCSP: true });
  await holdSeat(page, base, made);
  await page.goto(`${base}/querni/play/${made.id}`);
  // asked for once: the review is there when the game is opened again
  await page.locator('[data-test=review-graph]').waitFor();
  assert(await page.locator('[data-test=review-ask]').count() === 0, 'no Review button once the game is reviewed');
  const blue = await page.locator('[data-test=accuracy-blue]').innerText();
  assert(/^\d+(\.\d)?%$/.test(blue), `Blue's accuracy: ${blue}`);
  const marked = await page.locator('[data-test=moves] button[data-mark]').evaluateAll((bs) => bs.map((b) => [Number(b.getAttribute('data-step')), b.getAttribute('data-mark')]));
  const expected = review.turns.map((x, i) => [i + 1, x.class]).filter(([, c]) => c);
  assert(JSON.stringify(marked) === JSON.stringify(expected), `the marked turns: ${JSON.stringify(marked)} vs ${JSON.stringify(expected)}`);
  // a click on the graph over a turn the computer would have played otherwise
  const other = review.turns.findIndex((x) => x.best && x.best !== x.turn) + 1;
  assert(other > 0, 'a turn the computer would have played otherwise');
  await pickOnGraph(page, other, review.turns.length, false);
  await page.locator(`[data-test=moves] button[aria-current=step][data-step="${other}"]`).waitFor({ timeout: 5000 });
  const best = await page.locator('[data-test=review-best]').innerText();
  assert(best.includes(`Best was ${review.turns[other - 1].best}`), `the computer's turn in notation: ${best}`);
  assert(/(step|jump|remove)/.test(best), `and in words: ${best}`);
  // the computer's turn drawn on the position before the turn: its path, its chain
  await page.locator('[data-test=show-line]').click();
  const drawn = page.locator('[data-test=review-line-board] svg.board');
  await drawn.waitFor();
  assert(await drawn.getAttribute('data-turn') === review.turns[other - 1].best, 'the board draws the computer\'s turn');
  const start = (await viewOf(base, made)).history[other - 2]?.after;
  if (start) assert((await drawn.getAttribute('aria-label')).endsWith(start), 'from the position before the turn');
  const hasPath = /[a-j]\d[-:]/.test(review.turns[other - 1].best);
  assert(!hasPath || await drawn.locator('polyline.path.hint').count() === 1, 'the movement\'s path is drawn');
  await shot(page, 'review-querni-desktop-light');
  await page.locator('[data-test=line-close]').click();
  await page.locator('[data-test=review-line-board]').waitFor({ state: 'detached' });
  const bad = await axeViolations(page);
  assert(bad.length === 0, `axe on the reviewed Querni page: ${bad.join('; ')}`);
  // the game as text: the link's words and what it downloads
  const link = page.locator('[data-test=download-game]');
  assert((await link.innerText()).includes('Download the game'), 'Querni downloads "the game"');
  const text = await (await fetch(base + await link.getAttribute('href'))).text();
  assert(text.startsWith('[Event ') && text.includes(review.turns[0].turn), `the game as text: ${text.slice(0, 200)}`);
  await context.close();
  // dark, in Russian
  const ru = await newPage(browser, { ...DESKTOP, colorScheme: 'dark', locale: 'ru', extraHTTPHeaders: { 'Accept-Language': 'ru' } });
  await holdSeat(ru.page, base, made);
  await ru.page.goto(`${base}/querni/play/${made.id}`);
  await ru.page.locator('[data-test=review-graph]').waitFor();
  await pickOnGraph(ru.page, other, review.turns.length, false);
  await ru.page.locator('[data-test=review-best]').waitFor();
  await englishLeft(ru.page, 'ru');
  await shot(ru.page, 'review-querni-desktop-dark-ru');
  await ru.context.close();
}

/** Fails on English words left in the review's panel of a page in `language`. */
async function englishLeft(page, language) {
  const missing = await page.evaluate(() => window.tabulaMissingText || []);
  assert(missing.length === 0, `${language}: messages missing: ${missing.join(', ')}`);
  const text = await page.locator('[data-test=review]').evaluate((el) => {
    const copy = el.cloneNode(true);
    for (const n of copy.querySelectorAll('[translate=no], .visually-hidden')) n.remove();
    return copy.innerText || copy.textContent;
  });
  // notation (SAN, Querni's squares) and the PGN format's name are no words
  const words = (text.match(/[A-Za-z][A-Za-z'-]*[A-Za-z]/g) || []).filter((w) => !/^(PGN|[KQRBNP]?[a-h]?x?[a-j]\d*|O-O(-O)?|[a-j]\d)$/.test(w));
  const english = language === 'ru' ? words : words.filter((w) => /^(the|of|and|was|move|best|review|accuracy|waiting|player|download|game)$/i.test(w));
  assert(english.length === 0, `${language}: English words left in the review: ${english.join(', ')} in "${text.replace(/\s+/g, ' ').slice(0, 300)}"`);
}

// The replay of a reviewed game shows the review at once (nobody asks again): its own list of
// the moves with their marks, the graph stepping the replay, the better line; in Russian and
// German, at both widths, light and dark.
async function reviewOnTheReplay({ browser, base }) {
  const made = await finishedChess(base, { moves: 8 });
  const review = await reviewOf(base, made.id, true);
  const n = review.moves.length;
  for (const [language, options, scheme] of [['ru', PHONE, 'light'], ['de', DESKTOP, 'dark'], ['en', DESKTOP, 'light']]) {
    const { context, page } = await newPage(browser, { ...options, colorScheme: scheme, locale: language, extraHTTPHeaders: { 'Accept-Language': language }, bypassCSP: true });
    await page.goto(`${base}/replay/${made.id}`);
    await page.locator('[data-test=review-graph]').waitFor();
    const marks = await page.locator('[data-test=review] [data-test=moves] button[data-mark]').count();
    assert(marks === review.moves.filter((m) => m.class).length, `the replay's moves carry the marks: ${marks}`);
    // a pick on the graph steps the replay to that move
    const ply = Math.min(3, n);
    await pickOnGraph(page, ply, n, options === PHONE);
    await page.waitForFunction((p) => document.querySelector('[data-test=review-graph]')?.getAttribute('aria-valuenow') === String(p), ply);
    const fen = (await viewOf(base, made)).moves[ply - 1].fen;
    const label = await page.locator('svg.board').first().getAttribute('aria-label');
    assert(label.endsWith(fen), `the replay shows the position after ply ${ply}: ${label}`);
    const other = review.moves.findIndex((m) => m.best && m.best !== m.uci) + 1;
    if (other > 0) {
      await page.locator(`[data-test=review] [data-test=moves] button[data-step="${other}"]`).click();
      await page.locator('[data-test=show-line]').click();
      await page.locator('[data-test=review-line-board] [data-test=review-arrow]').waitFor();
    }
    if (language !== 'en') await englishLeft(page, language);
    await shot(page, `review-replay-${language}-${options === PHONE ? 'phone' : 'desktop'}-${scheme}`);
    const bad = await axeViolations(page);
    assert(bad.length === 0, `axe on the reviewed replay (${language}): ${bad.join('; ')}`);
    await context.close();
  }
}

// Two games already waiting from this address: a third is refused, and the page says why in
// words, with the button to try again.
async function reviewRefusedInWords({ browser, base }) {
  const games = [];
  for (let i = 0; i < 4; i++) games.push(await finishedChess(base, { moves: 10 }));
  const { context, page } = await newPage(browser, PHONE);
  await holdSeat(page, base, games[3]);
  await page.goto(`${base}/quickchess/play/${games[3].id}`);
  await page.locator('[data-test=review-ask]').waitFor();
  // one being reviewed and two waiting, all from this address
  for (const g of games.slice(0, 3)) await fetch(`${base}/api/games/${g.id}/review`, { method: 'POST' });
  await page.locator('[data-test=review-ask]').tap();
  const error = page.locator('[data-test=review-error]');
  await error.waitFor({ timeout: 10000 });
  assert(/two games waiting/.test(await error.innerText()), `the refusal in words: ${await error.innerText()}`);
  assert((await page.locator('[data-test=review-ask]').innerText()) === 'Try again', 'and the button to try again');
  await shot(page, 'review-refused');
  await context.close();
  for (const g of games.slice(0, 3)) await reviewOf(base, g.id);
}

// A player's games from the profile, as one PGN file; and a PGN pasted onto the analysis
// board: the server plays its moves, and the board stands where the game ended.
async function gamesToTakeHome({ browser, base }) {
  const name = `rv${newStamp()}`;
  const res = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: name, password: 'correct horse battery' }) });
  assert(res.ok, 'signed up');
  const cookie = res.headers.get('set-cookie').split(';')[0];
  const made = await finishedChess(base, { moves: 6, cookie });
  const { context, page } = await newPage(browser, PHONE);
  await page.goto(`${base}/players/${name}`);
  const link = page.locator('[data-test=download-games]');
  await link.waitFor();
  const all = await (await fetch(base + await link.getAttribute('href'))).text();
  assert(all.startsWith('[Event ') && all.includes(`/replay/${made.id}`), `the player's games: ${all.slice(0, 200)}`);
  // the analysis board takes the game's PGN
  const pgn = await (await fetch(`${base}/api/games/${made.id}/pgn`)).text();
  const end = (await viewOf(base, made)).fen;
  await page.goto(`${base}/quickchess/analyse`);
  await page.locator('[data-test=pgn-box] summary').tap();
  await page.locator('[data-test=pgn-text]').fill(pgn);
  await page.locator('[data-test=pgn-load]').tap();
  await page.locator('[data-test=pgn-note]').filter({ hasText: /moves? loaded/ }).waitFor({ timeout: 20000 });
  await page.waitForFunction((fen) => document.querySelector('svg.board')?.getAttribute('aria-label')?.endsWith(fen), end, { timeout: 10000 });
  // the FEN box follows the board: it shows the game's last position, not its start
  const box = await page.locator('[data-test=fen]').inputValue();
  assert(box === end, `the FEN box after the import: ${box}, not ${end}`);
  // a move that is not legal there is named
  await page.locator('[data-test=pgn-text]').fill('1. e4 Ke7 Ke3 *');
  await page.locator('[data-test=pgn-load]').tap();
  await page.locator('[data-test=pgn-note]').filter({ hasText: /could not be read: .*`Ke7` is not legal/ }).waitFor({ timeout: 10000 });
  await shot(page, 'review-analysis-pgn');
  await context.close();
}

export const reviewScenarios = [
  ['review: a game reviewed on a phone, marks, graph, better line, PGN', reviewOnAPhone],
  ['review: a Querni game reviewed at a desktop\'s width', querniReviewOnADesktop],
  ['review: the replay shows the review, in Russian and German', reviewOnTheReplay],
  ['review: a refusal of the queue in words', reviewRefusedInWords],
  ['review: a player\'s games and a PGN on the analysis board', gamesToTakeHome],
];
