# Einführungen in eine erste Partie Drei mal Drei und The Royal Study.

learn-walkthrough = Zum ersten Mal? Eine Einführung
learn-cm-title = Drei mal Drei: deine erste Karte
learn-cm-lead = Vier kurze Schritte: das Feld, die Aufgabenkarte, das Drehen der Karte und eine erste Karte, die du selbst löst.
learn-cm-boardTitle = Das Feld
learn-cm-board = Sieben Spielsteine liegen auf einem 3x3-Feld mit zwei leeren Feldern. Auf der Schiebeseite schiebt ein Zug einen Stein ein Feld nach oben, unten, links oder rechts auf ein leeres Feld; geschlagen wird nie.
learn-cm-boardCaption = Der grüne Stein auf b1 ist nach oben in die leere Mitte gerutscht.
learn-cm-cardTitle = Was eine Aufgabenkarte bedeutet
learn-cm-card = Die Karte zeigt nur einige Felder. Das Feld erfüllt die Aufgabe, wenn auf jedem markierten Feld ein Stein dieser Farbe liegt; was auf den anderen Feldern liegt, ist egal.
learn-cm-cardCaption = Blau in einer Ecke, Rot in der anderen, Grün in der Mitte.
learn-cm-joker = Der dreifarbige Stein ist der Joker: Er zählt als jede Farbe und kann einen fehlenden Stein vertreten.
learn-cm-turnTitle = Die Karte drehen, nie spiegeln
learn-cm-turn = Die Karte hat kein Oben: Du darfst sie dir um eine Viertel-, halbe oder Dreivierteldrehung gedreht denken, und die Aufgabe ist erfüllt, wenn das Feld zu einer davon passt.
learn-cm-asPrinted = Wie gedruckt.
learn-cm-turned = Eine Vierteldrehung: zählt auch.
learn-cm-mirrored = Gespiegelt: zählt nicht.
learn-cm-whyNoMirror = Ein Spiegelbild ist ein anderes Muster: Rot stünde, wo Blau steht. Keine Drehung der Karte ergibt es, also erfüllt es die Aufgabe nicht.
learn-cm-firstTitle = Deine erste Karte
learn-cm-firstAsk = Bring das Feld zur Aufgabe. Der Löser sagt, es braucht mindestens { $optimum ->
    [one] { $optimum } Zug
   *[other] { $optimum } Züge
  }: Findest du sie? Tippe einen Stein neben einem leeren Feld an, dann das leere Feld.
learn-cm-movesSoFar = { $moves ->
    [one] Bisher { $moves } Zug.
   *[other] Bisher { $moves } Züge.
  }
learn-cm-solved = Gelöst in { $moves ->
    [one] { $moves } Zug
   *[other] { $moves } Zügen
  }; das Minimum war { $optimum }. Im echten Spiel rechnest du das im Kopf aus und sagst die Zahl zuerst an.
learn-cm-onward = Drei mal Drei spielen
learn-royal-title = The Royal Study: deine erste Karte
learn-royal-lead = Die Figuren, eine Aufgabenkarte, was die Stufen erlauben, und dann deine erste eigene Karte.
learn-royal-piecesTitle = Fünf Figuren auf 3x3
learn-royal-pieces = König, Dame, Turm, Läufer und Springer teilen sich ein 3x3-Brett mit vier leeren Feldern. Sie ziehen wie im Schach, aber nur auf leere Felder: Geschlagen wird nicht. Der Läufer bleibt auf den dunklen Feldern, und der Springer erreicht nie die Mitte.
learn-royal-cardTitle = Eine Aufgabenkarte
learn-royal-card = Jede Karte zeigt eine Aufstellung aller fünf Figuren. Stell sie mit so wenigen Zügen wie möglich her; im Match sagst du diese Zahl zuerst an, und dein Gegner kann herausfordern, wenn er es mit weniger schafft.
learn-royal-levelsTitle = Stufen: drehen und spiegeln
learn-royal-levels = Auf Stufe 1 muss die Karte genau wie gedruckt nachgestellt werden. Auf Stufe 2 darfst du die Karte beim Spielen drehen, für einen Zug je Vierteldrehung; auf Stufe 3 auch spiegeln, je ein Zug. Manchmal ist eine Drehung billiger, als Figuren zu ziehen.
learn-royal-turnCost = Eine Vierteldrehung: ein Zug (Stufe 2).
learn-royal-mirrorCost = Links-rechts gespiegelt: ein Zug (Stufe 3).
learn-royal-halfCost = Halb herumgedreht: zwei Züge.
learn-royal-firstTitle = Deine erste Karte
learn-royal-first = Ein Solo auf Stufe 1: Zieh die Figuren, bis das Brett die Karte zeigt. Danach siehst du das Optimum und kannst die Karte von ihrem Anfang aus mit weniger Zügen wiederholen.
learn-royal-start = Meine erste Karte spielen
