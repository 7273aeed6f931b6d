# Querni: seine Seite, die Wörter des Spieltischs und ein Zug in Worten.

querni-board = Querni-Brett
querni-lead = Je sechzehn nummerierte Steine auf einem 10x7-Brett. Zieh, dann räum Ketten aus drei oder mehr deiner aufeinanderfolgenden Zahlen ab, die nebeneinander stehen. Wer zuerst sein Brett leer hat, gewinnt.
querni-playBlue = Ich spiele Blau (beginnt)
querni-playRed = Ich spiele Rot
querni-how1 = Bewege in deinem Zug einen Stein: Schritt auf eines der acht benachbarten leeren Felder, oder Sprung über einen benachbarten Stein (beliebiger Farbe) in gerader Linie auf das leere Feld dahinter, und spring weiter, gern in neuer Richtung, aber nie zweimal auf dasselbe Feld. Schritt und Sprünge werden nie gemischt.
querni-how2 = Dann darfst du eine Kette abräumen: drei oder mehr deiner Steine mit aufeinanderfolgenden Zahlen (etwa 4, 5, 6), von denen jeder den Stein mit der um eins kleineren Zahl berührt. Du darfst auch nur einen Teil einer Kette abräumen oder warten. Passen ist ebenfalls erlaubt.
querni-how3 = Räum alle sechzehn ab, um zu gewinnen. Doch wer so abräumt, dass Zahlen in einer Folge kürzer als drei zurückbleiben (sie könnten nie wieder eine Kette bilden), verliert sofort. Dreißig Züge in Folge ohne Abräumen sind remis.
querni-endTurn = Zug beenden
querni-pass = Passen
querni-cancel = Abbrechen
querni-hint = Tipp
querni-passQuestion = Diesen Zug passen, ohne etwas zu bewegen oder abzuräumen?
querni-piece = { $side ->
    [blue] Blau
   *[red] Rot
  } { $n }
querni-yourTurn = Du bist am Zug ({ $side ->
    [blue] Blau
   *[red] Rot
  }).
querni-toPlay = { $name } ({ $side ->
    [blue] Blau
   *[red] Rot
  }) ist am Zug.
querni-left = noch { $count }
querni-leftBoth = Blau hat noch { $blue }, Rot { $red }; { $quiet } von { $at } Zügen ohne Abräumen.
querni-quiet = { $quiet } von { $at } Zügen ohne Abräumen (remis bei { $at }).
querni-lastTurn = Letzter Zug: { $side ->
    [blue] Blau
   *[red] Rot
  } { $turn }
querni-soFar = Dein Zug bisher: { $turn }
querni-notAChain = { $low }–{ $high } ist keine Kette, die du abräumen kannst.
querni-strandWarning = Vorsicht: Wenn du { $low }–{ $high } abräumst, bleiben Zahlen zurück, die nie mehr eine Kette bilden; du würdest sofort verlieren.
querni-hintIs = Tipp: { $words } (blau auf dem Brett eingezeichnet).
querni-turn-pass = passen
querni-turn = { $kind ->
    [jump] Sprung { $path }{ $removes ->
        [yes] , dann { $low } bis { $high } abräumen
       *[no] {""}
    }
    [step] Schritt { $path }{ $removes ->
        [yes] , dann { $low } bis { $high } abräumen
       *[no] {""}
    }
   *[none] { $low } bis { $high } abräumen
  }
querni-coach-wins = Bei bestem Spiel gewinnt { $side ->
    [blue] Blau
   *[red] Rot
  } in { $turns ->
    [one] { $turns } eigenen Zug
   *[other] { $turns } eigenen Zügen
  }, was die andere Seite auch tut.
querni-coach-unknown = Keine Seite erzwingt einen Sieg in { $turns } Zügen: Der Trainer beweist Siege gegen Ende, wenn wenige Züge entscheiden.
querni-coach-unfinished = Der Trainer fand keinen erzwungenen Sieg in { $turns } Zügen, bevor seine Zeit um war.
querni-coach-lost = { $who ->
    [you] Dein Zug hat den Sieg verspielt: Vorher hast du
    [blue] Der Zug von Blau hat den Sieg verspielt: Vorher hat Blau
   *[red] Der Zug von Rot hat den Sieg verspielt: Vorher hat Rot
  } bei bestem Spiel in { $turns ->
    [one] { $turns } Zug
   *[other] { $turns } Zügen
  } gewonnen.
querni-coach-kept = Dein Zug hat den Sieg gehalten.
querni-coach-showBest = Züge zeigen, die den Sieg halten
querni-coach-hideBest = Züge verbergen, die den Sieg halten
querni-coach-bestList = Diese Züge halten ihn: { $turns }
