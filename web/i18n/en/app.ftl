# The frame of every page: header, preferences, shared words (pieces, sides, forms, board, clocks), the home page.

nav-checkmates = Check Mates
nav-royal = The Royal Study
nav-querni = Querni
nav-quickchess = QuickChess
nav-solver = Solver
nav-daily = Daily
nav-puzzles = Puzzles
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
net-restarting = The server is restarting: back in a moment…
net-notConnected = Not connected yet; try again in a moment
net-lost = The connection was lost before the server answered; try again
nav-menu = Menu
net-offline = You are offline: the pages you opened before still work.
net-offlineGame = You are offline: your moves reach the game again once the connection is back.
net-pageFailed = This page did not load: check the connection and open it again.
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
home-lead = Four small-board games with exact rules, an optimal solver or a computer opponent, and play in your browser: alone, against the computer, or with friends by link.
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
home-tagline = Four small-board games to play online.
home-playNow = Play now
home-games = The games

## what a board shows, for screen readers (the layout is the board in text)
label-position = position { $layout }
label-board = board { $layout }
label-task = task { $layout }
label-line = line { $layout }
label-pieces = pieces { $layout }
label-card = card { $layout }

## the computer's review of a finished game (review.js), and games to take home
review-title = Computer review
review-what = The computer goes through every move: how much each one changed the chances of winning, its own choice where it would have played otherwise, and each player's accuracy.
review-ask = Review the game
review-again = Try again
review-asking = Asking the computer…
review-waiting = { $place ->
    [1] Waiting for the computer: your game is next in line.
   *[other] Waiting for the computer: your game is number { $place } in line.
}
review-running = The computer is reviewing the game…
review-tooMany = You already have two games waiting for the computer: wait until one of them is reviewed.
review-busy = The computer has too many games to review just now: try again in { $s } s.
review-player = Player
review-accuracy = Accuracy
review-percent = { $n }%
review-count-inaccuracy = Inaccuracies
review-count-mistake = Mistakes
review-count-blunder = Blunders
review-mark-inaccuracy = Inaccuracy
review-mark-mistake = Mistake
review-mark-blunder = Blunder
review-graph = { $side ->
    [blue] Blue's chances of winning, move by move
   *[white] White's chances of winning, move by move
}
review-atStart = The start of the game
review-graphValue = { $mark ->
    [inaccuracy] { $move } { $played }, an inaccuracy: { $eval }
    [mistake] { $move } { $played }, a mistake: { $eval }
    [blunder] { $move } { $played }, a blunder: { $eval }
   *[none] { $move } { $played }: { $eval }
}
review-pick = Pick a move in the list or on the graph to see what the computer thinks of it.
review-mateIn = { $side ->
    [white] White mates in { $moves }
   *[black] Black mates in { $moves }
}
review-querniChances = Blue's chances: { $percent }%
review-querniDecided = { $side ->
    [blue] Blue has the game won
   *[red] Red has the game won
}
review-best = Best was { $move }
review-same = The computer's choice too
review-showLine = Show the better line
review-showTurn = Show the computer's turn
review-turnBoard = the computer's turn, position { $layout }
review-line = The better line
review-lineFrom = Instead of { $played }:
review-linePrev = The line's previous move
review-lineNext = The line's next move
review-lineStep = { $step } of { $total }
review-lineBack = Hide the better line
review-turnBack = Hide the computer's turn
review-lineBoard = the better line, position { $layout }
review-downloadPgn = Download PGN
review-downloadText = Download the game
review-downloadAll = Download games (PGN)
pgn-paste = Paste a game (PGN)
pgn-unreadable = This game could not be read: { $why }
pgn-load = Load the game
pgn-loaded = { $moves ->
    [one] One move loaded: the board shows the position after it.
   *[other] { $moves } moves loaded: the board shows the position after the last one.
}
