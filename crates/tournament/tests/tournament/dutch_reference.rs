//! Swiss pairings compared with a FIDE-endorsement-grade Dutch engine's, round by round.
//!
//! The tournaments in `tests/dutch/` were written by the random tournament generator of
//! FIDE's endorsement procedure (C.04.A, A.5) as run by `caissify-pairings` 0.5.0, whose Dutch
//! engine is cross-checked against bbpPairings (a FIDE-endorsed program); each file holds a
//! whole tournament in FIDE's report format (TRF16), every round paired by that engine. The
//! command that made them is `scripts/dutch-reference.sh`. For each round after the first this
//! test gives our pairing the rounds before it and compares what it pairs with the file: the
//! same games, the same colours, the same bye.

use std::collections::BTreeSet;
use tabula_tournament::swiss::pairing::pair_round;
use tabula_tournament::swiss::{Board, Entrant};
use tabula_tournament::{Outcome, PlayerId};

/// One tournament read from its report file: players in starting order and each round's
/// boards.
struct Tournament {
    name: String,
    entrants: Vec<Entrant>,
    rounds: Vec<Vec<Board>>,
}

/// Reads the `001` player lines of a TRF16 file: the starting number in columns 5-8, the
/// rating in 49-52 and, from column 92, ten characters a round (opponent, colour, result).
fn read_trf(name: &str, text: &str) -> Tournament {
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("001")).collect();
    let n = lines.len();
    // the starting numbers are the initial ranking: ratings are made to follow them
    let entrants: Vec<Entrant> = (0..n as u32)
        .map(|p| Entrant {
            player: p,
            name: format!("P{}", p + 1),
            rating: f64::from(10_000 - p),
        })
        .collect();
    let mut rounds: Vec<Vec<Board>> = Vec::new();
    for line in &lines {
        let me: PlayerId = line[4..8].trim().parse::<u32>().expect("starting number") - 1;
        let games = line.get(91..).unwrap_or("");
        let chars: Vec<char> = games.chars().collect();
        for (round, cell) in chars.chunks(10).enumerate() {
            let cell: String = cell.iter().collect();
            if cell.trim().is_empty() {
                continue;
            }
            if rounds.len() <= round {
                rounds.resize(round + 1, Vec::new());
            }
            let opponent = cell[0..5].trim().parse::<u32>().unwrap_or(0);
            let colour = cell[5..7].trim();
            let result = cell[7..].trim();
            if opponent == 0 {
                let board = if result == "U" || result == "+" {
                    Board::Bye { player: me }
                } else {
                    Board::Absent { player: me }
                };
                rounds[round].push(board);
            } else if colour == "w" {
                let outcome = match result {
                    "1" | "+" | "W" => Outcome::Win,
                    "=" | "D" => Outcome::Draw,
                    _ => Outcome::Loss,
                };
                rounds[round].push(Board::Game {
                    first: me,
                    second: opponent - 1,
                    outcome: Some(outcome),
                });
            }
        }
    }
    Tournament {
        name: name.to_string(),
        entrants,
        rounds,
    }
}

/// A round's boards as a set: games as (first, second), byes as (player, player).
fn shape(boards: &[Board]) -> BTreeSet<(PlayerId, PlayerId)> {
    boards
        .iter()
        .filter_map(|b| match *b {
            Board::Game { first, second, .. } => Some((first, second)),
            Board::Bye { player } => Some((player, player)),
            Board::Absent { .. } => None,
        })
        .collect()
}

/// The same, colours forgotten.
fn pairs(boards: &[Board]) -> BTreeSet<(PlayerId, PlayerId)> {
    shape(boards)
        .into_iter()
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect()
}

/// The players a round of the file paired (a game or the bye).
fn present_in(round: &[Board]) -> Vec<PlayerId> {
    round
        .iter()
        .flat_map(|b| match *b {
            Board::Game { first, second, .. } => vec![first, second],
            Board::Bye { player } => vec![player],
            Board::Absent { .. } => vec![],
        })
        .collect()
}

fn tournaments() -> Vec<Tournament> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/dutch");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/dutch")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).expect("read");
            read_trf(&p.file_name().unwrap().to_string_lossy(), &text)
        })
        .collect()
}

#[test]
fn rounds_after_the_first_pair_as_the_reference_engine_does() {
    let all = tournaments();
    assert!(!all.is_empty(), "no reference tournaments");
    let (mut rounds, mut same_pairs, mut same_all) = (0, 0, 0);
    let mut differing = Vec::new();
    for t in &all {
        for k in 1..t.rounds.len() {
            let present = present_in(&t.rounds[k]);
            let ours = pair_round(&t.entrants, &t.rounds[..k], &present)
                .unwrap_or_else(|e| panic!("{} round {}: {e}", t.name, k + 1));
            rounds += 1;
            if pairs(&ours) == pairs(&t.rounds[k]) {
                same_pairs += 1;
                if shape(&ours) == shape(&t.rounds[k]) {
                    same_all += 1;
                } else {
                    differing.push(format!("{} round {} colours", t.name, k + 1));
                }
            } else {
                differing.push(format!("{} round {}", t.name, k + 1));
            }
        }
    }
    eprintln!(
        "{} tournaments, {rounds} rounds: {same_pairs} paired alike, {same_all} with the same colours too",
        all.len()
    );
    for d in &differing {
        eprintln!("differs: {d}");
    }
    // Measured: 517 of 524 rounds paired alike, every one of them with the same colours; the
    // seven others are each a tournament's last round (where the reference may also weigh
    // rules not followed here: see `swiss::pairing`).
    assert_eq!(
        same_all, same_pairs,
        "rounds paired alike with other colours: {differing:?}"
    );
    assert!(
        same_pairs * 100 >= rounds * 98,
        "only {same_pairs} of {rounds} rounds paired as the reference engine pairs them"
    );
}

/// Prints one round's records and both pairings, for a look at a difference:
/// `DUTCH_SHOW=p9-00027.trf:4 cargo test -p tabula-tournament --test tournament
/// dutch_reference::show -- --nocapture`.
#[test]
fn show() {
    let Ok(which) = std::env::var("DUTCH_SHOW") else {
        return;
    };
    let (file, round) = which.split_once(':').expect("file:round");
    let k: usize = round.parse::<usize>().expect("round") - 1;
    let t = tournaments()
        .into_iter()
        .find(|t| t.name == file)
        .expect("file");
    let present = present_in(&t.rounds[k]);
    let ours = pair_round(&t.entrants, &t.rounds[..k], &present).expect("pairing");
    let recs = tabula_tournament::swiss::records(&t.entrants, &t.rounds[..k]);
    for r in &recs {
        eprintln!(
            "{:>3} pts {:>4} colours {:?} opp {:?}",
            r.player + 1,
            f64::from(r.half_points) / 2.0,
            r.colours
                .iter()
                .map(|c| if *c == tabula_tournament::Colour::First {
                    'w'
                } else {
                    'b'
                })
                .collect::<String>(),
            r.opponents.iter().map(|o| o + 1).collect::<Vec<_>>()
        );
    }
    let show = |s: BTreeSet<(PlayerId, PlayerId)>| {
        s.iter()
            .map(|(a, b)| format!("{}-{}", a + 1, b + 1))
            .collect::<Vec<_>>()
            .join(" ")
    };
    eprintln!("ours: {}", show(shape(&ours)));
    eprintln!("ref:  {}", show(shape(&t.rounds[k])));
}
