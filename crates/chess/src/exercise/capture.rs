//! "Capture all the pawns with your piece in N moves": a seeded position and its proof.
//!
//! The position is made by walking the piece `N` moves over the board and leaving a black pawn
//! on some of the squares it lands on (always the last); the walk only suggests a position. What
//! is stated to the player is what the breadth-first search over the real legal moves proves:
//! the pawns can all be captured in `N` moves and not in fewer. A walked position whose proof
//! gives another number is thrown away and the next one tried.

use super::{ExerciseError, lesson_piece};
use crate::geometry::{Geometry, Mini, squares};
use crate::moves::Move;
use crate::position::Position;
use crate::types::{Color, Piece, Role};
use crate::variant::Variant;
use std::collections::{HashMap, VecDeque};
use tabula_core::rng::{ChaCha8Rng, Rng, mix, seeded};

/// A capture-all exercise: White's one piece and black pawns, White to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaptureAll {
    /// The position (White to move; Black's pawns stand still throughout).
    pub position: Position<Mini>,
    /// The piece's square.
    pub from: u8,
    /// The piece.
    pub piece: Role,
    /// The black pawns.
    pub pawns: u64,
    /// The fewest moves that capture every pawn, as the search proved.
    pub minimum: u8,
    /// One shortest solution (White's moves; Black passes in between).
    pub solution: Vec<Move>,
}

/// How many walked positions are tried before giving up.
const TRIES: usize = 2_000;

/// What the search remembers of a position: the board and the Rescue the Queen flags (the
/// side to move is always White between the piece's moves).
type Key = ([u64; 2], [u64; 6], [bool; 2]);

fn key(p: &Position<Mini>) -> Key {
    (p.colors, p.roles, p.rescued)
}

/// The fewest moves of White that capture every black piece while Black stands still, with one
/// line that does it, or `None` if it takes more than `limit` moves (or cannot be done).
///
/// A breadth-first search over White's legal moves as the move generator gives them in the
/// position's own variant: each move is played, and before the next one the turn is handed
/// back to White (Black passes). A position the rules decide otherwise (a pawn of White's
/// reaching the far edge with pawns left, say) ends that line. `start` must have White to move.
pub fn fewest_moves_to_capture_all(start: &Position<Mini>, limit: u8) -> Option<Vec<Move>> {
    if start.turn() != Color::White {
        return None;
    }
    if start.by_color(Color::Black) == 0 {
        return Some(Vec::new());
    }
    // how each position was first reached: the position before it and the move
    let mut came_from: HashMap<Key, Option<(Key, Move)>> = HashMap::new();
    came_from.insert(key(start), None);
    let mut queue = VecDeque::from([(*start, 0u8)]);
    while let Some((p, depth)) = queue.pop_front() {
        if depth >= limit {
            continue;
        }
        for m in p.legal_moves().iter().filter(|m| !m.is_pass()) {
            let q = p.play_unchecked(*m);
            let k = key(&q);
            if came_from.contains_key(&k) {
                continue;
            }
            came_from.insert(k, Some((key(&p), *m)));
            if q.by_color(Color::Black) == 0 {
                let mut line = vec![*m];
                let mut at = key(&p);
                while let Some(Some((before, mv))) = came_from.get(&at) {
                    line.push(*mv);
                    at = *before;
                }
                line.reverse();
                return Some(line);
            }
            if q.lesson_result().is_some() || q.outcome().is_some() {
                continue;
            }
            let mut next = q;
            next.set_turn(Color::White);
            queue.push_back((next, depth + 1));
        }
    }
    None
}

/// A capture-all exercise for the piece of `variant`'s box, made from `seed`: between two and
/// four pawns, three to five moves (two or three for a pawn, which only goes forward).
pub fn capture_all(variant: Variant, seed: u64) -> Result<CaptureAll, ExerciseError> {
    let piece = lesson_piece(variant).ok_or_else(|| ExerciseError::NotForVariant {
        variant: variant.name(),
        what: "capture-all",
        expected: "power-pawns, kings-conquest, raging-rooks, bishops, mean-queens, rescue-the-queen or krazy-knights",
    })?;
    let mut rng = seeded(mix(&[seed, 0xCA97_0A11]));
    for _ in 0..TRIES {
        let (moves, pawns) = if piece == Role::Pawn {
            (rng.random_range(2..=3u8), 2u8)
        } else {
            let n = rng.random_range(3..=5u8);
            (n, rng.random_range(2..=n.min(4)))
        };
        let Some((from, targets)) = walk(piece, moves, pawns, &mut rng) else {
            continue;
        };
        let mut pos = Position::<Mini>::empty(variant, Color::White);
        pos.place(
            from,
            Piece {
                color: Color::White,
                role: piece,
            },
        );
        for t in squares(targets) {
            pos.place(
                t,
                Piece {
                    color: Color::Black,
                    role: Role::Pawn,
                },
            );
        }
        if pos.check_rules().is_err() || pos.lesson_result().is_some() {
            continue;
        }
        match fewest_moves_to_capture_all(&pos, moves) {
            Some(line) if line.len() == moves as usize => {
                return Ok(CaptureAll {
                    position: pos,
                    from,
                    piece,
                    pawns: targets,
                    minimum: moves,
                    solution: line,
                });
            }
            _ => continue,
        }
    }
    Err(ExerciseError::NotFound {
        variant: variant.name(),
        what: "capture-all",
        seed,
    })
}

/// Walks `piece` `moves` moves over an otherwise empty board from a random square and leaves
/// `pawns` pawns on squares it lands on (the last landing always among them), all on ranks 2-5
/// where pawns may stand. Returns the start square and the pawns, or `None` if the walk got
/// stuck.
fn walk(piece: Role, moves: u8, pawns: u8, rng: &mut ChaCha8Rng) -> Option<(u8, u64)> {
    let t = Mini::tables();
    let pawn_ranks = Mini::rank(1) | Mini::rank(2) | Mini::rank(3) | Mini::rank(4);
    // which of the moves capture: the last, and pawns - 1 of the others
    let mut captures = vec![false; moves as usize];
    captures[moves as usize - 1] = true;
    let mut left = pawns.saturating_sub(1);
    while left > 0 {
        let i = rng.random_range(0..moves as usize - 1);
        if !captures[i] {
            captures[i] = true;
            left -= 1;
        }
    }
    let start = if piece == Role::Pawn {
        // a pawn only goes up: start low enough to stay below the far edge
        let top = 4 - moves; // the highest start rank (0-based) that ends on rank 5
        let rank = rng.random_range(1..=top.max(1));
        rank * Mini::W + rng.random_range(0..Mini::W)
    } else {
        rng.random_range(0..Mini::SQUARES)
    };
    let mut at = start;
    let mut visited = 1u64 << start;
    let mut targets = 0u64;
    for &capture in &captures {
        let reach = match piece {
            Role::Pawn if capture => t.pawn(0, at),
            Role::Pawn => 1u64.checked_shl((at + Mini::W) as u32).unwrap_or(0) & Mini::ALL,
            Role::Knight => t.knight(at),
            Role::King => t.king(at),
            Role::Rook => t.rook(at, 0),
            Role::Bishop => t.bishop(at, 0),
            Role::Queen => t.queen(at, 0),
        };
        let mut options = reach & !visited;
        if capture || piece == Role::Pawn {
            options &= pawn_ranks;
        }
        let list: Vec<u8> = squares(options).collect();
        if list.is_empty() {
            return None;
        }
        at = list[rng.random_range(0..list.len())];
        visited |= 1u64 << at;
        if capture {
            targets |= 1u64 << at;
        }
    }
    Some((start, targets))
}
