//! The QuickChess Olympics as one game of the server: five QuickChess games in a row.

use super::duel::DuelConfig;
use super::quickchess::{ChessIntent, ChessLive, ChessShown, ChessView, PublicChess};
use super::{Adapter, BotMove};
use crate::error::ApiError;
use crate::services::Services;
use crate::store::SeatRecord;
use serde::Serialize;
use tabula_chess::{ChessAction, Color};
use tabula_core::Millis;
use tabula_core::clock::TimeControl;
use tabula_core::rng::mix;
use ts_rs::TS;

/// The QuickChess Olympics: five games in the booklet's order (Rescue the Queen with blasters,
/// QuickChess, King's Pro Formation, Queen's Pro Formation, Blind QuickChess); a win scores
/// one point, a draw a half. The players change colours after each game **[ours]**: the
/// creator's chosen colour in games 1, 3 and 5.
#[derive(Clone, Debug)]
pub struct SeriesLive {
    /// The game being played (or the last one, when the series is over).
    current: ChessLive,
    /// Which game of the five it is (0-based).
    index: usize,
    /// The seats of white and black in game 1.
    first_sides: [u32; 2],
    /// Half-points of seat 0 and seat 1.
    half_points: [u32; 2],
    /// Each finished game: variant, result, and the half-points it gave seats 0 and 1.
    results: Vec<SeriesResult>,
    /// Every game's time control.
    clock: Option<TimeControl>,
    seed: u64,
}

/// A finished game of the series.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SeriesResult {
    /// Which (from 1).
    pub game: usize,
    /// Its variant.
    pub variant: String,
    /// Its result (`1-0`, ...).
    pub result: &'static str,
    /// Its outcome in words.
    pub outcome: String,
    /// The points it gave seats 0 and 1.
    pub points: [f64; 2],
}

/// The series around the current game.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SeriesInfo {
    /// `QuickChess Olympics`.
    pub name: &'static str,
    /// The game being played (from 1).
    pub game: usize,
    /// Five.
    pub of: usize,
    /// The points of seats 0 and 1.
    pub points: [f64; 2],
    /// Each finished game.
    pub results: Vec<SeriesResult>,
    /// Whether all five are over.
    pub over: bool,
    /// The seat that won the series (none: level, or not over).
    pub winner: Option<u32>,
    /// The five variants.
    pub games: Vec<String>,
}

/// What a player of the Olympics sees: the current game's view with the series.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SeriesView {
    /// The current game.
    #[serde(flatten)]
    pub game: ChessView,
    /// The series.
    pub series: SeriesInfo,
}

/// An event of the series: the current game's, or the series' own.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(untagged)]
pub enum SeriesEvent {
    /// The current game's.
    Game(ChessShown),
    /// The series'.
    Series(SeriesNews),
}

/// The series' own events.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum SeriesNews {
    /// A game of the series ended.
    SeriesGameOver {
        /// Which (from 1).
        game: usize,
    },
    /// The next game began.
    SeriesNext {
        /// Which (from 1).
        game: usize,
    },
}

impl SeriesLive {
    fn game(
        index: usize,
        first_sides: [u32; 2],
        clock: Option<TimeControl>,
        seed: u64,
        now: Millis,
    ) -> Result<ChessLive, ApiError> {
        let variant = tabula_chess::variant::olympics()[index];
        let sides = if index.is_multiple_of(2) {
            first_sides
        } else {
            [first_sides[1], first_sides[0]]
        };
        ChessLive::begin(
            DuelConfig {
                sides,
                variant: Some(variant.name()),
                fen: None,
                clock,
            },
            mix(&[seed, index as u64]),
            now,
        )
    }
}

impl Adapter for SeriesLive {
    type Config = DuelConfig;
    type Intent = ChessIntent;
    type Action = ChessAction;
    type View = SeriesView;
    type Event = SeriesEvent;
    type Public = PublicChess;

    fn start(config: DuelConfig, seed: u64, now: Millis, _: &Services) -> Result<Self, ApiError> {
        let first_sides = config.sides;
        let current = Self::game(0, first_sides, config.clock, seed, now)?;
        Ok(SeriesLive {
            current,
            index: 0,
            first_sides,
            clock: config.clock,
            half_points: [0, 0],
            results: Vec::new(),
            seed,
        })
    }

    fn action(&self, seat: u32, intent: ChessIntent) -> Result<ChessAction, ApiError> {
        self.current.action(seat, intent)
    }

    /// Applies an action to the current game; when it ends, scores it and starts the next.
    fn apply(
        &mut self,
        action: &ChessAction,
        now: Millis,
        services: &Services,
    ) -> Result<Vec<SeriesEvent>, ApiError> {
        if self.is_over() {
            return Err(ApiError::Refused("the Olympics are over".into()));
        }
        let mut events: Vec<SeriesEvent> = self
            .current
            .apply(action, now, services)?
            .into_iter()
            .map(SeriesEvent::Game)
            .collect();
        if let Some(outcome) = self.current.game.outcome()
            && self.results.len() == self.index
        {
            let white_seat = self.current.config.sides[0];
            let halves = match outcome.winner() {
                Some(Color::White) => [2, 0],
                Some(Color::Black) => [0, 2],
                None => [1, 1],
            };
            let mut by_seat = [0u32; 2];
            by_seat[white_seat as usize % 2] += halves[0];
            by_seat[(white_seat as usize + 1) % 2] += halves[1];
            self.half_points[0] += by_seat[0];
            self.half_points[1] += by_seat[1];
            self.results.push(SeriesResult {
                game: self.index + 1,
                variant: self.current.game.variant().name(),
                result: outcome.result(),
                outcome: outcome.to_string(),
                points: [f64::from(by_seat[0]) / 2.0, f64::from(by_seat[1]) / 2.0],
            });
            events.push(SeriesEvent::Series(SeriesNews::SeriesGameOver {
                game: self.index + 1,
            }));
            if self.index + 1 < 5 {
                self.index += 1;
                self.current =
                    Self::game(self.index, self.first_sides, self.clock, self.seed, now)?;
                events.push(SeriesEvent::Series(SeriesNews::SeriesNext {
                    game: self.index + 1,
                }));
            }
        }
        Ok(events)
    }

    fn tick() -> Option<ChessAction> {
        Some(ChessAction::Tick)
    }

    fn next_deadline(&self) -> Option<Millis> {
        if self.is_over() {
            None
        } else {
            self.current.next_deadline()
        }
    }

    /// Whether all five games are over.
    fn is_over(&self) -> bool {
        self.results.len() == 5
    }

    fn bot(
        &self,
        seats: &[SeatRecord],
        seed: u64,
        services: &Services,
    ) -> Option<BotMove<ChessAction>> {
        if self.is_over() {
            return None;
        }
        self.current.bot(seats, seed, services)
    }

    /// The points of the five games.
    fn outcome(&self) -> Option<Vec<f64>> {
        self.is_over()
            .then(|| self.half_points.iter().map(|&h| f64::from(h)).collect())
    }

    /// The current game's view with the series around it.
    fn view(
        &self,
        seat: Option<u32>,
        seats: &[SeatRecord],
        now: Millis,
        services: &Services,
    ) -> SeriesView {
        let mut game = self.current.view(seat, seats, now, services);
        let over = self.is_over();
        let points = [
            f64::from(self.half_points[0]) / 2.0,
            f64::from(self.half_points[1]) / 2.0,
        ];
        let winner = if over {
            match self.half_points[0].cmp(&self.half_points[1]) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            }
        } else {
            None
        };
        // the series goes on after one game ends: over only after the fifth
        game.over = over;
        if !over && self.current.is_over() {
            game.your_turn = false;
        }
        SeriesView {
            game,
            series: SeriesInfo {
                name: "QuickChess Olympics",
                game: self.index + 1,
                of: 5,
                points,
                results: self.results.clone(),
                over,
                winner,
                games: tabula_chess::variant::olympics()
                    .iter()
                    .map(|g| g.name())
                    .collect(),
            },
        }
    }

    fn close(view: &mut SeriesView) {
        ChessLive::close(&mut view.game);
    }

    fn is_takeback(intent: &ChessIntent) -> bool {
        ChessLive::is_takeback(intent)
    }

    fn public_action(&self, action: &ChessAction) -> PublicChess {
        self.current.public_action(action)
    }
}
