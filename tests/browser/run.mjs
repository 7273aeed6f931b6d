// Runs every browser scenario against one fresh server; exits non-zero on any failure.
import { startServer, launch, secretsInLog } from './harness.mjs';
import { scenarios } from './scenarios.mjs';
import { readFileSync } from 'node:fs';

const only = process.argv[2];
const server = await startServer();
let browser;
try {
  browser = await launch();
} catch (e) {
  await server.stop();
  console.log(`FAIL cannot start Chromium: ${e.message}`);
  process.exit(1);
}
let failed = 0;
for (const [name, run] of scenarios) {
  if (only && !name.includes(only)) continue;
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
// the server's whole log of the run: no token, session or password in any line
const leaks = secretsInLog(server.log);
if (leaks.length) {
  failed++;
  console.log(`FAIL the server's log holds secrets (${server.log}):\n  ${leaks.slice(0, 5).join('\n  ')}`);
} else {
  console.log(`ok   the server's log of the run (${readFileSync(server.log, 'utf8').split('\n').length} lines) holds no token, session or password`);
}
console.log(failed ? `${failed} browser scenario(s) failed` : 'all browser scenarios passed');
process.exit(failed ? 1 : 0);
