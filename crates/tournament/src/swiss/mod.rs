//! Swiss tournaments: a set number of rounds, each paired by the Dutch system ([`pairing`]), standings with Buchholz and Sonneborn-Berger
//! tie-breaks, and FIDE's tournament report file ([`trf`]).
//!
//! Points are counted in halves (a win 2, a draw 1) so that sums stay whole. A pairing-
//! allocated bye (an odd number present) is worth a win [FIDE C.04.1.c]; a round a player
//! was not there for (a late join, a withdrawal) is a zero-point bye.

pub mod pairing;
pub mod trf;

use crate::{Colour, Outcome, PlayerId};
use serde::{Deserialize, Serialize};

/// A player as the tournament starts them: the rating orders the initial ranking.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    /// Their number.
    pub player: PlayerId,
    /// Their name (for the report file).
    pub name: String,
    /// Their rating when they joined.
    pub rating: f64,
}

/// One board of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Board {
    /// A game; its outcome for the first mover once it ends.
    Game {
        /// Moves first.
        first: PlayerId,
        /// Moves second.
        second: PlayerId,
        /// The result for `first`, once known.
        outcome: Option<Outcome>,
    },
    /// The pairing-allocated bye of an odd round: a win's points.
    Bye {
        /// Who.
        player: PlayerId,
    },
    /// A round the player was not in (joined later, withdrew): no points.
    Absent {
        /// Who.
        player: PlayerId,
    },
}

/// What the rounds so far made of one player: what the pairing and the standings read.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The player.
    pub player: PlayerId,
    /// Their place in the initial ranking (from 0: the highest rating).
    pub rank: usize,
    /// Points, in halves.
    pub half_points: u32,
    /// Opponents met, in order.
    pub opponents: Vec<PlayerId>,
    /// The side of each game played, in order (byes and absences have none).
    pub colours: Vec<Colour>,
    /// Pairing-allocated byes had (at most one).
    pub byes: u32,
    /// Each round: the opponent and this player's result, or `None` for a bye or an absence
    /// (with its points: 2 for a bye, 0 for an absence).
    pub rounds: Vec<RoundResult>,
}

/// One round as one player had it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundResult {
    /// A game against `opponent` with `colour`, its result once known.
    Played {
        /// The opponent.
        opponent: PlayerId,
        /// This player's side.
        colour: Colour,
        /// This player's result, once known.
        outcome: Option<Outcome>,
    },
    /// The pairing-allocated bye.
    Bye,
    /// Not in the round.
    Absent,
}

impl Record {
    /// The colour difference: games moving first less games moving second.
    pub fn colour_difference(&self) -> i32 {
        self.colours
            .iter()
            .map(|c| if *c == Colour::First { 1 } else { -1 })
            .sum()
    }
}

/// The initial ranking: rating, highest first, then the order of joining.
pub fn initial_ranking(entrants: &[Entrant]) -> Vec<PlayerId> {
    let mut order: Vec<&Entrant> = entrants.iter().collect();
    order.sort_by(|a, b| b.rating.total_cmp(&a.rating).then(a.player.cmp(&b.player)));
    order.iter().map(|e| e.player).collect()
}

/// Each entrant's record after `rounds`, in the order of `entrants`. A player missing from a
/// round (they joined later) was absent from it.
pub fn records(entrants: &[Entrant], rounds: &[Vec<Board>]) -> Vec<Record> {
    let ranking = initial_ranking(entrants);
    let mut out: Vec<Record> = entrants
        .iter()
        .map(|e| Record {
            player: e.player,
            rank: ranking
                .iter()
                .position(|p| *p == e.player)
                .unwrap_or(usize::MAX),
            half_points: 0,
            opponents: Vec::new(),
            colours: Vec::new(),
            byes: 0,
            rounds: Vec::new(),
        })
        .collect();
    let index = |p: PlayerId, out: &[Record]| out.iter().position(|r| r.player == p);
    for boards in rounds {
        let before = out.iter().map(|r| r.rounds.len()).collect::<Vec<_>>();
        for board in boards {
            match *board {
                Board::Game {
                    first,
                    second,
                    outcome,
                } => {
                    for (me, other, colour, result) in [
                        (first, second, Colour::First, outcome),
                        (second, first, Colour::Second, outcome.map(Outcome::flipped)),
                    ] {
                        if let Some(i) = index(me, &out) {
                            let r = &mut out[i];
                            r.opponents.push(other);
                            r.colours.push(colour);
                            r.half_points += result.map_or(0, Outcome::half_points);
                            r.rounds.push(RoundResult::Played {
                                opponent: other,
                                colour,
                                outcome: result,
                            });
                        }
                    }
                }
                Board::Bye { player } => {
                    if let Some(i) = index(player, &out) {
                        out[i].byes += 1;
                        out[i].half_points += 2;
                        out[i].rounds.push(RoundResult::Bye);
                    }
                }
                Board::Absent { player } => {
                    if let Some(i) = index(player, &out) {
                        out[i].rounds.push(RoundResult::Absent);
                    }
                }
            }
        }
        // whoever the round did not name was not there
        for (r, n) in out.iter_mut().zip(before) {
            if r.rounds.len() == n {
                r.rounds.push(RoundResult::Absent);
            }
        }
    }
    out
}

/// A line of the standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// The player.
    pub player: PlayerId,
    /// Points, in halves.
    pub half_points: u32,
    /// Buchholz, in halves: the opponents' points; a round without a game counts as an
    /// opponent with the player's own points [FIDE C.07's virtual opponent, simplified].
    pub buchholz: u32,
    /// Sonneborn-Berger, in quarters: the points of the opponents beaten, and half those of
    /// the opponents drawn with.
    pub sonneborn_berger: u32,
    /// Games played (byes and absences aside).
    pub games: u32,
}

/// The standings after `rounds`: points, then Buchholz, then Sonneborn-Berger, then the
/// initial ranking.
pub fn standings(entrants: &[Entrant], rounds: &[Vec<Board>]) -> Vec<Standing> {
    let recs = records(entrants, rounds);
    let points = |p: PlayerId| {
        recs.iter()
            .find(|r| r.player == p)
            .map_or(0, |r| r.half_points)
    };
    let mut list: Vec<(usize, Standing)> = recs
        .iter()
        .map(|r| {
            let mut buchholz = 0;
            let mut sb = 0;
            let mut games = 0;
            for round in &r.rounds {
                match round {
                    RoundResult::Played {
                        opponent, outcome, ..
                    } => {
                        let theirs = points(*opponent);
                        buchholz += theirs;
                        games += 1;
                        sb += match outcome {
                            Some(Outcome::Win) => 2 * theirs,
                            Some(Outcome::Draw) => theirs,
                            _ => 0,
                        };
                    }
                    RoundResult::Bye | RoundResult::Absent => buchholz += r.half_points,
                }
            }
            (
                r.rank,
                Standing {
                    player: r.player,
                    half_points: r.half_points,
                    buchholz,
                    sonneborn_berger: sb,
                    games,
                },
            )
        })
        .collect();
    list.sort_by(|(ra, a), (rb, b)| {
        b.half_points
            .cmp(&a.half_points)
            .then(b.buchholz.cmp(&a.buchholz))
            .then(b.sonneborn_berger.cmp(&a.sonneborn_berger))
            .then(ra.cmp(rb))
    });
    list.into_iter().map(|(_, s)| s).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::{Draw, Loss, Win};

    fn entrants(n: u32) -> Vec<Entrant> {
        (0..n)
            .map(|p| Entrant {
                player: p,
                name: format!("P{p}"),
                rating: 2000.0 - f64::from(p) * 10.0,
            })
            .collect()
    }

    fn game(first: PlayerId, second: PlayerId, outcome: Outcome) -> Board {
        Board::Game {
            first,
            second,
            outcome: Some(outcome),
        }
    }

    /// Five players, three rounds, worked by hand:
    ///
    /// | round | games                      | bye |
    /// |-------|----------------------------|-----|
    /// | 1     | 0-1 1:0, 2-3 ½:½           | 4   |
    /// | 2     | 4-0 0:1, 1-2 1:0           | 3   |
    /// | 3     | 0-3 ½:½, 2-4 0:1, 1 absent | -   |
    ///
    /// Points: 0: 1+1+½ = 2½; 1: 0+1+0 = 1; 2: ½+0+0 = ½; 3: ½+1+½ = 2; 4: 1+0+1 = 2.
    /// Buchholz: 0: 1 + 2 + 2 = 5 (opponents 1, 4, 3); 1: 2½ + ½ + 1 (absent: own) = 4;
    /// 2: 2 + 1 + 2 = 5; 3: ½ + 2 (bye: own) + 2½ = 5; 4: 2 (bye: own) + 2½ + ½ = 5.
    /// Sonneborn-Berger: 0: 1 (beat 1) + 2 (beat 4) + ½·2 (drew 3) = 4; 1: ½ (beat 2);
    /// 2: ½·2 (drew 3) = 1; 3: ½·½ + ½·2½ = 1½; 4: ½ (beat 2).
    #[test]
    fn standings_and_tie_breaks_match_the_hand_worked_table() {
        let rounds = vec![
            vec![game(0, 1, Win), game(2, 3, Draw), Board::Bye { player: 4 }],
            vec![game(4, 0, Loss), game(1, 2, Win), Board::Bye { player: 3 }],
            vec![
                game(0, 3, Draw),
                game(2, 4, Loss),
                Board::Absent { player: 1 },
            ],
        ];
        let s = standings(&entrants(5), &rounds);
        let table: Vec<(PlayerId, u32, u32, u32)> = s
            .iter()
            .map(|x| (x.player, x.half_points, x.buchholz, x.sonneborn_berger))
            .collect();
        assert_eq!(
            table,
            [
                (0, 5, 10, 16),
                // 3 and 4 tie on points and Buchholz: Sonneborn-Berger puts 3 first
                (3, 4, 10, 6),
                (4, 4, 10, 2),
                (1, 2, 8, 2),
                (2, 1, 10, 4),
            ]
        );
    }

    #[test]
    fn a_player_missing_from_a_round_was_absent_from_it() {
        let rounds = vec![
            vec![game(0, 1, Win)],
            vec![game(0, 2, Win), game(1, 3, Draw)],
        ];
        let r = records(&entrants(4), &rounds);
        assert_eq!(r[2].rounds[0], RoundResult::Absent);
        assert_eq!(r[3].rounds.len(), 2);
        assert_eq!(r[0].half_points, 4);
        assert_eq!(r[0].colour_difference(), 2);
    }
}
