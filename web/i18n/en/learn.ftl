# Learn QuickChess: the booklet's numbered boxes as a course.

learn-link = Learn QuickChess, box by box
learn-title = Learn QuickChess
learn-lead = The booklet's path, one piece at a time: just follow the numbers. Box 1 gives the rules every game shares; each box after it shows how its piece moves, gives you exercises made and checked by the rules engine, then a lesson game against the computer at its gentlest. A box is done when you win its lesson game; your progress stays in this browser.
learn-boxes = The boxes
learn-done = done
learn-continue = Go on with box { $n }
learn-boxTitle = Box { $n }: { $title }
learn-movesTitle = How the { $piece ->
    [p] pawn
    [k] king
    [r] rook
    [b] bishop
    [q] queen
   *[n] knight
  } moves
learn-reachTitle = Exercise: where can it go?
learn-captureTitle = Exercise: capture them all
learn-gameTitle = The lesson game
learn-reachAsk = Tap every square the { $piece ->
    [p] pawn
    [k] king
    [r] rook
    [b] bishop
    [q] queen
   *[n] knight
  } on { $square } can move to in one move (tap again to take a square back), then check.
learn-check = Check
learn-picked = { $count ->
    [one] { $count } square picked
   *[other] { $count } squares picked
  }
learn-reachRight = { $count ->
    [one] Right: that one square, and no other.
   *[other] Right: all { $count } squares, and no other.
  }
learn-reachWrong = Not quite: the dots show the { $count } squares it can reach; red ones it cannot.
learn-again = Another one
learn-captureAsk = Capture { $pawns ->
    [one] the black pawn
   *[other] all { $pawns } black pawns
  } with your { $piece ->
    [p] pawn
    [k] king
    [r] rook
    [b] bishop
    [q] queen
   *[n] knight
  } in { $moves ->
    [one] one move
   *[other] { $moves } moves
  }: no fewer will do, the engine has checked. The pawns stand still.
learn-captureRight = { $moves ->
    [one] All captured in one move!
   *[other] All captured in { $moves } moves: the fewest there are!
  }
learn-noExercise = No exercise could be made just now.
learn-play = Play the lesson game
learn-nextBox = On to box { $n }
learn-moves-power-pawns = A pawn moves straight forward, one square at a time, never backwards or sideways. It cannot move while anything stands right in front of it. It captures only diagonally forward, one square. Reach the far edge with a pawn, or capture every enemy pawn, to win.
learn-moves-kings-conquest = The king steps one square in any direction: forward, back, sideways or diagonally. In this lesson kings can be captured like any piece, and a king may never step next to the other king.
learn-moves-raging-rooks = The rook moves in a straight line forward, back, left or right, as far as the path is free, and captures the first enemy piece in its way. It never moves diagonally.
learn-moves-bishops = The bishop moves diagonally, as far as the path is free, and so always stays on squares of one colour.
learn-moves-mean-queens = The queen moves like a rook or like a bishop: straight or diagonally, as far as the path is free, one direction a move.
learn-moves-rescue-the-queen = Pawns again, with a twist: your first pawn to reach the far edge becomes your queen, later ones any piece you choose. Capture all the enemy pawns to win.
learn-moves-krazy-knights = The knight jumps in an L: two squares one way, then one square to the side. It is the only piece that jumps over others, and it always lands on a square of the other colour.
learn-game-power-pawns = Five pawns each. Get a pawn to the far edge first, or capture all of your opponent's.
learn-game-kings-conquest = Pawns and a king each. Use your king to help your pawns through; the king can be captured.
learn-game-raging-rooks = Pawns and a rook each.
learn-game-bishops = Pawns and a bishop each.
learn-game-mean-queens = Pawns and a queen each: the strongest piece.
learn-game-rescue-the-queen = Pawns only, the queens waiting: rescue yours and capture every enemy pawn.
learn-game-krazy-knights = Pawns and a knight each.
learn-game-quickchess = You know every move now. The full game: checkmate wins, and a pawn reaching the last rank rescues a piece you have lost.
learn-captureCount = { $used ->
    [one] { $used } move
   *[other] { $used } moves
  } of { $total } played; { $left ->
    [one] { $left } pawn left.
   *[other] { $left } pawns left.
  }
learn-captureOver = { $moves ->
    [one] The one move is played
   *[other] All { $moves } moves are played
  }, and { $left ->
    [one] { $left } pawn is still there.
   *[other] { $left } pawns are still there.
  }
learn-captureStuck = Your piece cannot move on, and { $left ->
    [one] { $left } pawn is still there.
   *[other] { $left } pawns are still there.
  }
learn-retry = Try again
learn-showSolution = Show a solution
learn-solution = One way: { $moves }.
learn-kingTitle = Exercise: where may the king not go?
learn-kingAsk = Which squares next to your king on { $square } may it not step on? Remember: a king never steps next to the other king. Tap them (tap again to take one back), then check.
learn-kingAskCheck = Which squares next to your king on { $square } may it not step on? In full QuickChess a king may never step onto a square the other side attacks. Tap them (tap again to take one back), then check.
learn-kingRight = { $count ->
    [one] Right: just that square is barred.
   *[other] Right: those { $count } squares are barred; the dots show where it may go.
  }
learn-kingWrong = { $count ->
    [one] Not quite: the red square is the one it may not step on; the dots show where it may go.
   *[other] Not quite: the { $count } red squares are those it may not step on; the dots show where it may go.
  }
learn-doneCount = { $done } of { $total } boxes done.
learn-boxDone = You have won this lesson game: this box is done.
learn-boxToWin = Win the lesson game to complete this box.
learn-gameWon = You won: box { $n } is done!
learn-gameNotWon = { $done ->
    [yes] Not won this time; box { $n } stays done.
   *[no] Not won this time: box { $n } is done when you win its lesson game.
  }
learn-backToBox = Back to box { $n }
# Box 1, the booklet's "Rules of Play", and an address of no box
learn-rulesName = The rules of every game
learn-rules-boardTitle = The board
learn-rules-board = QuickChess is played on a board of 5 files (a to e) and 6 ranks, smaller than a chessboard. White moves first, then the players take turns, one piece a move. The board shows the first lesson game: five pawns each.
learn-rules-winTitle = How to win
learn-rules-win = Be the first to bring a pawn to any square of your opponent's edge of the board, or capture all of your opponent's pieces. Some games add other ways to win, checkmate among them.
learn-rules-moveTitle = Moving and capturing
learn-rules-move = Each piece moves in its own way: the boxes that follow show how, one piece at a time. Only the knight jumps over other pieces; every other piece moves only along free squares.
learn-rules-capture = Two pieces never share a square. When your piece lands on a square where an enemy piece stands, it captures it: that piece leaves the board.
learn-rules-stuckTitle = When the pawns are stuck
learn-rules-stuck = If every pawn is blocked and none can move, the player whose most advanced pawn is closer to the opponent's edge wins; if that is level, the one with more pawns. This decides the games of boxes 2 to 8.
learn-rulesToRead = Box 1 is done once you have read its rules.
learn-rulesDone = You have read the rules: box 1 is done.
learn-rulesRead = I know the rules: on to box { $n }
learn-noBox = The course has no box { $n }
learn-noBoxHelp = Its boxes are numbered { $first } to { $last }; the booklet's boxes 10 to 12, for advanced play, are in the full rules. Pick a box below, or start from the course's first page.
