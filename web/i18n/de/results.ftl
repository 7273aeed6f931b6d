# Wie eine Partie endete: QuickChess (und Schach) und Querni.
# $side ist die Farbe des Siegers, $name sein Name; $loser und $loserName der andere Spieler.

end-win = { $side ->
    [white] Weiß
   *[black] Schwarz
  } ({ $name }) gewinnt.
end-win-checkmate = { $side ->
    [white] Weiß
   *[black] Schwarz
  } ({ $name }) gewinnt durch Schachmatt.
end-win-timeout = { $side ->
    [white] Weiß
   *[black] Schwarz
  } ({ $name }) gewinnt auf Zeit.
end-win-resignation = { $side ->
    [white] Weiß
   *[black] Schwarz
  } ({ $name }) gewinnt: { $loser ->
    [white] Weiß
   *[black] Schwarz
  } ({ $loserName }) hat aufgegeben.
end-win-pawn_reached_edge = { $side ->
    [white] Weiß
   *[black] Schwarz
  } ({ $name }) gewinnt: Ein Bauer hat den anderen Rand erreicht.
end-win-all_pieces_captured = { $side ->
    [white] Weiß
   *[black] Schwarz
  } ({ $name }) gewinnt: Alle gegnerischen Figuren sind geschlagen.
end-win-all_pawns_captured = { $side ->
    [white] Weiß
   *[black] Schwarz
  } ({ $name }) gewinnt: Alle gegnerischen Bauern sind geschlagen.
end-win-tie_break_advanced_pawn = { $side ->
    [white] Weiß
   *[black] Schwarz
  } ({ $name }) gewinnt mit dem am weitesten vorgerückten Bauern.
end-win-tie_break_more_pawns = { $side ->
    [white] Weiß
   *[black] Schwarz
  } ({ $name }) gewinnt mit mehr Bauern.
end-drawFlag = Remis: { $side ->
    [white] Weiß
   *[black] Schwarz
  } ({ $name }) hat die Zeit überschritten, aber { $other ->
    [white] Weiß
   *[black] Schwarz
  } ({ $otherName }) hätte nicht gewinnen können.
end-draw = Remis.
end-draw-stalemate = Remis durch Patt.
end-draw-insufficient_material = Remis: Keine Seite kann mattsetzen.
end-draw-fifty_moves = Remis nach der Fünfzig-Züge-Regel.
end-draw-repetition = Remis durch dreifache Stellungswiederholung.
end-draw-tie_break_level = Remis: Die Wertung ist ausgeglichen.
end-draw-agreement = Remis durch Einigung.
end-draw-aborted = Partie abgebrochen: Ein erster Zug kam nicht rechtzeitig. Nicht gewertet.
end-tieBreak = Die Wertung entschied: { $why }.
end-tie-deadlock = Alle Bauern sind blockiert: keine Seite hatte einen legalen Zug
end-tie-fifty_moves = fünfzig Züge ohne Schlagen oder Bauernzug
end-tie-repetition = dreifache Stellungswiederholung

querni-end-draw = Remis: dreißig Züge ohne Abräumen.
querni-end-aborted = Partie abgebrochen: { $side ->
    [blue] Blau
   *[red] Rot
  } ({ $name }) hat den ersten Zug nicht rechtzeitig gemacht. Nicht gewertet.
querni-end-win = { $side ->
    [blue] Blau
   *[red] Rot
  } ({ $name }) gewinnt.
querni-end-all_removed = { $side ->
    [blue] Blau
   *[red] Rot
  } ({ $name }) gewinnt: Alle sechzehn Steine sind abgeräumt.
querni-end-resigned = { $side ->
    [blue] Blau
   *[red] Rot
  } ({ $name }) gewinnt: { $loser ->
    [blue] Blau
   *[red] Rot
  } ({ $loserName }) hat aufgegeben.
querni-end-timeout = { $side ->
    [blue] Blau
   *[red] Rot
  } ({ $name }) gewinnt auf Zeit: { $loser ->
    [blue] Blau
   *[red] Rot
  } ({ $loserName }) hat die Zeit überschritten.
querni-end-stranded = { $side ->
    [blue] Blau
   *[red] Rot
  } ({ $name }) gewinnt: { $loser ->
    [blue] Blau
   *[red] Rot
  } ({ $loserName }) hat eine Kette abgeräumt und { $numbers } zurückgelassen, die nie mehr eine Dreierkette bilden { $count ->
    [one] kann
   *[other] können
  }.
