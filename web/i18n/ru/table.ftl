# Игровой стол (ходы, возвраты ходов, реванши), приглашения, записи партий и линия решения.

table-you = вы
table-moves = Ходы
table-noMoves = Ходов пока нет.
table-backToGame = Вернуться к партии
table-flip = Перевернуть доску
table-flipShort = Перевернуть
table-takeback = Вернуть ход
table-takebackWaiting = Вы попросили вернуть свой последний ход; ждём ответа.
table-acceptTakeback = Разрешить вернуть ход
table-declineTakeback = Отказать
table-resign = Сдаться
table-resignQuestion = Сдать эту партию?
table-rematch = Реванш
table-acceptRematch = Принять реванш
table-declineRematch = Отклонить
table-rematchWaiting = Вы предложили реванш; ждём соперника.
table-toRematch = Перейти к реваншу
table-ratingChange = { $name }: { $before } → { $after } ({ $change })
table-newGame = Новая партия с теми же настройками
table-closed = Партия закончилась здесь: все игроки ушли, а компьютер один не играет.
table-tooShortToRate = Без рейтинга: партия закончилась раньше, чем каждый игрок сделал по два хода.
invite-waiting = Ждём соперника.
invite-sendLink = Отправьте ему эту ссылку:
invite-take = Занять свободное место
table-viewing = Показан ход { $step } из { $total }.
table-takebackAsked = { $name } просит вернуть свой последний ход.
table-rematchOffered = { $name } предлагает реванш со сменой сторон.
table-rematchDeclined = { $name } отклоняет реванш.
invite-from = { $name } приглашает вас сыграть: { $game }.
invite-terms = Вы играли бы { $side ->
    [white] белыми
    [black] чёрными
    [blue] синими
   *[red] красными
  }; контроль времени: { $clock }.
duel-computer = Компьютер, уровень { $level }
seat-computerN = Компьютер { $n }, уровень { $level }
say-moved = { $piece }: с { $from } на { $to }
clock-speed = { $speed ->
    [ultrabullet] Ультрапуля
    [bullet] Пуля
    [blitz] Блиц
    [rapid] Рапид
    [correspondence] По переписке
   *[classical] Классика
  }
line-start = начало, затем { $total } { $total ->
    [one] движение
    [few] движения
   *[many] движений
  }
line-step = движение { $step } из { $total }: { $move }

## записи партий
replay-link = Запись
replay-first = В начало
replay-prev = Шаг назад
replay-next = Шаг вперёд
replay-last = В конец
replay-play = Воспроизвести
replay-pause = Пауза
replay-copyLink = Ссылка на этот шаг
replay-timer = время вышло
replay-closed = партия закрыта: все игроки ушли
replay-act-retry = заново с начала
replay-act-next = следующая карта
replay-act-abandon = забег прерван
replay-title = Запись партии: { $game }
replay-players = { $players }
replay-step = шаг { $step } из { $total }
replay-querniTurn = { $side ->
    [blue] Синие
   *[red] Красные
  }: { $turn }
replay-chessMove = { $side ->
    [white] Белые
   *[black] Чёрные
  }: { $san }
replay-announce = { $name } объявляет { $bid }
replay-cmMove = { $name }: движение { $mv }
replay-soloMove = движение { $mv }
replay-card = карта { $card }: { $action }
replay-act-place = { $name }: фигура поставлена
replay-act-unplace = { $name }: фигура снята
replay-act-resign = { $name }: сдача
replay-act-offer_draw = { $name } предлагает ничью
replay-act-offer_takeback = { $name } просит вернуть ход
replay-act-accept_takeback = { $name } разрешает вернуть ход
replay-act-decline_takeback = { $name } не разрешает вернуть ход
replay-act-stop = { $name } останавливается
replay-act-give_up = { $name } сдаётся
replay-act-challenge = { $name } оспаривает
replay-act-accept = { $name } даёт объявившему играть
# correspondence games: days a move, the time left in days, the "your turn" list
clock-correspondence = Дни на ход
clock-days = { $days ->
    [one] { $days } день на ход
    [few] { $days } дня на ход
   *[many] { $days } дней на ход
  }
clock-daysLeft = { $days } д { $hours } ч
turns-title = Ваш ход
turns-line = против { $name }, осталось { $time }
turns-count = { $count ->
    [one] Ваш ход в { $count } партии
   *[other] Ваш ход в { $count } партиях
  }
# on a phone the panels beside the board take turns as tabs (tabs.js)
tabs-panels = Что показывает панель
tabs-game = Партия
tabs-position = Позиция
