# Вызовы: диалог вызова игрока и колокольчик в шапке.
challenge-button = Вызвать
challenge-title = Вызвать { $name }
challenge-side = Ваша сторона
challenge-sideRandom = Любая
challenge-sideFirst = Ходит первой
challenge-sideSecond = Ходит второй
challenge-ratedLabel = На рейтинг (партия меняет рейтинг)
challenge-send = Отправить вызов
challenge-sent = Вызов отправлен: { $name }.
challenge-incoming = { $name } вызывает вас: смотрите колокольчик.
challenge-bell = { $count ->
    [0] Вызовы: ждущих нет
    [one] Вызовы: { $count } ждёт
    [few] Вызовы: { $count } ждут
   *[other] Вызовы: { $count } ждут
}
challenge-title-list = Вызовы
challenge-none = Вызовов нет. Вызовите игрока из его профиля или из списка друзей.
challenge-from = { $name } вызывает вас
challenge-to = Вы вызываете { $name }
challenge-rated = на рейтинг
challenge-casual = без рейтинга
challenge-accept = Принять
challenge-decline = Отклонить
challenge-cancel = Отменить
challenge-play = Играть
challenge-close = Закрыть
challenge-status-accepted = принят
challenge-status-declined = отклонён
challenge-status-cancelled = отменён
challenge-status-expired = истёк
