//! One slice solved: every placement of its non-pawn pieces, both sides to move, valued by
//! retrograde analysis over the slice's own moves (piece moves that capture nothing, and
//! passes), with the moves that leave it (pawn moves, captures, promotions) valued by the
//! slices they lead to.
//!
//! 1. Finite values first, in order of distance, as endgame tables are built: a move to a
//!    loss in `n` is a win in `n + 1`; a position whose every move leads to a win for the
//!    opponent is a loss one ply longer than the longest. Ending the game by repetition (or
//!    fifty moves) counts as longer than any finite line, so a side that can hold that, or a
//!    draw, is never a finite loss.
//! 2. What is left can play forever inside the slice, which ends the game by the tie-break
//!    of the slice's pawns (the same throughout: pawns do not move inside a slice). Each side
//!    forces what it can: White a win when the tie-break favours it unless Black can leave
//!    for a draw or better, otherwise only by leaving for a win; the same for Black; the rest
//!    is drawn. Such wins are "by the tie-break", of no fixed length.

use super::key::slice_key;
use crate::geometry::{Geometry, Mini, squares};
use crate::moves::MoveList;
use crate::position::Position;
use crate::status::{Outcome, TieBreakCause};
use crate::tablebase::Value;
use crate::types::{Color, Piece, Role};

/// The distance that stands for "by the tie-break after a repetition or fifty moves": longer
/// than any finite line, so winners prefer finite wins and losers this.
pub const BY_TIE_BREAK: u16 = u16::MAX;

/// Kinds of non-pawn pieces in the order a slice's index lists them (the compact index's
/// too, [`super::compact`]).
pub(super) const PIECE_ROLES: [Role; 5] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
];

/// The index arithmetic of one slice: `turn + 2 * (s0 + 30 s1 + ...)` over the squares of its
/// non-pawn pieces (identical pieces in ascending order; other orders are not positions).
#[derive(Clone, Debug)]
pub struct SliceLayout {
    /// The slice's key.
    pub key: u128,
    pieces: Vec<(Color, Role)>,
    /// The slice's pawns, en passant square and flags, without its pieces.
    base: Position<Mini>,
    len: usize,
}

/// The most non-pawn pieces a slice may have: 30^3 placements would be too many to hold for
/// every slice.
pub const MAX_SLICE_PIECES: usize = 2;

impl SliceLayout {
    /// The layout of `pos`'s slice (`None` if it has more than [`MAX_SLICE_PIECES`] pieces).
    pub fn of(pos: &Position<Mini>) -> Option<SliceLayout> {
        let mut pieces = Vec::new();
        let mut base = *pos;
        for c in Color::ALL {
            for r in PIECE_ROLES {
                for s in squares(pos.pieces(c, r)) {
                    pieces.push((c, r));
                    base.remove(s, Piece { color: c, role: r });
                }
            }
        }
        if pieces.len() > MAX_SLICE_PIECES {
            return None;
        }
        base.set_turn(Color::White);
        base.halfmoves = 0;
        Some(SliceLayout {
            key: slice_key(pos),
            len: 2 * 30usize.pow(pieces.len() as u32),
            pieces,
            base,
        })
    }

    /// Number of indices.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always false: every slice has indices.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The index of a position within its slice (whatever the slice: the order is the
    /// same for all).
    pub fn index_in_slice(pos: &Position<Mini>) -> usize {
        let mut idx = 0;
        let mut scale = 2;
        for c in Color::ALL {
            for r in PIECE_ROLES {
                for s in squares(pos.pieces(c, r)) {
                    idx += scale * usize::from(s);
                    scale *= 30;
                }
            }
        }
        idx + pos.turn().index()
    }

    /// The position at `idx`, or `None` if it is not a legal position of the slice.
    pub fn position(&self, idx: usize) -> Option<Position<Mini>> {
        let turn = if idx.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        let mut p = self.base;
        p.set_turn(turn);
        if p.ep_square().is_some() && idx % 2 != self.ep_turn() {
            return None;
        }
        let mut rest = idx / 2;
        let squares = self.pieces.iter().map(|_| {
            let sq = (rest % 30) as u8;
            rest /= 30;
            sq
        });
        place(p, &self.pieces, squares)
    }

    /// With an en passant square, only the side that may take there is to move.
    fn ep_turn(&self) -> usize {
        match self.base.ep_square() {
            // black's two-square move leaves the square on rank 4, where white may take
            Some(s) if s / Mini::W == Mini::H - 3 => 0,
            _ => 1,
        }
    }
}

/// `base` with `pieces` put on `squares` (one each, in order), if that is a position: no two
/// on one square, identical pieces in ascending order (the other orders are the same
/// positions), and the rules kept.
pub(super) fn place(
    mut p: Position<Mini>,
    pieces: &[(Color, Role)],
    squares: impl Iterator<Item = u8>,
) -> Option<Position<Mini>> {
    let mut previous: Option<((Color, Role), u8)> = None;
    for (&(color, role), sq) in pieces.iter().zip(squares) {
        if p.occupied() >> sq & 1 == 1 {
            return None;
        }
        if let Some((kind, before)) = previous
            && kind == (color, role)
            && before > sq
        {
            return None;
        }
        p.put(sq, Piece { color, role });
        previous = Some(((color, role), sq));
    }
    p.check_rules().ok()?;
    Some(p)
}

/// The value of a finished game for the side to move.
pub fn terminal_value(pos: &Position<Mini>, outcome: Outcome) -> Value {
    match outcome.winner() {
        Some(w) if w == pos.turn() => Value::Win(0),
        Some(_) => Value::Loss(0),
        None => Value::Draw,
    }
}

/// A solved slice: the value of every index in two bytes (see [`SolvedSlice::value`]), and
/// the longest run of moves inside the slice a finite win needs (for the fifty-move rule).
#[derive(Clone, Debug)]
pub struct SolvedSlice {
    codes: Box<[u16]>,
    /// The most moves a finite win or loss from here spends inside the slice before a move
    /// leaves it.
    pub longest_run: u16,
}

/// Codes: 0 no position, 1 a draw, `2 + 2n` a win in `n`, `3 + 2n` a loss in `n`, and the two
/// highest the wins and losses by the tie-break.
const NO_POSITION: u16 = 0;
const WIN_BY_TIE_BREAK: u16 = u16::MAX - 1;
const LOSS_BY_TIE_BREAK: u16 = u16::MAX;

fn encode(v: Option<Value>) -> u16 {
    match v {
        None => NO_POSITION,
        Some(Value::Draw) => 1,
        Some(Value::Win(BY_TIE_BREAK)) => WIN_BY_TIE_BREAK,
        Some(Value::Loss(BY_TIE_BREAK)) => LOSS_BY_TIE_BREAK,
        // finite distances of lesson games stay far below 30,000 plies
        Some(Value::Win(n)) => 2 + 2 * n.min(30_000),
        Some(Value::Loss(n)) => 3 + 2 * n.min(30_000),
    }
}

impl SolvedSlice {
    /// The value at an index (`None` for an index that is no position).
    pub fn value(&self, idx: usize) -> Option<Value> {
        match *self.codes.get(idx)? {
            NO_POSITION => None,
            1 => Some(Value::Draw),
            WIN_BY_TIE_BREAK => Some(Value::Win(BY_TIE_BREAK)),
            LOSS_BY_TIE_BREAK => Some(Value::Loss(BY_TIE_BREAK)),
            c if c % 2 == 0 => Some(Value::Win((c - 2) / 2)),
            c => Some(Value::Loss((c - 3) / 2)),
        }
    }

    /// How many indices are positions.
    pub fn positions(&self) -> usize {
        self.codes.iter().filter(|&&c| c != NO_POSITION).count()
    }
}

/// How one state's moves look.
#[derive(Default)]
struct Edges {
    /// Indices reached by moves inside the slice.
    inside: Vec<u32>,
    /// Values of the moves that leave the slice, for the mover.
    exits: Vec<Value>,
}

/// Solves the slice of `layout`; `exit` gives the value (for its side to move) of a position
/// in another slice.
pub fn solve<E>(
    layout: &SliceLayout,
    exit: &mut dyn FnMut(&Position<Mini>) -> Result<Value, E>,
) -> Result<SolvedSlice, E> {
    let len = layout.len();
    let mut values: Vec<Option<Value>> = vec![None; len];
    let mut valid = vec![false; len];
    let mut edges: Vec<Edges> = (0..len).map(|_| Edges::default()).collect();
    let mut terminal = vec![false; len];
    let mut tie_break = Outcome::Draw {
        reason: crate::status::DrawReason::TieBreakLevel,
        tie_break: None,
    };
    let mut moves = MoveList::new();
    for idx in 0..len {
        let Some(p) = layout.position(idx) else {
            continue;
        };
        valid[idx] = true;
        tie_break = p.tie_break(TieBreakCause::Repetition);
        if let Some(o) = p.outcome() {
            values[idx] = Some(terminal_value(&p, o));
            terminal[idx] = true;
            continue;
        }
        moves.0.clear();
        p.generate(&mut moves);
        for m in moves.iter() {
            let child = p.play_unchecked(*m);
            if slice_key(&child) == layout.key {
                edges[idx]
                    .inside
                    .push(SliceLayout::index_in_slice(&child) as u32);
            } else {
                edges[idx].exits.push(exit(&child)?.parent());
            }
        }
    }
    let mut predecessors: Vec<Vec<u32>> = vec![Vec::new(); len];
    for (idx, e) in edges.iter().enumerate() {
        for &c in &e.inside {
            predecessors[c as usize].push(idx as u32);
        }
    }
    let run = finite(&edges, &predecessors, &terminal, &valid, &mut values);
    forever(&edges, tie_break, &valid, &mut values);
    Ok(SolvedSlice {
        codes: values.into_iter().map(encode).collect(),
        longest_run: run,
    })
}

/// Phase 1: the finite wins and losses, in order of distance. Returns the longest run of
/// moves inside the slice such a line spends.
fn finite(
    edges: &[Edges],
    predecessors: &[Vec<u32>],
    terminal: &[bool],
    valid: &[bool],
    values: &mut [Option<Value>],
) -> u16 {
    let len = edges.len();
    let mut remaining: Vec<u32> = edges.iter().map(|e| e.inside.len() as u32).collect();
    let mut floor = vec![0u16; len];
    let mut holds = vec![false; len];
    // buckets[n]: (index, is a win) candidates at distance n
    let mut buckets: Vec<Vec<(u32, bool)>> = Vec::new();
    let push = |buckets: &mut Vec<Vec<(u32, bool)>>, n: u16, idx: usize, win: bool| {
        let n = usize::from(n);
        if buckets.len() <= n {
            buckets.resize(n + 1, Vec::new());
        }
        buckets[n].push((idx as u32, win));
    };
    let mut settled = vec![false; len];
    for idx in 0..len {
        if !valid[idx] {
            continue;
        }
        if terminal[idx] {
            match values[idx] {
                Some(Value::Win(0)) => push(&mut buckets, 0, idx, true),
                Some(Value::Loss(0)) => push(&mut buckets, 0, idx, false),
                _ => settled[idx] = true,
            }
            continue;
        }
        let mut win_at: Option<u16> = None;
        for v in &edges[idx].exits {
            match *v {
                Value::Win(n) if n != BY_TIE_BREAK => {
                    win_at = Some(win_at.map_or(n, |w| w.min(n)));
                }
                Value::Loss(n) if n != BY_TIE_BREAK => floor[idx] = floor[idx].max(n),
                _ => holds[idx] = true,
            }
        }
        if let Some(w) = win_at {
            // a winning exit: never a loss, whatever the moves inside turn out to be
            holds[idx] = true;
            push(&mut buckets, w, idx, true);
        } else if remaining[idx] == 0 && !holds[idx] {
            push(&mut buckets, floor[idx], idx, false);
        }
    }
    // the run of inside moves each settled line spends before it leaves the slice
    let mut run = vec![0u16; len];
    let mut longest = 0;
    let mut n = 0;
    while n < buckets.len() {
        let bucket = std::mem::take(&mut buckets[n]);
        let d = n as u16;
        for (idx, win) in bucket {
            let idx = idx as usize;
            if settled[idx] {
                continue;
            }
            settled[idx] = true;
            values[idx] = Some(if win { Value::Win(d) } else { Value::Loss(d) });
            // a win goes to the quickest inside child that is a loss in d - 1 (none: it
            // leaves); a loss may go anywhere inside
            run[idx] = if terminal[idx] {
                0
            } else if win {
                edges[idx]
                    .inside
                    .iter()
                    .filter(|&&c| values[c as usize] == Some(Value::Loss(d.wrapping_sub(1))))
                    .map(|&c| run[c as usize] + 1)
                    .min()
                    .unwrap_or(0)
            } else {
                edges[idx]
                    .inside
                    .iter()
                    .map(|&c| run[c as usize] + 1)
                    .max()
                    .unwrap_or(0)
            };
            longest = longest.max(run[idx]);
            for &q in &predecessors[idx] {
                let q = q as usize;
                if settled[q] {
                    continue;
                }
                if win {
                    remaining[q] -= 1;
                    if remaining[q] == 0 && !holds[q] {
                        push(&mut buckets, floor[q].max(d + 1), q, false);
                    }
                } else {
                    push(&mut buckets, d + 1, q, true);
                }
            }
        }
        n += 1;
    }
    longest
}

/// Phase 2: the positions that can stay in the slice for ever, valued by what each side can
/// force with the tie-break as the value of staying.
fn forever(edges: &[Edges], tie_break: Outcome, valid: &[bool], values: &mut [Option<Value>]) {
    let len = edges.len();
    let open: Vec<bool> = (0..len).map(|i| valid[i] && values[i].is_none()).collect();
    if !open.iter().any(|&o| o) {
        return;
    }
    let white_to_move = |i: usize| i.is_multiple_of(2);
    // outcome for White (+1, 0, -1) of a settled position or an exit seen by the mover at i
    let absolute = |v: Value, white: bool| -> i8 {
        let s = match v {
            Value::Win(_) => 1,
            Value::Loss(_) => -1,
            Value::Draw => 0,
        };
        if white { s } else { -s }
    };
    let stay: i8 = match tie_break.winner() {
        Some(Color::White) => 1,
        Some(Color::Black) => -1,
        None => 0,
    };
    // can `side` (+1 White, -1 Black) force an outcome of `side` from each open position?
    let forces = |side: i8| -> Vec<bool> {
        let greatest = stay == side;
        let mut inside: Vec<bool> = open.iter().map(|&o| o && greatest).collect();
        loop {
            let mut changed = false;
            for i in 0..len {
                if !open[i] {
                    continue;
                }
                let white = white_to_move(i);
                let mover_is_side = (side == 1) == white;
                // each move's result for `side`: good (true) or not
                let exits = edges[i].exits.iter().map(|v| absolute(*v, white) == side);
                let moves = edges[i].inside.iter().map(|&c| {
                    let c = c as usize;
                    if open[c] {
                        inside[c]
                    } else {
                        // a settled child: its value, seen by its own side to move
                        values[c].is_some_and(|v| absolute(v, white_to_move(c)) == side)
                    }
                });
                let good = if mover_is_side {
                    exits.chain(moves).any(|g| g)
                } else {
                    // the other side avoids settled children that lose for it (finite
                    // losses), so only its moves inside the open set and its exits count;
                    // a move to a settled position that is good for `side` is not chosen
                    let escapes = edges[i].exits.iter().any(|v| absolute(*v, white) != side)
                        || edges[i].inside.iter().any(|&c| {
                            let c = c as usize;
                            if open[c] {
                                !inside[c]
                            } else {
                                values[c].is_some_and(|v| absolute(v, white_to_move(c)) != side)
                            }
                        });
                    !escapes
                };
                if good != inside[i] {
                    inside[i] = good;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        inside
    };
    let white_wins = forces(1);
    let black_wins = forces(-1);
    for i in 0..len {
        if !open[i] {
            continue;
        }
        let outcome: i8 = if white_wins[i] {
            1
        } else if black_wins[i] {
            -1
        } else {
            0
        };
        let mine = if white_to_move(i) { outcome } else { -outcome };
        values[i] = Some(match mine {
            1 => Value::Win(BY_TIE_BREAK),
            -1 => Value::Loss(BY_TIE_BREAK),
            _ => Value::Draw,
        });
    }
}
