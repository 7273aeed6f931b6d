//! Bot-against-bot simulation with virtual time, for measuring the bots.
//!
//! The driver asks every bot what it will do next and when, and the game when its next
//! deadline falls, and performs the earliest (a deadline before a bot action at the same
//! instant, as the game itself would). No clock is read: a hundred games take moments.

use crate::bots::spread_levels;
use crate::checkmates::bot::PartyBot;
use crate::checkmates::party::{
    CardSpec, DeckChoice, PartyAction, PartyConfig, PartyEvent, PartyGame,
};
use crate::checkmates::{CheckMatesSolver, Side};
use crate::royal::bot::MatchBot;
use crate::royal::matchplay::{MatchAction, MatchConfig, MatchEvent, PointReason, RoyalMatch};
use crate::royal::{Level, RoyalSolver};
use serde::Serialize;
use std::collections::BTreeMap;
use tabula_core::rng::mix;
use tabula_core::{Game, Millis};

/// Results by bot level.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SimReport {
    /// Games played.
    pub games: u32,
    /// Games played by each level (a level in two seats counts twice).
    pub played_by_level: BTreeMap<u8, u32>,
    /// Wins by level; a shared win counts for each winner.
    pub wins_by_level: BTreeMap<u8, u32>,
    /// Failed proofs or executions by level.
    pub mistakes_by_level: BTreeMap<u8, u32>,
    /// Proofs or executions attempted by level.
    pub attempts_by_level: BTreeMap<u8, u32>,
    /// Sum of final scores by level (Check Mates: stars minus penalties; Royal: points).
    pub score_by_level: BTreeMap<u8, i64>,
}

impl SimReport {
    /// Wins per game played, by level.
    pub fn win_rate(&self, level: u8) -> f64 {
        ratio(
            self.wins_by_level.get(&level).copied().unwrap_or(0) as f64,
            self.played_by_level.get(&level).copied().unwrap_or(0) as f64,
        )
    }

    /// Mean final score per game, by level.
    pub fn mean_score(&self, level: u8) -> f64 {
        ratio(
            self.score_by_level.get(&level).copied().unwrap_or(0) as f64,
            self.played_by_level.get(&level).copied().unwrap_or(0) as f64,
        )
    }
}

fn ratio(a: f64, b: f64) -> f64 {
    if b == 0.0 { 0.0 } else { a / b }
}

/// Plays one game to its end: `bots(game)` proposes `(time, action)`s.
fn drive<G: Game>(
    mut game: G,
    tick: G::Action,
    mut bots: impl FnMut(&G) -> Vec<(Millis, G::Action)>,
    mut on_event: impl FnMut(&G::Event),
) -> Result<G, G::Error> {
    // Every round ends within a few hundred actions; this bound only stops a bot bug from
    // looping forever.
    for _ in 0..1_000_000 {
        if game.is_over() {
            break;
        }
        let mut next: Option<(Millis, G::Action)> = game.next_deadline().map(|t| (t, tick.clone()));
        for (t, a) in bots(&game) {
            if next.as_ref().is_none_or(|(best, _)| t < *best) {
                next = Some((t, a));
            }
        }
        let Some((t, action)) = next else { break };
        for e in game.apply(&action, t)? {
            on_event(&e);
        }
    }
    Ok(game)
}

/// Plays `games` Check Mates parties among `seats` bots whose levels run from 1 to the
/// strongest, on `cards` (the side's tasks) and the chosen deck.
pub fn simulate_checkmates(
    solver: &CheckMatesSolver,
    cards: &[CardSpec],
    deck: DeckChoice,
    seats: u8,
    games: u32,
    seed: u64,
) -> Result<SimReport, crate::checkmates::party::PartyError> {
    let levels = spread_levels(seats);
    let mut report = SimReport {
        games,
        ..SimReport::default()
    };
    let side: Side = solver.side();
    for g in 0..games {
        let game_seed = mix(&[seed, u64::from(g)]);
        let config = PartyConfig::new(side, seats, cards.to_vec(), deck);
        let (game, _) = PartyGame::start(config, game_seed, 0)?;
        let bots: Vec<PartyBot> = levels
            .iter()
            .enumerate()
            .map(|(i, &level)| PartyBot {
                player: i as u8,
                level,
                seed: mix(&[game_seed, i as u64]),
            })
            .collect();
        let mut failed = vec![0u32; seats as usize];
        let mut attempts = vec![0u32; seats as usize];
        let game = drive(
            game,
            PartyAction::Tick,
            |game| {
                bots.iter()
                    .filter_map(|b| b.next_action(game, solver))
                    .collect()
            },
            |e| match e {
                PartyEvent::ProofFailed { player, .. } => {
                    failed[*player as usize] += 1;
                    attempts[*player as usize] += 1;
                }
                PartyEvent::ProofSucceeded { player, .. } => attempts[*player as usize] += 1,
                _ => {}
            },
        )?;
        for (i, &level) in levels.iter().enumerate() {
            *report.played_by_level.entry(level).or_default() += 1;
            *report.mistakes_by_level.entry(level).or_default() += failed[i];
            *report.attempts_by_level.entry(level).or_default() += attempts[i];
            report.wins_by_level.entry(level).or_default();
        }
        for s in game.standings() {
            let level = levels[s.player as usize];
            *report.score_by_level.entry(level).or_default() += i64::from(s.score);
            if s.winner {
                *report.wins_by_level.entry(level).or_default() += 1;
            }
        }
    }
    Ok(report)
}

/// Plays `games` Royal Study matches between bots, cycling through every pair of levels from
/// 1 to the strongest and swapping seats every other cycle.
pub fn simulate_royal(
    solver: &RoyalSolver,
    cards: &[String],
    level: Level,
    bonus: bool,
    games: u32,
    seed: u64,
) -> Result<SimReport, crate::royal::matchplay::MatchError> {
    let all = spread_levels(crate::bots::MAX_LEVEL);
    let pairs: Vec<(u8, u8)> = all
        .iter()
        .enumerate()
        .flat_map(|(i, &a)| all[i + 1..].iter().map(move |&b| (a, b)))
        .collect();
    let mut report = SimReport {
        games,
        ..SimReport::default()
    };
    for g in 0..games {
        let (a, b) = pairs[g as usize % pairs.len()];
        let levels = if (g as usize / pairs.len()).is_multiple_of(2) {
            [a, b]
        } else {
            [b, a]
        };
        let game_seed = mix(&[seed, u64::from(g)]);
        let config = MatchConfig::new(level, bonus, cards.to_vec());
        let (game, _) = RoyalMatch::start(config, game_seed, 0)?;
        let bots = [0u8, 1].map(|p| MatchBot {
            player: p,
            level: levels[p as usize],
            seed: mix(&[game_seed, u64::from(p)]),
        });
        let mut executor = 0u8;
        let mut failed = [0u32; 2];
        let mut attempts = [0u32; 2];
        let game = drive(
            game,
            MatchAction::Tick,
            |game| {
                bots.iter()
                    .filter_map(|b| b.next_action(game, solver))
                    .collect()
            },
            |e| match e {
                MatchEvent::ExecutionStarted { executor: x, .. } => {
                    executor = *x;
                    attempts[*x as usize] += 1;
                }
                MatchEvent::PointScored { reason, .. } if *reason != PointReason::Completed => {
                    failed[executor as usize] += 1;
                }
                _ => {}
            },
        )?;
        for p in 0..2 {
            let l = levels[p];
            *report.score_by_level.entry(l).or_default() += i64::from(game.scores()[p]);
            *report.played_by_level.entry(l).or_default() += 1;
            *report.mistakes_by_level.entry(l).or_default() += failed[p];
            *report.attempts_by_level.entry(l).or_default() += attempts[p];
            report.wins_by_level.entry(l).or_default();
        }
        if let crate::royal::matchplay::MatchPhase::Over { winner: Some(w) } = game.phase() {
            *report.wins_by_level.entry(levels[*w as usize]).or_default() += 1;
        }
    }
    Ok(report)
}
