# A player's games: the search, the list and the downloads (web/player-games.js)
games-title = { $name }'s games
games-profile = Back to { $name }'s profile
games-all = All games and search
games-filters = Search the games
games-any = Any
games-game = Game
games-variant = Variant
games-result = Result
games-color = Colour
games-white = White
games-black = Black
games-opponent = Opponent
games-rated = Rated
games-speed = Time control
games-since = From
games-until = To
games-search = Search
games-clear = Clear
games-more = More games
games-none = No game matches.
games-shown = { $count ->
    [one] { $count } game shown
   *[other] { $count } games shown
}
games-against = against { $names }
games-as-white = with White
games-as-black = with Black
games-accuracy = accuracy { $accuracy }%
games-downloadPgn = Download these games (PGN)
games-downloadJson = Download all games (JSON lines)
games-downloadJsonShown = Download these games (JSON lines)
