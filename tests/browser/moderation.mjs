// Moderation (issue #31, item 6), by clicks: a player reports another from their profile (on a
// phone); the operator makes a moderator with `tabula site admin`; the moderator finds the report on
// the moderation page (the player's words shown as text, never as HTML), bans the player from
// it, closes the report, makes a one-time password link that the player opens to set a new
// password; the banned player is told why when signing in; a player who is not a moderator is
// refused the page. Then the page in English, Russian and German, light and dark, at a phone's
// and a desktop's width: nothing too wide, no message missing, no English left, axe clean.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { shot, assert, newPage, signUp, PASSWORD, stamp as newStamp } from './harness.mjs';
import { checkPage } from './languages.mjs';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 768 } };

/** `tabula site admin --db DB ARGS`, on the running server's database. */
export function admin(dir, ...args) {
  const bin = process.env.TABULA_BIN || join(import.meta.dirname, '..', '..', 'target', 'debug', 'tabula');
  return execFileSync(bin, ['admin', '--db', join(dir, 'web.db'), ...args], { encoding: 'utf8' });
}

/** The critical and serious findings of axe on the page as it is. */
export async function axeFindings(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    // @ts-ignore axe is the script just added
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.id} at ${v.nodes[0]?.target.join(' ')}`);
  });
}

async function reportBanAndReset({ browser, base, dir }) {
  const stamp = newStamp();
  const [mod, ann, bob] = [`mod${stamp}`, `ann${stamp}`, `bob${stamp}`];
  const m = await newPage(browser, { ...DESKTOP, bypassCSP: true });
  const a = await newPage(browser, PHONE);
  const b = await newPage(browser, PHONE);
  await signUp(m.page, base, mod);
  await signUp(a.page, base, ann);
  await signUp(b.page, base, bob);
  assert(admin(dir, 'role', mod, 'admin').includes('is now admin'), 'the operator makes a moderator');

  // Ann reports Bob from his profile, on her phone, in words that look like HTML
  await a.page.goto(`${base}/players/${bob}`);
  await a.page.locator('[data-test=report-player]').click();
  await a.page.locator('[data-test=report-reason]').selectOption('abuse');
  const words = '<img src=x onerror="document.title=\'pwned\'"> called me names';
  await a.page.locator('[data-test=report-detail]').fill(words);
  await shot(a.page, 'report-dialog-phone');
  await a.page.locator('[data-test=report-send]').click();
  await a.page.locator('#toast.show', { hasText: 'moderator will read it' }).waitFor();
  // her own profile offers no report
  await a.page.goto(`${base}/players/${ann}`);
  await a.page.locator('[data-test=profile-name]').waitFor();
  assert((await a.page.locator('[data-test=report-player]').count()) === 0, 'no report of oneself');
  // and the moderation page is not hers
  await a.page.goto(`${base}/admin`);
  await a.page.locator('[data-test=admin-refused]', { hasText: 'moderators' }).waitFor();

  // the moderator: from the account page to the moderation page, the report there as text
  await m.page.goto(`${base}/account`);
  await m.page.locator('[data-test=moderation-link]').click();
  const report = m.page.locator('[data-test=report]', { hasText: bob });
  await report.waitFor();
  assert((await report.locator('[data-test=detail]').innerText()) === words, 'the report\'s words shown as typed');
  assert((await report.locator('img').count()) === 0 && (await m.page.title()) !== 'pwned', 'never as HTML');
  await shot(m.page, 'moderation-report-desktop');
  // a ban from the report: the form is filled with his name
  await report.locator('[data-test=ban-from-report]').click();
  assert((await m.page.locator('[data-test=sanction-subject]').inputValue()) === bob, 'the form names him');
  await m.page.locator('[data-test=sanction-reason]').fill('insults in chat');
  await m.page.locator('[data-test=sanction-hours]').fill('24');
  await m.page.locator('[data-test=impose]').click();
  await m.page.locator('[data-test=sanction]', { hasText: bob }).locator('[data-test=lift]').waitFor();
  await report.locator('[data-test=outcome]').fill('banned for a day');
  await report.locator('[data-test=close-report]').click();
  await m.page.locator('[data-test=reports]', { hasText: 'No open reports' }).waitFor();
  const audit = await m.page.locator('[data-test=audit]').innerText();
  assert(audit.includes(`admin:${mod} close_report`) && audit.includes(`admin:${mod} ban account:${bob}`), `the audit log: ${audit}`);

  // Bob is signed out and told why when he signs in again
  await b.page.goto(`${base}/account`);
  await b.page.locator('[data-test=username]').fill(bob);
  await b.page.locator('[data-test=password]').fill(PASSWORD);
  await b.page.locator('[data-test=login]').click();
  await b.page.locator('#toast.show', { hasText: 'insults in chat' }).waitFor();
  await shot(b.page, 'banned-sign-in-phone');

  // a password link for Ann, opened in a fresh browser: a new password, once
  await m.page.locator('[data-test=account-search]').fill(ann);
  await m.page.locator('[data-test=find]').click();
  const row = m.page.locator(`[data-test=account][data-name="${ann}"]`);
  await row.locator('[data-test=reset-link]').click();
  const link = await row.locator('[data-share]').getAttribute('data-share');
  assert(link && link.startsWith(`${base}/reset#`), `a link: ${link}`);
  const r = await newPage(browser, PHONE);
  await r.page.goto(link);
  await r.page.locator('main', { hasText: `A new password for ${ann}` }).waitFor();
  await shot(r.page, 'reset-password-phone');
  await r.page.locator('[data-test=reset-password]').fill('a brand new secret');
  await r.page.locator('[data-test=reset-again]').fill('a brand new secret');
  await r.page.locator('[data-test=reset-submit]').click();
  await r.page.waitForURL(/\/account$/);
  await r.page.locator('[data-test=username]').fill(ann);
  await r.page.locator('[data-test=password]').fill('a brand new secret');
  await r.page.locator('[data-test=login]').click();
  await r.page.waitForURL(new RegExp(`/players/${ann}$`));
  await r.page.goto(link);
  await r.page.locator('[data-test=reset-dead]').waitFor();
  // a second report (Ann, signed in again in the fresh browser) stays open for the pages below
  const second = await r.page.evaluate(async (name) => (await fetch('/api/reports', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ player: name, reason: 'spam', detail: 'posts links in every game' }) })).status, bob);
  assert(second === 200, `a second report (${second})`);
  for (const c of [m, a, b, r]) await c.context.close();

  // the page in each language and theme, at both widths
  const failures = [];
  for (const language of ['en', 'ru', 'de']) {
    for (const scheme of ['light', 'dark']) {
      for (const [device, options] of [['phone', PHONE], ['desktop', DESKTOP]]) {
        const { context, page } = await newPage(browser, { ...options, colorScheme: scheme, locale: language, extraHTTPHeaders: { 'Accept-Language': language }, bypassCSP: true });
        await page.goto(`${base}/account`);
        await page.evaluate(async ([n, p]) => fetch('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: n, password: p }) }), [mod, PASSWORD]);
        const ready = (/** @type {import('playwright-core').Page} */ p) => p.locator('[data-test=sanctions] [data-test=sanction]').first().waitFor();
        if (language === 'en') {
          await page.goto(`${base}/admin`);
          await ready(page);
          const missing = await page.evaluate(() => window.tabulaMissingText || []);
          if (missing.length) failures.push(`en: messages missing: ${missing.join(', ')}`);
        } else {
          // no message missing, no English left, <html lang> the language's
          await checkPage(page, base, language, '/admin', ready);
        }
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > options.viewport.width) failures.push(`${language} ${scheme} ${device}: ${width} px wide`);
        for (const f of await axeFindings(page)) failures.push(`${language} ${scheme} ${device}: ${f}`);
        if (scheme === 'light' || language === 'en') await shot(page, `moderation-${language}-${scheme}-${device}`);
        await context.close();
      }
    }
  }
  assert(failures.length === 0, `the moderation page:\n  ${failures.join('\n  ')}`);
}

export const moderationScenarios = [
  ['moderation: a report from a phone, a ban from the moderation page, a one-time password link; in three languages', reportBanAndReset],
];
