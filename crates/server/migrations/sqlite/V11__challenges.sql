-- Challenges (issue #30): one account asks another to play a game of given settings; the
-- other accepts (the game is made, `game`), declines, or lets it expire; the challenger may
-- cancel it. Rows stay for the record.
CREATE TABLE challenges (
    id TEXT PRIMARY KEY,
    challenger INTEGER NOT NULL REFERENCES accounts(id),
    challenged INTEGER NOT NULL REFERENCES accounts(id),
    spec TEXT NOT NULL,
    status TEXT NOT NULL,
    created INTEGER NOT NULL,
    expires INTEGER NOT NULL,
    game TEXT REFERENCES games(id)
);
CREATE INDEX challenges_challenged ON challenges(challenged, status);
CREATE INDEX challenges_challenger ON challenges(challenger, status);
