# Die Regelseiten: was alle gemeinsam haben, dann Drei mal Drei (Check Mates: keine deutsche Ausgabe,
# der Name ist übersetzt) und The Royal Study (so heißt es auch in der deutschen Anleitung).

rules-link = Die vollständigen Regeln
rules-title = { $game ->
    [checkmates] Drei mal Drei: die Regeln
    [royal] The Royal Study: die Regeln
    [querni] Querni: die Regeln
   *[quickchess] QuickChess: die Regeln
  }
rules-lead = Die Regeln, wie Tabula sie spielt. Wo die Spielregel schweigt, musste Tabula sich entscheiden; diese Stellen sind markiert.
rules-others = Die Regeln der anderen Spiele
rules-play = { $game ->
    [checkmates] Drei mal Drei spielen
    [royal] The Royal Study spielen
    [querni] Querni spielen
   *[quickchess] QuickChess spielen
  }
rules-ours = unsere Wahl
rules-oursExplained = Die Spielregel sagt dazu nichts; so hat Tabula entschieden.
rules-movesLabel = Zugziele: { $piece } auf { $square }

## Drei mal Drei
rules-cm-aim = Das Spiel
rules-cm-aim1 = Drei mal Drei ist ein Denkrennen für 1 bis 6 Spieler auf einem 3x3-Feld mit sieben Spielsteinen und zwei leeren Feldern. Eine Aufgabenkarte zeigt, wo einige Steine liegen müssen; alle rechnen im Kopf, mit wie wenigen Zügen das Feld sie zeigt, und wer die kleinste Zahl ansagt, muss sie beweisen.
rules-cm-tokens = Die Steine haben zwei Seiten. Auf der Schiebeseite gibt es zwei blaue, zwei rote und zwei grüne Steine und einen Joker; auf der Schachseite je einen weißen und schwarzen Turm, Springer und eine Dame und einen König als Joker. Zu Beginn sind die Mitte und ein weiteres zufälliges Feld leer.
rules-cm-boardCaption = Ein Feld auf der Schiebeseite: der Joker in der mittleren Reihe, zwei leere Felder.
rules-cm-taskCaption = Eine Aufgabenkarte: Blau und Rot in zwei Ecken, Grün in der Mitte; die übrigen Felder sind egal.
rules-cm-movesTitle = Die Steine ziehen
rules-cm-sliding = Ein Zug bringt einen Stein auf ein leeres Feld; geschlagen wird nichts, und nichts verlässt das Feld. Auf der Schiebeseite rutscht ein Stein ein Feld nach oben, unten, links oder rechts, nie diagonal.
rules-cm-slidingCaption = Auf der Schiebeseite zieht ein Stein ein Feld gerade.
rules-cm-chess = Auf der Schachseite zieht jeder Stein wie seine Schachfigur, aber nur kurz: der Turm ein oder zwei Felder gerade, die Dame ein oder zwei Felder gerade oder diagonal, der König genau ein Feld in jede Richtung. Turm und Dame springen nicht über Steine; der Springer zieht im L und darf über Steine springen, solange er auf einem leeren Feld landet.
rules-cm-rookCaption = Der Turm: ein oder zwei Felder gerade.
rules-cm-queenCaption = Die Dame: ein oder zwei Felder gerade oder diagonal.
rules-cm-kingCaption = Der König: genau ein Feld in jede Richtung.
rules-cm-knightCaption = Der Springer: im L, über Steine springend.
rules-cm-tasksTitle = Aufgaben und Karten
rules-cm-tasks = Eine Aufgabe markiert drei oder vier Felder mit einer Farbe. Das Feld erfüllt sie, wenn auf jedem markierten Feld ein Stein dieser Farbe liegt; der Joker zählt als jede Farbe, ein leeres Feld nie. Unmarkierte Felder sind egal.
rules-cm-chessTasks = Auf der Schachseite verlangt ein Aufgabenfeld einen Turm, Springer oder eine Dame beliebiger Farbe oder irgendeine weiße oder schwarze Figur; der König vertritt alles.
rules-cm-chessTaskCaption = Eine Schachaufgabe: ein Turm und eine Dame beliebiger Farbe, eine weiße und zwei schwarze Figuren.
rules-cm-rotation = Die Karte hat kein Oben: Die Aufgabe ist erfüllt, wenn das Feld zu ihr um 90, 180 oder 270 Grad gedreht passt. Ein Spiegelbild zählt nicht.
rules-cm-stars = Jede Karte ist Sterne wert. Auf der Schiebeseite ist eine Aufgabe mit drei Feldern 1 Stern und eine mit vier Feldern 2 Sterne wert, so die Spielregel.
rules-cm-chessStars = Für die Schachseite gibt die Spielregel nichts vor: Tabula zählt eine Aufgabe mit drei oder vier Feldern als 1 Stern und eine mit fünf Feldern als 2 Sterne. Ihre Stapel enthalten nur lösbare Aufgaben und keine zwei, die bis auf eine Drehung gleich sind.
rules-cm-playTitle = Eine Runde
rules-cm-bidding = Eine Karte wird aufgedeckt, und alle denken gleichzeitig nach, ohne etwas zu berühren. Wer zuerst eine Zahl von Zügen ansagt, startet einen Fünf-Sekunden-Countdown. Jeder darf mit einer kleineren Zahl unterbrechen, dann beginnt der Countdown neu; jeder sagt höchstens einmal pro Runde an. Läuft ein Countdown ab, beweist der letzte Ansager seine Zahl.
rules-cm-proof = Der Beweisende zieht die Steine einzeln und kann keinen Zug zurücknehmen; er darf jederzeit aufhören. Erfüllt das Feld die Aufgabe innerhalb der angesagten Zahl, gehört ihm die Karte, offen, mit ihren Sternen. Sonst liegt sie verdeckt vor ihm als Strafkarte: −1, wie viele Sterne sie auch hat.
rules-cm-zero = Wer 0 ansagt, wenn das Feld die Aufgabe schon erfüllt, gewinnt die Karte sofort; 0 anzusagen, wenn es nicht passt, ist ein Fehlschlag.
rules-cm-scoring = Das Feld bleibt für die nächste Karte, wie es ist; das Spiel endet, wenn der Stapel leer ist. Die Punkte sind die Sterne der offenen Karten minus eins je Strafkarte. Bei Gleichstand gewinnt, wer weniger Strafkarten hat; wer dann noch gleichauf ist, teilt sich den Sieg.
rules-cm-timeout = Sagt zwei Minuten lang niemand an, wird die Karte ohne Wertung beiseitegelegt, damit der Tisch nicht stecken bleibt.
rules-cm-soloTitle = Solo und Blitz
rules-cm-solo = Allein löst du zehn zufällige Aufgaben nacheinander gegen die Uhr. Auf der Schiebeseite heißt unter 1:30 „Phänomenal!“, unter 2:30 „Präzises Denken!“, unter 3:30 „Kurz vor dem Erfolg!“; auf der Schachseite unter 2:00 „Ein Schachgenie!“, unter 3:30 „Ausgezeichnete Züge!“, unter 5:00 „Vielversprechend!“.
rules-cm-blitz = Blitz: Spiel nur mit den 1-Stern-Karten für ein leichteres Spiel oder nur mit den 2-Stern-Karten für ein schwereres.

## The Royal Study
rules-royal-aim = Das Spiel
rules-royal-aim1 = The Royal Study ist ein Duell kleiner Schachaufgaben auf einem 3x3-Brett mit König, Dame, Turm, Läufer und Springer. Jede Aufgabenkarte zeigt eine Aufstellung aller fünf Figuren; die Spieler sagen an, mit wie wenigen Zügen sie sie erreichen, und wer zuerst sechs Punkte hat, gewinnt.
rules-royal-boardCaption = Das Brett ist wie ein Schachbrett gefärbt, a1 dunkel; die Ecken und die Mitte sind dunkel.
rules-royal-movesTitle = Die Figuren ziehen
rules-royal-moves = Ein Zug bringt eine Figur auf ein leeres Feld; geschlagen wird nicht. Die Figuren ziehen wie im Schach, auf einem kleinen Brett: der König ein Feld in jede Richtung, Dame, Turm und Läufer entlang ihrer Linien (hier höchstens zwei Felder), ohne über Figuren zu ziehen, der Springer im L, springend.
rules-royal-kingCaption = Der König: ein Feld in jede Richtung.
rules-royal-queenCaption = Die Dame: entlang Linien und Diagonalen.
rules-royal-rookCaption = Der Turm: entlang der Linien.
rules-royal-bishopCaption = Der Läufer: entlang der Diagonalen, immer auf dunklen Feldern.
rules-royal-knightCaption = Der Springer: im L, springend; aus einer Ecke erreicht er zwei Felder.
rules-royal-colours = Der Läufer steht immer auf einem dunklen Feld und der Springer nie in der Mitte: Kein Zug kann das ändern, und jede Karte hält es ein.
rules-royal-cardsTitle = Aufgabenkarten
rules-royal-cards = Die erste Karte legt die Ausgangsstellung fest. Jede weitere Karte ist das Ziel; nach einem Punkt bleiben die Figuren in ihren Endpositionen, und die nächste Karte wird gezogen. Es gibt 7.560 mögliche Aufstellungen.
rules-royal-deck = Der echte Kartenstapel ist nicht veröffentlicht: Tabula teilt 60 Karten aus allen gültigen Aufstellungen nach einem festgehaltenen Startwert aus.
rules-royal-cardCaption = Eine Aufgabenkarte.
rules-royal-turnedCaption = Dieselbe Karte, eine Vierteldrehung nach rechts: Auf Stufe 2 kostet das einen Zug.
rules-royal-levelsTitle = Stufen
rules-royal-level1 = Stufe 1: die Aufstellung der Karte genau herstellen.
rules-royal-level2 = Stufe 2: Bei der Ausführung darf die Karte auch gedreht werden; jede Vierteldrehung, in beide Richtungen, kostet einen Zug (eine halbe Drehung zwei).
rules-royal-level3 = Stufe 3: Die Karte darf auch gespiegelt werden, links-rechts oder oben-unten, je ein Zug. Eine Spiegelung an der Diagonale kostet zwei.
rules-royal-bonus = Zusatz-Herausforderung, auf jeder Stufe: Zwei Karten werden gezogen, und beide müssen gelöst werden, in der Reihenfolge, die der Ausführende wählt; jede Drehung oder Spiegelung gilt für eine gewählte Karte. Gezählt werden Züge und Kartenaktionen.
rules-royal-matchTitle = Das Match
rules-royal-match = Ein Spieler sagt eine Zahl an und dreht die Sanduhr um. Bevor der Sand durchgelaufen ist, darf der Gegner herausfordern. Ohne Herausforderung führt der Ansager aus: Gelingt es innerhalb seiner Zahl, gehört ihm der Punkt, sonst dem Gegner. Mit Herausforderung führt der Herausforderer aus: Gelingt es mit weniger Zügen als angesagt, gehört ihm der Punkt, sonst dem Ansager. Wer zuerst sechs Punkte hat, gewinnt.
rules-royal-hourglass = Die Spielregel sagt nicht, wie lange die Sanduhr läuft: Bei Tabula sind es 60 Sekunden, wenn das Match nichts anderes festlegt.
rules-royal-limit = Optionale Regel: Die Spieler können ein Zeitlimit für die Ausführung vereinbaren; wem die Zeit ausgeht, der verliert den Punkt.
rules-royal-solo = Solo: Löse Karten allein und versuch jede von ihrer Ausgangsstellung aus mit weniger Zügen; nach jeder Karte wird das Optimum gezeigt.
