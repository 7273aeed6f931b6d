# QuickChess: its page, the variants' names, Olympics, Blind QuickChess and the analysis board.

quickchess-variant = Game
quickchess-lead = Chess on a 5x6 board, learnt one piece at a time: the booklet's lesson games, full QuickChess and its options, up to traditional chess.
quickchess-playWhite = I play White
quickchess-playBlack = I play Black
quickchess-how1 = The pieces move as in chess. In the lesson games there is no check: a pawn reaching the far edge wins, and so does capturing everything; a player who cannot move passes; if nobody can move, the most advanced pawn (then the most pawns) decides.
quickchess-how2 = In full QuickChess a pawn reaching the last rank rescues a piece you have lost (a queen-like prince if you lost none). Pawns move one square, there is no castling, and checkmate wins. Blind QuickChess starts with each player placing the pieces on their half, unseen.
quickchess-offerDraw = Offer a draw
quickchess-acceptDraw = Accept the draw
quickchess-choosePiece = Your pawn reached the last rank. Choose the piece:
quickchess-captured = Pieces captured, and the material ahead
quickchess-analyse = Analyse this position
quickchess-title = { $lesson ->
    [yes] QuickChess: { $title }
   *[no] { $title }
  }
quickchess-yourMove = Your move ({ $side ->
    [white] White
   *[black] Black
  }).
quickchess-yourMoveCheck = Check! Your move ({ $side ->
    [white] White
   *[black] Black
  }).
quickchess-toMove = { $name } ({ $side ->
    [white] White
   *[black] Black
  }) to move.
quickchess-toMoveCheck = Check! { $name } ({ $side ->
    [white] White
   *[black] Black
  }) to move.
quickchess-drawOffered = { $name } offers a draw.
quickchess-rescuable = A pawn reaching the last rank can rescue your { $pieces }.

## the variants, as the booklet names them
variant-power-pawns = Power Pawns
variant-pawn-blasters = Pawn Blasters
variant-kings-conquest = King's Conquest
variant-raging-rooks = Raging Rooks
variant-bishops = Bishops
variant-mean-queens = Mean Queens
variant-rescue-the-queen = Rescue the Queen
variant-krazy-knights = Krazy Knights
variant-quickchess = QuickChess
variant-quickchess-classic = QuickChess, the older setup
variant-quickchess-fsf = QuickChess as Fairy-Stockfish plays it
variant-queens-pro = Queen's Pro Formation
variant-kings-pro = King's Pro Formation
variant-blind = Blind QuickChess
variant-olympics = QuickChess Olympics
variant-chess = Chess
variant-withBlasters = { $game } with Pawn Blasters
variant-mix = Mix & Match: pawns, { $pieces }
variant-long = { $title }: { $words }
variant-power-pawns-long = five pawns each; reach the far edge or capture everything
variant-kings-conquest-long = pawns and a king, which can be captured
variant-raging-rooks-long = pawns and a rook
variant-bishops-long = pawns and a bishop
variant-mean-queens-long = pawns and a queen
variant-rescue-the-queen-long = capture all the pawns; the first to the edge becomes a queen
variant-krazy-knights-long = pawns and a knight
variant-quickchess-long = the full game, box setup; pawns rescue captured pieces
variant-quickchess-classic-long = the setup N Q K B R
variant-quickchess-fsf-long = promotion to a queen only
variant-pawn-blasters-long = two-square first moves and en passant
variant-quickchess-blasters-long = QuickChess with two-square first moves
variant-queens-pro-long = with castling
variant-kings-pro-long = with castling
variant-blind-long = each side places its pieces unseen
variant-olympics-long = five games in a row, a win 1 point, a draw 1/2
variant-chess-long = the traditional game on 8x8

## the Olympics
olympics-now = Olympics, game { $game } of { $of }: { $first } { $a }, { $second } { $b }
olympics-over = { $tie ->
    [yes] The Olympics are over: a tie, { $a } to { $b }.
   *[no] The Olympics are over: { $winner } wins, { $a } to { $b }.
  }
olympics-result = { $game }: { $result }

## Blind QuickChess
blind-title = Blind QuickChess
blind-watching = The players are placing their pieces unseen.
blind-yourSetup = your setup
blind-done = Your pieces are placed. Waiting for your opponent.
blind-place = Place your pieces on your half: pick a piece, then a square (tap a placed piece to take it back).
blind-left = { $piece }: { $count } left
blind-opponent = Your opponent has placed { $count } of 10 pieces.
blind-replay = Blind setup: { $white } and { $black } of 10 pieces placed (hidden until both are done).

## the analysis board
analysis-title = Analysis board
analysis-fen = Position (FEN)
analysis-fenPlaceholder = FEN (empty: the start)
analysis-setUp = Set up
analysis-evaluate = Evaluate
analysis-takeBack = Take back
analysis-reset = Reset
analysis-tryMoves = Move the pieces to try moves.
analysis-best = Best:
analysis-playComputer = Play from here against the computer
analysis-playTwo = Play from here, two players
analysis-toMove = { $side ->
    [white] White
   *[black] Black
  } to move.
analysis-toMoveCheck = { $side ->
    [white] White
   *[black] Black
  } to move, in check.
analysis-moves = Moves: { $moves }
analysis-mateIn = mate in { $moves }
analysis-score = ({ $side ->
    [white] White
   *[black] Black
  } to move: { $score })
analysis-line = Line: { $line }
analysis-depth = depth { $depth }, { $nodes } positions
analysis-fenIs = FEN: { $fen }
quickchess-noMove = No piece can move:
quickchess-pass = Pass
verdict-source = Exact: from the endgame tables or the lesson-game solver
verdict-mate = { $winner ->
    [white] White
   *[black] Black
  } mates in { $n }
verdict-checkmated = { $winner ->
    [white] Black
   *[black] White
  } is checkmated
verdict-win_in_plies = solved: { $winner ->
    [white] White
   *[black] Black
  } wins in { $n } { $n ->
    [one] ply
   *[other] plies
  }
verdict-win_by_tie_break = solved: { $winner ->
    [white] White
   *[black] Black
  } wins by the tie-break
verdict-draw = solved: draw
verdict-win = solved: { $winner ->
    [white] White
   *[black] Black
  } wins
coach-title = Coach
coach-hide = Hide the coach
coach-show = Show the coach
coach-thinking = The coach is looking at the position…
coach-unknown = The coach does not know this position yet: it knows the openings of the games solved on the full board, and positions with few pawns left.
coach-wins = With best play { $side ->
    [white] White
   *[black] Black
  } wins.
coach-draw = With best play this is a draw.
coach-lost = { $who ->
    [you] Your move
    [white] White's move
   *[black] Black's move
  } lost the { $what ->
    [win] win
   *[draw] draw
  }: with best play it is now { $now ->
    [draw] a draw
   *[loss] lost
  }.
coach-kept = Your move kept it.
coach-showBest = Show the best moves
coach-hideBest = Hide the best moves
coach-bestList = Moves that keep it: { $moves }
coach-bestLosing = Every move loses; the stubbornest: { $moves }
coach-fromBook = From the book of the game solved on the full board
coach-fromTable = From the position solved to the end
analysis-matedIn = mated in { $moves }
analysis-perfectPlay = Perfect play: { $move }
