//! How the server judges a task from the play itself (issue #55): the puzzles a student
//! solved at the first rated try, the games they finished (their results rows, with who sat
//! opposite), and the solo cards they met, after the assignment was given. A pure function of
//! those records, so it is tested without a server, and the progress table is as true as the
//! records it reads.

use super::tasks::{Against, CHAPTERS, Goal, Task};
use crate::model::Kind;
use crate::store::class_play::{CardSolve, FinishedGame, SolvedPuzzle};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use ts_rs::TS;

impl Task {
    /// How far a student is with the task, from what they played since `since`;
    /// `classmates` are the other members of the class.
    pub fn judge(&self, played: &Played, since: u64) -> Tally {
        let items: Vec<(u64, u64)> = match self {
            Task::Puzzles {
                game,
                theme,
                rating,
                set,
                ..
            } => played
                .puzzles
                .iter()
                .filter(|p| p.at >= since && p.game == game.name())
                .filter(|p| theme.as_ref().is_none_or(|t| p.themes.contains(t)))
                .filter(|p| {
                    rating.is_none_or(|b| (f64::from(b.min)..=f64::from(b.max)).contains(&p.rating))
                })
                .filter(|p| set.as_ref().is_none_or(|s| s.contains(&p.puzzle)))
                .map(|p| (p.at, 0))
                .collect(),
            Task::Lesson {
                variant,
                goal,
                level,
                fen,
            } => {
                let least = match goal {
                    Goal::Draw => 0.5,
                    Goal::Win => 1.0,
                };
                played
                    .games
                    .iter()
                    .filter(|g| g.finished >= since && g.score >= least)
                    .filter(|g| lesson_of(g).is_some_and(|(v, f)| v == *variant && f == *fen))
                    .filter(|g| bot_level(g).is_some_and(|l| l >= u32::from(*level)))
                    .map(|g| (g.finished, spent(g)))
                    .collect()
            }
            Task::Learn { chapter } => {
                let variant = CHAPTERS.iter().find(|(c, _)| c == chapter).map(|(_, v)| *v);
                played
                    .games
                    .iter()
                    .filter(|g| g.finished >= since && g.score >= 1.0 && bot_level(g).is_some())
                    .filter(|g| {
                        lesson_of(g)
                            .is_some_and(|(v, f)| Some(v.as_str()) == variant && f.is_none())
                    })
                    .map(|g| (g.finished, spent(g)))
                    .collect()
            }
            Task::Cards {
                game, difficulty, ..
            } => played
                .cards
                .iter()
                .filter(|c| c.at >= since && c.deck == game.name())
                .filter(|c| c.optimum == Some(*difficulty) && c.moves == *difficulty)
                .map(|c| (c.at, c.ms))
                .collect(),
            Task::Games {
                game,
                variant,
                against,
                level,
                ..
            } => played
                .games
                .iter()
                .filter(|g| g.finished >= since && g.kind == *game)
                .filter(|g| variant.is_none() || lesson_of(g).map(|(v, _)| v) == *variant)
                .filter(|g| match against {
                    Against::Computer => {
                        bot_level(g).is_some_and(|l| level.is_none_or(|want| l >= u32::from(want)))
                    }
                    Against::Classmate => g
                        .opponents
                        .iter()
                        .any(|o| o.account.is_some_and(|a| played.classmates.contains(&a))),
                })
                .map(|g| (g.finished, spent(g)))
                .collect(),
        };
        Tally::of(items, self.of())
    }
}

/// What a student played since the oldest assignment judged.
pub struct Played<'a> {
    /// Puzzles solved at the first rated try.
    pub puzzles: &'a [SolvedPuzzle],
    /// Games finished.
    pub games: &'a [FinishedGame],
    /// Solo cards met.
    pub cards: &'a [CardSolve],
    /// The other members of the class.
    pub classmates: &'a HashSet<i64>,
}

/// How far a student is with a task.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, TS)]
pub struct Tally {
    /// Things done that count (at most `of`).
    pub done: u32,
    /// Things asked for.
    pub of: u32,
    /// Time spent on what counted (ms; games and cards: puzzles' time is not recorded).
    #[ts(type = "number")]
    pub ms: u64,
    /// When the last thing that counted was done.
    #[ts(type = "number | null")]
    pub last: Option<u64>,
    /// When the task was met, if it was.
    #[ts(type = "number | null")]
    pub met: Option<u64>,
}

impl Tally {
    /// The tally of things done at `(when, ms spent)`, oldest first, of `of` asked for.
    fn of(mut items: Vec<(u64, u64)>, of: u32) -> Tally {
        items.sort_by_key(|&(at, _)| at);
        items.truncate(of as usize);
        let done = u32::try_from(items.len()).unwrap_or(u32::MAX);
        Tally {
            done,
            of,
            ms: items.iter().map(|&(_, ms)| ms).sum(),
            last: items.last().map(|&(at, _)| at),
            met: (done >= of)
                .then(|| items.last().map(|&(at, _)| at))
                .flatten(),
        }
    }
}

/// The computer's level in a game, if the computer sat opposite.
fn bot_level(g: &FinishedGame) -> Option<u32> {
    g.opponents.iter().find_map(|o| o.bot_level)
}

/// Time a game took.
fn spent(g: &FinishedGame) -> u64 {
    g.started.map_or(0, |s| g.finished.saturating_sub(s))
}

/// A QuickChess game's variant and start position (none: the variant's start), as stored.
fn lesson_of(g: &FinishedGame) -> Option<(String, Option<String>)> {
    #[derive(Deserialize)]
    struct Stored {
        game: Option<StoredGame>,
    }
    #[derive(Deserialize)]
    struct StoredGame {
        variant: Option<String>,
        fen: Option<String>,
    }
    if g.kind != Kind::Quickchess.name() {
        return None;
    }
    let stored: Stored = serde_json::from_str(&g.config).ok()?;
    let game = stored.game?;
    Some((game.variant?, game.fen))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classes::tasks::{Deck, RatingBand};
    use crate::puzzles::Game as PuzzleGame;
    use crate::store::class_play::Opponent;

    fn game(
        kind: &str,
        config: &str,
        score: f64,
        finished: u64,
        opponent: Opponent,
    ) -> FinishedGame {
        FinishedGame {
            game: format!("g{finished}"),
            kind: kind.into(),
            config: config.into(),
            score,
            started: Some(finished.saturating_sub(60_000)),
            finished,
            opponents: vec![opponent],
        }
    }

    fn bot(level: u32) -> Opponent {
        Opponent {
            account: None,
            bot_level: Some(level),
        }
    }

    const PAWNS: &str = r#"{"game":{"variant":"power-pawns","fen":null}}"#;

    #[test]
    fn a_lesson_counts_at_its_level_or_above_with_its_goal_after_the_assignment() {
        let task = Task::Lesson {
            variant: "power-pawns".into(),
            goal: Goal::Draw,
            level: 3,
            fen: None,
        }
        .checked("t")
        .unwrap();
        let mates = HashSet::new();
        let judge = |games: &[FinishedGame]| {
            task.judge(
                &Played {
                    puzzles: &[],
                    games,
                    cards: &[],
                    classmates: &mates,
                },
                1_000_000,
            )
        };
        // a loss, a draw at a lower level, a draw before the assignment: none counts
        let none = [
            game("quickchess", PAWNS, 0.0, 2_000_000, bot(5)),
            game("quickchess", PAWNS, 0.5, 2_000_000, bot(2)),
            game("quickchess", PAWNS, 0.5, 900_000, bot(8)),
            game(
                "quickchess",
                r#"{"game":{"variant":"bishops"}}"#,
                1.0,
                2_000_000,
                bot(8),
            ),
        ];
        assert_eq!(judge(&none).done, 0);
        // a win holds the draw too; the time it took is counted, and when
        let t = judge(&[game("quickchess", PAWNS, 1.0, 3_000_000, bot(3))]);
        assert_eq!((t.done, t.of, t.ms, t.met), (1, 1, 60_000, Some(3_000_000)));
    }

    #[test]
    fn cards_count_only_when_solved_in_their_minimum_of_the_difficulty_asked() {
        let task = Task::Cards {
            game: Deck::Checkmates,
            difficulty: 4,
            count: 2,
        };
        let card = |moves, optimum, at| CardSolve {
            game: "s".into(),
            card: 0,
            account: 1,
            deck: "checkmates".into(),
            moves,
            optimum,
            ms: 5_000,
            at,
        };
        let mates = HashSet::new();
        let cards = [
            card(5, Some(4), 10),
            card(3, Some(3), 11),
            card(4, None, 12),
            card(4, Some(4), 13),
        ];
        let played = Played {
            puzzles: &[],
            games: &[],
            cards: &cards,
            classmates: &mates,
        };
        let t = task.judge(&played, 0);
        assert_eq!((t.done, t.of, t.ms, t.met), (1, 2, 5_000, None));
        assert_eq!(t.last, Some(13));
    }

    #[test]
    fn games_against_a_classmate_or_the_computer_and_puzzles_by_theme_and_band() {
        let mates: HashSet<i64> = [7].into_iter().collect();
        let person = |account| Opponent {
            account: Some(account),
            bot_level: None,
        };
        let games = [
            game("querni", "{}", 0.0, 10, person(7)),
            game("querni", "{}", 1.0, 11, person(8)),
            game("querni", "{}", 1.0, 12, bot(2)),
        ];
        let puzzles = [
            SolvedPuzzle {
                puzzle: "a".into(),
                game: "quickchess".into(),
                themes: vec!["fork".into()],
                rating: 1200.0,
                at: 5,
            },
            SolvedPuzzle {
                puzzle: "b".into(),
                game: "quickchess".into(),
                themes: vec!["mate-in-1".into()],
                rating: 1250.0,
                at: 6,
            },
        ];
        let played = Played {
            puzzles: &puzzles,
            games: &games,
            cards: &[],
            classmates: &mates,
        };
        let games_task = |against, level| Task::Games {
            game: "querni".into(),
            variant: None,
            count: 3,
            against,
            level,
        };
        assert_eq!(
            games_task(Against::Classmate, None).judge(&played, 0).done,
            1
        );
        assert_eq!(
            games_task(Against::Computer, Some(2))
                .judge(&played, 0)
                .done,
            1
        );
        assert_eq!(
            games_task(Against::Computer, Some(3))
                .judge(&played, 0)
                .done,
            0
        );
        let puzzles_task = |theme: Option<&str>, rating| Task::Puzzles {
            game: PuzzleGame::Quickchess,
            count: 5,
            theme: theme.map(str::to_string),
            rating,
            set: None,
        };
        assert_eq!(puzzles_task(None, None).judge(&played, 0).done, 2);
        assert_eq!(puzzles_task(Some("fork"), None).judge(&played, 0).done, 1);
        let band = Some(RatingBand {
            min: 1220,
            max: 1300,
        });
        assert_eq!(puzzles_task(None, band).judge(&played, 0).done, 1);
        assert_eq!(puzzles_task(None, None).judge(&played, 6).done, 1, "since");
    }

    #[test]
    fn tasks_are_checked_and_named_as_games_store_them() {
        let t = Task::Games {
            game: "quickchess".into(),
            variant: Some("mix:RK".into()),
            count: 1,
            against: Against::Computer,
            level: None,
        }
        .checked("tasks[0]")
        .unwrap();
        assert!(matches!(t, Task::Games { variant: Some(v), .. } if v != "mix:RK"));
        let e = Task::Lesson {
            variant: "nosuch".into(),
            goal: Goal::Win,
            level: 1,
            fen: None,
        }
        .checked("tasks[3]")
        .unwrap_err();
        assert!(e.to_string().contains("tasks[3]"), "{e}");
    }
}
