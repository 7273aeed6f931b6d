# Die Partien eines Spielers: Suche, Liste und Downloads (web/player-games.js)
games-title = Partien von { $name }
games-profile = Zurück zum Profil von { $name }
games-all = Alle Partien und Suche
games-filters = Partien durchsuchen
games-any = Alle
games-game = Spiel
games-variant = Variante
games-result = Ergebnis
games-color = Farbe
games-white = Weiß
games-black = Schwarz
games-opponent = Gegner
games-rated = Gewertet
games-speed = Bedenkzeit
games-since = Von
games-until = Bis
games-search = Suchen
games-clear = Zurücksetzen
games-more = Weitere Partien
games-none = Keine Partie passt.
games-shown = { $count ->
    [one] { $count } Partie angezeigt
   *[other] { $count } Partien angezeigt
}
games-against = gegen { $names }
games-as-white = mit Weiß
games-as-black = mit Schwarz
games-accuracy = Genauigkeit { $accuracy } %
games-downloadPgn = Diese Partien herunterladen (PGN)
games-downloadJson = Alle Partien herunterladen (JSON Lines)
games-downloadJsonShown = Diese Partien herunterladen (JSON Lines)
