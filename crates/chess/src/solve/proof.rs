//! Proofs of a solved value, and the verifier that replays them against the rules.
//!
//! A proof says "this side gets at least a draw (or a win) from this position" and lists every
//! position its strategy can meet: for each, where it is the side's turn, the move it plays,
//! and a rank. The verifier walks from the root with nothing but the move generator and the
//! game's end rules and checks:
//!
//! - where the side moves, its move is legal and leads to a listed position; where the other
//!   side moves, every legal move does;
//! - finished games have at least the claimed result;
//! - inside a slice (see [`super`]) whose tie-break would give less than the claim, every move
//!   of the strategy lowers the rank, so play must leave the slice, and within 100 moves (the
//!   fifty-move rule). Where the tie-break gives enough, play may circle: a repetition or fifty
//!   moves end it with the tie-break.
//!
//! Every game the strategy allows then ends with at least the claim: slices are left for good
//! (pawn moves and captures cannot be undone), and the ranks forbid staying where staying is
//! not enough. A draw is proven by two proofs, one for each side.

use super::Solver;
use super::key::{position_key, slice_key};
use super::slice::SliceLayout;
use crate::engine::pack;
use crate::geometry::Mini;
use crate::position::Position;
use crate::status::TieBreakCause;
use crate::tablebase::Value;
use crate::types::Color;
use std::collections::{HashMap, VecDeque};

/// A move as proofs store it (the engine's 16-bit packing).
pub fn packed(m: &crate::moves::Move) -> u16 {
    pack(m)
}

/// What a proof claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Claim {
    /// The side whose strategy the proof lists.
    pub side: Color,
    /// True: it wins; false: it gets at least a draw.
    pub win: bool,
}

impl Claim {
    /// The claims whose proofs establish `value` for the side `turn` to move: the winner's
    /// win, or each side's draw.
    pub fn proving(value: Value, turn: Color) -> Vec<Claim> {
        match value {
            Value::Win(_) => vec![Claim {
                side: turn,
                win: true,
            }],
            Value::Loss(_) => vec![Claim {
                side: turn.other(),
                win: true,
            }],
            Value::Draw => Color::ALL
                .iter()
                .map(|&side| Claim { side, win: false })
                .collect(),
        }
    }

    /// Whether an outcome (winner, or none for a draw) meets the claim.
    pub(crate) fn met_by(self, winner: Option<Color>) -> bool {
        match winner {
            Some(w) => w == self.side,
            None => !self.win,
        }
    }

    /// Whether a solved value (for the side to move in `turn`) meets it.
    fn met_by_value(self, v: Value, turn: Color) -> bool {
        let winner = match v {
            Value::Win(_) => Some(turn),
            Value::Loss(_) => Some(turn.other()),
            Value::Draw => None,
        };
        self.met_by(winner)
    }
}

/// One listed position: its rank, and the strategy's move where it is the side's turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Lower than its predecessor's wherever staying in the slice is not enough.
    pub rank: u16,
    /// The move (packed as the engine packs moves), where the side is to move.
    pub mv: Option<u16>,
}

/// A proof: the root, the claim and every position of the strategy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The position it starts from.
    pub root: Position<Mini>,
    /// What it proves.
    pub claim: Claim,
    /// Every position the strategy can meet, by exact key.
    pub entries: HashMap<u128, Entry>,
}

/// Why a proof was refused: the position and the broken condition.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProofError {
    /// A condition fails at a position.
    #[error("{fen}: {why}")]
    Broken {
        /// The position.
        fen: String,
        /// What is wrong.
        why: String,
    },
    /// The bytes are not a proof.
    #[error("not a Tabula proof: {0}")]
    Format(String),
}

/// The tie-break outcome of staying in `pos`'s slice for ever (only pawns count).
pub(crate) fn staying(pos: &Position<Mini>) -> Option<Color> {
    pos.tie_break(TieBreakCause::Repetition).winner()
}

impl Proof {
    /// Extracts the proof of `claim` from a solver that has solved `root` (and so every
    /// position reachable from it).
    pub fn extract(solver: &Solver, root: &Position<Mini>, claim: Claim) -> Option<Proof> {
        let mut entries = HashMap::new();
        let mut ranks: HashMap<u128, Vec<u16>> = HashMap::new();
        let mut queue = VecDeque::from([*root]);
        while let Some(p) = queue.pop_front() {
            let k = position_key(&p);
            if entries.contains_key(&k) {
                continue;
            }
            if p.outcome().is_some() {
                entries.insert(k, Entry { rank: 0, mv: None });
                continue;
            }
            // the rank only matters where staying is not enough
            let must_leave = !claim.met_by(staying(&p));
            let rank_of = |ranks: &mut HashMap<u128, Vec<u16>>, q: &Position<Mini>| -> u16 {
                if !must_leave || slice_key(q) != slice_key(&p) {
                    return 0;
                }
                let r = ranks
                    .entry(slice_key(q))
                    .or_insert_with(|| leave_ranks(solver, q, claim));
                r[SliceLayout::index_in_slice(q)]
            };
            let here = rank_of(&mut ranks, &p);
            let moves = p.legal_moves();
            let mut mv = None;
            if p.turn() == claim.side {
                // a move that keeps the claim, leaving the slice or lowering the rank
                let mut choice: Option<(crate::moves::Move, i64)> = None;
                for m in moves.iter() {
                    let c = p.play_unchecked(*m);
                    let v = solver.known(&c)?;
                    if !claim.met_by_value(v, c.turn()) {
                        continue;
                    }
                    if must_leave
                        && slice_key(&c) == slice_key(&p)
                        && rank_of(&mut ranks, &c) >= here
                    {
                        continue;
                    }
                    // prefer the solver's best (quickest) move
                    let score = v.parent().rank();
                    if choice.is_none_or(|(_, s)| score > s) {
                        choice = Some((*m, score));
                    }
                }
                let (m, _) = choice?;
                mv = Some(pack(&m));
                queue.push_back(p.play_unchecked(m));
            } else {
                for m in moves.iter() {
                    queue.push_back(p.play_unchecked(*m));
                }
            }
            entries.insert(k, Entry { rank: here, mv });
        }
        Some(Proof {
            root: *root,
            claim,
            entries,
        })
    }

    /// Replays the proof against the rules (see the module's conditions). Returns the number
    /// of positions checked.
    pub fn verify(&self) -> Result<usize, ProofError> {
        let broken = |p: &Position<Mini>, why: String| ProofError::Broken { fen: p.fen(), why };
        let mut seen = std::collections::HashSet::new();
        let mut queue = VecDeque::from([self.root]);
        while let Some(p) = queue.pop_front() {
            let k = position_key(&p);
            if !seen.insert(k) {
                continue;
            }
            let entry = self
                .entries
                .get(&k)
                .ok_or_else(|| broken(&p, "a position the strategy meets is missing".into()))?;
            if let Some(o) = p.outcome() {
                if !self.claim.met_by(o.winner()) {
                    return Err(broken(&p, format!("the game ends short of the claim: {o}")));
                }
                continue;
            }
            let must_leave = !self.claim.met_by(staying(&p));
            if must_leave && entry.rank >= 100 {
                return Err(broken(
                    &p,
                    format!("rank {} allows the fifty-move rule to end it", entry.rank),
                ));
            }
            let moves = p.legal_moves();
            let children: Vec<Position<Mini>> = if p.turn() == self.claim.side {
                let packed = entry
                    .mv
                    .ok_or_else(|| broken(&p, "no move where the side is to move".into()))?;
                let m = moves
                    .iter()
                    .find(|m| pack(m) == packed)
                    .ok_or_else(|| broken(&p, "the listed move is not legal".into()))?;
                vec![p.play_unchecked(*m)]
            } else {
                moves.iter().map(|m| p.play_unchecked(*m)).collect()
            };
            for c in children {
                if must_leave && slice_key(&c) == slice_key(&p) {
                    let r = self
                        .entries
                        .get(&position_key(&c))
                        .map_or(u16::MAX, |e| e.rank);
                    if r >= entry.rank {
                        return Err(broken(
                            &p,
                            format!(
                                "a move stays in the slice without lowering the rank ({} to {r})",
                                entry.rank
                            ),
                        ));
                    }
                }
                queue.push_back(c);
            }
        }
        Ok(seen.len())
    }
}

/// Within `pos`'s slice, for each state whose value meets `claim`: how many moves the side
/// needs to leave the slice (or end the game) keeping the claim, against any defence. Others
/// get `u16::MAX`.
fn leave_ranks(solver: &Solver, pos: &Position<Mini>, claim: Claim) -> Vec<u16> {
    let Some(layout) = SliceLayout::of(pos) else {
        return Vec::new();
    };
    let len = layout.len();
    let states: Vec<Option<Position<Mini>>> = (0..len).map(|i| layout.position(i)).collect();
    let mut rank = vec![u16::MAX; len];
    // iterate to a fixpoint: a state's rank from its children's (the slice is small)
    loop {
        let mut changed = false;
        for (i, s) in states.iter().enumerate() {
            let Some(p) = s else { continue };
            let Some(v) = solver.known(p) else { continue };
            if !claim.met_by_value(v, p.turn()) {
                continue;
            }
            let r = if p.outcome().is_some() {
                0
            } else {
                let moves = p.legal_moves();
                let child_ranks = moves.iter().map(|m| {
                    let c = p.play_unchecked(*m);
                    let good = solver
                        .known(&c)
                        .is_some_and(|v| claim.met_by_value(v, c.turn()));
                    if !good {
                        None
                    } else if slice_key(&c) != layout.key {
                        Some(0)
                    } else {
                        Some(rank[SliceLayout::index_in_slice(&c)])
                    }
                });
                let best = if p.turn() == claim.side {
                    child_ranks.flatten().min().unwrap_or(u16::MAX)
                } else {
                    child_ranks
                        .map(|r| r.unwrap_or(u16::MAX))
                        .max()
                        .unwrap_or(u16::MAX)
                };
                best.saturating_add(1)
            };
            if r < rank[i] {
                rank[i] = r;
                changed = true;
            }
        }
        if !changed {
            return rank;
        }
    }
}

const MAGIC: &[u8; 8] = b"TABULAPF";
const FORMAT: u8 = 1;

impl Proof {
    /// The proof as bytes: magic, format, the root's variant and FEN, the claim, the number of
    /// entries and each entry (key, rank, move; sorted by key), then a checksum.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(24 * self.entries.len() + 64);
        out.extend_from_slice(MAGIC);
        out.push(FORMAT);
        for text in [self.root.variant().name(), self.root.fen()] {
            out.push(text.len() as u8);
            out.extend_from_slice(text.as_bytes());
        }
        out.push(self.claim.side.index() as u8);
        out.push(u8::from(self.claim.win));
        out.extend_from_slice(&(self.entries.len() as u64).to_le_bytes());
        let mut keys: Vec<&u128> = self.entries.keys().collect();
        keys.sort();
        for k in keys {
            let e = self.entries[k];
            out.extend_from_slice(&k.to_le_bytes());
            out.extend_from_slice(&e.rank.to_le_bytes());
            out.extend_from_slice(&e.mv.unwrap_or(u16::MAX).to_le_bytes());
        }
        let sum = crate::tablebase::checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a proof written by [`Proof::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Proof, ProofError> {
        let bad = |why: &str| ProofError::Format(why.to_string());
        if bytes.len() < 17 || &bytes[..8] != MAGIC || bytes[8] != FORMAT {
            return Err(bad("the header is missing"));
        }
        let (body, tail) = bytes.split_at(bytes.len() - 8);
        if crate::tablebase::checksum(body).to_le_bytes() != tail {
            return Err(bad("the checksum does not match (a damaged file)"));
        }
        let mut at = 9;
        let mut text = || -> Result<String, ProofError> {
            let n = usize::from(*body.get(at).ok_or_else(|| bad("cut short"))?);
            let s = body
                .get(at + 1..at + 1 + n)
                .ok_or_else(|| bad("cut short"))?;
            at += 1 + n;
            String::from_utf8(s.to_vec()).map_err(|_| bad("text"))
        };
        let variant = text()?;
        let fen = text()?;
        let variant = crate::variant::Variant::parse(&variant).map_err(|e| bad(&e.to_string()))?;
        let root = Position::<Mini>::from_fen(variant, &fen).map_err(|e| bad(&e.to_string()))?;
        let head = body.get(at..at + 10).ok_or_else(|| bad("cut short"))?;
        let side = if head[0] == 0 {
            Color::White
        } else {
            Color::Black
        };
        let win = head[1] == 1;
        let mut count = [0u8; 8];
        count.copy_from_slice(&head[2..10]);
        let count = u64::from_le_bytes(count) as usize;
        at += 10;
        let rest = &body[at..];
        if rest.len() != count * 20 {
            return Err(bad("the entries do not fill the file"));
        }
        let mut entries = HashMap::with_capacity(count);
        for chunk in rest.chunks_exact(20) {
            let mut k = [0u8; 16];
            k.copy_from_slice(&chunk[..16]);
            let rank = u16::from_le_bytes([chunk[16], chunk[17]]);
            let mv = u16::from_le_bytes([chunk[18], chunk[19]]);
            entries.insert(
                u128::from_le_bytes(k),
                Entry {
                    rank,
                    mv: (mv != u16::MAX).then_some(mv),
                },
            );
        }
        Ok(Proof {
            root,
            claim: Claim { side, win },
            entries,
        })
    }
}
