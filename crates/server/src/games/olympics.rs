//! The QuickChess Olympics as one game of the server: five QuickChess games in a row.

use super::duel::DuelConfig;
use super::quickchess::{ChessIntent, ChessLive, ChessShown, ChessView, PublicChess};
use super::{Adapter, BotMove};
use crate::error::{ApiError, Rule};
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
///
/// With free first moves **[ours]**: a first game whose first move is not made in time aborts
/// the whole series (nothing played, nothing rated), as any single game; in a later game,
/// when both players are known to be there, a side that makes no first move in time loses
/// that game as on time (so stalling cannot end a series early).
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
    /// Whether the first game was aborted, and with it the series.
    aborted: bool,
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
                berserk: false,
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
            aborted: false,
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
            return Err(ApiError::Refused(
                Rule::Game,
                "the Olympics are over".into(),
            ));
        }
        let mut events: Vec<SeriesEvent> = self
            .current
            .apply(action, now, services)?
            .into_iter()
            .map(SeriesEvent::Game)
            .collect();
        let game = &self.current.game;
        let decided = match (game.outcome(), game.aborted()) {
            (Some(o), _) => Some((o.winner(), o.result(), o.to_string())),
            (None, Some(_)) if self.index == 0 => {
                self.aborted = true;
                events.push(SeriesEvent::Series(SeriesNews::SeriesGameOver { game: 1 }));
                return Ok(events);
            }
            (None, Some(late)) => {
                let winner = late.other();
                let result = if winner == Color::White { "1-0" } else { "0-1" };
                let why = format!("{} wins: {} made no first move", winner.name(), late.name());
                Some((Some(winner), result, why))
            }
            (None, None) => None,
        };
        if let Some((winner, result, outcome)) = decided
            && self.results.len() == self.index
        {
            let white_seat = self.current.config.sides[0];
            let halves = match winner {
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
                result,
                outcome,
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

    /// Whether all five games are over, or the first was aborted.
    fn is_over(&self) -> bool {
        self.aborted || self.results.len() == 5
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

    /// The points of the five games (none for an aborted series).
    fn outcome(&self) -> Option<Vec<f64>> {
        (self.results.len() == 5).then(|| self.half_points.iter().map(|&h| f64::from(h)).collect())
    }

    /// An aborted series is never rated.
    fn played_enough(&self) -> bool {
        !self.aborted
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess_view::end_of;
    use tabula_core::clock::FIRST_MOVE_MS;

    const CLOCK: TimeControl = TimeControl {
        base_ms: 60_000,
        increment_ms: 0,
        first_move_ms: Some(FIRST_MOVE_MS),
        per_move: false,
    };

    fn config(variant: &str) -> DuelConfig {
        DuelConfig {
            sides: [0, 1],
            variant: Some(variant.into()),
            fen: None,
            clock: Some(CLOCK),
            berserk: false,
        }
    }

    #[test]
    fn an_aborted_game_has_no_result_and_is_not_rated() {
        let services = Services::new();
        let mut g = ChessLive::begin(config("quickchess"), 1, 0).unwrap();
        g.apply(&ChessAction::Tick, FIRST_MOVE_MS - 1, &services)
            .unwrap();
        assert!(!g.is_over());
        g.apply(&ChessAction::Tick, FIRST_MOVE_MS, &services)
            .unwrap();
        assert!(g.is_over());
        assert_eq!((g.outcome(), g.played_enough()), (None, false));
        let end = end_of(&g.game).unwrap();
        assert_eq!(
            (end.winner, end.reason, end.flag),
            (None, "aborted", Some(None))
        );
        let v = g.view(Some(0), &[], FIRST_MOVE_MS, &services);
        assert_eq!(v.result, Some("*"));
        assert_eq!(
            v.clock.map(|c| (c.white_ms, c.running)),
            Some((60_000, None))
        );
    }

    #[test]
    fn an_aborted_first_game_aborts_the_series_and_a_later_one_is_lost() {
        let services = Services::new();
        let mut s =
            SeriesLive::start(config(crate::games::duel::OLYMPICS), 1, 0, &services).unwrap();
        s.apply(&ChessAction::Tick, FIRST_MOVE_MS, &services)
            .unwrap();
        assert!(s.is_over());
        assert_eq!((s.outcome(), s.played_enough()), (None, false));
        assert!(
            s.apply(&ChessAction::Tick, FIRST_MOVE_MS + 1, &services)
                .is_err()
        );

        let mut s =
            SeriesLive::start(config(crate::games::duel::OLYMPICS), 1, 0, &services).unwrap();
        let resign = ChessAction::Resign {
            player: Color::White,
        };
        s.apply(&resign, 1_000, &services).unwrap();
        assert_eq!(s.index, 1);
        // game 2 (seat 1 is white): white makes no first move and loses it
        s.apply(&ChessAction::Tick, 1_000 + FIRST_MOVE_MS, &services)
            .unwrap();
        assert_eq!(s.index, 2, "the series goes on");
        assert_eq!(s.results[1].result, "0-1");
        assert_eq!(s.results[1].points, [1.0, 0.0]);
        assert_eq!(s.half_points, [2, 2]);
        assert!(!s.is_over() && s.played_enough());
    }
}
