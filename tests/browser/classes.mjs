// Classes (issue #55): a teacher on a desktop makes a class, makes two children's accounts
// (their log-in cards shown once), and gives a mixed assignment (a lesson game held to a draw
// from a position, a game against the computer, puzzles); a child on a phone signs in with the
// name and password of the printed card, sees the assignment on the home page, plays the lesson
// game from it and a game against the computer, and the teacher's table fills in. Every page
// fits a phone, passes axe-core, and is pictured in the three languages, light and dark.
import { shot, assert, newPage, signUp, stamp } from './harness.mjs';
import { violations } from './a11y.mjs';
import { smallTargets } from './polish.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true };
const DESKTOP = { viewport: { width: 1366, height: 900 }, bypassCSP: true };
/** A power-pawns position whose only move (c2c3) locks every pawn with equal ones: a draw. */
const DRAWN = '5/5/p1p2/P4/2P2/5 w - - 0 1';

/** Adds a task of `kind` to the assignment form and sets its fields. */
async function addTask(page, kind, fields) {
  await page.locator('[data-test=assign-form] select[name=kind]').selectOption(kind);
  await page.locator('[data-test=assign-add]').click();
  const box = page.locator(`[data-test=assign-task][data-kind=${kind}]`).last();
  for (const [name, value] of Object.entries(fields)) {
    const el = box.locator(`[name=${name}]`);
    if (await el.evaluate((e) => e.tagName === 'SELECT')) await el.selectOption(value);
    else await el.fill(value);
  }
}

async function aClassFromMakingToProgress({ browser, base }) {
  const mark = stamp();
  const teacherName = `t${mark}`;
  const kids = [`k${mark}`, `m${mark}`];
  const teacher = await newPage(browser, DESKTOP);
  const page = teacher.page;
  await signUp(page, base, teacherName);
  await page.goto(`${base}/classes`);
  await page.locator('[data-test=class-name]').fill('Class 3B');
  await page.locator('[data-test=class-make-submit]').click();
  await page.waitForURL(/\/classes\/\w+$/);
  const classId = new URL(page.url()).pathname.split('/').pop();
  const code = await page.locator('[data-test=class-code]').innerText();
  assert(/^[A-Z2-9]{8}$/.test(code), `a code to join: ${code}`);

  // two children's accounts, their cards shown once
  await page.locator('[data-test=make-names]').fill(kids.join('\n'));
  await page.locator('[data-test=make-submit]').click();
  await page.locator('[data-test=login-card]').nth(1).waitFor();
  const cards = await page.locator('[data-test=login-card]').evaluateAll((els) => els.map((e) => ({
    name: e.querySelector('[data-test=card-name]').textContent, password: e.querySelector('[data-test=card-password]').textContent })));
  assert(JSON.stringify(cards.map((c) => c.name)) === JSON.stringify(kids), `a card per child: ${JSON.stringify(cards)}`);
  await page.locator('[data-test=student][data-student="' + kids[1] + '"]').waitFor();
  await page.emulateMedia({ media: 'print' });
  await page.locator('[data-test=cards-print]').evaluate((b) => { window.print = () => {}; b.click(); });
  assert(await page.locator('.print-sheet [data-test=login-card]').count() === 2, 'the cards go to the printer');
  await shot(page, 'classes-cards-print');
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.emulateMedia({ media: 'screen' });

  // a mixed assignment: a lesson position held to a draw, a game against the computer, puzzles
  await page.locator('[data-test=assign-title]').fill('Week 1');
  await addTask(page, 'lesson', { variant: 'power-pawns', goal: 'draw', level: '1', fen: DRAWN });
  await addTask(page, 'games', { game: 'quickchess', count: '1', against: 'computer' });
  await addTask(page, 'puzzles', { game: 'quickchess', count: '3' });
  await page.locator('[data-test=assign-give]').click();
  await page.locator('[data-test=progress-row]').nth(1).waitFor();
  const before = await page.locator(`[data-test=progress-row][data-student="${kids[0]}"] [data-test=tally]`).evaluateAll((els) => els.map((e) => `${e.dataset.done}/${e.dataset.of}`));
  assert(JSON.stringify(before) === JSON.stringify(['0/1', '0/1', '0/3']), `nothing done yet: ${before}`);
  const problems = await violations(page);
  assert(problems.length === 0, `axe-core on the teacher's page: ${JSON.stringify(problems)}`);
  await shot(page, 'classes-teacher-desktop-light');
  // the keyboard reaches the assignment form's controls and adds a task with Enter
  await page.locator('[data-test=assign-title]').focus();
  for (let i = 0; i < 40 && !(await page.evaluate(() => document.activeElement?.getAttribute('data-test') === 'assign-add')); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.locator('[data-test=assign-task]').first().waitFor();
  await page.locator('[data-test=assign-remove]').first().press('Enter');
  assert(await page.locator('[data-test=assign-task]').count() === 0, 'a task added and removed by keyboard');

  // the child, on a phone, signs in with the card
  const child = await newPage(browser, PHONE);
  const phone = child.page;
  await phone.goto(`${base}/account`);
  await phone.locator('[data-test=username]').fill(cards[0].name);
  await phone.locator('[data-test=password]').fill(cards[0].password);
  await phone.locator('[data-test=login]').click();
  await phone.waitForURL(new RegExp(`/players/${cards[0].name}$`));
  await phone.goto(`${base}/`);
  await phone.locator('[data-test=home-assignments] [data-test=my-assignment]').waitFor();
  assert((await phone.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'the home page with the assignment fits a phone');
  await shot(phone, 'classes-child-home-phone');
  // the bell counts the new assignment until its list is opened
  await phone.waitForFunction(() => document.querySelector('[data-test=bell] .badge, [data-test=bell]')?.textContent?.includes('1'));
  await phone.locator('[data-test=bell]').click();
  await phone.locator('[data-test=bell-assignments] li').waitFor();
  await phone.keyboard.press('Escape');
  const childProblems = await violations(phone);
  assert(childProblems.length === 0, `axe-core on the child's home: ${JSON.stringify(childProblems)}`);

  // the lesson game, started from the assignment, drawn in one move
  await phone.locator('[data-test=home-assignments] [data-test=task-play]').click();
  await phone.waitForURL(/\/quickchess\/play\//);
  await phone.locator('svg.board rect[data-sq="c2"]').first().click();
  await phone.locator('svg.board rect[data-sq="c3"]').first().click();
  await phone.locator('[data-test=result]').waitFor();
  // a game against the computer, resigned
  await phone.goto(`${base}/quickchess`);
  await phone.locator('[data-test=vs-computer]').click();
  await phone.waitForURL(/\/quickchess\/play\//);
  await phone.locator('[data-test=resign]').click();
  await phone.locator('[data-test=confirm-yes]').click();
  await phone.locator('[data-test=result]').waitFor();
  // the child's class page: the two tasks met, the puzzles not yet
  await phone.goto(`${base}/classes/${classId}`);
  await phone.locator('[data-test=class-assignments] [data-test=my-assignment]').waitFor();
  const mine = await phone.locator('[data-test=class-assignments] [data-test=tally]').evaluateAll((els) => els.map((e) => `${e.dataset.done}/${e.dataset.of}`));
  assert(JSON.stringify(mine) === JSON.stringify(['1/1', '1/1', '0/3']), `the child's tallies: ${mine}`);
  assert((await phone.evaluate(() => document.documentElement.scrollWidth)) <= 390, "the child's class page fits a phone");
  const small = await smallTargets(phone);
  assert(small.length === 0, `every control a thumb's size on the child's class page: ${small.join('; ')}`);
  await shot(phone, 'classes-child-class-phone');

  // the teacher's table fills in; the other child's row stays empty
  await page.locator('[data-test=progress-refresh]').click();
  await page.waitForFunction((name) => document.querySelector(`[data-test=progress-row][data-student="${name}"] [data-test=tally]`)?.dataset.done === '1', kids[0]);
  const after = await page.locator(`[data-test=progress-row][data-student="${kids[0]}"] [data-test=tally]`).evaluateAll((els) => els.map((e) => `${e.dataset.done}/${e.dataset.of}`));
  assert(JSON.stringify(after) === JSON.stringify(['1/1', '1/1', '0/3']), `the table fills in: ${after}`);
  const other = await page.locator(`[data-test=progress-row][data-student="${kids[1]}"] [data-test=tally]`).evaluateAll((els) => els.map((e) => e.dataset.done));
  assert(other.every((d) => d === '0'), `the other child did nothing: ${other}`);
  // an assignment given by mistake is removed from the table
  await page.locator('[data-test=assign-title]').fill('Oops');
  await addTask(page, 'learn', { chapter: '3' });
  await page.locator('[data-test=assign-give]').click();
  await page.locator('[data-test=given] li').nth(1).waitFor();
  await page.locator('[data-test=given] li').nth(1).locator('[data-test=assignment-remove]').click();
  await page.locator('[data-test=confirm-yes]').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-test=given] li').length === 1);
  const csv = await page.evaluate(async (id) => (await fetch(`/api/classes/${id}/progress.csv`)).text(), classId);
  assert(csv.split('\r\n').some((l) => l.startsWith(`${kids[0]},1/1,`)), `the CSV has the child's row: ${csv}`);
  await shot(page, 'classes-teacher-progress-desktop');
  // the class renamed in its settings
  await page.locator('[data-test=class-settings] summary').click();
  await page.locator('[data-test=setting-name]').fill('Class 3B chess');
  await page.locator('[data-test=setting-save]').click();
  await page.locator('h1', { hasText: 'Class 3B chess' }).waitFor();
  await child.context.close();
  await teacher.context.close();
  return { classId, teacherName };
}

/** The classes pages in each language, light and dark, on a phone and a desktop. */
async function theClassInEachLanguage({ browser, base }, { classId, teacherName }) {
  for (const [lang, scheme, device, title] of [
    ['ru', 'dark', PHONE, 'Классы'],
    ['de', 'light', PHONE, 'Klassen'],
    ['en', 'dark', PHONE, 'Classes'],
    ['de', 'dark', DESKTOP, 'Klassen'],
  ]) {
    const { context, page } = await newPage(browser, { ...device, colorScheme: scheme });
    await page.goto(`${base}/`);
    await page.evaluate((l) => localStorage.setItem('tabula:lang', l), lang);
    await signUp(page, base, teacherName, 'login');
    await page.goto(`${base}/classes`);
    await page.locator('[data-test=class-link]').first().waitFor();
    const said = await page.locator('h1').innerText();
    assert(said.includes(title), `${lang}: the page is titled ${title}: ${said}`);
    await page.goto(`${base}/classes/${classId}`);
    await page.locator('[data-test=progress-table]').waitFor();
    if (device === PHONE) {
      assert((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, `${lang}: the class fits a phone`);
      const small = await smallTargets(page);
      assert(small.length === 0, `${lang}: every control of the teacher's page a thumb's size: ${small.join('; ')}`);
    }
    const problems = await violations(page);
    assert(problems.length === 0, `${lang} ${scheme}: axe-core: ${JSON.stringify(problems)}`);
    await shot(page, `classes-${lang}-${scheme}-${device === PHONE ? 'phone' : 'desktop'}`);
    await context.close();
  }
}

async function both(ctx) {
  const made = await aClassFromMakingToProgress(ctx);
  await theClassInEachLanguage(ctx, made);
}

export const classScenarios = [
  ['classes: a teacher makes a class of two children and a mixed assignment (desktop); a child signs in with the card on a phone and does it; the table fills in; three languages', both],
];
