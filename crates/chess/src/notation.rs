//! Moves as text: UCI long algebraic (input and output) and SAN (for people).

use crate::geometry::{Geometry, square_name};
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::Role;

/// Why a move was refused. The position is handed back unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct PlayError<P> {
    /// What is wrong.
    pub message: String,
    /// The position, unchanged (boxed: positions are large and errors should be cheap to move).
    pub position: Box<P>,
}

/// Why a UCI move string was not understood or is not legal here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UciError {
    /// Not of the form `a2a3` / `a5a6q` / `0000`.
    #[error(
        "`{0}` is not a move in UCI notation (like a2a3, a5a6q for a promotion, or 0000 for a pass)"
    )]
    Malformed(String),
    /// Well-formed but not legal in the position.
    #[error("`{text}` is not legal here: {why}")]
    Illegal {
        /// The move text.
        text: String,
        /// Why.
        why: String,
    },
}

impl<G: Geometry> Position<G> {
    /// Finds the legal move written `text` in UCI (castling as the king's move, or as the
    /// king taking its own rook).
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciError> {
        let malformed = || UciError::Malformed(text.to_string());
        let t = text.trim();
        if t == "0000" {
            return self.parse_pass();
        }
        if t.len() < 4 || !t.is_ascii() {
            return Err(malformed());
        }
        // squares may have two-digit ranks on other boards; split at the second letter
        let second = t[1..]
            .find(|c: char| c.is_ascii_lowercase())
            .map(|i| i + 1)
            .ok_or_else(malformed)?;
        let (a, rest) = t.split_at(second);
        let digits_end = rest[1..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(rest.len(), |i| i + 1);
        let (b, promo) = rest.split_at(digits_end);
        let from = crate::fen::parse_square::<G>(a).ok_or_else(malformed)?;
        let to = crate::fen::parse_square::<G>(b).ok_or_else(malformed)?;
        let promotion = match promo {
            "" => None,
            p if p.len() == 1 => Some(
                Role::from_char(p.chars().next().unwrap_or('?'))
                    .filter(|r| *r != Role::Pawn && *r != Role::King)
                    .ok_or_else(malformed)?,
            ),
            _ => return Err(malformed()),
        };
        let illegal = |why: String| UciError::Illegal {
            text: t.to_string(),
            why,
        };
        let moves = self.legal_moves();
        let found = moves.iter().copied().find(|m| {
            m.from == from
                && m.promotion == promotion
                && (m.to == to
                    || matches!(m.kind, MoveKind::Castle { rook_from, .. } if rook_from == to))
        });
        if let Some(m) = found {
            return Ok(m);
        }
        if moves[..] == [Move::PASS] {
            return Err(illegal(format!(
                "{} has no legal move and passes (0000)",
                self.turn.name()
            )));
        }
        // say why
        let Some(piece) = self.piece_at(from) else {
            return Err(illegal(format!("{} is empty", square_name(from, G::W))));
        };
        if piece.color != self.turn {
            return Err(illegal(format!(
                "the {} on {} is not {}'s",
                piece.role.name(),
                square_name(from, G::W),
                self.turn.name()
            )));
        }
        if let Some(o) = self.lesson_result() {
            return Err(illegal(format!("the game is over ({o})")));
        }
        let to_same = moves
            .iter()
            .filter(|m| m.from == from && m.to == to)
            .collect::<Vec<_>>();
        if !to_same.is_empty() {
            let options: Vec<String> = to_same
                .iter()
                .filter_map(|m| m.promotion)
                .map(|r| r.char().to_string())
                .collect();
            return Err(illegal(if promotion.is_none() {
                format!(
                    "a pawn reaching the last rank needs the piece it becomes: {}",
                    options
                        .iter()
                        .map(|o| format!("{t}{o}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            } else {
                format!("the pawn may become only: {}", options.join(", "))
            }));
        }
        let why = if self.is_check() {
            format!("{} is in check", self.turn.name())
        } else if self.variant.has_check() && self.pseudo_reaches(from, to) {
            "it would leave the king in check".to_string()
        } else {
            format!(
                "the {} on {} cannot move to {}",
                piece.role.name(),
                square_name(from, G::W),
                square_name(to, G::W)
            )
        };
        Err(illegal(why))
    }

    /// The pass (`0000`), if it is this position's move; otherwise why not.
    fn parse_pass(&self) -> Result<Move, UciError> {
        if self.legal_moves().contains(&Move::PASS) {
            return Ok(Move::PASS);
        }
        let why = if self.variant.has_check() {
            format!("there is no passing in {}", self.variant)
        } else if let Some(o) = self.outcome() {
            format!("the game is over ({o})")
        } else {
            format!(
                "{} has a legal move (a side passes only when it has none)",
                self.turn.name()
            )
        };
        Err(UciError::Illegal {
            text: "0000".to_string(),
            why,
        })
    }

    /// Whether the piece on `from` attacks or pushes to `to`, ignoring king safety.
    fn pseudo_reaches(&self, from: u8, to: u8) -> bool {
        let t = G::tables();
        let occ = self.occupied();
        let Some(p) = self.piece_at(from) else {
            return false;
        };
        let reach = match p.role {
            Role::Pawn => {
                t.pawn(p.color.index(), from)
                    | crate::movegen::forward::<G>(from, p.color).map_or(0, |f| 1u64 << f)
            }
            Role::Knight => t.knight(from),
            Role::Bishop => t.bishop(from, occ),
            Role::Rook => t.rook(from, occ),
            Role::Queen => t.queen(from, occ),
            Role::King => t.king(from),
        };
        reach >> to & 1 == 1 && self.by_color(p.color) >> to & 1 == 0
    }

    /// Plays the move written in UCI, or says why not and hands the position back.
    pub fn play_uci(self, text: &str) -> Result<Position<G>, PlayError<Position<G>>> {
        match self.parse_uci(text) {
            Ok(m) => Ok(self.play_unchecked(m)),
            Err(e) => Err(PlayError {
                message: e.to_string(),
                position: Box::new(self),
            }),
        }
    }

    /// Plays `m` if it is legal here; otherwise hands the position back with the reason.
    pub fn play(self, m: Move) -> Result<Position<G>, PlayError<Position<G>>> {
        if self.legal_moves().contains(&m) {
            Ok(self.play_unchecked(m))
        } else {
            Err(PlayError {
                message: format!("{} is not legal here", m.uci(G::W)),
                position: Box::new(self),
            })
        }
    }

    /// The move in UCI notation.
    pub fn uci(&self, m: &Move) -> String {
        m.uci(G::W)
    }

    /// The move in standard algebraic notation (`Nf3`, `exd6`, `a6=R`, `O-O-O`, `Qxe5+`, and
    /// `--` for a pass).
    pub fn san(&self, m: &Move) -> String {
        let mut s = String::new();
        match m.kind {
            MoveKind::Pass => return "--".to_string(),
            MoveKind::Castle { rook_from, .. } => {
                s.push_str(if rook_from > m.from { "O-O" } else { "O-O-O" })
            }
            _ if m.role == Role::Pawn => {
                if m.is_capture() {
                    s.push((b'a' + m.from % G::W) as char);
                    s.push('x');
                }
                s.push_str(&square_name(m.to, G::W));
                if let Some(p) = m.promotion {
                    s.push('=');
                    s.push(p.upper());
                }
            }
            _ => {
                s.push(m.role.upper());
                let rivals: Vec<Move> = self
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|o| o.role == m.role && o.to == m.to && o.from != m.from)
                    .collect();
                if !rivals.is_empty() {
                    let same_file = rivals.iter().any(|o| o.from % G::W == m.from % G::W);
                    let same_rank = rivals.iter().any(|o| o.from / G::W == m.from / G::W);
                    if !same_file {
                        s.push((b'a' + m.from % G::W) as char);
                    } else if !same_rank {
                        s.push_str(&(m.from / G::W + 1).to_string());
                    } else {
                        s.push_str(&square_name(m.from, G::W));
                    }
                }
                if m.is_capture() {
                    s.push('x');
                }
                s.push_str(&square_name(m.to, G::W));
            }
        }
        let after = self.play_unchecked(*m);
        if after.is_check() {
            s.push(if after.count_moves() == 0 { '#' } else { '+' });
        }
        s
    }
}
