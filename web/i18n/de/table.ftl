# Der Spieltisch (Züge, Zurücknahmen, Revanchen), Einladungen, Wiederholungen und eine Lösungsfolge.

table-you = du
table-moves = Züge
table-noMoves = Noch keine Züge.
table-backToGame = Zurück zur Partie
table-flip = Brett umdrehen
table-flipShort = Drehen
table-takeback = Zurücknehmen
table-takebackWaiting = Du hast gebeten, deinen letzten Zug zurückzunehmen; warte auf Antwort.
table-acceptTakeback = Zurücknahme erlauben
table-declineTakeback = Ablehnen
table-resign = Aufgeben
table-resignQuestion = Diese Partie aufgeben?
table-rematch = Revanche
table-acceptRematch = Revanche annehmen
table-declineRematch = Ablehnen
table-rematchWaiting = Du hast eine Revanche angeboten; warte auf deinen Gegner.
table-toRematch = Zur Revanche
table-ratingChange = { $name }: { $before } → { $after } ({ $change })
table-newGame = Neue Partie, gleiche Einstellungen
table-closed = Die Partie endete hier: Alle Spieler waren gegangen, und der Computer spielt nicht allein weiter.
table-tooShortToRate = Nicht gewertet: Die Partie endete, bevor beide Spieler zwei Züge gemacht hatten.
invite-waiting = Warte auf deinen Gegner.
invite-sendLink = Schick ihm diesen Link:
invite-take = Freien Platz einnehmen
table-viewing = Zug { $step } von { $total } wird gezeigt.
table-takebackAsked = { $name } bittet, den letzten Zug zurückzunehmen.
table-rematchOffered = { $name } bietet eine Revanche mit getauschten Seiten an.
table-rematchDeclined = { $name } hat die Revanche abgelehnt.
invite-from = { $name } lädt dich zu einer Partie ein: { $game }.
invite-terms = Du würdest { $side ->
    [white] Weiß
    [black] Schwarz
    [blue] Blau
   *[red] Rot
  } spielen; Bedenkzeit: { $clock }.
duel-computer = Computer, Stufe { $level }
seat-computerN = Computer { $n }, Stufe { $level }
say-moved = { $piece } von { $from } nach { $to }
clock-speed = { $speed ->
    [ultrabullet] UltraBullet
    [bullet] Bullet
    [blitz] Blitz
    [rapid] Schnell{"\u00AD"}schach
    [correspondence] Fernpartie
   *[classical] Klassisch
  }
line-start = der Anfang, dann { $total } { $total ->
    [one] Zug
   *[other] Züge
  }
line-step = Zug { $step } von { $total }: { $move }

## Wiederholungen
replay-link = Wiederholung
replay-first = Erster Schritt
replay-prev = Schritt zurück
replay-next = Schritt vor
replay-last = Letzter Schritt
replay-play = Abspielen
replay-pause = Pause
replay-copyLink = Link zu diesem Schritt
replay-timer = Zeit abgelaufen
replay-closed = die Partie wurde geschlossen: Alle Spieler waren gegangen
replay-act-retry = neu von vorn
replay-act-next = nächste Karte
replay-act-abandon = der Lauf wurde abgebrochen
replay-title = Wiederholung: { $game }
replay-players = { $players }
replay-step = Schritt { $step } von { $total }
replay-querniTurn = { $side ->
    [blue] Blau
   *[red] Rot
  }: { $turn }
replay-chessMove = { $side ->
    [white] Weiß
   *[black] Schwarz
  }: { $san }
replay-announce = { $name } sagt { $bid } an
replay-cmMove = { $name } zieht { $mv }
replay-soloMove = Zug { $mv }
replay-card = Karte { $card }: { $action }
replay-act-place = { $name } stellt eine Figur
replay-act-unplace = { $name } nimmt eine Figur zurück
replay-act-resign = { $name } gibt auf
replay-act-offer_draw = { $name } bietet Remis an
replay-act-offer_takeback = { $name } bittet um Zurücknahme
replay-act-accept_takeback = { $name } erlaubt die Zurücknahme
replay-act-decline_takeback = { $name } lehnt die Zurücknahme ab
replay-act-stop = { $name } hört auf
replay-act-give_up = { $name } gibt auf
replay-act-challenge = { $name } fordert heraus
replay-act-accept = { $name } lässt den Ansager spielen
# correspondence games: days a move, the time left in days, the "your turn" list
clock-correspondence = Tage je Zug
clock-days = { $days ->
    [one] 1 Tag je Zug
   *[other] { $days } Tage je Zug
  }
clock-daysLeft = { $days } T { $hours } Std
turns-title = Du bist am Zug
turns-line = gegen { $name }, noch { $time }
turns-count = { $count ->
    [one] Du bist in einer Partie am Zug
   *[other] Du bist in { $count } Partien am Zug
  }
# on a phone the panels beside the board take turns as tabs (tabs.js)
tabs-panels = Was die Leiste zeigt
tabs-game = Partie
tabs-position = Stellung
