# The Royal Study: die Seite des Spiels, das Solo und das Match. Begriffe wie in der deutschen
# Spielregel: Aufgabenkarte, Stufe, Züge ansagen, Sanduhr, Ausführung, Zusatz-Herausforderung.

royal-lead = Fünf Figuren auf einem 3x3-Brett. Jede Aufgabenkarte zeigt eine Aufstellung; stell sie mit so wenigen Schachzügen wie möglich her. Der Läufer bleibt auf den dunklen Feldern, und der Springer betritt nie die Mitte.
royal-level = Stufe
royal-level-1 = Stufe 1: die Karte nachstellen
royal-level-2 = Stufe 2: die Karte darf gedreht werden
royal-level-3 = Stufe 3: drehen und spiegeln
royal-bonus = Zusatz-Herausforderung (zwei Karten)
royal-solo = Solo
royal-vsBot = Match gegen den Computer
royal-vsFriend = Match mit Freunden
royal-how1 = Eine Aufgabenkarte wird gezogen. Wer zuerst eine Zahl ansagt, dreht die Sanduhr um; bevor sie abläuft, darf der Gegner herausfordern. Ohne Herausforderung muss der Ansager die Karte innerhalb seiner Zahl lösen; mit Herausforderung muss der Herausforderer es mit weniger Zügen schaffen. Wer es schafft – oder wessen Gegner scheitert –, bekommt den Punkt. Die Figuren bleiben in ihren Endpositionen; wer zuerst sechs Punkte hat, gewinnt.
royal-how2 = Auf Stufe 2 kostet eine Vierteldrehung der Karte einen Zug; auf Stufe 3 kostet auch eine Spiegelung einen Zug. In der Zusatz-Herausforderung werden zwei Karten in der gewählten Reihenfolge gelöst.
royal-how3 = Ein Match kann auch die Zeit für die Ausführung begrenzen (optionale Regel): Wem sie ausgeht, der verliert den Punkt.
royal-hourglass = Sanduhr
royal-execLimit = Zeitlimit für die Ausführung
royal-noExecLimit = Kein Zeitlimit für die Ausführung
royal-card = Karte
royal-turnLeft = nach links drehen
royal-turnRight = nach rechts drehen
royal-mirrorLr = links-rechts spiegeln
royal-mirrorTb = oben-unten spiegeln
royal-soloTitle = The Royal Study: solo
royal-countHelp = Züge und Kartenaktionen bisher
royal-retry = Neu von vorn
royal-nextCard = Nächste Karte
royal-restart = Diese Karte neu beginnen
royal-bestCol = Bestwert
royal-cardCol = Karte
royal-attempts = Versuche
royal-matchTitle = The Royal Study: Match
royal-waiting = Warte auf deinen Gegner. Schick ihm diesen Link:
royal-challenge = Herausfordern: Ich schaffe es mit weniger
royal-letThem = Spielen lassen
royal-sand = Der Gegner darf herausfordern, bis der Sand durchgelaufen ist.
royal-draw = Unentschieden
royal-reason-completed = die Karte wurde wie verlangt gelöst
royal-reason-too_many_moves = der Ausführende schaffte es nicht in den erlaubten Zügen
royal-reason-gave_up = der Ausführende gab auf
royal-reason-out_of_time = die Zeit für die Ausführung lief ab
royal-hourglassS = Sanduhr { $s } s
royal-execWithin = Ausführung in { $s } s
royal-left = noch { $time }
royal-cardN = Karte { $n }
royal-soloLine = Stufe { $level }, Karte { $card }, noch { $left } im Stapel
royal-doneIn = Gelöst in { $count }
royal-best = Dein Bestwert auf dieser Karte: { $best }. Das Optimum ist { $optimum }.
royal-matchLine = Stufe { $level }{ $bonus ->
    [yes] , Zusatz-Herausforderung
   *[no] {""}
  }, Runde { $round }, wer zuerst { $target } hat
royal-announces = { $name } sagt { $bid } an
royal-executesWithin = { $name } führt aus: muss es in { $bid } schaffen
royal-executesFewer = { $name } führt aus: hat { $bid } herausgefordert und muss es mit weniger schaffen
royal-wins = { $name } gewinnt
royal-point = Punkt für { $name } ({ $reason }). Das Optimum war { $optimum }.
royal-asideIn = Sagt niemand eine Zahl an, wird die Karte in { $time } beiseitegelegt.
royal-setAside = Niemand hat rechtzeitig angesagt: Die Karte wurde ohne Punkt beiseitegelegt.
