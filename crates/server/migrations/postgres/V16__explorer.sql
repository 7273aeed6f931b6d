-- (SQLite's V16 with PostgreSQL's types.)
-- The opening explorer (issue #56): what was played from each position of finished QuickChess
-- and chess games, for their first 30 plies, counted as games end.
--
-- `explorer_games` holds each counted game once (a game counted again, by another node or
-- after a restart, changes nothing: its row is the guard of the counting transaction), with
-- what the recent-games list shows. `result` is White's score doubled: 2 a win, 1 a draw, 0 a
-- loss.
CREATE TABLE explorer_games (
    game TEXT PRIMARY KEY REFERENCES games(id),
    variant TEXT NOT NULL,
    white TEXT NOT NULL,
    black TEXT NOT NULL,
    white_account BIGINT REFERENCES accounts(id),
    black_account BIGINT REFERENCES accounts(id),
    white_rating INTEGER,
    black_rating INTEGER,
    result INTEGER NOT NULL,
    speed INTEGER NOT NULL,
    rated BOOLEAN NOT NULL,
    finished BIGINT NOT NULL
);
-- The statistics of every move from every position, per bucket (speed class, rating band of the
-- two players' mean rating in hundreds, 0 when either has none, rated or not): a query sums the
-- buckets its filters take. `position` is a stable 64-bit hash of the variant's name and the
-- position (its FEN without the move counters), so move orders that reach one position meet
-- there. `speed` is the class's number in the explorer's list (crates/server/src/store/
-- explorer.rs, `SPEEDS`). `rating_sum` and `rating_games` give the mean rating of the games that
-- had both ratings; `last_game` is the latest game of the bucket that played the move (the
-- recent-games list). Most rows are a deep position of one game, so a row is kept small: no
-- variant column (it is in the hash), the speed as a number, and in SQLite no rowid (the rows
-- are the primary key's b-tree itself, not a table and an index beside it).
CREATE TABLE explorer_moves (
    position BIGINT NOT NULL,
    speed INTEGER NOT NULL,
    band INTEGER NOT NULL,
    rated BOOLEAN NOT NULL,
    uci TEXT NOT NULL,
    games INTEGER NOT NULL,
    white INTEGER NOT NULL,
    draws INTEGER NOT NULL,
    black INTEGER NOT NULL,
    rating_games INTEGER NOT NULL,
    rating_sum BIGINT NOT NULL,
    last_game TEXT NOT NULL,
    last_at BIGINT NOT NULL,
    PRIMARY KEY (position, speed, band, rated, uci)
);
-- The same per account and colour (the player's view: `player=NAME&color=...`); the rating is
-- the opponent's.
CREATE TABLE explorer_player_moves (
    account BIGINT NOT NULL REFERENCES accounts(id),
    color INTEGER NOT NULL,
    position BIGINT NOT NULL,
    speed INTEGER NOT NULL,
    rated BOOLEAN NOT NULL,
    uci TEXT NOT NULL,
    games INTEGER NOT NULL,
    white INTEGER NOT NULL,
    draws INTEGER NOT NULL,
    black INTEGER NOT NULL,
    rating_games INTEGER NOT NULL,
    rating_sum BIGINT NOT NULL,
    last_game TEXT NOT NULL,
    last_at BIGINT NOT NULL,
    PRIMARY KEY (account, color, position, speed, rated, uci)
);
