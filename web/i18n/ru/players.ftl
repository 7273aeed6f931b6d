# Игроки: учётная запись, профили, рейтинги, лобби, задача дня и отказы сервера словами
# (по их виду; сервер сам пишет по-английски).

account-title = Ваша учётная запись: { $name }
account-signInOrUp = Вход и регистрация
account-lead = Учётная запись не обязательна: гости играют во все игры под любым именем. С ней ваши партии и рейтинги доступны в любом браузере, и в лобби можно играть на рейтинг. Партии, сыгранные в этом браузере как гость, станут вашими.
account-username = Имя (от 3 до 20 букв, цифр, _ или -)
account-password = Пароль (не короче 8 символов)
account-passwordShort = Пароль
account-logIn = Войти
account-signUp = Зарегистрироваться
account-signedIn = Вы вошли
account-signedInClaimed = Вы вошли; { $count ->
    [one] { $count } партия из этого браузера теперь ваша
    [few] { $count } партии из этого браузера теперь ваши
   *[many] { $count } партий из этого браузера теперь ваши
  }
account-profile = Ваш профиль
account-logOut = Выйти
account-logOutEverywhere = Выйти на всех устройствах
account-sessionsEnded = { $count ->
    [one] Завершён { $count } сеанс
    [few] Завершено { $count } сеанса
   *[many] Завершено { $count } сеансов
  }
account-changePassword = Сменить пароль
account-currentPassword = Текущий пароль
account-newPassword = Новый пароль
account-change = Сменить
account-passwordChanged = Пароль изменён; другие ваши сеансы завершены
account-delete = Удалить учётную запись
account-deleteExplain = Партии останутся и будут показаны как сыгранные удалённым игроком; рейтинги и имя исчезнут.
account-deleteMine = Удалить мою учётную запись
account-deleted = Учётная запись удалена
account-wrongLogin = Неверное имя или пароль.
account-wrongPassword = Неверный пароль.
account-nameTaken = Это имя уже занято; выберите другое.
account-badInput = Имя — от 3 до 20 букв, цифр, _ или -; пароль — не короче 8 символов.
account-slowDown = Слишком много попыток: подождите { $s } с и попробуйте снова.

profile-ratingHistory = история рейтинга
profile-won = победа
profile-lost = поражение
profile-drawn = ничья
profile-place = место { $place } из { $players }
profile-since = Играет с { $date }
profile-ratings = Рейтинги
profile-ratedGames = { $count ->
    [one] { $count } рейтинговая партия
    [few] { $count } рейтинговые партии
   *[many] { $count } рейтинговых партий
  }{ $provisional ->
    [yes] {" · предварительный"}
   *[no] {""}
  }
profile-noRated = Рейтинговых партий пока нет.
profile-games = Партии
profile-game = Игра
profile-played = Сыграно
profile-wonCol = Победы
profile-drawnCol = Ничьи
profile-lostCol = Поражения
profile-rated = на рейтинг
profile-casual = без рейтинга
profile-noSuchPlayer = Игрока с таким именем нет.

board-pool = Рейтинговый зачёт
board-rating = Рейтинг
board-games = Партии
board-nobody = Здесь пока ни у кого нет рейтинга.
board-poolOption = { $pool }: { $players } { $players ->
    [one] игрок
    [few] игрока
   *[many] игроков
  }
board-none = Рейтинговых партий пока никто не играл. Их играют между собой игроки, вошедшие в свой профиль: войдите и найдите в лобби соперника для рейтинговой партии.
board-signIn = Войти или зарегистрироваться
board-findRated = Найти соперника для рейтинговой партии
pool = { $game ->
    [checkmates] Три на три
    [royal] Королевский этюд
    [querni] Кверни
    [quickchess] QuickChess
   *[chess] Шахматы
  }{ $speed ->
    [untimed] {", без часов"}
    [ultrabullet] {", ультрапуля"}
    [bullet] {", пуля"}
    [blitz] {", блиц"}
    [rapid] {", рапид"}
    [classical] {", классика"}
    [correspondence] {", по переписке"}
   *[none] {""}
  }

pool-puzzles = { $game ->
    [querni] Задачи Querni
   *[quickchess] Задачи QuickChess
  }

lobby-title = Лобби
lobby-find = Найти соперника
lobby-chess8x8 = Шахматы (8x8)
lobby-game = Игра
lobby-variant = Вариант
lobby-rated = На рейтинг
lobby-ratedSignIn = На рейтинг (сначала войдите)
lobby-near = Только соперники с рейтингом ±200 от моего
lobby-seek = Искать партию
lobby-seekPlaced = Ваша заявка в лобби; не закрывайте эту страницу
lobby-quick = Быстрый подбор
lobby-nobodyWaiting = Никто не ждал такой партии: ваша заявка в лобби
lobby-ratedPool = На рейтинг · { $pool }
lobby-casual = Без рейтинга
lobby-seeks = Открытые заявки
lobby-noSeeks = Сейчас никто не ищет партию: оставьте заявку, и она будет ждать соперника здесь.
lobby-tables = Столы «Три на три», за которые можно сесть
lobby-hostTable = Стол игрока { $name }
lobby-seats = занято мест: { $seats } из { $max }
lobby-playing = Сейчас играют
lobby-versus = { $a } — { $b }
lobby-noGames = Сейчас никто не играет.
lobby-paired = Вашу заявку приняли: партия начинается
lobby-moreSeeks = { $count ->
    [one] и ещё { $count } заявка, она появится, когда уйдёт одна из этих
    [few] и ещё { $count } заявки, они появятся, когда уйдут эти
   *[many] и ещё { $count } заявок, они появятся, когда уйдут эти
}
player-registered = Зарегистрированный игрок

daily-puzzle-checkmates-sliding = Три на три, режим «Пятнашки»
daily-puzzle-checkmates-chess = Три на три, режим «Шахматы»
daily-puzzle-royal-1 = Королевский этюд, уровень 1
daily-puzzle-royal-2 = Королевский этюд, уровень 2
daily-puzzle-royal-3 = Королевский этюд, уровень 3
daily-lead = { $day }, { $weekday }: пять задач, одинаковых для всех, к концу недели сложнее. Время идёт с момента, когда вы открыли задачу; сначала меньше движений жетонов или ходов фигур, затем быстрее.
daily-streak = Ваша серия: { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[many] { $days } дней
  } подряд.
daily-noStreak = Решите сегодня одну задачу, чтобы начать серию.
# Три на три считает движения жетонов, как в правилах русского издания; Королевский этюд — ходы
# фигур ($game: checkmates или royal).
daily-solved = Решено за { $game ->
    [checkmates] { $moves ->
        [one] { $moves } движение
        [few] { $moves } движения
       *[many] { $moves } движений
    }
   *[royal] { $moves ->
        [one] { $moves } ход
        [few] { $moves } хода
       *[many] { $moves } ходов
    }
  }, { $time }{ $best ->
    [yes] : лучше невозможно.
   *[no] ; лучшее — { $optimum }.
  }
daily-start = Начать (часы пойдут сразу)
daily-bestPossible = Лучшее возможное: { $optimum }. Решили: { $solvers }.
daily-yesterday = Вчера ({ $day })
daily-yesterdayMoves = { $game ->
    [checkmates] { $moves ->
        [one] { $moves } движение:
        [few] { $moves } движения:
       *[many] { $moves } движений:
    }
   *[royal] { $moves ->
        [one] { $moves } ход:
        [few] { $moves } хода:
       *[many] { $moves } ходов:
    }
  }
daily-target = Цель
daily-targetLabel = цель { $layout }
daily-boardLabel = поле { $layout }
daily-soFar = { $game ->
    [checkmates] { $count ->
        [one] Пока { $count } движение
        [few] Пока { $count } движения
       *[many] Пока { $count } движений
    }
   *[royal] { $count ->
        [one] Пока { $count } ход
        [few] Пока { $count } хода
       *[many] Пока { $count } ходов
    }
  }; лучшее — { $optimum }.
daily-movesCol = { $game ->
    [checkmates] Движения
   *[royal] Ходы
  }
daily-undo = Отменить
daily-startAgain = Начать заново
daily-guest = Гость
daily-nobody = Сегодня её ещё никто не решил.

net-seatRemoved = Хозяин стола убрал ваше место: теперь вы зритель.
net-seatMoved = Теперь вы играете за место { $seat }.
error-bad_input = Сервер не смог прочитать этот запрос.
error-unauthorized = Сначала войдите.
error-forbidden = Здесь это делать нельзя.
error-not_found = Такой партии или страницы нет.
error-conflict = Сейчас это невозможно: партия уже ушла дальше.
error-timeout = Запрос шёл слишком долго: попробуйте ещё раз.
error-too_large = Слишком много данных для отправки.
error-refused = Правила этого не позволяют.
error-rate_limited = Слишком много запросов: подождите { $s } с и попробуйте снова.
error-unavailable = Сервер занят: попробуйте через { $s } с.
error-internal = Серверу не удалось это сделать; ошибка записана.

# Задачи (/puzzles): позиции QuickChess и Кверни, где лучше всего один ход или короткая
# серия ходов; рейтинг в задачах по каждой игре; серия всё более трудных задач.
puzzles-title = Задачи
puzzles-lead = Позиции, где лучше всего один ход или короткая серия ходов: найдите их. У каждой задачи есть рейтинг, и у вас тоже: решённая задача поднимает ваш рейтинг, промах опускает.
puzzles-game = Игра
puzzles-theme = Тема
puzzles-mode = Режим
puzzles-themeAll = Все темы
puzzles-mode-rated = С рейтингом: по силе
puzzles-mode-streak = Серия: всё труднее
puzzles-rating = Ваш рейтинг в задачах: { $rating }
puzzles-guestNote = (хранится в этом браузере; войдите, чтобы он хранился в вашей учётной записи)
puzzles-tried = Решено { $solved } из { $tried }
puzzles-streak = Серия: { $count }
puzzles-best = Рекорд: { $count }
puzzles-findMove = Найдите лучший ход за { $side ->
    [white] белых
   *[black] чёрных
  }.
puzzles-findTurn = Ход { $side ->
    [blue] синих
   *[red] красных
  }: найдите лучший ход.
puzzles-moves = { $count ->
    [one] Вам нужно сделать { $count } ход; соперник отвечает между ними.
    [few] Вам нужно сделать { $count } хода; соперник отвечает между ними.
   *[many] Вам нужно сделать { $count } ходов; соперник отвечает между ними.
  }
puzzles-goodMove = Хороший ход.
puzzles-replied = Хороший ход. { $side ->
    [white] Белые
   *[black] Чёрные
  } ответили { $move }: снова ваш ход.
puzzles-solved = Решено!
puzzles-wrong = Это не лучший ход.
puzzles-expectedMove = Лучший ход: { $move }.
puzzles-expectedTurn = Лучший ход: { $turn }.
puzzles-ratingChange = Ваш рейтинг: { $before } → { $after } ({ $change }).
puzzles-notRated = Рейтинг не изменился: вы уже пробовали решить эту задачу.
puzzles-notRated-seen = Без рейтинга: решение этой задачи сегодня уже показывали в этой сети или в этом браузере.
puzzles-notRated-limit = Без рейтинга: рейтинговые задачи на сегодня закончились. Решайте дальше, рейтинг снова изменится завтра.
puzzles-puzzleRating = Рейтинг задачи: { $rating }
puzzles-themes = Темы:
puzzles-next = Следующая задача
puzzles-showSolution = Показать решение
puzzles-solution = Решение
puzzles-solutionShown = Решение, с позиции задачи.
puzzles-stepFirst = Позиция задачи
puzzles-stepBack = Предыдущий ход решения
puzzles-stepForward = Следующий ход решения
puzzles-streakOver = Серия окончена: решено подряд — { $count }.
puzzles-startAgain = Начать заново
puzzles-none = Здесь не осталось задач: выберите другую тему или игру.
puzzles-tryAgain = Попробовать ещё раз
puzzles-theme-mate-in-1 = Мат в 1 ход
puzzles-theme-mate-in-2 = Мат в 2 хода
puzzles-theme-mate-in-3 = Мат в 3 хода
puzzles-theme-mate = Мат
puzzles-theme-fork = Вилка
puzzles-theme-hanging-piece = Незащищённая фигура
puzzles-theme-promotion = Превращение
puzzles-theme-rescue = Возвращение фигуры
puzzles-theme-endgame = Эндшпиль
puzzles-theme-defence = Защита
puzzles-theme-advantage = Преимущество
puzzles-theme-win-at-once = Победа сразу
puzzles-theme-avoid-stranding = Не оставить чисел вне цепочки

## Причина ошибки (`cause` сервера), когда язык не английский: точнее, чем её вид выше.
cause-sign_in = Сначала войдите.
cause-wrong_credentials = Неверное имя или пароль.
cause-wrong_password = Неверный пароль.
cause-bad_username = В имени от 3 до 20 знаков: латинские буквы a-z, цифры, _ и -; первым идёт буква или цифра.
cause-bad_password = В пароле от 8 до 128 знаков.
cause-name_taken = Это имя занято: выберите другое.
cause-bad_text = Текст пуст, слишком длинный или содержит недопустимые слова.
cause-illegal = Правила не позволяют этот ход.
cause-spectator = Вы смотрите эту партию: займите место, чтобы играть.
cause-no_seat = Эта ссылка не принадлежит ни одному месту в партии.
cause-not_host = Стол меняет только хозяин.
cause-blocked = Один из вас заблокировал другого.
cause-blocking = Вы заблокировали этого игрока: сначала разблокируйте.
cause-guest_rated = Войдите, чтобы играть рейтинговые партии (гости играют товарищеские).
cause-bot_rated = Партии с компьютером товарищеские.
cause-same_address = Два аккаунта с одного адреса не играют друг с другом рейтинговых партий.
cause-seats_full = Все места заняты: можно смотреть.
cause-game_started = Партия началась: её можно смотреть.
cause-game_over = Партия окончена.
cause-already_seated = У вас уже есть место в этой партии.
cause-no_game = Такой партии нет.
cause-no_player = Такого игрока нет.
cause-no_puzzle = Здесь не осталось задач.
cause-muted = Модератор запретил вам писать.
cause-account_banned = Модератор заблокировал этот аккаунт.
cause-address_banned = Модератор запретил игру с вашего адреса.
cause-too_many = У вас открыто столько, сколько можно: сначала закройте что-нибудь.
cause-lobby_closed = Сначала откройте зал ожидания.
cause-own_seek = Это ваша собственная заявка.
cause-pairing = Эта заявка для других игроков или рейтингов.
cause-settled = На этот вызов уже ответили, или он истёк.
cause-tournament_state = В этот турнир сейчас нельзя войти или выйти из него.
cause-takeback = Ходы берут назад только в товарищеских партиях.
cause-yourself = Это вы.
cause-moved = Партия перешла на другой сервер: подключаемся снова.
cause-room_full = Эта партия открыта в слишком многих окнах: закройте одно и попробуйте снова.
