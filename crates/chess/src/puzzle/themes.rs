//! What a puzzle is about, found by rules over its position and line (ours; lichess names
//! its themes much the same way).
//!
//! * `mate-in-1`, `mate-in-2`, `mate-in-3`, `mate` (longer): the line ends in checkmate after
//!   that many of the solver's moves.
//! * `fork`: one of the solver's moves (not a mating one) leaves the moved piece attacking two or more of the
//!   opponent's pieces that are each the king, worth more than the mover, or undefended (a
//!   pawn counts only when undefended and the other target is not a pawn).
//! * `hanging-piece`: the first move takes a piece (not a pawn) that nothing defended.
//! * `promotion`: a pawn of the solver's reaches the last rank in the line; `rescue` when
//!   it brings back a captured piece (QuickChess's rule), not a Prince/Princess.
//! * `endgame`: at most two pieces besides kings and pawns on the board.
//! * `defence`: one move holds the draw where every other loses.
//! * `advantage`: the line wins material or position, not by mate.

use crate::geometry::Geometry;
use crate::position::Position;
use crate::{AnyPosition, Move, Role};
use std::str::FromStr;

/// A puzzle's theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// Mate with the first move.
    MateIn1,
    /// Mate with the second move.
    MateIn2,
    /// Mate with the third move.
    MateIn3,
    /// Mate with the fourth move or later.
    Mate,
    /// A piece attacks two targets at once.
    Fork,
    /// The first move takes an undefended piece.
    HangingPiece,
    /// A pawn reaches the last rank.
    Promotion,
    /// A pawn reaching the last rank brings back a captured piece.
    Rescue,
    /// Few pieces are left.
    Endgame,
    /// The only move that holds the draw.
    Defence,
    /// Winning without mate.
    Advantage,
}

/// Every theme, in the order pages list them.
pub const ALL: [Theme; 11] = [
    Theme::MateIn1,
    Theme::MateIn2,
    Theme::MateIn3,
    Theme::Mate,
    Theme::Fork,
    Theme::HangingPiece,
    Theme::Promotion,
    Theme::Rescue,
    Theme::Endgame,
    Theme::Defence,
    Theme::Advantage,
];

impl Theme {
    /// The theme's name in files, URLs and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Theme::MateIn1 => "mate-in-1",
            Theme::MateIn2 => "mate-in-2",
            Theme::MateIn3 => "mate-in-3",
            Theme::Mate => "mate",
            Theme::Fork => "fork",
            Theme::HangingPiece => "hanging-piece",
            Theme::Promotion => "promotion",
            Theme::Rescue => "rescue",
            Theme::Endgame => "endgame",
            Theme::Defence => "defence",
            Theme::Advantage => "advantage",
        }
    }
}

/// A theme name that is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown theme `{0}`: themes are mate-in-1, mate-in-2, mate-in-3, mate, fork, hanging-piece, promotion, rescue, endgame, defence, advantage"
)]
pub struct UnknownTheme(pub String);

impl FromStr for Theme {
    type Err = UnknownTheme;
    fn from_str(s: &str) -> Result<Theme, UnknownTheme> {
        ALL.iter()
            .copied()
            .find(|t| t.name() == s)
            .ok_or_else(|| UnknownTheme(s.to_string()))
    }
}

/// The themes of the line `moves` from `start` (legal, the solver's moves at even places);
/// `defence` says the puzzle is an only move to hold the draw.
pub fn themes_of(start: &AnyPosition, moves: &[Move], defence: bool) -> Vec<Theme> {
    match start {
        AnyPosition::Mini(p) => themes_in(p, moves, defence),
        AnyPosition::Standard(p) => themes_in(p, moves, defence),
    }
}

/// A rough value of each kind, for "worth more than" (the king counts above everything).
fn worth(r: Role) -> u32 {
    match r {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 100,
    }
}

fn themes_in<G: Geometry>(start: &Position<G>, moves: &[Move], defence: bool) -> Vec<Theme> {
    let mut themes = Vec::new();
    let solver = start.turn();
    let mut positions = vec![*start];
    for m in moves {
        let p = positions[positions.len() - 1].play_unchecked(*m);
        positions.push(p);
    }
    let last = positions[positions.len() - 1];
    let mated = last.is_check() && last.legal_moves().is_empty();
    let solver_moves = moves.len().div_ceil(2);
    if mated {
        themes.push(match solver_moves {
            1 => Theme::MateIn1,
            2 => Theme::MateIn2,
            3 => Theme::MateIn3,
            _ => Theme::Mate,
        });
    } else if defence {
        themes.push(Theme::Defence);
    } else {
        themes.push(Theme::Advantage);
    }
    let solver_plies = moves.iter().enumerate().filter(|(i, _)| i % 2 == 0);
    if solver_plies
        .clone()
        .any(|(i, m)| forks(&positions[i + 1], m))
    {
        themes.push(Theme::Fork);
    }
    if let Some(first) = moves.first()
        && first
            .capture
            .is_some_and(|r| r != Role::Pawn && r != Role::King)
        && start.attackers(first.to, solver.other(), start.occupied()) == 0
    {
        themes.push(Theme::HangingPiece);
    }
    let promotions: Vec<(usize, &Move)> = solver_plies
        .filter(|(_, m)| m.promotion.is_some())
        .collect();
    if !promotions.is_empty() {
        themes.push(Theme::Promotion);
        let rescue = promotions.iter().any(|(i, m)| {
            positions[*i].variant.promotion() == crate::variant::Promotion::Rescue
                && is_rescue(&positions[*i], m)
        });
        if rescue {
            themes.push(Theme::Rescue);
        }
    }
    let pieces = start.occupied() & !start.by_role(Role::Pawn) & !start.by_role(Role::King);
    if pieces.count_ones() <= 2 {
        themes.push(Theme::Endgame);
    }
    themes
}

/// Whether the promotion `m` brings back a captured piece rather than making a Prince (the
/// rescue rule offers a Prince, a queen, only when none of the side's pieces was captured).
fn is_rescue<G: Geometry>(before: &Position<G>, m: &Move) -> bool {
    let side = before.turn();
    let start = before.variant.start_material();
    let captured = Role::PROMOTABLE
        .iter()
        .zip(start)
        .any(|(r, n)| (before.pieces(side, *r).count_ones() as u8) < n);
    captured && m.promotion.is_some()
}

/// Whether the piece `m` moved (in `after`, the opponent to move) attacks two or more
/// targets: the king, pieces worth more than it, or undefended pieces.
fn forks<G: Geometry>(after: &Position<G>, m: &Move) -> bool {
    if after.is_check() && after.legal_moves().is_empty() {
        // a mate is a mate, not a fork
        return false;
    }
    let mover = after.turn().other();
    let role = m.promotion.unwrap_or(m.role);
    let occ = after.occupied();
    let mut targets = 0u32;
    let mut non_pawn = 0u32;
    let mut theirs = after.by_color(after.turn());
    while theirs != 0 {
        let sq = theirs.trailing_zeros() as u8;
        theirs &= theirs - 1;
        if after.attackers(sq, mover, occ) & (1u64 << m.to) == 0 {
            continue;
        }
        let Some(victim) = after.role_at(sq) else {
            continue;
        };
        let defended = after.attackers(sq, after.turn(), occ) != 0;
        let counts = victim == Role::King || worth(victim) > worth(role) || !defended;
        if counts {
            targets += 1;
            if victim != Role::Pawn {
                non_pawn += 1;
            }
        }
    }
    targets >= 2 && non_pawn >= 1
}
