//! Material signatures (`KRPvKB`): which pieces each side has, the order of a table's piece
//! slots, and the colour flip that lets one table answer for both colours.

use crate::geometry::{Geometry, squares};
use crate::position::Position;
use crate::types::{Color, Role};
use std::fmt;

/// The kinds besides the king, in the order signatures list them (`KQRBNP`).
pub const ROLES: [Role; 5] = [
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// The most pieces (kings included) a table may have: 30^6 positions would not fit in memory.
pub const MAX_PIECES: usize = 5;

/// What each side has besides its king: `counts[colour][i]` pieces of kind [`ROLES`]`[i]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// Pieces per colour (white first) and kind (in [`ROLES`] order).
    pub counts: [[u8; 5]; 2],
}

/// Why a material signature was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MaterialError {
    /// Not of the form `KRPvKB`.
    #[error(
        "`{0}` is not a material signature: write each side's pieces from its king, like KRPvKB (letters K Q R B N P, one v between the sides)"
    )]
    Malformed(String),
    /// Too many pieces for a table.
    #[error("`{0}` has {1} pieces; tables hold at most {MAX_PIECES}, kings included")]
    TooMany(String, usize),
}

impl Material {
    /// The material of a position (`None` if a side has no king or more than one).
    pub fn of<G: Geometry>(pos: &Position<G>) -> Option<Material> {
        let mut counts = [[0u8; 5]; 2];
        for c in Color::ALL {
            if pos.pieces(c, Role::King).count_ones() != 1 {
                return None;
            }
            for (i, r) in ROLES.iter().enumerate() {
                counts[c.index()][i] = pos.pieces(c, *r).count_ones() as u8;
            }
        }
        Some(Material { counts })
    }

    /// Parses `KRPvKB` (either side may be given first; letters of one side in any order).
    pub fn parse(text: &str) -> Result<Material, MaterialError> {
        let bad = || MaterialError::Malformed(text.to_string());
        let t = text.trim();
        let (w, b) = t.split_once(['v', 'V']).ok_or_else(bad)?;
        let mut counts = [[0u8; 5]; 2];
        for (side, part) in [w, b].iter().enumerate() {
            let mut chars = part.chars();
            if !chars.next().is_some_and(|c| c.eq_ignore_ascii_case(&'K')) {
                return Err(bad());
            }
            for ch in chars {
                let role = Role::from_char(ch).ok_or_else(bad)?;
                let i = ROLES.iter().position(|r| *r == role).ok_or_else(bad)?;
                counts[side][i] += 1;
            }
        }
        let m = Material { counts };
        if m.pieces() > MAX_PIECES {
            return Err(MaterialError::TooMany(t.to_string(), m.pieces()));
        }
        Ok(m)
    }

    /// Pieces on the board, both kings included.
    pub fn pieces(&self) -> usize {
        2 + self
            .counts
            .iter()
            .flatten()
            .map(|&n| n as usize)
            .sum::<usize>()
    }

    /// Whether either side has a pawn (then the promotion rule matters).
    pub fn has_pawns(&self) -> bool {
        self.counts[0][4] + self.counts[1][4] > 0
    }

    /// The same material with the colours exchanged.
    pub fn flipped(&self) -> Material {
        Material {
            counts: [self.counts[1], self.counts[0]],
        }
    }

    /// A side's strength for choosing which colour a table stores first: more pieces, then
    /// more of the stronger kinds.
    fn strength(side: [u8; 5]) -> (u8, [u8; 5]) {
        (side.iter().sum(), side)
    }

    /// Whether this is the orientation tables are stored in (the stronger side as White).
    pub fn is_canonical(&self) -> bool {
        Self::strength(self.counts[0]) >= Self::strength(self.counts[1])
    }

    /// The stored orientation and whether reaching it flips the colours.
    pub fn canonical(&self) -> (Material, bool) {
        if self.is_canonical() {
            (*self, false)
        } else {
            (self.flipped(), true)
        }
    }

    /// The piece slots of a table's index, in order: white king, white's pieces in signature
    /// order, black king, black's pieces.
    pub fn slots(&self) -> Vec<(Color, Role)> {
        let mut v = Vec::with_capacity(self.pieces());
        for c in Color::ALL {
            v.push((c, Role::King));
            for (i, r) in ROLES.iter().enumerate() {
                for _ in 0..self.counts[c.index()][i] {
                    v.push((c, *r));
                }
            }
        }
        v
    }

    /// Every material with at most `max_pieces` pieces (kings included), canonical
    /// orientation only, fewest pieces first.
    pub fn all_up_to(max_pieces: usize) -> Vec<Material> {
        let mut out = Vec::new();
        let extra = max_pieces.min(MAX_PIECES).saturating_sub(2);
        // every multiset of at most `extra` kinds for each side
        let sides = multisets(extra);
        for w in &sides {
            for b in &sides {
                let m = Material { counts: [*w, *b] };
                if m.pieces() <= max_pieces && m.is_canonical() {
                    out.push(m);
                }
            }
        }
        out.sort_by_key(|m| (m.pieces(), m.to_string()));
        out
    }

    /// The materials a capture or promotion from this one leads to (a table needs them
    /// first), in canonical orientation. `promotions(side's counts)` names the kinds (indices
    /// into [`ROLES`]) a pawn of a side with those pieces may become.
    pub fn successors(&self, promotions: impl Fn(&[u8; 5]) -> Vec<usize>) -> Vec<Material> {
        let mut out = Vec::new();
        for c in 0..2 {
            for (i, role) in ROLES.iter().enumerate() {
                if self.counts[c][i] == 0 {
                    continue;
                }
                // a capture of this piece
                let mut m = *self;
                m.counts[c][i] -= 1;
                out.push(m.canonical().0);
                // a pawn becoming what the rules allow
                if *role == Role::Pawn {
                    for j in promotions(&self.counts[c]) {
                        let mut p = *self;
                        p.counts[c][4] -= 1;
                        p.counts[c][j] += 1;
                        out.push(p.canonical().0);
                        // promoting with a capture
                        for k in 0..5 {
                            if p.counts[1 - c][k] > 0 {
                                let mut q = p;
                                q.counts[1 - c][k] -= 1;
                                out.push(q.canonical().0);
                            }
                        }
                    }
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }
}

/// Every count vector over the five kinds summing to at most `n`.
fn multisets(n: usize) -> Vec<[u8; 5]> {
    let mut out = vec![[0u8; 5]];
    for _ in 0..n {
        let mut next = out.clone();
        for m in &out {
            for i in 0..5 {
                let mut x = *m;
                x[i] += 1;
                next.push(x);
            }
        }
        next.sort();
        next.dedup();
        out = next;
    }
    out
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (side, counts) in self.counts.iter().enumerate() {
            if side == 1 {
                f.write_str("v")?;
            }
            f.write_str("K")?;
            for (i, r) in ROLES.iter().enumerate() {
                for _ in 0..counts[i] {
                    write!(f, "{}", r.upper())?;
                }
            }
        }
        Ok(())
    }
}

impl std::str::FromStr for Material {
    type Err = MaterialError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Material::parse(s)
    }
}

/// The squares of each slot of `material` in `pos` (identical pieces in ascending order), or
/// `None` if the position has other material.
pub fn slot_squares<G: Geometry>(pos: &Position<G>, material: &Material) -> Option<Vec<u8>> {
    if Material::of(pos)? != *material {
        return None;
    }
    let mut out = Vec::with_capacity(material.pieces());
    for c in Color::ALL {
        out.extend(squares(pos.pieces(c, Role::King)));
        for r in ROLES {
            out.extend(squares(pos.pieces(c, r)));
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_parse_print_and_flip() {
        let m = Material::parse("KRPvKB").unwrap();
        assert_eq!(m.to_string(), "KRPvKB");
        assert_eq!(m.pieces(), 5);
        assert!(m.is_canonical());
        let f = Material::parse("KBvKPR").unwrap();
        assert_eq!(f.to_string(), "KBvKRP");
        assert_eq!(f.canonical(), (m, true));
        assert!(Material::parse("KRvB").is_err());
        assert!(Material::parse("KRRRvKQ").is_err());
        assert!(Material::parse("KXvK").is_err());
    }

    #[test]
    fn every_material_up_to_four_pieces() {
        let all = Material::all_up_to(4);
        // KvK; five with one piece; fifteen pairs on one side; fifteen one against one
        assert_eq!(all.len(), 1 + 5 + 15 + 15);
        assert_eq!(all[0].to_string(), "KvK");
        assert!(all.iter().all(|m| m.is_canonical()));
        let kpk = Material::parse("KPvK").unwrap();
        let any = |_: &[u8; 5]| vec![0, 1, 2, 3];
        let mut next: Vec<String> = kpk.successors(any).iter().map(|m| m.to_string()).collect();
        next.sort();
        assert_eq!(next, ["KBvK", "KNvK", "KQvK", "KRvK", "KvK"]);
    }
}
