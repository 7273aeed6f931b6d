# Der Rahmen jeder Seite: Kopfzeile, Einstellungen, gemeinsame Wörter (Figuren, Seiten, Formulare, Brett, Uhren), die Startseite.

nav-checkmates = Drei mal Drei
nav-royal = The Royal Study
nav-querni = Querni
nav-quickchess = QuickChess
nav-solver = Löser
nav-daily = Tagesrätsel
nav-puzzles = Rätsel
nav-signIn = Anmelden
notFound-title = Nicht gefunden
notFound-back = Zurück zu Tabula
game-checkmates = Drei mal Drei
game-royal = The Royal Study
game-querni = Querni
game-quickchess = QuickChess
prefs-theme-auto = Farben: wie das System (drücken für dunkel)
prefs-theme-dark = Farben: dunkel (drücken für hell)
prefs-theme-light = Farben: hell (drücken, um dem System zu folgen)
prefs-soundOn = Ton an (drücken zum Stummschalten)
prefs-soundOff = Ton aus (drücken für Ton)
net-reconnecting = Verbindung verloren: wird wiederhergestellt…
net-restarting = Der Server startet neu: gleich geht es weiter…
net-notConnected = Noch nicht verbunden; bitte gleich noch einmal versuchen
net-lost = Die Verbindung brach ab, bevor der Server antwortete; bitte noch einmal versuchen
nav-menu = Menü
net-offline = Du bist offline: schon geöffnete Seiten funktionieren weiter.
net-offlineGame = Du bist offline: deine Züge kommen wieder an, sobald die Verbindung zurück ist.
net-pageFailed = Diese Seite wurde nicht geladen: prüfe die Verbindung und öffne sie erneut.
share-copy = Kopieren
share-copied = Link kopiert
share-game = Link zu dieser Partie:
share-gameOrWatch = Link zu dieser Partie (zum Zuschauen oder für deinen Gegner):
dialog-cancel = Abbrechen
side-white = Weiß
side-black = Schwarz
side-blue = Blau
side-red = Rot
piece-p = Bauer
piece-n = Springer
piece-b = Läufer
piece-r = Turm
piece-q = Dame
piece-k = König
form-nickname = Dein Spielername
form-defaultName = Spieler
form-level = Computerstufe
form-color = Deine Seite
form-playComputer = Gegen den Computer
form-playFriend = Online mit Freunden
form-oneScreen = Zu zweit an einem Bildschirm
prefs-language = Sprache
game-oneScreen = { $game } an einem Bildschirm
game-kind-checkmates-solo = Drei mal Drei, Solo-Lauf
game-kind-checkmates-party = Drei mal Drei, Partie in der Runde
game-kind-royal-solo = The Royal Study, solo
game-kind-royal-match = The Royal Study, Match
game-kind-querni = Querni
game-kind-querni-local = Querni an einem Bildschirm
piece-colored = { $piece ->
    [q] { $color ->
        [white] weiße
       *[black] schwarze
    } Dame
   *[other] { $color ->
        [white] weißer
       *[black] schwarzer
    } { $piece ->
        [p] Bauer
        [n] Springer
        [b] Läufer
        [r] Turm
       *[k] König
    }
  }
token-b = blauer Spielstein
token-r = roter Spielstein
token-g = grüner Spielstein
token-j = Joker
token-kingJoker = König (der Joker)
need-sliding-b = braucht Blau
need-sliding-r = braucht Rot
need-sliding-g = braucht Grün
need-chess-R = braucht einen Turm
need-chess-N = braucht einen Springer
need-chess-Q = braucht eine Dame
need-chess-w = braucht eine weiße Figur
need-chess-b = braucht eine schwarze Figur
form-computerLevel = Computer, Stufe { $level }
form-levelStrongest = Computer, Stufe { $level } (die stärkste)

## das Brett
board-label = Brett
board-role = Spielbrett
board-notYourTurn = Du bist nicht am Zug.
board-square = { $square }, { $piece }
board-empty = { $square }, leer
board-cannotGo = Die Figur auf { $from } kann nicht nach { $to }.
board-noMove = Die Figur auf { $square } hat gerade keinen Zug.

## Uhren
clock-pick = Bedenkzeit
clock-none = Ohne Uhr
clock-custom = Eigene Zeit
clock-untimed = ohne Uhr
clock-minutes = Minuten
clock-increment = Sekunden Zuschlag pro Zug
clock-control = { $minutes }+{ $increment } ({ $minutes } Min., +{ $increment } s pro Zug)
clock-left = { $side ->
    [white] Uhr von Weiß
    [black] Uhr von Schwarz
    [blue] Uhr von Blau
   *[red] Uhr von Rot
  }: { $time }

## die Startseite
home-title = Tabula
home-lead = Vier Spiele auf kleinen Brettern mit exakten Regeln, einem optimalen Löser oder einem Computergegner – gespielt im Browser: allein, gegen den Computer oder mit Freunden per Link.
home-checkmates = Sieben Spielsteine auf einem 3x3-Feld und eine Aufgabenkarte. Rechne im Kopf aus, mit wie wenigen Zügen die Steine zur Karte passen (die Karte darfst du drehen, nicht spiegeln). Sag deine Zahl an; innerhalb von fünf Sekunden darf jeder mit einer kleineren unterbrechen. Wer zuletzt angesagt hat, beweist es auf dem Feld.
home-royal = König, Dame, Turm, Läufer und Springer auf 3x3. Stelle die Aufstellung der Karte mit so wenigen Schachzügen wie möglich her. Auf Stufe 2 darfst du die Karte drehen, auf Stufe 3 auch spiegeln; jede Drehung kostet einen Zug. Ansagen, herausfordern, ausführen: Wer zuerst sechs Punkte hat, gewinnt.
home-querni = Ein Duell nummerierter Steine auf einem 10x7-Brett: ziehen oder springen (über Steine beider Farben, so weit die Sprünge reichen), dann eine Kette aus drei oder mehr deiner aufeinanderfolgenden Zahlen abräumen, die nebeneinander stehen. Räum alle sechzehn ab, aber lass nie Zahlen zurück, die keine Kette mehr bilden können.
home-quickchess = Schach auf 5x6, Figur für Figur gelernt mit den Lernpartien des Hefts (ein Bauer am anderen Rand gewinnt), bis zum vollen QuickChess, in dem ein Bauer am Ende eine verlorene Figur rettet, Verdecktes QuickChess und Schach auf 8x8. Spiel gegen den Computer in acht Stufen, mit Freunden oder analysiere.
home-play = Spielen
home-daily = Das Tagesrätsel
home-leaderboards = Ranglisten
home-howToPlay = So wird gespielt
home-recent = Letzte Partien
home-loading = Wird geladen…
home-noRecent = Noch keine beendeten Partien.
home-recentFailed = Die letzten Partien konnten nicht geladen werden.
home-tagline = Vier Spiele auf kleinen Brettern, online.
home-playNow = Jetzt spielen
home-games = Die Spiele

## what a board shows, for screen readers (the layout is the board in text)
label-position = Stellung { $layout }
label-board = Feld { $layout }
label-task = Aufgabe { $layout }
label-line = Folge { $layout }
label-pieces = Figuren { $layout }
label-card = Karte { $layout }

## the computer's review of a finished game (review.js), and games to take home
review-title = Computeranalyse
review-what = Der Computer geht jeden Zug durch: wie sehr er die Gewinnchancen verändert hat, was er selbst anders gespielt hätte und wie genau beide gespielt haben.
review-ask = Partie analysieren
review-again = Noch einmal versuchen
review-asking = Anfrage an den Computer…
review-waiting = { $place ->
    [1] Wartet auf den Computer: deine Partie ist als Nächste dran.
   *[other] Wartet auf den Computer: deine Partie ist auf Platz { $place } der Warteschlange.
}
review-running = Der Computer analysiert die Partie…
review-tooMany = Es warten schon zwei deiner Partien auf den Computer: warte, bis eine davon analysiert ist.
review-busy = Der Computer hat gerade zu viele Partien zu analysieren: versuch es in { $s } s noch einmal.
review-player = Spieler
review-accuracy = Genauigkeit
review-percent = { $n } %
review-count-inaccuracy = Ungenauigkeiten
review-count-mistake = Fehler
review-count-blunder = Patzer
review-mark-inaccuracy = Ungenauigkeit
review-mark-mistake = Fehler
review-mark-blunder = Patzer
review-graph = { $side ->
    [blue] Gewinnchancen von Blau, Zug für Zug
   *[white] Gewinnchancen von Weiß, Zug für Zug
}
review-atStart = Der Anfang der Partie
review-graphValue = { $mark ->
    [inaccuracy] { $move } { $played }, eine Ungenauigkeit: { $eval }
    [mistake] { $move } { $played }, ein Fehler: { $eval }
    [blunder] { $move } { $played }, ein Patzer: { $eval }
   *[none] { $move } { $played }: { $eval }
}
review-pick = Wähle einen Zug in der Liste oder in der Grafik, um zu sehen, was der Computer davon hält.
review-mateIn = { $side ->
    [white] Weiß setzt in { $moves } { $moves ->
        [one] Zug
       *[other] Zügen
    } matt
   *[black] Schwarz setzt in { $moves } { $moves ->
        [one] Zug
       *[other] Zügen
    } matt
}
review-querniChances = Chancen von Blau: { $percent } %
review-querniDecided = { $side ->
    [blue] Blau hat die Partie gewonnen
   *[red] Rot hat die Partie gewonnen
}
review-best = Besser war { $move }
review-same = Auch der Computer hätte so gespielt
review-showLine = Bessere Fortsetzung zeigen
review-showTurn = Zug des Computers zeigen
review-turnBoard = der Zug des Computers, Stellung { $layout }
review-line = Die bessere Fortsetzung
review-lineFrom = Statt { $played }:
review-linePrev = Voriger Zug der Fortsetzung
review-lineNext = Nächster Zug der Fortsetzung
review-lineStep = { $step } von { $total }
review-lineBack = Bessere Fortsetzung ausblenden
review-turnBack = Zug des Computers ausblenden
review-lineBoard = die bessere Fortsetzung, Stellung { $layout }
review-downloadPgn = PGN herunterladen
review-downloadText = Partie herunterladen
review-downloadAll = Partien herunterladen (PGN)
pgn-paste = Eine Partie einfügen (PGN)
pgn-unreadable = Die Partie ließ sich nicht lesen: { $why }
pgn-load = Partie laden
pgn-loaded = { $moves ->
    [one] Ein Zug geladen: das Brett zeigt die Stellung danach.
   *[other] { $moves } Züge geladen: das Brett zeigt die Stellung nach dem letzten.
}
