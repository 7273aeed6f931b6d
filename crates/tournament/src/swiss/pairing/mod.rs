//! A Swiss round's pairing by the Dutch system (FIDE C.04.1 and C.04.3).
//!
//! The absolute rules always hold: no two players meet twice; nobody gets a second
//! pairing-allocated bye; no colour difference beyond ±2 and no three games in a row with one
//! colour (two players who both must have the same colour do not meet); everyone present is
//! paired, the bye aside.
//!
//! Within them the round is paired bracket by bracket from the top score (`bracket.rs`): the
//! players moved down from above and the residents of a score group; each bracket's
//! candidates are generated in the Dutch order (the moved-down players first, then the rest:
//! S1 against S2, the transpositions of S2, then the exchanges between S1 and S2) and the
//! first best by the quality criteria is taken: the rest of the round stays pairable
//! (completion); the most pairs; the smallest score differences; the floaters that let the
//! next bracket pair best (`lookahead.rs`); the fewest colour preferences unmet, then strong
//! ones; the fewest repeated floats (down, then up; the previous round, then the one before).
//! The bye goes to the fewest points with which the round can be completed. The colours follow
//! the allocation rules (`colours.rs`).
//!
//! [ours] Not weighed: the topscorers' exceptions of the last round (the colour rules stay
//! absolute) and the score differences of repeated floaters; a bracket's search stops after a
//! bound of steps with the best candidate found (far above what a tournament here needs).
//! `tests/tournament/dutch_reference.rs` compares the result with a reference engine's, round by
//! round.

mod bracket;
mod colours;
mod complete;

use super::{Board, Entrant, Record, RoundResult, records};
use crate::PlayerId;

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairingError {
    /// No pairing of the players present keeps the absolute rules (too many rounds for so
    /// few players).
    Impossible {
        /// How many were present.
        present: usize,
    },
    /// The search gave up after its bound of steps (a tournament far larger than any here).
    TooHard,
}

impl std::fmt::Display for PairingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PairingError::Impossible { present } => write!(
                f,
                "the {present} players present cannot be paired without a rematch, a second \
                 bye or a colour rule broken"
            ),
            PairingError::TooHard => write!(f, "the pairing search gave up"),
        }
    }
}

impl std::error::Error for PairingError {}

/// The bound on the fallback search's steps.
const MAX_STEPS: u64 = 2_000_000;

/// A float a player had in a round: played a lower-scored opponent or had the bye (down), or
/// played a higher-scored one (up).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Float {
    None,
    Down,
    Up,
}

/// The players present, in pairing order (points, then initial ranking), with what the
/// brackets weigh: who may meet whom, and each player's floats in the last two rounds.
struct Field<'a> {
    players: Vec<&'a Record>,
    /// Row-major: whether two players may meet under the absolute rules.
    meet: Vec<bool>,
    /// Each player's float in the previous round and in the round before it.
    floats: Vec<[Float; 2]>,
    /// Each player's colour preference.
    prefs: Vec<(colours::Strength, Option<crate::Colour>)>,
    /// The most points the bye may go to: the fewest with which the round can be completed.
    bye_points: u32,
}

impl<'a> Field<'a> {
    fn new(all: &'a [Record], present: &[PlayerId]) -> Field<'a> {
        let mut players: Vec<&Record> =
            all.iter().filter(|r| present.contains(&r.player)).collect();
        players.sort_by(|a, b| b.half_points.cmp(&a.half_points).then(a.rank.cmp(&b.rank)));
        let n = players.len();
        let mut meet = vec![false; n * n];
        for i in 0..n {
            for j in 0..n {
                meet[i * n + j] = i != j && colours::compatible(players[i], players[j]);
            }
        }
        let floats = players.iter().map(|r| floats_of(r, all)).collect();
        let prefs = players.iter().map(|r| colours::preference(r)).collect();
        Field {
            players,
            meet,
            floats,
            prefs,
            bye_points: u32::MAX,
        }
    }

    fn len(&self) -> usize {
        self.players.len()
    }

    fn score(&self, i: usize) -> u32 {
        self.players[i].half_points
    }

    fn may_meet(&self, i: usize, j: usize) -> bool {
        self.meet[i * self.len() + j]
    }

    fn bye_allowed(&self, i: usize) -> bool {
        self.players[i].byes == 0 && self.players[i].half_points <= self.bye_points
    }
}

/// A player's floats in the last round and the one before, from the points everyone had
/// before each round.
fn floats_of(r: &Record, all: &[Record]) -> [Float; 2] {
    let points_before = |who: PlayerId, round: usize| -> u32 {
        all.iter().find(|x| x.player == who).map_or(0, |x| {
            x.rounds[..round]
                .iter()
                .map(|rr| match rr {
                    RoundResult::Played { outcome, .. } => outcome.map_or(0, |o| o.half_points()),
                    RoundResult::Bye => 2,
                    RoundResult::Absent => 0,
                })
                .sum()
        })
    };
    let float_in = |round: usize| -> Float {
        match r.rounds[round] {
            RoundResult::Bye => Float::Down,
            RoundResult::Absent => Float::None,
            RoundResult::Played { opponent, .. } => {
                let (mine, theirs) = (
                    points_before(r.player, round),
                    points_before(opponent, round),
                );
                match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => Float::Down,
                    std::cmp::Ordering::Less => Float::Up,
                    std::cmp::Ordering::Equal => Float::None,
                }
            }
        }
    };
    let n = r.rounds.len();
    [
        if n >= 1 { float_in(n - 1) } else { Float::None },
        if n >= 2 { float_in(n - 2) } else { Float::None },
    ]
}

/// The next round's boards for the players `present`, after `rounds`; every entrant not
/// present is absent. Boards in order: the highest-placed pairs first, the bye last.
pub fn pair_round(
    entrants: &[Entrant],
    rounds: &[Vec<Board>],
    present: &[PlayerId],
) -> Result<Vec<Board>, PairingError> {
    let recs = records(entrants, rounds);
    let mut field = Field::new(&recs, present);
    let everyone: Vec<usize> = (0..field.len()).collect();
    let Some(fallback) = complete::pair_all(&field, &everyone, MAX_STEPS)? else {
        return Err(PairingError::Impossible {
            present: field.len(),
        });
    };
    // the bye goes to the fewest points that still let the round be completed (the plain
    // search tries the lowest placed first, so its bye has them)
    if let Some(bye) = fallback.1 {
        field.bye_points = field.score(bye);
    }
    let (pairs, bye) = bracket::pair_by_brackets(&field).unwrap_or(fallback);
    let mut pairs = pairs;
    pairs.sort_by_key(|&(a, b)| a.min(b));
    let mut boards: Vec<Board> = pairs
        .iter()
        .map(|&(a, b)| {
            let (high, low) = (a.min(b), a.max(b));
            let (ra, rb) = (field.players[high], field.players[low]);
            let (first, second) = if colours::first_of(ra, rb) {
                (ra.player, rb.player)
            } else {
                (rb.player, ra.player)
            };
            Board::Game {
                first,
                second,
                outcome: None,
            }
        })
        .collect();
    boards.extend(bye.map(|i| Board::Bye {
        player: field.players[i].player,
    }));
    boards.extend(
        recs.iter()
            .filter(|r| !present.contains(&r.player))
            .map(|r| Board::Absent { player: r.player }),
    );
    Ok(boards)
}
