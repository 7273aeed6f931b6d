-- Puzzle ratings that cannot be farmed (issue #54): which clients (an address's client key
-- `ip:...`, a browser's guest cookie `browser:...`, an account `account:N`) were shown a
-- puzzle's solution and when, and which addresses each account was seen from (a day of each
-- is kept). A rated try of a puzzle whose solution one of the account's clients saw in the last
-- day counts unrated.
CREATE TABLE puzzle_shown (
    puzzle TEXT NOT NULL,
    seen_by TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (puzzle, seen_by)
);
CREATE INDEX puzzle_shown_at ON puzzle_shown(at);
CREATE TABLE puzzle_clients (
    account INTEGER NOT NULL REFERENCES accounts(id),
    client TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (account, client)
);
CREATE INDEX puzzle_clients_at ON puzzle_clients(at);
CREATE INDEX puzzle_attempts_at ON puzzle_attempts(account, at);
