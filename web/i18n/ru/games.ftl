# Партии игрока: поиск, список и скачивание (web/player-games.js)
games-title = Партии игрока { $name }
games-profile = Назад к профилю { $name }
games-all = Все партии и поиск
games-filters = Поиск партий
games-any = Любой
games-game = Игра
games-variant = Вариант
games-result = Результат
games-color = Цвет
games-white = Белые
games-black = Чёрные
games-opponent = Соперник
games-rated = Рейтинговая
games-speed = Контроль времени
games-since = С
games-until = По
games-search = Найти
games-clear = Сбросить
games-more = Ещё партии
games-none = Нет подходящих партий.
games-shown = { $count ->
    [one] Показана { $count } партия
    [few] Показаны { $count } партии
   *[many] Показано { $count } партий
}
games-against = против { $names }
games-as-white = белыми
games-as-black = чёрными
games-accuracy = точность { $accuracy }%
games-downloadPgn = Скачать эти партии (PGN)
games-downloadJson = Скачать все партии (JSON Lines)
games-downloadJsonShown = Скачать эти партии (JSON Lines)
