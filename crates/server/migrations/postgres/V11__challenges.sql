-- (SQLite's V11 with PostgreSQL's types.)
-- Challenges (issue #30): one account asks another to play a game of given settings; the
-- other accepts (the game is made, `game`), declines, or lets it expire; the challenger may
-- cancel it. Rows stay for the record.
CREATE TABLE challenges (
    id TEXT PRIMARY KEY,
    challenger BIGINT NOT NULL REFERENCES accounts(id),
    challenged BIGINT NOT NULL REFERENCES accounts(id),
    spec TEXT NOT NULL,
    status TEXT NOT NULL,
    created BIGINT NOT NULL,
    expires BIGINT NOT NULL,
    game TEXT REFERENCES games(id)
);
CREATE INDEX challenges_challenged ON challenges(challenged, status);
CREATE INDEX challenges_challenger ON challenges(challenger, status);
