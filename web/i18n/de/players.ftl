# Spieler: das Konto, Profile, Ranglisten, die Lobby, das Tagesrätsel und die Ablehnungen des
# Servers in Worten (nach ihrer Art; der Server selbst schreibt Englisch).

account-title = Dein Konto: { $name }
account-signInOrUp = Anmelden oder registrieren
account-lead = Ein Konto ist freiwillig: Gäste spielen jedes Spiel mit einem Spielernamen. Mit Konto folgen dir deine Partien und Wertungen in jeden Browser, und du kannst in der Lobby gewertete Partien spielen. Die Partien, die du in diesem Browser als Gast gespielt hast, werden deine.
account-username = Benutzername (3 bis 20 Buchstaben, Ziffern, _ oder -)
account-password = Passwort (mindestens 8 Zeichen)
account-passwordShort = Passwort
account-logIn = Anmelden
account-signUp = Registrieren
account-signedIn = Angemeldet
account-signedInClaimed = Angemeldet; { $count ->
    [one] { $count } Partie aus diesem Browser gehört jetzt dir
   *[other] { $count } Partien aus diesem Browser gehören jetzt dir
  }
account-profile = Dein Profil
account-logOut = Abmelden
account-logOutEverywhere = Überall abmelden
account-sessionsEnded = { $count ->
    [one] { $count } Sitzung beendet
   *[other] { $count } Sitzungen beendet
  }
account-changePassword = Passwort ändern
account-currentPassword = Aktuelles Passwort
account-newPassword = Neues Passwort
account-change = Ändern
account-passwordChanged = Passwort geändert; deine anderen Sitzungen sind beendet
account-delete = Konto löschen
account-deleteExplain = Deine Partien bleiben, als von einem gelöschten Spieler gespielt; Wertungen und Name verschwinden.
account-deleteMine = Mein Konto löschen
account-deleted = Das Konto ist gelöscht
account-wrongLogin = Falscher Name oder falsches Passwort.
account-wrongPassword = Das Passwort ist falsch.
account-nameTaken = Dieser Name ist vergeben; wähl einen anderen.
account-badInput = Der Name hat 3 bis 20 Buchstaben, Ziffern, _ oder -; das Passwort mindestens 8 Zeichen.
account-slowDown = Zu viele Versuche: Warte { $s } s und versuch es noch einmal.

profile-ratingHistory = Wertungsverlauf
profile-won = gewonnen
profile-lost = verloren
profile-drawn = remis
profile-place = Platz { $place } von { $players }
profile-since = Spielt seit { $date }
profile-ratings = Wertungen
profile-ratedGames = { $count ->
    [one] { $count } gewertete Partie
   *[other] { $count } gewertete Partien
  }{ $provisional ->
    [yes] {" · vorläufig"}
   *[no] {""}
  }
profile-noRated = Noch keine gewerteten Partien.
profile-games = Partien
profile-game = Spiel
profile-played = Gespielt
profile-wonCol = Gewonnen
profile-drawnCol = Remis
profile-lostCol = Verloren
profile-rated = gewertet
profile-casual = ungewertet
profile-noSuchPlayer = Es gibt keinen Spieler mit diesem Namen.

board-pool = Wertungsgruppe
board-rating = Wertung
board-games = Partien
board-nobody = Hier hat noch niemand eine Wertung.
board-poolOption = { $pool }: { $players } { $players ->
    [one] Spieler
   *[other] Spieler
  }
board-none = Noch hat niemand eine gewertete Partie gespielt. Gewertet wird zwischen angemeldeten Spielern: Melde dich an und such dir in der Lobby einen Gegner für eine gewertete Partie.
board-signIn = Anmelden oder registrieren
board-findRated = Gegner für eine gewertete Partie finden
pool = { $game ->
    [checkmates] Drei mal Drei
    [royal] The Royal Study
    [querni] Querni
    [quickchess] QuickChess
   *[chess] Schach
  }{ $speed ->
    [untimed] {", ohne Uhr"}
    [ultrabullet] {", UltraBullet"}
    [bullet] {", Bullet"}
    [blitz] {", Blitz"}
    [rapid] {", Schnellschach"}
    [classical] {", klassisch"}
   *[none] {""}
  }

lobby-title = Lobby
lobby-find = Gegner finden
lobby-chess8x8 = Schach (8x8)
lobby-game = Spiel
lobby-variant = Variante
lobby-rated = Gewertet
lobby-ratedSignIn = Gewertet (erst anmelden)
lobby-near = Nur Gegner mit höchstens 200 Punkten Abstand zu meiner Wertung
lobby-seek = Partie suchen
lobby-seekPlaced = Dein Gesuch steht in der Lobby; lass diese Seite offen
lobby-quick = Schnelle Paarung
lobby-nobodyWaiting = Niemand wartete auf dieses Spiel: Dein Gesuch steht in der Lobby
lobby-ratedPool = Gewertet · { $pool }
lobby-casual = Ungewertet
lobby-seeks = Offene Gesuche
lobby-noSeeks = Gerade sucht niemand eine Partie: Stell ein Gesuch ein, es wartet hier auf einen Gegner.
lobby-tables = Drei-mal-Drei-Tische mit freien Plätzen
lobby-hostTable = Tisch von { $name }
lobby-seats = { $seats } von { $max } Plätzen besetzt
lobby-playing = Laufende Partien
lobby-versus = { $a } gegen { $b }
lobby-noGames = Gerade wird keine Partie gespielt.
lobby-paired = Dein Gesuch wurde angenommen: Die Partie beginnt
lobby-moreSeeks = { $count ->
    [one] und ein weiteres Gesuch, sichtbar, sobald eines von diesen geht
   *[other] und { $count } weitere Gesuche, sichtbar, sobald diese gehen
}
player-registered = Registrierter Spieler

daily-puzzle-checkmates-sliding = Drei mal Drei, Schiebeseite
daily-puzzle-checkmates-chess = Drei mal Drei, Schachseite
daily-puzzle-royal-1 = The Royal Study, Stufe 1
daily-puzzle-royal-2 = The Royal Study, Stufe 2
daily-puzzle-royal-3 = The Royal Study, Stufe 3
daily-lead = { $day }, { $weekday }: fünf Rätsel, für alle gleich, im Lauf der Woche schwerer. Deine Zeit läuft ab dem Öffnen; zuerst zählen die wenigsten Züge, dann die Zeit.
daily-streak = Deine Serie: { $days ->
    [one] { $days } Tag
   *[other] { $days } Tage
  } in Folge.
daily-noStreak = Löse heute eines, um eine Serie zu beginnen.
daily-solved = Gelöst in { $moves ->
    [one] { $moves } Zug
   *[other] { $moves } Zügen
  }, { $time }{ $best ->
    [yes] : besser geht es nicht.
   *[no] ; das Beste ist { $optimum }.
  }
daily-start = Starten (die Uhr läuft sofort)
daily-bestPossible = Bestmöglich: { $optimum }. Bisher gelöst von { $solvers }.
daily-yesterday = Gestern ({ $day })
daily-yesterdayMoves = { $moves ->
    [one] { $moves } Zug:
   *[other] { $moves } Züge:
  }
daily-target = Ziel
daily-targetLabel = Ziel { $layout }
daily-boardLabel = Feld { $layout }
daily-soFar = { $count ->
    [one] Bisher { $count } Zug
   *[other] Bisher { $count } Züge
  }; das Beste ist { $optimum }.
daily-movesCol = Züge
daily-undo = Rückgängig
daily-startAgain = Neu beginnen
daily-guest = Gast
daily-nobody = Heute hat es noch niemand gelöst.

net-seatRemoved = Der Gastgeber hat deinen Platz entfernt: Du schaust jetzt zu.
net-seatMoved = Du spielst jetzt auf Platz { $seat }.
error-bad_input = Der Server konnte diese Anfrage nicht lesen.
error-unauthorized = Melde dich zuerst an.
error-forbidden = Das darfst du hier nicht.
error-not_found = Diese Partie oder Seite gibt es nicht.
error-conflict = Das geht gerade nicht: Die Partie ist schon weiter.
error-timeout = Die Anfrage kam zu langsam an: Versuche es noch einmal.
error-too_large = Das ist zu groß zum Senden.
error-refused = Die Regeln erlauben das nicht.
error-rate_limited = Zu viele Anfragen: Warte { $s } s und versuch es noch einmal.
error-unavailable = Der Server ist ausgelastet: Versuch es in { $s } s noch einmal.
error-internal = Der Server konnte das nicht ausführen; der Fehler wurde protokolliert.
