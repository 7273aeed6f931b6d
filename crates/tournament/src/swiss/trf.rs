//! FIDE's tournament report file (TRF-16, C.04 Annex 2): the players' lines (`001`) with their
//! points, rank and every round's opponent, colour and result, after the tournament's lines,
//! so that arbiters can check the pairings and the standings with their own tools.

use super::{Board, Entrant, RoundResult, records, standings};
use crate::{Colour, Outcome};
use std::fmt::Write;

/// The report's header: the tournament's name, its dates and kind.
#[derive(Clone, Debug, PartialEq)]
pub struct Header {
    /// The tournament's name (`012`).
    pub name: String,
    /// The first day, `YYYY/MM/DD` (`042`).
    pub start: String,
    /// The rounds planned (`XXR`, read by pairing programs).
    pub rounds: u32,
}

/// Points in halves as TRF writes them: `2.5`.
fn points(half: u32) -> String {
    format!("{}.{}", half / 2, if half % 2 == 1 { 5 } else { 0 })
}

/// A field's text cut or padded to `width` columns (TRF is fixed-width ASCII; other letters
/// become `?`).
fn fit(text: &str, width: usize) -> String {
    let ascii: String = text
        .chars()
        .map(|c| {
            if c.is_ascii() && !c.is_ascii_control() {
                c
            } else {
                '?'
            }
        })
        .take(width)
        .collect();
    format!("{ascii:<width$}")
}

/// The report of `entrants` after `rounds`.
pub fn report(header: &Header, entrants: &[Entrant], rounds: &[Vec<Board>]) -> String {
    let recs = records(entrants, rounds);
    let table = standings(entrants, rounds);
    // starting rank numbers: the initial ranking, from 1
    let start = |p: u32| {
        recs.iter()
            .find(|r| r.player == p)
            .map_or(0, |r| r.rank + 1)
    };
    let mut out = String::new();
    let _ = writeln!(out, "012 {}", fit(&header.name, 80).trim_end());
    let _ = writeln!(out, "042 {}", header.start);
    let _ = writeln!(out, "062 {}", entrants.len());
    let _ = writeln!(out, "092 Individual: Swiss-System (Dutch)");
    let _ = writeln!(out, "XXR {}", header.rounds);
    let mut lines: Vec<(usize, String)> = Vec::new();
    for r in &recs {
        let entrant = entrants.iter().find(|e| e.player == r.player);
        let name = entrant.map_or(String::new(), |e| e.name.clone());
        let rating = entrant
            .map_or(0, |e| e.rating.round().max(0.0) as u32)
            .min(9999);
        let place = table.iter().position(|s| s.player == r.player).unwrap_or(0) + 1;
        // columns 1-89: id, start rank, sex and title (blank), name, rating, federation and
        // FIDE id and birth date (blank), points, rank
        let mut line = format!(
            "001 {:>4}      {} {:>4} {:3} {:>11} {:10} {:>4} {:>4}",
            r.rank + 1,
            fit(&name, 33),
            rating,
            "",
            "",
            "",
            points(r.half_points),
            place
        );
        for round in &r.rounds {
            let (opponent, colour, result) = match *round {
                RoundResult::Played {
                    opponent,
                    colour,
                    outcome,
                } => (
                    start(opponent),
                    if colour == Colour::First { 'w' } else { 'b' },
                    match outcome {
                        Some(Outcome::Win) => '1',
                        Some(Outcome::Draw) => '=',
                        Some(Outcome::Loss) => '0',
                        None => ' ',
                    },
                ),
                RoundResult::Bye => (0, '-', 'U'),
                RoundResult::Absent => (0, '-', 'Z'),
            };
            // an opponent's start rank, or 0000 for a bye or a round not paired
            let opponent = if opponent == 0 {
                "0000".to_string()
            } else {
                format!("{opponent:>4}")
            };
            let _ = write!(line, "  {opponent} {colour} {result}");
        }
        lines.push((r.rank, line.trim_end().to_string()));
    }
    lines.sort();
    for (_, l) in lines {
        let _ = writeln!(out, "{l}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_players_lines_keep_trfs_columns() {
        let entrants = vec![
            Entrant {
                player: 0,
                name: "Ann".into(),
                rating: 1612.4,
            },
            Entrant {
                player: 1,
                name: "Bjørn".into(),
                rating: 1700.0,
            },
            Entrant {
                player: 2,
                name: "Cy".into(),
                rating: 1500.0,
            },
        ];
        let rounds = vec![vec![
            Board::Game {
                first: 1,
                second: 0,
                outcome: Some(Outcome::Draw),
            },
            Board::Bye { player: 2 },
        ]];
        let header = Header {
            name: "Weekly Swiss".into(),
            start: "2026/11/27".into(),
            rounds: 5,
        };
        let text = report(&header, &entrants, &rounds);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "012 Weekly Swiss");
        assert_eq!(lines[4], "XXR 5");
        // Bjørn is first by rating: start rank 1
        let bjorn = lines[5];
        assert_eq!(&bjorn[0..3], "001");
        assert_eq!(&bjorn[4..8], "   1");
        assert_eq!(bjorn[14..47].trim_end(), "Bj?rn");
        assert_eq!(&bjorn[48..52], "1700");
        assert_eq!(&bjorn[80..84], " 0.5");
        assert_eq!(&bjorn[85..89], "   2", "Cy's bye puts him first");
        assert_eq!(&bjorn[91..95], "   2");
        assert_eq!(&bjorn[96..97], "w");
        assert_eq!(&bjorn[98..99], "=");
        let cy = lines[7];
        assert_eq!(&cy[80..84], " 1.0");
        assert_eq!(&cy[91..99], "0000 - U");
    }
}
