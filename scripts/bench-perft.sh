#!/usr/bin/env bash
# Perft speed of Tabula beside Fairy-Stockfish and shakmaty, on this machine, in one run.
# Needs Debian's fairy-stockfish (apt-get install fairy-stockfish); without it that row is skipped.
# Usage: scripts/bench-perft.sh [repeats]   (each count is timed `repeats` times; the best is kept)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/games"   # Debian installs the engines there
repeats=${1:-3}
cargo build --release -q -p tabula
cargo build --release -q -p tabula-chess --example shakmaty_perft
tabula=target/release/tabula
shak=target/release/examples/shakmaty_perft
ini="$(pwd)/crates/chess/tests/data/variants.ini"

best() { # best wall time in seconds of a command, over $repeats runs
  local b=""; for _ in $(seq "$repeats"); do
    local s e; s=$(date +%s%N); "$@" >/dev/null 2>&1; e=$(date +%s%N)
    local t=$(( (e - s) / 1000000 )); if [ -z "$b" ] || [ "$t" -lt "$b" ]; then b=$t; fi
  done; echo "$b"; }

fsf_perft() { # variant depth
  printf 'uci\nsetoption name VariantPath value %s\nsetoption name UCI_Variant value %s\nposition startpos\ngo perft %s\nquit\n' "$ini" "$1" "$2" | fairy-stockfish
}

row() { printf '%-44s %14s %9s %10s\n' "$@"; }
row "what" "nodes" "ms" "M nodes/s"
rate() { awk -v n="$1" -v ms="$2" 'BEGIN { printf "%.1f", n / (ms / 1000) / 1e6 }'; }

for d in 7 8; do
  n=$($tabula rules perft --variant quickchess-fsf "$d" | awk '/Nodes searched/ {print $3}')
  ms=$(best $tabula rules perft --variant quickchess-fsf "$d")
  row "tabula quickchess-fsf start perft $d" "$n" "$ms" "$(rate "$n" "$ms")"
  if command -v fairy-stockfish >/dev/null; then
    fn=$(fsf_perft quickchess "$d" | awk '/Nodes searched/ {print $3}')
    ms=$(best fsf_perft quickchess "$d")
    row "fairy-stockfish quickchess start perft $d" "$fn" "$ms" "$(rate "$fn" "$ms")"
  fi
done
n=$($tabula rules perft --variant chess 5 | awk '/Nodes searched/ {print $3}')
ms=$(best $tabula rules perft --variant chess 5)
row "tabula chess start perft 5" "$n" "$ms" "$(rate "$n" "$ms")"
n=$($shak 5 | awk '/Nodes searched/ {print $3}')
ms=$(best $shak 5)
row "shakmaty chess start perft 5" "$n" "$ms" "$(rate "$n" "$ms")"
n=$($tabula rules perft --variant chess 6 | awk '/Nodes searched/ {print $3}')
ms=$(best $tabula rules perft --variant chess 6)
row "tabula chess start perft 6" "$n" "$ms" "$(rate "$n" "$ms")"
n=$($shak 6 | awk '/Nodes searched/ {print $3}')
ms=$(best $shak 6)
row "shakmaty chess start perft 6" "$n" "$ms" "$(rate "$n" "$ms")"
echo "(wall time of whole commands, process start included; best of $repeats)"
