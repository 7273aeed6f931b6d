# QuickChess: seine Seite, die Namen der Varianten, die Olympiade, verdecktes QuickChess und das Analysebrett.

quickchess-variant = Spiel
quickchess-lead = Schach auf einem 5x6-Brett, Figur für Figur gelernt: die Lernpartien des Hefts, volles QuickChess mit seinen Optionen, bis zum klassischen Schach.
quickchess-playWhite = Ich spiele Weiß
quickchess-playBlack = Ich spiele Schwarz
quickchess-how1 = Die Figuren ziehen wie im Schach. In den Lernpartien gibt es kein Schach: Ein Bauer, der den anderen Rand erreicht, gewinnt, ebenso das Schlagen aller Figuren; wer nicht ziehen kann, setzt aus; kann niemand ziehen, entscheidet der am weitesten vorgerückte Bauer (dann die Zahl der Bauern).
quickchess-how2 = Im vollen QuickChess rettet ein Bauer auf der letzten Reihe eine verlorene Figur (einen Prinzen, der wie eine Dame zieht, wenn du keine verloren hast). Bauern ziehen ein Feld, es gibt keine Rochade, und Schachmatt gewinnt. Verdecktes QuickChess beginnt damit, dass jeder seine Figuren ungesehen auf seiner Hälfte aufstellt.
quickchess-offerDraw = Remis anbieten
quickchess-acceptDraw = Remis annehmen
quickchess-choosePiece = Dein Bauer hat die letzte Reihe erreicht. Wähle die Figur:
quickchess-captured = Geschlagene Figuren und der Materialvorsprung
quickchess-analyse = Diese Stellung analysieren
quickchess-title = { $lesson ->
    [yes] QuickChess: { $title }
   *[no] { $title }
  }
quickchess-yourMove = Du bist am Zug ({ $side ->
    [white] Weiß
   *[black] Schwarz
  }).
quickchess-yourMoveCheck = Schach! Du bist am Zug ({ $side ->
    [white] Weiß
   *[black] Schwarz
  }).
quickchess-toMove = { $name } ({ $side ->
    [white] Weiß
   *[black] Schwarz
  }) ist am Zug.
quickchess-toMoveCheck = Schach! { $name } ({ $side ->
    [white] Weiß
   *[black] Schwarz
  }) ist am Zug.
quickchess-drawOffered = { $name } bietet Remis an.
quickchess-rescuable = Ein Bauer auf der letzten Reihe kann zurückholen: { $pieces }.

## die Varianten, wie das Heft sie nennt
variant-power-pawns = Starke Bauern
variant-pawn-blasters = Bauernsprint
variant-kings-conquest = Königsfeldzug
variant-raging-rooks = Wilde Türme
variant-bishops = Läufer
variant-mean-queens = Fiese Damen
variant-rescue-the-queen = Rettet die Dame
variant-krazy-knights = Verrückte Springer
variant-quickchess = QuickChess
variant-quickchess-classic = QuickChess, die ältere Aufstellung
variant-quickchess-fsf = QuickChess, wie Fairy-Stockfish es spielt
variant-queens-pro = Profi-Aufstellung am Damenflügel
variant-kings-pro = Profi-Aufstellung am Königsflügel
variant-blind = Verdecktes QuickChess
variant-olympics = QuickChess-Olympiade
variant-chess = Schach
variant-withBlasters = { $game } mit Bauernsprint
variant-mix = Bunt gemischt: Bauern, { $pieces }
variant-long = { $title }: { $words }
variant-power-pawns-long = fünf Bauern je Seite; erreiche den anderen Rand oder schlag alles
variant-kings-conquest-long = Bauern und ein König, der geschlagen werden kann
variant-raging-rooks-long = Bauern und ein Turm
variant-bishops-long = Bauern und ein Läufer
variant-mean-queens-long = Bauern und eine Dame
variant-rescue-the-queen-long = schlag alle Bauern; der erste am Rand wird zur Dame
variant-krazy-knights-long = Bauern und ein Springer
variant-quickchess-long = das volle Spiel, Aufstellung aus der Schachtel; Bauern retten geschlagene Figuren
variant-quickchess-classic-long = die Aufstellung N Q K B R
variant-quickchess-fsf-long = Umwandlung nur in eine Dame
variant-pawn-blasters-long = Doppelschritt beim ersten Zug und en passant
variant-quickchess-blasters-long = QuickChess mit Doppelschritt beim ersten Bauernzug
variant-queens-pro-long = mit Rochade
variant-kings-pro-long = mit Rochade
variant-blind-long = jede Seite stellt ihre Figuren ungesehen auf
variant-olympics-long = fünf Partien hintereinander, ein Sieg 1 Punkt, ein Remis 1/2
variant-chess-long = das klassische Spiel auf 8x8

## die Olympiade
olympics-now = Olympiade, Partie { $game } von { $of }: { $first } { $a }, { $second } { $b }
olympics-over = { $tie ->
    [yes] Die Olympiade ist vorbei: Gleichstand, { $a } zu { $b }.
   *[no] Die Olympiade ist vorbei: { $winner } gewinnt, { $a } zu { $b }.
  }
olympics-result = { $game }: { $result }

## verdecktes QuickChess
blind-title = Verdecktes QuickChess
blind-watching = Die Spieler stellen ihre Figuren ungesehen auf.
blind-yourSetup = deine Aufstellung
blind-done = Deine Figuren stehen. Warte auf deinen Gegner.
blind-place = Stell deine Figuren auf deiner Hälfte auf: erst eine Figur wählen, dann ein Feld (tippe auf eine gestellte Figur, um sie zurückzunehmen).
blind-left = { $piece }: noch { $count }
blind-opponent = Dein Gegner hat { $count } von 10 Figuren gestellt.
blind-replay = Verdeckte Aufstellung: { $white } und { $black } von 10 Figuren gestellt (verborgen, bis beide fertig sind).

## das Analysebrett
analysis-title = Analysebrett
analysis-fen = Stellung (FEN)
analysis-fenPlaceholder = FEN (leer: die Anfangsstellung)
analysis-setUp = Aufstellen
analysis-evaluate = Bewerten
analysis-takeBack = Zurücknehmen
analysis-reset = Zurücksetzen
analysis-tryMoves = Zieh die Figuren, um Züge auszuprobieren.
analysis-best = Bester Zug:
analysis-playComputer = Von hier gegen den Computer spielen
analysis-playTwo = Von hier zu zweit spielen
analysis-toMove = { $side ->
    [white] Weiß
   *[black] Schwarz
  } ist am Zug.
analysis-toMoveCheck = { $side ->
    [white] Weiß
   *[black] Schwarz
  } ist am Zug und steht im Schach.
analysis-moves = Züge: { $moves }
analysis-mateIn = Matt in { $moves }
analysis-score = ({ $side ->
    [white] Weiß
   *[black] Schwarz
  } am Zug: { $score })
analysis-line = Variante: { $line }
analysis-depth = Tiefe { $depth }, { $nodes } Stellungen
analysis-fenIs = FEN: { $fen }
quickchess-noMove = Keine Figur kann ziehen:
quickchess-pass = Passen
verdict-source = Exakt: aus den Endspieltabellen oder dem Löser der Lernpartien
verdict-mate = { $winner ->
    [white] Weiß
   *[black] Schwarz
  } setzt matt in { $n }
verdict-checkmated = { $winner ->
    [white] Schwarz
   *[black] Weiß
  } ist schachmatt
verdict-win_in_plies = gelöst: { $winner ->
    [white] Weiß
   *[black] Schwarz
  } gewinnt in { $n } { $n ->
    [one] Halbzug
   *[other] Halbzügen
  }
verdict-win_by_tie_break = gelöst: { $winner ->
    [white] Weiß
   *[black] Schwarz
  } gewinnt durch die Wertung
verdict-draw = gelöst: remis
verdict-win = gelöst: { $winner ->
    [white] Weiß
   *[black] Schwarz
  } gewinnt
coach-title = Trainer
coach-hide = Trainer ausblenden
coach-show = Trainer zeigen
coach-thinking = Der Trainer sieht sich die Stellung an…
coach-unknown = Der Trainer kennt diese Stellung noch nicht: Er kennt die Eröffnungen der auf dem ganzen Brett gelösten Spiele und Stellungen mit wenigen Bauern.
coach-wins = Bei bestem Spiel gewinnt { $side ->
    [white] Weiß
   *[black] Schwarz
  }.
coach-draw = Bei bestem Spiel ist das remis.
coach-lost = { $who ->
    [you] Dein Zug hat
    [white] Der Zug von Weiß hat
   *[black] Der Zug von Schwarz hat
  } { $what ->
    [win] den Sieg
   *[draw] das Remis
  } verspielt: Bei bestem Spiel ist es jetzt { $now ->
    [draw] remis
   *[loss] verloren
  }.
coach-kept = Dein Zug hat die Bewertung gehalten.
coach-showBest = Beste Züge zeigen
coach-hideBest = Beste Züge ausblenden
coach-bestList = Züge, die die Bewertung halten: { $moves }
coach-bestLosing = Jeder Zug verliert; am zähesten: { $moves }
coach-fromBook = Aus dem Buch des auf dem ganzen Brett gelösten Spiels
coach-fromTable = Die Stellung ist bis zum Ende gelöst
analysis-matedIn = wird matt in { $moves }
analysis-perfectPlay = Perfektes Spiel: { $move }
