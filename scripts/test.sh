#!/usr/bin/env bash
# Runs every Tabula test: formatting, lints, unit, property, integration and documentation tests,
# and the browser tests. `--quick` is the inner loop: formatting, the build (lints included), the
# tests of the crates changed since the last commit (and of those the branch changed against its
# upstream), the browser code's types and a smoke of the web app. `--full` also runs the long
# checks marked #[ignore] (the whole reference perft table, 14.6 billion nodes; every shipped
# puzzle at a deeper search) and the Debian package's test (scripts/package-test.sh, as root);
# README.md says how long each takes.
#
# Usage: scripts/test.sh [--quick | --full]
set -euo pipefail
cd "$(dirname "$0")/.."

mode=all
for arg in "$@"; do
  case "$arg" in
    --full) mode=full ;;
    --quick) mode=quick ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown argument \`$arg\` (expected --quick or --full)" >&2; exit 2 ;;
  esac
done

if ! command -v cargo >/dev/null; then
  echo "cargo is required: install Rust from https://rustup.rs" >&2
  exit 1
fi
rustup component add rustfmt clippy >/dev/null 2>&1 || true

# Debian packages the tests need, installed once (as root, or with sudo): apt_install
. scripts/apt.sh
# the browser stage (scripts/browser-tests.sh) counts its stage lines from here too
TABULA_TEST_STARTED="$(($(date +%s) - SECONDS))"
export TABULA_TEST_STARTED

# One build from scratch: incremental state would only double the disk the build needs (CI's
# disk once ran out with it).
export CARGO_INCREMENTAL=0
# The lints run in the same compilation as the tests: clippy's driver compiles the workspace's
# own crates (it is rustc with clippy's lints added, and writes the same artifacts), with every
# warning an error (`-D warnings`, passed as `cargo clippy -- -D warnings` passes it). A separate
# `cargo clippy` checked every dependency a second time, 5 of a clean run's 38 minutes. The
# dependencies are built as a plain `cargo test` builds them, so either reuses the other's.
clippy_driver="$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver || true)"
if [ -z "$clippy_driver" ]; then
  echo "clippy is required: rustup component add clippy" >&2
  exit 1
fi
export RUSTC_WORKSPACE_WRAPPER="$clippy_driver"
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"

# each stage's line says the minutes since the start, so the slow one shows in CI's log
stage() { echo "== $1 (at $((SECONDS / 60)) min $((SECONDS % 60)) s)"; }

# A throw-away PostgreSQL cluster for the run (scripts/postgres.sh), removed on exit.
start_postgres() {
  if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    apt_install postgresql /usr/lib/postgresql/missing/bin/initdb
  fi
  pgdir="$(mktemp -d "${TMPDIR:-/tmp}/tabula-pg.XXXXXX")"
  trap 'scripts/postgres.sh stop "$pgdir"' EXIT
  TABULA_TEST_POSTGRES="$(scripts/postgres.sh start "$pgdir")"
  export TABULA_TEST_POSTGRES
  echo "   $TABULA_TEST_POSTGRES"
}

stage "cargo fmt --check"
cargo fmt --all -- --check

if [ "$mode" = quick ]; then
  # the crates with a change: in the work tree, staged, or in commits the upstream lacks
  files="$( { git status --porcelain --untracked-files=all | cut -c4- | sed 's/.* -> //'
    if git rev-parse --verify -q '@{upstream}' >/dev/null; then
      git diff --name-only '@{upstream}...HEAD'
    fi; } | sort -u)"
  changed="$(printf '%s\n' "$files" | sed -n 's#^crates/\([^/]*\)/.*#\1#p' | sort -u | tr '\n' ' ')"
  # a change outside the crates that the server embeds or checks (web/, the catalogues,
  # Cargo.lock) is tested by the server's crate; the docs and the README by the CLI's (its
  # tests hold them to the code)
  if printf '%s\n' "$files" | grep -q '^\(web/\|Cargo\)'; then
    changed="$(printf '%s\n' $changed server | sort -u | tr '\n' ' ')"
  fi
  if printf '%s\n' "$files" | grep -q '^\(docs/\|README\)'; then
    changed="$(printf '%s\n' $changed cli | sort -u | tr '\n' ' ')"
  fi
  stage "the test build, lints included (cargo test --no-run)"
  list="$(mktemp)"
  cargo test --workspace --lib --bins --tests --locked --no-run --message-format=json > "$list"
  stage "the tests of the changed crates: ${changed:-none}"
  if [ -n "$changed" ]; then
    case " $changed " in *" server "*|*" cli "*) start_postgres ;; esac
    apt_install fairy-stockfish /usr/games/fairy-stockfish
    apt_install poppler-utils /usr/bin/pdftotext
    for crate in $changed; do
      # every test executable of crates/$crate: its unit tests, binaries' tests and suite
      grep '"overflow_checks":[a-z]*,"test":true}' "$list" | grep "/crates/$crate#" |
        sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | while read -r exe; do
          echo "   $crate: ${exe#"$PWD"/}"
          (cd "crates/$crate" && "$exe" -q)
        done
    done
  fi
  rm -f "$list"
  scripts/browser-tests.sh --smoke
  stage "the quick tests passed (./scripts/test.sh runs them all)"
  exit 0
fi

stage "reference engine for the match tests (Debian fairy-stockfish)"
apt_install fairy-stockfish /usr/games/fairy-stockfish
stage "PDF text reader for the printed-deck tests (Debian poppler-utils)"
apt_install poppler-utils /usr/bin/pdftotext
stage "a throw-away PostgreSQL cluster (Debian postgresql) for the store and node tests"
start_postgres
stage "cargo test, lints included; after the build, in two lanes: the CLI's suite, the server's on SQLite and on PostgreSQL, the evaluation network made three times, the doc tests and the other test executables (scripts/cargo-tests.sh)"
jobs="$(mktemp)"
{
  # the longest first, so the two lanes end together (the CLI's suite keeps more than a core
  # busy; the rest start on the other lane); each test target as built above (\`-p\` alone
  # would resolve features anew and rebuild it). The server's suite mostly waits (on clocks,
  # sockets, a deck's cards): four threads instead of two take 58 s instead of 74 alone
  # (BENCHMARKS.md, "The test command").
  printf '%s\t%s\n' "the CLI's suite" "cd crates/cli && @cli@ -q"
  printf '%s\t%s\n' "the server's whole suite, on SQLite" \
    "cd crates/server && @server@ -q --test-threads 4"
  printf '%s\t%s\n' "the server's whole suite again, on PostgreSQL" \
    "cd crates/server && TABULA_TEST_STORE=postgres @server@ -q --test-threads 4"
  printf '%s\t%s\n' "the evaluation network made twice from nothing and once from the shipped one: the same bytes, its record the commands" \
    "scripts/network-check.sh"
  printf '%s\t%s\n' "the doc tests" "cargo test --workspace --doc --locked"
} > "$jobs"
scripts/cargo-tests.sh --after "$jobs" --workspace --all-targets --locked
rm -f "$jobs"
if [ "$mode" = full ]; then
  echo "== the long checks (#[ignore]), in the same build"
  cargo test --workspace --all-targets --locked -- --ignored
  echo "== the Debian package: built, its unit verified, installed, run as the tabula user"
  scripts/package-test.sh
fi
# after the Rust tests, not beside them: tried beside (from the build's end), the two stages
# shared the cores so badly that the whole run gained under a minute and timing tests failed
# (BENCHMARKS.md, "The test command")
scripts/browser-tests.sh
stage "all tests passed"
