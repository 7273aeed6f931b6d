// The chat (issue #30, item 7) on phones: Ann and Bob play Querni; Ann writes words that look
// like HTML and Bob's page shows them as the text typed; Bob mutes her from her name and shows
// her again; a guest watching reads the spectators' room and is asked to sign in to write;
// Bob reports Ann's message from its name and the report reaches the queue. Each line shows
// once, in the order sent, after reloads too (issue #54).
import { shot, assert, newPage, twoSignedUp } from './harness.mjs';
import { axeFindings } from './moderation.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true };

async function chatOnPhones({ browser, base }) {
  const { ann, bob, a, b } = await twoSignedUp(browser, base, PHONE, ['ca', 'cb']);
  // Ann makes a Querni game for two; Bob takes the other seat
  const made = await a.page.evaluate(async (n) => {
    const g = await (await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ kind: 'querni', name: n }) })).json();
    localStorage.setItem(`tabula:seat:${g.id}`, JSON.stringify({ seat: g.seat, token: g.token }));
    return g;
  }, ann);
  assert(made.id, `a game: ${JSON.stringify(made)}`);
  await b.page.evaluate(async ([id, n]) => {
    const j = await (await fetch(`/api/games/${id}/join`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: n }) })).json();
    localStorage.setItem(`tabula:seat:${id}`, JSON.stringify({ seat: j.seat, token: j.token }));
  }, [made.id, bob]);
  for (const p of [a.page, b.page]) {
    await p.goto(`${base}/querni/play/${made.id}`);
    await p.locator('[data-test=chat-input]').waitFor();
  }
  const words = '<b>hello</b> & <img src=x onerror=alert(1)> gg';
  await a.page.locator('[data-test=chat-input]').fill(words);
  await a.page.locator('[data-test=chat-send]').click();
  const line = b.page.locator('[data-test=chat-lines] .chat-line', { hasText: 'hello' });
  await line.waitFor({ timeout: 10_000 });
  const text = await line.locator('.chat-text').innerText();
  assert(text === words, `shown as typed: ${text}`);
  // each line once, in the order sent: at once on the sender's page, and on both after a
  // reload (the panel's first reads used to cross and show every line twice)
  await b.page.locator('[data-test=chat-input]').fill('second line');
  await b.page.locator('[data-test=chat-send]').click();
  await a.page.locator('[data-test=chat-lines] .chat-line', { hasText: 'second line' }).waitFor({ timeout: 10_000 });
  for (const p of [a.page, b.page]) {
    for (const reload of [false, true]) {
      if (reload) {
        await p.reload();
        await p.locator('[data-test=chat-lines] .chat-line', { hasText: 'second line' }).waitFor({ timeout: 10_000 });
        await p.waitForTimeout(3500); // a poll after the first reads
      }
      const shown = await p.locator('[data-test=chat-lines] .chat-text').allInnerTexts();
      assert(JSON.stringify(shown) === JSON.stringify([words, 'second line']), `each line once, in order${reload ? ' after a reload' : ''}: ${JSON.stringify(shown)}`);
    }
  }
  assert((await b.page.locator('[data-test=chat-lines] b, [data-test=chat-lines] img').count()) === 0, 'no HTML made of it');
  await b.page.locator('[data-test=chat]').scrollIntoViewIfNeeded();
  await shot(b.page, 'chat-phone');
  const width = await b.page.evaluate(() => document.documentElement.scrollWidth);
  assert(width <= 390, `the game page with its chat fits a phone (${width} px)`);
  const findings = await axeFindings(b.page);
  assert(findings.length === 0, `axe on the chat: ${findings.join(', ')}`);

  // Bob mutes Ann from her name, then shows her again
  await line.locator('[data-test=chat-name]').click();
  await line.locator('[data-test=chat-mute]').click();
  await b.page.locator('[data-test=chat-lines] .chat-line', { hasText: 'hello' }).waitFor({ state: 'detached' });
  await b.page.locator('[data-test=chat-unmute]').click();
  await line.waitFor();

  // a guest watching reads the spectators' room: Ann's words are not there
  const g = await newPage(browser, PHONE);
  await g.page.goto(`${base}/querni/play/${made.id}`);
  await g.page.locator('[data-test=chat-note] a', { hasText: 'Sign in' }).waitFor();
  assert((await g.page.locator('[data-test=chat-input]').isVisible()) === false, 'a guest has no line to write in');
  assert((await g.page.locator('.chat-line', { hasText: 'hello' }).count()) === 0, 'the players\' room is theirs');

  // Bob reports Ann's message from her name; the chat's next reads leave the menu open
  await line.locator('[data-test=chat-name]').click();
  await b.page.waitForTimeout(3500);
  assert(await line.locator('[data-test=report-player]').isVisible(), 'the tools stay open across a poll of the chat');
  await line.locator('[data-test=report-player]').click();
  await b.page.locator('[data-test=report-reason]').selectOption('abuse');
  await b.page.locator('[data-test=report-send]').click();
  await b.page.locator('[data-test=report-dialog]').waitFor({ state: 'hidden' });
  for (const c of [a, b, g]) await c.context.close();
}

export const chatScenarios = [
  ['chat: two players on phones, HTML shown as text, mute, a guest reads the spectators\' room, a report', chatOnPhones],
];
