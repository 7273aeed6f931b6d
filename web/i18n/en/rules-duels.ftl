# The rules pages of the duels: Querni and QuickChess.

## Querni
rules-querni-aim = The game
rules-querni-aim1 = Querni is a duel on a board of 10 files (a to j) and 7 ranks. Blue and red have sixteen pieces each, numbered 1 to 16; blue moves first. Whoever clears all their pieces off the board wins.
rules-querni-setup = The rulebook speaks of a fixed setup without showing it: in Tabula blue stands on b1 to i1 and b2 to i2, red on b6 to i6 and b7 to i7, each side's numbers shuffled onto its sixteen squares by a recorded seed.
rules-querni-setupCaption = A setup: blue below, red above.
rules-querni-turnTitle = A turn
rules-querni-turn = On your turn you move, or remove a chain, or move and then remove a chain, or pass. A player who can neither move nor remove passes automatically.
rules-querni-step = A step takes one of your pieces to any of the eight neighbouring empty squares.
rules-querni-jump = A jump goes over one neighbouring piece of either colour, in a straight line, to the empty square just beyond; jumps may follow one another, changing direction. The rulebook says a piece may not land on the same square twice: Tabula reads this as never landing on a square the piece has already stood on this turn, its starting square included. A step and jumps are never mixed in one turn.
rules-querni-jumpCaption = Blue 7 jumps over red 3 to d4, then over blue 12 to d6.
rules-querni-chainTitle = Chains
rules-querni-chain = A chain is three or more of your pieces with consecutive numbers, each standing next to the piece numbered one less (in any of the eight directions). After moving, or instead, you may remove one chain from the board.
rules-querni-chainCaption = Blue 4, 5 and 6 form a chain: each touches the number before it.
rules-querni-partial = You may remove part of a longer chain, as long as it is three or more consecutive numbers, and you need not remove a chain the turn it forms. One removal a turn.
rules-querni-endTitle = The end
rules-querni-win = Remove all sixteen of your pieces and you win.
rules-querni-strand = A removal that leaves any of your remaining pieces in a run of consecutive numbers shorter than three loses at once, since those pieces could never be removed. This is Tabula's reading of the rulebook's "leaving isolated pieces that can no longer form a chain".
rules-querni-draw = Thirty turns in a row without a removal make a draw; each player's turn counts as one.
rules-querni-pass = Timed games: a player whose clock runs out loses; an automatic pass costs no time.

## QuickChess
rules-qc-aim = The game
rules-qc-aim1 = QuickChess is chess on a board of 5 files (a to e) and 6 ranks, learnt one piece at a time. White moves first; the pieces move as in chess and capture by taking the place of the piece taken; only the knight jumps.
rules-qc-boxCaption = Full QuickChess, the setup on the box.
rules-qc-box = The sources show two mirror-image setups: Tabula uses the later one on the box (rook, bishop, king, queen, knight from a1); the older one is offered as "QuickChess, the older setup".
rules-qc-pawns = Pawns step one square forward, never two, and capture one square diagonally forward; there is no en passant.
rules-qc-lessonsTitle = The lesson games (boxes 2 to 8)
rules-qc-lessons = Each lesson game adds one piece to the pawns: Power Pawns (pawns only), King's Conquest (a king), Raging Rooks, Bishops, Mean Queens, Krazy Knights, and Mix & Match to combine them. There is no check: you win by moving a pawn onto the far edge, or by capturing every opposing piece, pawns included.
rules-qc-lessonSetups = The booklet's diagrams of the lesson setups are missing: Tabula puts the pawns and the named pieces on their squares of the box setup.
rules-qc-powerPawnsCaption = Power Pawns: five pawns each.
rules-qc-ragingRooksCaption = Raging Rooks: the pawns and a rook.
rules-qc-kings = In the lesson games kings can be captured like any piece, and a king may never step next to the other king.
rules-qc-rescueQueen = Rescue the Queen: the queens wait off the board. A pawn reaching the far edge does not win: the first becomes its side's queen, later ones any piece but a pawn or a king. The aim is to capture all the opposing pawns.
rules-qc-tieBreak = When all pawns are deadlocked (no pawn of either side can move or capture and no other piece can change that), the side whose most advanced pawn is closer to its goal wins; otherwise the side with more pawns; otherwise it is a draw. Tabula also counts threefold repetition and fifty moves without a capture or a pawn move as a deadlock.
rules-qc-pass = A side with no legal move while the other still has one passes its turn, and the game goes on; if neither side can move, the tie-break decides. (The tie-break used to decide at once, which could end a game for a side whose free pawn was still running.)
rules-qc-fullTitle = Full QuickChess (box 9)
rules-qc-full = Checkmate wins, and check works as in chess. There is no castling and no double step.
rules-qc-rescue = A pawn reaching the last rank rescues one of its side's captured pieces (a queen, rook, bishop or knight: the player chooses among those captured), which takes its place; with none captured it becomes a prince, who moves like a queen. Tabula works out which pieces were captured as the starting pieces less those on the board.
rules-qc-rescueCaption = The pawn on e5 steps to e6 and rescues a lost piece.
rules-qc-draws = Stalemate, threefold repetition, fifty moves without a capture or a pawn move and too little material to checkmate are draws, as in chess.
rules-qc-advancedTitle = Advanced play (boxes 10 to 12)
rules-qc-blasters = Pawn Blasters, an option on any 5x6 game: a pawn on its starting rank may advance two squares if both are empty, and en passant is allowed as in chess.
rules-qc-pro = King's and Queen's Pro Formations, with castling: the booklet's diagrams are missing, so Tabula takes the a to e files of a chessboard (Queen's) and its mirror image (King's). Castling is as in chess: neither king nor rook has moved, the squares between are empty and the king is not in check, does not pass through and does not land on an attacked square.
rules-qc-blind = Blind QuickChess: each player places the king, queen, rook, bishop, knight and five pawns on any squares of their own three ranks, unseen; then both are revealed and a coin decides who moves first. Tabula lets pawns stand on any of those squares; if after the reveal one king is attacked, its side moves first, and if both are, both place again.
rules-qc-olympics = QuickChess Olympics: five games in a row (Rescue the Queen with Pawn Blasters, QuickChess, King's Pro Formation, Queen's Pro Formation, Blind QuickChess); a win scores 1, a draw 1/2, and the most points win.
rules-qc-chess = And at the end of the path, chess on 8x8 by the FIDE rules.
rules-qc-clocksTitle = Clocks
rules-qc-clocks = Games may be played with a clock: a time for the game and seconds added after each move. A player whose time runs out loses, unless the opponent has only a bare king, in which case it is a draw.
