//! Refereeing a Royal Study execution (RULES.md section 2, "Match").
//!
//! The executor moves pieces and, level permitting, turns or mirrors the card(s); every step
//! counts one. A card is completed the first time the board shows its current orientation;
//! the execution is over when every card is completed, and steps written after that are not
//! counted. Unchallenged, the announcer succeeds within the announced number (count <= bid);
//! a challenger succeeds only in fewer moves than announced (count < bid).

use super::execution::Execution;
use super::{CardAction, Layout, Level, Step};
use crate::moves::Move;
use crate::proof::{IllegalStep, ProofError, split_steps};
use serde::Serialize;

/// Who executes: the player who announced, or the opponent who challenged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Executor {
    /// Succeeds with a count no greater than the announcement.
    Announcer,
    /// Succeeds only with a count smaller than the announcement.
    Challenger,
}

/// When a card was completed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Completion {
    /// The card (1 or 2).
    pub card: u8,
    /// The count (moves + actions) at which it was completed.
    pub after: u32,
    /// How the card was turned or mirrored when completed.
    pub orientation: String,
}

/// The referee's report on an execution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ExecutionReport {
    /// The announced number.
    pub bid: u32,
    /// Who executed.
    pub executor: Executor,
    /// Moves plus card actions counted.
    pub count: u32,
    /// Piece moves among them.
    pub moves: u32,
    /// Card actions among them.
    pub actions: u32,
    /// The cards completed, in order.
    pub completed: Vec<Completion>,
    /// Whether every card was completed.
    pub all_completed: bool,
    /// The first illegal step (the execution stopped there).
    pub illegal: Option<IllegalStep>,
    /// Steps written after every card was completed (not counted).
    pub unused_steps: usize,
    /// The layout when the execution ended.
    pub final_layout: String,
    /// Whether the executor succeeds.
    pub success: bool,
}

/// Parses an execution: moves `a1-b2` and actions `turn+`, `turn-`, `mirror-lr`,
/// `mirror-tb`; with two cards each action names its card (`1:turn+`, `2:mirror-lr`).
pub fn parse_execution(text: &str, cards: u8) -> Result<Vec<Step>, ProofError> {
    split_steps(text)
        .map(|(index, s)| {
            let err = |reason: String| ProofError {
                index,
                text: s.to_string(),
                reason,
            };
            let (card, rest) = match s.split_once(':') {
                Some((c, rest)) => match c {
                    "1" => (Some(1u8), rest),
                    "2" if cards == 2 => (Some(2), rest),
                    "2" => return Err(err("there is no card 2 (no second card was given)".into())),
                    _ => return Err(err(format!("`{c}` is not a card number: use 1 or 2"))),
                },
                None => (None, s),
            };
            if let Some(action) = CardAction::parse(rest) {
                if cards == 2 && card.is_none() {
                    return Err(err(format!(
                        "with two cards an action names its card: 1:{action} or 2:{action}"
                    )));
                }
                return Ok(Step::Action {
                    card: if cards == 2 { card } else { None },
                    action,
                });
            }
            if card.is_some() {
                return Err(err(format!(
                    "`{rest}` is not a card action: use turn+, turn-, mirror-lr or mirror-tb"
                )));
            }
            Move::parse(s).map(Step::Move).map_err(|e| {
                err(format!(
                    "{e} (a step is a move like a1-b2 or a card action: turn+, turn-, mirror-lr, mirror-tb)"
                ))
            })
        })
        .collect()
}

/// Replays `steps` from `board` towards `cards` (one or two) at `level` and judges the
/// execution of `bid` by `executor`.
///
/// ```
/// use tabula_puzzles::royal::verify::{Executor, parse_execution, referee};
/// use tabula_puzzles::royal::{Layout, Level};
///
/// let board = Layout::parse("K.N/.Q./R.B")?;
/// let card = Layout::parse(".QN/K../B.R")?;
/// let steps = parse_execution("b2-b3 c1-b2 a1-c1 b2-a1 a3-a2", 1)?;
/// // the announcer completes the card within the 5 announced: the point is theirs
/// let r = referee(Level::Two, &board, &[card], 5, Executor::Announcer, &steps);
/// assert!(r.success && r.all_completed);
/// // a challenger must do strictly better than the announcement
/// let r = referee(Level::Two, &board, &[card], 5, Executor::Challenger, &steps);
/// assert!(!r.success);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn referee(
    level: Level,
    board: &Layout,
    cards: &[Layout],
    bid: u32,
    executor: Executor,
    steps: &[Step],
) -> ExecutionReport {
    let mut run = Execution::new(level, *board, cards.to_vec());
    let mut illegal = None;
    let mut unused = 0;
    for (i, step) in steps.iter().enumerate() {
        if run.all_completed() {
            unused = steps.len() - i;
            break;
        }
        if let Err(e) = run.step(*step) {
            illegal = Some(IllegalStep {
                index: i + 1,
                step: step.to_string(),
                reason: e.to_string(),
            });
            break;
        }
    }
    let mut completed: Vec<Completion> = run
        .completed()
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            c.map(|after| Completion {
                card: i as u8 + 1,
                after,
                orientation: run.orientations()[i].describe().to_string(),
            })
        })
        .collect();
    completed.sort_by_key(|c| (c.after, c.card));
    let count = run.count();
    let within = match executor {
        Executor::Announcer => count <= bid,
        Executor::Challenger => count < bid,
    };
    ExecutionReport {
        bid,
        executor,
        count,
        moves: run.moves(),
        actions: run.actions(),
        completed,
        all_completed: run.all_completed(),
        success: illegal.is_none() && run.all_completed() && within,
        illegal,
        unused_steps: unused,
        final_layout: run.layout().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::Symmetry;

    fn l(s: &str) -> Layout {
        Layout::parse(s).unwrap()
    }

    #[test]
    fn announcer_within_and_challenger_strictly_fewer() {
        let board = l("K.N/.Q./R.B");
        let card = l(".KN/.Q./R.B");
        let steps = parse_execution("a3-b3", 1).unwrap();
        let r = referee(Level::One, &board, &[card], 1, Executor::Announcer, &steps);
        assert!(r.success && r.count == 1 && r.all_completed);
        let r = referee(Level::One, &board, &[card], 1, Executor::Challenger, &steps);
        assert!(!r.success, "a challenger must beat the announcement");
        let r = referee(Level::One, &board, &[card], 2, Executor::Challenger, &steps);
        assert!(r.success);
    }

    #[test]
    fn card_actions_need_their_level_and_count_as_moves() {
        let board = l("K.N/.Q./R.B");
        let card = board.transformed(Symmetry::Rotate270); // turning it clockwise once matches
        let steps = parse_execution("turn+", 1).unwrap();
        let r = referee(Level::Two, &board, &[card], 1, Executor::Announcer, &steps);
        assert!(r.success, "{r:?}");
        assert_eq!((r.count, r.actions, r.moves), (1, 1, 0));
        let r = referee(Level::One, &board, &[card], 5, Executor::Announcer, &steps);
        assert!(!r.success);
        assert_eq!(
            r.illegal.unwrap().reason,
            "turn+ is allowed from level 2 on; this is level 1"
        );
        let mirror = board.transformed(Symmetry::MirrorLeftRight);
        let steps = parse_execution("mirror-lr", 1).unwrap();
        assert!(
            !referee(
                Level::Two,
                &board,
                &[mirror],
                1,
                Executor::Announcer,
                &steps
            )
            .success
        );
        assert!(
            referee(
                Level::Three,
                &board,
                &[mirror],
                1,
                Executor::Announcer,
                &steps
            )
            .success
        );
    }

    #[test]
    fn two_cards_in_the_executors_order() {
        let board = l("K.N/.Q./R.B");
        let a = l(".KN/.Q./R.B"); // king a3-b3
        let b = l(".KN/Q../R.B"); // then queen b2-a2
        // completing b first is impossible without passing a; list them as card 1 = b, card 2 = a
        let steps = parse_execution("a3-b3 b2-a2", 2).unwrap();
        let r = referee(Level::One, &board, &[b, a], 2, Executor::Announcer, &steps);
        assert!(r.success, "{r:?}");
        assert_eq!(
            r.completed.iter().map(|c| c.card).collect::<Vec<_>>(),
            vec![2, 1]
        );
        // actions must name a card
        assert!(parse_execution("turn+", 2).is_err());
        assert!(parse_execution("2:turn+", 1).is_err());
        assert!(matches!(
            parse_execution("1:turn+", 2).unwrap()[0],
            Step::Action { card: Some(1), .. }
        ));
    }

    #[test]
    fn illegal_moves_and_extra_steps() {
        let board = l("K.N/.Q./R.B");
        let card = l(".KN/.Q./R.B");
        let steps = parse_execution("a3-c1", 1).unwrap();
        let r = referee(Level::One, &board, &[card], 3, Executor::Announcer, &steps);
        assert!(!r.success);
        assert!(r.illegal.unwrap().reason.contains("occupied by the bishop"));
        let steps = parse_execution("a3-b3 b3-a3", 1).unwrap();
        let r = referee(Level::One, &board, &[card], 3, Executor::Announcer, &steps);
        assert!(r.success);
        assert_eq!((r.count, r.unused_steps), (1, 1));
        let e = parse_execution("a3-b3 spin", 1).unwrap_err();
        assert_eq!(e.index, 2);
    }
}
