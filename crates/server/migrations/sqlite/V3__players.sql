-- Accounts, sessions, ratings, the lobby's seeks and the daily puzzle's results.
CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    -- the name lower-cased: unique, so "Ann" and "ann" are one account
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created INTEGER NOT NULL,
    deleted INTEGER
);
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    account INTEGER NOT NULL REFERENCES accounts(id),
    created INTEGER NOT NULL,
    last_seen INTEGER NOT NULL
);
CREATE INDEX sessions_account ON sessions(account);
-- the account that held a seat, if any (guests hold seats too)
ALTER TABLE seats ADD COLUMN account INTEGER REFERENCES accounts(id);
CREATE INDEX seats_account ON seats(account);
-- each finished game's outcome for each seat, written once when it ends
CREATE TABLE results (
    game TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    account INTEGER REFERENCES accounts(id),
    pool TEXT NOT NULL,
    rated INTEGER NOT NULL,
    score REAL NOT NULL,
    place INTEGER NOT NULL,
    players INTEGER NOT NULL,
    finished INTEGER NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE INDEX results_account ON results(account, finished);
CREATE TABLE ratings (
    account INTEGER NOT NULL REFERENCES accounts(id),
    pool TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    PRIMARY KEY (account, pool)
);
CREATE INDEX ratings_pool ON ratings(pool, rating);
CREATE TABLE rating_history (
    account INTEGER NOT NULL REFERENCES accounts(id),
    pool TEXT NOT NULL,
    game TEXT NOT NULL,
    at INTEGER NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    change REAL NOT NULL,
    PRIMARY KEY (account, pool, game)
);
CREATE TABLE seeks (
    id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    name TEXT NOT NULL,
    account INTEGER REFERENCES accounts(id),
    rating INTEGER,
    spec TEXT NOT NULL,
    created INTEGER NOT NULL
);
CREATE TABLE daily_starts (
    day TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    player TEXT NOT NULL,
    started INTEGER NOT NULL,
    PRIMARY KEY (day, puzzle, player)
);
CREATE TABLE daily_results (
    day TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    player TEXT NOT NULL,
    name TEXT NOT NULL,
    account INTEGER REFERENCES accounts(id),
    moves INTEGER NOT NULL,
    ms INTEGER NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (day, puzzle, player)
);
CREATE INDEX daily_rank ON daily_results(day, puzzle, moves, ms);
