//! The computer players: levels 1 (beginner) to 5 (strongest), the one-turn `greedy`
//! baseline, and `random`.
//!
//! Every choice is a pure function of the position and a seed, so a game between computer
//! players replays exactly.

use crate::eval::{WIN, naive_standing};
use crate::plan::{PLAN_WEIGHTS, Plan, plan};
use crate::position::Position;
use crate::proof::{Verdict, prove_until};
use crate::search::{Budget, SearchResult, Searcher, generate};
use crate::turn::Turn;
use tabula_core::rng::{Rng, SliceRandom, seeded};

/// The strongest level.
pub const MAX_LEVEL: u8 = 5;

/// What each level may spend and how much it blurs its judgement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSpec {
    /// Alpha-beta search limits.
    pub budget: Budget,
    /// Random amount (in evaluation units, 100 = one square of distance) added to each root
    /// turn's score.
    pub noise: i32,
    /// The race planner's beam width instead of the alpha-beta search (the strongest level).
    pub plan_width: Option<usize>,
}

/// Node budget of the planner at the strongest level (never reached by a width-1,000 beam
/// over the twelve-turn horizon in practice; it bounds pathological positions).
pub const PLAN_NODES: u64 = 50_000_000;

/// The own turns the top level tries to prove a win in before it plans (a win proved within
/// them is played as proved).
pub const PROOF_TURNS: u8 = 4;

/// The positions that proof may generate (tens of milliseconds): far from the end it proves
/// nothing and the planner decides.
pub const PROOF_NODES: u64 = 300_000;

/// The settings of level `level` (1..=5; out-of-range values are clamped).
///
/// 1 looks one turn ahead with a random blur, 2 one turn ahead exactly; 3 and 4 run the
/// alpha-beta search with iterative deepening (10,000 positions, two or three turns deep;
/// 250,000 positions, about four); 5 plans the race with a beam of 1,000 lines, after
/// looking for a win proved within [`PROOF_TURNS`] of its turns (played as proved).
pub fn level_spec(level: u8) -> LevelSpec {
    let (depth, nodes, noise, plan_width) = match level.clamp(1, MAX_LEVEL) {
        1 => (1, 1_000, 300, None),
        2 => (1, 1_000, 0, None),
        3 => (12, 10_000, 0, None),
        4 => (12, 250_000, 0, None),
        _ => (12, 250_000, 0, Some(1000)),
    };
    LevelSpec {
        budget: Budget { depth, nodes },
        noise,
        plan_width,
    }
}

/// A computer player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The engine at a level (1..=5).
    Ai(u8),
    /// One-turn lookahead: the turn that best improves its own pieces (removed pieces, then
    /// distance between consecutive numbers), never one that loses at once.
    Greedy,
    /// A uniformly random legal turn.
    Random,
}

/// Written as [`Player::parse`] reads it (`ai:5` for `ai:max`).
impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Ai(level) => write!(f, "ai:{level}"),
            Player::Greedy => f.write_str("greedy"),
            Player::Random => f.write_str("random"),
        }
    }
}

impl Player {
    /// Reads `ai:L`, `ai:max`, `greedy` or `random`.
    pub fn parse(text: &str) -> Result<Player, String> {
        match text {
            "greedy" => Ok(Player::Greedy),
            "random" => Ok(Player::Random),
            "ai:max" => Ok(Player::Ai(MAX_LEVEL)),
            _ => text
                .strip_prefix("ai:")
                .and_then(|l| l.parse::<u8>().ok())
                .filter(|l| (1..=MAX_LEVEL).contains(l))
                .map(Player::Ai)
                .ok_or_else(|| {
                    format!("player '{text}': ai:1 to ai:{MAX_LEVEL}, ai:max, greedy or random")
                }),
        }
    }

    /// The player's turn in `pos` (which must be ongoing).
    pub fn choose(self, pos: &Position, seed: u64, searcher: &mut Searcher) -> Turn {
        match self {
            Player::Ai(level) => best_turn(pos, level, seed, searcher, &mut || false).turn(),
            Player::Greedy => greedy(pos, seed),
            Player::Random => {
                let mut turns = Vec::new();
                generate(pos, &mut turns);
                let mut rng = seeded(seed ^ pos.hash());
                turns[rng.random_range(0..turns.len())].1
            }
        }
    }
}

/// The engine's choice at `level`; `stop` ends the search early (for a time limit).
pub fn best_turn(
    pos: &Position,
    level: u8,
    seed: u64,
    searcher: &mut Searcher,
    stop: &mut dyn FnMut() -> bool,
) -> Choice {
    let spec = level_spec(level);
    if spec.plan_width.is_some()
        && let Some(proved) = proved_win(pos, stop)
    {
        return proved;
    }
    match spec.plan_width {
        Some(width) => Choice::Planned(plan(
            pos,
            width,
            width,
            PLAN_NODES,
            &PLAN_WEIGHTS,
            seed,
            stop,
        )),
        None => Choice::Searched(searcher.search(pos, spec.budget, spec.noise, seed, stop)),
    }
}

/// The top level's first look: a win for the side to move proved within [`PROOF_TURNS`] of
/// its turns whatever the other side does, played the way the coach shows it (the planner
/// races as if the other side stood still).
pub fn proved_win(pos: &Position, stop: &mut dyn FnMut() -> bool) -> Option<Choice> {
    let proof = prove_until(pos, PROOF_TURNS, PROOF_NODES, stop);
    match (proof.verdict, proof.turn) {
        (Verdict::Wins { side, turns }, Some(turn)) if side == pos.turn() => Some(Choice::Proved {
            turn,
            turns,
            nodes: proof.nodes,
        }),
        _ => None,
    }
}

/// What the engine chose and how it got there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// By the alpha-beta search.
    Searched(SearchResult),
    /// By the race planner.
    Planned(Plan),
    /// A win proved whatever the other side does ([`crate::proof`]): its first turn.
    Proved {
        /// The turn.
        turn: Turn,
        /// The own turns to the win, this one included.
        turns: u8,
        /// Positions generated by the proof.
        nodes: u64,
    },
}

impl Choice {
    /// The chosen turn.
    pub fn turn(&self) -> Turn {
        match self {
            Choice::Searched(r) => r.turn,
            Choice::Planned(p) => p.turn,
            Choice::Proved { turn, .. } => *turn,
        }
    }

    /// Positions visited or generated.
    pub fn nodes(&self) -> u64 {
        match self {
            Choice::Searched(r) => r.nodes,
            Choice::Planned(p) => p.nodes,
            Choice::Proved { nodes, .. } => *nodes,
        }
    }
}

fn greedy(pos: &Position, seed: u64) -> Turn {
    let me = pos.turn();
    let mut turns = Vec::new();
    generate(pos, &mut turns);
    turns.shuffle(&mut seeded(seed ^ pos.hash()));
    let score = |child: &Position| match child.status() {
        crate::Status::Won { winner, .. } if winner == me => WIN,
        crate::Status::Won { .. } => -WIN,
        _ => naive_standing(child, me),
    };
    turns
        .iter()
        .max_by_key(|(_, _, child)| score(child))
        .map(|t| t.1)
        .unwrap_or(Turn::PASS)
}
