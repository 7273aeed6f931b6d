# Друзья: подписки, блокировки, кто в сети.
friends-title = Друзья
friends-follow = Подписаться
friends-unfollow = Отписаться
friends-block = Заблокировать
friends-unblock = Разблокировать
friends-online = в сети
friends-offline = не в сети
friends-watch = Смотреть: { $game }
friends-none = Вы пока ни на кого не подписаны: подпишитесь на игроков в их профилях, чтобы видеть, когда они в сети, и смотреть их партии.
friends-blocked = Заблокированы
