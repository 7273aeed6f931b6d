//! Check Mates bots: seats of a party played by the computer.
//!
//! A bot is a pure function of the game, its level and its seed: asked at any moment, it says
//! what it will do next and when ([`PartyBot::next_action`]). Its choices in a round depend only
//! on the seed, the round and the board, so a driver may ask as often as it likes and a replay
//! sees the same bot.

use super::party::{PartyAction, PartyGame, Phase};
use super::{Board, CheckMatesSolver, Task};
use crate::bots::{self, Mind, STEP_MS};
use crate::moves::Move;
use tabula_core::Millis;
use tabula_core::rng::{Rng, mix, seeded};

/// A bot in one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartyBot {
    /// The seat it plays.
    pub player: u8,
    /// 1 (beginner) to [`bots::MAX_LEVEL`].
    pub level: u8,
    /// Its seed.
    pub seed: u64,
}

/// What a bot of `level` makes of `task` on `board`.
pub fn think(level: u8, seed: u64, solver: &CheckMatesSolver, board: &Board, task: &Task) -> Mind {
    let optimum = solver.distance(board, task).map(u32::from);
    bots::think(level, &mut seeded(seed), optimum)
}

/// The moves a bot of `level` plays to prove `bid` from `board`: it heads for the task,
/// wanders when it announced more than needed (while it can still make it), and sometimes
/// blunders if it is weak. The list ends when the task is met or `bid` moves are used.
pub fn proof(
    level: u8,
    seed: u64,
    solver: &CheckMatesSolver,
    board: &Board,
    task: &Task,
    bid: u32,
) -> Vec<Move> {
    let Some(table) = solver.table(task) else {
        return Vec::new();
    };
    let p = bots::profile(level);
    let mut rng = seeded(seed);
    let dist = |b: &Board| table.distance(solver.rank(b)).map_or(u32::MAX, u32::from);
    let mut current = *board;
    let mut moves = Vec::new();
    while task.met_by(&current).is_none() && (moves.len() as u32) < bid {
        let budget = bid - moves.len() as u32; // moves still allowed, at least 1
        let options: Vec<(Move, Board, u32)> = current
            .legal_moves()
            .into_iter()
            .map(|m| {
                let next = current.play(m).expect("legal");
                (m, next, dist(&next))
            })
            .collect();
        let d = dist(&current);
        let closer: Vec<&(Move, Board, u32)> = options.iter().filter(|o| o.2 < d).collect();
        let feasible: Vec<&(Move, Board, u32)> = options.iter().filter(|o| o.2 < budget).collect();
        let choice = if rng.random::<f64>() < p.blunder || closer.is_empty() {
            &options[rng.random_range(0..options.len())]
        } else if d < budget && !feasible.is_empty() && rng.random::<f64>() < 0.5 {
            // room to spare: the bot's own, longer, plan
            feasible[rng.random_range(0..feasible.len())]
        } else {
            closer[rng.random_range(0..closer.len())]
        };
        moves.push(choice.0);
        current = choice.1;
    }
    moves
}

impl PartyBot {
    fn round_seed(&self, game: &PartyGame, part: u64) -> u64 {
        mix(&[
            self.seed,
            u64::from(self.player),
            u64::from(game.round()),
            part,
        ])
    }

    /// What the bot does next and when, or `None` if it waits for others.
    pub fn next_action(
        &self,
        game: &PartyGame,
        solver: &CheckMatesSolver,
    ) -> Option<(Millis, PartyAction)> {
        match game.phase() {
            Phase::Bidding {
                card, revealed_at, ..
            } => {
                if game.has_announced(self.player) {
                    return None;
                }
                let mind = think(
                    self.level,
                    self.round_seed(game, 0),
                    solver,
                    game.board(),
                    &card.task,
                );
                let estimate = mind.estimate?;
                if game.lowest_bid().is_some_and(|b| estimate >= b.bid) {
                    return None;
                }
                let at = (revealed_at + mind.think_ms).max(game.now());
                Some((
                    at,
                    PartyAction::Announce {
                        player: self.player,
                        bid: estimate,
                    },
                ))
            }
            Phase::Proving {
                card,
                prover,
                bid,
                start,
                moves,
                since,
            } if *prover == self.player => {
                let plan = proof(
                    self.level,
                    self.round_seed(game, 1),
                    solver,
                    start,
                    &card.task,
                    *bid,
                );
                let at = (since + STEP_MS * (moves.len() as Millis + 1)).max(game.now());
                Some((
                    at,
                    match plan.get(moves.len()) {
                        Some(&mv) => PartyAction::Move {
                            player: self.player,
                            mv,
                        },
                        None => PartyAction::GiveUp {
                            player: self.player,
                        },
                    },
                ))
            }
            _ => None,
        }
    }
}
