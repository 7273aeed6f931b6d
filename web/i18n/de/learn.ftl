# QuickChess lernen: die nummerierten Schachteln des Hefts als Kurs.

learn-link = QuickChess lernen, Schachtel für Schachtel
learn-title = QuickChess lernen
learn-lead = Der Weg des Hefts, Figur für Figur: folge einfach den Zahlen. Schachtel 1 bringt die Regeln, die alle Spiele teilen; jede weitere zeigt, wie ihre Figur zieht, gibt dir Übungen, die die Regel-Engine erstellt und prüft, und dann eine Lernpartie gegen den Computer auf seiner sanftesten Stufe. Eine Schachtel ist geschafft, wenn du ihre Lernpartie gewinnst; dein Fortschritt bleibt in diesem Browser.
learn-boxes = Die Schachteln
learn-done = geschafft
learn-continue = Weiter mit Schachtel { $n }
learn-boxTitle = Schachtel { $n }: { $title }
learn-movesTitle = So zieht { $piece ->
    [p] der Bauer
    [k] der König
    [r] der Turm
    [b] der Läufer
    [q] die Dame
   *[n] der Springer
  }
learn-reachTitle = Übung: Wohin kann sie ziehen?
learn-captureTitle = Übung: Schlag sie alle
learn-gameTitle = Die Lernpartie
learn-reachAsk = Tippe alle Felder an, auf die { $piece ->
    [p] der Bauer
    [k] der König
    [r] der Turm
    [b] der Läufer
    [q] die Dame
   *[n] der Springer
  } auf { $square } mit einem Zug kommt (nochmal tippen nimmt ein Feld zurück), dann prüfe.
learn-check = Prüfen
learn-picked = { $count ->
    [one] { $count } Feld gewählt
   *[other] { $count } Felder gewählt
  }
learn-reachRight = { $count ->
    [one] Richtig: genau dieses eine Feld.
   *[other] Richtig: alle { $count } Felder und keine anderen.
  }
learn-reachWrong = Nicht ganz: Die Punkte zeigen die { $count } erreichbaren Felder; rote sind es nicht.
learn-again = Noch eine
learn-captureAsk = Schlag { $pawns ->
    [one] den schwarzen Bauern
   *[other] alle { $pawns } schwarzen Bauern
  } mit { $piece ->
    [p] deinem Bauern
    [k] deinem König
    [r] deinem Turm
    [b] deinem Läufer
    [q] deiner Dame
   *[n] deinem Springer
  } in { $moves ->
    [one] einem Zug
   *[other] { $moves } Zügen
  }: schneller geht es nicht, der Computer hat es nachgerechnet. Die Bauern bleiben stehen.
learn-captureRight = { $moves ->
    [one] Alle geschlagen, in einem Zug!
   *[other] Alle geschlagen, in { $moves } Zügen: schneller geht es nicht!
  }
learn-noExercise = Gerade ließ sich keine Übung erstellen.
learn-play = Die Lernpartie spielen
learn-nextBox = Weiter zu Schachtel { $n }
learn-moves-power-pawns = Ein Bauer zieht geradeaus vorwärts, ein Feld auf einmal, nie zurück oder zur Seite. Steht direkt vor ihm etwas, kann er nicht ziehen. Er schlägt nur diagonal vorwärts, ein Feld weit. Bring einen Bauern an den anderen Rand oder schlag alle gegnerischen Bauern, und du gewinnst.
learn-moves-kings-conquest = Der König geht ein Feld in jede Richtung: vor, zurück, zur Seite oder diagonal. In dieser Lernpartie kann der König wie jede Figur geschlagen werden, und ein König darf nie neben den anderen König ziehen.
learn-moves-raging-rooks = Der Turm zieht geradeaus vor, zurück, nach links oder rechts, so weit der Weg frei ist, und schlägt die erste gegnerische Figur im Weg. Diagonal zieht er nie.
learn-moves-bishops = Der Läufer zieht diagonal, so weit der Weg frei ist, und bleibt deshalb immer auf Feldern einer Farbe.
learn-moves-mean-queens = Die Dame zieht wie ein Turm oder wie ein Läufer: gerade oder diagonal, so weit der Weg frei ist, eine Richtung pro Zug.
learn-moves-rescue-the-queen = Wieder Bauern, mit einem Kniff: Dein erster Bauer am anderen Rand wird deine Dame, spätere jede Figur deiner Wahl. Schlag alle gegnerischen Bauern, um zu gewinnen.
learn-moves-krazy-knights = Der Springer springt im L: zwei Felder in eine Richtung, dann eines zur Seite. Nur er springt über andere Figuren, und er landet immer auf einem Feld der anderen Farbe.
learn-game-power-pawns = Je fünf Bauern. Bring zuerst einen Bauern an den anderen Rand oder schlag alle gegnerischen.
learn-game-kings-conquest = Je Bauern und ein König. Hilf deinen Bauern mit dem König durch; der König kann geschlagen werden.
learn-game-raging-rooks = Je Bauern und ein Turm.
learn-game-bishops = Je Bauern und ein Läufer.
learn-game-mean-queens = Je Bauern und eine Dame: die stärkste Figur.
learn-game-rescue-the-queen = Nur Bauern, die Damen warten: Rette deine und schlag alle gegnerischen Bauern.
learn-game-krazy-knights = Je Bauern und ein Springer.
learn-game-quickchess = Jetzt kennst du alle Züge. Das volle Spiel: Schachmatt gewinnt, und ein Bauer auf der letzten Reihe rettet eine verlorene Figur.
learn-captureCount = { $used ->
    [one] { $used } Zug
   *[other] { $used } Züge
  } von { $total } gespielt; { $left ->
    [one] { $left } Bauer übrig.
   *[other] { $left } Bauern übrig.
  }
learn-captureOver = { $moves ->
    [one] Der eine Zug ist gespielt
   *[other] Alle { $moves } Züge sind gespielt
  }, und { $left ->
    [one] { $left } Bauer steht noch da.
   *[other] { $left } Bauern stehen noch da.
  }
learn-captureStuck = Deine Figur kommt nicht weiter, und { $left ->
    [one] { $left } Bauer steht noch da.
   *[other] { $left } Bauern stehen noch da.
  }
learn-retry = Nochmal versuchen
learn-showSolution = Eine Lösung zeigen
learn-solution = Zum Beispiel: { $moves }.
learn-kingTitle = Übung: Wohin darf der König nicht?
learn-kingAsk = Auf welche Felder neben deinem König auf { $square } darf er nicht ziehen? Denk daran: Ein König zieht nie neben den anderen König. Tippe sie an (nochmal tippen nimmt eins zurück), dann prüfe.
learn-kingAskCheck = Auf welche Felder neben deinem König auf { $square } darf er nicht ziehen? Im ganzen QuickChess zieht ein König nie auf ein Feld, das die Gegenseite angreift. Tippe sie an (nochmal tippen nimmt eins zurück), dann prüfe.
learn-kingRight = { $count ->
    [one] Richtig: nur dieses Feld ist gesperrt.
   *[other] Richtig: diese { $count } Felder sind gesperrt; die Punkte zeigen, wohin er darf.
  }
learn-kingWrong = { $count ->
    [one] Nicht ganz: Das rote Feld ist gesperrt; die Punkte zeigen, wohin er darf.
   *[other] Nicht ganz: Die { $count } roten Felder sind gesperrt; die Punkte zeigen, wohin er darf.
  }
learn-doneCount = { $done } von { $total } Schachteln geschafft.
learn-boxDone = Du hast diese Lernpartie gewonnen: Die Schachtel ist geschafft.
learn-boxToWin = Gewinne die Lernpartie, um diese Schachtel zu schaffen.
learn-gameWon = Gewonnen: Schachtel { $n } ist geschafft!
learn-gameNotWon = { $done ->
    [yes] Diesmal nicht gewonnen; Schachtel { $n } bleibt geschafft.
   *[no] Diesmal nicht gewonnen: Schachtel { $n } ist geschafft, wenn du ihre Lernpartie gewinnst.
  }
learn-backToBox = Zurück zu Schachtel { $n }
# Schachtel 1, die „Spielregeln“ des Hefts, und eine Adresse ohne Schachtel
learn-rulesName = Die Regeln aller Spiele
learn-rules-boardTitle = Das Brett
learn-rules-board = QuickChess wird auf einem Brett aus 5 Linien (a bis e) und 6 Reihen gespielt, kleiner als ein Schachbrett. Weiß beginnt, dann ziehen die Spieler abwechselnd, eine Figur pro Zug. Das Brett zeigt die erste Lernpartie: je fünf Bauern.
learn-rules-winTitle = Wie man gewinnt
learn-rules-win = Wer als Erster einen Bauern auf ein beliebiges Feld am Rand des Gegners bringt oder alle gegnerischen Figuren schlägt, gewinnt. Manche Spiele kennen weitere Wege zum Sieg, darunter das Schachmatt.
learn-rules-moveTitle = Ziehen und schlagen
learn-rules-move = Jede Figur zieht auf ihre Weise: Die folgenden Schachteln zeigen es, Figur für Figur. Nur der Springer springt über andere Figuren; alle anderen ziehen nur über freie Felder.
learn-rules-capture = Zwei Figuren stehen nie auf demselben Feld. Zieht deine Figur auf ein Feld mit einer gegnerischen Figur, schlägt sie diese: Die geschlagene Figur verlässt das Brett.
learn-rules-stuckTitle = Wenn die Bauern feststecken
learn-rules-stuck = Sind alle Bauern blockiert und keiner kann ziehen, gewinnt, wessen am weitesten vorgerückter Bauer näher am gegnerischen Rand steht; ist das gleich, wer mehr Bauern hat. So werden die Partien der Schachteln 2 bis 8 entschieden.
learn-rulesToRead = Schachtel 1 ist geschafft, sobald du die Regeln gelesen hast.
learn-rulesDone = Du hast die Regeln gelesen: Schachtel 1 ist geschafft.
learn-rulesRead = Regeln verstanden: weiter zu Schachtel { $n }
learn-noBox = Der Kurs hat keine Schachtel { $n }
learn-noBoxHelp = Seine Schachteln sind von { $first } bis { $last } nummeriert; die Schachteln 10 bis 12 des Hefts, für Fortgeschrittene, stehen in den vollständigen Regeln. Wähl unten eine Schachtel aus oder beginne auf der ersten Seite des Kurses.
