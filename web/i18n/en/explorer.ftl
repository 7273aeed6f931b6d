# The opening explorer (explorer.js): what was played from a position in Tabula's games.

explorer-title = Opening explorer
explorer-filters = Filters
explorer-ratedOnly = Rated games only
explorer-band = Players' mean rating
explorer-bandAll = Every rating
explorer-bandRange = Mean rating { $range }
explorer-speeds = Speeds
explorer-speed-ultrabullet = UltraBullet
explorer-speed-bullet = Bullet
explorer-speed-blitz = Blitz
explorer-speed-rapid = Rapid
explorer-speed-classical = Classical
explorer-speed-correspondence = Correspondence
explorer-speed-untimed = No clock
explorer-speed-computer = Against the computer
explorer-player = One player's games
explorer-playerPlaceholder = Player's name (optional)
explorer-color = The player's colour
explorer-asWhite = as White
explorer-asBlack = as Black
explorer-engine = The engine's evaluation of each move
explorer-noSpeed = Choose at least one speed.
explorer-games = { $games ->
    [one] 1 game
   *[other] { $games } games
  }
explorer-score = White won { $white }%, draws { $draws }%, Black won { $black }%
explorer-none = No game of these has reached this position yet.
explorer-recent = Latest games
explorer-recentGame = { $white } – { $black }, { $result } ({ $move })
explorer-rating = mean rating { $rating }
explorer-engineCp = engine { $score }
explorer-engineMate = engine: mate in { $moves }
explorer-play = Play { $move } ({ $games ->
    [one] 1 game
   *[other] { $games } games
  })
# the explorer's tab on a phone (tabs.js)
explorer-tab = Explorer
