//! Moves and move lists.

use crate::types::Role;

/// What kind of move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A plain move or capture (promotions included).
    Normal,
    /// A pawn's two-square first move.
    DoubleStep,
    /// An en passant capture.
    EnPassant,
    /// Castling: `to` is the king's destination; the rook goes from `rook_from` to `rook_to`.
    Castle {
        /// The rook's square.
        rook_from: u8,
        /// Where it lands, next to the king.
        rook_to: u8,
    },
    /// A lesson game's pass: the side to move has no legal move while the other side has one,
    /// so its turn goes by ([`Move::PASS`]; `0000` in UCI, `--` in SAN).
    Pass,
}

/// A move, with what it captures, so it can be shown and undone without the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Origin square.
    pub from: u8,
    /// Destination (the king's, when castling).
    pub to: u8,
    /// The moving piece's kind.
    pub role: Role,
    /// The kind captured, if any (a pawn for en passant).
    pub capture: Option<Role>,
    /// What a pawn becomes on the last rank (by promotion or rescue).
    pub promotion: Option<Role>,
    /// Special moves.
    pub kind: MoveKind,
}

impl Move {
    /// The pass of a lesson game. Nothing moves, so `from`, `to` and `role` carry no meaning
    /// (both squares 0 and the king as the "piece", which no rule treats specially here).
    pub const PASS: Move = Move {
        from: 0,
        to: 0,
        role: Role::King,
        capture: None,
        promotion: None,
        kind: MoveKind::Pass,
    };

    /// Whether this is a pass.
    #[inline]
    pub fn is_pass(&self) -> bool {
        self.kind == MoveKind::Pass
    }

    /// UCI long algebraic on a board `w` files wide: `a2a3`, `a5a6q`, castling as the king's
    /// move (`e1c1`), a pass as UCI's null move `0000`.
    pub fn uci(&self, w: u8) -> String {
        if self.is_pass() {
            return "0000".to_string();
        }
        let mut s = crate::geometry::square_name(self.from, w);
        s.push_str(&crate::geometry::square_name(self.to, w));
        if let Some(p) = self.promotion {
            s.push(p.char());
        }
        s
    }

    /// Whether it captures (en passant included).
    pub fn is_capture(&self) -> bool {
        self.capture.is_some()
    }

    /// Whether it is a capture or a promotion (the moves quiescence search looks at).
    pub fn is_tactical(&self) -> bool {
        self.capture.is_some() || self.promotion.is_some()
    }
}

/// Receives generated moves. Counting sinks can take whole target sets at once, which makes
/// perft's last ply a matter of population counts.
pub trait Sink {
    /// One move.
    fn push(&mut self, m: Move);
    /// Moves of a `role` from `from` to each square of `targets`; `capture_of(sq)` names what
    /// stands there.
    #[inline]
    fn push_targets(
        &mut self,
        from: u8,
        targets: u64,
        role: Role,
        capture_of: impl Fn(u8) -> Option<Role>,
    ) {
        for to in crate::geometry::squares(targets) {
            self.push(Move {
                from,
                to,
                role,
                capture: capture_of(to),
                promotion: None,
                kind: MoveKind::Normal,
            });
        }
    }
}

/// A list of moves (at most 256, more than any legal position has).
#[derive(Clone, Debug, Default)]
pub struct MoveList(pub Vec<Move>);

impl MoveList {
    /// An empty list with room for a typical position.
    pub fn new() -> Self {
        MoveList(Vec::with_capacity(64))
    }
}

impl Sink for MoveList {
    #[inline]
    fn push(&mut self, m: Move) {
        self.0.push(m);
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.0
    }
}

/// Counts moves without storing them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counter(pub u64);

impl Sink for Counter {
    #[inline]
    fn push(&mut self, _m: Move) {
        self.0 += 1;
    }
    #[inline]
    fn push_targets(
        &mut self,
        _from: u8,
        targets: u64,
        _role: Role,
        _capture_of: impl Fn(u8) -> Option<Role>,
    ) {
        self.0 += u64::from(targets.count_ones());
    }
}
