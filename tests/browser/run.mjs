// Runs every browser scenario and exits non-zero on any failure: the lanes of scenarios.mjs
// at once, each against a fresh server and a browser of its own, then the scenarios that time
// or restart a server, alone. `node run.mjs TEXT` runs only the scenarios whose name has TEXT;
// `node run.mjs --smoke` only the smoke of scripts/test.sh --quick, in one lane.
import { startServer, launch, secretsInLog } from './harness.mjs';
import { lanes, alone, smoke } from './scenarios.mjs';
import { readFileSync } from 'node:fs';

const smokeOnly = process.argv[2] === '--smoke';
const only = smokeOnly ? undefined : process.argv[2];
/** @param {Array<[string, Function]>} list */
const chosen = (list) => list.filter(([name]) => !only || name.includes(only));

let failed = 0;

/** Runs `list` in order against a server and a browser of its own; the server's log is checked. */
async function runLane(list, label) {
  if (!list.length) return;
  const server = await startServer();
  let browser;
  try {
    browser = await launch();
  } catch (e) {
    await server.stop();
    failed++;
    console.log(`FAIL cannot start Chromium: ${e.message}`);
    return;
  }
  for (const [name, run] of list) {
    const started = Date.now();
    try {
      await run({ browser, base: server.url, dir: server.dir });
      console.log(`ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${name}: ${e.stack || e}`);
    }
  }
  await browser.close();
  await server.stop();
  // the server's whole log of the lane: no token, session or password in any line
  const leaks = secretsInLog(server.log);
  if (leaks.length) {
    failed++;
    console.log(`FAIL the server's log of ${label} holds secrets (${server.log}):\n  ${leaks.slice(0, 5).join('\n  ')}`);
  } else {
    console.log(`ok   the server's log of ${label} (${readFileSync(server.log, 'utf8').split('\n').length} lines) holds no token, session or password (${label} done at ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
}

const started = Date.now();
if (smokeOnly) {
  await runLane(smoke, 'the smoke');
} else {
  await Promise.all(lanes.map((lane, i) => runLane(chosen(lane), `lane ${i + 1}`)));
  await runLane(chosen(alone), 'the timed scenarios');
}
console.log(`${failed ? `${failed} browser scenario(s) failed` : 'all browser scenarios passed'} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
process.exit(failed ? 1 : 0);
