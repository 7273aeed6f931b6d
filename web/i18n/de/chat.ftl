# Der Chat einer Partie (der Spieler oder der Zuschauer) und eines Turniers.
chat-title = Chat
chat-write = Nachricht schreiben
chat-send = Senden
chat-empty = Noch keine Nachrichten.
chat-tools = Stummschalten oder melden
chat-mute = { $name } stummschalten
chat-unmuteAll = Stummgeschaltete wieder zeigen
chat-signIn = Melde dich an, um im Chat zu schreiben
chat-cannot = Du kannst hier nicht schreiben:
chat-hideRated = Chat in gewerteten Partien ausblenden
