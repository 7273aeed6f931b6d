//! Every hand-written argument parser of `tabula`, in one place.
//!
//! Most arguments are typed by clap itself: the choices below derive [`ValueEnum`] (so
//! `--help` lists them and a wrong one is refused naming the flag), numbers use clap's ranged
//! parsers, and the functions returning a `Result<_, ArgError>` are clap value parsers for the
//! texts clap cannot type on its own (a variant, a layout, `1`-`8` or `max`, a time control):
//! their errors are typed ([`ArgError`]), and clap writes them after the flag's name.
//! What depends on another argument (a Check Mates board is read by its side) is parsed in the
//! command with [`board`] and [`task`], whose errors name the argument.

use anyhow::Context as _;
use clap::ValueEnum;
use tabula_chess::{Color, Variant, VariantError};
use tabula_puzzles::checkmates::party::DeckChoice;
use tabula_puzzles::checkmates::{Board, Side, Task};
use tabula_puzzles::royal::{Layout, Level};

/// The side of the Check Mates tokens and cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SideChoice {
    /// Coloured tokens and a joker, each moving one square up, down, left or right.
    Sliding,
    /// Rooks, knights, queens and a king, moving much as in chess.
    Chess,
}

impl From<SideChoice> for Side {
    fn from(s: SideChoice) -> Side {
        match s {
            SideChoice::Sliding => Side::Sliding,
            SideChoice::Chess => Side::Chess,
        }
    }
}

/// A level of The Royal Study.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LevelChoice {
    /// Reach the card's layout exactly.
    #[value(name = "1")]
    One,
    /// The card may also be turned (a quarter turn costs a move).
    #[value(name = "2")]
    Two,
    /// The card may also be mirrored.
    #[value(name = "3")]
    Three,
}

impl From<LevelChoice> for Level {
    fn from(l: LevelChoice) -> Level {
        match l {
            LevelChoice::One => Level::One,
            LevelChoice::Two => Level::Two,
            LevelChoice::Three => Level::Three,
        }
    }
}

/// Which cards of the Check Mates deck are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DeckArg {
    /// Every card.
    Full,
    /// Blitz, easier: the one-star cards.
    #[value(alias = "1")]
    OneStar,
    /// Blitz, harder: the two-star cards.
    #[value(alias = "2")]
    TwoStar,
}

impl DeckArg {
    /// The name as typed (`full`, `one-star`, `two-star`).
    pub fn name(self) -> &'static str {
        match self {
            DeckArg::Full => "full",
            DeckArg::OneStar => "one-star",
            DeckArg::TwoStar => "two-star",
        }
    }
}

impl From<DeckArg> for DeckChoice {
    fn from(d: DeckArg) -> DeckChoice {
        match d {
            DeckArg::Full => DeckChoice::Full,
            DeckArg::OneStar => DeckChoice::OneStar,
            DeckArg::TwoStar => DeckChoice::TwoStar,
        }
    }
}

/// A chess colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// White, who moves first.
    #[value(alias = "w")]
    White,
    /// Black.
    #[value(alias = "b")]
    Black,
}

impl From<ColorChoice> for Color {
    fn from(c: ColorChoice) -> Color {
        match c {
            ColorChoice::White => Color::White,
            ColorChoice::Black => Color::Black,
        }
    }
}

/// A Querni colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum QuerniColor {
    /// Blue, who moves first.
    #[value(alias = "b")]
    Blue,
    /// Red.
    #[value(alias = "r")]
    Red,
}

impl From<QuerniColor> for tabula_querni::Side {
    fn from(c: QuerniColor) -> tabula_querni::Side {
        match c {
            QuerniColor::Blue => tabula_querni::Side::Blue,
            QuerniColor::Red => tabula_querni::Side::Red,
        }
    }
}

/// A QuickChess game to play in the terminal: one game of `tabula rules variants`, or the Olympics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameChoice {
    /// One game.
    One(Variant),
    /// The QuickChess Olympics: five games in a row.
    Olympics,
}

/// Why a value of the command line was refused (clap names the flag before these words).
#[derive(Debug, PartialEq, thiserror::Error)]
pub enum ArgError {
    /// Not a material signature of the endgame tables.
    #[error(transparent)]
    Material(#[from] tabula_chess::tablebase::MaterialError),
    /// Not a variant's name.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// Not a Royal Study layout.
    #[error(transparent)]
    Layout(#[from] tabula_puzzles::NotationError),
    /// Not a Querni computer player (the library's words).
    #[error("{0}")]
    QuerniPlayer(String),
    /// Not a level from 1 to `max`, nor `max`.
    #[error("`{text}` is not a level: 1 to {max}, or max")]
    Level {
        /// What was given.
        text: String,
        /// The highest level.
        max: u8,
    },
    /// Not a speed factor above 0 and at most 1000.
    #[error("`{0}` is not a number above 0 and at most 1000")]
    Speed(String),
    /// Not a whole number of seconds from 1 to 3600.
    #[error("`{0}` is not a whole number of seconds from 1 to 3600")]
    Seconds(String),
    /// Not `NAME=VALUE`.
    #[error("`{0}` is not NAME=VALUE")]
    NameValue(String),
    /// Not a node id.
    #[error("a node id is 1 to 48 letters, digits, `-`, `_` or `.`")]
    NodeId,
    /// Not a duration (`30s`, `2min`).
    #[error(transparent)]
    Duration(#[from] humantime::DurationError),
    /// A lease's time to live out of its range.
    #[error("a lease lives between 1s and 10min")]
    LeaseRange,
    /// A public address without its scheme.
    #[error("`{0}` must start with https:// (or http://)")]
    UrlScheme(String),
    /// A public address with more than a scheme, a host and a port.
    #[error(
        "`{0}` must be a scheme and a host (and perhaps a port), like https://play.example.org"
    )]
    UrlShape(String),
    /// Not a time control.
    #[error("`{0}` is not milliseconds per move (`100`) or seconds BASE+INC (`10+0.1`)")]
    TimeControl(String),
    /// One end of a range of levels that is not a level.
    #[error("'{text}' is not a level: levels run from 1 to {max}")]
    RangeLevel {
        /// What was given.
        text: String,
        /// The highest level.
        max: u8,
    },
    /// A range of levels written high to low.
    #[error("the levels {low}-{high} run backwards: write LOW-HIGH")]
    LevelsBackwards {
        /// The first level written.
        low: u8,
        /// The second.
        high: u8,
    },
}

/// A material signature of the endgame tables (`KRPvKB`).
pub fn material(text: &str) -> Result<tabula_chess::tablebase::Material, ArgError> {
    Ok(tabula_chess::tablebase::Material::parse(text)?)
}

/// A variant name (`quickchess`, `mix:KRN`, `chess+blasters`, ...).
pub fn variant(text: &str) -> Result<Variant, ArgError> {
    Ok(Variant::parse(text)?)
}

/// A variant name, or `olympics`.
pub fn game(text: &str) -> Result<GameChoice, ArgError> {
    match Variant::parse(text) {
        Ok(v) => Ok(GameChoice::One(v)),
        Err(VariantError::Series) => Ok(GameChoice::Olympics),
        Err(e) => Err(e.into()),
    }
}

/// `1` (beginner) to `max` levels, or the word `max`.
fn level_up_to(text: &str, max: u8) -> Result<u8, ArgError> {
    if text.trim() == "max" {
        return Ok(max);
    }
    text.trim()
        .parse::<u8>()
        .ok()
        .filter(|l| (1..=max).contains(l))
        .ok_or_else(|| ArgError::Level {
            text: text.to_string(),
            max,
        })
}

/// The chess computer's level: 1 to 8, or `max`.
pub fn chess_level(text: &str) -> Result<u8, ArgError> {
    level_up_to(text, tabula_chess::engine::LEVELS)
}

/// The Querni computer's level: 1 to 5, or `max`.
pub fn querni_level(text: &str) -> Result<u8, ArgError> {
    level_up_to(text, tabula_querni::MAX_LEVEL)
}

/// A Querni computer player: `ai:1` .. `ai:5`, `ai:max`, `greedy` or `random`.
pub fn querni_player(text: &str) -> Result<tabula_querni::Player, ArgError> {
    tabula_querni::Player::parse(text).map_err(ArgError::QuerniPlayer)
}

/// A Royal Study layout (`K.N/.Q./R.B`).
pub fn layout(text: &str) -> Result<Layout, ArgError> {
    Ok(Layout::parse(text)?)
}

/// A Check Mates board of `side`; the error names the board.
pub fn board(side: Side, text: &str) -> anyhow::Result<Board> {
    Board::parse(side, text).with_context(|| format!("board `{text}`"))
}

/// A Check Mates task of `side`; the error names the task.
pub fn task(side: Side, text: &str) -> anyhow::Result<Task> {
    Task::parse(side, text).with_context(|| format!("task `{text}`"))
}

/// A clock speed factor: above 0, at most 1000.
pub fn speed(text: &str) -> Result<f64, ArgError> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 1000.0)
        .ok_or_else(|| ArgError::Speed(text.to_string()))
}

/// Whole seconds from 1 to 3600, as milliseconds.
pub fn seconds(text: &str) -> Result<u64, ArgError> {
    text.trim()
        .parse::<u64>()
        .ok()
        .filter(|s| (1..=3600).contains(s))
        .map(|s| s * 1000)
        .ok_or_else(|| ArgError::Seconds(text.to_string()))
}

/// A UCI option as `NAME=VALUE`.
pub fn uci_option(text: &str) -> Result<(String, String), ArgError> {
    match text.split_once('=') {
        Some((n, v)) if !n.trim().is_empty() => Ok((n.trim().to_string(), v.trim().to_string())),
        _ => Err(ArgError::NameValue(text.to_string())),
    }
}

/// A seed for play: the one given, or one from the clock (printed by the game so that it can
/// be replayed).
pub fn seed_or_random(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_take_numbers_in_range_and_max() {
        assert_eq!(chess_level("1"), Ok(1));
        assert_eq!(chess_level(" 8 "), Ok(8));
        assert_eq!(chess_level("max"), Ok(8));
        assert_eq!(querni_level("max"), Ok(5));
        assert_eq!(querni_level("5"), Ok(5));
        for bad in ["0", "9", "-1", "", "maximum", "2.5"] {
            let e = chess_level(bad).unwrap_err().to_string();
            assert!(e.contains("1 to 8, or max"), "{bad}: {e}");
        }
        assert!(
            querni_level("6")
                .unwrap_err()
                .to_string()
                .contains("1 to 5, or max")
        );
        // typed: what was given and the bound, not only the words
        assert_eq!(
            querni_level("6"),
            Err(ArgError::Level {
                text: "6".into(),
                max: 5
            })
        );
    }

    #[test]
    fn games_are_variants_or_the_olympics() {
        assert_eq!(game("olympics"), Ok(GameChoice::Olympics));
        assert_eq!(
            game("blind"),
            Ok(GameChoice::One(Variant::parse("blind").unwrap()))
        );
        assert_eq!(
            game("mix:KR"),
            Ok(GameChoice::One(Variant::parse("mix:KR").unwrap()))
        );
        assert!(
            game("crazyhouse")
                .unwrap_err()
                .to_string()
                .contains("unknown variant `crazyhouse`")
        );
        // one position is asked for: the Olympics are not one
        assert!(
            variant("olympics")
                .unwrap_err()
                .to_string()
                .contains("series of five games")
        );
    }

    #[test]
    fn options_are_name_equals_value() {
        assert_eq!(
            uci_option("Skill Level = 3"),
            Ok(("Skill Level".to_string(), "3".to_string()))
        );
        assert_eq!(
            uci_option("VariantPath=/a=b.ini"),
            Ok(("VariantPath".to_string(), "/a=b.ini".to_string()))
        );
        assert!(uci_option("Hash").is_err());
        assert!(uci_option("=3").is_err());
    }

    #[test]
    fn speeds_and_seconds_are_bounded() {
        assert_eq!(speed("2"), Ok(2.0));
        assert_eq!(speed("0.5"), Ok(0.5));
        for bad in ["0", "-1", "1001", "inf", "NaN", "fast"] {
            assert!(speed(bad).is_err(), "{bad}");
        }
        assert_eq!(seconds("60"), Ok(60_000));
        for bad in ["0", "3601", "1.5", "x"] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn boards_and_tasks_name_what_was_wrong() {
        let e = board(Side::Sliding, "bgr/.x./rbg").unwrap_err();
        let text = format!("{e:#}");
        assert!(text.starts_with("board `bgr/.x./rbg`: "), "{text}");
        assert!(text.contains("square b2"), "{text}");
        let e = task(Side::Chess, "R.w/.b./Q.z").unwrap_err();
        assert!(format!("{e:#}").starts_with("task `R.w/.b./Q.z`: "));
        assert!(board(Side::Chess, "RnQ/.K./qNr").is_ok());
        assert!(layout("K.N/.Q./R.B").is_ok());
        assert!(
            layout("K.N/.Q./RB.")
                .unwrap_err()
                .to_string()
                .contains("bishop on b1")
        );
    }

    #[test]
    fn choices_convert_to_the_library_types() {
        assert_eq!(Side::from(SideChoice::Chess), Side::Chess);
        assert_eq!(Level::from(LevelChoice::Three), Level::Three);
        assert_eq!(DeckChoice::from(DeckArg::TwoStar), DeckChoice::TwoStar);
        assert_eq!(Color::from(ColorChoice::Black), Color::Black);
        assert_eq!(
            tabula_querni::Side::from(QuerniColor::Red),
            tabula_querni::Side::Red
        );
        // the deck's aliases of the old command line still work
        assert_eq!(DeckArg::from_str("1", false), Ok(DeckArg::OneStar));
        assert_eq!(DeckArg::OneStar.name(), "one-star");
    }
}
