# How a game ended, in words: QuickChess (and chess) and Querni.
# $side is the winner's colour and $name their name; $loser and $loserName the other player.

end-win = { $side ->
    [white] White
   *[black] Black
  } ({ $name }) wins.
end-win-checkmate = { $side ->
    [white] White
   *[black] Black
  } ({ $name }) wins by checkmate.
end-win-timeout = { $side ->
    [white] White
   *[black] Black
  } ({ $name }) wins on time.
end-win-resignation = { $side ->
    [white] White
   *[black] Black
  } ({ $name }) wins: { $loser ->
    [white] White
   *[black] Black
  } ({ $loserName }) resigned.
end-win-pawn_reached_edge = { $side ->
    [white] White
   *[black] Black
  } ({ $name }) wins: a pawn reached the far edge.
end-win-all_pieces_captured = { $side ->
    [white] White
   *[black] Black
  } ({ $name }) wins: every opposing piece was captured.
end-win-all_pawns_captured = { $side ->
    [white] White
   *[black] Black
  } ({ $name }) wins: every opposing pawn was captured.
end-win-tie_break_advanced_pawn = { $side ->
    [white] White
   *[black] Black
  } ({ $name }) wins with the most advanced pawn.
end-win-tie_break_more_pawns = { $side ->
    [white] White
   *[black] Black
  } ({ $name }) wins with more pawns.
end-drawFlag = Draw: { $side ->
    [white] White
   *[black] Black
  } ({ $name }) ran out of time, but { $other ->
    [white] White
   *[black] Black
  } ({ $otherName }) could not have won.
end-draw = Draw.
end-draw-stalemate = Draw by stalemate.
end-draw-insufficient_material = Draw: neither side can checkmate.
end-draw-fifty_moves = Draw by the fifty-move rule.
end-draw-repetition = Draw by threefold repetition.
end-draw-tie_break_level = Draw: the tie-break is level.
end-draw-agreement = Draw by agreement.
end-draw-aborted = Game aborted: a first move was not made in time. Not rated.
end-tieBreak = The tie-break decided: { $why }.
end-tie-deadlock = all pawns deadlocked: neither side had a legal move
end-tie-fifty_moves = fifty moves without a capture or pawn move
end-tie-repetition = threefold repetition

querni-end-draw = Draw: thirty turns without a removal.
querni-end-aborted = Game aborted: { $side ->
    [blue] Blue
   *[red] Red
  } ({ $name }) did not play a first turn in time. Not rated.
querni-end-win = { $side ->
    [blue] Blue
   *[red] Red
  } ({ $name }) wins.
querni-end-all_removed = { $side ->
    [blue] Blue
   *[red] Red
  } ({ $name }) wins: all sixteen pieces removed.
querni-end-resigned = { $side ->
    [blue] Blue
   *[red] Red
  } ({ $name }) wins: { $loser ->
    [blue] Blue
   *[red] Red
  } ({ $loserName }) resigned.
querni-end-timeout = { $side ->
    [blue] Blue
   *[red] Red
  } ({ $name }) wins on time: { $loser ->
    [blue] Blue
   *[red] Red
  } ({ $loserName }) ran out of time.
querni-end-stranded = { $side ->
    [blue] Blue
   *[red] Red
  } ({ $name }) wins: { $loser ->
    [blue] Blue
   *[red] Red
  } ({ $loserName }) removed a chain that left { $count ->
    [one] the number { $numbers }, which
   *[other] the numbers { $numbers }, which
  } can never form a chain of three.
