//! The Check Mates party and solo games, rule by rule.

use proptest::prelude::*;
use std::sync::OnceLock;
use tabula_core::{Game, Millis};
use tabula_puzzles::Move;
use tabula_puzzles::checkmates::party::{
    CardSpec, DeckChoice, FailReason, PartyAction, PartyConfig, PartyError, PartyEvent, PartyGame,
    Phase,
};
use tabula_puzzles::checkmates::solo::{SoloAction, SoloConfig, SoloGame};
use tabula_puzzles::checkmates::{CheckMatesSolver, Side};

fn solver() -> &'static CheckMatesSolver {
    static S: OnceLock<CheckMatesSolver> = OnceLock::new();
    S.get_or_init(|| CheckMatesSolver::new(Side::Sliding))
}

fn card(task: &str, stars: u8) -> CardSpec {
    CardSpec {
        task: task.into(),
        stars,
    }
}

const TASKS: [&str; 6] = [
    "b../r../...",
    "g.b/.../...",
    "rr./.../...",
    ".g./.b./.r.",
    "b.g/.r./...",
    "..g/.../r.b",
];

fn party(players: u8, cards: Vec<CardSpec>, seed: u64) -> PartyGame {
    PartyGame::start(
        PartyConfig::new(Side::Sliding, players, cards, DeckChoice::Full),
        seed,
        0,
    )
    .unwrap()
    .0
}

/// Applies and expects success.
fn ok(game: &mut PartyGame, action: PartyAction, now: Millis) -> Vec<PartyEvent> {
    game.apply(&action, now)
        .unwrap_or_else(|e| panic!("{action:?} at {now}: {e}"))
}

/// Applies, expects the error, and checks the game did not change.
fn rejected(game: &mut PartyGame, action: PartyAction, now: Millis) -> PartyError {
    let before = game.clone();
    let e = game.apply(&action, now).expect_err("should be rejected");
    assert_eq!(*game, before, "a rejected action changes nothing");
    e
}

fn optimum(game: &PartyGame) -> u32 {
    let task = game.card().unwrap().task;
    u32::from(solver().distance(game.board(), &task).unwrap())
}

/// `player` wins the card in play by announcing the optimum and proving it. Returns the time after.
fn win_card(game: &mut PartyGame, player: u8, mut now: Millis) -> Millis {
    let task = game.card().unwrap().task;
    let sol = solver().solve(game.board(), &task).unwrap();
    let d = sol.moves.len() as u32;
    ok(game, PartyAction::Announce { player, bid: d }, now);
    if d == 0 {
        return now;
    }
    now += 5_000;
    ok(game, PartyAction::Tick, now);
    for mv in sol.moves {
        now += 100;
        ok(game, PartyAction::Move { player, mv }, now);
    }
    now
}

/// `player` takes the card in play as a penalty.
fn lose_card(game: &mut PartyGame, player: u8, mut now: Millis) -> Millis {
    let task = game.card().unwrap().task;
    if task.met_by(game.board()).is_none() {
        let ev = ok(game, PartyAction::Announce { player, bid: 0 }, now);
        assert!(matches!(
            ev[0],
            PartyEvent::ProofFailed {
                reason: FailReason::ZeroNotMet,
                ..
            }
        ));
        return now;
    }
    ok(game, PartyAction::Announce { player, bid: 3 }, now);
    now += 5_000;
    ok(game, PartyAction::GiveUp { player }, now);
    now
}

#[test]
fn interruptions_must_be_lower_and_restart_the_count() {
    let mut g = party(3, TASKS.iter().map(|t| card(t, 1)).collect(), 1);
    assert_eq!(
        g.next_deadline(),
        Some(120_000),
        "the round limit waits for a first announcement"
    );
    let ev = ok(&mut g, PartyAction::Announce { player: 0, bid: 6 }, 1_000);
    assert_eq!(
        ev,
        vec![PartyEvent::Announced {
            player: 0,
            bid: 6,
            count_ends: 6_000
        }]
    );
    assert_eq!(g.next_deadline(), Some(6_000));
    assert_eq!(
        rejected(&mut g, PartyAction::Announce { player: 1, bid: 6 }, 2_000),
        PartyError::NotLower { bid: 6, current: 6 }
    );
    assert_eq!(
        rejected(&mut g, PartyAction::Announce { player: 1, bid: 9 }, 2_000),
        PartyError::NotLower { bid: 9, current: 6 }
    );
    ok(&mut g, PartyAction::Announce { player: 1, bid: 5 }, 4_000);
    assert_eq!(
        g.next_deadline(),
        Some(9_000),
        "the interruption restarts the count"
    );
    assert_eq!(
        rejected(&mut g, PartyAction::Announce { player: 0, bid: 4 }, 5_000),
        PartyError::AlreadyAnnounced(0)
    );
    assert_eq!(
        rejected(&mut g, PartyAction::Announce { player: 1, bid: 2 }, 5_000),
        PartyError::AlreadyAnnounced(1)
    );
    assert!(matches!(
        rejected(&mut g, PartyAction::Announce { player: 7, bid: 2 }, 5_000),
        PartyError::NoSuchPlayer { .. }
    ));
    // the count has not ended at 8,999 ms
    ok(&mut g, PartyAction::Tick, 8_999);
    assert!(matches!(g.phase(), Phase::Bidding { .. }));
    let ev = ok(&mut g, PartyAction::Tick, 9_000);
    assert!(ev.contains(&PartyEvent::ProverChosen { player: 1, bid: 5 }));
    assert!(matches!(
        g.phase(),
        Phase::Proving {
            prover: 1,
            bid: 5,
            ..
        }
    ));
    // late announcements are refused
    assert_eq!(
        rejected(&mut g, PartyAction::Announce { player: 2, bid: 1 }, 9_500),
        PartyError::NotBidding { prover: 1 }
    );
}

#[test]
fn an_announcement_after_the_count_ended_is_too_late() {
    let mut g = party(2, TASKS.iter().map(|t| card(t, 1)).collect(), 2);
    ok(&mut g, PartyAction::Announce { player: 0, bid: 7 }, 0);
    // player 1 speaks at exactly 5 s: the count has run out first
    let e = rejected(&mut g, PartyAction::Announce { player: 1, bid: 3 }, 5_000);
    assert_eq!(e, PartyError::NotBidding { prover: 0 });
}

#[test]
fn only_the_prover_moves_and_only_legally() {
    let mut g = party(2, TASKS.iter().map(|t| card(t, 1)).collect(), 3);
    while optimum(&g) == 0 {
        g = party(
            2,
            TASKS.iter().map(|t| card(t, 1)).collect(),
            g.round() as u64 + 100,
        );
    }
    ok(&mut g, PartyAction::Announce { player: 0, bid: 5 }, 0);
    let legal = g.board().legal_moves()[0];
    assert!(matches!(
        rejected(
            &mut g,
            PartyAction::Move {
                player: 0,
                mv: legal
            },
            1_000
        ),
        PartyError::NotProving
    ));
    ok(&mut g, PartyAction::Tick, 5_000);
    assert_eq!(
        rejected(
            &mut g,
            PartyAction::Move {
                player: 1,
                mv: legal
            },
            5_100
        ),
        PartyError::NotTheProver {
            player: 1,
            prover: 0
        }
    );
    let illegal = (0..9u8)
        .flat_map(|a| (0..9u8).map(move |b| (a, b)))
        .filter(|(a, b)| a != b)
        .map(|(a, b)| Move::new(a, b))
        .find(|m| g.board().check_move(*m).is_err())
        .unwrap();
    assert!(matches!(
        rejected(
            &mut g,
            PartyAction::Move {
                player: 0,
                mv: illegal
            },
            5_100
        ),
        PartyError::Illegal(_)
    ));
    assert!(matches!(
        rejected(&mut g, PartyAction::Stop { player: 1 }, 5_100),
        PartyError::NotTheProver { .. }
    ));
}

#[test]
fn a_correct_proof_wins_the_card_and_the_board_carries_over() {
    let cards: Vec<CardSpec> = TASKS.iter().map(|t| card(t, 2)).collect();
    let mut g = party(2, cards, 4);
    let start_round = g.round();
    let task = g.card().unwrap().task;
    let sol = solver().solve(g.board(), &task).unwrap();
    win_card(&mut g, 1, 0);
    assert_eq!(g.tableaux()[1].face_up.len(), 1);
    assert_eq!(g.tableaux()[1].score(), 2);
    assert_eq!(g.round(), start_round + 1);
    assert_eq!(*g.board(), sol.end, "the board stays as the proof left it");
}

#[test]
fn a_proof_that_overruns_its_announcement_fails() {
    let mut seed = 5;
    let mut g = party(2, TASKS.iter().map(|t| card(t, 1)).collect(), seed);
    while optimum(&g) < 2 {
        seed += 1;
        g = party(2, TASKS.iter().map(|t| card(t, 1)).collect(), seed);
    }
    let d = optimum(&g);
    let task = g.card().unwrap().task;
    let sol = solver().solve(g.board(), &task).unwrap();
    ok(
        &mut g,
        PartyAction::Announce {
            player: 0,
            bid: d - 1,
        },
        0,
    );
    ok(&mut g, PartyAction::Tick, 5_000);
    let mut last = Vec::new();
    for (i, mv) in sol.moves.iter().take(d as usize - 1).enumerate() {
        last = ok(
            &mut g,
            PartyAction::Move { player: 0, mv: *mv },
            6_000 + i as u64,
        );
    }
    assert!(
        last.iter().any(|e| matches!(
            e,
            PartyEvent::ProofFailed {
                player: 0,
                reason: FailReason::BidUsedUp,
                ..
            }
        )),
        "{last:?}"
    );
    assert_eq!(g.tableaux()[0].penalties.len(), 1);
    assert_eq!(g.tableaux()[0].score(), -1);
}

#[test]
fn stopping_short_or_giving_up_is_a_penalty() {
    for (action, reason) in [
        (PartyAction::Stop { player: 0 }, FailReason::Stopped),
        (PartyAction::GiveUp { player: 0 }, FailReason::GaveUp),
    ] {
        let mut seed = 6;
        let mut g = party(1, TASKS.iter().map(|t| card(t, 2)).collect(), seed);
        while optimum(&g) == 0 {
            seed += 1;
            g = party(1, TASKS.iter().map(|t| card(t, 2)).collect(), seed);
        }
        ok(&mut g, PartyAction::Announce { player: 0, bid: 9 }, 0);
        let ev = ok(&mut g, action, 5_000);
        assert_eq!(
            ev[0],
            PartyEvent::ProverChosen { player: 0, bid: 9 },
            "the count ends first"
        );
        assert!(
            matches!(ev[1], PartyEvent::ProofFailed { player: 0, moves: 0, bid: 9, reason: r } if r == reason),
            "{ev:?}"
        );
        assert_eq!(g.tableaux()[0].penalties.len(), 1);
        assert_eq!(
            g.tableaux()[0].score(),
            -1,
            "a penalty is -1 whatever the card's stars"
        );
    }
}

#[test]
fn the_zero_rule_both_ways() {
    // The same task twice: after proving it once, the board already meets it.
    let cards = vec![card("b../r../...", 1), card("b../r../...", 2)];
    let mut seed = 7;
    let mut g = party(2, cards.clone(), seed);
    while optimum(&g) == 0 {
        seed += 1;
        g = party(2, cards.clone(), seed);
    }
    // zero when the board does not meet the task: an immediate penalty, and the next card
    let round = g.round();
    let ev = ok(&mut g, PartyAction::Announce { player: 0, bid: 0 }, 0);
    assert!(matches!(
        ev[0],
        PartyEvent::ProofFailed {
            player: 0,
            reason: FailReason::ZeroNotMet,
            moves: 0,
            ..
        }
    ));
    assert_eq!(g.round(), round + 1);
    assert_eq!(g.tableaux()[0].penalties.len(), 1);
    // now win this (second) card properly... it may or may not be met; make it met first
    let mut g2 = party(2, cards.clone(), seed);
    let now = win_card(&mut g2, 1, 0);
    assert!(
        g2.card().unwrap().task.met_by(g2.board()).is_some(),
        "the same task is already met"
    );
    let ev = ok(
        &mut g2,
        PartyAction::Announce { player: 0, bid: 0 },
        now + 10,
    );
    assert!(
        matches!(
            ev[0],
            PartyEvent::ProofSucceeded {
                player: 0,
                moves: 0,
                stars: 2,
                ..
            }
        ),
        "{ev:?}"
    );
    assert!(g2.is_over());
}

#[test]
fn a_card_nobody_announces_is_set_aside() {
    let mut g = party(3, TASKS.iter().map(|t| card(t, 1)).collect(), 8);
    let left = g.cards_left();
    let ev = ok(&mut g, PartyAction::Tick, 119_999);
    assert!(ev.is_empty());
    let ev = ok(&mut g, PartyAction::Tick, 250_000);
    // two limits passed: two cards set aside, each at its own time
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, PartyEvent::CardSetAside { .. }))
            .count(),
        2
    );
    assert_eq!(g.set_aside().len(), 2);
    assert_eq!(g.cards_left(), left - 2);
    assert_eq!(g.next_deadline(), Some(360_000));
    assert!(g.tableaux().iter().all(|t| t.score() == 0));
}

#[test]
fn tie_break_fewer_penalties_then_shared_wins() {
    // Player 0: one 1-star card. Player 1: a 2-star card and a penalty. Both score 1; player 0
    // has fewer penalties and wins alone.
    let cards = vec![
        card("b../r../...", 1),
        card("g.b/.../...", 2),
        card("rr./.../...", 1),
    ];
    let mut g = party(2, cards, 9);
    // the deck is shuffled: play cards by their stars
    let mut now = 0;
    let mut lost = false;
    while !g.is_over() {
        let stars = g.card().unwrap().stars;
        now = if stars == 2 {
            win_card(&mut g, 1, now)
        } else if !lost {
            lost = true;
            lose_card(&mut g, 1, now)
        } else {
            win_card(&mut g, 0, now)
        } + 1_000;
    }
    let s = g.standings();
    assert_eq!(
        (s[0].player, s[0].score, s[0].penalties, s[0].winner),
        (0, 1, 0, true)
    );
    assert_eq!(
        (s[1].player, s[1].score, s[1].penalties, s[1].winner),
        (1, 1, 1, false)
    );

    // Equal scores and penalties: both win.
    let mut g = party(2, vec![card("b../r../...", 1), card("g.b/.../...", 1)], 10);
    let now = win_card(&mut g, 0, 0);
    let now = win_card(&mut g, 1, now + 1_000);
    assert!(g.is_over());
    let standings = g.standings();
    assert!(
        standings.iter().all(|s| s.winner && s.score == 1),
        "{standings:?}"
    );
    assert_eq!(
        rejected(
            &mut g,
            PartyAction::Announce { player: 0, bid: 1 },
            now + 99_000
        ),
        PartyError::GameOver
    );
}

#[test]
fn the_game_ends_with_the_last_card_and_time_only_moves_forward() {
    let mut g = party(2, vec![card("b../r../...", 1)], 11);
    ok(&mut g, PartyAction::Tick, 1_000);
    assert!(matches!(
        rejected(&mut g, PartyAction::Tick, 999),
        PartyError::TimeWentBackwards { .. }
    ));
    let ev = ok(&mut g, PartyAction::Tick, 200_000);
    assert!(matches!(ev.last(), Some(PartyEvent::GameOver { .. })));
    assert!(g.is_over());
    assert_eq!(g.next_deadline(), None);
}

#[test]
fn blitz_decks_and_bad_configurations() {
    let cards = vec![
        card("b../r../...", 1),
        card("g.b/r../...", 2),
        card("rr./g../...", 2),
    ];
    let g = PartyGame::start(
        PartyConfig::new(Side::Sliding, 2, cards.clone(), DeckChoice::TwoStar),
        1,
        0,
    )
    .unwrap()
    .0;
    assert_eq!(g.cards_left() + 1, 2);
    assert!(g.card().unwrap().stars == 2);
    let g = PartyGame::start(
        PartyConfig::new(Side::Sliding, 2, cards.clone(), DeckChoice::OneStar),
        1,
        0,
    )
    .unwrap()
    .0;
    assert_eq!(g.cards_left(), 0);
    let bad = |players, cards: Vec<CardSpec>| {
        PartyGame::start(
            PartyConfig::new(Side::Sliding, players, cards, DeckChoice::Full),
            1,
            0,
        )
        .unwrap_err()
    };
    assert_eq!(bad(0, cards.clone()), PartyError::Players(0));
    assert_eq!(bad(7, cards.clone()), PartyError::Players(7));
    assert!(matches!(
        bad(2, vec![card("Q../.../...", 1)]),
        PartyError::BadCard { index: 1, .. }
    ));
    assert!(matches!(
        bad(2, vec![card("b../.../...", 3)]),
        PartyError::BadStars { index: 1, stars: 3 }
    ));
    assert_eq!(bad(2, vec![]), PartyError::EmptyDeck(DeckChoice::Full));
}

#[test]
fn solo_run_to_its_rating() {
    let cards: Vec<CardSpec> = (0..12).map(|i| card(TASKS[i % TASKS.len()], 1)).collect();
    let config = SoloConfig {
        side: Side::Sliding,
        cards,
        deck: DeckChoice::Full,
    };
    let (mut g, _) = SoloGame::start(config.clone(), 3, 1_000).unwrap();
    assert_eq!(g.tasks().len(), 10);
    let mut now = 1_000;
    while let Some(task) = g.task().copied() {
        let sol = solver().solve(g.board(), &task).unwrap();
        for mv in sol.moves {
            now += 1_000;
            g.apply(&SoloAction::Move { mv }, now).unwrap();
        }
    }
    assert!(g.is_over());
    let total = g.total_ms().unwrap();
    assert_eq!(total, now - 1_000);
    assert_eq!(
        g.rating(),
        Some(tabula_puzzles::checkmates::solo::rating(
            Side::Sliding,
            total
        ))
    );
    assert!(
        g.apply(
            &SoloAction::Move {
                mv: Move::new(0, 1)
            },
            now
        )
        .is_err()
    );
    // replay gives the same run
    let (mut again, _) = SoloGame::start(config, 3, 1_000).unwrap();
    assert_eq!(again.tasks(), g.tasks());
    assert!(!again.is_over());
    again.apply(&SoloAction::Abandon, 2_000).unwrap();
    assert!(again.is_over() && again.abandoned() && again.rating().is_none());
}

fn arb_actions() -> impl Strategy<Value = Vec<(u64, u8, u8, u32, usize)>> {
    proptest::collection::vec((0u64..9_000, 0u8..6, 0u8..4, 0u32..8, 0usize..64), 0..120)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random actions: rejected ones change nothing, and replaying the accepted ones from the
    /// seed gives an identical game.
    #[test]
    fn replaying_the_log_rebuilds_the_same_game(seed in any::<u64>(), actions in arb_actions()) {
        let config = PartyConfig::new(Side::Sliding, 3, TASKS.iter().map(|t| card(t, 1)).collect(), DeckChoice::Full);
        let (mut g, _) = PartyGame::start(config.clone(), seed, 0).unwrap();
        let mut log = Vec::new();
        let mut now = 0;
        for (dt, kind, player, bid, pick) in actions {
            now += dt;
            let action = match kind {
                0 => PartyAction::Announce { player, bid },
                1 | 2 => {
                    let legal = g.board().legal_moves();
                    let mv = if kind == 1 { legal[pick % legal.len()] } else { Move::new((pick % 9) as u8, (pick / 9 % 9) as u8) };
                    PartyAction::Move { player, mv }
                }
                3 => PartyAction::Stop { player },
                4 => PartyAction::GiveUp { player },
                _ => PartyAction::Tick,
            };
            let before = g.clone();
            match g.apply(&action, now) {
                Ok(_) => log.push((now, action)),
                Err(_) => prop_assert_eq!(&g, &before),
            }
        }
        let replayed = PartyGame::replay(config, seed, 0, &log).unwrap();
        prop_assert_eq!(replayed, g);
    }
}
