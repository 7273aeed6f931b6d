//! The rules of RULES.md section 3: movements, chains, removals, the end of the game.
//!
//! Jump sequences are a search over landing squares. The jumped pieces never move during a
//! turn and the mover's start square is empty but forbidden as a landing, so the squares a
//! piece can reach form a fixed graph; a breadth-first search over it (on `u128` bit-sets,
//! one layer per jump) finds every reachable square, each once, and a shortest path to it is
//! a path without revisits. Every movement is therefore one per destination.

use crate::position::{
    NEIGHBOURS, OFF, PIECES, Position, SQUARES, Side, adjacent, piece_of, square_name,
};
use crate::turn::{Movement, Removal, Turn, TurnSyntaxError, TurnText};
use serde::{Deserialize, Serialize};
use std::fmt;

const BOARD: u128 = (1u128 << SQUARES) - 1;
const FILE_A: u128 = file_mask(0);
const FILE_J: u128 = file_mask(9);

const fn file_mask(file: u8) -> u128 {
    let mut m = 0u128;
    let mut r = 0;
    while r < 7 {
        m |= 1u128 << (r * 10 + file);
        r += 1;
    }
    m
}

/// Moves every square of `bits` one square in direction `d` (the order of [`NEIGHBOURS`]:
/// east, north-east, north, north-west, west, south-west, south, south-east).
#[inline]
fn shift(bits: u128, d: usize) -> u128 {
    match d {
        0 => (bits & !FILE_J) << 1,
        1 => ((bits & !FILE_J) << 11) & BOARD,
        2 => (bits << 10) & BOARD,
        3 => ((bits & !FILE_A) << 9) & BOARD,
        4 => (bits & !FILE_A) >> 1,
        5 => (bits & !FILE_A) >> 11,
        6 => bits >> 10,
        _ => (bits & !FILE_J) >> 9,
    }
}

/// How a finished game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    /// The winner removed all sixteen of their pieces.
    AllRemoved,
    /// The loser's removal left pieces in runs shorter than three (bit `n` = number `n`).
    Stranded {
        /// The loser's pieces that can never be removed.
        numbers: u32,
    },
    /// The loser resigned.
    Resigned,
    /// The loser's time ran out.
    Timeout,
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "QuerniStatus"))]
#[serde(rename_all = "snake_case", tag = "result")]
pub enum Status {
    /// Still being played.
    Ongoing,
    /// Someone won.
    Won {
        /// The winner.
        winner: Side,
        /// How.
        reason: WinReason,
    },
    /// Thirty turns passed without a removal.
    Draw,
    /// A timed game whose side to move did not make its first move in time: over, nobody
    /// won (a game's status only; a position never has it).
    Aborted {
        /// The side that made no first move.
        side: Side,
    },
}

impl Status {
    /// Whether the game has ended.
    pub fn is_over(self) -> bool {
        self != Status::Ongoing
    }

    /// The short result: `ongoing`, `blue wins`, `red wins`, `draw` or `aborted`.
    pub fn result(self) -> String {
        match self {
            Status::Ongoing => "ongoing".into(),
            Status::Won { winner, .. } => format!("{} wins", winner.name()),
            Status::Draw => "draw".into(),
            Status::Aborted { .. } => "aborted".into(),
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Status::Ongoing => f.write_str("ongoing"),
            Status::Aborted { side } => write!(f, "aborted: {} made no first move", side.name()),
            Status::Draw => write!(
                f,
                "draw: {} turns without a removal",
                crate::position::DRAW_TURNS
            ),
            Status::Won {
                winner,
                reason: WinReason::AllRemoved,
            } => write!(f, "{} wins: all sixteen pieces removed", winner.name()),
            Status::Won {
                winner,
                reason: WinReason::Resigned,
            } => write!(
                f,
                "{} wins: {} resigned",
                winner.name(),
                winner.other().name()
            ),
            Status::Won {
                winner,
                reason: WinReason::Timeout,
            } => write!(
                f,
                "{} wins on time: {} ran out of time",
                winner.name(),
                winner.other().name()
            ),
            Status::Won {
                winner,
                reason: WinReason::Stranded { numbers },
            } => {
                let list: Vec<String> = (1..=PIECES)
                    .filter(|n| numbers >> n & 1 == 1)
                    .map(|n| n.to_string())
                    .collect();
                write!(
                    f,
                    "{} wins: {}'s removal left {} that can never form a chain of three",
                    winner.name(),
                    winner.other().name(),
                    list.join(", ")
                )
            }
        }
    }
}

/// Numbers (bit `n`) in runs of consecutive numbers shorter than three within `numbers`.
pub fn stranded(numbers: u32) -> u32 {
    let mut out = 0;
    let mut n = 1;
    while n <= PIECES {
        if numbers >> n & 1 == 0 {
            n += 1;
            continue;
        }
        let start = n;
        while n <= PIECES && numbers >> n & 1 == 1 {
            n += 1;
        }
        if n - start < 3 {
            out |= ((1u32 << n) - 1) & !((1u32 << start) - 1);
        }
    }
    out
}

/// Why a turn is not legal here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    /// The text is not a turn.
    #[error(transparent)]
    Syntax(#[from] TurnSyntaxError),
    /// The game has ended.
    #[error("the game is over ({0})")]
    GameOver(Status),
    /// The movement breaks a rule (which square, which rule).
    #[error("movement: {0}")]
    Movement(String),
    /// The removal breaks a rule.
    #[error("removal: {0}")]
    Removal(String),
}

impl Position {
    /// The status this position shows: a side with no pieces has won, a side with stranded
    /// pieces has lost, a position after thirty quiet turns is drawn.
    pub fn status(&self) -> Status {
        for side in [Side::Blue, Side::Red] {
            if self.count(side) == 0 {
                return Status::Won {
                    winner: side,
                    reason: WinReason::AllRemoved,
                };
            }
        }
        for side in [Side::Blue, Side::Red] {
            let numbers = stranded(self.numbers_on_board(side));
            if numbers != 0 {
                return Status::Won {
                    winner: side.other(),
                    reason: WinReason::Stranded { numbers },
                };
            }
        }
        if self.quiet >= crate::position::DRAW_TURNS {
            Status::Draw
        } else {
            Status::Ongoing
        }
    }

    /// Every square the piece on `from` can reach by a sequence of jumps.
    pub fn jump_reach(&self, from: u8) -> u128 {
        let start = 1u128 << from;
        let others = self.occupied() & !start;
        let empty = BOARD & !self.occupied();
        let mut visited = start;
        let mut frontier = start;
        while frontier != 0 {
            let mut next = 0;
            for d in 0..8 {
                next |= shift(shift(frontier, d) & others, d) & empty;
            }
            frontier = next & !visited;
            visited |= frontier;
        }
        visited & !start
    }

    /// A shortest jump path from `from` to `to` (every landing square, `to` last), if any.
    pub fn jump_path(&self, from: u8, to: u8) -> Option<Vec<u8>> {
        let mut parent = [OFF; SQUARES];
        let mut queue = vec![from];
        parent[from as usize] = from;
        let mut i = 0;
        while i < queue.len() {
            let s = queue[i];
            i += 1;
            if s == to {
                let mut path = vec![to];
                let mut at = to;
                while parent[at as usize] != from {
                    at = parent[at as usize];
                    path.push(at);
                }
                path.reverse();
                return Some(path);
            }
            for (d, &over) in NEIGHBOURS[s as usize].iter().enumerate() {
                if over == OFF || over == from || self.cell(over) == 0 {
                    continue;
                }
                let land = NEIGHBOURS[over as usize][d];
                if land != OFF && self.cell(land) == 0 && parent[land as usize] == OFF {
                    parent[land as usize] = s;
                    queue.push(land);
                }
            }
        }
        None
    }

    /// Every movement of the side to move, one per (piece, destination): steps first, then
    /// jumps, pieces in number order.
    pub fn movements(&self, out: &mut Vec<Movement>) {
        let side = self.turn;
        let empty = BOARD & !self.occupied();
        for n in 1..=PIECES {
            let Some(from) = self.square_of(side, n) else {
                continue;
            };
            for &to in &NEIGHBOURS[from as usize] {
                if to != OFF && empty >> to & 1 == 1 {
                    out.push(Movement { from, to });
                }
            }
            let mut jumps = self.jump_reach(from);
            while jumps != 0 {
                let to = jumps.trailing_zeros() as u8;
                jumps &= jumps - 1;
                out.push(Movement { from, to });
            }
        }
    }

    /// Bit `n` set when `side`'s numbers `n` and `n + 1` are both on the board and adjacent.
    #[inline]
    pub fn links(&self, side: Side) -> u32 {
        let mut links = 0;
        let mut prev = self.at[side.id(1) as usize];
        for n in 1..PIECES {
            let next = self.at[side.id(n + 1) as usize];
            if prev != OFF && next != OFF && adjacent(prev, next) {
                links |= 1 << n;
            }
            prev = next;
        }
        links
    }

    /// Every removal `side` could make now: each run of three or more consecutive numbers
    /// with each piece next to the one before it, in order of lowest then highest number.
    pub fn removals(&self, side: Side, out: &mut Vec<Removal>) {
        let links = self.links(side);
        for low in 1..=PIECES - 2 {
            let mut high = low;
            while high < PIECES && links >> high & 1 == 1 {
                high += 1;
                if high >= low + 2 {
                    out.push(Removal { low, high });
                }
            }
        }
    }

    /// Whether `side` has any chain of three to remove.
    pub fn has_removal(&self, side: Side) -> bool {
        let l = self.links(side);
        l & (l >> 1) != 0
    }

    /// Whether the side to move has neither a movement nor a removal, and so passes.
    pub fn must_pass(&self) -> bool {
        if self.has_removal(self.turn) {
            return false;
        }
        let mut own = self.occ[self.turn.index()];
        let empty = BOARD & !self.occupied();
        let mut near = 0;
        for d in 0..8 {
            near |= shift(own, d);
        }
        if near & empty != 0 {
            return false;
        }
        while own != 0 {
            let from = own.trailing_zeros() as u8;
            own &= own - 1;
            if self.jump_reach(from) != 0 {
                return false;
            }
        }
        true
    }

    /// Plays a turn known to be legal; returns the new position (status via [`Position::status`]).
    #[inline]
    pub fn play_unchecked(&self, turn: Turn) -> Position {
        let mut p = *self;
        let side = p.turn;
        if let Some(m) = turn.movement {
            let id = p.cells[m.from as usize];
            p.lift(id);
            p.put(id, m.to);
        }
        match turn.removal {
            Some(r) => {
                for n in r.low..=r.high {
                    p.lift(side.id(n));
                }
                p.quiet = 0;
            }
            None => p.quiet = p.quiet.saturating_add(1),
        }
        p.flip_turn();
        p
    }

    /// Checks written turn `text` against this position: the result is the engine's turn, or
    /// an error naming the square or number and the rule.
    pub fn check(&self, text: &TurnText) -> Result<Turn, TurnError> {
        let status = self.status();
        if status.is_over() {
            return Err(TurnError::GameOver(status));
        }
        let side = self.turn;
        let mut after = *self;
        let mut turn = Turn::PASS;
        if let Some(m) = text.movement() {
            self.check_movement(text).map_err(TurnError::Movement)?;
            let id = after.cells[m.from as usize];
            after.lift(id);
            after.put(id, m.to);
            turn.movement = Some(m);
        }
        if let Some(r) = text.removal {
            for n in r.low..=r.high {
                let Some(sq) = after.square_of(side, n) else {
                    return Err(TurnError::Removal(format!(
                        "{} {n} is no longer on the board",
                        side.name()
                    )));
                };
                if n > r.low {
                    let prev = after.square_of(side, n - 1).unwrap_or(OFF);
                    if !adjacent(prev, sq) {
                        return Err(TurnError::Removal(format!(
                            "{} {n} on {} is not next to {} {} on {}: each piece of a chain must touch the one numbered one less",
                            side.name(),
                            square_name(sq),
                            side.name(),
                            n - 1,
                            square_name(prev)
                        )));
                    }
                }
            }
            turn.removal = Some(r);
        }
        Ok(turn)
    }

    fn check_movement(&self, text: &TurnText) -> Result<(), String> {
        let side = self.turn;
        let from = text.squares[0];
        let id = self.cell(from);
        if id == 0 {
            return Err(format!("{} is empty", square_name(from)));
        }
        let (owner, n) = piece_of(id);
        if owner != side {
            return Err(format!(
                "{} holds {} {n}, and it is {}'s turn",
                square_name(from),
                owner.name(),
                side.name()
            ));
        }
        if !text.jump {
            let to = text.squares[1];
            if !adjacent(from, to) {
                return Err(format!(
                    "{}-{}: a step goes to an adjacent square (jumps are written with ':')",
                    square_name(from),
                    square_name(to)
                ));
            }
            if self.cell(to) != 0 {
                return Err(format!("{} is occupied", square_name(to)));
            }
            return Ok(());
        }
        let mut visited = 1u128 << from;
        for hop in text.squares.windows(2) {
            let (a, b) = (hop[0], hop[1]);
            let (df, dr) = (
                i16::from(b % 10) - i16::from(a % 10),
                i16::from(b / 10) - i16::from(a / 10),
            );
            let straight =
                matches!(df, -2 | 0 | 2) && matches!(dr, -2 | 0 | 2) && (df, dr) != (0, 0);
            if !straight {
                return Err(format!(
                    "{}:{}: a jump goes over one adjacent piece in a straight line to the square just beyond",
                    square_name(a),
                    square_name(b)
                ));
            }
            let over = ((i16::from(a) + i16::from(b)) / 2) as u8;
            if over == from || self.cell(over) == 0 {
                return Err(format!(
                    "{}:{}: there is no piece on {} to jump over",
                    square_name(a),
                    square_name(b),
                    square_name(over)
                ));
            }
            if visited >> b & 1 == 1 {
                return Err(format!(
                    "{}:{}: the piece already stood on {} this turn",
                    square_name(a),
                    square_name(b),
                    square_name(b)
                ));
            }
            if self.cell(b) != 0 {
                return Err(format!(
                    "{}:{}: {} is occupied",
                    square_name(a),
                    square_name(b),
                    square_name(b)
                ));
            }
            visited |= 1u128 << b;
        }
        Ok(())
    }

    /// The position after movement `m` with the mover still to move: what a player sees
    /// before choosing a removal.
    pub fn after_movement(&self, m: Movement) -> Position {
        let mut p = *self;
        let id = p.cells[m.from as usize];
        p.lift(id);
        p.put(id, m.to);
        p
    }

    /// Parses and checks a turn, then plays it. The position is unchanged on error.
    pub fn play(&self, text: &str) -> Result<(Turn, Position), TurnError> {
        let written = TurnText::parse(text)?;
        let turn = self.check(&written)?;
        Ok((turn, self.play_unchecked(turn)))
    }

    /// Writes `turn` (legal here) in notation, jumps along a shortest path.
    pub fn describe(&self, turn: Turn) -> TurnText {
        let mut text = TurnText {
            removal: turn.removal,
            ..TurnText::default()
        };
        if let Some(m) = turn.movement {
            text.squares.push(m.from);
            if adjacent(m.from, m.to) {
                text.squares.push(m.to);
            } else {
                text.jump = true;
                match self.jump_path(m.from, m.to) {
                    Some(path) => text.squares.extend(path),
                    None => text.squares.push(m.to),
                }
            }
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stranded_runs() {
        let all = ((1u32 << 17) - 1) & !1;
        assert_eq!(stranded(all), 0);
        assert_eq!(stranded(0), 0);
        // 1-3 and 7-16 fine; 5 alone stranded.
        let m = all & !(1 << 4) & !(1 << 6);
        assert_eq!(stranded(m), 1 << 5);
        assert_eq!(stranded(0b110), 0b110);
        assert_eq!(stranded(1 << 16 | 1 << 15), 1 << 16 | 1 << 15);
    }

    #[test]
    fn shifts_never_wrap() {
        for s in 0..SQUARES as u8 {
            for (d, &neighbour) in NEIGHBOURS[s as usize].iter().enumerate() {
                let expected = match neighbour {
                    OFF => 0,
                    t => 1u128 << t,
                };
                assert_eq!(shift(1u128 << s, d), expected, "square {s} direction {d}");
            }
        }
    }
}
