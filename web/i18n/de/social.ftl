# Freunde: folgen, blockieren, wer online ist.
friends-title = Freunde
friends-follow = Folgen
friends-unfollow = Nicht mehr folgen
friends-block = Blockieren
friends-unblock = Nicht mehr blockieren
friends-online = online
friends-offline = offline
friends-watch = { $game } zuschauen
friends-none = Du folgst noch niemandem: folge Spielern auf ihren Profilen, um zu sehen, wann sie online sind, und ihren Partien zuzuschauen.
friends-blocked = Blockiert
