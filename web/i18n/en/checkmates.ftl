# Check Mates (Три на три): its page, the solo run, the party room, the card legend and the solver.

cm-lead = Move tokens one square at a time (sliding side) or like chess pieces (chess side) onto the two empty squares. Nothing is captured. The task is met when the board shows its pattern, turned any way you like.
cm-side = Side
cm-sliding = Sliding side (colours)
cm-chess = Chess side (pieces)
cm-side-sliding = sliding side
cm-side-chess = chess side
cm-deck = Deck
cm-fullDeck = Full deck
cm-oneStar = Blitz: 1-star cards (easier)
cm-twoStar = Blitz: 2-star cards (harder)
cm-deck-full = full deck
cm-deck-one-star = 1-star cards
cm-deck-two-star = 2-star cards
cm-solo = Solo run: ten tasks against the clock
cm-party = Party room: invite friends and the computer
cm-how1 = A card is revealed. Everyone works out, without touching anything, how many moves would make the board show the task. Call out your number: a five-second count starts. Anyone with a lower number may interrupt, once per round, and the count starts again. When a count runs out, its caller proves the number on the board, moving tokens one at a time with no take-backs.
cm-how2 = Meet the task within your number and the card is yours, face up, worth its stars. Miss it and it is yours face down: a penalty worth -1. Calling 0 when the board already matches wins the card at once. The board stays as it is for the next card. Most points wins; on a tie, fewer penalty cards.
cm-task = task
cm-taskCol = Task
cm-moves = Moves
cm-minimum = Minimum
cm-time = Time
cm-taskTime = Time taken
cm-total = Total
cm-taskClock = This task
cm-runTime = Run: { $time }
cm-taskMet = Task { $n } met in { $moves } { $moves ->
    [one] move
   *[other] moves
  } (minimum { $optimum }), { $time }.
cm-soloTitle = Check Mates solo
cm-soloHelp = { $input ->
    [touch] Tap a token, then an empty square (or drag it).
   *[mouse] Click a token, then an empty square (or drag it).
  } The next task appears as soon as the board meets this one.
cm-again = Another run, same settings
cm-partyTitle = Check Mates party
cm-sendLink = Send this link to the players:
cm-atTable = At the table
cm-host = host
cm-remove = Remove
cm-addBot = Add a computer player
cm-start = Start the game
cm-takeSeat = Take a seat
cm-player = Player
cm-score = Score
cm-stars = Stars
cm-penaltyCards = Penalties
cm-tieRule = Ties go to the player with fewer penalty cards; players still level share the win.
cm-howMany = How many moves?
cm-firstCall = The first to call out a number starts a five-second count.
cm-interrupt = Interrupt with a lower number:
cm-callOut = Call out your number:
cm-calledOut = You have called out this round.
cm-proveHelp = { $input ->
    [touch] Tap a token, then an empty square (or drag it).
   *[mouse] Click a token, then an empty square (or drag it).
  } No take-backs.
cm-stop = Stop here
cm-giveUp = Give up
cm-watchProof = Watch the proof.
cm-taskStars = { $caption } { $stars }
cm-soloProgress = { $side }, task { $n } of { $total }
cm-allTen = All ten tasks in { $time }.
cm-partyLine = { $side }, round { $round }, { $left } { $left ->
    [one] card
   *[other] cards
  } left{ $aside ->
    [0] {""}
   *[other] , { $aside } set aside
  }
cm-lobbyLine = { $side }, { $deck }, { $seats } of { $max } seats taken
cm-invited = { $name } invites you to a Check Mates party. Take a seat below.
cm-botNeverWrong = Computer level { $level } (never wrong)
cm-waitHost = Waiting for the host, { $name }, to start.
cm-seat = Seat { $seat }
cm-penalties = { $count } { $count ->
    [one] penalty
   *[other] penalties
  }
cm-winners = { $count ->
    [one] { $names } wins
   *[other] { $names } share the win
  }
cm-says = { $name } says { $bid }
cm-bidOf = { $name }: { $bid }
cm-seconds = { $s } s
cm-proves = { $name } proves { $bid }: { $moves } { $moves ->
    [one] move
   *[other] moves
  } made
cm-setAside = Nobody called out in time: the card was set aside. The minimum was { $optimum }.
cm-zeroWon = { $name } called 0: the board already met the task. The card ({ $stars }) is theirs.
cm-met = { $name } met the task in { $moves } of { $bid } and takes the card ({ $stars }). The minimum was { $optimum }.
cm-missed = { $name } missed { $bid }: a penalty card. The minimum was { $optimum }.
cm-missedZero = { $name } missed { $bid } (0 was called but the board did not match): a penalty card. The minimum was { $optimum }.
cm-bestLine = A way in { $optimum } { $optimum ->
    [one] move
   *[other] moves
  }, from the round's start:

## the task card's legend
legend-rotate = The card may be turned any way, never mirrored. Empty squares of the card ask for nothing.
legend-sliding-b = a blue token
legend-sliding-r = a red token
legend-sliding-g = a green token
legend-sliding-joker = the joker counts as any colour
legend-chess-R = a rook, white or black
legend-chess-N = a knight, white or black
legend-chess-Q = a queen, white or black
legend-chess-w = any white piece
legend-chess-bk = any black piece
legend-chess-joker = the king counts as any piece

## the solver
solver-title = Check Mates solver
solver-lead = Set up a board and a task by { $input ->
    [touch] tapping
   *[mouse] clicking
  }, and see the least number of moves with one optimal solution.
solver-solve = Solve
solver-edit = Edit
solver-emptyPen = empty (on a task: anything)
solver-boardHelp = Board: pick a token, then { $input ->
    [touch] tap
   *[mouse] click
  } squares.
solver-taskHelp = Task: pick a symbol, then { $input ->
    [touch] tap
   *[mouse] click
  } squares.
solver-board = Board
solver-task = Task
solver-boardText = The board as text
solver-taskText = The task as text
solver-unsolvable = Unsolvable: no board reachable from this one meets the task in any rotation.
solver-minimum = Minimum: { $moves } { $moves ->
    [one] move
   *[other] moves
  }
solver-turned = (the task turned { $degrees }°)
solver-step = move { $step } of { $total }

## a solo run's rating by its time, as the rulebook words it
cm-rating-sliding-1 = Phenomenal!
cm-rating-sliding-2 = Precise thinking!
cm-rating-sliding-3 = On the brink of success!
cm-rating-sliding-4 = Practice makes perfect!
cm-rating-chess-1 = Chess genius!
cm-rating-chess-2 = Excellent moves!
cm-rating-chess-3 = Promising results!
cm-rating-chess-4 = The first step to greatness!
