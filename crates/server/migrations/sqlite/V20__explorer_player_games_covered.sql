-- (Nothing to do in SQLite: PostgreSQL's V20 makes its primary key of the players' explorer
-- rows carry the columns a query reads, so an account's rows are read side by side. SQLite's
-- `explorer_player_games` is a WITHOUT ROWID table: its rows are the primary key's b-tree, an
-- account's rows side by side already. The statement keeps the two histories in step.)
SELECT 1;
