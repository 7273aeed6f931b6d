# The frame of every page: header, preferences, shared words (pieces, sides, forms, board, clocks), the home page.

nav-checkmates = Check Mates
nav-royal = The Royal Study
nav-querni = Querni
nav-quickchess = QuickChess
nav-solver = Solver
nav-daily = Daily
nav-signIn = Sign in
notFound-title = Not found
notFound-back = Back to Tabula
game-checkmates = Check Mates
game-royal = The Royal Study
game-querni = Querni
game-quickchess = QuickChess
prefs-theme-auto = Colours: as the system (press for dark)
prefs-theme-dark = Colours: dark (press for light)
prefs-theme-light = Colours: light (press to follow the system)
prefs-soundOn = Sound on (press to mute)
prefs-soundOff = Sound muted (press for sound)
net-reconnecting = Connection lost: reconnecting…
net-notConnected = Not connected yet; try again in a moment
net-lost = The connection was lost before the server answered; try again
share-copy = Copy
share-copied = Link copied
share-game = Link to this game:
share-gameOrWatch = Link to this game (to watch, or for your opponent):
dialog-cancel = Cancel
side-white = White
side-black = Black
side-blue = Blue
side-red = Red
piece-p = pawn
piece-n = knight
piece-b = bishop
piece-r = rook
piece-q = queen
piece-k = king
form-nickname = Your nickname
form-defaultName = Player
form-level = Computer level
form-color = Your side
form-playComputer = Play the computer
form-playFriend = Play a friend online
form-oneScreen = Two players, one screen
prefs-language = Language
game-oneScreen = { $game } at one screen
game-kind-checkmates-solo = Check Mates, a solo run
game-kind-checkmates-party = Check Mates party
game-kind-royal-solo = The Royal Study, solo
game-kind-royal-match = The Royal Study, a match
game-kind-querni = Querni
game-kind-querni-local = Querni at one screen
piece-colored = { $color ->
    [white] white
   *[black] black
  } { $piece ->
    [p] pawn
    [n] knight
    [b] bishop
    [r] rook
    [q] queen
   *[k] king
  }
token-b = blue token
token-r = red token
token-g = green token
token-j = joker
token-kingJoker = king (the joker)
need-sliding-b = needs blue
need-sliding-r = needs red
need-sliding-g = needs green
need-chess-R = needs a rook
need-chess-N = needs a knight
need-chess-Q = needs a queen
need-chess-w = needs a white piece
need-chess-b = needs a black piece
form-computerLevel = Computer level { $level }
form-levelStrongest = Computer level { $level } (strongest)

## the board
board-label = board
board-role = game board
board-notYourTurn = It is not your turn.
board-square = { $square }, { $piece }
board-empty = { $square }, empty
board-cannotGo = The piece on { $from } cannot go to { $to }.
board-noMove = The piece on { $square } has no move now.

## clocks
clock-pick = Time control
clock-none = No clock
clock-custom = Custom time
clock-untimed = no clock
clock-minutes = Minutes
clock-increment = Seconds added a move
clock-control = { $minutes }+{ $increment } ({ $minutes } min, +{ $increment } s a move)
clock-left = { $side ->
    [white] White's clock
    [black] Black's clock
    [blue] Blue's clock
   *[red] Red's clock
  }: { $time }

## the home page
home-title = Tabula
home-lead = Four small-board games with exact rules, an optimal solver or a computer opponent, and play in your browser: alone, against bots, or with friends by link.
home-checkmates = Seven tokens on a 3x3 board and a task card. Work out in your head how few moves make the tokens match the card (you may turn the card, not mirror it). Call out your number; anyone may interrupt with a lower one within five seconds. The last caller proves it on the board.
home-royal = King, queen, rook, bishop and knight on 3x3. Reach the layout on the card in as few chess moves as you can. At level 2 you may turn the card, at level 3 mirror it too; each turn costs a move. Announce, challenge, execute: first to six points.
home-querni = A duel of numbered pieces on a 10x7 board: step or jump (over pieces of either colour, as far as the jumps go), then lift off a chain of three or more of your consecutive numbers standing next to one another. Clear all sixteen to win, but never strand numbers that can no longer make a chain.
home-quickchess = Chess on 5x6, learnt one piece at a time through the booklet's lesson games (a pawn on the far edge wins), up to full QuickChess, where a pawn reaching the end rescues a lost piece, Blind QuickChess, and 8x8 chess. Play the computer at eight levels, a friend, or analyse.
home-play = Play
home-daily = The daily puzzle
home-leaderboards = Leaderboards
home-howToPlay = How to play
home-recent = Recent games
home-loading = Loading…
home-noRecent = No finished games yet.
home-recentFailed = Could not load the recent games.

## what a board shows, for screen readers (the layout is the board in text)
label-position = position { $layout }
label-board = board { $layout }
label-task = task { $layout }
label-line = line { $layout }
label-pieces = pieces { $layout }
label-card = card { $layout }
