//! Refereeing a Check Mates proof (RULES.md section 1, "Proof" and "Zero").
//!
//! The prover moves tokens one at a time with no undo and may stop at any time. The proof
//! succeeds when every move is legal, no more moves were made than announced, and the final
//! board meets the task under some rotation. An illegal move is a mistake: the proof stops
//! there and fails. Announcing 0 is the same rule with no moves: it succeeds exactly when the
//! board already meets the task.

use super::{Board, Task};
use crate::moves::Move;
use crate::proof::{IllegalStep, ProofError, split_steps};
use serde::Serialize;
use tabula_core::Symmetry;

/// The referee's report on a proof.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ProofReport {
    /// The announced number of moves.
    pub bid: u32,
    /// Legal moves made before the proof ended.
    pub moves_used: u32,
    /// The first illegal move, if any (the proof stopped there).
    pub illegal: Option<IllegalStep>,
    /// The board when the proof ended.
    pub final_board: String,
    /// Clockwise rotation in degrees under which the final board meets the task, if it does.
    pub task_met_rotation: Option<u16>,
    /// Whether the proof succeeds under the rules.
    pub success: bool,
}

/// Parses a proof: moves like `a1-a2` separated by spaces or commas.
pub fn parse_proof(text: &str) -> Result<Vec<Move>, ProofError> {
    split_steps(text)
        .map(|(index, s)| {
            Move::parse(s).map_err(|e| ProofError {
                index,
                text: s.to_string(),
                reason: e.to_string(),
            })
        })
        .collect()
}

/// Replays `moves` from `board` and judges the proof of `bid` for `task`.
///
/// ```
/// use tabula_puzzles::checkmates::verify::{parse_proof, referee};
/// use tabula_puzzles::checkmates::{Board, Side, Task};
///
/// let board = Board::parse(Side::Chess, "Rn./.Kq/QNr")?;
/// let task = Task::parse(Side::Chess, "N.w/b../..Q")?;
/// // the queen on c2 cannot pass over the king on b2: the proof stops after one move
/// let report = referee(&board, &task, 2, &parse_proof("b1-c3 c2-a2 b2-c1")?);
/// assert!(!report.success);
/// assert_eq!(report.moves_used, 1);
/// assert!(report.illegal.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn referee(board: &Board, task: &Task, bid: u32, moves: &[Move]) -> ProofReport {
    let mut current = *board;
    let mut illegal = None;
    let mut used = 0u32;
    for (i, &mv) in moves.iter().enumerate() {
        match current.play(mv) {
            Ok(next) => {
                current = next;
                used += 1;
            }
            Err(e) => {
                illegal = Some(IllegalStep {
                    index: i + 1,
                    step: mv.to_string(),
                    reason: e.to_string(),
                });
                break;
            }
        }
    }
    let met = task.met_by(&current);
    ProofReport {
        bid,
        moves_used: used,
        success: illegal.is_none() && used <= bid && met.is_some(),
        illegal,
        final_board: current.to_string(),
        task_met_rotation: met.and_then(Symmetry::degrees_clockwise),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkmates::Side;

    fn setup() -> (Board, Task) {
        // a3 b, a2 r wanted; the board has b on a3 and r one step away on b2... use a simple one
        let board = Board::parse(Side::Sliding, "bgr/.rj/.bg").unwrap();
        let task = Task::parse(Side::Sliding, "b../r../...").unwrap();
        (board, task)
    }

    #[test]
    fn a_correct_proof_within_the_bid_succeeds() {
        let (board, task) = setup();
        let moves = parse_proof("b2-a2").unwrap();
        let r = referee(&board, &task, 2, &moves);
        assert!(r.success);
        assert_eq!(r.moves_used, 1);
        assert_eq!(r.task_met_rotation, Some(0));
    }

    #[test]
    fn overrunning_the_bid_fails() {
        let (board, task) = setup();
        let moves = parse_proof("b2-a2 a2-a1 a1-a2").unwrap();
        let r = referee(&board, &task, 2, &moves);
        assert_eq!(r.moves_used, 3);
        assert!(r.task_met_rotation.is_some());
        assert!(!r.success);
    }

    #[test]
    fn an_illegal_move_stops_the_proof_and_fails() {
        let (board, task) = setup();
        let moves = parse_proof("b2-a2, a3-b3").unwrap();
        let r = referee(&board, &task, 5, &moves);
        let ill = r.illegal.clone().unwrap();
        assert_eq!(ill.index, 2);
        assert!(
            ill.reason.contains("b3 is occupied by the green token"),
            "{}",
            ill.reason
        );
        assert_eq!(r.moves_used, 1);
        assert!(
            !r.success,
            "a mistake fails even though the board meets the task"
        );
    }

    #[test]
    fn the_zero_rule() {
        let (board, task) = setup();
        assert!(!referee(&board, &task, 0, &[]).success);
        let solved = board.play(Move::parse("b2-a2").unwrap()).unwrap();
        assert!(referee(&solved, &task, 0, &[]).success);
    }

    #[test]
    fn stopping_on_a_board_that_does_not_meet_the_task_fails() {
        let (board, task) = setup();
        let r = referee(&board, &task, 3, &parse_proof("b2-a2 a2-a1").unwrap());
        assert_eq!(r.task_met_rotation, None);
        assert!(!r.success);
    }

    #[test]
    fn unreadable_proofs_name_the_step() {
        let e = parse_proof("b2-a2 a2a1").unwrap_err();
        assert_eq!(e.index, 2);
        assert!(e.to_string().starts_with("step 2 `a2a1`: "));
    }
}
