#!/usr/bin/env bash
# Writes the reference Swiss tournaments of crates/tournament/tests/dutch/: random tournaments
# by the generator of FIDE's endorsement procedure (C.04.A), every round paired by
# caissify-pairings' Dutch engine (checked by its authors against bbpPairings, a FIDE-endorsed
# program). Only those whose first board gives the top seed the first colour are kept (our
# initial colour). Needs python3 with venv; takes a minute.
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/crates/tournament/tests/dutch"
work="$(mktemp -d)"
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q caissify-pairings==0.5.0
for spec in "60 9 5 11" "60 15 7 12" "40 24 9 13" "12 40 9 14"; do
  set -- $spec
  "$work/venv/bin/caissify-pairings-rtg" -n "$1" -p "$2" -r "$3" --seed "$4" -o "$work/p$2" > /dev/null
done
rm -f "$out"/*.trf
mkdir -p "$out"
for dir in "$work"/p*; do
  size="$(basename "$dir")"
  for f in "$dir"/*.trf; do
    # player 1's first round: columns 92-101; the colour in its columns 6-7
    colour="$(grep '^001    1 ' "$f" | cut -c97-98 | tr -d ' ')"
    if [ "$colour" = w ]; then
      cp "$f" "$out/$size-$(basename "$f" .trf | sed 's/rtg_//').trf"
    fi
  done
done
ls "$out" | wc -l
rm -rf "$work"
