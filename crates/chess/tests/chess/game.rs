//! The game layer: repetition, clocks, resignation, draws, Blind QuickChess placements, replay.

use proptest::prelude::*;
use tabula_chess::{
    ChessAction, ChessConfig, ChessError, ChessEvent, ChessGame, Color, DrawReason, Outcome,
    TimeControl, WinReason,
};
use tabula_core::clock::FIRST_MOVE_MS;
use tabula_core::{Game, Millis};

fn game(variant: &str, fen: Option<&str>, clock: Option<TimeControl>) -> ChessGame {
    let config = ChessConfig {
        variant: variant.into(),
        fen: fen.map(String::from),
        clock,
    };
    ChessGame::start(config, 7, 0).unwrap().0
}

fn mv(player: Color, uci: &str) -> ChessAction {
    ChessAction::Move {
        player,
        uci: uci.into(),
    }
}

fn play(g: &mut ChessGame, moves: &[&str], mut now: Millis) -> Millis {
    for m in moves {
        let player = g.position().turn();
        now += 1_000;
        g.apply(&mv(player, m), now)
            .unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    now
}

#[test]
fn threefold_repetition_draws_and_in_lessons_goes_to_the_tie_break() {
    let mut g = game("quickchess", None, None);
    play(
        &mut g,
        &[
            "e1d3", "e6d4", "d3e1", "d4e6", "e1d3", "e6d4", "d3e1", "d4e6",
        ],
        0,
    );
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition,
            tie_break: None
        })
    );
    assert!(matches!(
        g.apply(&mv(Color::White, "e1d3"), 99_000),
        Err(ChessError::Over)
    ));
    // a lesson game: the tie-break decides (level pawns: a draw)
    let mut k = game("krazy-knights", None, None);
    play(
        &mut k,
        &[
            "e1d3", "e6d4", "d3e1", "d4e6", "e1d3", "e6d4", "d3e1", "d4e6",
        ],
        0,
    );
    assert!(
        matches!(
            k.outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::TieBreakLevel,
                ..
            })
        ),
        "{:?}",
        k.outcome()
    );
}

#[test]
fn a_lesson_game_plays_on_through_passes_to_its_end() {
    // Issue #22's position: white's pawn is stuck, black's e-pawn runs; white passes each turn.
    let mut g = game("power-pawns", Some("5/p3p/P4/5/5/5 w - - 0 1"), None);
    assert_eq!(g.outcome(), None);
    let events = g.apply(&mv(Color::White, "0000"), 1_000).unwrap();
    assert!(
        matches!(&events[..], [ChessEvent::Moved { uci, san, .. }] if uci == "0000" && san == "--"),
        "{events:?}"
    );
    play(
        &mut g,
        &["e5e4", "0000", "e4e3", "0000", "e3e2", "0000", "e2e1"],
        1_000,
    );
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::PawnReachedEdge,
            tie_break: None
        })
    );
    assert_eq!(g.moves()[0], ("0000".to_string(), "--".to_string()));
}

#[test]
fn moves_are_checked_and_out_of_turn_refused() {
    let mut g = game("quickchess", None, None);
    let before = g.clone();
    assert_eq!(
        g.apply(&mv(Color::Black, "a5a4"), 10),
        Err(ChessError::NotYourTurn("white"))
    );
    assert!(matches!(
        g.apply(&mv(Color::White, "a2a4"), 10),
        Err(ChessError::Illegal(_))
    ));
    assert_eq!(g, before);
    let ev = g.apply(&mv(Color::White, "b2b3"), 10).unwrap();
    assert!(matches!(&ev[0], ChessEvent::Moved { san, .. } if san == "b3"));
}

#[test]
fn resignation_and_draw_by_agreement() {
    let mut g = game("chess", None, None);
    g.apply(
        &ChessAction::Resign {
            player: Color::White,
        },
        5,
    )
    .unwrap();
    assert_eq!(g.outcome().map(|o| o.winner()), Some(Some(Color::Black)));
    let mut d = game("quickchess", None, None);
    d.apply(
        &ChessAction::OfferDraw {
            player: Color::White,
        },
        1,
    )
    .unwrap();
    assert_eq!(d.draw_offer(), Some(Color::White));
    play(&mut d, &["b2b3"], 2);
    assert_eq!(d.draw_offer(), None, "a move declines the offer");
    d.apply(
        &ChessAction::OfferDraw {
            player: Color::Black,
        },
        5_000,
    )
    .unwrap();
    d.apply(
        &ChessAction::OfferDraw {
            player: Color::White,
        },
        6_000,
    )
    .unwrap();
    assert_eq!(
        d.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Agreement,
            tie_break: None
        })
    );
}

#[test]
fn clocks_run_and_a_flag_falls() {
    let tc = TimeControl {
        base_ms: 10_000,
        increment_ms: 2_000,
        first_move_ms: None,
        per_move: false,
    };
    let mut g = game("quickchess", None, Some(tc));
    assert_eq!(g.next_deadline(), Some(10_000));
    g.apply(&mv(Color::White, "b2b3"), 4_000).unwrap();
    assert_eq!(g.clocks(4_000), Some([8_000, 10_000]));
    assert_eq!(g.next_deadline(), Some(14_000));
    g.apply(&ChessAction::Tick, 13_999).unwrap();
    assert!(g.outcome().is_none());
    g.apply(&ChessAction::Tick, 14_000).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Timeout,
            tie_break: None
        })
    );
    // the side with only a king cannot win on time
    let mut bare = game("quickchess", Some("k4/5/5/5/1Q3/3K1 b - - 0 1"), Some(tc));
    bare.apply(&ChessAction::Tick, 10_000).unwrap();
    assert_eq!(bare.outcome().map(|o| o.winner()), Some(Some(Color::White)));
    let mut bare2 = game("quickchess", Some("k4/5/5/5/1Q3/3K1 w - - 0 1"), Some(tc));
    bare2.apply(&ChessAction::Tick, 10_000).unwrap();
    assert!(matches!(
        bare2.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::InsufficientMaterial,
            ..
        })
    ));
}

fn place(g: &mut ChessGame, player: Color, placements: &[(char, &str)]) -> Vec<ChessEvent> {
    let mut all = Vec::new();
    for (role, sq) in placements {
        all.extend(
            g.apply(
                &ChessAction::Place {
                    player,
                    role: *role,
                    square: (*sq).into(),
                },
                1,
            )
            .unwrap_or_else(|e| panic!("{role}@{sq}: {e}")),
        );
    }
    all
}

const WHITE_SETUP: [(char, &str); 10] = [
    ('k', "c1"),
    ('q', "d1"),
    ('r', "a1"),
    ('b', "b1"),
    ('n', "e1"),
    ('p', "a2"),
    ('p', "b2"),
    ('p', "c2"),
    ('p', "d2"),
    ('p', "e3"),
];
const BLACK_SETUP: [(char, &str); 10] = [
    ('k', "c6"),
    ('q', "d6"),
    ('r', "a6"),
    ('b', "b6"),
    ('n', "e6"),
    ('p', "a5"),
    ('p', "b5"),
    ('p', "c5"),
    ('p', "d5"),
    ('p', "e4"),
];

#[test]
fn blind_placements_then_the_reveal() {
    let mut g = game("blind", None, None);
    assert!(g.setup().is_some());
    assert!(matches!(
        g.apply(&mv(Color::White, "a2a3"), 1),
        Err(ChessError::Phase(_))
    ));
    // off the half, twice the king, a square twice
    let bad = |g: &mut ChessGame, role, sq: &str| {
        g.apply(
            &ChessAction::Place {
                player: Color::White,
                role,
                square: sq.into(),
            },
            1,
        )
        .unwrap_err()
    };
    assert!(
        bad(&mut g, 'k', "c4")
            .to_string()
            .contains("not on white's half")
    );
    place(&mut g, Color::White, &[('k', "c1")]);
    assert!(bad(&mut g, 'k', "c2").to_string().contains("no king left"));
    assert!(bad(&mut g, 'q', "c1").to_string().contains("already taken"));
    g.apply(
        &ChessAction::Unplace {
            player: Color::White,
            square: "c1".into(),
        },
        1,
    )
    .unwrap();
    place(&mut g, Color::White, &WHITE_SETUP);
    assert!(g.setup().is_some(), "waiting for black");
    let ev = place(&mut g, Color::Black, &BLACK_SETUP);
    let revealed = ev.iter().find_map(|e| match e {
        ChessEvent::Revealed { fen, first, why } => Some((fen.clone(), *first, why.clone())),
        _ => None,
    });
    let (fen, first, why) = revealed.expect("both done: revealed");
    assert!(fen.starts_with("rbkqn/pppp1/4p/4P/PPPP1/RBKQN "), "{fen}");
    assert_eq!(why, "the coin");
    assert_eq!(g.position().turn(), first);
    // the same seed always tosses the same coin
    let mut again = game("blind", None, None);
    place(&mut again, Color::White, &WHITE_SETUP);
    place(&mut again, Color::Black, &BLACK_SETUP);
    assert_eq!(again.position().turn(), first);
}

#[test]
fn blind_a_king_in_check_moves_first_and_two_place_again() {
    // no king attacked: the coin decides
    let mut g = game("blind", None, None);
    let white = [
        ('k', "e1"),
        ('q', "d1"),
        ('r', "a1"),
        ('b', "b1"),
        ('n', "c1"),
        ('p', "a2"),
        ('p', "b2"),
        ('p', "c2"),
        ('p', "d2"),
        ('p', "e2"),
    ];
    let black = [
        ('k', "d4"),
        ('q', "d6"),
        ('r', "a6"),
        ('b', "b6"),
        ('n', "e6"),
        ('p', "a5"),
        ('p', "b5"),
        ('p', "c5"),
        ('p', "d5"),
        ('p', "e5"),
    ];
    place(&mut g, Color::White, &white);
    let ev = place(&mut g, Color::Black, &black);
    assert!(
        ev.iter()
            .any(|e| matches!(e, ChessEvent::Revealed { why, .. } if why == "the coin"))
    );
    let mut h = game("blind", None, None);
    let white_check = [
        ('k', "e1"),
        ('q', "a3"),
        ('r', "a1"),
        ('b', "b1"),
        ('n', "c1"),
        ('p', "a2"),
        ('p', "b2"),
        ('p', "c2"),
        ('p', "d2"),
        ('p', "e2"),
    ];
    let black_k = [
        ('k', "c5"),
        ('q', "d6"),
        ('r', "a6"),
        ('b', "b6"),
        ('n', "e6"),
        ('p', "a5"),
        ('p', "b5"),
        ('p', "e4"),
        ('p', "d5"),
        ('p', "e5"),
    ];
    place(&mut h, Color::White, &white_check);
    let ev = place(&mut h, Color::Black, &black_k);
    // the white queen on a3 checks the black king on c5 along the diagonal a3-b4-c5
    assert!(ev.iter().any(|e| matches!(e, ChessEvent::Revealed { first: Color::Black, why, .. } if why.contains("black king"))), "{ev:?}");
    // both kings in check: both place again
    let mut b = game("blind", None, None);
    let white_both = [
        ('k', "d3"),
        ('q', "a3"),
        ('r', "a1"),
        ('b', "b1"),
        ('n', "c1"),
        ('p', "a2"),
        ('p', "b2"),
        ('p', "c2"),
        ('p', "d2"),
        ('p', "e2"),
    ];
    let black_both = [
        ('k', "c5"),
        ('q', "d6"),
        ('r', "a6"),
        ('b', "b6"),
        ('n', "e6"),
        ('p', "a5"),
        ('p', "b5"),
        ('p', "e4"),
        ('p', "d5"),
        ('p', "e5"),
    ];
    place(&mut b, Color::White, &white_both);
    let ev = place(&mut b, Color::Black, &black_both);
    assert!(
        ev.contains(&ChessEvent::PlaceAgain),
        "the black pawn e4 attacks d3: {ev:?}"
    );
    assert_eq!(b.setup().map(|s| s.placed[0].len()), Some(0));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random actions: refused ones change nothing; replaying the accepted ones rebuilds the game.
    #[test]
    fn games_replay_from_their_log(seed in any::<u64>(), variant in 0usize..4, picks in proptest::collection::vec((0u64..3_000, 0u8..5, 0usize..400), 0..120)) {
        let name = ["quickchess", "kings-conquest", "queens-pro", "chess"][variant];
        let config = ChessConfig { variant: name.into(), fen: None, clock: Some(TimeControl { base_ms: 60_000, increment_ms: 1_000, first_move_ms: seed.is_multiple_of(2).then_some(FIRST_MOVE_MS), per_move: false }) };
        let (mut g, _) = ChessGame::start(config.clone(), seed, 0).unwrap();
        let mut log = Vec::new();
        let mut now = 0;
        for (dt, kind, pick) in picks {
            now += dt;
            let turn = g.position().turn();
            let action = match kind {
                0 | 1 => {
                    let moves = g.position().legal_moves();
                    if moves.is_empty() { ChessAction::Tick } else { ChessAction::Move { player: if kind == 0 { turn } else { turn.other() }, uci: g.position().uci(&moves[pick % moves.len()]) } }
                }
                2 => ChessAction::OfferDraw { player: if pick % 2 == 0 { Color::White } else { Color::Black } },
                3 if pick % 40 == 0 => ChessAction::Resign { player: turn },
                _ => ChessAction::Tick,
            };
            let before = g.clone();
            match g.apply(&action, now) {
                Ok(_) => log.push((now, action)),
                Err(_) => prop_assert_eq!(&g, &before),
            }
        }
        prop_assert_eq!(ChessGame::replay(config, seed, 0, &log).unwrap(), g);
    }
}

#[test]
fn a_flag_against_a_side_that_cannot_win_is_a_draw_in_checkmate_games_only() {
    let tc = TimeControl {
        base_ms: 1_000,
        increment_ms: 0,
        first_move_ms: None,
        per_move: false,
    };
    let flag = |variant: &str, fen: &str| {
        let mut g = game(variant, Some(fen), Some(tc));
        g.apply(&ChessAction::Tick, 1_000).unwrap();
        assert_eq!(g.flagged(), Some(Color::White), "{fen}");
        g.outcome().unwrap()
    };
    let draw = |o: Outcome| matches!(o, Outcome::Draw { .. });
    // a bare king cannot mate; a king and a knight can, with the other side's help
    assert!(draw(flag("quickchess", "k4/5/5/5/1Q3/3K1 w - - 0 1")));
    assert!(draw(flag("chess", "k7/8/8/8/8/8/1Q6/3K4 w - - 0 1")));
    assert!(!draw(flag("quickchess", "k4/5/5/5/1n3/3KQ w - - 0 1")));
    assert!(!draw(flag("chess", "k7/8/8/8/8/8/1b6/3K2Q1 w - - 0 1")));
    // a lesson game is won by capturing or by a pawn: a king alone may still do it
    assert!(!draw(flag("kings-conquest", "k4/5/5/5/P4/3K1 w - - 0 1")));
}

#[test]
fn a_takeback_rewinds_to_before_the_askers_last_move_and_keeps_the_time_used() {
    let tc = TimeControl {
        base_ms: 60_000,
        increment_ms: 1_000,
        first_move_ms: None,
        per_move: false,
    };
    let mut g = game("quickchess", None, Some(tc));
    let start = *g.position();
    let now = play(&mut g, &["b2b3", "b5b4", "c2c3"], 0); // at 1, 2 and 3 s
    let after_two = {
        let mut h = game("quickchess", None, None);
        play(&mut h, &["b2b3", "b5b4"], 0);
        *h.position()
    };
    // black asks while white has just moved: white's move goes, then black's
    let e = g
        .apply(
            &ChessAction::OfferTakeback {
                player: Color::Black,
            },
            now,
        )
        .unwrap();
    assert_eq!(
        e,
        vec![ChessEvent::TakebackOffered {
            player: Color::Black
        }]
    );
    assert!(matches!(
        g.apply(
            &ChessAction::AcceptTakeback {
                player: Color::Black
            },
            now
        ),
        Err(ChessError::Takeback(_))
    ));
    let e = g
        .apply(
            &ChessAction::DeclineTakeback {
                player: Color::White,
            },
            now + 500,
        )
        .unwrap();
    assert_eq!(
        e,
        vec![ChessEvent::TakebackDeclined {
            player: Color::White
        }]
    );
    // white asks: only its own last move goes
    g.apply(
        &ChessAction::OfferTakeback {
            player: Color::White,
        },
        now + 1_000,
    )
    .unwrap();
    let e = g
        .apply(
            &ChessAction::AcceptTakeback {
                player: Color::Black,
            },
            now + 2_000,
        )
        .unwrap();
    assert!(
        matches!(
            &e[..],
            [ChessEvent::TakenBack {
                player: Color::White,
                moves: 1,
                ..
            }]
        ),
        "{e:?}"
    );
    assert_eq!(*g.position(), after_two);
    assert_eq!(g.moves().len(), 2);
    // white: 60 - 1 + 1 - 1 + 1 = 60 s at 3 s; black: 60 - 1 + 1 = 60 s, then 2 s of waiting
    assert_eq!(g.clocks(now + 2_000), Some([60_000, 58_000]));
    assert_eq!(g.clock_running(), Some(Color::White));
    // now black's takeback of its only move rewinds to the start (a crossed offer agrees)
    g.apply(
        &ChessAction::OfferTakeback {
            player: Color::Black,
        },
        now + 3_000,
    )
    .unwrap();
    g.apply(
        &ChessAction::OfferTakeback {
            player: Color::White,
        },
        now + 3_000,
    )
    .unwrap();
    assert_eq!(*g.position(), {
        let mut h = game("quickchess", None, None);
        play(&mut h, &["b2b3"], 0);
        *h.position()
    });
    g.apply(
        &ChessAction::OfferTakeback {
            player: Color::White,
        },
        now + 4_000,
    )
    .unwrap();
    g.apply(
        &ChessAction::AcceptTakeback {
            player: Color::Black,
        },
        now + 4_000,
    )
    .unwrap();
    assert_eq!(*g.position(), start);
    assert!(matches!(
        g.apply(
            &ChessAction::OfferTakeback {
                player: Color::White
            },
            now + 5_000
        ),
        Err(ChessError::Takeback(_))
    ));
    // a move withdraws a pending request; repetition counts stay exact after a rewind
    g.apply(&mv(Color::White, "b2b3"), now + 6_000).unwrap();
    g.apply(
        &ChessAction::OfferTakeback {
            player: Color::White,
        },
        now + 6_000,
    )
    .unwrap();
    g.apply(&mv(Color::Black, "b5b4"), now + 7_000).unwrap();
    assert_eq!(g.takeback_offer(), None);
    assert_eq!(g.repetitions(), 1);
}
