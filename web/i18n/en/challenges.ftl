# Challenges: the dialog that challenges a player, and the header's bell.
challenge-button = Challenge
challenge-title = Challenge { $name }
challenge-side = Your side
challenge-sideRandom = Either
challenge-sideFirst = Moves first
challenge-sideSecond = Moves second
challenge-ratedLabel = Rated (the game moves ratings)
challenge-send = Send the challenge
challenge-sent = Challenge sent to { $name }.
challenge-incoming = { $name } challenges you: see the bell.
challenge-bell = { $count ->
    [0] Challenges: none waiting
    [one] Challenges: one waiting
   *[other] Challenges: { $count } waiting
}
challenge-title-list = Challenges
challenge-none = No challenges. Challenge a player from their profile or your friends list.
challenge-from = { $name } challenges you
challenge-to = You challenge { $name }
challenge-rated = rated
challenge-casual = casual
challenge-accept = Accept
challenge-decline = Decline
challenge-cancel = Cancel it
challenge-play = Play
challenge-close = Close
challenge-status-accepted = accepted
challenge-status-declined = declined
challenge-status-cancelled = cancelled
challenge-status-expired = expired
