# Чем закончилась партия: QuickChess (и шахматы) и «Кверни».
# $side — цвет победителя, $name — его имя; $loser и $loserName — другой игрок.

end-win = Победа { $side ->
    [white] белых
   *[black] чёрных
  } ({ $name }).
end-win-checkmate = { $side ->
    [white] Белые
   *[black] Чёрные
  } ({ $name }) ставят мат и побеждают.
end-win-timeout = Победа { $side ->
    [white] белых
   *[black] чёрных
  } ({ $name }) по времени.
end-win-resignation = Победа { $side ->
    [white] белых
   *[black] чёрных
  } ({ $name }): { $loser ->
    [white] белые
   *[black] чёрные
  } ({ $loserName }) сдались.
end-win-pawn_reached_edge = Победа { $side ->
    [white] белых
   *[black] чёрных
  } ({ $name }): пешка дошла до дальнего края.
end-win-all_pieces_captured = Победа { $side ->
    [white] белых
   *[black] чёрных
  } ({ $name }): взяты все фигуры соперника.
end-win-all_pawns_captured = Победа { $side ->
    [white] белых
   *[black] чёрных
  } ({ $name }): взяты все пешки соперника.
end-win-tie_break_advanced_pawn = Победа { $side ->
    [white] белых
   *[black] чёрных
  } ({ $name }): самая продвинутая пешка.
end-win-tie_break_more_pawns = Победа { $side ->
    [white] белых
   *[black] чёрных
  } ({ $name }): больше пешек.
end-drawFlag = Ничья: у { $side ->
    [white] белых
   *[black] чёрных
  } ({ $name }) кончилось время, но { $other ->
    [white] белые
   *[black] чёрные
  } ({ $otherName }) не могли бы выиграть.
end-draw = Ничья.
end-draw-stalemate = Ничья: пат.
end-draw-insufficient_material = Ничья: ни одна сторона не может поставить мат.
end-draw-fifty_moves = Ничья по правилу пятидесяти ходов.
end-draw-repetition = Ничья: троекратное повторение позиции.
end-draw-tie_break_level = Ничья: дополнительный показатель равный.
end-draw-agreement = Ничья по соглашению.
end-draw-aborted = Партия прервана: первый ход не сделан вовремя. Без рейтинга.
end-tieBreak = Решил дополнительный показатель: { $why }.
end-tie-deadlock = все пешки заблокированы: ходов нет ни у одной стороны
end-tie-fifty_moves = пятьдесят ходов без взятия и хода пешкой
end-tie-repetition = троекратное повторение

querni-end-draw = Ничья: тридцать ходов подряд без снятия фишек.
querni-end-aborted = Партия прервана: { $side ->
    [blue] синие
   *[red] красные
  } ({ $name }) не сделали первый ход вовремя. Без рейтинга.
querni-end-win = Победа { $side ->
    [blue] синих
   *[red] красных
  } ({ $name }).
querni-end-all_removed = Победа { $side ->
    [blue] синих
   *[red] красных
  } ({ $name }): сняты все шестнадцать фишек.
querni-end-resigned = Победа { $side ->
    [blue] синих
   *[red] красных
  } ({ $name }): { $loser ->
    [blue] синие
   *[red] красные
  } ({ $loserName }) сдались.
querni-end-timeout = Победа { $side ->
    [blue] синих
   *[red] красных
  } ({ $name }) по времени: у { $loser ->
    [blue] синих
   *[red] красных
  } ({ $loserName }) кончилось время.
querni-end-stranded = Победа { $side ->
    [blue] синих
   *[red] красных
  } ({ $name }): { $loser ->
    [blue] синие
   *[red] красные
  } ({ $loserName }) сняли цепочку и оставили { $count ->
    [one] число { $numbers }, которое
   *[other] числа { $numbers }, которые
  } уже не сложатся в цепочку из трёх.
