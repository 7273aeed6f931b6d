-- Games, their seats and their append-only action logs: the same schema as SQLite's V1, in
-- PostgreSQL's types. Configurations and actions stay TEXT (not JSONB), so a game's JSON is
-- stored byte for byte as the server wrote it and replays exactly as it does from SQLite.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    config TEXT NOT NULL,
    seed BIGINT NOT NULL,
    created BIGINT NOT NULL,
    started BIGINT,
    status TEXT NOT NULL,
    updated BIGINT NOT NULL
);
CREATE INDEX games_status ON games(status, updated);
CREATE TABLE seats (
    game TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    bot_level INTEGER,
    PRIMARY KEY (game, seat)
);
-- the primary key is the log's version per game: a second writer of one position (a node that
-- lost the game's lease) fails instead of forking the game
CREATE TABLE actions (
    game TEXT NOT NULL REFERENCES games(id),
    seq BIGINT NOT NULL,
    at BIGINT NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
