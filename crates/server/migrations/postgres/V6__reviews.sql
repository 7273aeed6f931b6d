-- The computer's review of a finished game (issue #29): made once, on the thinking pool of
-- whichever node was asked first, and served from here to everyone who opens the replay on
-- any node. The body is the review's JSON (docs/web.md, "Reviews").
CREATE TABLE reviews (
    game TEXT PRIMARY KEY REFERENCES games (id),
    made BIGINT NOT NULL,
    body TEXT NOT NULL
);
