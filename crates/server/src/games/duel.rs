//! What the two-player duels (Querni, QuickChess, the Olympics) share: who plays which side,
//! the time control, and the delay before the computer's move appears.

use crate::error::{ApiError, Denied, Invalid};
pub use crate::model::{ClockOption, ColorChoice};
use serde::{Deserialize, Serialize};
use tabula_chess::{Family, Variant};
use tabula_core::Millis;
use tabula_core::clock::TimeControl;
use ts_rs::TS;

/// The name of the QuickChess Olympics, a series of five games (not a variant of its own).
pub const OLYMPICS: &str = "olympics";

/// How long the computer seems to think before its move appears, at least.
pub const COMPUTER_DELAY_MS: Millis = 400;

/// Who plays which side, fixed when the game starts (the stored configuration of Querni and
/// QuickChess games).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct DuelConfig {
    /// The seat of the side that moves first (blue / white) and of the other.
    pub sides: [u32; 2],
    /// The QuickChess variant's name (`None` for Querni), checked when configured.
    pub variant: Option<String>,
    /// A QuickChess game may start from a position (FEN) instead of the variant's start.
    #[serde(default)]
    pub fen: Option<String>,
    /// The clocks, for a timed game.
    #[serde(default)]
    pub clock: Option<TimeControl>,
    /// Whether each player may berserk (an arena tournament's timed game).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub berserk: bool,
}

fn sides(color: ColorChoice, one_screen: bool) -> [u32; 2] {
    if one_screen {
        [0, 0]
    } else if color.first() {
        [0, 1]
    } else {
        [1, 0]
    }
}

impl DuelConfig {
    /// A Querni game's configuration.
    pub fn querni(color: ColorChoice, one_screen: bool) -> DuelConfig {
        DuelConfig {
            sides: sides(color, one_screen),
            variant: None,
            fen: None,
            clock: None,
            berserk: false,
        }
    }

    /// A QuickChess game's (or the Olympics') configuration: the variant checked, the start
    /// position checked and normalised.
    pub fn chess(
        color: ColorChoice,
        one_screen: bool,
        variant: &str,
        fen: Option<&str>,
    ) -> Result<DuelConfig, ApiError> {
        let sides = sides(color, one_screen);
        if variant == OLYMPICS {
            if one_screen {
                return Err(ApiError::BadInput(
                    Invalid::Options,
                    "the Olympics end with Blind QuickChess, which needs two screens".into(),
                ));
            }
            return Ok(DuelConfig {
                sides,
                variant: Some(OLYMPICS.into()),
                fen: None,
                clock: None,
                berserk: false,
            });
        }
        let v = Variant::parse(variant).map_err(|e| {
            ApiError::BadInput(Invalid::Variant, format!("variant `{variant}`: {e}"))
        })?;
        if v.family == Family::Blind && one_screen {
            return Err(ApiError::BadInput(
                Invalid::Options,
                "Blind QuickChess needs two screens: each side places unseen".into(),
            ));
        }
        let fen = match fen.map(str::trim) {
            Some(f) if !f.is_empty() => {
                let p = tabula_chess::AnyPosition::from_fen(v, f)
                    .map_err(|e| ApiError::BadInput(Invalid::Position, format!("fen: {e}")))?;
                if p.outcome().is_some() {
                    return Err(ApiError::BadInput(
                        Invalid::Position,
                        "fen: this position is already decided".into(),
                    ));
                }
                Some(p.fen())
            }
            _ => None,
        };
        Ok(DuelConfig {
            sides,
            variant: Some(v.name()),
            fen,
            clock: None,
            berserk: false,
        })
    }

    /// The same with a time control from the options (checked), if one was asked for.
    pub fn with_clock(self, clock: Option<ClockOption>) -> Result<DuelConfig, ApiError> {
        Ok(DuelConfig {
            clock: clock.map(ClockOption::control).transpose()?,
            ..self
        })
    }

    /// The same, with berserk allowed when `allowed` (a timed game only).
    pub fn with_berserk(self, allowed: Option<bool>) -> Result<DuelConfig, ApiError> {
        let berserk = allowed.unwrap_or(false);
        if berserk && self.clock.is_none() {
            return Err(ApiError::BadInput(
                Invalid::Options,
                "options: berserk is for a timed game (give a clock)".into(),
            ));
        }
        Ok(DuelConfig { berserk, ..self })
    }

    /// Refuses a berserk where the game does not allow it.
    pub fn may_berserk(&self) -> Result<(), ApiError> {
        if self.berserk {
            Ok(())
        } else {
            Err(ApiError::Forbidden(
                Denied::Berserk,
                "berserk is for the games of an arena tournament".into(),
            ))
        }
    }

    /// Whether one screen plays both sides.
    pub fn one_screen(&self) -> bool {
        self.sides[0] == self.sides[1]
    }

    /// Which side (0 = first, 1 = second) `seat` plays when side `to_move` is to move (at one
    /// screen, the side to move).
    pub fn side_of(&self, seat: u32, to_move: usize) -> Option<usize> {
        if self.one_screen() {
            (self.sides[0] == seat).then_some(to_move)
        } else {
            self.sides.iter().position(|&s| s == seat)
        }
    }

    /// Whether this is the Olympics series.
    pub fn is_olympics(&self) -> bool {
        self.variant.as_deref() == Some(OLYMPICS)
    }
}

/// A correspondence duel's turn (see `Adapter::awaiting`): the seat to move and its deadline,
/// when the game is timed by days a move and not over.
pub fn correspondence_turn(
    control: Option<tabula_core::clock::TimeControl>,
    over: bool,
    seat_to_move: u32,
    deadline: Option<tabula_core::Millis>,
) -> Option<(u32, tabula_core::Millis)> {
    let per_move = control.is_some_and(|c| c.per_move);
    if !per_move || over {
        return None;
    }
    Some((seat_to_move, deadline?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_follow_the_choice() {
        assert_eq!(DuelConfig::querni(ColorChoice::Red, false).sides, [1, 0]);
        assert_eq!(DuelConfig::querni(ColorChoice::Blue, false).sides, [0, 1]);
        let one = DuelConfig::querni(ColorChoice::Red, true);
        assert_eq!(one.side_of(0, 1), Some(1));
        assert_eq!(one.side_of(1, 1), None);
        let c = DuelConfig::chess(ColorChoice::Black, false, "power-pawns", None).unwrap();
        assert_eq!((c.side_of(0, 0), c.side_of(1, 0)), (Some(1), Some(0)));
        assert!(DuelConfig::chess(ColorChoice::White, true, "blind", None).is_err());
        assert!(DuelConfig::chess(ColorChoice::White, true, OLYMPICS, None).is_err());
        assert!(
            DuelConfig::chess(ColorChoice::White, false, "quickchess", Some("bad fen"))
                .unwrap_err()
                .to_string()
                .starts_with("fen:")
        );
    }
}
