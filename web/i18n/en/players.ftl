# Players: the account page, profiles, leaderboards, the lobby, the daily puzzle, and the
# server's refusals in words (by their kind; in English the server's own words are shown).

account-title = Your account: { $name }
account-signInOrUp = Sign in or sign up
account-lead = An account is optional: guests play every game with a nickname. With one, your games and ratings follow you to any browser, and you can play rated games in the lobby. The games you played in this browser as a guest become yours.
account-username = Username (3 to 20 letters, digits, _ or -)
account-password = Password (at least 8 characters)
account-passwordShort = Password
account-logIn = Log in
account-signUp = Sign up
account-signedIn = Signed in
account-signedInClaimed = Signed in; { $count ->
    [one] { $count } game of this browser is now yours
   *[other] { $count } games of this browser are now yours
  }
account-profile = Your profile
account-logOut = Log out
account-logOutEverywhere = Log out everywhere
account-sessionsEnded = { $count ->
    [one] { $count } session ended
   *[other] { $count } sessions ended
  }
account-changePassword = Change the password
account-currentPassword = Current password
account-newPassword = New password
account-change = Change
account-passwordChanged = Password changed; your other sessions have ended
account-delete = Delete the account
account-deleteExplain = Your games stay, shown as played by a deleted player; your ratings and name go.
account-deleteMine = Delete my account
account-deleted = The account is deleted
account-wrongLogin = Wrong name or password.
account-wrongPassword = The password is wrong.
account-nameTaken = This name is taken; choose another.
account-badInput = The name takes 3 to 20 letters, digits, _ or -; the password at least 8 characters.
account-slowDown = Too many tries: wait { $s } s and try again.

profile-ratingHistory = rating history
profile-won = won
profile-lost = lost
profile-drawn = drawn
profile-place = place { $place } of { $players }
profile-since = Playing since { $date }
profile-ratings = Ratings
profile-ratedGames = { $count ->
    [one] { $count } rated game
   *[other] { $count } rated games
  }{ $provisional ->
    [yes] {" · provisional"}
   *[no] {""}
  }
profile-noRated = No rated games yet.
profile-games = Games
profile-game = Game
profile-played = Played
profile-wonCol = Won
profile-drawnCol = Drawn
profile-lostCol = Lost
profile-rated = rated
profile-casual = casual
profile-noSuchPlayer = No player has this name.

board-pool = Rating pool
board-rating = Rating
board-games = Games
board-nobody = Nobody has a rating here yet.
board-poolOption = { $pool }: { $players } { $players ->
    [one] player
   *[other] players
  }
board-none = Nobody has played a rated game yet. Rated games are played between signed-in players: sign in, then look for a rated opponent in the lobby.
board-signIn = Sign in or sign up
board-findRated = Find a rated opponent
pool = { $game ->
    [checkmates] Check Mates
    [royal] The Royal Study
    [querni] Querni
    [quickchess] QuickChess
   *[chess] Chess
  }{ $speed ->
    [untimed] {" "}untimed
    [ultrabullet] {" "}ultrabullet
    [bullet] {" "}bullet
    [blitz] {" "}blitz
    [rapid] {" "}rapid
    [classical] {" "}classical
    [correspondence] {" "}correspondence
   *[none] {""}
  }

pool-puzzles = { $game ->
    [querni] Querni puzzles
   *[quickchess] QuickChess puzzles
  }

lobby-title = Lobby
lobby-find = Find an opponent
lobby-chess8x8 = Chess (8x8)
lobby-game = Game
lobby-variant = Variant
lobby-rated = Rated
lobby-ratedSignIn = Rated (sign in first)
lobby-near = Only opponents within 200 of my rating
lobby-seek = Seek a game
lobby-seekPlaced = Your seek is in the lobby; keep this page open
lobby-quick = Quick pairing
lobby-nobodyWaiting = Nobody was waiting for this game: your seek is in the lobby
lobby-ratedPool = Rated · { $pool }
lobby-casual = Casual
lobby-seeks = Open seeks
lobby-noSeeks = Nobody is seeking a game right now: seek one, and it waits here for an opponent.
lobby-tables = Check Mates tables to join
lobby-hostTable = { $name }'s table
lobby-seats = { $seats } of { $max } seats taken
lobby-playing = Playing now
lobby-versus = { $a } vs { $b }
lobby-noGames = No game is being played right now.
lobby-paired = Your seek was taken: the game begins
lobby-moreSeeks = { $count ->
    [one] and one more seek, shown when one of these goes
   *[other] and { $count } more seeks, shown as these go
}
player-registered = Registered player

daily-puzzle-checkmates-sliding = Check Mates, sliding side
daily-puzzle-checkmates-chess = Check Mates, chess side
daily-puzzle-royal-1 = The Royal Study, level 1
daily-puzzle-royal-2 = The Royal Study, level 2
daily-puzzle-royal-3 = The Royal Study, level 3
daily-lead = { $day }, { $weekday }: five puzzles, the same for everyone, harder through the week. Your time runs from when you open one; fewest moves first, then the quickest.
daily-streak = Your streak: { $days ->
    [one] { $days } day
   *[other] { $days } days
  } in a row.
daily-noStreak = Solve one today to start a streak.
# $game (checkmates or royal) matters in Russian: the Russian edition of Check Mates counts
# movements of tokens (движения), The Royal Study chess moves (ходы).
daily-solved = Solved in { $game ->
   *[any] { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }
  }, { $time }{ $best ->
    [yes] : the best possible.
   *[no] ; the best is { $optimum }.
  }
daily-start = Start (the clock starts now)
daily-bestPossible = Best possible: { $optimum }. Solved by { $solvers } so far.
daily-yesterday = Yesterday ({ $day })
daily-yesterdayMoves = { $game ->
   *[any] { $moves ->
        [one] { $moves } move:
       *[other] { $moves } moves:
    }
  }
daily-target = Target
daily-targetLabel = target { $layout }
daily-boardLabel = board { $layout }
daily-soFar = { $game ->
   *[any] { $count ->
        [one] { $count } move so far
       *[other] { $count } moves so far
    }
  }; the best is { $optimum }.
daily-movesCol = { $game ->
   *[any] Moves
  }
daily-undo = Undo
daily-startAgain = Start again
daily-guest = Guest
daily-nobody = Nobody has solved it yet today.

net-seatRemoved = The host removed your seat: you are watching now.
net-seatMoved = You now play seat { $seat }.
error-bad_input = The server could not read this request.
error-unauthorized = Sign in first.
error-forbidden = You may not do this here.
error-not_found = There is no such game or page.
error-conflict = This cannot be done now: the game has moved on.
error-timeout = The request took too long to arrive: try again.
error-too_large = This is too large to send.
error-refused = The rules do not allow this.
error-rate_limited = Too many requests: wait { $s } s and try again.
error-unavailable = The server is busy: try again in { $s } s.
error-internal = The server failed to do this; it has been logged.

# Puzzles (/puzzles): QuickChess and Querni positions where one move, or a short line, is
# best; a puzzle rating per game; a streak of harder and harder puzzles.
puzzles-title = Puzzles
puzzles-lead = Positions where one move, or a short line of moves, is best: find it. Each puzzle has a rating, and so do you: a puzzle solved raises yours, a miss lowers it.
puzzles-game = Game
puzzles-theme = Theme
puzzles-mode = Mode
puzzles-themeAll = All themes
puzzles-mode-rated = Rated: near your rating
puzzles-mode-streak = Streak: harder each time
puzzles-rating = Your puzzle rating: { $rating }
puzzles-guestNote = (kept in this browser: sign in to keep it in your account)
puzzles-tried = { $solved } solved of { $tried } tried
puzzles-streak = Streak: { $count }
puzzles-best = Best: { $count }
puzzles-findMove = Find the best move for { $side ->
    [white] White
   *[black] Black
  }.
puzzles-findTurn = { $side ->
    [blue] Blue
   *[red] Red
  } to play: find the best turn.
puzzles-moves = { $count ->
    [one] You make one move.
   *[other] You make { $count } moves; the opponent replies in between.
  }
puzzles-goodMove = Good move.
puzzles-replied = Good move. { $side ->
    [white] White
   *[black] Black
  } replied { $move }: your move again.
puzzles-solved = Solved!
puzzles-wrong = Not the best move.
puzzles-expectedMove = The best was { $move }.
puzzles-expectedTurn = The best was: { $turn }.
puzzles-ratingChange = Your rating: { $before } → { $after } ({ $change }).
puzzles-notRated = Your rating did not change: you had tried this puzzle before.
puzzles-notRated-seen = Not rated: this puzzle's solution was shown on this network or in this browser today.
puzzles-notRated-limit = Not rated: you have used today's rated puzzles. Keep solving; ratings move again tomorrow.
puzzles-puzzleRating = The puzzle's rating: { $rating }
puzzles-themes = Themes:
puzzles-next = Next puzzle
puzzles-showSolution = Show the solution
puzzles-solution = The solution
puzzles-solutionShown = The solution, played from the puzzle's position.
puzzles-stepFirst = The puzzle's position
puzzles-stepBack = The solution's previous move
puzzles-stepForward = The solution's next move
puzzles-streakOver = The streak is over: { $count } solved in a row.
puzzles-startAgain = Start again
puzzles-none = No puzzle is left to try here: choose another theme or game.
puzzles-tryAgain = Try again
puzzles-theme-mate-in-1 = Mate in 1
puzzles-theme-mate-in-2 = Mate in 2
puzzles-theme-mate-in-3 = Mate in 3
puzzles-theme-mate = Mate
puzzles-theme-fork = Fork
puzzles-theme-hanging-piece = Hanging piece
puzzles-theme-promotion = Promotion
puzzles-theme-rescue = Rescue
puzzles-theme-endgame = Endgame
puzzles-theme-defence = Defence
puzzles-theme-advantage = Advantage
puzzles-theme-win-at-once = Win at once
puzzles-theme-avoid-stranding = Avoid stranding

## An error's cause (the server's `cause`), where the language is not English: more exact
## than its kind above. English pages show the server's own words.
cause-sign_in = Sign in first.
cause-wrong_credentials = Wrong name or password.
cause-wrong_password = The password is wrong.
cause-bad_username = A name has 3 to 20 letters a-z, digits, _ and -, and starts with a letter or a digit.
cause-bad_password = A password has 8 to 128 characters.
cause-name_taken = This name is taken: choose another.
cause-bad_text = This text is empty, too long or holds words that are not allowed here.
cause-illegal = The rules do not allow this move.
cause-spectator = You are watching this game: take a seat to play.
cause-no_seat = This link belongs to no seat of this game.
cause-not_host = Only the host changes the table.
cause-blocked = One of you blocks the other.
cause-blocking = You block this player: unblock them first.
cause-guest_rated = Sign in to play rated games (guests play casual ones).
cause-bot_rated = Games against the computer are casual.
cause-same_address = Two accounts from one address cannot play a rated game together.
cause-seats_full = Every seat is taken: you can watch.
cause-game_started = The game has started: you can watch it.
cause-game_over = The game is over.
cause-already_seated = You already have a seat at this game.
cause-no_game = There is no such game.
cause-no_player = There is no such player.
cause-no_puzzle = There is no puzzle left to try here.
cause-muted = A moderator has muted you.
cause-account_banned = A moderator has banned this account.
cause-address_banned = A moderator has banned your address from playing.
cause-too_many = You have as many open as you may: close one first.
cause-lobby_closed = Open the lobby first.
cause-own_seek = This is your own seek.
cause-pairing = This seek is for other players or ratings.
cause-settled = This challenge was answered or has expired.
cause-tournament_state = This tournament cannot be joined or left now.
cause-takeback = Takebacks are for casual games.
cause-yourself = That is you.
cause-moved = The game moved to another server: reconnecting.
cause-room_full = This game has too many windows open: close one and try again.
