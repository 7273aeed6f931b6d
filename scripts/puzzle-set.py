#!/usr/bin/env python3
"""Makes a shipped puzzle set from a miner's output: drops comments and every puzzle whose
position (board and side to move) came before, keeps the miner's order.

    scripts/puzzle-set.py MINED.tsv HEADER > crates/chess/data/puzzles/quickchess.tsv
"""
import sys

mined, header = sys.argv[1], sys.argv[2]
seen = set()
print(header)
for line in open(mined, encoding="utf-8"):
    line = line.rstrip("\n")
    if not line or line.startswith("#"):
        continue
    fields = line.split("\t")
    key = " ".join(fields[1].split(" ")[:2])
    if key in seen:
        continue
    seen.add(key)
    print(line)
