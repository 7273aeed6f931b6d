# Рамка каждой страницы: шапка, настройки, общие слова (фигуры, стороны, формы, доска, часы), главная страница.

nav-checkmates = Три на три
nav-royal = The Royal Study
nav-querni = Querni
nav-quickchess = QuickChess
nav-solver = Решатель
nav-daily = Задача дня
nav-signIn = Войти
notFound-title = Страница не найдена
notFound-back = Вернуться в Tabula
game-checkmates = Три на три
game-royal = The Royal Study
game-querni = Querni
game-quickchess = QuickChess
prefs-theme-auto = Цвета: как в системе (нажмите для тёмных)
prefs-theme-dark = Цвета: тёмные (нажмите для светлых)
prefs-theme-light = Цвета: светлые (нажмите, чтобы следовать системе)
prefs-soundOn = Звук включён (нажмите, чтобы выключить)
prefs-soundOff = Звук выключен (нажмите, чтобы включить)
net-reconnecting = Связь потеряна: переподключаемся…
net-notConnected = Связи с сервером ещё нет; попробуйте через мгновение
net-lost = Связь оборвалась раньше, чем сервер ответил; попробуйте ещё раз
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
game-kind-royal-solo = The Royal Study, соло
game-kind-royal-match = The Royal Study, матч
game-kind-querni = Querni
game-kind-querni-local = Querni за одним экраном
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
home-lead = Четыре игры на маленьких досках: точные правила, безошибочный решатель или компьютерный соперник и игра прямо в браузере — в одиночку, с ботами или с друзьями по ссылке.
home-checkmates = Семь жетонов на поле 3x3 и карта задания. Посчитайте в уме, за сколько движений жетоны лягут как на карте (карту можно поворачивать, но не отражать). Назовите своё число; за пять секунд любой может перебить вас меньшим. Последний назвавший доказывает ответ на поле.
home-royal = Король, ферзь, ладья, слон и конь на поле 3x3. Расставьте фигуры как на карте за наименьшее число шахматных ходов. На уровне 2 карту можно поворачивать, на уровне 3 ещё и отражать; каждое такое действие стоит хода. Объявите, оспорьте, выполните: кто первым наберёт шесть очков.
home-querni = Дуэль нумерованных фишек на доске 10x7: шаг или прыжки (через фишки любого цвета, сколько позволяют прыжки), затем снимите цепочку из трёх и более своих чисел подряд, стоящих рядом. Уберите все шестнадцать, чтобы победить, но не оставляйте чисел, которые уже не сложатся в цепочку.
home-quickchess = Шахматы на доске 5x6, которые осваивают по одной фигуре через учебные партии буклета (пешка на дальнем краю побеждает), вплоть до полного QuickChess, где дошедшая пешка возвращает потерянную фигуру, Blind QuickChess и шахмат 8x8. Играйте с компьютером на восьми уровнях, с другом или анализируйте.
home-play = Играть
home-daily = Задача дня
home-leaderboards = Рейтинги
home-howToPlay = Как играть
home-recent = Недавние партии
home-loading = Загрузка…
home-noRecent = Завершённых партий пока нет.
home-recentFailed = Не удалось загрузить недавние партии.

## what a board shows, for screen readers (the layout is the board in text)
label-position = позиция { $layout }
label-board = поле { $layout }
label-task = задание { $layout }
label-line = линия { $layout }
label-pieces = фигуры { $layout }
label-card = карта { $layout }
