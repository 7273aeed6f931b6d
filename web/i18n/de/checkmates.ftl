# Drei mal Drei (englisch Check Mates): die Seite des Spiels, der Solo-Lauf, die Spielrunde, die Legende der Aufgabenkarte und der Löser.

cm-lead = Zieh Spielsteine ein Feld weit (Schiebeseite) oder wie Schachfiguren (Schachseite) auf die zwei leeren Felder. Geschlagen wird nichts. Die Aufgabe ist erfüllt, wenn das Feld ihr Muster zeigt, beliebig gedreht.
cm-side = Seite
cm-sliding = Schiebeseite (Farben)
cm-chess = Schachseite (Figuren)
cm-side-sliding = Schiebeseite
cm-side-chess = Schachseite
cm-deck = Stapel
cm-fullDeck = Ganzer Stapel
cm-oneStar = Blitz: 1-Stern-Karten (leichter)
cm-twoStar = Blitz: 2-Stern-Karten (schwerer)
cm-deck-full = ganzer Stapel
cm-deck-one-star = 1-Stern-Karten
cm-deck-two-star = 2-Stern-Karten
cm-solo = Solo-Lauf: zehn Aufgaben gegen die Uhr
cm-party = Spielrunde: Freunde und den Computer einladen
cm-how1 = Eine Karte wird aufgedeckt. Alle rechnen, ohne etwas zu berühren, wie viele Züge das Feld zur Aufgabe machen. Sag deine Zahl an: Ein Fünf-Sekunden-Countdown beginnt. Wer eine kleinere Zahl hat, darf unterbrechen, einmal pro Runde, und der Countdown beginnt neu. Läuft er ab, beweist der Ansager seine Zahl auf dem Feld, Stein für Stein und ohne Zurücknehmen.
cm-how2 = Erfüllst du die Aufgabe innerhalb deiner Zahl, gehört die Karte dir, offen, mit ihren Sternen. Misslingt es, liegt sie verdeckt vor dir: eine Strafkarte, −1 Punkt. Wer 0 ansagt, wenn das Feld schon passt, gewinnt die Karte sofort. Das Feld bleibt für die nächste Karte, wie es ist. Die meisten Punkte gewinnen; bei Gleichstand weniger Strafkarten.
cm-task = Aufgabe
cm-taskCol = Aufgabe
cm-moves = Züge
cm-minimum = Minimum
cm-time = Zeit
cm-taskTime = Dauer
cm-total = Gesamt
cm-taskClock = Diese Aufgabe
cm-runTime = Gesamt: { $time }
cm-taskMet = Aufgabe { $n } in { $moves } { $moves ->
    [one] Zug
   *[other] Zügen
  } erfüllt (Minimum { $optimum }), { $time }.
cm-soloTitle = Drei mal Drei solo
cm-soloHelp = { $input ->
    [touch] Tippe einen Stein an, dann ein leeres Feld (oder zieh ihn).
   *[mouse] Klick einen Stein an, dann ein leeres Feld (oder zieh ihn).
  } Die nächste Aufgabe erscheint, sobald das Feld diese erfüllt.
cm-again = Noch ein Lauf, gleiche Einstellungen
cm-partyTitle = Drei mal Drei in der Runde
cm-sendLink = Schick diesen Link an die Mitspieler:
cm-atTable = Am Tisch
cm-host = Gastgeber
cm-remove = Entfernen
cm-addBot = Computer hinzufügen
cm-start = Spiel starten
cm-takeSeat = Platz nehmen
cm-player = Spieler
cm-score = Punkte
cm-stars = Sterne
cm-penaltyCards = Strafkarten
cm-tieRule = Bei Gleichstand gewinnt, wer weniger Strafkarten hat; wer dann noch gleichauf ist, teilt sich den Sieg.
cm-howMany = Wie viele Züge?
cm-firstCall = Wer zuerst eine Zahl ansagt, startet einen Fünf-Sekunden-Countdown.
cm-interrupt = Mit einer kleineren Zahl unterbrechen:
cm-callOut = Sag deine Zahl an:
cm-calledOut = Du hast in dieser Runde schon angesagt.
cm-proveHelp = { $input ->
    [touch] Tippe einen Stein an, dann ein leeres Feld (oder zieh ihn).
   *[mouse] Klick einen Stein an, dann ein leeres Feld (oder zieh ihn).
  } Kein Zurücknehmen.
cm-stop = Hier aufhören
cm-giveUp = Aufgeben
cm-watchProof = Sieh dir den Beweis an.
cm-taskStars = { $caption } { $stars }
cm-soloProgress = { $side }, Aufgabe { $n } von { $total }
cm-allTen = Alle zehn Aufgaben in { $time }.
cm-partyLine = { $side }, Runde { $round }, noch { $left } { $left ->
    [one] Karte
   *[other] Karten
  }{ $aside ->
    [0] {""}
   *[other] , { $aside } beiseitegelegt
  }
cm-lobbyLine = { $side }, { $deck }, { $seats } von { $max } Plätzen besetzt
cm-invited = { $name } lädt dich zu einer Runde Drei mal Drei ein. Nimm unten Platz.
cm-botNeverWrong = Computer, Stufe { $level } (irrt nie)
cm-waitHost = Warte, bis der Gastgeber { $name } startet.
cm-seat = Platz { $seat }
cm-penalties = { $count } { $count ->
    [one] Strafkarte
   *[other] Strafkarten
  }
cm-winners = { $count ->
    [one] { $names } gewinnt
   *[other] { $names } teilen sich den Sieg
  }
cm-says = { $name } sagt { $bid }
cm-bidOf = { $name }: { $bid }
cm-seconds = { $s } s
cm-proves = { $name } beweist { $bid }: { $moves } { $moves ->
    [one] Zug
   *[other] Züge
  } gemacht
cm-setAside = Niemand hat rechtzeitig angesagt: Die Karte wurde beiseitegelegt. Das Minimum war { $optimum }.
cm-zeroWon = { $name } hat 0 angesagt: Das Feld erfüllte die Aufgabe schon. Die Karte ({ $stars }) gehört { $name }.
cm-met = { $name } erfüllt die Aufgabe mit { $moves } von { $bid } und bekommt die Karte ({ $stars }). Das Minimum war { $optimum }.
cm-missed = { $name } hat { $bid } verfehlt: eine Strafkarte. Das Minimum war { $optimum }.
cm-missedZero = { $name } hat { $bid } verfehlt (0 angesagt, aber das Feld passte nicht): eine Strafkarte. Das Minimum war { $optimum }.
cm-bestLine = Ein Weg in { $optimum } { $optimum ->
    [one] Zug
   *[other] Zügen
  } ab Beginn der Runde:

## die Legende der Aufgabenkarte
legend-rotate = Die Karte darf beliebig gedreht, aber nie gespiegelt werden. Leere Felder der Karte verlangen nichts.
legend-sliding-b = ein blauer Stein
legend-sliding-r = ein roter Stein
legend-sliding-g = ein grüner Stein
legend-sliding-joker = der Joker zählt als jede Farbe
legend-chess-R = ein Turm, weiß oder schwarz
legend-chess-N = ein Springer, weiß oder schwarz
legend-chess-Q = eine Dame, weiß oder schwarz
legend-chess-w = irgendeine weiße Figur
legend-chess-bk = irgendeine schwarze Figur
legend-chess-joker = der König zählt als jede Figur

## der Löser
solver-title = Drei-mal-Drei-Löser
solver-lead = Stell per { $input ->
    [touch] Antippen
   *[mouse] Klick
  } ein Feld und eine Aufgabe auf und sieh die kleinste Zahl von Zügen mit einer optimalen Lösung.
solver-solve = Lösen
solver-edit = Bearbeiten
solver-emptyPen = leer (in einer Aufgabe: beliebig)
solver-boardHelp = Feld: einen Stein wählen, dann Felder { $input ->
    [touch] antippen.
   *[mouse] anklicken.
  }
solver-taskHelp = Aufgabe: ein Symbol wählen, dann Felder { $input ->
    [touch] antippen.
   *[mouse] anklicken.
  }
solver-board = Feld
solver-task = Aufgabe
solver-boardText = Das Feld als Text
solver-taskText = Die Aufgabe als Text
solver-unsolvable = Unlösbar: Kein von hier erreichbares Feld erfüllt die Aufgabe in irgendeiner Drehung.
solver-minimum = Minimum: { $moves } { $moves ->
    [one] Zug
   *[other] Züge
  }
solver-turned = (die Aufgabe um { $degrees }° gedreht)
solver-step = Zug { $step } von { $total }

## die Bewertung eines Solo-Laufs nach seiner Zeit
cm-rating-sliding-1 = Phänomenal!
cm-rating-sliding-2 = Präzises Denken!
cm-rating-sliding-3 = Kurz vor dem Erfolg!
cm-rating-sliding-4 = Übung macht den Meister!
cm-rating-chess-1 = Ein Schachgenie!
cm-rating-chess-2 = Ausgezeichnete Züge!
cm-rating-chess-3 = Vielversprechend!
cm-rating-chess-4 = Der erste Schritt zur Größe!
