# QuickChess: его страница, названия вариантов, Олимпиада, QuickChess вслепую и доска анализа.

quickchess-variant = Игра
quickchess-lead = Шахматы на доске 5x6, которые осваивают по одной фигуре: учебные партии буклета, полный QuickChess с его вариантами и, наконец, обычные шахматы.
quickchess-playWhite = Играю белыми
quickchess-playBlack = Играю чёрными
quickchess-how1 = Фигуры ходят как в шахматах. В учебных партиях шаха нет: побеждает пешка, дошедшая до дальнего края, и взятие всех фигур соперника; кому нечем ходить, тот пропускает ход; если ходить не может никто, решает самая продвинутая пешка (затем — число пешек).
quickchess-how2 = В полном QuickChess пешка, дошедшая до последней горизонтали, возвращает потерянную фигуру (или становится принцем, который ходит как ферзь, если потерь нет). Пешки ходят на одно поле, рокировки нет, побеждает мат. В QuickChess вслепую каждый сначала втайне расставляет фигуры на своей половине.
quickchess-offerDraw = Предложить ничью
quickchess-acceptDraw = Принять ничью
quickchess-choosePiece = Ваша пешка дошла до последней горизонтали. Выберите фигуру:
quickchess-captured = Взятые фигуры и перевес в материале
quickchess-analyse = Анализировать позицию
quickchess-title = { $lesson ->
    [yes] QuickChess: { $title }
   *[no] { $title }
  }
quickchess-yourMove = Ваш ход ({ $side ->
    [white] белые
   *[black] чёрные
  }).
quickchess-yourMoveCheck = Шах! Ваш ход ({ $side ->
    [white] белые
   *[black] чёрные
  }).
quickchess-toMove = Ход: { $name } ({ $side ->
    [white] белые
   *[black] чёрные
  }).
quickchess-toMoveCheck = Шах! Ход: { $name } ({ $side ->
    [white] белые
   *[black] чёрные
  }).
quickchess-drawOffered = { $name } предлагает ничью.
quickchess-rescuable = Пешка, дошедшая до последней горизонтали, может вернуть: { $pieces }.

## варианты, названия как в буклете
variant-power-pawns = Могучие пешки
variant-pawn-blasters = Пешечный рывок
variant-kings-conquest = Королевский поход
variant-raging-rooks = Неистовые ладьи
variant-bishops = Слоны
variant-mean-queens = Грозные ферзи
variant-rescue-the-queen = Спасите ферзя
variant-krazy-knights = Безумные кони
variant-quickchess = QuickChess
variant-quickchess-classic = QuickChess, прежняя расстановка
variant-quickchess-fsf = QuickChess по правилам программы Fairy-Stockfish
variant-queens-pro = Расстановка профи: ферзевый фланг
variant-kings-pro = Расстановка профи: королевский фланг
variant-blind = QuickChess вслепую
variant-olympics = Олимпиада QuickChess
variant-chess = Шахматы
variant-withBlasters = { $game } с пешечным рывком
variant-mix = Свой набор: пешки, { $pieces }
variant-long = { $title }: { $words }
variant-power-pawns-long = по пять пешек; дойдите до дальнего края или возьмите всё
variant-kings-conquest-long = пешки и король, которого можно взять
variant-raging-rooks-long = пешки и ладья
variant-bishops-long = пешки и слон
variant-mean-queens-long = пешки и ферзь
variant-rescue-the-queen-long = возьмите все пешки; первая дошедшая до края становится ферзём
variant-krazy-knights-long = пешки и конь
variant-quickchess-long = полная игра, расстановка из коробки; пешки возвращают взятые фигуры
variant-quickchess-classic-long = расстановка N Q K B R
variant-quickchess-fsf-long = превращение только в ферзя
variant-pawn-blasters-long = первый ход пешки на два поля и взятие на проходе
variant-quickchess-blasters-long = QuickChess с первым ходом пешки на два поля
variant-queens-pro-long = с рокировкой
variant-kings-pro-long = с рокировкой
variant-blind-long = каждый втайне расставляет свои фигуры
variant-olympics-long = пять партий подряд: победа — 1 очко, ничья — 1/2
variant-chess-long = обычная игра на доске 8x8

## Олимпиада
olympics-now = Олимпиада, партия { $game } из { $of }: { $first } { $a }, { $second } { $b }
olympics-over = { $tie ->
    [yes] Олимпиада окончена: ничья, { $a } : { $b }.
   *[no] Олимпиада окончена: побеждает { $winner }, { $a } : { $b }.
  }
olympics-result = { $game }: { $result }

## QuickChess вслепую
blind-title = QuickChess вслепую
blind-watching = Игроки втайне расставляют фигуры.
blind-yourSetup = ваша расстановка
blind-done = Ваши фигуры расставлены. Ждём соперника.
blind-place = Расставьте фигуры на своей половине: выберите фигуру, затем поле (нажмите на поставленную фигуру, чтобы убрать её).
blind-left = { $piece }: осталось { $count }
blind-opponent = Соперник расставил { $count } из 10 фигур.
blind-replay = Тайная расстановка: { $white } и { $black } из 10 фигур (скрыты, пока оба не закончат).

## доска анализа
analysis-title = Доска анализа
analysis-fen = Позиция (FEN)
analysis-fenPlaceholder = FEN (пусто — начальная позиция)
analysis-setUp = Расставить
analysis-evaluate = Оценить
analysis-takeBack = Вернуть ход
analysis-reset = Сначала
analysis-tryMoves = Двигайте фигуры, чтобы пробовать ходы.
analysis-best = Лучший ход:
analysis-playComputer = Играть отсюда с компьютером
analysis-playTwo = Играть отсюда вдвоём
analysis-toMove = { $side ->
    [white] Ход белых.
   *[black] Ход чёрных.
  }
analysis-toMoveCheck = { $side ->
    [white] Ход белых, им шах.
   *[black] Ход чёрных, им шах.
  }
analysis-moves = Ходы: { $moves }
analysis-mateIn = мат в { $moves } { $moves ->
    [one] ход
    [few] хода
   *[many] ходов
  }
analysis-score = ({ $side ->
    [white] ход белых
   *[black] ход чёрных
  }: { $score })
analysis-line = Вариант: { $line }
analysis-depth = глубина { $depth }, { $nodes } { $nodes ->
    [one] позиция
    [few] позиции
   *[many] позиций
  }
analysis-fenIs = FEN: { $fen }
quickchess-noMove = Ходить нечем:
quickchess-pass = Пропустить ход
verdict-source = Точно: по эндшпильным таблицам или решателю учебных партий
verdict-mate = { $winner ->
    [white] Белые ставят
   *[black] Чёрные ставят
  } мат в { $n } { $n ->
    [one] ход
    [few] хода
   *[many] ходов
  }
verdict-checkmated = { $winner ->
    [white] Чёрным
   *[black] Белым
  } поставлен мат
verdict-win_in_plies = решено: { $winner ->
    [white] белые выигрывают
   *[black] чёрные выигрывают
  } за { $n } { $n ->
    [one] полуход
    [few] полухода
   *[many] полуходов
  }
verdict-win_by_tie_break = решено: { $winner ->
    [white] белые выигрывают
   *[black] чёрные выигрывают
  } по дополнительному показателю
verdict-draw = решено: ничья
verdict-win = решено: { $winner ->
    [white] белые выигрывают
   *[black] чёрные выигрывают
  }
coach-title = Тренер
coach-hide = Скрыть тренера
coach-show = Показать тренера
coach-thinking = Тренер смотрит позицию…
coach-unknown = Тренер пока не знает эту позицию: он знает дебюты игр, решённых на полной доске, и позиции, где осталось мало пешек.
coach-wins = При лучшей игре { $side ->
    [white] белые выигрывают
   *[black] чёрные выигрывают
  }.
coach-draw = При лучшей игре это ничья.
coach-lost = { $who ->
    [you] Ваш ход упустил
    [white] Ход белых упустил
   *[black] Ход чёрных упустил
  } { $what ->
    [win] выигрыш
   *[draw] ничью
  }: при лучшей игре теперь { $now ->
    [draw] ничья
   *[loss] проигрыш
  }.
coach-kept = Ваш ход сохранил оценку.
coach-showBest = Показать лучшие ходы
coach-hideBest = Скрыть лучшие ходы
coach-bestList = Ходы, сохраняющие оценку: { $moves }
coach-bestLosing = Все ходы проигрывают; дольше всего держится: { $moves }
coach-fromBook = Из книги игры, решённой на полной доске
coach-fromTable = Позиция решена до конца
analysis-matedIn = мат через { $moves } { $moves ->
    [one] ход
    [few] хода
   *[many] ходов
  } в пользу соперника
analysis-perfectPlay = Лучший ход при точной игре: { $move }
