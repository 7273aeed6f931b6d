// Runs every browser scenario against one fresh server; exits non-zero on any failure.
import { startServer, launch } from './harness.mjs';
import { scenarios } from './scenarios.mjs';

const only = process.argv[2];
const server = await startServer();
let browser;
try {
  browser = await launch();
} catch (e) {
  server.stop();
  console.log(`FAIL cannot start Chromium: ${e.message}`);
  process.exit(1);
}
let failed = 0;
for (const [name, run] of scenarios) {
  if (only && !name.includes(only)) continue;
  const started = Date.now();
  try {
    await run({ browser, base: server.url });
    console.log(`ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e.stack || e}`);
  }
}
await browser.close();
server.stop();
console.log(failed ? `${failed} browser scenario(s) failed` : 'all browser scenarios passed');
process.exit(failed ? 1 : 0);
