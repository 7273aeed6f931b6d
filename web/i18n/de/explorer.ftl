# Der Eröffnungsbaum (explorer.js): was in Tabulas Partien aus einer Stellung gespielt wurde.

explorer-title = Eröffnungsbaum
explorer-filters = Filter
explorer-ratedOnly = Nur gewertete Partien
explorer-band = Mittlere Wertung der Spieler
explorer-bandAll = Jede Wertung
explorer-bandRange = Mittlere Wertung { $range }
explorer-speeds = Bedenkzeit
explorer-speed-ultrabullet = UltraBullet
explorer-speed-bullet = Bullet
explorer-speed-blitz = Blitz
explorer-speed-rapid = Schnellschach
explorer-speed-classical = Klassisch
explorer-speed-correspondence = Fernschach
explorer-speed-untimed = Ohne Uhr
explorer-speed-computer = Gegen den Computer
explorer-player = Partien eines Spielers
explorer-playerPlaceholder = Name des Spielers (freiwillig)
explorer-color = Farbe des Spielers
explorer-asWhite = mit Weiß
explorer-asBlack = mit Schwarz
explorer-engine = Bewertung jedes Zuges durch die Engine
explorer-noSpeed = Wähle mindestens eine Bedenkzeit.
explorer-games = { $games ->
    [one] 1 Partie
   *[other] { $games } Partien
  }
explorer-score = Weiß gewann { $white } %, Remis { $draws } %, Schwarz gewann { $black } %
explorer-none = Noch keine solche Partie hat diese Stellung erreicht.
explorer-recent = Letzte Partien
explorer-recentGame = { $white } – { $black }, { $result } ({ $move })
explorer-rating = mittlere Wertung { $rating }
explorer-engineCp = Engine { $score }
explorer-engineMate = Engine: Matt in { $moves }
explorer-play = { $move } spielen ({ $games ->
    [one] 1 Partie
   *[other] { $games } Partien
  })
# the explorer's tab on a phone (tabs.js)
explorer-tab = Eröffnungen
