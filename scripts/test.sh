#!/usr/bin/env bash
# Runs every Tabula test: formatting, lints, unit, property and integration tests, and each
# benchmark once in test mode (so a broken benchmark fails here, not on the day it is needed).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null; then
  echo "cargo is required: install Rust from https://rustup.rs" >&2
  exit 1
fi
rustup component add rustfmt clippy >/dev/null 2>&1 || true

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings
echo "== reference engine for the match tests (Debian fairy-stockfish)"
if [ ! -x /usr/games/fairy-stockfish ]; then
  echo "installing Debian's fairy-stockfish"
  sudo_=""; [ "$(id -u)" = 0 ] || sudo_="sudo"
  $sudo_ apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq fairy-stockfish >/dev/null
fi
echo "== cargo test"
cargo test --workspace --all-targets --locked
cargo test --workspace --doc --locked

echo "== browser tests (headless Debian chromium + playwright-core)"
if [ ! -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium"
  sudo_=""; [ "$(id -u)" = 0 ] || sudo_="sudo"
  $sudo_ apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq chromium >/dev/null
fi
if ! command -v node >/dev/null; then
  echo "node and npm are required for the browser tests" >&2
  exit 1
fi
(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
cargo build --locked -p tabula
(cd tests/browser && node run.mjs)
echo "== all tests passed"
