//! The game layer's clocks and takebacks: a flag falls at its own time, the increment is
//! added after a typed turn (not after an automatic pass), and a takeback rewinds exactly to
//! before the asker's last turn, whoever grants it.

use tabula_core::clock::{FIRST_MOVE_MS, TimeControl};
use tabula_core::{Game, Millis};
use tabula_querni::game::QuerniError;
use tabula_querni::{
    Position, QuerniAction, QuerniConfig, QuerniEvent, QuerniGame, Side, Status, WinReason,
};

const TC: TimeControl = TimeControl {
    base_ms: 10_000,
    increment_ms: 2_000,
    first_move_ms: None,
    per_move: false,
};

fn game(start: Option<Position>, clock: Option<TimeControl>) -> QuerniGame {
    QuerniGame::start(QuerniConfig { start, clock }, 5, 0)
        .unwrap()
        .0
}

fn turn(side: Side, text: &str) -> QuerniAction {
    QuerniAction::Turn {
        side,
        turn: text.into(),
    }
}

/// A step for the side to move that is legal at the start of seed 5.
fn a_step(g: &QuerniGame) -> String {
    let p = g.position();
    let mut ms = Vec::new();
    p.movements(&mut ms);
    let m = ms
        .iter()
        .find(|m| {
            p.describe(tabula_querni::Turn {
                movement: Some(**m),
                removal: None,
            })
            .squares
            .len()
                == 2
        })
        .expect("a step");
    p.describe(tabula_querni::Turn {
        movement: Some(*m),
        removal: None,
    })
    .to_string()
}

fn play(g: &mut QuerniGame, at: Millis) -> String {
    let side = g.position().turn();
    let t = a_step(g);
    g.apply(&turn(side, &t), at).unwrap();
    t
}

#[test]
fn a_flag_falls_at_its_own_time_and_the_mover_gets_the_increment() {
    let mut g = game(None, Some(TC));
    assert_eq!(g.next_deadline(), Some(10_000));
    assert_eq!(g.clock_running(), Some(Side::Blue));
    play(&mut g, 4_000);
    assert_eq!(g.clocks(4_000), Some([8_000, 10_000]));
    assert_eq!(g.clocks(9_000), Some([8_000, 5_000]));
    assert_eq!(g.next_deadline(), Some(14_000));
    assert!(g.apply(&QuerniAction::Tick, 13_999).unwrap().is_empty());
    let events = g.apply(&QuerniAction::Tick, 14_500).unwrap();
    let won = Status::Won {
        winner: Side::Blue,
        reason: WinReason::Timeout,
    };
    assert_eq!(events, vec![QuerniEvent::Ended { status: won }]);
    assert_eq!(g.status(), won);
    assert_eq!(won.to_string(), "blue wins on time: red ran out of time");
    assert_eq!(
        g.clocks(20_000),
        Some([8_000, 0]),
        "the clocks stop at the flag"
    );
    assert_eq!((g.next_deadline(), g.clock_running()), (None, None));
    assert!(matches!(
        g.apply(&turn(Side::Red, "pass"), 15_000),
        Err(QuerniError::Over(_))
    ));
    // a turn typed after the flag fell is too late even if nobody ticked in between
    let mut late = game(None, Some(TC));
    let t = a_step(&late);
    late.apply(&turn(Side::Blue, &t), 10_001).unwrap_err();
    assert_eq!(
        late.status().result(),
        "ongoing",
        "a refused action changes nothing"
    );
    late.apply(&QuerniAction::Tick, 10_001).unwrap();
    assert_eq!(late.status().result(), "red wins");
}

#[test]
fn an_automatic_pass_costs_no_time_and_earns_no_increment() {
    // blue is walled in once red's 15 steps h7-h6
    let p = Position::parse("7op1/10/m1n7/kl8/Cjd1i5/bcfg6/AaBeh5 r 0").unwrap();
    let mut g = game(Some(p), Some(TC));
    let events = g.apply(&turn(Side::Red, "h7-h6"), 3_000).unwrap();
    assert_eq!(
        events.len(),
        2,
        "red's turn and blue's automatic pass: {events:?}"
    );
    assert!(g.automatic(1) && !g.automatic(0));
    assert_eq!(g.position().turn(), Side::Red);
    // red used 3 s and gained 2 s; blue's clock never ran
    assert_eq!(g.clocks(3_000), Some([10_000, 9_000]));
    assert_eq!(g.clock_running(), Some(Side::Red));
}

#[test]
fn a_takeback_rewinds_to_before_the_askers_last_turn() {
    let mut g = game(None, Some(TC));
    let start = *g.position();
    play(&mut g, 1_000); // blue
    play(&mut g, 2_000); // red
    let after_two = *g.position();
    // red asks during blue's turn: only red's turn goes
    let e = g
        .apply(&QuerniAction::OfferTakeback { side: Side::Red }, 2_500)
        .unwrap();
    assert_eq!(e, vec![QuerniEvent::TakebackOffered { side: Side::Red }]);
    assert_eq!(g.takeback_offer(), Some(Side::Red));
    assert!(
        g.apply(&QuerniAction::AcceptTakeback { side: Side::Red }, 2_600)
            .is_err(),
        "nobody grants their own takeback"
    );
    let e = g
        .apply(&QuerniAction::DeclineTakeback { side: Side::Blue }, 3_000)
        .unwrap();
    assert_eq!(e, vec![QuerniEvent::TakebackDeclined { side: Side::Blue }]);
    assert_eq!((*g.position(), g.takeback_offer()), (after_two, None));
    // blue asks during its own turn: its turn and red's reply go
    g.apply(&QuerniAction::OfferTakeback { side: Side::Blue }, 3_500)
        .unwrap();
    let e = g
        .apply(&QuerniAction::AcceptTakeback { side: Side::Red }, 4_000)
        .unwrap();
    assert_eq!(
        e,
        vec![QuerniEvent::TakenBack {
            side: Side::Blue,
            turns: 2
        }]
    );
    assert_eq!(*g.position(), start);
    assert!(g.history().is_empty());
    // blue used 1 s (+2 s) and then 2 s more while waiting; red used 1 s (+2 s)
    assert_eq!(g.clocks(4_000), Some([9_000, 11_000]));
    assert_eq!(g.clock_running(), Some(Side::Blue));
    assert!(matches!(
        g.apply(&QuerniAction::OfferTakeback { side: Side::Blue }, 4_100),
        Err(QuerniError::Takeback(_))
    ));
}

#[test]
fn a_turn_withdraws_the_takeback_asked_for_and_crossed_offers_agree() {
    let mut g = game(None, None);
    play(&mut g, 1);
    play(&mut g, 2);
    g.apply(&QuerniAction::OfferTakeback { side: Side::Red }, 3)
        .unwrap();
    play(&mut g, 4); // blue plays on instead of answering
    assert_eq!(g.takeback_offer(), None);
    g.apply(&QuerniAction::OfferTakeback { side: Side::Blue }, 5)
        .unwrap();
    let e = g
        .apply(&QuerniAction::OfferTakeback { side: Side::Red }, 6)
        .unwrap();
    assert!(
        matches!(
            e[..],
            [QuerniEvent::TakenBack {
                side: Side::Blue,
                turns: 1
            }]
        ),
        "red asking too grants blue's takeback: {e:?}"
    );
    assert_eq!(g.history().len(), 2);
}

/// As on lichess: each side's clock starts only after its first turn; until both have played
/// a side that lets its first turn wait past the limit aborts the game, with no winner.
#[test]
fn first_turns_are_free_and_a_missed_one_aborts_the_game() {
    let free = TimeControl {
        first_move_ms: Some(FIRST_MOVE_MS),
        ..TC
    };
    let mut g = game(None, Some(free));
    assert_eq!(
        (g.clock_running(), g.clocks(9_000)),
        (None, Some([10_000, 10_000]))
    );
    assert_eq!(g.next_deadline(), Some(FIRST_MOVE_MS));
    let step = a_step(&g);
    g.apply(&turn(Side::Blue, &step), 9_000).unwrap();
    assert_eq!(
        (g.clock_running(), g.clocks(20_000)),
        (None, Some([10_000, 10_000]))
    );
    assert_eq!(g.next_deadline(), Some(9_000 + FIRST_MOVE_MS));
    let mut idle = g.clone();
    let step = a_step(&g);
    g.apply(&turn(Side::Red, &step), 20_000).unwrap();
    assert_eq!(g.clock_running(), Some(Side::Blue));
    assert_eq!(g.clocks(25_000), Some([5_000, 10_000]));
    // both have played: only the flag is a deadline now
    assert_eq!(g.next_deadline(), Some(30_000));

    // red never plays its first turn: aborted at the limit, nobody wins
    idle.apply(&QuerniAction::Tick, 9_000 + FIRST_MOVE_MS - 1)
        .unwrap();
    assert!(!idle.is_over());
    let e = idle.apply(&QuerniAction::Tick, 60_000).unwrap();
    let aborted = Status::Aborted { side: Side::Red };
    assert_eq!(e, vec![QuerniEvent::Ended { status: aborted }]);
    assert_eq!(
        (idle.status(), idle.status().result()),
        (aborted, "aborted".into())
    );
    assert_eq!((idle.clock_running(), idle.next_deadline()), (None, None));
    assert_eq!(idle.clocks(99_000), Some([10_000, 10_000]));
    assert!(matches!(
        idle.apply(&QuerniAction::Resign { side: Side::Red }, 99_000),
        Err(QuerniError::Over(_))
    ));
}
