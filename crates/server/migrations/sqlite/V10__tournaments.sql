-- Tournaments (issue #30): arenas and Swiss events, each directed by one node at a time.
-- `spec` is the tournament's JSON (kind, game, options, clock, length, rated, name); `director`
-- holds the node directing it until `director_until` (the database's time, in ms): another node
-- takes over only once that lapsed, and every write of a director checks it still holds it.
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    creator INTEGER REFERENCES accounts(id),
    status TEXT NOT NULL,
    starts INTEGER NOT NULL,
    created INTEGER NOT NULL,
    finished INTEGER,
    director TEXT,
    director_until INTEGER
);
CREATE INDEX tournaments_status ON tournaments(status, starts);
-- A player's entry, numbered from 0 in the order of joining (the pairing's player number).
-- `active` is 0 while withdrawn; `playing` is the arena game the player is in now, set and
-- cleared with the pairing, so no player is ever in two games of one arena.
CREATE TABLE tournament_players (
    tournament TEXT NOT NULL REFERENCES tournaments(id),
    number INTEGER NOT NULL,
    account INTEGER NOT NULL REFERENCES accounts(id),
    name TEXT NOT NULL,
    rating REAL NOT NULL,
    joined INTEGER NOT NULL,
    active INTEGER NOT NULL,
    seen INTEGER NOT NULL,
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
    berserk_first INTEGER NOT NULL,
    berserk_second INTEGER NOT NULL,
    started INTEGER NOT NULL,
    ended INTEGER,
    PRIMARY KEY (tournament, round, board)
);
CREATE UNIQUE INDEX tournament_games_game ON tournament_games(game);
