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
echo "== cargo test"
cargo test --workspace --all-targets --locked
cargo test --workspace --doc --locked
echo "== all tests passed"
