//! The perfect-play coach of the lesson games with pieces (kings-conquest, raging-rooks, ...):
//! what a position is worth under perfect play (a win, a draw or a loss for the side to move)
//! and the moves that keep it, for the web app's coach, the strongest computer level and the
//! terminal (`tabula play quickchess`).
//!
//! Two sources, both made by the full-board solver (`tabula exact solve quickchess --work-dir`):
//! - the **books** of the games solved from their start on the full board: every position
//!   before the first capture, two bits each, deflated (`data/lesson-books/`, written by
//!   `tabula exact solve quickchess --work-dir DIR --book FILE`), read in microseconds;
//! - **tables** solved in memory ([`Table`]) once a game is small enough (a few pawns left):
//!   the position and everything after it, so the next positions of the game are known at
//!   once. Solving one takes up to seconds: only [`Coach::value`] and [`Coach::moves`] with a
//!   budget solve, and they run in the thinking pool; [`Coach::known`] never solves.
//!
//! The last few tables are kept (a game in progress finds its table again); a slice too big
//! for a budget is remembered so that the next move of the same stretch does not list it again.

pub mod view;

use crate::unpoisoned::Locked;
use std::collections::HashMap;
use std::io::Read as _;
use std::sync::{Arc, Mutex, OnceLock};
use tabula_chess::solve::book::Book;
use tabula_chess::solve::compact;
use tabula_chess::solve::key::slice_key;
use tabula_chess::solve::memory::{Table, TableError};
use tabula_chess::{AnyPosition, Mini, Move, Position, Role};

/// The openings of the games solved on the full board, by variant (deflated books).
pub const BOOKS: &[(&str, &[u8])] = &[
    (
        "kings-conquest",
        include_bytes!("../../data/lesson-books/kings-conquest.book"),
    ),
    (
        "raging-rooks",
        include_bytes!("../../data/lesson-books/raging-rooks.book"),
    ),
    (
        "bishops",
        include_bytes!("../../data/lesson-books/bishops.book"),
    ),
    (
        "mean-queens",
        include_bytes!("../../data/lesson-books/mean-queens.book"),
    ),
    (
        "krazy-knights",
        include_bytes!("../../data/lesson-books/krazy-knights.book"),
    ),
];

/// Positions a table may hold when the strongest level or the coach solves one: about a
/// second on one core in a release build, 3 MB of values.
pub const BUDGET: u64 = 3_000_000;

/// Tables kept at once (the games in progress on a small site; about 3 MB each at most).
const TABLES: usize = 6;

/// Slices remembered as too big before the memory is emptied.
const TOO_BIG: usize = 4_096;

/// Reads a book file's bytes (deflated [`Book::to_bytes`]).
pub fn read_book(packed: &[u8]) -> Result<Book, String> {
    let mut raw = Vec::new();
    flate2::read::DeflateDecoder::new(packed)
        .read_to_end(&mut raw)
        .map_err(|e| format!("not a deflated lesson book: {e}"))?;
    Book::from_bytes(&raw).map_err(|e| e.to_string())
}

/// The position, if it is of a game the compact solver takes (the far edge ends it, no double
/// steps): the games the coach can judge, a table solved in memory once few pieces are left.
pub fn compact_game(p: &AnyPosition) -> Option<Position<Mini>> {
    match p {
        AnyPosition::Mini(m) if compact::supported(m.variant()) => Some(*m),
        _ => None,
    }
}

/// The position, if it is one of the lesson games the coach takes: a game the compact solver
/// takes with a piece besides the pawns. Games of pawns alone are small enough for the
/// distance solver, which also tells how many plies.
pub fn lesson_with_pieces(p: &AnyPosition) -> Option<Position<Mini>> {
    compact_game(p).filter(|m| m.by_role(Role::Pawn) != m.occupied())
}

/// A shipped book read, or `None` (logged) if it is damaged: the coach then goes without it.
fn read_logged(name: &str, packed: &[u8]) -> Option<Book> {
    match read_book(packed) {
        Ok(b) => Some(b),
        Err(e) => {
            tracing::error!("the {name} lesson book: {e}");
            None
        }
    }
}

/// Where a value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The book of a game solved on the full board.
    Book,
    /// A table solved in memory.
    Table,
}

impl Source {
    /// The name clients receive (`book`, `table`).
    pub fn name(self) -> &'static str {
        match self {
            Source::Book => "book",
            Source::Table => "table",
        }
    }
}

/// A move with what it keeps for the mover (1 a win, 0 a draw, -1 a loss).
pub type Valued = (Move, i8);

/// The books (decoded at first use) and the tables solved lately.
#[derive(Default)]
pub struct Coach {
    books: [OnceLock<Option<Book>>; BOOKS.len()],
    tables: Mutex<Vec<Arc<Table>>>,
    /// A slice's root that did not fit, with the budget it did not fit in.
    too_big: Mutex<HashMap<u128, u64>>,
}

impl std::fmt::Debug for Coach {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Coach").finish_non_exhaustive()
    }
}

impl Coach {
    /// A coach with no table solved yet.
    pub fn new() -> Coach {
        Coach::default()
    }

    /// Reads every shipped book now (inflating and indexing them takes tens of milliseconds):
    /// the server calls it on a blocking thread at start-up, so that no game's first view
    /// waits on a book on the async runtime.
    pub fn warm(&self) {
        for (i, (name, packed)) in BOOKS.iter().enumerate() {
            self.books[i].get_or_init(|| read_logged(name, packed));
        }
    }

    /// The book of `p`'s game, if one ships (a damaged one is logged and skipped).
    fn book(&self, p: &Position<Mini>) -> Option<&Book> {
        let name = p.variant().name();
        let i = BOOKS.iter().position(|(v, _)| *v == name)?;
        self.books[i]
            .get_or_init(|| read_logged(&name, BOOKS[i].1))
            .as_ref()
    }

    /// The value of `p` in its game's book (the game's opening, before any capture).
    fn book_value(&self, p: &Position<Mini>) -> Option<i8> {
        let book = self.book(p)?;
        // a book holds the games from its own start only
        (book.root.variant() == p.variant())
            .then(|| book.table.value(p))
            .flatten()
    }

    /// A kept table holding `p`.
    fn kept(&self, p: &Position<Mini>) -> Option<Arc<Table>> {
        let tables = self.tables.try_lock().ok()?;
        tables.iter().find(|t| t.value(p).is_some()).cloned()
    }

    /// A table holding `p`: a kept one, or one solved now within `budget` positions (0: none
    /// is solved). Seconds: only from the thinking pool.
    fn table(&self, p: &Position<Mini>, budget: u64) -> Option<Arc<Table>> {
        if let Some(t) = self.kept(p) {
            return Some(t);
        }
        if budget == 0 {
            return None;
        }
        let key = slice_key(p);
        let lock = |m: &Mutex<HashMap<u128, u64>>| m.locked().get(&key).copied();
        if lock(&self.too_big).is_some_and(|failed| budget <= failed) {
            return None;
        }
        match Table::solve(p, budget) {
            Ok(t) => {
                let t = Arc::new(t);
                let mut tables = self.tables.locked();
                if tables.len() >= TABLES {
                    tables.remove(0);
                }
                tables.push(Arc::clone(&t));
                Some(t)
            }
            Err(TableError::Budget(..)) => {
                let mut big = self.too_big.locked();
                if big.len() >= TOO_BIG {
                    big.clear();
                }
                big.insert(key, budget);
                None
            }
            Err(e) => {
                tracing::error!("the coach's table of {}: {e}", p.fen());
                None
            }
        }
    }

    /// The value of `p` for its side to move and where it came from, solving a table of at
    /// most `budget` positions if nothing holds it yet (0: never solve).
    pub fn value(&self, p: &Position<Mini>, budget: u64) -> Option<(i8, Source)> {
        if let Some(v) = self.book_value(p) {
            return Some((v, Source::Book));
        }
        let v = self.table(p, budget)?.value(p)?;
        Some((v, Source::Table))
    }

    /// What is known of `p` at once (a book, a kept table): never solves.
    pub fn known(&self, p: &Position<Mini>) -> Option<(i8, Source)> {
        self.value(p, 0)
    }

    /// The legal moves of `p` whose value is known, with it, best first; a table's order
    /// where a table holds `p` (a winner makes progress, a loser holds out longest), else the
    /// book's values of the moves that stay in the opening (a capture leaves the book and is
    /// listed only when a kept table holds what follows). `None` when `p`'s own value is not
    /// known (solving within `budget`).
    pub fn moves(&self, p: &Position<Mini>, budget: u64) -> Option<Vec<Valued>> {
        if self.book_value(p).is_none() {
            return self.table(p, budget)?.moves(p);
        }
        let mut out: Vec<Valued> = p
            .legal_moves()
            .iter()
            .filter_map(|m| {
                let child = p.play_unchecked(*m);
                let v = match child.outcome() {
                    Some(o) => match o.winner() {
                        Some(w) if w == child.turn() => 1,
                        Some(_) => -1,
                        None => 0,
                    },
                    None => self.known(&child)?.0,
                };
                Some((*m, -v))
            })
            .collect();
        out.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        Some(out)
    }

    /// The moves of `p` that keep its value, best first (empty when none known does).
    pub fn keeping(&self, p: &Position<Mini>, budget: u64) -> Option<(i8, Vec<Move>)> {
        let (value, _) = self.value(p, budget)?;
        let moves = self.moves(p, budget)?;
        Some((
            value,
            moves
                .into_iter()
                .filter(|&(_, v)| v == value)
                .map(|(m, _)| m)
                .collect(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_chess::Variant;

    fn at(variant: &str, fen: &str) -> Position<Mini> {
        match AnyPosition::from_fen(Variant::parse(variant).unwrap(), fen).unwrap() {
            AnyPosition::Mini(p) => p,
            _ => unreachable!("a lesson game is on the small board"),
        }
    }

    #[test]
    fn every_shipped_book_reads_and_starts_at_its_game() {
        for (name, bytes) in BOOKS {
            let book = read_book(bytes).unwrap();
            assert_eq!(book.root.variant().name(), *name);
            let start = AnyPosition::start(Variant::parse(name).unwrap());
            assert_eq!(AnyPosition::Mini(book.root), start, "{name}");
        }
        assert!(read_book(b"not deflated at all").is_err());
    }

    #[test]
    fn warming_reads_every_book_before_any_question() {
        let coach = Coach::new();
        assert!(coach.books.iter().all(|b| b.get().is_none()));
        coach.warm();
        assert!(coach.books.iter().all(|b| matches!(b.get(), Some(Some(_)))));
    }

    #[test]
    fn the_books_say_the_full_games_are_draws_and_keep_them() {
        let coach = Coach::new();
        for (name, _) in BOOKS {
            let AnyPosition::Mini(start) = AnyPosition::start(Variant::parse(name).unwrap()) else {
                unreachable!()
            };
            assert_eq!(coach.known(&start), Some((0, Source::Book)), "{name}");
            let (value, keep) = coach.keeping(&start, 0).unwrap();
            assert_eq!(value, 0);
            assert!(!keep.is_empty(), "{name}: a move keeps the draw");
            for m in keep {
                let child = start.play_unchecked(m);
                assert_eq!(coach.known(&child).map(|k| -k.0), Some(0), "{name} {m:?}");
            }
        }
    }

    #[test]
    fn small_endings_are_solved_within_the_budget_then_kept() {
        let coach = Coach::new();
        // raging-rooks with a pawn each: small
        let p = at("raging-rooks", "r4/p4/5/5/4P/4R w - - 0 1");
        assert_eq!(coach.known(&p), None, "nothing solved yet");
        assert_eq!(coach.value(&p, 10), None, "a budget too small");
        let (v, source) = coach.value(&p, BUDGET).unwrap();
        assert_eq!(source, Source::Table);
        assert_eq!(coach.known(&p), Some((v, Source::Table)), "kept");
        let moves = coach.moves(&p, 0).unwrap();
        assert_eq!(moves[0].1, v, "the first move keeps the value");
        // what follows the first move is in the same table
        let child = p.play_unchecked(moves[0].0);
        assert_eq!(coach.known(&child).map(|k| -k.0), Some(v));
        // not a lesson game with pieces
        let pawns = AnyPosition::start(Variant::parse("power-pawns").unwrap());
        assert!(lesson_with_pieces(&pawns).is_none());
        let chess = AnyPosition::start(Variant::parse("quickchess").unwrap());
        assert!(lesson_with_pieces(&chess).is_none());
    }
}
