//! Querni positions and turns in notation.

use super::{choose, text};
use crate::Target;
use tabula_querni::Position;
use tabula_querni::turn::TurnText;

const POSITIONS: [&str; 3] = [
    "1naipkejm1/1oclgbdhf1/10/10/10/1DEIHOBAG1/1MLFCJNPK1 b 0",
    "1naipkejm1/1oclgbdhf1/10/10/10/3IHOBAG1/CML2JNPK1 r 0",
    "10/10/3abc4/10/4ABC3/10/10 b 12",
];

/// A position: parsed; one that parses is written and read back the same, and its moves and
/// removals are listed.
pub struct QuerniPosition;

impl Target for QuerniPosition {
    fn name(&self) -> &'static str {
        "querni-position"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        POSITIONS.iter().map(|p| p.as_bytes().to_vec()).collect()
    }

    fn dictionary(&self) -> &'static [&'static str] {
        &["/", "10", "1", " b ", " r ", " 29", " 30", "A", "p", "P"]
    }

    fn run(&mut self, data: &[u8]) -> Result<(), String> {
        let t = text(data);
        let Ok(p) = Position::parse(&t) else {
            return Ok(());
        };
        let written = p.to_string();
        match Position::parse(&written) {
            Ok(q) if q == p => {}
            _ => {
                return Err(format!(
                    "`{t}` reads as `{written}`, which does not read back"
                ));
            }
        }
        let mut moves = Vec::new();
        p.movements(&mut moves);
        let mut removals = Vec::new();
        p.removals(p.turn(), &mut removals);
        let _ = p.status();
        Ok(())
    }
}

/// A turn in notation, checked against one of a few positions; a legal one is played.
pub struct QuerniTurn;

impl Target for QuerniTurn {
    fn name(&self) -> &'static str {
        "querni-turn"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        [
            "\0h2-i3",
            "\0e1:c3:a1 x4-6",
            "\x01pass",
            "\x02x1-3",
            "\0c2:e4",
            "\x02e3-f4 x1-3",
        ]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect()
    }

    fn dictionary(&self) -> &'static [&'static str] {
        &["-", ":", " x", "pass", "a1", "j7", "c3", "16"]
    }

    fn run(&mut self, data: &[u8]) -> Result<(), String> {
        let (i, rest) = choose(data, POSITIONS.len());
        let p = Position::parse(POSITIONS[i]).map_err(|e| e.to_string())?;
        let t = text(rest);
        let Ok(turn) = TurnText::parse(&t) else {
            return Ok(());
        };
        let written = turn.to_string();
        if TurnText::parse(&written).map(|t| t.to_string()).as_deref() != Ok(written.as_str()) {
            return Err(format!(
                "`{t}` writes as `{written}`, which does not read back"
            ));
        }
        if let Ok(checked) = p.check(&turn) {
            let _ = p.play_unchecked(checked).to_string();
        }
        Ok(())
    }
}
