-- (SQLite's V12 with PostgreSQL's types.)
-- Correspondence games (issue #30): whose move each one waits for and until when, written by
-- the game's room after every move, for the players' "your turn" lists and for the sweeper
-- that ends, on any node, a game whose mover let the time run out while nobody looked.
CREATE TABLE turns (
    game TEXT PRIMARY KEY REFERENCES games(id),
    account BIGINT REFERENCES accounts(id),
    deadline BIGINT NOT NULL
);
CREATE INDEX turns_account ON turns(account);
CREATE INDEX turns_deadline ON turns(deadline);
