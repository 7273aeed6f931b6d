# The rules pages: what every page shares, then Check Mates and The Royal Study.

rules-link = The full rules
rules-title = { $game ->
    [checkmates] Check Mates: the rules
    [royal] The Royal Study: the rules
    [querni] Querni: the rules
   *[quickchess] QuickChess: the rules
  }
rules-lead = The rules as Tabula plays them. Where the rulebook is silent, Tabula had to choose; those choices are marked.
rules-others = The rules of the other games
rules-play = { $game ->
    [checkmates] Play Check Mates
    [royal] Play The Royal Study
    [querni] Play Querni
   *[quickchess] Play QuickChess
  }
rules-ours = our choice
rules-oursExplained = The rulebook does not say; this is the choice Tabula made.
rules-movesLabel = where a { $piece } on { $square } can move

## Check Mates
rules-cm-aim = The game
rules-cm-aim1 = Check Mates is a race of minds for 1 to 6 players on a 3x3 board with seven tokens and two empty squares. A task card shows where some tokens must lie; everyone works out in their head how few moves make the board show it, and the one who calls the lowest number must prove it.
rules-cm-tokens = The tokens have two sides. On the sliding side there are two blue, two red and two green tokens and one joker; on the chess side a white and a black rook, knight and queen, and a king, the joker. At the start the centre and one other random square are empty.
rules-cm-boardCaption = A board on the sliding side: the joker in the centre row, two empty squares.
rules-cm-taskCaption = A task card: blue and red in two corners, green in the centre; the other squares do not matter.
rules-cm-movesTitle = Moving the tokens
rules-cm-sliding = A move takes one token onto an empty square; nothing is captured and nothing leaves the board. On the sliding side a token slides one square up, down, left or right, never diagonally.
rules-cm-slidingCaption = On the sliding side a token moves one square straight.
rules-cm-chess = On the chess side each token moves like its chess piece, but a short way: the rook one or two squares straight, the queen one or two squares straight or diagonally, the king exactly one square in any direction. Rook and queen cannot pass over a token; the knight jumps in an L and may pass over tokens, as long as it lands on an empty square.
rules-cm-rookCaption = The rook: one or two squares straight.
rules-cm-queenCaption = The queen: one or two squares straight or diagonally.
rules-cm-kingCaption = The king: exactly one square in any direction.
rules-cm-knightCaption = The knight: an L, jumping over tokens.
rules-cm-tasksTitle = Tasks and cards
rules-cm-tasks = A task marks three or four squares with a colour. The board meets it when every marked square holds a token of that colour; the joker counts as any colour, and an empty square never counts. Unmarked squares do not matter.
rules-cm-chessTasks = On the chess side a task square asks for a rook, a knight or a queen of either colour, or for any white or any black piece; the king stands in for anything.
rules-cm-chessTaskCaption = A chess task: a rook and a queen of any colour, one white piece and two black ones.
rules-cm-rotation = The card has no top: the task is met if the board matches it turned by 90, 180 or 270 degrees. A mirror image does not count.
rules-cm-stars = Each card is worth stars. On the sliding side a task of three squares is worth 1 star and one of four squares 2 stars, as the rulebook says.
rules-cm-chessStars = On the chess side the rulebook gives no rule: Tabula counts a task of three or four squares as 1 star and one of five squares as 2 stars. Its decks contain only tasks that can be met, never two alike up to a turn.
rules-cm-playTitle = A round
rules-cm-bidding = A card is revealed and everyone thinks at once, without touching anything. The first to call out a number of moves starts a five-second count. Anyone may interrupt with a lower number, which starts the count again; each player calls out at most once a round. When a count ends, the last caller proves their number.
rules-cm-proof = The prover moves the tokens one at a time and cannot take a move back; they may stop at any time. If the board meets the task within the number called, the card is theirs, face up, worth its stars. Otherwise it lies face down before them as a penalty card, worth -1 whatever its stars.
rules-cm-zero = Calling 0 when the board already meets the task wins the card at once; calling 0 when it does not is a miss.
rules-cm-scoring = The board stays as it is for the next card; the game ends when the deck is empty. The score is the stars of the face-up cards minus one for each penalty card. On a tie the player with fewer penalty cards wins; players still level share the win.
rules-cm-timeout = If nobody calls out within two minutes, the card is set aside unscored, so a stuck table goes on.
rules-cm-soloTitle = Solo and blitz
rules-cm-solo = Alone, you meet ten random tasks one after another against the clock. On the sliding side under 1:30 is "Phenomenal!", under 2:30 "Precise thinking!", under 3:30 "On the brink of success!"; on the chess side under 2:00 "Chess genius!", under 3:30 "Excellent moves!", under 5:00 "Promising results!".
rules-cm-blitz = Blitz: play with the 1-star cards only for an easier game, or the 2-star cards only for a harder one.

## The Royal Study
rules-royal-aim = The game
rules-royal-aim1 = The Royal Study is a duel of chess puzzles on a 3x3 board with a king, a queen, a rook, a bishop and a knight. Each card shows a layout of all five pieces; the players bid how few moves reach it, and the first to six points wins.
rules-royal-boardCaption = The board is coloured like a chessboard, a1 dark; the corners and the centre are dark.
rules-royal-movesTitle = Moving the pieces
rules-royal-moves = A move takes one piece onto an empty square; there are no captures. The pieces move as in chess, on a small board: the king one square in any direction, the queen, rook and bishop along their lines (at most two squares here) without passing over a piece, the knight in an L, jumping.
rules-royal-kingCaption = The king: one square in any direction.
rules-royal-queenCaption = The queen: along lines and diagonals.
rules-royal-rookCaption = The rook: along lines.
rules-royal-bishopCaption = The bishop: along diagonals, always on dark squares.
rules-royal-knightCaption = The knight: an L, jumping; from a corner it reaches two squares.
rules-royal-colours = The bishop always stands on a dark square and the knight never in the centre: no legal move can change that, and every card obeys it too.
rules-royal-cardsTitle = Cards
rules-royal-cards = The first card sets the starting position. Every later card is the target; after a point the pieces stay where they ended and the next card is drawn. There are 7,560 possible layouts.
rules-royal-deck = The physical deck is not published: Tabula deals 60 cards from all valid layouts by a recorded seed.
rules-royal-cardCaption = A card.
rules-royal-turnedCaption = The same card turned a quarter to the right: at level 2 this costs one move.
rules-royal-levelsTitle = Levels
rules-royal-level1 = Level 1: reach the card's layout exactly.
rules-royal-level2 = Level 2: while executing you may also turn the card; each quarter turn, either way, costs one move (a half turn two).
rules-royal-level3 = Level 3: you may also mirror the card, left to right or top to bottom, one move each. Reaching a diagonal reflection costs two.
rules-royal-bonus = Bonus challenge, at any level: two cards are drawn and both must be completed, in the order the executor chooses; each turn or mirror applies to one chosen card. The count is the moves plus the card actions.
rules-royal-matchTitle = The match
rules-royal-match = A player announces a number and turns the hourglass. Before the sand runs out the opponent may challenge. Unchallenged, the announcer executes: within the number the point is theirs, otherwise the opponent's. Challenged, the challenger executes: in fewer moves than announced the point is theirs, otherwise the announcer's. First to six points wins.
rules-royal-hourglass = The rulebook does not say how long the hourglass runs: Tabula gives 60 seconds unless the match is set otherwise.
rules-royal-limit = Optional rule: the players may agree on a time limit for an execution; whoever runs out of it loses the point.
rules-royal-solo = Solo: solve cards alone and retry each from its start position for fewer moves; the optimum is shown after each card.
