//! The worked examples of the seeds, as far as their text allows (their pictures are missing,
//! so the boards here are built to match the words).

use tabula_puzzles::Move;
use tabula_puzzles::checkmates::verify::{parse_proof, referee};
use tabula_puzzles::checkmates::{Board, CheckMatesSolver, Side, Task};
use tabula_puzzles::royal::verify::{Executor, parse_execution, referee as royal_referee};
use tabula_puzzles::royal::{Layout, Level, RoyalSolver};

/// "In this play area you can move the three-coloured token once or twice. The green and blue
/// tokens in the corners can't be moved. All the other tokens can be moved only once."
/// Empty squares b2 and c2, the joker on a2: it can step to b2 and on to c2.
#[test]
fn sliding_movement_example() {
    let board = Board::parse(Side::Sliding, "grb/j../bgr").unwrap();
    let moves: Vec<String> = board
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(moves, ["b1-b2", "c1-c2", "a2-b2", "b3-b2", "c3-c2"]);
    let after = board.play(Move::parse("a2-b2").unwrap()).unwrap();
    assert!(
        after.play(Move::parse("b2-c2").unwrap()).is_ok(),
        "the joker's second move"
    );
}

/// Andrew announces 4, Emily interrupts with 3 and proves it in two moves (green down, red
/// right); the board then meets the task turned 90 degrees to the left. Two of the four
/// constrained tokens were already in place.
#[test]
fn emilys_proof() {
    // Task (4 tokens, 2 stars); turned 90 degrees to the left it asks for green a1, red c3,
    // blue c1 and green c2.
    let task = Task::parse(Side::Sliding, "g../.../bgr").unwrap();
    assert_eq!(task.stars(), Some(2));
    // The board: the blue on c1 and the green on c2 are already in place.
    let board = Board::parse(Side::Sliding, "br./gjg/.rb").unwrap();
    let solver = CheckMatesSolver::new(Side::Sliding);
    assert_eq!(solver.distance(&board, &task), Some(2));
    let proof = parse_proof("a2-a1 b3-c3").unwrap();
    let report = referee(&board, &task, 3, &proof);
    assert!(report.success, "{report:?}");
    assert_eq!(report.moves_used, 2);
    assert_eq!(
        report.task_met_rotation,
        Some(270),
        "turned 90 degrees to the left"
    );
}

/// Royal Study level 1: "It takes four moves: knight to top-left, rook to bottom-right, king to
/// bottom-centre, queen to middle-left."
#[test]
fn royal_four_move_example() {
    let board = Layout::parse(".QR/.KN/B..").unwrap();
    let card = Layout::parse("N../Q../BKR").unwrap();
    let solver = RoyalSolver::new();
    assert_eq!(solver.distance(&board, &card), Some(4));
    let steps = parse_execution("c2-a3 c3-c1 b2-b1 b3-a2", 1).unwrap();
    let report = royal_referee(Level::One, &board, &[card], 4, Executor::Announcer, &steps);
    assert!(report.success, "{report:?}");
    assert_eq!(report.count, 4);
}
