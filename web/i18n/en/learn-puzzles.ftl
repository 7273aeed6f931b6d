# Walkthroughs for a first game of Check Mates and of The Royal Study.

learn-walkthrough = First time? A walkthrough
learn-cm-title = Check Mates: your first card
learn-cm-lead = Four short steps: the board, the task card, turning the card, and a first card to solve yourself.
learn-cm-boardTitle = The board
learn-cm-board = Seven tokens lie on a 3x3 board with two empty squares. On the sliding side a move slides one token one square up, down, left or right into an empty square; nothing is ever captured.
learn-cm-boardCaption = The green token on b1 slid up into the empty centre.
learn-cm-cardTitle = What a task card means
learn-cm-card = The card shows only some squares. The board meets the task when each marked square holds a token of that colour; what lies on the other squares does not matter.
learn-cm-cardCaption = Blue in one corner, red in the other, green in the middle.
learn-cm-joker = The three-coloured token is the joker: it counts as any colour, so it can stand in for a missing token.
learn-cm-turnTitle = Turn the card, never mirror it
learn-cm-turn = The card has no top: you may imagine it turned a quarter, a half or three quarters, and the board meets the task if it matches any of these.
learn-cm-asPrinted = As printed.
learn-cm-turned = Turned a quarter: also counts.
learn-cm-mirrored = Mirrored: does not count.
learn-cm-whyNoMirror = A mirror image is a different pattern: red would sit where blue does. No turn of the card can make it, so it does not meet the task.
learn-cm-firstTitle = Your first card
learn-cm-firstAsk = Make the board meet the task. The solver says it takes at least { $optimum ->
    [one] { $optimum } move
   *[other] { $optimum } moves
  }: can you find them? Tap a token next to an empty square, then the empty square.
learn-cm-movesSoFar = { $moves ->
    [one] { $moves } move so far.
   *[other] { $moves } moves so far.
  }
learn-cm-solved = Solved in { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
  }; the minimum was { $optimum }. In a real game you work this out in your head and call out the number first.
learn-cm-onward = Play Check Mates
learn-royal-title = The Royal Study: your first card
learn-royal-lead = The pieces, a card, what the levels allow, and then a first card of your own.
learn-royal-piecesTitle = Five pieces on 3x3
learn-royal-pieces = A king, a queen, a rook, a bishop and a knight share a 3x3 board with four empty squares. They move as in chess, onto empty squares only: nothing is captured. The bishop keeps to the dark squares, and the knight never reaches the centre.
learn-royal-cardTitle = A card
learn-royal-card = Each card shows all five pieces in a layout. Your task is to reach it in as few moves as you can; in a match you announce that number first, and your opponent may say they can do it in fewer.
learn-royal-levelsTitle = Levels: turning and mirroring
learn-royal-levels = At level 1 the card must be matched exactly as printed. At level 2 you may turn the card while you play, paying one move per quarter turn; at level 3 you may also mirror it, one move each. Sometimes a turn is cheaper than moving pieces.
learn-royal-turnCost = Turned a quarter: one move (level 2).
learn-royal-mirrorCost = Mirrored left to right: one move (level 3).
learn-royal-halfCost = Turned half way round: two moves.
learn-royal-firstTitle = Your first card
learn-royal-first = A solo game at level 1: move the pieces until the board shows the card. When you are done, the optimum is shown, and you may retry the card from its start for fewer moves.
learn-royal-start = Play my first card
