//! The Royal Study match and solo play, and the bots of both games.

use proptest::prelude::*;
use std::sync::OnceLock;
use tabula_core::{Game, Millis};
use tabula_puzzles::royal::bot::MatchBot;
use tabula_puzzles::royal::matchplay::{
    MatchAction, MatchConfig, MatchError, MatchEvent, MatchPhase, PointReason, Role, RoyalMatch,
};
use tabula_puzzles::royal::solo::{RoyalSolo, SoloAction, SoloConfig, SoloError, SoloEvent};
use tabula_puzzles::royal::{CardAction, Layout, Level, RoyalSolver, Step, StepError};
use tabula_puzzles::{Move, bots, sim};

fn solver() -> &'static RoyalSolver {
    static S: OnceLock<RoyalSolver> = OnceLock::new();
    S.get_or_init(RoyalSolver::new)
}

fn deck() -> &'static Vec<String> {
    static D: OnceLock<Vec<String>> = OnceLock::new();
    D.get_or_init(|| tabula_puzzles::royal::deck::generate(solver(), 3).cards)
}

fn new_match(level: Level, bonus: bool, seed: u64) -> RoyalMatch {
    RoyalMatch::start(MatchConfig::new(level, bonus, deck().clone()), seed, 0)
        .unwrap()
        .0
}

fn ok(g: &mut RoyalMatch, a: MatchAction, now: Millis) -> Vec<MatchEvent> {
    g.apply(&a, now).unwrap_or_else(|e| panic!("{a:?}: {e}"))
}

fn rejected(g: &mut RoyalMatch, a: MatchAction, now: Millis) -> MatchError {
    let before = g.clone();
    let e = g.apply(&a, now).expect_err("should be rejected");
    assert_eq!(*g, before);
    e
}

fn plan(g: &RoyalMatch) -> Vec<Step> {
    let cards = g.cards();
    solver()
        .solve(g.config().level, &g.layout(), &cards[0], cards.get(1))
        .unwrap()
        .steps
}

fn step_action(player: u8, s: Step) -> MatchAction {
    match s {
        Step::Move(mv) => MatchAction::Move { player, mv },
        Step::Action { card, action } => MatchAction::Card {
            player,
            card,
            action,
        },
    }
}

/// Executes `steps` for `player`, returning all events and the time after.
fn execute(
    g: &mut RoyalMatch,
    player: u8,
    steps: &[Step],
    mut now: Millis,
) -> (Vec<MatchEvent>, Millis) {
    let mut all = Vec::new();
    for s in steps {
        now += 10;
        all.extend(ok(g, step_action(player, *s), now));
    }
    (all, now)
}

fn scored(events: &[MatchEvent]) -> Option<(u8, PointReason)> {
    events.iter().find_map(|e| match e {
        MatchEvent::PointScored { player, reason, .. } => Some((*player, *reason)),
        _ => None,
    })
}

/// A match whose current round needs at least `min` steps.
fn match_needing(level: Level, bonus: bool, min: usize) -> RoyalMatch {
    (0..)
        .map(|s| new_match(level, bonus, s))
        .find(|g| plan(g).len() >= min)
        .unwrap()
}

#[test]
fn unchallenged_announcer_scores_within_the_announcement_and_pieces_stay() {
    let mut g = match_needing(Level::One, false, 2);
    let steps = plan(&g);
    let n = steps.len() as u32;
    ok(
        &mut g,
        MatchAction::Announce {
            player: 0,
            bid: n + 1,
        },
        0,
    );
    assert_eq!(g.next_deadline(), Some(60_000));
    assert_eq!(
        rejected(&mut g, MatchAction::Challenge { player: 0 }, 10),
        MatchError::NotTheOpponent(1)
    );
    assert!(matches!(
        rejected(&mut g, MatchAction::Announce { player: 1, bid: 1 }, 10),
        MatchError::NotNow(_)
    ));
    // the hourglass runs out: the announcer executes
    let ev = ok(&mut g, MatchAction::Tick, 60_000);
    assert!(ev.contains(&MatchEvent::ExecutionStarted {
        executor: 0,
        role: Role::Announcer,
        at_most: Some(n + 1)
    }));
    assert!(matches!(
        rejected(
            &mut g,
            MatchAction::Move {
                player: 1,
                mv: Move::new(0, 1)
            },
            60_001
        ),
        MatchError::NotTheExecutor { executor: 0 }
    ));
    let target = g.cards()[0];
    let (ev, _) = execute(&mut g, 0, &steps, 60_000);
    assert_eq!(scored(&ev), Some((0, PointReason::Completed)));
    assert_eq!(g.scores(), [1, 0]);
    assert_eq!(g.layout(), target, "the pieces stay on the completed card");
}

#[test]
fn unchallenged_announcer_who_runs_over_gives_the_point_away() {
    let mut g = match_needing(Level::One, false, 3);
    let steps = plan(&g);
    let bid = steps.len() as u32 - 1;
    ok(&mut g, MatchAction::Announce { player: 1, bid }, 0);
    ok(&mut g, MatchAction::Accept { player: 0 }, 5);
    let (ev, _) = execute(&mut g, 1, &steps[..bid as usize], 5);
    assert_eq!(scored(&ev), Some((0, PointReason::TooManyMoves)), "{ev:?}");
    assert_eq!(g.scores(), [1, 0]);
}

#[test]
fn a_challenge_won_and_a_challenge_lost() {
    // won: the announcer said n + 1; the challenger does it in n
    let mut g = match_needing(Level::One, false, 2);
    let steps = plan(&g);
    let n = steps.len() as u32;
    ok(
        &mut g,
        MatchAction::Announce {
            player: 0,
            bid: n + 1,
        },
        0,
    );
    let ev = ok(&mut g, MatchAction::Challenge { player: 1 }, 30_000);
    assert!(ev.contains(&MatchEvent::ExecutionStarted {
        executor: 1,
        role: Role::Challenger,
        at_most: Some(n)
    }));
    let (ev, _) = execute(&mut g, 1, &steps, 30_000);
    assert_eq!(scored(&ev), Some((1, PointReason::Completed)));

    // lost: the announcer said exactly n; the challenger needs fewer, which is impossible
    let mut g = match_needing(Level::One, false, 2);
    let steps = plan(&g);
    let n = steps.len() as u32;
    ok(&mut g, MatchAction::Announce { player: 0, bid: n }, 0);
    ok(&mut g, MatchAction::Challenge { player: 1 }, 10);
    let (ev, _) = execute(&mut g, 1, &steps[..n as usize - 1], 10);
    assert_eq!(scored(&ev), Some((0, PointReason::TooManyMoves)), "{ev:?}");
    // challenging too late: the hourglass has run out
    let mut g = match_needing(Level::One, false, 1);
    ok(&mut g, MatchAction::Announce { player: 0, bid: 5 }, 0);
    assert!(matches!(
        rejected(&mut g, MatchAction::Challenge { player: 1 }, 60_000),
        MatchError::NotNow(_)
    ));
}

#[test]
fn card_actions_follow_the_level_and_name_their_card() {
    let mut g = match_needing(Level::One, false, 1);
    ok(&mut g, MatchAction::Announce { player: 0, bid: 9 }, 0);
    ok(&mut g, MatchAction::Accept { player: 1 }, 1);
    let turn = MatchAction::Card {
        player: 0,
        card: None,
        action: CardAction::TurnClockwise,
    };
    assert!(matches!(
        rejected(&mut g, turn, 2),
        MatchError::Step(StepError::LevelTooLow { .. })
    ));

    let mut g = match_needing(Level::Two, true, 1);
    assert_eq!(g.cards().len(), 2);
    ok(&mut g, MatchAction::Announce { player: 0, bid: 30 }, 0);
    ok(&mut g, MatchAction::Accept { player: 1 }, 1);
    let unnamed = MatchAction::Card {
        player: 0,
        card: None,
        action: CardAction::TurnClockwise,
    };
    assert!(matches!(
        rejected(&mut g, unnamed, 2),
        MatchError::Step(StepError::CardNeeded(_))
    ));
    let mirror = MatchAction::Card {
        player: 0,
        card: Some(2),
        action: CardAction::MirrorLeftRight,
    };
    assert!(matches!(
        rejected(&mut g, mirror, 2),
        MatchError::Step(StepError::LevelTooLow { .. })
    ));
    let third = MatchAction::Card {
        player: 0,
        card: Some(3),
        action: CardAction::TurnClockwise,
    };
    assert!(matches!(
        rejected(&mut g, third, 2),
        MatchError::Step(StepError::NoSuchCard(3))
    ));
    let ev = ok(
        &mut g,
        MatchAction::Card {
            player: 0,
            card: Some(2),
            action: CardAction::TurnClockwise,
        },
        3,
    );
    assert!(matches!(&ev[0], MatchEvent::Stepped { count: 1, step, .. } if step == "2:turn+"));
}

#[test]
fn bonus_rounds_complete_both_cards_in_either_order() {
    let mut g = match_needing(Level::Three, true, 2);
    let steps = plan(&g);
    ok(
        &mut g,
        MatchAction::Announce {
            player: 1,
            bid: steps.len() as u32,
        },
        0,
    );
    ok(&mut g, MatchAction::Accept { player: 0 }, 1);
    let (ev, _) = execute(&mut g, 1, &steps, 1);
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, MatchEvent::CardCompleted { .. }))
            .count(),
        2
    );
    assert_eq!(scored(&ev), Some((1, PointReason::Completed)));
}

#[test]
fn first_to_six_wins() {
    let mut g = new_match(Level::Two, false, 21);
    let mut now = 0;
    while !g.is_over() {
        let steps = plan(&g);
        ok(
            &mut g,
            MatchAction::Announce {
                player: 1,
                bid: steps.len() as u32,
            },
            now,
        );
        ok(&mut g, MatchAction::Accept { player: 0 }, now + 1);
        now = execute(&mut g, 1, &steps, now + 1).1 + 1_000;
    }
    assert_eq!(g.scores(), [0, 6]);
    assert_eq!(*g.phase(), MatchPhase::Over { winner: Some(1) });
    assert_eq!(
        rejected(&mut g, MatchAction::Announce { player: 0, bid: 1 }, now),
        MatchError::Over
    );
}

#[test]
fn execution_time_limit_and_giving_up() {
    let mut config = MatchConfig::new(Level::One, false, deck().clone());
    config.execution_limit_ms = Some(30_000);
    let (mut g, _) = (0..)
        .map(|s| RoyalMatch::start(config.clone(), s, 0).unwrap())
        .find(|(g, _)| plan(g).len() >= 2)
        .unwrap();
    ok(&mut g, MatchAction::Announce { player: 0, bid: 20 }, 0);
    ok(&mut g, MatchAction::Accept { player: 1 }, 100);
    assert_eq!(g.next_deadline(), Some(30_100));
    let ev = ok(&mut g, MatchAction::Tick, 30_100);
    assert_eq!(scored(&ev), Some((1, PointReason::OutOfTime)));
    ok(&mut g, MatchAction::Announce { player: 1, bid: 20 }, 31_000);
    ok(&mut g, MatchAction::Accept { player: 0 }, 31_001);
    let ev = ok(&mut g, MatchAction::GiveUp { player: 1 }, 31_002);
    assert_eq!(scored(&ev), Some((0, PointReason::GaveUp)));
    assert_eq!(g.scores(), [1, 1]);
}

#[test]
fn royal_solo_records_retries_and_moves_on() {
    let config = SoloConfig {
        level: Level::Two,
        bonus: false,
        cards: deck().clone(),
    };
    let (mut g, ev) = (0..)
        .map(|s| RoyalSolo::start(config.clone(), s, 0).unwrap())
        .find(|(g, _)| g.optimum(solver()).unwrap() >= 2)
        .unwrap();
    assert!(matches!(ev[0], SoloEvent::CardsDrawn { index: 0, .. }));
    let start = g.results()[0].start;
    let optimum = g.optimum(solver()).unwrap();
    assert!(matches!(
        g.apply(&SoloAction::Next, 1),
        Err(SoloError::NotComplete)
    ));
    // a wasteful first attempt: a move and its undoing, then the optimal plan
    let first = start.legal_moves()[0];
    g.apply(&SoloAction::Move { mv: first }, 1).unwrap();
    g.apply(
        &SoloAction::Move {
            mv: Move::new(first.to, first.from),
        },
        2,
    )
    .unwrap();
    let best = solver()
        .solve(Level::Two, &start, &g.results()[0].cards[0], None)
        .unwrap();
    let mut last = Vec::new();
    for s in &best.steps {
        let a = match s {
            Step::Move(mv) => SoloAction::Move { mv: *mv },
            Step::Action { card, action } => SoloAction::Card {
                card: *card,
                action: *action,
            },
        };
        last = g.apply(&a, 3).unwrap();
    }
    assert!(
        last.contains(&SoloEvent::Completed {
            count: optimum + 2,
            best: optimum + 2
        }),
        "{last:?}"
    );
    // retry from the recorded start and do it optimally
    g.apply(&SoloAction::Retry, 4).unwrap();
    assert_eq!(g.run().layout(), start);
    for s in &best.steps {
        let a = match s {
            Step::Move(mv) => SoloAction::Move { mv: *mv },
            Step::Action { card, action } => SoloAction::Card {
                card: *card,
                action: *action,
            },
        };
        g.apply(&a, 5).unwrap();
    }
    assert_eq!(g.results()[0].best, Some(optimum));
    assert_eq!(g.results()[0].attempts, 2);
    let end = g.run().layout();
    g.apply(&SoloAction::Next, 6).unwrap();
    assert_eq!(
        g.results()[1].start,
        end,
        "the next card starts where the pieces stand"
    );
}

#[test]
fn bots_are_deterministic_and_the_strongest_never_errs() {
    let g = new_match(Level::Two, false, 5);
    let bot = MatchBot {
        player: 0,
        level: 3,
        seed: 77,
    };
    assert_eq!(bot.next_action(&g, solver()), bot.next_action(&g, solver()));
    let r = sim::simulate_royal(solver(), deck(), Level::Two, false, 60, 9).unwrap();
    assert_eq!(r.mistakes_by_level[&bots::MAX_LEVEL], 0, "{r:?}");
    assert!(r.attempts_by_level[&bots::MAX_LEVEL] > 0);
    assert_eq!(
        sim::simulate_royal(solver(), deck(), Level::Two, false, 60, 9).unwrap(),
        r,
        "same seed, same games"
    );
    // stronger wins more: the top level beats the bottom level by far
    assert!(r.win_rate(bots::MAX_LEVEL) > r.win_rate(1) + 0.5, "{r:?}");
    assert!(r.win_rate(bots::MAX_LEVEL) > r.win_rate(4));
}

#[test]
fn checkmates_bots_strongest_never_errs_and_scores_best() {
    use tabula_puzzles::checkmates::party::{CardSpec, DeckChoice};
    use tabula_puzzles::checkmates::{CheckMatesSolver, Side, deck};
    let s = CheckMatesSolver::new(Side::Sliding);
    let c = CheckMatesSolver::new(Side::Chess);
    let d = deck::generate(&s, &c, deck::DEFAULT_SEED);
    let cards: Vec<CardSpec> = d
        .cards
        .iter()
        .map(|k| CardSpec {
            task: k.sliding.task.clone(),
            stars: k.sliding.stars,
        })
        .collect();
    let r = sim::simulate_checkmates(&s, &cards, DeckChoice::OneStar, 4, 30, 4).unwrap();
    let top = bots::MAX_LEVEL;
    assert_eq!(r.mistakes_by_level[&top], 0, "{r:?}");
    assert!(r.win_rate(top) > 0.8, "{r:?}");
    let levels: Vec<u8> = r.played_by_level.keys().copied().collect();
    assert_eq!(levels, bots::spread_levels(4));
    for w in levels.windows(2) {
        assert!(
            r.mean_score(w[0]) < r.mean_score(w[1]),
            "mean score rises with level: {r:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Random actions on a match: rejected ones change nothing; replaying the accepted ones
    /// gives the identical match.
    #[test]
    fn royal_match_replays_from_its_log(seed in any::<u64>(), lv in 1u64..=3, bonus in any::<bool>(),
        actions in proptest::collection::vec((0u64..20_000, 0u8..7, 0u8..3, 0u32..12, 0usize..40), 0..150)) {
        let config = MatchConfig::new(Level::from_number(lv).unwrap(), bonus, deck().clone());
        let (mut g, _) = RoyalMatch::start(config.clone(), seed, 0).unwrap();
        let mut log = Vec::new();
        let mut now = 0;
        for (dt, kind, player, bid, pick) in actions {
            now += dt;
            let action = match kind {
                0 => MatchAction::Announce { player, bid },
                1 => MatchAction::Challenge { player },
                2 => MatchAction::Accept { player },
                3 => {
                    let legal = g.layout().legal_moves();
                    MatchAction::Move { player, mv: legal[pick % legal.len()] }
                }
                4 => MatchAction::Card { player, card: Some((pick % 3) as u8), action: CardAction::ALL[pick % 4] },
                5 => MatchAction::GiveUp { player },
                _ => MatchAction::Tick,
            };
            let before = g.clone();
            match g.apply(&action, now) {
                Ok(_) => log.push((now, action)),
                Err(_) => prop_assert_eq!(&g, &before),
            }
        }
        prop_assert_eq!(RoyalMatch::replay(config, seed, 0, &log).unwrap(), g);
    }
}

#[test]
fn layouts_in_events_are_real_layouts() {
    // Stepped events carry the layout after the step; it must equal the match's own. The
    // card needs two moves or more, so one move neither completes it nor ends the execution,
    // and the layout is the executor's to see.
    let mut g = match_needing(Level::One, false, 2);
    ok(&mut g, MatchAction::Announce { player: 0, bid: 9 }, 0);
    ok(&mut g, MatchAction::Accept { player: 1 }, 1);
    let before = g.layout();
    let mv = before.legal_moves()[0];
    let ev = ok(&mut g, MatchAction::Move { player: 0, mv }, 2);
    let after: Layout = g.layout();
    assert_eq!(after, before.play(mv).unwrap(), "the move moved a piece");
    let stepped: Vec<&Layout> = ev
        .iter()
        .filter_map(|e| match e {
            MatchEvent::Stepped { layout, .. } => Some(layout),
            _ => None,
        })
        .collect();
    assert_eq!(stepped, [&after], "{ev:?}");
    assert_eq!(scored(&ev), None, "one move cannot end this execution");
}

#[test]
fn a_round_nobody_announces_is_set_aside_at_the_limit_and_the_next_card_drawn() {
    let mut g = new_match(Level::One, false, 11);
    let limit = g.config().announce_limit_ms.expect("a limit by default");
    assert_eq!(g.next_deadline(), Some(limit));
    let first = g.cards().to_vec();
    // a moment before the limit nothing changes
    assert!(ok(&mut g, MatchAction::Tick, limit - 1).is_empty());
    // at the limit: set aside, unscored, the next card drawn at the limit's own time
    let ev = ok(&mut g, MatchAction::Tick, limit + 5_000);
    assert_eq!(ev[0], MatchEvent::CardsSetAside { round: 1 });
    assert!(
        matches!(&ev[1], MatchEvent::CardsDrawn { round: 2, .. }),
        "{ev:?}"
    );
    assert_ne!(g.cards(), &first[..]);
    assert_eq!(g.scores(), [0, 0]);
    assert_eq!(g.next_deadline(), Some(2 * limit));
    // a match stored before the limit existed waits for ever, as it did
    let mut config = MatchConfig::new(Level::One, false, deck().clone());
    config.announce_limit_ms = None;
    let old = RoyalMatch::start(config, 11, 0).unwrap().0;
    assert_eq!(old.next_deadline(), None);
}
