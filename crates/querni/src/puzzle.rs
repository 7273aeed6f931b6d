//! Querni puzzles from real games: a turn that wins at once, or the few turns that do not
//! lose (by stranding the mover's own pieces, or by leaving the opponent a turn that wins
//! at once) where nearly every other turn does.
//!
//! Querni has no engine scale as sharp as mate, so a puzzle here is judged exactly, over
//! every distinct turn of the position ([`crate::search::generate_turns`]): a turn is *good*
//! if it wins at once (a winning puzzle) or loses neither at once nor to any reply that wins
//! at once (a defending puzzle). A position is a puzzle when at least one turn is good and at
//! most a quarter of its turns are (at least four turns in all), so the good turn has to be
//! found; a position where passing holds is no puzzle. Any good turn solves it ([`Puzzle::judge`]); the stored turn is one of them.
//!
//! The starting rating grows with how rare the good turns are: `1000 + 800 * (1 - good /
//! turns)`, at most 1,800 [ours].

use crate::search::generate_turns;
use crate::{Position, Side, Status, Turn};

/// What a Querni puzzle asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QuerniTheme {
    /// Remove your last pieces this turn.
    WinAtOnce,
    /// Every other turn strands your own pieces.
    AvoidStranding,
    /// Every other turn lets the opponent win at once.
    Defence,
}

impl QuerniTheme {
    /// The theme's name in files, URLs and JSON.
    pub fn name(self) -> &'static str {
        match self {
            QuerniTheme::WinAtOnce => "win-at-once",
            QuerniTheme::AvoidStranding => "avoid-stranding",
            QuerniTheme::Defence => "defence",
        }
    }

    /// The theme of `name`, if it is one.
    pub fn parse(name: &str) -> Option<QuerniTheme> {
        [
            QuerniTheme::WinAtOnce,
            QuerniTheme::AvoidStranding,
            QuerniTheme::Defence,
        ]
        .into_iter()
        .find(|t| t.name() == name)
    }
}

/// A Querni puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// A short name from the position and the turn.
    pub id: String,
    /// The position the solver faces, in Tabula's notation.
    pub position: String,
    /// The turn that led to it, if known.
    pub last: Option<String>,
    /// One good turn, in Tabula's turn notation.
    pub turn: String,
    /// The starting rating.
    pub rating: u32,
    /// What it asks.
    pub themes: Vec<QuerniTheme>,
}

/// How each turn of a position fares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tally {
    turns: usize,
    wins: usize,
    strands: usize,
    loses_next: usize,
}

/// Whether `after` (the opponent to move) is won by `side`.
fn won_by(after: &Position, side: Side) -> bool {
    matches!(after.status(), Status::Won { winner, .. } if winner == side)
}

/// Whether the side to move in `pos` has a turn that wins at once.
fn wins_at_once(pos: &Position) -> bool {
    let mut turns = Vec::new();
    generate_turns(pos, &mut turns);
    let side = pos.turn();
    turns.iter().any(|(_, after)| won_by(after, side))
}

/// What happens after `turn`: +1 it wins at once, -1 it strands the mover, -2 the opponent
/// can then win at once, 0 none of these.
fn fate(pos: &Position, after: &Position) -> i8 {
    let side = pos.turn();
    if won_by(after, side) {
        1
    } else if won_by(after, side.other()) {
        -1
    } else if !after.status().is_over() && wins_at_once(after) {
        -2
    } else {
        0
    }
}

impl Puzzle {
    /// The puzzle of `pos` (reached by `last`, if known), if it is one.
    pub fn at(pos: &Position, last: Option<String>) -> Option<Puzzle> {
        if pos.status().is_over() {
            return None;
        }
        let mut turns = Vec::new();
        generate_turns(pos, &mut turns);
        let mut tally = Tally {
            turns: turns.len(),
            ..Tally::default()
        };
        let mut first_win = None;
        let mut first_safe = None;
        let mut safe_pass = false;
        for (t, after) in &turns {
            match fate(pos, after) {
                1 => {
                    tally.wins += 1;
                    first_win.get_or_insert(*t);
                }
                -1 => tally.strands += 1,
                -2 => tally.loses_next += 1,
                _ => {
                    // a pass that holds makes the puzzle no puzzle
                    safe_pass |= t.is_pass();
                    first_safe.get_or_insert(*t);
                }
            }
        }
        if tally.turns < 4 {
            return None;
        }
        let (good, turn, themes) = if tally.wins > 0 {
            (tally.wins, first_win?, vec![QuerniTheme::WinAtOnce])
        } else {
            if safe_pass {
                return None;
            }
            let safe = tally.turns - tally.strands - tally.loses_next;
            let mut themes = Vec::new();
            if tally.strands > 0 {
                themes.push(QuerniTheme::AvoidStranding);
            }
            if tally.loses_next > 0 {
                themes.push(QuerniTheme::Defence);
            }
            (safe, first_safe?, themes)
        };
        if good == 0 || good * 4 > tally.turns {
            return None;
        }
        let position = pos.to_string();
        let text = pos.describe(turn).to_string();
        let rare = 1.0 - good as f64 / tally.turns as f64;
        Some(Puzzle {
            id: tabula_core::short_id::short_id(&position, &text),
            rating: 1_000 + (800.0 * rare).round() as u32,
            position,
            last,
            turn: text,
            themes,
        })
    }

    /// Whether `turn` (Tabula's notation) solves the puzzle: `Ok(true)` for a good turn,
    /// `Ok(false)` for a legal turn that is not, `Err` for a turn that is not legal or a
    /// damaged puzzle.
    pub fn judge(&self, turn: &str) -> Result<bool, String> {
        let pos =
            Position::parse(&self.position).map_err(|e| format!("the puzzle's position: {e}"))?;
        let (_, after) = pos.play(turn).map_err(|e| e.to_string())?;
        let f = fate(&pos, &after);
        Ok(if self.themes.contains(&QuerniTheme::WinAtOnce) {
            f == 1
        } else {
            f == 0
        })
    }

    /// The puzzles of a game: the position after each turn of `turns` from `start`
    /// (duplicates within the game removed).
    pub fn mine(start: &Position, turns: &[Turn]) -> Vec<Puzzle> {
        let mut found: Vec<Puzzle> = Vec::new();
        let mut pos = *start;
        for t in turns {
            let text = pos.describe(*t).to_string();
            pos = pos.play_unchecked(*t);
            if let Some(p) = Puzzle::at(&pos, Some(text))
                && !found.iter().any(|f| f.id == p.id)
            {
                found.push(p);
            }
        }
        found
    }

    /// The puzzle's line in a puzzle file: `id  position  last  turn  rating  themes`.
    pub fn line(&self) -> String {
        let themes: Vec<&str> = self.themes.iter().map(|t| t.name()).collect();
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}",
            self.id,
            self.position,
            self.last.as_deref().unwrap_or("-"),
            self.turn,
            self.rating,
            themes.join(",")
        )
    }

    /// Reads a line written by [`Puzzle::line`] (`number` names it in the error); the turn
    /// must be legal in the position.
    pub fn parse_line(text: &str, number: usize) -> Result<Puzzle, String> {
        let err = |what: String| format!("puzzle line {number}: {what}");
        let fields: Vec<&str> = text.split('\t').collect();
        let [id, position, last, turn, rating, themes] = fields[..] else {
            return Err(err(format!("{} fields, expected 6", fields.len())));
        };
        let pos = Position::parse(position).map_err(|e| err(e.to_string()))?;
        pos.play(turn)
            .map_err(|e| err(format!("turn `{turn}`: {e}")))?;
        let themes = themes
            .split(',')
            .filter(|t| !t.is_empty())
            .map(|t| QuerniTheme::parse(t).ok_or_else(|| err(format!("unknown theme `{t}`"))))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Puzzle {
            id: id.to_string(),
            position: position.to_string(),
            last: (last != "-").then(|| last.to_string()),
            turn: turn.to_string(),
            rating: rating
                .parse()
                .map_err(|_| err(format!("rating `{rating}`")))?,
            themes,
        })
    }

    /// Reads a puzzle file (empty lines and `#` comments skipped).
    pub fn parse_set(text: &str) -> Result<Vec<Puzzle>, String> {
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|(i, l)| Puzzle::parse_line(l, i + 1))
            .collect()
    }
}

/// The starter set of Querni puzzles, mined from the computer's games by
/// `tabula engine puzzles mine --variant querni` (BENCHMARKS.md "Puzzles").
pub const STARTER: &str = include_str!("../data/puzzles.tsv");

/// The starter set, read (checked by the crate's tests).
pub fn starter() -> Vec<Puzzle> {
    Puzzle::parse_set(STARTER).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starter_set_reads_and_every_stored_turn_is_good() {
        let set = Puzzle::parse_set(STARTER).unwrap();
        for p in set.iter().take(60) {
            assert_eq!(p.judge(&p.turn), Ok(true), "{}", p.line());
            // the puzzle is found again from its position, with the same verdict
            let pos = Position::parse(&p.position).unwrap();
            let again = Puzzle::at(&pos, p.last.clone()).expect("still a puzzle");
            assert_eq!(again.themes, p.themes);
        }
        let mut ids: Vec<&str> = set.iter().map(|p| p.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), set.len(), "no duplicates");
    }

    #[test]
    fn a_line_round_trips_and_a_bad_one_is_named() {
        let pos = Position::start(7);
        let (_, after) = pos.play("e1:c3:a1 x4-6").unwrap();
        let p = Puzzle {
            id: "abc123".into(),
            position: pos.to_string(),
            last: None,
            turn: "e1:c3:a1 x4-6".into(),
            rating: 1_200,
            themes: vec![QuerniTheme::WinAtOnce],
        };
        assert_eq!(Puzzle::parse_line(&p.line(), 1), Ok(p.clone()));
        let bad = p.line().replace("e1:c3:a1", "c2:e4");
        let e = Puzzle::parse_line(&bad, 9).unwrap_err();
        assert!(e.starts_with("puzzle line 9: turn `c2:e4"), "{e}");
        // the turn is legal but does not win at once: judged not good
        assert_eq!(p.judge("e1:c3:a1 x4-6"), Ok(won_by(&after, Side::Blue)));
    }
}
