# The duel table (moves, takebacks, rematches), invitations, replays and a solution line.

table-you = you
table-moves = Moves
table-noMoves = No moves yet.
table-backToGame = Back to the game
table-flip = Turn the board over
table-flipShort = Flip
table-takeback = Take back
table-takebackWaiting = You asked to take back your last move; waiting for an answer.
table-acceptTakeback = Allow the takeback
table-declineTakeback = Refuse
table-resign = Resign
table-resignQuestion = Resign this game?
table-rematch = Rematch
table-acceptRematch = Accept the rematch
table-declineRematch = Decline
table-rematchWaiting = You asked for a rematch; waiting for your opponent.
table-toRematch = Go to the rematch
table-ratingChange = { $name }: { $before } → { $after } ({ $change })
table-newGame = New game, same settings
table-closed = The game ended here: every player had left, and the computer does not play on alone.
table-tooShortToRate = Not rated: the game ended before both players had made two moves.
invite-waiting = Waiting for your opponent.
invite-sendLink = Send them this link:
invite-take = Take the empty seat
table-viewing = Showing move { $step } of { $total }.
table-takebackAsked = { $name } asks to take back their last move.
table-rematchOffered = { $name } asks for a rematch, with the sides swapped.
table-rematchDeclined = { $name } declined the rematch.
invite-from = { $name } invites you to play { $game }.
invite-terms = You would play { $side ->
    [white] White
    [black] Black
    [blue] Blue
   *[red] Red
  }; time control: { $clock }.
duel-computer = Computer level { $level }
# the computer's one name on every page, whatever the game (text.js, seatName), as the levels
# are offered (form-computerLevel); several computers of one level at a table are numbered
seat-computerN = Computer { $n }, level { $level }
# a move said to a screen reader: a piece or token and its squares
say-moved = { $piece } from { $from } to { $to }
# a common clock's speed, as the rating pools count it
clock-speed = { $speed ->
    [ultrabullet] UltraBullet
    [bullet] Bullet
    [blitz] Blitz
    [rapid] Rapid
    [correspondence] Correspondence
   *[classical] Classical
  }
line-start = the start, then { $total } { $total ->
    [one] move
   *[other] moves
  }
line-step = move { $step } of { $total }: { $move }

## replays
replay-link = Replay
replay-first = First step
replay-prev = Step back
replay-next = Step forward
replay-last = Last step
replay-play = Play
replay-pause = Pause
replay-copyLink = Link to this step
replay-timer = time ran out
replay-closed = the game was closed: every player had left
replay-act-retry = retry from the start
replay-act-next = next card
replay-act-abandon = the run is abandoned
replay-title = Replay: { $game }
replay-players = { $players }
replay-step = step { $step } of { $total }
replay-querniTurn = { $side ->
    [blue] Blue
   *[red] Red
  }: { $turn }
replay-chessMove = { $side ->
    [white] White
   *[black] Black
  }: { $san }
replay-announce = { $name } announces { $bid }
replay-cmMove = { $name } moves { $mv }
replay-soloMove = move { $mv }
replay-card = card { $card } { $action }
replay-act-place = { $name } places a piece
replay-act-unplace = { $name } takes a piece back
replay-act-resign = { $name } resigns
replay-act-offer_draw = { $name } offers a draw
replay-act-offer_takeback = { $name } asks for a takeback
replay-act-accept_takeback = { $name } allows the takeback
replay-act-decline_takeback = { $name } refuses the takeback
replay-act-stop = { $name } stops
replay-act-give_up = { $name } gives up
replay-act-challenge = { $name } challenges
replay-act-accept = { $name } lets the announcer play
# correspondence games: days a move, the time left in days, the "your turn" list
clock-correspondence = Days a move
clock-days = { $days ->
    [one] 1 day a move
   *[other] { $days } days a move
  }
clock-daysLeft = { $days } d { $hours } h
turns-title = Your turn
turns-line = against { $name }, { $time } left
turns-count = { $count ->
    [one] Your turn in one game
   *[other] Your turn in { $count } games
  }
# on a phone the panels beside the board take turns as tabs (tabs.js)
tabs-panels = What the panel shows
tabs-game = Game
tabs-position = Position
