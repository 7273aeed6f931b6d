-- Facts about the database itself (its id, which the marker file beside it repeats).
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
