-- Deadlines (issue #54): the next time each game being played changes by itself (a clock's
-- flag, a first move's limit, a correspondence move's days, a party's timer), written in the
-- same transaction as the action that set it, so a game ends on time whether or not any node
-- holds its room in memory: every node looks here every second and opens the rooms of the
-- games whose time has come. `due` is NULL once the game has no deadline (over, untimed).
CREATE TABLE deadlines (
    game TEXT PRIMARY KEY REFERENCES games(id),
    due INTEGER
);
CREATE INDEX deadlines_due ON deadlines(due) WHERE due IS NOT NULL;
-- The games being played when this was added are looked at once (their rooms write their true
-- deadline as they load): the correspondence games by their turns, the others by a day's
-- activity (a live game quiet for longer ended long ago by anyone's reckoning).
INSERT INTO deadlines (game, due)
SELECT t.game, t.deadline FROM turns t JOIN games g ON g.id = t.game WHERE g.status = 'playing';
INSERT INTO deadlines (game, due)
SELECT id, 0 FROM games
WHERE status = 'playing' AND updated > CAST(strftime('%s', 'now') AS INTEGER) * 1000 - 86400000
AND id NOT IN (SELECT game FROM deadlines);
