//! An assignment's tasks: their kinds, as a teacher gives them and the API and the browser
//! read them, and their check (a task is put in the form games store their names in). Each
//! is met by the play itself, never by the student's word: how is [`super::judge`].

use crate::error::{ApiError, Invalid};
use crate::games::duel::DuelConfig;
use crate::model::ColorChoice;
use crate::model::Kind;
use crate::puzzles::Game as PuzzleGame;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The most a task may ask for (puzzles, cards or games).
pub const MAX_COUNT: u32 = 200;
/// The most puzzles a teacher may pick by hand for one task.
pub const MAX_SET: usize = 50;

/// What a lesson game must reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Goal {
    /// Not lose (a win holds the draw too).
    Draw,
    /// Win.
    Win,
}

/// Whom the games of a task are played against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Against {
    /// The computer (at a level, or at least one).
    Computer,
    /// Another member of the class.
    Classmate,
}

/// A deck of cards solved alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(rename = "CardDeck")]
pub enum Deck {
    /// Check Mates (either side).
    Checkmates,
    /// The Royal Study.
    Royal,
}

impl Deck {
    /// As stored in `card_solves.deck`.
    pub fn name(self) -> &'static str {
        match self {
            Deck::Checkmates => "checkmates",
            Deck::Royal => "royal",
        }
    }
}

/// A band of puzzle ratings, both ends included.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct RatingBand {
    /// The lowest rating.
    pub min: u32,
    /// The highest.
    pub max: u32,
}

/// One task of an assignment.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
#[ts(rename = "ClassTask")]
pub enum Task {
    /// Solve puzzles (at the first rated try).
    Puzzles {
        /// QuickChess or Querni.
        game: PuzzleGame,
        /// How many.
        count: u32,
        /// Only of this theme.
        #[serde(default)]
        #[ts(optional = nullable)]
        theme: Option<String>,
        /// Only rated within this band.
        #[serde(default)]
        #[ts(optional = nullable)]
        rating: Option<RatingBand>,
        /// Only these puzzles (the teacher's pick).
        #[serde(default)]
        #[ts(optional = nullable)]
        set: Option<Vec<String>>,
    },
    /// Reach a result in a lesson game against the computer (the coach's opponent).
    Lesson {
        /// The lesson game (`kings-conquest`, ...).
        variant: String,
        /// Hold the draw or win.
        goal: Goal,
        /// The computer's level, at least (1 to 8; 8 plays perfectly where the tables know).
        level: u8,
        /// From this position (FEN) rather than the start.
        #[serde(default)]
        #[ts(optional = nullable)]
        fen: Option<String>,
    },
    /// Solve cards of an exact difficulty in their minimum, alone.
    Cards {
        /// Check Mates or The Royal Study.
        game: Deck,
        /// The fewest moves the cards take.
        difficulty: u32,
        /// How many.
        count: u32,
    },
    /// Finish a chapter of Learn QuickChess (2 to 9: its lesson game won).
    Learn {
        /// The chapter.
        chapter: u8,
    },
    /// Finish games.
    Games {
        /// The game (`quickchess`, `querni`, `checkmates-party`, `royal-match`).
        game: String,
        /// A QuickChess variant.
        #[serde(default)]
        #[ts(optional = nullable)]
        variant: Option<String>,
        /// How many.
        count: u32,
        /// Against the computer or a classmate.
        against: Against,
        /// The computer's level, at least.
        #[serde(default)]
        #[ts(optional = nullable)]
        level: Option<u8>,
    },
}

/// The lesson game of each chapter of Learn QuickChess that ends with one (chapter 1 is the
/// rules, read, not played).
pub const CHAPTERS: &[(u8, &str)] = &[
    (2, "power-pawns"),
    (3, "kings-conquest"),
    (4, "raging-rooks"),
    (5, "bishops"),
    (6, "mean-queens"),
    (7, "rescue-the-queen"),
    (8, "krazy-knights"),
    (9, "quickchess"),
];

/// The games whose finished games count (those with results: two sides or a party).
const GAME_KINDS: &[Kind] = &[
    Kind::Quickchess,
    Kind::Querni,
    Kind::CheckmatesParty,
    Kind::RoyalMatch,
];

fn bad(what: String) -> ApiError {
    ApiError::BadInput(Invalid::Input, what)
}

fn count_in_range(at: &str, count: u32) -> Result<(), ApiError> {
    if (1..=MAX_COUNT).contains(&count) {
        Ok(())
    } else {
        Err(bad(format!("{at}.count: {count}, not 1 to {MAX_COUNT}")))
    }
}

/// A variant's canonical name and a start position normalised, as a game stores them.
fn lesson_setup(
    at: &str,
    variant: &str,
    fen: Option<&str>,
) -> Result<(String, Option<String>), ApiError> {
    let c = DuelConfig::chess(ColorChoice::White, false, variant, fen)
        .map_err(|e| bad(format!("{at}: {}", e.public_message())))?;
    Ok((c.variant.unwrap_or_default(), c.fen))
}

impl Task {
    /// Checks the task (`at` names it in an error: `tasks[2]`) and puts its names in the form
    /// games store them (a variant's canonical name, a normalised FEN).
    pub fn checked(self, at: &str) -> Result<Task, ApiError> {
        match self {
            Task::Puzzles {
                game,
                count,
                theme,
                rating,
                set,
            } => {
                count_in_range(at, count)?;
                if let Some(t) = &theme
                    && (t.is_empty()
                        || t.len() > 32
                        || !t
                            .chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
                {
                    return Err(bad(format!("{at}.theme: `{t}` is not a theme name")));
                }
                if let Some(b) = rating
                    && (b.min > b.max || b.max > 4000)
                {
                    return Err(bad(format!(
                        "{at}.rating: {} to {} is no band of ratings (0 to 4000, low to high)",
                        b.min, b.max
                    )));
                }
                if let Some(s) = &set
                    && (s.is_empty()
                        || s.len() > MAX_SET
                        || s.iter().any(|p| p.is_empty() || p.len() > 64))
                {
                    return Err(bad(format!("{at}.set: 1 to {MAX_SET} puzzle ids")));
                }
                Ok(Task::Puzzles {
                    game,
                    count,
                    theme,
                    rating,
                    set,
                })
            }
            Task::Lesson {
                variant,
                goal,
                level,
                fen,
            } => {
                Kind::Quickchess
                    .check_bot_level(level)
                    .map_err(|e| bad(format!("{at}.level: {}", e.public_message())))?;
                let (variant, fen) = lesson_setup(at, &variant, fen.as_deref())?;
                Ok(Task::Lesson {
                    variant,
                    goal,
                    level,
                    fen,
                })
            }
            Task::Cards {
                game,
                difficulty,
                count,
            } => {
                count_in_range(at, count)?;
                if !(1..=30).contains(&difficulty) {
                    return Err(bad(format!(
                        "{at}.difficulty: {difficulty} moves, not 1 to 30"
                    )));
                }
                Ok(Task::Cards {
                    game,
                    difficulty,
                    count,
                })
            }
            Task::Learn { chapter } => {
                if !CHAPTERS.iter().any(|&(c, _)| c == chapter) {
                    return Err(bad(format!(
                        "{at}.chapter: {chapter}; the chapters ended by a lesson game are 2 to 9 \
                         (chapter 1 is the rules, read, not played)"
                    )));
                }
                Ok(Task::Learn { chapter })
            }
            Task::Games {
                game,
                variant,
                count,
                against,
                level,
            } => {
                count_in_range(at, count)?;
                let kind = Kind::parse(&game)
                    .filter(|k| GAME_KINDS.contains(k))
                    .ok_or_else(|| {
                        bad(format!(
                            "{at}.game: `{game}`; games counted are quickchess, querni, \
                             checkmates-party and royal-match"
                        ))
                    })?;
                if let Some(l) = level {
                    if against == Against::Classmate {
                        return Err(bad(format!(
                            "{at}.level: a level is for games against the computer"
                        )));
                    }
                    kind.check_bot_level(l)
                        .map_err(|e| bad(format!("{at}.level: {}", e.public_message())))?;
                }
                let variant = match variant {
                    Some(v) if kind == Kind::Quickchess => Some(lesson_setup(at, &v, None)?.0),
                    Some(_) => {
                        return Err(bad(format!("{at}.variant: only QuickChess has variants")));
                    }
                    None => None,
                };
                Ok(Task::Games {
                    game,
                    variant,
                    count,
                    against,
                    level,
                })
            }
        }
    }

    /// How many things the task asks for.
    pub fn of(&self) -> u32 {
        match self {
            Task::Puzzles { count, .. } | Task::Cards { count, .. } | Task::Games { count, .. } => {
                *count
            }
            Task::Lesson { .. } | Task::Learn { .. } => 1,
        }
    }
}
