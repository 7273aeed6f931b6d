#!/usr/bin/env bash
# The evaluation network made twice from nothing and once from the shipped one
# (scripts/train-network.sh, tiny): the same bytes, its record the commands. Run by
# scripts/test.sh after the test build (it runs the examples that build made).
set -euo pipefail
cd "$(dirname "$0")/.."
# `cargo test --all-targets` built the examples the script runs under hashed names;
# this gives them their own (nothing is compiled again)
cargo build --workspace --examples --locked
nets=("$(mktemp -d)" "$(mktemp -d)")
for d in "${nets[@]}"; do
  GENERATIONS=2 FILES=3 GAMES=2 NODES=300 OPENINGS=20 FIRST_EPOCHS=1 EPOCHS=1 SELECT_GAMES=2 SELECT_TC=10 BIN=target/debug \
    scripts/train-network.sh "$d" > "$d/run.log"
done
cmp "${nets[0]}/net1.nnue" "${nets[1]}/net1.nnue"
target/debug/examples/nnue_made_by "${nets[0]}/net1.nnue" > "${nets[0]}/record.txt"
grep -q '^nnue_datagen --games 2 --nodes 300 --openings 20 --seed 103 --net net0.nnue --out gen1_s103.bin$' "${nets[0]}/record.txt"
tail -n 1 "${nets[0]}/record.txt" | grep -q '^nnue_train --out net1.nnue --init net0.nnue.f32 '
grep -q '^net1.nnue: {"games":2' "${nets[0]}/selection.txt"
# continuing the shipped network (FROM): its record goes on from the shipped one's
GENERATIONS=1 FILES=2 GAMES=2 NODES=300 OPENINGS=20 EPOCHS=1 SELECT_GAMES=2 SELECT_TC=10 BIN=target/debug BUCKETS=4 \
  FROM=crates/chess/src/engine/nnue/quickchess.nnue scripts/train-network.sh "${nets[1]}/from" > "${nets[1]}/from.log"
target/debug/examples/nnue_made_by "${nets[1]}/from/net0.nnue" > "${nets[1]}/from.txt"
target/debug/examples/nnue_made_by crates/chess/src/engine/nnue/quickchess.nnue > "${nets[1]}/shipped.txt"
cmp <(head -n 1 "${nets[1]}/shipped.txt") <(head -n 1 "${nets[1]}/from.txt")
grep -q '^nnue_datagen --games 2 --nodes 300 --openings 20 --seed 1002 --net from.nnue --out gen0_s1002.bin$' "${nets[1]}/from.txt"
tail -n 1 "${nets[1]}/from.txt" | grep -q '^nnue_train --out net0.nnue --init from.nnue --buckets 4 '
grep -q '^net0.nnue: {"games":2' "${nets[1]}/from/selection.txt"
rm -rf "${nets[@]}"
