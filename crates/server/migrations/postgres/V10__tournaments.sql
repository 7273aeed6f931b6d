-- (SQLite's V10 with PostgreSQL's types.)
-- Tournaments (issue #30): arenas and Swiss events, each directed by one node at a time.
-- `spec` is the tournament's JSON (kind, game, options, clock, length, rated, name); `director`
-- holds the node directing it until `director_until` (the database's time, in ms): another node
-- takes over only once that lapsed, and every write of a director checks it still holds it.
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    creator BIGINT REFERENCES accounts(id),
    status TEXT NOT NULL,
    starts BIGINT NOT NULL,
    created BIGINT NOT NULL,
    finished BIGINT,
    director TEXT,
    director_until BIGINT
);
CREATE INDEX tournaments_status ON tournaments(status, starts);
-- A player's entry, numbered from 0 in the order of joining (the pairing's player number).
-- `active` is 0 while withdrawn; `playing` is the arena game the player is in now, set and
-- cleared with the pairing, so no player is ever in two games of one arena.
CREATE TABLE tournament_players (
    tournament TEXT NOT NULL REFERENCES tournaments(id),
    number INTEGER NOT NULL,
    account BIGINT NOT NULL REFERENCES accounts(id),
    name TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    joined BIGINT NOT NULL,
    active BOOLEAN NOT NULL,
    seen BIGINT NOT NULL,
    playing TEXT,
    PRIMARY KEY (tournament, number),
    UNIQUE (tournament, account)
);
-- Every board: an arena's games (round 0, numbered in the order they were paired) and a Swiss
-- event's rounds (from 1), byes and absences among them (`second` NULL). `outcome` is the
-- result for `first` (win, draw, loss; void for a game that ended without one; bye, absent).
CREATE TABLE tournament_games (
    tournament TEXT NOT NULL REFERENCES tournaments(id),
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    game TEXT REFERENCES games(id),
    first INTEGER NOT NULL,
    second INTEGER,
    outcome TEXT,
    berserk_first BOOLEAN NOT NULL,
    berserk_second BOOLEAN NOT NULL,
    started BIGINT NOT NULL,
    ended BIGINT,
    PRIMARY KEY (tournament, round, board)
);
CREATE UNIQUE INDEX tournament_games_game ON tournament_games(game);
