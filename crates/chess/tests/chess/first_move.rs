//! Free first moves, as on lichess: each side's clock starts only after that side's first
//! move, and a side that does not make it within the limit aborts the game (no result).

use tabula_chess::{ChessAction, ChessConfig, ChessError, ChessEvent, ChessGame, Color};
use tabula_core::Game;
use tabula_core::clock::{FIRST_MOVE_MS, TimeControl};

const TC: TimeControl = TimeControl {
    base_ms: 60_000,
    increment_ms: 2_000,
    first_move_ms: Some(FIRST_MOVE_MS),
    per_move: false,
};

fn game(variant: &str) -> ChessGame {
    let config = ChessConfig {
        variant: variant.into(),
        fen: None,
        clock: Some(TC),
    };
    ChessGame::start(config, 7, 1_000).unwrap().0
}

fn mv(player: Color, uci: &str) -> ChessAction {
    ChessAction::Move {
        player,
        uci: uci.into(),
    }
}

#[test]
fn each_clock_starts_only_after_its_sides_first_move() {
    let mut g = game("quickchess");
    assert_eq!(g.clock_running(), None);
    assert_eq!(g.clocks(20_000), Some([60_000, 60_000]));
    assert_eq!(g.next_deadline(), Some(1_000 + FIRST_MOVE_MS));
    g.apply(&mv(Color::White, "b2b3"), 20_000).unwrap();
    // white's first move was free and black has not moved yet: no clock runs
    assert_eq!(g.clock_running(), None);
    assert_eq!(g.clocks(40_000), Some([60_000, 60_000]));
    assert_eq!(g.next_deadline(), Some(20_000 + FIRST_MOVE_MS));
    g.apply(&mv(Color::Black, "b5b4"), 40_000).unwrap();
    // now white's clock runs; black's is full
    assert_eq!(g.clock_running(), Some(Color::White));
    assert_eq!(g.clocks(45_000), Some([55_000, 60_000]));
    g.apply(&mv(Color::White, "c2c3"), 45_000).unwrap();
    assert_eq!(g.clock_running(), Some(Color::Black));
    assert_eq!(g.clocks(46_000), Some([57_000, 59_000]));
    // once both have moved only the flag is a deadline, however long a side thinks
    assert_eq!(g.next_deadline(), Some(45_000 + 60_000));
    g.apply(&ChessAction::Tick, 45_000 + FIRST_MOVE_MS + 1)
        .unwrap();
    assert!(!g.is_over());
}

#[test]
fn a_first_move_not_made_in_time_aborts_the_game_without_a_result() {
    // white never moves
    let mut g = game("quickchess");
    g.apply(&ChessAction::Tick, FIRST_MOVE_MS).unwrap();
    assert!(!g.is_over());
    let e = g.apply(&ChessAction::Tick, 1_000 + FIRST_MOVE_MS).unwrap();
    assert!(g.is_over());
    assert_eq!(
        (g.aborted(), g.outcome(), g.flagged()),
        (Some(Color::White), None, None)
    );
    assert_eq!(
        e,
        vec![ChessEvent::GameOver {
            outcome: "aborted: white made no first move".into(),
            result: "*".into()
        }]
    );
    assert_eq!((g.clock_running(), g.next_deadline()), (None, None));
    assert_eq!(
        g.apply(&mv(Color::White, "b2b3"), 40_000),
        Err(ChessError::Over)
    );
    // black never answers: a late move finds the game aborted at the limit
    let mut g = game("chess");
    g.apply(&mv(Color::White, "e2e4"), 5_000).unwrap();
    assert_eq!(
        g.apply(&mv(Color::Black, "e7e5"), 5_000 + FIRST_MOVE_MS),
        Err(ChessError::Over)
    );
    assert_eq!(g.aborted(), None, "a refused action changes nothing");
    g.apply(&ChessAction::Tick, 5_000 + FIRST_MOVE_MS).unwrap();
    assert_eq!((g.aborted(), g.outcome()), (Some(Color::Black), None));
    assert_eq!(g.clocks(99_000), Some([60_000, 60_000]));
}

#[test]
fn a_blind_game_waits_for_the_first_move_from_the_reveal() {
    let mut g = game("blind");
    assert_eq!(g.next_deadline(), None);
    let pieces = [('R', 'a'), ('B', 'b'), ('K', 'c'), ('Q', 'd'), ('N', 'e')];
    let mut now = 1_000;
    for (player, back, front) in [(Color::White, '1', '2'), (Color::Black, '6', '5')] {
        for (i, (role, file)) in pieces.iter().enumerate() {
            now += 1_000;
            let pawn_file = (b'a' + i as u8) as char;
            for (role, square) in [
                (*role, format!("{file}{back}")),
                ('P', format!("{pawn_file}{front}")),
            ] {
                g.apply(
                    &ChessAction::Place {
                        player,
                        role,
                        square,
                    },
                    now,
                )
                .unwrap();
            }
        }
    }
    assert!(g.setup().is_none());
    assert_eq!(g.clock_running(), None);
    assert_eq!(g.next_deadline(), Some(now + FIRST_MOVE_MS));
}
