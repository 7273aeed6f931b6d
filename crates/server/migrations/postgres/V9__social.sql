-- (SQLite's V9 with PostgreSQL's types.)
-- Friends (issue #30): whom an account follows (to see them online and watch their games), and
-- whom it blocks (a blocked player cannot pair with, challenge or write to the blocker).
CREATE TABLE follows (
    follower BIGINT NOT NULL REFERENCES accounts(id),
    followed BIGINT NOT NULL REFERENCES accounts(id),
    at BIGINT NOT NULL,
    PRIMARY KEY (follower, followed)
);
CREATE TABLE blocks (
    blocker BIGINT NOT NULL REFERENCES accounts(id),
    blocked BIGINT NOT NULL REFERENCES accounts(id),
    at BIGINT NOT NULL,
    PRIMARY KEY (blocker, blocked)
);
CREATE INDEX blocks_blocked ON blocks(blocked);
