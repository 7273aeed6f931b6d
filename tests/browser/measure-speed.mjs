// Measures what a visit costs on a slow phone network (issue #31's "fast pages" targets; the
// suite's speed scenario asserts them): the same four visits over HTTPS with HTTP/2 (as a
// site is served) and over plain HTTP/1.1 (a local server), one JSON line each, for
// BENCHMARKS.md. Not a pass/fail test.
//
//   TABULA_BIN=../../target/release/tabula node measure-speed.mjs
import { launch } from './harness.mjs';
import { measure } from './speed.mjs';

const browser = await launch();
try {
  for (const tls of [true, false]) {
    console.log(JSON.stringify({ tls, ...await measure(browser, { tls }) }));
  }
} finally {
  await browser.close();
}
