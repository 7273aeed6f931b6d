# Drucken und spielen: der Download auf den Seiten von Drei mal Drei und The Royal Study, und die Wörter auf den Blättern des Decks (tabula-deck).

print-title = Drucken und spielen
print-lead = Drucke das Deck aus, um am Tisch zu spielen, dazu die Steine und das Spielfeld zum Ausschneiden. Jede Karte zeigt ihre genaue Schwierigkeit, vom Löser berechnet.
print-download = Deck herunterladen (PDF)
print-help = Beide Seiten jedes Blatts drucken, an der langen Kante wenden, in Originalgröße (100 %), dann an den Schnittmarken schneiden.
print-sheet-cards = { $game } · { $count ->
    [one] Karte { $first }
   *[other] Karten { $first }–{ $last }
  } · { $face } · Seite { $page } von { $pages }
print-sheet-tokens = { $game } · Steine und Spielfeld · Seite { $page } von { $pages }
print-sheet-token-backs = { $game } · Rückseiten der Steine · Seite { $page } von { $pages }
print-face-front = Vorderseiten
print-face-back = Rückseiten
print-card = Nr. { $n }
print-cm-difficulty = Genau: im Mittel { $mean } Züge ab einer neuen Auslage, schlimmstenfalls { $max } { $max ->
    [one] Zug
   *[other] Züge
  }
print-royal-difficulty = Genaue Zugzahl ab jeder Stellung:
print-royal-level = Stufe { $level }: im Mittel { $mean }, schlimmstenfalls { $max }
print-board = Das Spielfeld
print-tokens-cm = Die Steine: an den gestrichelten Linien ausschneiden. Die Schiebeseite ist auf dieser Seite, die Schachseite auf der Rückseite.
print-tokens-royal = Die Figuren: an den gestrichelten Linien ausschneiden. Die Rückseite zeigt dieselbe Figur.
print-rules = Die Regeln in Kürze
print-made = Deck { $seed }, von Tabula erstellt: jede Aufgabe exakt gelöst.
