//! Computer players against each other: one game, or a series alternating colours.

use crate::players::Player;
use crate::position::{Position, Side};
use crate::rules::Status;
use crate::search::Searcher;
use crate::turn::Turn;
use tabula_core::rng::mix;

/// How a simulated game went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The start position's seed.
    pub start_seed: u64,
    /// The final status.
    pub status: Status,
    /// Every turn played (automatic passes included, as passes).
    pub turns: Vec<Turn>,
}

/// Plays one game from the seeded start; turn `k`'s random choices come from `mix([seed, k])`.
/// A game cannot run forever: every thirty turns without a removal end it, and there are at
/// most 32 removals, so it ends within 31 * 33 turns.
pub fn play_game(blue: Player, red: Player, seed: u64, searcher: &mut Searcher) -> GameRecord {
    let start_seed = mix(&[seed, 0x51A7]);
    let mut p = Position::start(start_seed);
    let mut turns = Vec::new();
    loop {
        let status = p.status();
        if status.is_over() {
            return GameRecord {
                start_seed,
                status,
                turns,
            };
        }
        let player = if p.turn() == Side::Blue { blue } else { red };
        let turn = if p.must_pass() {
            Turn::PASS
        } else {
            player.choose(&p, mix(&[seed, turns.len() as u64]), searcher)
        };
        p = p.play_unchecked(turn);
        turns.push(turn);
    }
}

/// Results of a series from the first-named player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u32,
    /// Won by the first player.
    pub first_wins: u32,
    /// Won by the second player.
    pub second_wins: u32,
    /// Drawn.
    pub draws: u32,
}

impl Tally {
    /// Adds game `index` of a series to the tally: with `swap`, odd games had the first
    /// player on red.
    pub fn add(&mut self, index: u32, swap: bool, status: Status) {
        self.games += 1;
        let first_colour = if swap && index % 2 == 1 {
            Side::Red
        } else {
            Side::Blue
        };
        match status {
            Status::Won { winner, .. } if winner == first_colour => self.first_wins += 1,
            Status::Won { .. } => self.second_wins += 1,
            _ => self.draws += 1,
        }
    }

    /// Combines two tallies.
    pub fn merge(self, other: Tally) -> Tally {
        Tally {
            games: self.games + other.games,
            first_wins: self.first_wins + other.first_wins,
            second_wins: self.second_wins + other.second_wins,
            draws: self.draws + other.draws,
        }
    }
}

/// Game `index` of a series between `first` and `second` from `seed`: the players by colour
/// and the game's seed. With `swap`, consecutive pairs of games share a start position, so
/// each start is played once from each side.
pub fn series_game(
    first: Player,
    second: Player,
    seed: u64,
    index: u32,
    swap: bool,
) -> (Player, Player, u64) {
    let (pair, odd) = if swap {
        (index / 2, index % 2 == 1)
    } else {
        (index, false)
    };
    let game_seed = mix(&[seed, u64::from(pair)]);
    if odd {
        (second, first, game_seed)
    } else {
        (first, second, game_seed)
    }
}
