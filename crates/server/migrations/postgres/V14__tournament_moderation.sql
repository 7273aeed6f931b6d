-- (SQLite's V14 with PostgreSQL's types.)
-- Tournaments the moderators can act on (issue #54): `hidden` takes one out of every list (a
-- spammer's events), `client` is the address (the client key the per-address limits use) it
-- was made from, so no address lists more than a few upcoming events whatever its accounts;
-- a tournament cancelled has the status `cancelled`, and no director takes it up again.
ALTER TABLE tournaments ADD COLUMN hidden BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE tournaments ADD COLUMN client TEXT;
CREATE INDEX tournaments_creator ON tournaments(creator, status);
CREATE INDEX tournaments_client ON tournaments(client, status);
