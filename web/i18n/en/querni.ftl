# Querni: its page, the table's words, and a turn in words.

querni-board = Querni board
querni-lead = Sixteen numbered pieces each on a 10x7 board. Move, then lift off chains of three or more of your consecutive numbers standing next to one another. Clear your board first to win.
querni-playBlue = I play blue (first)
querni-playRed = I play red
querni-how1 = On your turn, move one piece: step to any of the eight neighbouring empty squares, or jump over one neighbouring piece (of either colour) in a straight line to the empty square beyond, and keep jumping, changing direction if you like, never landing twice on the same square. A step and jumps are never mixed.
querni-how2 = Then you may remove one chain: three or more of your pieces with consecutive numbers (say 4, 5, 6), each touching the one numbered one less. You may remove part of a chain, or wait. You may also pass.
querni-how3 = Remove all sixteen to win. But a removal that leaves any of your numbers in a run shorter than three (they could never form a chain again) loses at once. Thirty turns in a row without a removal is a draw.
querni-endTurn = End of turn
querni-pass = Pass
querni-cancel = Cancel
querni-hint = Hint
querni-passQuestion = Pass this turn, without moving or removing anything?
querni-piece = { $side ->
    [blue] blue
   *[red] red
  } { $n }
querni-yourTurn = Your turn ({ $side ->
    [blue] blue
   *[red] red
  }).
querni-toPlay = { $name } ({ $side ->
    [blue] blue
   *[red] red
  }) to play.
querni-left = { $count } left
querni-leftBoth = Blue has { $blue } left, red { $red }; { $quiet } of { $at } turns without a removal.
querni-quiet = { $quiet } of { $at } turns without a removal (a draw at { $at }).
querni-lastTurn = Last turn: { $side ->
    [blue] blue
   *[red] red
  } { $turn }
querni-soFar = Your turn so far: { $turn }
querni-notAChain = { $low }-{ $high } is not a chain you can remove.
querni-strandWarning = Careful: removing { $low }-{ $high } strands numbers that can never form a chain again; you would lose at once.
querni-hintIs = Hint: { $words } (drawn in blue on the board).
querni-turn-pass = pass
querni-turn = { $kind ->
    [jump] jump { $path }{ $removes ->
        [yes] , then remove { $low } to { $high }
       *[no] {""}
    }
    [step] step { $path }{ $removes ->
        [yes] , then remove { $low } to { $high }
       *[no] {""}
    }
   *[none] remove { $low } to { $high }
  }
querni-coach-wins = With best play { $side ->
    [blue] blue
   *[red] red
  } wins in { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
  } of its own, whatever the other side does.
querni-coach-unknown = No forced win within { $turns } turns of either side: the coach proves wins near the end, when a few turns decide.
querni-coach-unfinished = The coach found no forced win within { $turns } turns before its time ran out.
querni-coach-lost = { $who ->
    [you] Your turn
    [blue] Blue's turn
   *[red] Red's turn
  } lost the win: before it, { $who ->
    [you] you
    [blue] blue
   *[red] red
  } won in { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
  } with best play.
querni-coach-kept = Your turn kept the win.
querni-coach-showBest = Show the turns that keep the win
querni-coach-hideBest = Hide the turns that keep the win
querni-coach-bestList = Turns that keep it: { $turns }
