# Дебютный справочник (explorer.js): что играли из позиции в партиях на Tabula.

explorer-title = Дебютный справочник
explorer-filters = Фильтры
explorer-ratedOnly = Только рейтинговые партии
explorer-band = Средний рейтинг игроков
explorer-bandAll = Любой рейтинг
explorer-bandRange = Средний рейтинг { $range }
explorer-speeds = Контроль времени
explorer-speed-ultrabullet = Ультрапуля
explorer-speed-bullet = Пуля
explorer-speed-blitz = Блиц
explorer-speed-rapid = Рапид
explorer-speed-classical = Классика
explorer-speed-correspondence = По переписке
explorer-speed-untimed = Без часов
explorer-speed-computer = Против компьютера
explorer-player = Партии одного игрока
explorer-playerPlaceholder = Имя игрока (необязательно)
explorer-color = Цвет игрока
explorer-asWhite = белыми
explorer-asBlack = чёрными
explorer-engine = Оценка каждого хода движком
explorer-noSpeed = Выберите хотя бы один контроль времени.
explorer-games = { $games ->
    [one] { $games } партия
    [few] { $games } партии
   *[many] { $games } партий
  }
explorer-score = Белые выиграли { $white }%, ничьи { $draws }%, чёрные выиграли { $black }%
explorer-none = Ни одна такая партия ещё не доходила до этой позиции.
explorer-recent = Последние партии
explorer-recentGame = { $white } – { $black }, { $result } ({ $move })
explorer-rating = средний рейтинг { $rating }
explorer-engineCp = движок { $score }
explorer-engineMate = движок: мат в { $moves }
explorer-play = Сыграть { $move } ({ $games ->
    [one] { $games } партия
    [few] { $games } партии
   *[many] { $games } партий
  })
# the explorer's tab on a phone (tabs.js)
explorer-tab = Дебюты
