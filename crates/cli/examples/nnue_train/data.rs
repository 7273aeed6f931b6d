//! The training positions in memory: each position's inputs from the side to move's view, its
//! labels, and the split into training and held-out positions.

use anyhow::Context as _;
use tabula::engine::nnue_data::{count, decode};
use tabula_chess::engine::nnue::{INPUTS, SQUARES, feature};
use tabula_chess::{Color, Role};

/// Positions with their inputs, one after another.
#[derive(Default)]
pub struct Samples {
    /// The side to move's inputs of every position, concatenated.
    pub features: Vec<u16>,
    /// Where each position's inputs start in `features` (one more entry than positions).
    pub offsets: Vec<u32>,
    /// The search's score, centipawns for the side to move.
    pub score: Vec<f32>,
    /// The game's result for the side to move: 0, 0.5 or 1.
    pub result: Vec<f32>,
    /// Whether Black was to move (to rebuild the board for the quantisation check).
    pub black: Vec<bool>,
}

impl Samples {
    /// The number of positions.
    pub fn len(&self) -> usize {
        self.score.len()
    }

    /// The side to move's inputs of position `i`.
    pub fn ours(&self, i: usize) -> &[u16] {
        &self.features[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    fn push(&mut self, features: impl Iterator<Item = u16>, score: f32, result: f32, black: bool) {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        self.features.extend(features);
        self.offsets.push(self.features.len() as u32);
        self.score.push(score);
        self.result.push(result);
        self.black.push(black);
    }

    /// The board of position `i` as (square, colour, role), from its inputs.
    pub fn pieces(&self, i: usize) -> Vec<(u8, Color, Role)> {
        let turn = if self.black[i] {
            Color::Black
        } else {
            Color::White
        };
        self.ours(i)
            .iter()
            .map(|&f| {
                let f = usize::from(f);
                let (kind, at) = (f / SQUARES, f % SQUARES);
                let color = if kind >= 6 { !turn } else { turn };
                let role = Role::ALL[kind % 6];
                // the view is mirrored for Black; mirroring twice gives the square back
                let sq = tabula_chess::engine::nnue::oriented(turn, at as u8) as u8;
                (sq, color, role)
            })
            .collect()
    }
}

impl Samples {
    /// Position `i` as a FEN (castling, en passant and the clocks left out: the network does
    /// not see them).
    pub fn fen(&self, i: usize) -> String {
        let mut board = [None; SQUARES];
        for (sq, color, role) in self.pieces(i) {
            board[usize::from(sq)] = Some(tabula_chess::Piece { color, role });
        }
        let ranks: Vec<String> = (0..6)
            .rev()
            .map(|rank| {
                let mut text = String::new();
                let mut empty = 0;
                for file in 0..5 {
                    match board[rank * 5 + file] {
                        Some(p) => {
                            if empty > 0 {
                                text.push_str(&empty.to_string());
                                empty = 0;
                            }
                            text.push(p.char());
                        }
                        None => empty += 1,
                    }
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                }
                text
            })
            .collect();
        let side = if self.black[i] { "b" } else { "w" };
        format!("{} {side} - - 0 1", ranks.join("/"))
    }
}

/// For each input of the side to move's view, the same piece's input in the other side's
/// view: colours swapped and the board mirrored. The trainer keeps one view per position and
/// derives the other through this table.
pub fn other_view() -> [u16; INPUTS] {
    let mut table = [0u16; INPUTS];
    for color in Color::ALL {
        for role in Role::ALL {
            for sq in 0..SQUARES as u8 {
                let ours = feature(Color::White, color, role, sq);
                table[ours] = feature(Color::Black, color, role, sq) as u16;
            }
        }
    }
    table
}

/// Reads record files into training and held-out positions: the last `held_out` share of
/// each file is held out (records of one game are consecutive, so few games are split).
/// Positions whose score is beyond `max_score` centipawns are skipped. A trailing partial
/// record (a generator stopped while writing) is ignored.
pub fn load(files: &[String], held_out: f64, max_score: f32) -> anyhow::Result<(Samples, Samples)> {
    let mut train = Samples::default();
    let mut test = Samples::default();
    let mut skipped = 0usize;
    for file in files {
        let mut bytes = std::fs::read(file).with_context(|| format!("read {file}"))?;
        let whole = bytes.len() / tabula::engine::nnue_data::RECORD_BYTES;
        bytes.truncate(whole * tabula::engine::nnue_data::RECORD_BYTES);
        let n = count(&bytes)?;
        let split = n - (n as f64 * held_out) as usize;
        for i in 0..n {
            let r = decode(&bytes, i).with_context(|| file.clone())?;
            let score = f32::from(r.score);
            if score.abs() > max_score {
                skipped += 1;
                continue;
            }
            let features = r
                .pieces
                .iter()
                .map(|&(sq, color, role)| feature(r.turn, color, role, sq) as u16);
            let into = if i < split { &mut train } else { &mut test };
            into.push(features, score, r.result.score(), r.turn == Color::Black);
        }
        eprintln!("{file}: {n} positions");
    }
    eprintln!(
        "{} for training, {} held out, {skipped} skipped (score beyond {max_score})",
        train.len(),
        test.len()
    );
    Ok((train, test))
}
