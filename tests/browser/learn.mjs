// Learn QuickChess: the first box taken as a beginner would, from the piece's diagram through
// both exercises to the lesson game, and the progress still there after a reload. The right
// answers are worked out here from the pawn's rules (a step forward to an empty square, a
// capture diagonally forward), independently of the engine the page asks.
import { shot, assert, newPage } from './harness.mjs';

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

async function firstBoxToTheLessonGame({ browser, base }) {
  const { context, page } = await newPage(browser, PHONE);
  await page.goto(`${base}/quickchess`);
  await page.locator('[data-test=learn-link]').click();
  await page.waitForURL(`${base}/learn/quickchess`);
  assert((await page.locator('.learn-box').count()) === 8, 'boxes 2 to 9');
  assert((await page.locator('.learn-box[data-done=yes]').count()) === 0, 'nothing done yet');
  await page.locator('[data-test=learn-next]').click();
  await page.waitForURL(`${base}/learn/quickchess/2`);
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
  // exercise 2: take a pawn
  await page.locator('[data-test=capture-board] svg.board').waitFor();
  const cFrom = await page.locator('[data-test=capture-board]').getAttribute('data-from');
  const cPieces = await piecesOf(page, '[data-test=capture-board]');
  const capture = pawnTargets(cPieces, cFrom).find((sq) => cPieces[sq]);
  assert(capture, `a capture exists from ${cFrom}`);
  await page.locator(`[data-test=capture-board] rect[data-sq="${cFrom}"]`).click();
  await page.locator(`[data-test=capture-board] rect[data-sq="${capture}"]`).click();
  await page.locator('[data-test=capture-result].good').waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(width <= 390, `the box page fits a phone: ${width}`);
  await shot(page, 'learn-box2-done');
  // the lesson game against the computer
  await page.locator('[data-test=learn-play]').click();
  await page.waitForURL(/\/quickchess\/play\//);
  await page.locator('svg.board').first().waitFor();
  assert(/Power Pawns/.test(await page.locator('main').innerText()), 'the lesson game of box 2');
  // the progress survives a reload
  await page.goto(`${base}/learn/quickchess`);
  await page.reload();
  await page.locator('.learn-box[data-box="2"][data-done=yes]').waitFor();
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
  assert(/Как ходит конь/.test(text) && /Возьмите чёрную пешку своим конём/.test(text), 'the knight\'s box in Russian');
  await shot(page, 'learn-box8-ru-phone');
  // every box's diagram gets its destinations from the engine
  for (const n of [2, 3, 4, 5, 6, 7]) {
    await page.goto(`${base}/learn/quickchess/${n}`);
    await page.waitForFunction(() => document.querySelectorAll('[data-test=demo-board] .dest, [data-test=demo-board] .dest-ring').length > 0, null, { timeout: 10000 });
  }
  await context.close();
}

export const learnScenarios = [
  ['learn quickchess: box 2 from its diagram through the exercises to the lesson game, kept after a reload', firstBoxToTheLessonGame],
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
  assert((await page.locator('.rules-figure.no').count()) === 1 && (await page.locator('.rules-figure.yes').count()) === 1, 'a turned card counts, a mirrored one does not');
  await page.locator('[data-test=first-board] svg.board').waitFor();
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
