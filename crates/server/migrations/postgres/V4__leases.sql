-- Which server node runs each game now (several nodes on one database). A node holds a game
-- while `expires` (ms since the Unix epoch, by the database's clock, so the nodes' clocks need
-- not agree) is in the future and renews it; another node takes the game over only once the
-- lease has lapsed. The log's primary key still guards the game if a paused node wakes up
-- believing it owns it: its next append fails and it steps down.
CREATE TABLE leases (
    game TEXT PRIMARY KEY REFERENCES games(id),
    node TEXT NOT NULL,
    expires BIGINT NOT NULL
);
CREATE INDEX leases_node ON leases(node);
CREATE INDEX leases_expires ON leases(expires);
