-- A player's games searched and exported (issue #56): what a finished game's results rows do
-- not say, written once when the game settles. `variant` is a QuickChess or chess game's
-- variant, `first_seat` the seat that played White (so a seat's colour is known whoever made
-- the game with which colour), `final` the FEN of its last position (the small board of the
-- game list). Games that settled before this table have no row: they are still listed and
-- exported, without a variant, colour or final position to filter or show.
CREATE TABLE game_facts (
    game TEXT PRIMARY KEY REFERENCES games(id),
    variant TEXT NOT NULL,
    first_seat INTEGER NOT NULL,
    final TEXT NOT NULL
);
