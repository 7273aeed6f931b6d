-- (PostgreSQL only; SQLite's V20 says why it has nothing to do.)
-- A player's explorer view reads all of an account's games of one colour (issue #56). In a
-- heap table those rows lie where they were inserted, one page each: 476 rows read 465 pages
-- (5.8 ms from a cold cache at a million games). The primary key's index carries the columns
-- the query reads, so it is answered from the index alone, the account's rows side by side
-- (62 pages, 1.2 ms). An index-only scan needs the table's pages marked all-visible, which the
-- vacuum after inserts does: asked for after every 1% of new rows instead of 20%.
ALTER TABLE explorer_player_games
    DROP CONSTRAINT explorer_player_games_pkey,
    ADD PRIMARY KEY (account, color, finished, game)
        INCLUDE (speed, rated, result, opponent_rating, plies);
ALTER TABLE explorer_player_games SET (autovacuum_vacuum_insert_scale_factor = 0.01);
