-- Friends (issue #30): whom an account follows (to see them online and watch their games), and
-- whom it blocks (a blocked player cannot pair with, challenge or write to the blocker).
CREATE TABLE follows (
    follower INTEGER NOT NULL REFERENCES accounts(id),
    followed INTEGER NOT NULL REFERENCES accounts(id),
    at INTEGER NOT NULL,
    PRIMARY KEY (follower, followed)
);
CREATE TABLE blocks (
    blocker INTEGER NOT NULL REFERENCES accounts(id),
    blocked INTEGER NOT NULL REFERENCES accounts(id),
    at INTEGER NOT NULL,
    PRIMARY KEY (blocker, blocked)
);
CREATE INDEX blocks_blocked ON blocks(blocked);
