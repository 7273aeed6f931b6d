# The chat of a game (its players', or its spectators') and of a tournament.
chat-title = Chat
chat-write = Write a message
chat-send = Send
chat-empty = No messages yet.
chat-tools = Mute or report
chat-mute = Mute { $name }
chat-unmuteAll = Show muted players again
chat-signIn = Sign in to write in the chat
chat-mutedUntil = You are muted until { $date }. The moderator's reason:
chat-mutedForNow = You are muted until a moderator lifts it. The moderator's reason:
chat-classAccount = A class account writes only where its classmates and teachers read.
chat-hideRated = Hide the chat in rated games
