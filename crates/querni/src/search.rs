//! The computer's search: negamax alpha-beta over whole turns, iterative deepening, a
//! transposition table, and a node budget.
//!
//! A ply is a whole turn (movement, optional removal, or pass), so depth 2 is "my turn and
//! the reply". Children are generated as (turn, position) pairs; turns whose removal takes
//! the moved piece often lead to the same position, and those duplicates are dropped. The
//! budget counts positions visited, so the same position and budget always give the same
//! answer on any machine; a caller that wants a time limit passes a stop flag it owns.

use crate::eval::{WIN, WIN_BOUND, Weights, evaluate};
use crate::position::{DRAW_TURNS, OFF, PIECES, Position, distance};
use crate::rules::stranded;
use crate::turn::{Movement, Removal, Turn};
use tabula_core::rng::{Rng, SliceRandom, seeded};

/// What the search is allowed to spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Deepest iteration (in whole turns).
    pub depth: u8,
    /// Positions to visit at most (the iteration in progress is abandoned when it runs out).
    pub nodes: u64,
}

/// The result of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The chosen turn.
    pub turn: Turn,
    /// Its score for the side to move (see [`crate::eval`]).
    pub score: i32,
    /// Deepest iteration completed.
    pub depth: u8,
    /// Positions visited.
    pub nodes: u64,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    best: u32,
    score: i32,
    depth: u8,
    bound: u8,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;
const NO_TURN: u32 = u32::MAX;

/// A searcher with its transposition table (reused between searches; cleared at the start
/// of each so that a result depends only on the position, the budget and the seed).
pub struct Searcher {
    /// The evaluation's weights.
    pub weights: Weights,
    table: Vec<Entry>,
    nodes: u64,
    limit: u64,
    aborted: bool,
    killers: [[u32; 2]; 64],
    children: Vec<Vec<(i32, Turn, Position)>>,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(18)
    }
}

impl Searcher {
    /// A searcher with a table of `2^bits` entries.
    pub fn new(bits: u32) -> Searcher {
        Searcher {
            weights: Weights::default(),
            table: vec![Entry::default(); 1 << bits.clamp(8, 26)],
            nodes: 0,
            limit: 0,
            aborted: false,
            killers: [[NO_TURN; 2]; 64],
            children: Vec::new(),
        }
    }

    /// Searches `pos` (which must be ongoing) within `budget`. `noise` adds a seeded random
    /// amount in `-noise..=noise` to each root turn's score (weaker levels); `stop` is
    /// polled every few thousand positions and ends the search early when it returns true.
    pub fn search(
        &mut self,
        pos: &Position,
        budget: Budget,
        noise: i32,
        seed: u64,
        stop: &mut dyn FnMut() -> bool,
    ) -> SearchResult {
        self.table.fill(Entry::default());
        self.killers = [[NO_TURN; 2]; 64];
        self.nodes = 0;
        self.limit = budget.nodes.max(1);
        self.aborted = false;
        let mut rng = seeded(seed ^ pos.hash());
        let mut root = std::mem::take(&mut self.children);
        if root.is_empty() {
            root.push(Vec::new());
        }
        let mut moves = std::mem::take(&mut root[0]);
        self.children = root;
        moves.clear();
        generate(pos, &mut moves);
        // Shuffle first so that ties among equally good turns are broken by the seed.
        moves.shuffle(&mut rng);
        let jitter: Vec<i32> = (0..moves.len())
            .map(|_| {
                if noise > 0 {
                    rng.random_range(-noise..=noise)
                } else {
                    0
                }
            })
            .collect();
        let mut order: Vec<usize> = (0..moves.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(moves[i].0));
        let mut best = SearchResult {
            turn: moves[order[0]].1,
            score: -WIN,
            depth: 0,
            nodes: 0,
        };
        for depth in 1..=budget.depth.max(1) {
            let mut alpha = -WIN - 1;
            let mut iteration_best = None;
            let mut scores = vec![i32::MIN; moves.len()];
            for (k, &i) in order.iter().enumerate() {
                let (_, turn, child) = moves[i];
                let value = match terminal(&child) {
                    Some(v) => -v,
                    None if depth == 1 => {
                        self.nodes += 1;
                        -evaluate(&child, &self.weights)
                    }
                    None => {
                        // Null window for all but the first turn, re-searched when it beats alpha.
                        let target = alpha - jitter[i];
                        if k == 0 {
                            -self.negamax(&child, depth - 1, -WIN - 1, -target, 1, stop)
                        } else {
                            let v = -self.negamax(&child, depth - 1, -target - 1, -target, 1, stop);
                            if v > target && !self.aborted {
                                -self.negamax(&child, depth - 1, -WIN - 1, -target, 1, stop)
                            } else {
                                v
                            }
                        }
                    }
                };
                if self.aborted {
                    break;
                }
                let value = value + jitter[i];
                scores[i] = value;
                if value > alpha {
                    alpha = value;
                    iteration_best = Some((turn, value));
                }
                if stop() {
                    self.aborted = true;
                    break;
                }
            }
            if let Some((turn, score)) = iteration_best {
                // A partial iteration still searched the previous best first, so its best
                // is at least as good as the previous answer.
                best = SearchResult {
                    turn,
                    score,
                    depth: if self.aborted { best.depth } else { depth },
                    nodes: self.nodes,
                };
            }
            if self.aborted || best.score.abs() >= WIN_BOUND {
                break;
            }
            order.sort_by_key(|&i| std::cmp::Reverse(scores[i]));
        }
        best.nodes = self.nodes;
        self.children[0] = moves;
        best
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &Position,
        depth: u8,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.limit || (self.nodes.is_multiple_of(4096) && stop()) {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        if depth == 0 {
            return evaluate(pos, &self.weights);
        }
        let key = pos.hash() ^ u64::from(pos.quiet()).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = (key as usize) & (self.table.len() - 1);
        let entry = self.table[slot];
        let mut tt_turn = NO_TURN;
        if entry.key == key {
            tt_turn = entry.best;
            if entry.depth >= depth {
                let s = from_table(entry.score, ply);
                if entry.bound == EXACT
                    || (entry.bound == LOWER && s >= beta)
                    || (entry.bound == UPPER && s <= alpha)
                {
                    return s;
                }
            }
        }
        while self.children.len() <= ply {
            self.children.push(Vec::new());
        }
        let mut moves = std::mem::take(&mut self.children[ply]);
        moves.clear();
        generate(pos, &mut moves);
        let killers = self.killers[ply.min(63)];
        for m in moves.iter_mut() {
            let packed = m.1.pack();
            if packed == tt_turn {
                m.0 = i32::MAX;
            } else if packed == killers[0] || packed == killers[1] {
                m.0 = m.0.max(0) + 50_000;
            }
        }
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        let alpha0 = alpha;
        let mut best_score = -WIN - 1;
        let mut best_turn = NO_TURN;
        for (k, &(_, turn, ref child)) in moves.iter().enumerate() {
            let value = match terminal(child) {
                // A win found further from the root scores a little less.
                Some(v) => -v + v.signum() * (ply as i32),
                None if depth == 1 => {
                    self.nodes += 1;
                    -evaluate(child, &self.weights)
                }
                None if k == 0 => -self.negamax(child, depth - 1, -beta, -alpha, ply + 1, stop),
                None => {
                    let v = -self.negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1, stop);
                    if v > alpha && v < beta && !self.aborted {
                        -self.negamax(child, depth - 1, -beta, -alpha, ply + 1, stop)
                    } else {
                        v
                    }
                }
            };
            if self.aborted {
                break;
            }
            if value > best_score {
                best_score = value;
                best_turn = turn.pack();
            }
            if value > alpha {
                alpha = value;
            }
            if alpha >= beta {
                if turn.removal.is_none() {
                    let slot = &mut self.killers[ply.min(63)];
                    if slot[0] != best_turn {
                        slot[1] = slot[0];
                        slot[0] = best_turn;
                    }
                }
                break;
            }
        }
        self.children[ply] = moves;
        if self.aborted {
            return 0;
        }
        let bound = if best_score >= beta {
            LOWER
        } else if best_score > alpha0 {
            EXACT
        } else {
            UPPER
        };
        self.table[slot] = Entry {
            key,
            best: best_turn,
            score: to_table(best_score, ply),
            depth,
            bound,
        };
        best_score
    }
}

/// Win scores count plies from the root; the table stores them from the node instead.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score + ply as i32
    } else if score <= -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_table`].
fn from_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score - ply as i32
    } else if score <= -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The value of a position just reached, for the side to move in it, if the game is over:
/// only the mover's removal can end it by pieces (all gone wins, stranded loses), otherwise
/// the draw counter.
#[inline]
fn terminal(child: &Position) -> Option<i32> {
    if child.quiet() == 0 {
        let mover = child.turn().other();
        let numbers = child.numbers_on_board(mover);
        if numbers == 0 {
            return Some(-WIN);
        }
        if stranded(numbers) != 0 {
            return Some(WIN);
        }
    }
    (child.quiet() >= DRAW_TURNS).then_some(0)
}

/// Every distinct whole turn with the resulting position, in the order of [`generate`].
pub fn generate_turns(pos: &Position, out: &mut Vec<(Turn, Position)>) {
    let mut all = Vec::new();
    generate(pos, &mut all);
    out.extend(all.into_iter().map(|(_, t, p)| (t, p)));
}

/// Every distinct whole turn with the resulting position and an ordering hint: removals
/// (bigger first), then movements by how much they close the mover's gaps, then the pass.
pub(crate) fn generate(pos: &Position, out: &mut Vec<(i32, Turn, Position)>) {
    let side = pos.turn();
    let mut movements: Vec<Movement> = Vec::with_capacity(128);
    pos.movements(&mut movements);
    let mut removals: Vec<Removal> = Vec::new();
    let mut seen: Vec<u64> = Vec::new();
    let squares: [u8; 17] = std::array::from_fn(|n| {
        if n == 0 {
            OFF
        } else {
            pos.at[side.id(n as u8) as usize]
        }
    });
    let closeness = |n: u8, sq: u8| -> i32 {
        let mut d = 0;
        for k in [n.wrapping_sub(1), n + 1] {
            if (1..=PIECES).contains(&k) && squares[k as usize] != OFF {
                d += i32::from(distance(sq, squares[k as usize]));
            }
        }
        d
    };
    let mut push_removals = |after: &Position,
                             movement: Option<Movement>,
                             base: i32,
                             out: &mut Vec<(i32, Turn, Position)>| {
        removals.clear();
        after.removals(side, &mut removals);
        for &r in removals.iter() {
            let turn = Turn {
                movement,
                removal: Some(r),
            };
            let child = after.play_unchecked(Turn {
                movement: None,
                removal: Some(r),
            });
            if seen.contains(&child.hash()) {
                continue;
            }
            seen.push(child.hash());
            out.push((100_000 + i32::from(r.len()) * 1_000 + base, turn, child));
        }
    };
    push_removals(pos, None, -500, out);
    for &m in &movements {
        let n = crate::position::piece_of(pos.cell(m.from)).1;
        let gain = closeness(n, m.from) - closeness(n, m.to);
        let mut after = *pos;
        let id = after.cells[m.from as usize];
        after.lift(id);
        after.put(id, m.to);
        if after.has_removal(side) {
            push_removals(&after, Some(m), gain, out);
        }
        let child = after.play_unchecked(Turn::PASS);
        out.push((
            gain * 100,
            Turn {
                movement: Some(m),
                removal: None,
            },
            child,
        ));
    }
    out.push((-100_000, Turn::PASS, pos.play_unchecked(Turn::PASS)));
}
