//! A Swiss round's pairing by score groups, under the Dutch system's absolute rules (FIDE
//! C.04.1 and C.04.3): no two players meet twice; nobody gets a second pairing-allocated bye;
//! no colour difference beyond ±2 and no three games in a row with one colour (two players who
//! both must have the same colour do not meet); everyone present is paired.
//!
//! Within those rules the pairing follows the Dutch order: players in order of points, then
//! initial ranking; each score group's top half meets its bottom half in order (the first of
//! the top half the first of the bottom half, and so on); a player who cannot be paired in
//! their group floats down to the next; the bye goes to the lowest-placed player who has not had
//! one. When the first choice breaks a rule, the search tries the next in that order and goes
//! back as far as needed (a depth-first search over these choices), so the first pairing found
//! is the one nearest the Dutch order. [ours] The Dutch system's finer quality criteria (the
//! least number of floaters, colour preferences over floats, and the exact order of its
//! exchanges) are not weighed beyond this order.

use super::{Board, Entrant, Record, records};
use crate::{Colour, PlayerId};

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

/// How much a player wants a colour, by the Dutch rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    None,
    Mild,
    Strong,
    Absolute,
}

fn preference(r: &Record) -> (Strength, Option<Colour>) {
    let cd = r.colour_difference();
    let last_two_same = r.colours.len() >= 2 && {
        let n = r.colours.len();
        r.colours[n - 1] == r.colours[n - 2]
    };
    let last = r.colours.last().copied();
    if cd > 1 || (last_two_same && last == Some(Colour::First)) {
        (Strength::Absolute, Some(Colour::Second))
    } else if cd < -1 || (last_two_same && last == Some(Colour::Second)) {
        (Strength::Absolute, Some(Colour::First))
    } else if cd == 1 {
        (Strength::Strong, Some(Colour::Second))
    } else if cd == -1 {
        (Strength::Strong, Some(Colour::First))
    } else if let Some(c) = last {
        (Strength::Mild, Some(c.other()))
    } else {
        (Strength::None, None)
    }
}

/// Whether `a` and `b` may meet: never before, and not both bound to the same colour.
fn compatible(a: &Record, b: &Record) -> bool {
    if a.opponents.contains(&b.player) {
        return false;
    }
    let (pa, ca) = preference(a);
    let (pb, cb) = preference(b);
    !(pa == Strength::Absolute && pb == Strength::Absolute && ca == cb)
}

/// Who of a pair (`a` placed above `b`) moves first, by the Dutch colour rules: the stronger
/// preference is granted; equal ones that differ are both granted; equal ones for the same
/// colour go by the latest round in which the two had different colours (each gets the other
/// of what they had then), else to the higher placed. Without preferences (the first round),
/// the higher placed moves first on odd boards and second on even ones.
fn first_of(a: &Record, b: &Record, board: usize) -> bool {
    let (pa, ca) = preference(a);
    let (pb, cb) = preference(b);
    match (ca, cb) {
        (None, None) => board.is_multiple_of(2),
        (Some(c), None) => c == Colour::First,
        (None, Some(c)) => c == Colour::Second,
        (Some(x), Some(y)) if x != y => x == Colour::First,
        (Some(x), Some(_)) => {
            if pa != pb {
                return (pa > pb) == (x == Colour::First);
            }
            // the latest round in which they had different colours
            let (na, nb) = (a.colours.len(), b.colours.len());
            for k in 1..=na.min(nb) {
                let (x, y) = (a.colours[na - k], b.colours[nb - k]);
                if x != y {
                    return x == Colour::Second;
                }
            }
            x == Colour::First
        }
    }
}

/// The bound on the search's steps.
const MAX_STEPS: u64 = 2_000_000;

struct Search<'a> {
    players: Vec<&'a Record>,
    steps: u64,
}

impl Search<'_> {
    /// Pairs `left` (indices into `players`, in Dutch order) completely, or says it cannot.
    fn pair(&mut self, left: &[usize]) -> Result<Option<Vec<(usize, usize)>>, PairingError> {
        let Some((&top, rest)) = left.split_first() else {
            return Ok(Some(Vec::new()));
        };
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return Err(PairingError::TooHard);
        }
        let me = self.players[top];
        // my score group as it stands (me first), and the players below it
        let group: Vec<usize> = std::iter::once(top)
            .chain(
                rest.iter()
                    .copied()
                    .filter(|&i| self.players[i].half_points == me.half_points),
            )
            .collect();
        let half = group.len() / 2;
        let below = rest
            .iter()
            .copied()
            .filter(|&i| self.players[i].half_points != me.half_points);
        // the bottom half in order, then the rest of the top half from its lowest, then below
        let candidates: Vec<usize> = group[half.max(1)..]
            .iter()
            .copied()
            .chain(group[1..half.max(1)].iter().rev().copied())
            .chain(below)
            .collect();
        for other in candidates {
            if !compatible(me, self.players[other]) {
                continue;
            }
            let remaining: Vec<usize> = rest.iter().copied().filter(|&i| i != other).collect();
            if let Some(mut pairs) = self.pair(&remaining)? {
                pairs.insert(0, (top, other));
                return Ok(Some(pairs));
            }
        }
        Ok(None)
    }
}

/// The next round's boards for the players `present`, after `rounds`; every entrant not
/// present is absent. Boards in order: the highest-placed pairs first, the bye last.
pub fn pair_round(
    entrants: &[Entrant],
    rounds: &[Vec<Board>],
    present: &[PlayerId],
) -> Result<Vec<Board>, PairingError> {
    let recs = records(entrants, rounds);
    let mut here: Vec<&Record> = recs
        .iter()
        .filter(|r| present.contains(&r.player))
        .collect();
    here.sort_by(|a, b| b.half_points.cmp(&a.half_points).then(a.rank.cmp(&b.rank)));
    let absent = recs
        .iter()
        .filter(|r| !present.contains(&r.player))
        .map(|r| Board::Absent { player: r.player });
    let mut search = Search {
        players: here.clone(),
        steps: 0,
    };
    let all: Vec<usize> = (0..here.len()).collect();
    // an odd number present: the bye to the lowest placed who has had none, if the others
    // can then be paired (else the next lowest)
    let bye_choices: Vec<Option<usize>> = if here.len().is_multiple_of(2) {
        vec![None]
    } else {
        all.iter()
            .rev()
            .filter(|&&i| here[i].byes == 0)
            .map(|&i| Some(i))
            .collect()
    };
    for bye in bye_choices {
        let left: Vec<usize> = all.iter().copied().filter(|&i| Some(i) != bye).collect();
        if let Some(pairs) = search.pair(&left)? {
            let mut boards: Vec<Board> = pairs
                .iter()
                .enumerate()
                .map(|(n, &(a, b))| {
                    let (ra, rb) = (here[a], here[b]);
                    if first_of(ra, rb, n) {
                        Board::Game {
                            first: ra.player,
                            second: rb.player,
                            outcome: None,
                        }
                    } else {
                        Board::Game {
                            first: rb.player,
                            second: ra.player,
                            outcome: None,
                        }
                    }
                })
                .collect();
            boards.extend(bye.map(|i| Board::Bye {
                player: here[i].player,
            }));
            boards.extend(absent);
            return Ok(boards);
        }
    }
    Err(PairingError::Impossible {
        present: here.len(),
    })
}
