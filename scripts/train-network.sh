#!/usr/bin/env bash
# Makes the QuickChess evaluation network from nothing, reproducibly: self-play data, training
# and a selection match, every step with its seeds. A step whose output is there is skipped,
# so a stopped run goes on where it stopped (a data file cut off is made again: the data are cut
# into files of GAMES games, some minutes each, so that a stop loses little). The commands
# run inside DIR, so the records in the networks name the files as DIR holds them.
#
# Usage: scripts/train-network.sh DIR
#
# Generation 0 of data plays with the hand-written evaluation, generation g (g >= 1) with
# network g-1; each generation is FILES files, seeds 100g+1 to 100g+FILES, made two at a time
# side by side (one a core). Network 0 is trained from random weights (seed 1) on generation
# 0; network g continues network g-1 on every generation so far. With FROM=FILE (a network
# file, say the shipped one, copied into DIR as from.nnue) the run continues that network
# instead: generation 0 plays with it and network 0 starts from its weights (EPOCHS, the later
# learning rate), so its record goes on from FILE's; its seeds are 1000 more (1001, ..., 1101,
# ...), so its files' names differ from those FILE's record may name. Selection: each network against the
# built-in one, self-play at SELECT_TC ms a move (EvalFile), SELECT_GAMES games; the scores go
# to DIR/selection.txt. Each network's file names the commands that made it and its data
# (`cargo run -p tabula --example nnue_made_by -- DIR/net2.nnue`); the one to ship is copied to
# crates/chess/src/engine/nnue/quickchess.nnue once it has beaten the built-in one against
# Fairy-Stockfish (BENCHMARKS.md's command).
#
# Settings (environment, defaults in brackets): GENERATIONS [3], FILES a generation [30], GAMES a
# data file [4000],
# NODES searched a move [5000], OPENINGS the games start from [500], HIDDEN [256], FIRST_EPOCHS [40], EPOCHS later [20],
# SELECT_GAMES [400], SELECT_TC [25], FROM [none], BUCKETS output buckets of network 0 [1; with
# FROM, a network of one bucket is copied into each; later networks keep network 0's], BIN,
# the directory of `tabula` and the examples [target/release, built here]. A data file of
# 4,000 games takes about six minutes of one core (the network's games: about 290 positions a
# second a core on an idle machine, 140 beside another job; 26 a game), so a generation of
# 120,000 games about an hour and a half of both cores; a network some minutes, a selection
# match about six.
set -euo pipefail
cd "$(dirname "$0")/.."

dir="${1:?usage: scripts/train-network.sh DIR}"
mkdir -p "$dir"
GENERATIONS="${GENERATIONS:-3}"
FILES="${FILES:-30}"
GAMES="${GAMES:-4000}"
NODES="${NODES:-5000}"
OPENINGS="${OPENINGS:-500}"
HIDDEN="${HIDDEN:-256}"
BUCKETS="${BUCKETS:-1}"
FIRST_EPOCHS="${FIRST_EPOCHS:-40}"
EPOCHS="${EPOCHS:-20}"
SELECT_GAMES="${SELECT_GAMES:-400}"
SELECT_TC="${SELECT_TC:-25}"
FROM="${FROM:-}"
base=0
[ -n "$FROM" ] && base=1000
if [ -n "$FROM" ] && [ ! -f "$dir/from.nnue" ]; then
  cp "$FROM" "$dir/from.nnue"
fi
if [ -z "${BIN:-}" ]; then
  cargo build --release --locked -p tabula --bin tabula --example nnue_datagen --example nnue_train
  BIN=target/release
fi
bin="$(cd "$BIN" && pwd)"
datagen="$bin/examples/nnue_datagen"
train="$bin/examples/nnue_train"
tabula="$bin/tabula"
cd "$dir"

# one data file (the generator writes NAME.part and renames it when the last game is in)
data() { # seed, name, the network file to play with (or nothing: the hand-written evaluation)
  local seed="$1" name="$2" net="${3:-}"
  [ -f "$name" ] && return 0
  local with=()
  [ -n "$net" ] && with=(--net "$net")
  "$datagen" --games "$GAMES" --nodes "$NODES" --openings "$OPENINGS" --seed "$seed" "${with[@]}" --out "$name" 2> "$name.log"
}

files=()
for ((g = 0; g < GENERATIONS; g++)); do
  net=""
  [ -n "$FROM" ] && net="from.nnue"
  [ "$g" -gt 0 ] && net="net$((g - 1)).nnue"
  echo "generation $g: $FILES files, seeds $((base + 100 * g + 1)) to $((base + 100 * g + FILES))${net:+ (playing with $net)}"
  for ((k = 1; k <= FILES; k += 2)); do
    a="gen${g}_s$((base + 100 * g + k)).bin"
    files+=("$a")
    if [ "$k" -lt "$FILES" ]; then
      b="gen${g}_s$((base + 100 * g + k + 1)).bin"
      files+=("$b")
      data $((base + 100 * g + k)) "$a" "$net" &
      first=$!
      data $((base + 100 * g + k + 1)) "$b" "$net"
      wait "$first"
    else
      data $((base + 100 * g + k)) "$a" "$net"
    fi
  done
  out="net$g.nnue"
  # the trainer writes its network after every epoch: `.done` says the last one is in
  if [ ! -f "$out.done" ]; then
    echo "network $g from ${#files[@]} data files"
    if [ "$g" -eq 0 ] && [ -n "$FROM" ]; then
      "$train" --out "$out" --init from.nnue --buckets "$BUCKETS" --hidden "$HIDDEN" --epochs "$EPOCHS" --batch 8192 --lr 0.0007 --seed 1 "${files[@]}" 2> "net$g.log"
    elif [ "$g" -eq 0 ]; then
      "$train" --out "$out" --buckets "$BUCKETS" --hidden "$HIDDEN" --epochs "$FIRST_EPOCHS" --batch 8192 --lr 0.001 --seed 1 "${files[@]}" 2> "net$g.log"
    else
      "$train" --out "$out" --init "net$((g - 1)).nnue.f32" --hidden "$HIDDEN" --epochs "$EPOCHS" --batch 8192 --lr 0.0007 --seed 1 "${files[@]}" 2> "net$g.log"
    fi
    touch "$out.done"
  fi
done

echo "selection: each network against the built-in one, $SELECT_GAMES games at $SELECT_TC ms a move" | tee selection.txt
for ((g = 0; g < GENERATIONS; g++)); do
  result="$("$tabula" engine match --engine1 "$tabula engine uci" --option1 "EvalFile=$PWD/net$g.nnue" \
    --engine2 "$tabula engine uci" --variant quickchess-fsf --games "$SELECT_GAMES" --tc "$SELECT_TC" \
    --concurrency 2 | tail -n 1)"
  echo "net$g.nnue: $result" | tee -a selection.txt
done
