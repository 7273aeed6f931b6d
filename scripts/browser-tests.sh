#!/usr/bin/env bash
# The browser stage of the test command: Debian's chromium, Node.js's packages of
# tests/browser, the browser code checked against the server's types (tsc), the length of its
# functions, then the browser scenarios (tests/browser/run.mjs) against the binary the test
# build made (target/debug/tabula: nothing is built again with other settings).
#
# Usage: scripts/browser-tests.sh [--smoke]
#   --smoke  the smoke of `scripts/test.sh --quick` instead of every scenario, and the npm
#            packages installed again only when their lock file changed
#
# TABULA_TEST_STARTED (seconds since the epoch; scripts/test.sh sets it) makes the stage lines
# count from the start of the whole run.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/apt.sh

smoke=no
case "${1:-}" in
  --smoke) smoke=yes ;;
  "") ;;
  *) echo "unknown argument \`$1\` (expected --smoke)" >&2; exit 2 ;;
esac

started="${TABULA_TEST_STARTED:-$(date +%s)}"
stage() {
  local s=$(($(date +%s) - started))
  echo "== $1 (at $((s / 60)) min $((s % 60)) s)"
}

stage "browser tools (Debian chromium, the npm packages of tests/browser)"
apt_install chromium /usr/bin/chromium
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "Node.js (18 or newer) and npm are required for the browser tests" >&2
  exit 1
fi
# in the quick loop installed again only when the lock file is newer than what was installed
if [ "$smoke" = no ] || [ ! -f tests/browser/node_modules/.package-lock.json ] ||
  [ tests/browser/package-lock.json -nt tests/browser/node_modules/.package-lock.json ]; then
  (cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
fi
stage "the browser code against the server's types (tsc --checkJs --strict, tsconfig.json)"
tests/browser/node_modules/.bin/tsc -p tsconfig.json
stage "no function over 150 lines in web/ (tests/browser/function-length.mjs, its self-test first)"
node tests/browser/function-length.mjs --self-test
node tests/browser/function-length.mjs
export TABULA_BIN="$PWD/target/debug/tabula"
[ -x "$TABULA_BIN" ] || { echo "missing $TABULA_BIN: the test build makes it" >&2; exit 1; }
if [ "$smoke" = yes ]; then
  stage "a smoke of the web app (tests/browser/run.mjs --smoke)"
  (cd tests/browser && node run.mjs --smoke)
else
  stage "browser scenarios (headless Debian chromium + playwright-core, tests/browser/run.mjs)"
  (cd tests/browser && node run.mjs)
fi
stage "the browser stage passed"
