//! Check Mates boards and tasks, Royal Study layouts (cards).

use super::{choose, text};
use crate::Target;
use tabula_puzzles::checkmates::{Board, Side, Task};
use tabula_puzzles::royal::Layout;

const SIDES: [Side; 2] = [Side::Sliding, Side::Chess];

/// A Check Mates board: parsed; one that parses writes itself back the same, and its moves are
/// listed.
pub struct CheckMatesBoard;

impl Target for CheckMatesBoard {
    fn name(&self) -> &'static str {
        "checkmates-board"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        vec![b"\0bgr/.j./rbg".to_vec(), b"\x01RnQ/.K./qNr".to_vec()]
    }

    fn dictionary(&self) -> &'static [&'static str] {
        &["/", ".", "b", "r", "g", "j", "K", "q", "N"]
    }

    fn run(&mut self, data: &[u8]) -> Result<(), String> {
        let (i, rest) = choose(data, 2);
        let t = text(rest);
        let Ok(b) = Board::parse(SIDES[i], &t) else {
            return Ok(());
        };
        let written = b.to_string();
        if Board::parse(SIDES[i], &written).ok() != Some(b) {
            return Err(format!(
                "`{t}` writes as `{written}`, which does not read back"
            ));
        }
        let _ = b.legal_moves();
        Ok(())
    }
}

/// A Check Mates task: parsed; one that parses writes itself back the same.
pub struct CheckMatesTask;

impl Target for CheckMatesTask {
    fn name(&self) -> &'static str {
        "checkmates-task"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        vec![b"\0b../r../...".to_vec(), b"\x01R.w/.b./Q.b".to_vec()]
    }

    fn dictionary(&self) -> &'static [&'static str] {
        &["/", ".", "b", "r", "g", "w", "R", "Q", "N"]
    }

    fn run(&mut self, data: &[u8]) -> Result<(), String> {
        let (i, rest) = choose(data, 2);
        let t = text(rest);
        let Ok(task) = Task::parse(SIDES[i], &t) else {
            return Ok(());
        };
        let written = task.to_string();
        if Task::parse(SIDES[i], &written).ok() != Some(task) {
            return Err(format!(
                "`{t}` writes as `{written}`, which does not read back"
            ));
        }
        Ok(())
    }
}

/// A Royal Study layout (a card or a board): parsed; one that parses writes itself back the
/// same, and its moves are listed.
pub struct RoyalLayout;

impl Target for RoyalLayout {
    fn name(&self) -> &'static str {
        "royal-layout"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        vec![b"K.N/.Q./R.B".to_vec(), b".QN/K../B.R".to_vec()]
    }

    fn dictionary(&self) -> &'static [&'static str] {
        &["/", ".", "K", "Q", "R", "B", "N"]
    }

    fn run(&mut self, data: &[u8]) -> Result<(), String> {
        let t = text(data);
        let Ok(l) = Layout::parse(&t) else {
            return Ok(());
        };
        let written = l.to_string();
        if Layout::parse(&written).ok() != Some(l) {
            return Err(format!(
                "`{t}` writes as `{written}`, which does not read back"
            ));
        }
        let _ = l.legal_moves();
        Ok(())
    }
}
