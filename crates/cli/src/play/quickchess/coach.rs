//! The perfect-play coach of the lesson games at the terminal, in words. What it knows comes
//! from the server's coach ([`tabula_server::coach`]: the books of the games solved on the
//! full board, tables solved in memory once a game has few pawns left). It says what perfect
//! play gives, names a move that throws a win or a draw away, and shows the moves that keep
//! the value; the strongest computer level plays them.

use tabula_chess::{AnyPosition, Color, Move};
use tabula_server::coach::{BUDGET, Coach as Knowledge, compact_game};

/// The coach of one game at the terminal: the server's coach (the books, the tables solved
/// lately) asked with the terminal's budget.
#[derive(Default)]
pub struct Coach {
    knowledge: Knowledge,
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
    /// The value of `p` for its side to move, where a book holds it or a table of it can
    /// be solved within the budget.
    pub fn value(&mut self, p: &AnyPosition) -> Option<i8> {
        Some(self.knowledge.value(&compact_game(p)?, BUDGET)?.0)
    }

    /// What the move from `before` to `after` did, where both are known.
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

    /// The moves of `p` that keep its value, best first (empty when the coach knows the value
    /// but not a move keeping it: a capture leaving a book).
    pub fn best_moves(&mut self, p: &AnyPosition) -> Option<Vec<Move>> {
        Some(self.knowledge.keeping(&compact_game(p)?, BUDGET)?.1)
    }

    /// A move the strongest level plays: the first of [`Coach::best_moves`] where it is perfect
    /// play (a table's first, which makes progress, or any move keeping a book's draw or
    /// loss; a book's win is left to the search, which finds progress).
    pub fn perfect_move(&mut self, p: &AnyPosition) -> Option<Move> {
        let m = compact_game(p)?;
        let (value, source) = self.knowledge.value(&m, BUDGET)?;
        if value == 1 && source == tabula_server::coach::Source::Book {
            return None;
        }
        self.best_moves(p)?.first().copied()
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
