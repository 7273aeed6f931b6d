//! Royal Study bots: an opponent for a match.
//!
//! Like the Check Mates bots, a bot is a pure function of the match, its level and its seed
//! ([`MatchBot::next_action`]). It thinks about the round's cards, announces its estimate if
//! it is quicker than the opponent, challenges an announcement it believes it can beat
//! (strictly), lets the announcer go ahead otherwise, and executes an optimal plan; a weak bot
//! sometimes blunders mid-plan (a move and its undoing, two steps wasted).

use super::matchplay::{MatchAction, MatchPhase, RoyalMatch};
use super::{Layout, Level, RoyalSolver, Step};
use crate::bots::{self, Mind, STEP_MS};
use tabula_core::Millis;
use tabula_core::rng::{Rng, mix, seeded};

/// A bot playing one side of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchBot {
    /// 0 or 1.
    pub player: u8,
    /// 1 (beginner) to [`bots::MAX_LEVEL`].
    pub level: u8,
    /// Its seed.
    pub seed: u64,
}

/// What a bot of `level` makes of the round's `cards` from `board`.
pub fn think(
    level: u8,
    seed: u64,
    solver: &RoyalSolver,
    game_level: Level,
    board: &Layout,
    cards: &[Layout],
) -> Mind {
    let optimum = solver
        .solve(game_level, board, &cards[0], cards.get(1))
        .map(|p| p.count);
    bots::think(level, &mut seeded(seed), optimum)
}

/// The steps a bot of `level` executes: an optimal plan, with, for a weak bot, a blunder
/// (a move and its undoing) somewhere along it.
pub fn execution(
    level: u8,
    seed: u64,
    solver: &RoyalSolver,
    game_level: Level,
    board: &Layout,
    cards: &[Layout],
) -> Vec<Step> {
    let Some(plan) = solver.solve(game_level, board, &cards[0], cards.get(1)) else {
        return Vec::new();
    };
    let mut steps = plan.steps;
    let mut rng = seeded(seed);
    if rng.random::<f64>() < bots::profile(level).blunder * steps.len().max(1) as f64 {
        // replay the plan's first `at` steps to find the layout where the blunder happens
        let at = rng.random_range(0..=steps.len());
        let mut layout = *board;
        for s in &steps[..at] {
            if let Step::Move(m) = s {
                layout = layout.play(*m).expect("plan steps are legal");
            }
        }
        let moves = layout.legal_moves();
        if !moves.is_empty() {
            let m = moves[rng.random_range(0..moves.len())];
            let back = crate::Move::new(m.to, m.from);
            steps.splice(at..at, [Step::Move(m), Step::Move(back)]);
        }
    }
    steps
}

impl MatchBot {
    fn mind(&self, game: &RoyalMatch, solver: &RoyalSolver) -> Mind {
        let seed = mix(&[
            self.seed,
            u64::from(self.player),
            u64::from(game.round()),
            0,
        ]);
        think(
            self.level,
            seed,
            solver,
            game.config().level,
            &game.layout(),
            game.cards(),
        )
    }

    /// What the bot does next and when, or `None` if it waits.
    pub fn next_action(
        &self,
        game: &RoyalMatch,
        solver: &RoyalSolver,
    ) -> Option<(Millis, MatchAction)> {
        let me = self.player;
        match game.phase() {
            MatchPhase::Announcing { since, .. } => {
                let mind = self.mind(game, solver);
                let at = (since + mind.think_ms).max(game.now());
                Some((
                    at,
                    MatchAction::Announce {
                        player: me,
                        bid: mind.estimate?,
                    },
                ))
            }
            MatchPhase::Hourglass {
                announcer,
                bid,
                ends,
                ..
            } if *announcer != me => {
                let mind = self.mind(game, solver);
                let at = (game.round_started() + mind.think_ms).max(game.now());
                if at >= *ends {
                    return None; // still thinking when the sand runs out
                }
                let beats = mind.estimate.is_some_and(|e| e < *bid);
                Some((
                    at,
                    if beats {
                        MatchAction::Challenge { player: me }
                    } else {
                        MatchAction::Accept { player: me }
                    },
                ))
            }
            MatchPhase::Executing {
                executor,
                run,
                since,
                ..
            } if *executor == me => {
                let seed = mix(&[self.seed, u64::from(me), u64::from(game.round()), 1]);
                let start = game.execution_start().unwrap_or(run.layout());
                let plan = execution(
                    self.level,
                    seed,
                    solver,
                    game.config().level,
                    &start,
                    run.cards(),
                );
                let done = run.steps().len();
                let at = (since + STEP_MS * (done as Millis + 1)).max(game.now());
                Some((
                    at,
                    match plan.get(done) {
                        Some(Step::Move(mv)) => MatchAction::Move {
                            player: me,
                            mv: *mv,
                        },
                        Some(Step::Action { card, action }) => MatchAction::Card {
                            player: me,
                            card: *card,
                            action: *action,
                        },
                        None => MatchAction::GiveUp { player: me },
                    },
                ))
            }
            _ => None,
        }
    }
}
