#!/usr/bin/env bash
# Builds every test executable of the workspace and runs them two at a time, each as soon as
# it is built, then the jobs of --after (scripts/test.sh calls this; the other arguments go to
# `cargo test --no-run`).
#
# Why: `cargo test` runs its executables one after another once the whole build is done, and
# the test command then ran the PostgreSQL round, the doc tests and the network check each
# after the other. Most of these leave a core idle for long stretches (a test waiting on a
# socket or a clock, one long test left in a suite), so a second lane fills the gaps. One lane
# starts with the build (a crate's unit tests built while it goes on run beside it; the
# integration tests, which may run the crate's binaries, wait for its end); the second joins
# when the build is done. Each executable runs as `cargo test` runs it (from its
# crate's directory); each job's output goes to a log, shown in full when it fails.
#
# --after FILE: one job per line, `LABEL<TAB>COMMAND`, run from the repository's root once
# the build is done, in the file's order and before the other executables that wait for the
# build (so the longest, listed first, start first and the lanes end together); in COMMAND,
# `@NAME@` stands for the path of the test executable of the target NAME (`@server@`: the
# server's suite), and a target so named is run only by these jobs (with the options they
# give it), not also as it was built.
#
# The exit status is the build's or, if it passed, 1 when any test or job failed.
set -uo pipefail
cd "$(dirname "$0")/.."

after=""
if [ "${1:-}" = --after ]; then
  after="$2"
  shift 2
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/tabula-tests.XXXXXX")"
trap 'rm -rf "$work"' EXIT
queue="$work/queue" # one job per line: its label, its directory and its command, tab-separated
: > "$queue"
: > "$work/built-executables" # NAME<TAB>PATH of each test executable
: > "$work/after-build"       # the jobs that wait for the build to end
echo 0 > "$work/taken"        # how many lines of the queue the lanes have taken

# Takes the next job from the queue (under a lock); prints it, or nothing if there is none yet.
take() {
  (
    flock 9
    n="$(cat "$work/taken")"
    line="$(sed -n "$((n + 1))p" "$queue")"
    if [ -n "$line" ]; then
      echo $((n + 1)) > "$work/taken"
      printf '%s\n' "$line"
    fi
  ) 9> "$work/lock"
}

# Runs jobs from the queue until the build is done, the queue is empty and nothing more will
# be queued.
lane() {
  local lane="$1" line label dir command log start
  while :; do
    line="$(take)"
    if [ -z "$line" ]; then
      [ -e "$work/queued-all" ] && return 0
      sleep 0.5
      continue
    fi
    IFS=$'\t' read -r label dir command <<< "$line"
    log="$work/job-$(printf '%s' "$label" | tr -c 'A-Za-z0-9_.-' '_').log"
    start=$SECONDS
    if (cd "$dir" && bash -c "$command") > "$log" 2>&1; then
      echo "   ok   $label ($((SECONDS - start)) s, lane $lane) $(grep -E '^test result' "$log" | tail -n 1)"
    else
      echo "   FAIL $label ($((SECONDS - start)) s, lane $lane):"
      sed 's/^/        /' "$log"
      touch "$work/failed"
    fi
  done
}

# ` (at M min S s)` since the test command started (TABULA_TEST_STARTED, seconds since the
# epoch), as its stage lines say it; nothing when run on its own
since_start() {
  [ -n "${TABULA_TEST_STARTED:-}" ] || return 0
  local s=$(($(date +%s) - TABULA_TEST_STARTED))
  printf ' (at %d min %d s)' $((s / 60)) $((s % 60))
}

lane 1 &
first=$!

# the build, its diagnostics rendered as usual on stderr; each test executable queued as it
# is written (a compiler artifact built with the test profile, `"test":true` closing its
# profile, and an executable)
cargo test --no-run --message-format=json-render-diagnostics "$@" |
  while IFS= read -r message; do
    case "$message" in
      # an example is built as a test only to see that it compiles (cargo test runs none)
      *'"kind":["example"]'*) ;;
      *'"reason":"compiler-artifact"'*'"overflow_checks":'*',"test":true}'*'"executable":"'*)
        exe="$(printf '%s' "$message" | sed -n 's/.*"executable":"\([^"]*\)".*/\1/p')"
        manifest="$(printf '%s' "$message" | sed -n 's/.*"manifest_path":"\([^"]*\)".*/\1/p')"
        name="$(printf '%s' "$message" | sed -n 's/.*"target":{"kind":\[[^]]*\],"crate_types":\[[^]]*\],"name":"\([^"]*\)".*/\1/p')"
        [ -n "$exe" ] || continue
        printf '%s\t%s\n' "$name" "$exe" >> "$work/built-executables"
        # a test harness is told to be quiet; a bench of its own harness (divan) runs each
        # benchmark once as a test when given no arguments, as `cargo test` runs it
        quiet=" -q"
        case "$message" in *'"kind":["bench"]'*) quiet="" ;; esac
        job="$(printf '%s\t%s\t%s' "${exe#"$PWD"/}" "$(dirname "$manifest")" "'$exe'$quiet")"
        # a crate's own unit tests need nothing else; an integration test or a bench may run
        # the crate's binaries (CARGO_BIN_EXE_...), which cargo may still be linking: those
        # wait for the end of the build
        case "$message" in
          *'"kind":["lib"]'* | *'"kind":["rlib"]'* | *'"kind":["bin"]'*) printf '%s\n' "$job" >> "$queue" ;;
          *) printf '%s\n' "$job" >> "$work/after-build" ;;
        esac
        ;;
    esac
  done
build=${PIPESTATUS[0]}
if [ "$build" -ne 0 ]; then
  echo "the test build failed" >&2
  touch "$work/queued-all"
  kill "$first" 2>/dev/null
  wait
  exit "$build"
fi
if [ -n "$after" ]; then
  while IFS=$'\t' read -r label command; do
    [ -n "$label" ] || continue
    while IFS=$'\t' read -r name exe; do
      case "$command" in
        *"@$name@"*)
          command="${command//@$name@/$exe}"
          # run by this job: not queued again as built
          grep -vF "'$exe'" "$work/after-build" > "$work/after-build.left" || true
          mv "$work/after-build.left" "$work/after-build"
          ;;
      esac
    done < "$work/built-executables"
    printf '%s\t%s\t%s\n' "$label" "$PWD" "$command" >> "$queue"
  done < "$after"
fi
cat "$work/after-build" >> "$queue"
touch "$work/queued-all"
# the build's cores are free now: the second lane
echo "   the build is done$(since_start)"
lane 2 &
second=$!
wait "$first" "$second"
if [ -e "$work/failed" ]; then
  echo "some tests failed (above)" >&2
  exit 1
fi
