// Learn QuickChess: the first boxes taken as a beginner would, box 1's rules read, then box 2
// from the piece's diagram through its exercises to the lesson game won against the computer,
// and the progress still there after a reload. The right answers are worked out here from the pawn's rules (a step forward
// to an empty square, a capture diagonally forward), independently of the engine the page
// asks; the fewest moves the page states for "capture them all" is found here again.
import { shot, assert, newPage, post, viewOf } from './harness.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The pieces of the board inside `container` (square -> letter), from its FEN label. */
async function piecesOf(page, container) {
  const label = await page.locator(`${container} svg.board`).getAttribute('aria-label');
  const fen = label.split(' ').slice(1).join(' ');
  const pieces = {};
  fen.split(' ')[0].split('/').forEach((row, i) => {
    let file = 0;
    for (const c of row) {
      if (/\d/.test(c)) { file += Number(c); continue; }
      pieces[`${'abcde'[file]}${6 - i}`] = c;
      file++;
    }
  });
  return pieces;
}

/** Where a white pawn on `from` may go: one step forward if empty, a diagonal capture of a black piece. */
function pawnTargets(pieces, from) {
  const f = 'abcde'.indexOf(from[0]);
  const r = Number(from.slice(1));
  const out = [];
  const ahead = `${from[0]}${r + 1}`;
  if (r < 6 && !pieces[ahead]) out.push(ahead);
  for (const df of [-1, 1]) {
    const sq = `${'abcde'[f + df] || 'z'}${r + 1}`;
    if (pieces[sq] && pieces[sq] === pieces[sq].toLowerCase()) out.push(sq);
  }
  return out;
}

/** The fewest moves of a lone white pawn on `from` that capture every black pawn of `pieces`
 * (which stand still), by a breadth-first search over the pawn's rules as written above. */
function fewestPawnMoves(pieces, from) {
  const start = { at: from, pieces };
  let frontier = [start];
  for (let depth = 0; depth <= 6; depth++) {
    for (const s of frontier) if (!Object.values(s.pieces).includes('p')) return { depth, line: s.line || [] };
    const next = [];
    for (const s of frontier) {
      for (const to of pawnTargets(s.pieces, s.at)) {
        const pieces = { ...s.pieces };
        delete pieces[s.at];
        pieces[to] = 'P';
        next.push({ at: to, pieces, line: [...(s.line || []), [s.at, to]] });
      }
    }
    frontier = next;
  }
  return null;
}

/** Plays this browser's side by clicks until the game is over and returns the final view. Each
 * move is the lesson solver's when it knows the position is not lost (so a level-1 computer's
 * slip is punished and nothing is thrown away), else the engine's after a second's thought. */
async function playToTheEnd(page, base, id) {
  for (let turn = 0; turn < 100; turn++) {
    let v = await viewOf(base, page, id);
    for (let i = 0; i < 100 && !v.over && !v.your_turn; i++) { await page.waitForTimeout(100); v = await viewOf(base, page, id); }
    if (v.over) return v;
    const a = await post(base, '/api/chess/position', { variant: v.variant, fen: v.fen, analyse_ms: 1000 });
    const known = a.solved && a.solved.best && a.solved.wdl !== 'loss';
    const uci = known ? a.solved.best : (a.analysis ? a.analysis.best : v.legal[0].uci);
    const move = v.legal.find((m) => m.uci === uci) || v.legal[0];
    if (move.pass) await page.locator('[data-test=pass]').click();
    else {
      await page.locator(`svg.board rect[data-sq="${move.from}"]`).first().click();
      await page.locator(`svg.board rect[data-sq="${move.to}"]`).first().click();
    }
    for (let i = 0; i < 100 && v.your_turn && !v.over; i++) { await page.waitForTimeout(100); v = await viewOf(base, page, id); }
  }
  return viewOf(base, page, id);
}

async function firstBoxToTheLessonGame({ browser, base }) {
  const { context, page } = await newPage(browser, PHONE);
  await page.goto(`${base}/quickchess`);
  await page.locator('[data-test=learn-link]').click();
  await page.waitForURL(`${base}/learn/quickchess`);
  // (the page's code loads when it is first shown: the boxes are drawn a moment after the URL)
  await page.locator('.learn-box .learn-n').first().waitFor();
  const numbers = await page.locator('.learn-box .learn-n').allInnerTexts();
  assert(numbers.join(' ') === '1 2 3 4 5 6 7 8 9', `the boxes are numbered from 1, as the booklet says to follow them: ${numbers}`);
  assert((await page.locator('.learn-box[data-done=yes]').count()) === 0, 'nothing done yet');
  // box 1: the rules every game shares, read, then on to box 2
  await page.locator('[data-test=learn-next]').click();
  await page.waitForURL(`${base}/learn/quickchess/1`);
  await page.locator('[data-test=rules-board] svg.board').waitFor();
  assert((await page.locator('[data-test=rules-board] svg.board').getAttribute('aria-label')).includes('ppppp'), 'box 1 shows the first lesson game\'s pawns');
  assert((await page.locator('.learn-step h2').count()) >= 4, 'the board, winning, moving and capturing, stuck pawns');
  await shot(page, 'learn-box1');
  await page.locator('[data-test=learn-read]').click();
  await page.waitForURL(`${base}/learn/quickchess/2`);
  assert((await page.locator('.learn-box[data-box="1"]').getAttribute('data-done')) === 'yes', 'box 1 is done once read');
  // the diagram: the pawn on c3 may step to c4 or take on b4 and d4
  await page.locator('[data-test=demo-board] svg.board').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-test=demo-board] .dest').length > 0);
  const demo = await page.locator('[data-test=demo-board] .dest, [data-test=demo-board] .dest-ring').count();
  assert(demo === 3, `the pawn's three moves are shown: ${demo}`);
  // exercise 1: tap every square the pawn can reach
  await page.locator('[data-test=reach-board] svg.board').waitFor();
  const from = await page.locator('[data-test=reach-board]').getAttribute('data-from');
  const pieces = await piecesOf(page, '[data-test=reach-board]');
  const targets = pawnTargets(pieces, from);
  for (const sq of targets) await page.locator(`[data-test=reach-board] rect[data-sq="${sq}"]`).click();
  await shot(page, 'learn-box2-reach');
  await page.locator('[data-test=reach-check]').click();
  const reach = await page.locator('[data-test=reach-result]').innerText();
  assert(await page.locator('[data-test=reach-result].good').count() === 1, `the squares ${targets} are right: ${reach}`);
  // exercise 2: capture all the pawns in the number of moves the page states; the fewest is
  // worked out here again from the pawn's rules, and must be what the server proved
  await page.locator('[data-test=capture-board] svg.board').waitFor();
  const stated = Number(await page.locator('[data-test=capture-task]').getAttribute('data-minimum'));
  const cFrom = await page.locator('[data-test=capture-board]').getAttribute('data-from');
  const cPieces = await piecesOf(page, '[data-test=capture-board]');
  const pawns = Object.values(cPieces).filter((p) => p === 'p').length;
  assert(pawns >= 2 && Object.keys(cPieces).length === pawns + 1, `a lone pawn and black pawns: ${JSON.stringify(cPieces)}`);
  const best = fewestPawnMoves(cPieces, cFrom);
  assert(best && best.depth === stated, `the stated ${stated} moves are the fewest: ${best && best.depth}`);
  assert((await page.locator('[data-test=capture-task]').innerText()).includes(`in ${stated} moves`), 'the task names the count');
  // first a wrong way, when there is one: a step straight ahead after which the pawns cannot all
  // be taken in the moves left; the page says so when the moves are used up, then starts again
  const straight = pawnTargets(cPieces, cFrom).find((sq) => !cPieces[sq]);
  const rest = straight && { ...Object.fromEntries(Object.entries(cPieces).filter(([sq]) => sq !== cFrom)), [straight]: 'P' };
  const after = straight && fewestPawnMoves(rest, straight);
  if (straight && (!after || after.depth > stated - 1)) {
    let at = cFrom;
    let to = straight;
    while (to) {
      await page.locator(`[data-test=capture-board] rect[data-sq="${at}"]`).click();
      await page.locator(`[data-test=capture-board] rect[data-sq="${to}"]`).click();
      await page.waitForFunction((b) => document.querySelector('[data-test=capture-board]')?.dataset.from === b, to);
      if (await page.locator('[data-test=capture-result]').count()) break;
      at = to;
      to = pawnTargets(await piecesOf(page, '[data-test=capture-board]'), at)[0];
    }
    await page.locator('[data-test=capture-result].bad').waitFor();
    await shot(page, 'learn-box2-capture-over');
    await page.locator('[data-test=capture-retry]').click();
  }
  await page.locator('[data-test=capture-count]').waitFor();
  for (const [a, b] of best.line) {
    await page.locator(`[data-test=capture-board] rect[data-sq="${a}"]`).click();
    await page.locator(`[data-test=capture-board] rect[data-sq="${b}"]`).click();
    await page.waitForFunction((to) => document.querySelector('[data-test=capture-board]')?.dataset.from === to, b);
  }
  await page.locator('[data-test=capture-result].good').waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(width <= 390, `the box page fits a phone: ${width}`);
  await shot(page, 'learn-box2-done');
  // exercises alone do not complete a box
  await page.goto(`${base}/learn/quickchess`);
  await page.locator('.learn-box[data-box="2"]').waitFor();
  assert((await page.locator('.learn-box[data-box="2"]').getAttribute('data-done')) === 'no', 'not done before the lesson game is won');
  // the lesson game against the computer, played to a win
  await page.goto(`${base}/learn/quickchess/2`);
  await page.locator('[data-test=learn-play]').click();
  await page.waitForURL(/\/quickchess\/play\//);
  await page.locator('svg.board').first().waitFor();
  assert(/Power Pawns/.test(await page.locator('main').innerText()), 'the lesson game of box 2');
  // a game not won leaves the box open; its rematch is a lesson game of the box too
  let end = null;
  for (let game = 0; game < 3; game++) {
    const id = page.url().split('/').pop();
    end = await playToTheEnd(page, base, id);
    if (end.end && end.end.winner === end.color) break;
    await page.locator('[data-test=learn-outcome]').waitFor();
    assert(!(await page.locator('[data-test=learn-outcome]').getAttribute('class')).includes('good'), 'a game not won is not called won');
    await page.locator('[data-test=rematch]').click();
    await page.waitForURL((url) => !url.pathname.endsWith(id));
    await page.locator('svg.board').first().waitFor();
  }
  assert(end.over && end.end && end.end.winner === end.color, `the lesson game is won: ${JSON.stringify(end.end)}`);
  await page.locator('[data-test=learn-outcome].good').waitFor();
  await shot(page, 'learn-box2-won');
  // the progress survives a reload
  await page.locator('[data-test=learn-back]').click();
  await page.waitForURL(`${base}/learn/quickchess/2`);
  await page.locator('[data-test=learn-box-state].good').waitFor();
  await page.goto(`${base}/learn/quickchess`);
  await page.reload();
  await page.locator('.learn-box[data-box="2"][data-done=yes]').waitFor();
  assert((await page.locator('.learn-box[data-done=yes]').count()) === 2, 'boxes 1 and 2 are done, no other');
  assert((await page.locator('[data-test=learn-next]').getAttribute('href')).endsWith('/3'), 'on to box 3');
  await shot(page, 'learn-boxes');
  await context.close();
}

async function aBoxInRussian({ browser, base }) {
  const { context, page } = await newPage(browser, { ...PHONE, locale: 'ru', extraHTTPHeaders: { 'Accept-Language': 'ru' } });
  await page.goto(`${base}/learn/quickchess/8`);
  await page.locator('[data-test=capture-board] svg.board').waitFor();
  // the knight's eight squares from c3, as the engine gives them
  await page.waitForFunction(() => document.querySelectorAll('[data-test=demo-board] .dest, [data-test=demo-board] .dest-ring').length > 0);
  const dots = await page.locator('[data-test=demo-board] .dest, [data-test=demo-board] .dest-ring').count();
  assert(dots === 8, `the knight on c3 reaches 8 squares: ${dots}`);
  const text = await page.locator('main').innerText();
  assert(/Как ходит конь/.test(text) && /Возьмите все \d+ чёрн\S+ пешк\S* своим конём за \d+ хода?/.test(text), `the knight's box in Russian: ${text}`);
  assert((await page.locator('main h1').innerText()) === 'Коробка 8: Безумные кони', `the lesson game's name in Russian: ${await page.locator('main h1').innerText()}`);
  await shot(page, 'learn-box8-ru-phone');
  // box 3: which squares next to the king may it not step on? Worked out here from King's
  // Conquest's rule (never next to the other king; never onto one's own piece)
  await page.goto(`${base}/learn/quickchess/3`);
  await page.locator('[data-test=king-board] svg.board').waitFor();
  const king = await page.locator('[data-test=king-board]').getAttribute('data-king');
  const around = await piecesOf(page, '[data-test=king-board]');
  const other = Object.keys(around).find((sq) => around[sq] === 'k');
  const near = (a, b) => Math.abs(a.charCodeAt(0) - b.charCodeAt(0)) <= 1 && Math.abs(Number(a[1]) - Number(b[1])) <= 1;
  const barred = Object.keys(Object.fromEntries([...'abcde'].flatMap((f) => [1, 2, 3, 4, 5, 6].map((r) => [`${f}${r}`, 1]))))
    .filter((sq) => sq !== king && near(sq, king) && (near(sq, other) || (around[sq] && around[sq] === around[sq].toUpperCase())));
  assert(barred.length >= 2, `the king on ${king} has barred squares: ${barred}`);
  for (const sq of barred) await page.locator(`[data-test=king-board] rect[data-sq="${sq}"]`).click();
  await page.locator('[data-test=king-check]').click();
  await page.locator('[data-test=king-result].good').waitFor();
  assert((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'box 3 fits a phone');
  await shot(page, 'learn-box3-king-ru-phone');
  // every box's diagram gets its destinations from the engine
  for (const n of [2, 4, 5, 6, 7]) {
    await page.goto(`${base}/learn/quickchess/${n}`);
    await page.waitForFunction(() => document.querySelectorAll('[data-test=demo-board] .dest, [data-test=demo-board] .dest-ring').length > 0, null, { timeout: 10000 });
  }
  await context.close();
}

// An address of no box says so (it used to show the course's first page without a word), in
// each language, and leads back; the address stays as typed.
async function noSuchBox({ browser, base }) {
  for (const [language, words] of [['en', /^The course has no box 12$/], ['ru', /^В курсе нет коробки 12$/], ['de', /^Der Kurs hat keine Schachtel 12$/]]) {
    const { context, page } = await newPage(browser, { ...PHONE, locale: language, extraHTTPHeaders: { 'Accept-Language': language } });
    await page.goto(`${base}/learn/quickchess/12`);
    await page.locator('[data-test=learn-no-box]').waitFor();
    const title = await page.locator('main h1').innerText();
    assert(words.test(title), `${language}: ${title}`);
    assert(page.url().endsWith('/learn/quickchess/12'), 'the address stays');
    assert((await page.locator('.learn-box').count()) === 9, 'the boxes there are');
    if (language === 'en') await shot(page, 'learn-no-box-12');
    await context.close();
  }
}

export const learnScenarios = [
  ['learn quickchess: an address of no box says so', noSuchBox],
  ['learn quickchess: box 1 read, then box 2 from its diagram through the exercises to the lesson game, kept after a reload', firstBoxToTheLessonGame],
  ['learn quickchess: a box in Russian', aBoxInRussian],
];

// The puzzles' walkthroughs: Check Mates ends in a first card solved on the board (the moves
// found here by the solver the page also asks, and played by clicks until the page says it is
// met), The Royal Study in a first solo card at level 1.
async function puzzleWalkthroughs({ browser, base }) {
  const { context, page } = await newPage(browser, PHONE);
  await page.goto(`${base}/checkmates`);
  await page.locator('[data-test=walkthrough-link]').click();
  await page.waitForURL(`${base}/learn/checkmates`);
  await page.locator('[data-test=first-board] svg.board').waitFor();
  assert((await page.locator('.rules-figure.no').count()) === 1 && (await page.locator('.rules-figure.yes').count()) === 1, 'a turned card counts, a mirrored one does not');
  const task = await page.locator('[data-test=first-task]').getAttribute('data-task');
  const board = await page.locator('[data-test=first-board]').getAttribute('data-board');
  const res = await fetch(`${base}/api/solve/checkmates`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ side: 'sliding', board, task }) });
  const { solution } = await res.json();
  assert(solution.length >= 1 && solution.length <= 3, `a first card of one to three moves: ${solution}`);
  for (const mv of solution) {
    const before = await page.locator('[data-test=first-board]').getAttribute('data-board');
    const [from, to] = mv.split('-');
    await page.locator(`[data-test=first-board] rect[data-sq="${from}"]`).click();
    await page.locator(`[data-test=first-board] rect[data-sq="${to}"]`).click();
    await page.waitForFunction((b) => document.querySelector('[data-test=first-board]')?.dataset.board !== b, before);
  }
  await page.locator('[data-test=first-solved]').waitFor();
  assert((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'the walkthrough fits a phone');
  await shot(page, 'learn-checkmates-solved');
  await page.goto(`${base}/royal`);
  await page.locator('[data-test=walkthrough-link]').click();
  await page.waitForURL(`${base}/learn/royal`);
  await page.locator('[data-test=royal-first]').click();
  await page.waitForURL(/\/royal\/solo\//);
  await page.locator('svg.board').first().waitFor();
  await context.close();
}

learnScenarios.push(['learn the puzzles: a Check Mates card solved, a first Royal Study card', puzzleWalkthroughs]);
