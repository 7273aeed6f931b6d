//! How games end, judged from the position (repetition needs the game's history: see
//! [`crate::game`]).

use crate::geometry::{Geometry, squares};
use crate::position::Position;
use crate::types::{Color, Role};
use crate::variant::Objective;
use std::fmt;

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser is checkmated.
    Checkmate,
    /// A pawn reached the far edge (lesson games).
    PawnReachedEdge,
    /// Every opposing piece was captured (lesson games).
    AllPiecesCaptured,
    /// Every opposing pawn was captured (Rescue the Queen).
    AllPawnsCaptured,
    /// Tie-break: the winner's most advanced pawn is nearer its goal.
    TieBreakAdvancedPawn,
    /// Tie-break: the winner has more pawns.
    TieBreakMorePawns,
    /// The loser resigned.
    Resignation,
    /// The loser ran out of time.
    Timeout,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can ever checkmate.
    InsufficientMaterial,
    /// Fifty moves by each side without a capture or pawn move.
    FiftyMoves,
    /// The same position a third time.
    Repetition,
    /// Lesson tie-break: equally advanced pawns and equal numbers.
    TieBreakLevel,
    /// The players agreed.
    Agreement,
}

/// What set off a lesson game's tie-break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreakCause {
    /// All pawns deadlocked: neither side has a legal move, so no pawn can move or capture and
    /// no other piece can change that. (A side that cannot move while the other can passes
    /// instead: [`crate::Move::PASS`].)
    Deadlock,
    /// Fifty moves without a capture or pawn move **[ours]**.
    FiftyMoves,
    /// Threefold repetition **[ours]**.
    Repetition,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// How.
        reason: WinReason,
        /// For tie-breaks, what set them off.
        tie_break: Option<TieBreakCause>,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: DrawReason,
        /// For tie-breaks, what set them off.
        tie_break: Option<TieBreakCause>,
    },
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cause = |t: &Option<TieBreakCause>| match t {
            Some(TieBreakCause::Deadlock) => " (tie-break: all pawns deadlocked)",
            Some(TieBreakCause::FiftyMoves) => {
                " (tie-break: fifty moves without a capture or pawn move)"
            }
            Some(TieBreakCause::Repetition) => " (tie-break: threefold repetition)",
            None => "",
        };
        match self {
            Outcome::Win {
                winner,
                reason,
                tie_break,
            } => {
                let how = match reason {
                    WinReason::Checkmate => "by checkmate",
                    WinReason::PawnReachedEdge => "a pawn reached the far edge",
                    WinReason::AllPiecesCaptured => "every opposing piece captured",
                    WinReason::AllPawnsCaptured => "every opposing pawn captured",
                    WinReason::TieBreakAdvancedPawn => "the most advanced pawn",
                    WinReason::TieBreakMorePawns => "more pawns",
                    WinReason::Resignation => "by resignation",
                    WinReason::Timeout => "on time",
                };
                let name = if *winner == Color::White {
                    "White"
                } else {
                    "Black"
                };
                write!(f, "{name} wins: {how}{}", cause(tie_break))
            }
            Outcome::Draw { reason, tie_break } => {
                let why = match reason {
                    DrawReason::Stalemate => "stalemate",
                    DrawReason::InsufficientMaterial => "insufficient material",
                    DrawReason::FiftyMoves => "fifty-move rule",
                    DrawReason::Repetition => "threefold repetition",
                    DrawReason::TieBreakLevel => "the tie-break is level",
                    DrawReason::Agreement => "agreement",
                };
                write!(f, "Draw: {why}{}", cause(tie_break))
            }
        }
    }
}

impl<G: Geometry> Position<G> {
    /// A lesson game already decided on the board: a pawn on its far edge, or a side without
    /// pieces (without pawns, in Rescue the Queen). `None` for checkmate games.
    pub fn lesson_result(&self) -> Option<Outcome> {
        let win = |winner: Color, reason| {
            Some(Outcome::Win {
                winner,
                reason,
                tie_break: None,
            })
        };
        // the side that just moved first: its achievement is what ended the game
        let order = [self.turn.other(), self.turn];
        match self.variant.objective() {
            Objective::Checkmate => None,
            Objective::Lesson => {
                for c in order {
                    if self.pieces(c, Role::Pawn) & G::rank(Self::last_rank(c)) != 0 {
                        return win(c, WinReason::PawnReachedEdge);
                    }
                    if self.by_color(c.other()) == 0 {
                        return win(c, WinReason::AllPiecesCaptured);
                    }
                }
                None
            }
            Objective::CapturePawns => {
                for c in order {
                    if self.pieces(c.other(), Role::Pawn) == 0 {
                        return win(c, WinReason::AllPawnsCaptured);
                    }
                }
                None
            }
        }
    }

    /// The tie-break of boxes 2-8: the side whose most advanced pawn is nearer its goal wins;
    /// otherwise the side with more pawns; otherwise a draw.
    pub fn tie_break(&self, cause: TieBreakCause) -> Outcome {
        let distance = |c: Color| {
            squares(self.pieces(c, Role::Pawn))
                .map(|s| {
                    let r = s / G::W;
                    match c {
                        Color::White => G::H - 1 - r,
                        Color::Black => r,
                    }
                })
                .min()
                .unwrap_or(u8::MAX)
        };
        let (dw, db) = (distance(Color::White), distance(Color::Black));
        if dw != db {
            let winner = if dw < db { Color::White } else { Color::Black };
            return Outcome::Win {
                winner,
                reason: WinReason::TieBreakAdvancedPawn,
                tie_break: Some(cause),
            };
        }
        let (nw, nb) = (
            self.pieces(Color::White, Role::Pawn).count_ones(),
            self.pieces(Color::Black, Role::Pawn).count_ones(),
        );
        if nw != nb {
            let winner = if nw > nb { Color::White } else { Color::Black };
            return Outcome::Win {
                winner,
                reason: WinReason::TieBreakMorePawns,
                tie_break: Some(cause),
            };
        }
        Outcome::Draw {
            reason: DrawReason::TieBreakLevel,
            tie_break: Some(cause),
        }
    }

    /// Whether neither side can checkmate whatever happens (FIDE's usual cases: bare kings,
    /// a king and one minor piece against a king, or only bishops all on one colour).
    pub fn insufficient_material(&self) -> bool {
        let heavy = self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen);
        if heavy != 0 {
            return false;
        }
        let minors = self.by_role(Role::Knight) | self.by_role(Role::Bishop);
        if minors.count_ones() <= 1 {
            return true;
        }
        if self.by_role(Role::Knight) != 0 {
            return false;
        }
        let colour = |s: u8| (s % G::W + s / G::W) % 2;
        let bishops: Vec<u8> = squares(self.by_role(Role::Bishop)).map(colour).collect();
        bishops.iter().all(|&c| c == bishops[0])
    }

    /// The outcome if the game is over on the board (repetition aside), else `None`.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.lesson_result() {
            return Some(o);
        }
        let no_moves = self.count_moves() == 0;
        if self.variant.has_check() {
            if no_moves {
                return Some(if self.is_check() {
                    Outcome::Win {
                        winner: self.turn.other(),
                        reason: WinReason::Checkmate,
                        tie_break: None,
                    }
                } else {
                    Outcome::Draw {
                        reason: DrawReason::Stalemate,
                        tie_break: None,
                    }
                });
            }
            if self.insufficient_material() {
                return Some(Outcome::Draw {
                    reason: DrawReason::InsufficientMaterial,
                    tie_break: None,
                });
            }
            if self.halfmoves >= 100 {
                return Some(Outcome::Draw {
                    reason: DrawReason::FiftyMoves,
                    tie_break: None,
                });
            }
            return None;
        }
        if no_moves {
            // a side without a move passes while the other can move, so no move at all means
            // neither side can move: every pawn is stuck and no piece can change that
            return Some(self.tie_break(TieBreakCause::Deadlock));
        }
        if self.halfmoves >= 100 {
            return Some(self.tie_break(TieBreakCause::FiftyMoves));
        }
        None
    }
}
