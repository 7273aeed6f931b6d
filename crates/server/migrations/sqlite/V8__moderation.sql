-- Moderation and administration (issue #31): who may moderate, the sanctions, the players'
-- reports, the one-time links that set a password, the chat's messages (written by the chat of
-- the tournaments issue; deleted here) and the audit log of every moderator's action.
--
-- role: 'player' or 'admin'.
ALTER TABLE accounts ADD COLUMN role TEXT NOT NULL DEFAULT 'player';
-- A sanction: kind 'ban' (an account: cannot sign in or play; an address or network: cannot
-- create, join or play games nor sign up) or 'mute' (an account: cannot write in chat).
-- target: 'account' or 'address'; subject: the account's number, or the address or network
-- (`203.0.113.7`, `2001:db8::/48`). In force from `at` until `until` (NULL: until lifted) and
-- not lifted. Rows are never deleted: the history of a player's sanctions stays.
CREATE TABLE sanctions (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    target TEXT NOT NULL,
    subject TEXT NOT NULL,
    reason TEXT NOT NULL,
    actor TEXT NOT NULL,
    at INTEGER NOT NULL,
    until INTEGER,
    lifted_by TEXT,
    lifted_at INTEGER
);
CREATE INDEX sanctions_subject ON sanctions(target, subject);
-- A player's report of another player (a game or a chat message may be named), open until a
-- moderator closes it with an outcome.
CREATE TABLE reports (
    id INTEGER PRIMARY KEY,
    reporter INTEGER NOT NULL REFERENCES accounts(id),
    subject INTEGER NOT NULL REFERENCES accounts(id),
    game TEXT,
    message INTEGER,
    reason TEXT NOT NULL,
    detail TEXT NOT NULL,
    at INTEGER NOT NULL,
    closed_by TEXT,
    closed_at INTEGER,
    outcome TEXT
);
CREATE INDEX reports_open ON reports(closed_at, at);
-- A one-time link that sets an account's password: the SHA-256 of its token, until when it
-- works, and when it was used.
CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    account INTEGER NOT NULL REFERENCES accounts(id),
    made INTEGER NOT NULL,
    expires INTEGER NOT NULL,
    used INTEGER
);
-- A chat message: room is `game:<id>`, `spectators:<id>` or `tournament:<id>`.
CREATE TABLE chat_messages (
    id INTEGER PRIMARY KEY,
    room TEXT NOT NULL,
    account INTEGER REFERENCES accounts(id),
    name TEXT NOT NULL,
    body TEXT NOT NULL,
    at INTEGER NOT NULL,
    deleted_by TEXT,
    deleted_at INTEGER
);
CREATE INDEX chat_messages_room ON chat_messages(room, id);
-- Every moderator's action: who (`admin:<name>` on the site, `cli:<user>` from the command
-- line), what, on whom or what, and the details in words.
CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    subject TEXT NOT NULL,
    detail TEXT NOT NULL
);
