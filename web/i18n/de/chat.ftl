# Der Chat einer Partie (der Spieler oder der Zuschauer) und eines Turniers.
chat-title = Chat
chat-write = Nachricht schreiben
chat-send = Senden
chat-empty = Noch keine Nachrichten.
chat-tools = Stummschalten oder melden
chat-mute = { $name } stummschalten
chat-unmuteAll = Stummgeschaltete wieder zeigen
chat-signIn = Melde dich an, um im Chat zu schreiben
chat-mutedUntil = Du bist bis { $date } stummgeschaltet. Der Grund des Moderators:
chat-mutedForNow = Du bist stummgeschaltet, bis ein Moderator es aufhebt. Der Grund des Moderators:
chat-classAccount = Ein Klassenkonto schreibt nur dort, wo seine Mitschüler und Lehrer lesen.
chat-hideRated = Chat in gewerteten Partien ausblenden
