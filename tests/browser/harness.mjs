// Shared pieces of the browser tests: a fresh `tabula serve`, Debian's Chromium, helpers.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createHash } from 'node:crypto';

const here = dirname(fileURLToPath(import.meta.url));
export const SHOTS = join(here, 'screenshots');
mkdirSync(SHOTS, { recursive: true });

export async function startServer(options = {}) {
  const bin = process.env.TABULA_BIN || join(here, '..', '..', 'target', 'debug', 'tabula');
  // a fresh directory, or the one of a server started before (to start it again: `addr` too)
  const dir = options.dir || mkdtempSync(join(tmpdir(), 'tabula-web-'));
  // every browser comes from 127.0.0.1, as a club's behind one address: its accounts may play
  // rated games together, and the per-address rates (a minute's creations) are off, since the
  // whole suite's games come from that one address (the rates have their own server tests)
  // its log (JSON, debug and up) goes to a file the run checks for secrets when it ends
  const log = join(dir, options.dir ? 'server-again.log' : 'server.log');
  // `tls`: HTTPS (and HTTP/2) with the run's throw-away certificate (see testCertificate)
  const tls = [];
  if (options.tls) {
    const { cert, key } = testCertificate();
    tls.push('--tls-cert', cert, '--tls-key', key);
  }
  const proc = spawn(bin, ['serve', '--addr', options.addr || '127.0.0.1:0', '--db', join(dir, 'web.db'), '--allow-rated-same-address', '--rate-limits', 'off',
    '--log-format', 'json', '--log', 'debug', ...tls], { stdio: ['ignore', 'pipe', openSync(log, 'w')] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => { out += d; const m = out.match(/https?:\/\/[^\s/]+\//); if (m) resolve(m[0]); });
    proc.on('exit', (c) => reject(new Error(`tabula serve exited with ${c}`)));
    setTimeout(() => reject(new Error('tabula serve did not start')), 60000);
  });
  const stopped = new Promise((resolve) => proc.on('exit', (code) => resolve(code)));
  return {
    url: url.replace(/\/$/, ''), log, dir,
    /** SIGTERM, as a service manager stops it; resolves with its exit code. */
    stop: async () => { proc.kill('SIGTERM'); return stopped; },
  };
}

// What must never reach a log line: a seat token (32 hex digits), a session token or a seat
// token's hash (64), and the passwords the scenarios type. Each finding names its line.
const SECRET = /(^|[^0-9a-f])([0-9a-f]{32}|[0-9a-f]{64})([^0-9a-f]|$)/;
const PASSWORDS = ['correct horse battery', 'not the password'];
export function secretsInLog(path) {
  const found = [];
  readFileSync(path, 'utf8').split('\n').forEach((line, i) => {
    if (SECRET.test(line) || PASSWORDS.some((p) => line.includes(p))) found.push(`line ${i + 1}: ${line.slice(0, 300)}`);
  });
  return found;
}

/** @type {{cert: string, key: string, spki: string} | null} */
let certificate = null;
/**
 * The run's self-signed certificate for 127.0.0.1 (made once, with Debian's openssl), and its
 * public key's SHA-256 for Chromium's --ignore-certificate-errors-spki-list: the browser then
 * trusts it as it would a real one (and keeps its pages in the HTTP cache, which it never does
 * for a page whose certificate error was merely ignored).
 */
export function testCertificate() {
  if (certificate) return certificate;
  const dir = mkdtempSync(join(tmpdir(), 'tabula-tls-'));
  const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert,
    '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const der = execFileSync('sh', ['-c', `openssl x509 -in '${cert}' -pubkey -noout | openssl pkey -pubin -outform der`]);
  certificate = { cert, key, spki: createHash('sha256').update(der).digest('base64') };
  return certificate;
}

// Debian's Chromium (no browser download: this machine has no internet). Playwright starts it
// with a fresh temporary profile of its own, i.e. a new empty --user-data-dir every run.
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', `--ignore-certificate-errors-spki-list=${testCertificate().spki}`],
  });
}

export async function shot(page, name) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

// The board text from an SVG's accessible name ("board bgr/.j./rbg").
export async function boardText(page, prefix) {
  const label = await page.locator(`svg.board[aria-label^="${prefix} "]`).first().getAttribute('aria-label');
  return label.slice(prefix.length + 1);
}

// Clicks `from` then `to` on the board whose accessible name starts with `prefix`.
export async function clickMove(page, prefix, move) {
  const [from, to] = move.split('-');
  const board = () => page.locator(`svg.board[aria-label^="${prefix} "]`).first();
  await board().locator(`rect[data-sq="${from}"]`).click();
  await board().locator(`rect[data-sq="${to}"]`).click();
}

export async function post(base, path, body) {
  const res = await fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) throw new Error(`${path}: ${data.error}`);
  return data;
}

// What a person does to take a seat: on the page already open (or at `url`), type a nickname
// and press the button `[data-test=<button>]`; then, if given, wait for the game's address.
export async function seatAs(page, { url, name, button, lands }) {
  if (url) await page.goto(url);
  await page.locator('input[placeholder="Your nickname"]').fill(name);
  await page.locator(`[data-test=${button}]`).click();
  if (lands) await page.waitForURL(lands);
}

// Starts a QuickChess game against the computer from its home page, as a person does; `clock`
// ([minutes, increment]) sets a custom time control.
export async function againstComputer(page, base, { variant = 'quickchess', level = '1', color = 'white', clock = null } = {}) {
  await page.goto(base + '/quickchess');
  await page.locator('[data-test=variant]').selectOption(variant);
  await page.locator('[data-test=level]').selectOption(String(level));
  await page.locator('[data-test=color]').selectOption(color);
  if (clock) {
    await page.locator('[data-test=clock-custom]').click();
    await page.locator('[data-test=custom-minutes]').fill(String(clock[0]));
    await page.locator('[data-test=custom-increment]').fill(String(clock[1]));
  }
  await page.locator('[data-test=vs-computer]').click();
  await page.waitForURL(/\/quickchess\/play\//);
}

/** The game's view as the seat this page's browser holds sees it (its token from localStorage). */
export async function viewOf(base, page, id) {
  const seat = await page.evaluate((gid) => JSON.parse(localStorage.getItem(`tabula:seat:${gid}`)), id);
  const res = await fetch(`${base}/api/games/${id}`, { headers: { Authorization: `Bearer ${seat.token}` } });
  return (await res.json()).view;
}

/**
 * Waits until the page has its data: none of its requests under way (web/api.js counts them on
 * `window.tabulaRequests`), and still none two frames later (a request begun as another ends
 * is counted by then). Half a second a page quicker than waiting for a quiet network
 * (`networkidle`); the caller first waits for what the page draws (its heading, a board).
 */
export async function settled(page) {
  for (let tries = 0; tries < 20; tries++) {
    // @ts-ignore the count web/api.js keeps
    await page.waitForFunction(() => (window.tabulaRequests ?? 0) === 0);
    // @ts-ignore the same
    const still = await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r((window.tabulaRequests ?? 0) === 0)))));
    if (still) return;
  }
  throw new Error(`${page.url()}: requests still under way after 20 tries`);
}

export function assert(cond, message) { if (!cond) throw new Error(`assertion failed: ${message}`); }

/** The password of every account the scenarios make. */
export const PASSWORD = 'correct horse battery';

/**
 * Signs `name` up (`how`: 'signup') or in ('login') by the API in the page's context (its
 * cookie is the context's), from a page of the site.
 * @param {import('playwright-core').Page} page @param {string} base @param {string} name
 * @param {'signup' | 'login'} [how]
 */
export async function signUp(page, base, name, how = 'signup') {
  await page.goto(base + '/account');
  const status = await page.evaluate(async ([n, p, path]) => (await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: n, password: p }) })).status, [name, PASSWORD, `/api/auth/${how}`]);
  assert(status === 200, `${name}: ${how} (${status})`);
}

/** Signs `name` in (see signUp). @param {import('playwright-core').Page} page @param {string} base @param {string} name */
export function signIn(page, base, name) { return signUp(page, base, name, 'login'); }

// A page in a fresh context (`options`: a viewport, or Playwright's context options such as
// isMobile and colorScheme); any error thrown by the page's scripts fails the scenario when
// the context is closed.
/**
 * A stamp that makes a name unique per run: the time in consonants only (no vowel, and no
 * digit or letter that reads as one), so no stamp spells a word the name filter refuses (a
 * base-36 stamp once made `fa9iw1r`, read as a slur, and a sign-up failed at random).
 */
export function stamp() {
  const letters = 'bdhjmnpqrvwz';
  let n = Date.now() * 1000 + Math.floor(Math.random() * 1000);
  let out = '';
  for (let i = 0; i < 6; i++) { out += letters[n % letters.length]; n = Math.floor(n / letters.length); }
  return out;
}

/**
 * Two players signed up on pages of their own (names made of `prefixes` and a stamp, unique
 * per run): `{ ann, bob, a, b }`, a and b as `newPage` gives them.
 */
export async function twoSignedUp(browser, base, options, prefixes = ['a', 'b']) {
  const mark = stamp();
  const [ann, bob] = prefixes.map((p) => `${p}${mark}`);
  const a = await newPage(browser, options);
  const b = await newPage(browser, options);
  await signUp(a.page, base, ann);
  await signUp(b.page, base, bob);
  return { ann, bob, a, b };
}

export async function newPage(browser, options = { width: 1200, height: 900 }) {
  const context = await browser.newContext(options.viewport ? options : { viewport: options });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.stack || e.message));
  const close = context.close.bind(context);
  context.close = async () => {
    await close();
    if (errors.length) throw new Error(`the page threw: ${errors.join('; ')}`);
  };
  return { context, page };
}
