-- Classes (issue #55): a teacher's group of students, the accounts a teacher made for children,
-- the assignments given, and the cards of Check Mates and The Royal Study met in solo runs (a
-- solo run has no results rows, and an assignment asks for cards solved in their minimum).
-- A class's news and its students' chat are chat rooms (`class-news:<id>`, `class:<id>`).
CREATE TABLE classes (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    -- what a student types to join; unique while the class lives
    code TEXT NOT NULL UNIQUE,
    creator INTEGER NOT NULL REFERENCES accounts(id),
    created INTEGER NOT NULL,
    -- students may write to each other in the class's room
    student_chat INTEGER NOT NULL,
    -- the accounts made for this class may play rated games
    rated_games INTEGER NOT NULL,
    archived INTEGER
);
-- Who is in a class: `teacher` or `student`; `status` is `active`, `left` (the student left),
-- `removed` (a teacher removed them) or `archived` (kept in the records, out of the table).
CREATE TABLE class_members (
    class TEXT NOT NULL REFERENCES classes(id),
    account INTEGER NOT NULL REFERENCES accounts(id),
    role TEXT NOT NULL,
    status TEXT NOT NULL,
    joined INTEGER NOT NULL,
    changed INTEGER NOT NULL,
    PRIMARY KEY (class, account)
);
CREATE INDEX class_members_account ON class_members(account);
-- An account a teacher made (a child's: no e-mail, safe by default), and the class it was made in.
CREATE TABLE class_accounts (
    account INTEGER PRIMARY KEY REFERENCES accounts(id),
    class TEXT NOT NULL REFERENCES classes(id),
    made_by INTEGER NOT NULL REFERENCES accounts(id),
    made INTEGER NOT NULL
);
-- An assignment: its tasks as JSON (the typed `Task`s), for the whole class (`students` NULL)
-- or the accounts listed (a JSON array of account numbers).
CREATE TABLE assignments (
    id TEXT PRIMARY KEY,
    class TEXT NOT NULL REFERENCES classes(id),
    author INTEGER NOT NULL REFERENCES accounts(id),
    title TEXT NOT NULL,
    tasks TEXT NOT NULL,
    students TEXT,
    due INTEGER,
    created INTEGER NOT NULL
);
CREATE INDEX assignments_class ON assignments(class, created);
-- A solo card met: its game and place in the run, the moves it took and the fewest possible
-- from its start (NULL when the solver does not know), and the time spent on it.
CREATE TABLE card_solves (
    game TEXT NOT NULL REFERENCES games(id),
    card INTEGER NOT NULL,
    account INTEGER NOT NULL REFERENCES accounts(id),
    deck TEXT NOT NULL,
    moves INTEGER NOT NULL,
    optimum INTEGER,
    ms INTEGER NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (game, card)
);
CREATE INDEX card_solves_account ON card_solves(account, at);
