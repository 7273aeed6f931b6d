# Print and play: the download on the Check Mates and Royal Study pages, and the words printed on the deck's sheets (tabula-deck).

print-title = Print and play
print-lead = Print the deck to play at a table, with the tokens and the board to cut out. Every card shows its exact difficulty, worked out by the solver.
print-download = Download the deck (PDF)
print-help = Print both sides of each sheet, flipping on the long edge, at actual size (100 %), then cut along the crop marks.
print-sheet-cards = { $game } · { $count ->
    [one] card { $first }
   *[other] cards { $first }–{ $last }
  } · { $face } · page { $page } of { $pages }
print-sheet-tokens = { $game } · tokens and board · page { $page } of { $pages }
print-sheet-token-backs = { $game } · backs of the tokens · page { $page } of { $pages }
print-face-front = fronts
print-face-back = backs
print-card = No. { $n }
print-cm-difficulty = Exact: { $mean } moves on average from a fresh setup, { $max } { $max ->
    [one] move
   *[other] moves
  } at worst
print-royal-difficulty = Exact count from any start:
print-royal-level = level { $level }: { $mean } on average, { $max } at worst
print-board = The board
print-tokens-cm = The tokens: cut along the dashed lines. The sliding side is on this page, the chess side on the back.
print-tokens-royal = The pieces: cut along the dashed lines. The back shows the same piece.
print-rules = The rules in short
print-made = Deck { $seed }, made by Tabula: every task solved exactly.
