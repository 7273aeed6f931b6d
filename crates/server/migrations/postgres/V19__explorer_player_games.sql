-- (SQLite's V19 with PostgreSQL's types.)
-- The players' views of the opening explorer (issue #56) as one row a game and player instead
-- of sums by position: 2 rows a counted game for its players where there were 60, summed when
-- a player's view is asked (crates/server/src/store/explorer_player.rs). `plies` is the game's
-- first 30 plies, each ` KEY:uci` with KEY the position's key in 16 hex digits (a query finds
-- a position's games with `LIKE '% KEY:%'` among the account's rows); `result` is White's score
-- doubled; `opponent_rating` the opponent's rating when the game began. The primary key puts an
-- account's games of a colour together, newest last.
CREATE TABLE explorer_player_games (
    account BIGINT NOT NULL REFERENCES accounts(id),
    color INTEGER NOT NULL,
    finished BIGINT NOT NULL,
    game TEXT NOT NULL REFERENCES games(id),
    speed INTEGER NOT NULL,
    rated BOOLEAN NOT NULL,
    result INTEGER NOT NULL,
    opponent_rating INTEGER,
    plies TEXT NOT NULL,
    PRIMARY KEY (account, color, finished, game)
);
DROP TABLE explorer_player_moves;
-- The sums by position cannot give back the games, so the explorer is counted again: the games
-- counted lose their facts and their counts, and the walk at start (crates/server/src/rooms/
-- backfill.rs) replays every finished game without facts and counts it, as it did for the
-- games of before the explorer. The statistics fill again in the background; no game is lost.
DELETE FROM game_facts WHERE game IN (SELECT game FROM explorer_games);
DELETE FROM explorer_moves;
DELETE FROM explorer_games;
