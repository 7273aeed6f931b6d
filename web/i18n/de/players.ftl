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
    [correspondence] {", Fernpartie"}
   *[none] {""}
  }

pool-puzzles = { $game ->
    [querni] Querni-Rätsel
   *[quickchess] QuickChess-Rätsel
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

# Rätsel (/puzzles): Stellungen aus QuickChess und Querni, in denen ein Zug oder eine kurze
# Zugfolge am besten ist; eine Rätselwertung je Spiel; eine Serie immer schwererer Rätsel.
puzzles-title = Rätsel
puzzles-lead = Stellungen, in denen ein Zug oder eine kurze Zugfolge am besten ist: Finde sie. Jedes Rätsel hat eine Wertung, und du auch: Ein gelöstes Rätsel hebt deine, ein Fehlgriff senkt sie.
puzzles-game = Spiel
puzzles-theme = Thema
puzzles-mode = Modus
puzzles-themeAll = Alle Themen
puzzles-mode-rated = Gewertet: passend zu dir
puzzles-mode-streak = Serie: jedes Mal schwerer
puzzles-rating = Deine Rätselwertung: { $rating }
puzzles-guestNote = (in diesem Browser gespeichert: Melde dich an, um sie in deinem Konto zu behalten)
puzzles-tried = { $solved } von { $tried } gelöst
puzzles-streak = Serie: { $count }
puzzles-best = Bestwert: { $count }
puzzles-findMove = Finde den besten Zug für { $side ->
    [white] Weiß
   *[black] Schwarz
  }.
puzzles-findTurn = { $side ->
    [blue] Blau
   *[red] Rot
  } ist am Zug: Finde den besten Zug.
puzzles-moves = { $count ->
    [one] Du machst einen Zug.
   *[other] Du machst { $count } Züge; der Gegner antwortet dazwischen.
  }
puzzles-goodMove = Guter Zug.
puzzles-replied = Guter Zug. { $side ->
    [white] Weiß
   *[black] Schwarz
  } hat mit { $move } geantwortet: Du bist wieder am Zug.
puzzles-solved = Gelöst!
puzzles-wrong = Das ist nicht der beste Zug.
puzzles-expectedMove = Am besten war { $move }.
puzzles-expectedTurn = Am besten war: { $turn }.
puzzles-ratingChange = Deine Wertung: { $before } → { $after } ({ $change }).
puzzles-notRated = Deine Wertung bleibt gleich: Du hast dieses Rätsel schon einmal versucht.
puzzles-notRated-seen = Nicht gewertet: Die Lösung dieses Rätsels wurde heute in diesem Netz oder Browser schon gezeigt.
puzzles-notRated-limit = Nicht gewertet: Die gewerteten Rätsel für heute sind aufgebraucht. Löse weiter; morgen zählt es wieder.
puzzles-puzzleRating = Wertung des Rätsels: { $rating }
puzzles-themes = Themen:
puzzles-next = Nächstes Rätsel
puzzles-showSolution = Lösung zeigen
puzzles-solution = Die Lösung
puzzles-solutionShown = Die Lösung, von der Stellung des Rätsels an gespielt.
puzzles-stepFirst = Die Stellung des Rätsels
puzzles-stepBack = Voriger Zug der Lösung
puzzles-stepForward = Nächster Zug der Lösung
puzzles-streakOver = Die Serie ist vorbei: { $count } in Folge gelöst.
puzzles-startAgain = Neu beginnen
puzzles-none = Hier ist kein Rätsel mehr übrig: Wähle ein anderes Thema oder Spiel.
puzzles-tryAgain = Noch einmal versuchen
puzzles-theme-mate-in-1 = Matt in 1
puzzles-theme-mate-in-2 = Matt in 2
puzzles-theme-mate-in-3 = Matt in 3
puzzles-theme-mate = Matt
puzzles-theme-fork = Gabel
puzzles-theme-hanging-piece = Hängende Figur
puzzles-theme-promotion = Umwandlung
puzzles-theme-rescue = Rettung
puzzles-theme-endgame = Endspiel
puzzles-theme-defence = Verteidigung
puzzles-theme-advantage = Vorteil
puzzles-theme-win-at-once = Sofortiger Sieg
puzzles-theme-avoid-stranding = Keine Zahlen zurücklassen

## Die Ursache eines Fehlers (`cause` des Servers), wenn die Sprache nicht Englisch ist:
## genauer als seine Art oben.
cause-sign_in = Melde dich zuerst an.
cause-wrong_credentials = Falscher Name oder falsches Passwort.
cause-wrong_password = Das Passwort ist falsch.
cause-bad_username = Ein Name hat 3 bis 20 Zeichen: Buchstaben a-z, Ziffern, _ und -, und beginnt mit einem Buchstaben oder einer Ziffer.
cause-bad_password = Ein Passwort hat 8 bis 128 Zeichen.
cause-name_taken = Dieser Name ist vergeben: Wähle einen anderen.
cause-bad_text = Der Text ist leer, zu lang oder enthält Wörter, die hier nicht erlaubt sind.
cause-illegal = Die Regeln erlauben diesen Zug nicht.
cause-spectator = Du schaust dieser Partie zu: Nimm einen Platz, um zu spielen.
cause-no_seat = Dieser Link gehört zu keinem Platz dieser Partie.
cause-not_host = Nur der Gastgeber ändert den Tisch.
cause-blocked = Einer von euch blockiert den anderen.
cause-blocking = Du blockierst diesen Spieler: Hebe die Blockierung zuerst auf.
cause-guest_rated = Melde dich an, um gewertete Partien zu spielen (Gäste spielen ungewertete).
cause-bot_rated = Partien gegen den Computer sind ungewertet.
cause-same_address = Zwei Konten einer Adresse spielen keine gewertete Partie gegeneinander.
cause-seats_full = Alle Plätze sind besetzt: Du kannst zuschauen.
cause-game_started = Die Partie hat begonnen: Du kannst zuschauen.
cause-game_over = Die Partie ist vorbei.
cause-already_seated = Du hast schon einen Platz in dieser Partie.
cause-no_game = Diese Partie gibt es nicht.
cause-no_player = Diesen Spieler gibt es nicht.
cause-no_puzzle = Hier ist keine Aufgabe mehr übrig.
cause-muted = Ein Moderator hat dich stummgeschaltet.
cause-account_banned = Ein Moderator hat dieses Konto gesperrt.
cause-address_banned = Ein Moderator hat deine Adresse vom Spielen ausgeschlossen.
cause-too_many = Du hast so viele offen, wie du darfst: Schließe zuerst eines.
cause-lobby_closed = Öffne zuerst die Lobby.
cause-own_seek = Das ist dein eigenes Gesuch.
cause-pairing = Dieses Gesuch ist für andere Spieler oder Wertungen.
cause-settled = Diese Herausforderung wurde schon beantwortet oder ist abgelaufen.
cause-tournament_state = Diesem Turnier kann man jetzt weder beitreten noch es verlassen.
cause-takeback = Zurücknehmen gibt es nur in ungewerteten Partien.
cause-yourself = Das bist du.
cause-moved = Die Partie ist auf einen anderen Server gewechselt: Verbindung wird neu aufgebaut.
cause-room_full = Diese Partie ist in zu vielen Fenstern offen: Schließe eines und versuche es noch einmal.
