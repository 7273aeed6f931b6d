-- Puzzles cut from games (issue #29): the starter sets shipped with the server, and the
-- puzzles mined from the games played here (source: the game's id; '' for the starter set).
-- position: a FEN (QuickChess) or Tabula's Querni notation; solution: the moves in UCI (or
-- the Querni turn) separated by spaces; themes: names separated by commas; last: the move
-- that led to the position, '-' if not known. Each puzzle has a Glicko-2 rating that moves
-- as signed-in players solve it or not.
CREATE TABLE puzzles (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    position TEXT NOT NULL,
    last TEXT NOT NULL,
    solution TEXT NOT NULL,
    themes TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    plays INTEGER NOT NULL,
    source TEXT NOT NULL
);
CREATE INDEX puzzles_by_rating ON puzzles (game, rating);
-- A signed-in player's first try at a puzzle: the only one that moves the ratings, and the
-- reason a puzzle is not served to the same player again.
CREATE TABLE puzzle_attempts (
    account INTEGER NOT NULL REFERENCES accounts (id),
    puzzle TEXT NOT NULL REFERENCES puzzles (id),
    solved INTEGER NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (account, puzzle)
);
