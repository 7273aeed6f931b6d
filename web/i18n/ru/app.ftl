# Рамка каждой страницы: шапка, настройки, общие слова (фигуры, стороны, формы, доска, часы), главная страница.

nav-checkmates = Три на три
nav-royal = Королевский этюд
nav-querni = Кверни
nav-quickchess = QuickChess
nav-solver = Решатель
nav-daily = Задача дня
nav-puzzles = Задачи
nav-signIn = Войти
notFound-title = Страница не найдена
notFound-back = Вернуться в Tabula
game-checkmates = Три на три
game-royal = Королевский этюд
game-querni = Кверни
game-quickchess = QuickChess
prefs-theme-auto = Цвета: как в системе (нажмите для тёмных)
prefs-theme-dark = Цвета: тёмные (нажмите для светлых)
prefs-theme-light = Цвета: светлые (нажмите, чтобы следовать системе)
prefs-soundOn = Звук включён (нажмите, чтобы выключить)
prefs-soundOff = Звук выключен (нажмите, чтобы включить)
net-reconnecting = Связь потеряна: переподключаемся…
net-restarting = Сервер перезапускается: вернёмся через мгновение…
net-notConnected = Связи с сервером ещё нет; попробуйте через мгновение
net-lost = Связь оборвалась раньше, чем сервер ответил; попробуйте ещё раз
nav-menu = Меню
net-offline = Нет связи с интернетом: страницы, открытые раньше, по-прежнему доступны.
net-offlineGame = Нет связи с интернетом: ходы снова дойдут до партии, когда связь вернётся.
net-pageFailed = Страница не загрузилась: проверьте связь и откройте её снова.
share-copy = Копировать
share-copied = Ссылка скопирована
share-game = Ссылка на эту партию:
share-gameOrWatch = Ссылка на эту партию (для зрителей или для соперника):
dialog-cancel = Отмена
side-white = Белые
side-black = Чёрные
side-blue = Синие
side-red = Красные
piece-p = пешка
piece-n = конь
piece-b = слон
piece-r = ладья
piece-q = ферзь
piece-k = король
form-nickname = Ваше имя в игре
form-defaultName = Игрок
form-level = Уровень компьютера
form-color = Ваша сторона
form-playComputer = Играть с компьютером
form-playFriend = Играть с другом по сети
form-oneScreen = Двое за одним экраном
prefs-language = Язык
game-oneScreen = { $game } за одним экраном
game-kind-checkmates-solo = Три на три, соло-режим
game-kind-checkmates-party = Три на три, партия
game-kind-royal-solo = Королевский этюд, соло
game-kind-royal-match = Королевский этюд, матч
game-kind-querni = Кверни
game-kind-querni-local = Кверни за одним экраном
piece-colored = { $piece ->
    [p] { $color ->
        [white] белая
       *[black] чёрная
    } пешка
    [r] { $color ->
        [white] белая
       *[black] чёрная
    } ладья
    [n] { $color ->
        [white] белый
       *[black] чёрный
    } конь
    [b] { $color ->
        [white] белый
       *[black] чёрный
    } слон
    [q] { $color ->
        [white] белый
       *[black] чёрный
    } ферзь
   *[k] { $color ->
        [white] белый
       *[black] чёрный
    } король
  }
token-b = синий жетон
token-r = красный жетон
token-g = зелёный жетон
token-j = джокер
token-kingJoker = король (джокер)
need-sliding-b = нужен синий
need-sliding-r = нужен красный
need-sliding-g = нужен зелёный
need-chess-R = нужна ладья
need-chess-N = нужен конь
need-chess-Q = нужен ферзь
need-chess-w = нужна белая фигура
need-chess-b = нужна чёрная фигура
form-computerLevel = Компьютер, уровень { $level }
form-levelStrongest = Компьютер, уровень { $level } (сильнейший)

## доска
board-label = доска
board-role = игровая доска
board-notYourTurn = Сейчас не ваш ход.
board-square = { $square }, { $piece }
board-empty = { $square }, пусто
board-cannotGo = Фигура с { $from } не может пойти на { $to }.
board-noMove = У фигуры на { $square } сейчас нет ходов.

## часы
clock-pick = Контроль времени
clock-none = Без часов
clock-custom = Своё время
clock-untimed = без часов
clock-minutes = Минуты
clock-increment = Секунд прибавки за ход
clock-control = { $minutes }+{ $increment } ({ $minutes } мин, +{ $increment } с за ход)
clock-left = { $side ->
    [white] Часы белых
    [black] Часы чёрных
    [blue] Часы синих
   *[red] Часы красных
  }: { $time }

## главная страница
home-title = Tabula
home-lead = Четыре игры на маленьких досках: точные правила, безошибочный решатель или компьютерный соперник и игра прямо в браузере — в одиночку, с компьютером или с друзьями по ссылке.
home-checkmates = Семь жетонов на поле 3x3 и карта задания. Посчитайте в уме, за сколько движений жетоны лягут как на карте (карту можно поворачивать, но не отражать). Назовите своё число; за пять секунд любой может перебить вас меньшим. Последний назвавший доказывает ответ на поле.
home-royal = Король, ферзь, ладья, слон и конь на поле 3x3. Расставьте фигуры как на карте за наименьшее число шахматных ходов. На уровне 2 карту можно поворачивать, на уровне 3 ещё и отражать; каждое такое действие стоит хода. Объявите, оспорьте, выполните: кто первым наберёт шесть очков.
home-querni = Дуэль нумерованных фишек на доске 10x7: шаг или прыжки (через фишки любого цвета, сколько позволяют прыжки), затем снимите цепочку из трёх и более своих чисел подряд, стоящих рядом. Уберите все шестнадцать, чтобы победить, но не оставляйте чисел, которые уже не сложатся в цепочку.
home-quickchess = Шахматы на доске 5x6, которые осваивают по одной фигуре через учебные партии буклета (пешка на дальнем краю побеждает), вплоть до полного QuickChess, где дошедшая пешка возвращает потерянную фигуру, QuickChess вслепую и шахмат 8x8. Играйте с компьютером на восьми уровнях, с другом или анализируйте.
home-play = Играть
home-daily = Задача дня
home-leaderboards = Рейтинги
home-howToPlay = Как играть
home-recent = Недавние партии
home-loading = Загрузка…
home-noRecent = Завершённых партий пока нет.
home-recentFailed = Не удалось загрузить недавние партии.
home-tagline = Четыре игры на маленьких досках, онлайн.
home-playNow = Играть сейчас
home-games = Игры

## what a board shows, for screen readers (the layout is the board in text)
label-position = позиция { $layout }
label-board = поле { $layout }
label-task = задание { $layout }
label-line = линия { $layout }
label-pieces = фигуры { $layout }
label-card = карта { $layout }

## the computer's review of a finished game (review.js), and games to take home
review-title = Компьютерный анализ
review-what = Компьютер разберёт каждый ход: насколько он изменил шансы на победу, какой ход компьютер сыграл бы сам и насколько точно играл каждый из соперников.
review-ask = Запросить анализ
review-again = Попробовать снова
review-asking = Запрос отправлен компьютеру…
review-waiting = { $place ->
    [1] Партия ждёт анализа: она следующая в очереди.
   *[other] Партия ждёт анализа: { $place }-е место в очереди.
}
review-running = Компьютер анализирует партию…
review-tooMany = У вас уже две партии ждут анализа: дождитесь, пока компьютер закончит одну из них.
review-busy = Сейчас у компьютера слишком много партий на анализ: попробуйте снова через { $s } с.
review-player = Игрок
review-accuracy = Точность
review-percent = { $n } %
review-count-inaccuracy = Неточности
review-count-mistake = Ошибки
review-count-blunder = Зевки
review-mark-inaccuracy = Неточность
review-mark-mistake = Ошибка
review-mark-blunder = Зевок
review-graph = { $side ->
    [blue] Шансы синих на победу, ход за ходом
   *[white] Шансы белых на победу, ход за ходом
}
review-atStart = Начало партии
review-graphValue = { $mark ->
    [inaccuracy] { $move } { $played }, неточность: { $eval }
    [mistake] { $move } { $played }, ошибка: { $eval }
    [blunder] { $move } { $played }, зевок: { $eval }
   *[none] { $move } { $played }: { $eval }
}
review-pick = Выберите ход в списке или на графике, чтобы узнать, что о нём думает компьютер.
review-mateIn = { $side ->
    [white] Белые ставят мат в { $moves } { $moves ->
        [one] ход
        [few] хода
       *[many] ходов
    }
   *[black] Чёрные ставят мат в { $moves } { $moves ->
        [one] ход
        [few] хода
       *[many] ходов
    }
}
review-querniChances = Шансы синих: { $percent } %
review-querniDecided = { $side ->
    [blue] Партия выиграна синими
   *[red] Партия выиграна красными
}
review-best = Лучше было { $move }
review-same = Компьютер сыграл бы так же
review-showLine = Показать лучший вариант
review-showTurn = Показать ход компьютера
review-turnBoard = ход компьютера, позиция { $layout }
review-line = Лучший вариант
review-lineFrom = Вместо { $played }:
review-linePrev = Предыдущий ход варианта
review-lineNext = Следующий ход варианта
review-lineStep = { $step } из { $total }
review-lineBack = Скрыть лучший вариант
review-turnBack = Скрыть ход компьютера
review-lineBoard = лучший вариант, позиция { $layout }
review-downloadPgn = Скачать PGN
review-downloadText = Скачать партию
review-downloadAll = Скачать партии (PGN)
pgn-paste = Вставить партию (PGN)
pgn-unreadable = Не удалось прочитать партию: { $why }
pgn-load = Загрузить партию
pgn-loaded = { $moves ->
    [one] Загружен { $moves } ход: на доске позиция после него.
    [few] Загружено { $moves } хода: на доске позиция после последнего.
   *[many] Загружено { $moves } ходов: на доске позиция после последнего.
}
