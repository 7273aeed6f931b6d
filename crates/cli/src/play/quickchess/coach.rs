//! The perfect-play coach of the lesson games at the terminal. It knows a position's value
//! (win, draw or loss under perfect play) from two sources: the games solved on the full
//! board ship their openings (every position before the first capture, `data/lesson-books`,
//! written by `tabula solve quickchess --work-dir DIR --book FILE`), and once a game is small
//! enough to solve in about a second (a few pawns left) the position and everything after it
//! is solved in memory ([`Table`]). The coach says what perfect play gives, names a move that
//! throws a win or a draw away, and shows the moves that keep the value (from a solved table);
//! the strongest computer level then plays the table's moves.

use tabula_chess::solve::book::Book;
use tabula_chess::solve::compact;
use tabula_chess::solve::memory::Table;
use tabula_chess::{AnyPosition, Color, Mini, Move, Position};

/// Positions a table may hold: about a second to solve in a release build.
pub const BUDGET: u64 = 3_000_000;

/// The openings of the games solved on the full board (deflated books).
const BOOKS: &[(&str, &[u8])] = &[(
    "kings-conquest",
    include_bytes!("../../../data/lesson-books/kings-conquest.book"),
)];

/// The book of a variant, if one ships.
fn book(variant: &str) -> Option<Book> {
    let (_, bytes) = BOOKS.iter().find(|(v, _)| *v == variant)?;
    crate::engine::solve_disk::book::read(bytes).ok()
}

/// The table of the game's current stretch, if any, and the game's book.
#[derive(Default)]
pub struct Coach {
    table: Option<Table>,
    /// The book of the game's variant, read at the first question (`Some(None)`: none).
    book: Option<Option<Book>>,
    /// The positions too big to solve are not tried again until a move makes the game
    /// smaller (a capture or a pawn move changes the pawns).
    too_big: Option<u128>,
}

/// What a move did to the mover's prospects under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The value stayed.
    Kept(i8),
    /// The mover had `before` and now has `after` (lower).
    Lost {
        /// Before the move, for the mover.
        before: i8,
        /// After it, for the mover.
        after: i8,
    },
}

fn mini(p: &AnyPosition) -> Option<Position<Mini>> {
    match p {
        AnyPosition::Mini(p) if compact::supported(p.variant()) => Some(*p),
        _ => None,
    }
}

/// "White wins", "Black wins", "a draw": a value for the side `turn`, in words.
pub fn outcome_words(value: i8, turn: Color) -> String {
    let name = |c: Color| if c == Color::White { "White" } else { "Black" };
    match value {
        1 => format!("a win for {}", name(turn)),
        -1 => format!("a win for {}", name(turn.other())),
        _ => "a draw".to_string(),
    }
}

impl Coach {
    /// The table holding `p`, solving it if it is small enough.
    pub fn table(&mut self, p: &AnyPosition) -> Option<&Table> {
        let p = mini(p)?;
        if self.table.as_ref().is_some_and(|t| t.value(&p).is_some()) {
            return self.table.as_ref();
        }
        let key = tabula_chess::solve::key::slice_key(&p);
        if self.too_big == Some(key) {
            return None;
        }
        match Table::solve(&p, BUDGET) {
            Ok(t) => {
                self.table = Some(t);
                self.table.as_ref()
            }
            Err(_) => {
                self.too_big = Some(key);
                None
            }
        }
    }

    /// The value of `p` for its side to move, where the book or a table holds it.
    pub fn value(&mut self, p: &AnyPosition) -> Option<i8> {
        let m = mini(p)?;
        let book = self.book.get_or_insert_with(|| book(&m.variant().name()));
        if let Some(v) = book.as_ref().and_then(|b| b.table.value(&m)) {
            return Some(v);
        }
        self.table(p)?.value(&m)
    }

    /// What the move from `before` to `after` did, where a table holds both.
    pub fn judge(&mut self, before: &AnyPosition, after: &AnyPosition) -> Option<Verdict> {
        let was = self.value(before)?;
        let now = -self.value(after)?;
        Some(if now < was {
            Verdict::Lost {
                before: was,
                after: now,
            }
        } else {
            Verdict::Kept(now)
        })
    }

    /// The moves of `p` that keep its value, best first (the first is perfect play).
    pub fn best_moves(&mut self, p: &AnyPosition) -> Option<Vec<Move>> {
        let m = mini(p)?;
        let moves = self.table(p)?.moves(&m)?;
        let best = moves.first()?.1;
        Some(
            moves
                .into_iter()
                .take_while(|&(_, v)| v == best)
                .map(|(mv, _)| mv)
                .collect(),
        )
    }
}

/// The coach's words on a move by `mover`.
pub fn verdict_words(v: Verdict, mover: Color) -> String {
    let words = |value: i8| outcome_words(value, mover);
    match v {
        Verdict::Kept(value) => format!(
            "Coach: with best play this is {} (your move kept it).",
            words(value)
        ),
        Verdict::Lost { before: 1, after } => format!(
            "Coach: that move lost the win; with best play it is now {}.",
            words(after)
        ),
        Verdict::Lost { after, .. } => format!(
            "Coach: that move lost the draw; with best play it is now {}.",
            words(after)
        ),
    }
}
