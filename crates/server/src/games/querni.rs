//! Querni for two: online by link, against the computer, or at one screen; clocks and
//! takebacks (granted at once by the computer and at one screen).

use super::duel::{COMPUTER_DELAY_MS, DuelConfig};
use super::{Adapter, BotMove, bot_seats};
use crate::error::{ApiError, Denied, Fault, Invalid, Rule};
use crate::services::Services;
use crate::store::SeatRecord;
use serde::{Deserialize, Serialize};
use tabula_core::rng::mix;
use tabula_core::{Game, Millis};
use tabula_querni::players::best_turn;
use tabula_querni::position::{FILES, square_name};
use tabula_querni::{
    Position, QuerniAction, QuerniConfig, QuerniEvent, QuerniGame, Searcher, Side, Status, Turn,
    TurnText,
};
use ts_rs::TS;

/// The longest turn text accepted (a long jump sequence with a removal is under 60).
const MAX_TURN_TEXT: usize = 200;

/// A Querni game being played.
#[derive(Clone, Debug)]
pub struct QuerniLive {
    pub(crate) game: QuerniGame,
    pub(crate) config: DuelConfig,
    last_at: Millis,
    /// Each turn of the history as a client shows it (kept in step with the game).
    steps: Vec<TurnStep>,
}

/// A turn of the history as the browser marks it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct TurnStep {
    /// Who played it.
    pub side: Side,
    /// Its notation.
    pub turn: String,
    /// Whether it was an automatic pass.
    pub auto: bool,
    /// The squares the moved piece stood on (start and landings).
    pub path: Vec<String>,
    /// The squares the removed chain stood on.
    pub removed: Vec<String>,
    /// The position after it.
    pub after: String,
}

/// A piece on a cell.
#[derive(Clone, Copy, Debug, Serialize, TS)]
pub struct CellPiece {
    /// Whose.
    pub side: Side,
    /// Its number.
    pub n: u8,
}

/// The clocks of a timed game.
#[derive(Clone, Copy, Debug, Serialize, TS)]
pub struct QuerniClock {
    /// Blue's time left.
    pub blue_ms: Millis,
    /// Red's.
    pub red_ms: Millis,
    /// Whose clock runs: none until the side to move has played its first turn (first turns
    /// are free) or after the end.
    pub running: Option<Side>,
    /// The time each side started with.
    pub initial_ms: Option<Millis>,
    /// Added after each turn.
    pub increment_ms: Option<Millis>,
}

/// A removal as `[low, high, loses]`: `loses` when it would strand some of the mover's
/// numbers in a run shorter than three (legal, but the game is lost at once).
pub type RemovalView = (u8, u8, bool);

/// A movement with its jump path and the removals it makes possible.
#[derive(Clone, Debug, Serialize, TS)]
pub struct MovementView {
    /// From.
    pub from: String,
    /// To.
    pub to: String,
    /// The squares on the way.
    pub path: Vec<String>,
    /// Its notation.
    pub text: String,
    /// The removals after it.
    pub removals: Vec<RemovalView>,
}

/// The legal turns of the side to move.
#[derive(Clone, Debug, Serialize, TS)]
pub struct QuerniLegal {
    /// Every movement.
    pub movements: Vec<MovementView>,
    /// The removals available without moving.
    pub removals: Vec<RemovalView>,
}

/// A count for each side.
#[derive(Clone, Copy, Debug, Serialize, TS)]
pub struct BySide<T> {
    /// Blue's.
    pub blue: T,
    /// Red's.
    pub red: T,
}

/// What a Querni player (or spectator) sees.
#[derive(Clone, Debug, Serialize, TS)]
pub struct QuerniView {
    /// `querni`.
    pub kind: &'static str,
    /// The position (notation).
    pub position: String,
    /// The start position.
    pub start: String,
    /// Each of the 70 cells: a piece or nothing.
    pub cells: Vec<Option<CellPiece>>,
    /// Files of the board.
    pub files: u8,
    /// The side to move.
    pub turn: Side,
    /// Turns without a removal.
    pub quiet: u8,
    /// The quiet turns that draw.
    pub draw_at: u8,
    /// Pieces left.
    pub left: BySide<u8>,
    /// Every turn.
    pub history: Vec<TurnStep>,
    /// The clocks of a timed game.
    pub clock: Option<QuerniClock>,
    /// An arena tournament's game: the viewer may berserk now.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub may_berserk: bool,
    /// Who berserked (Blue first).
    pub berserked: [bool; 2],
    /// The server's time.
    pub now: Millis,
    /// The side asking for a takeback.
    pub takeback: Option<Side>,
    /// How it ended, or `ongoing`.
    pub end: Status,
    /// The result (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: String,
    /// Whether it is over.
    pub over: bool,
    /// The seats of each side.
    pub sides: BySide<u32>,
    /// Both sides at one screen.
    pub one_screen: bool,
    /// The viewer's seat.
    pub you: Option<u32>,
    /// Whether the viewer moves now.
    pub your_turn: bool,
    /// The viewer's legal turns, when it moves.
    pub legal: Option<QuerniLegal>,
}

/// What a Querni player may ask for.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum QuerniIntent {
    /// A turn in notation: `c2-c3 x4-6`, `c2:e4`, `pass`.
    Turn {
        /// The turn.
        turn: String,
    },
    /// Give up.
    Resign,
    /// Berserk (an arena tournament's game, before one's first turn).
    Berserk,
    /// Ask to take one's last turn back (at one screen: the last turn; against the computer
    /// it is granted at once).
    OfferTakeback,
    /// Grant the opponent's takeback.
    AcceptTakeback,
    /// Refuse the opponent's takeback.
    DeclineTakeback,
}

fn side_name(i: usize) -> Side {
    if i == 0 { Side::Blue } else { Side::Red }
}

impl QuerniLive {
    fn to_move(&self) -> usize {
        usize::from(self.game.position().turn() == Side::Red)
    }

    /// Whether a takeback asked for by `side` is granted at once: the other side is the
    /// computer, or both sides play at one screen.
    fn grants_at_once(&self, side: Side, seats: &[SeatRecord]) -> bool {
        let other = self.config.sides[side.other().index()];
        self.config.one_screen() || bot_seats(seats).any(|(s, _)| s == other)
    }

    /// The side of the last turn a player typed (not an automatic pass).
    fn last_typed(&self) -> Option<Side> {
        let h = self.game.history();
        (0..h.len())
            .rev()
            .find(|&i| !self.game.automatic(i))
            .map(|i| h[i].0)
    }
}

/// Each turn of a history as the browser marks it: who, the notation, whether it was an
/// automatic pass, the squares the moved piece stood on (start and landings), the squares
/// the removed chain stood on, and the position after it (for stepping through the game).
fn steps(game: &QuerniGame) -> Vec<TurnStep> {
    let mut p: Position = *game.start_position();
    game.history()
        .iter()
        .enumerate()
        .map(|(i, (side, text))| {
            let written = TurnText::parse(text).ok();
            let (turn, after) = match p.play(text) {
                Ok(played) => played,
                Err(_) => (Turn::PASS, p.play_unchecked(Turn::PASS)),
            };
            let moved = turn.movement.map_or(p, |m| p.after_movement(m));
            let removed: Vec<String> = turn
                .removal
                .map(|r| {
                    (r.low..=r.high)
                        .filter_map(|n| moved.square_of(*side, n))
                        .map(square_name)
                        .collect()
                })
                .unwrap_or_default();
            let path: Vec<String> = written
                .map(|w| w.squares.iter().map(|&s| square_name(s)).collect())
                .unwrap_or_default();
            p = after;
            TurnStep {
                side: *side,
                turn: text.clone(),
                auto: game.automatic(i),
                path,
                removed,
                after: p.to_string(),
            }
        })
        .collect()
}

impl Adapter for QuerniLive {
    type Config = DuelConfig;
    type Intent = QuerniIntent;
    type Action = QuerniAction;
    type View = QuerniView;
    type Event = QuerniEvent;
    type Public = QuerniAction;

    fn start(config: DuelConfig, seed: u64, now: Millis, _: &Services) -> Result<Self, ApiError> {
        let start = QuerniConfig {
            start: None,
            clock: config.clock,
        };
        let (game, _) = QuerniGame::start(start, seed, now)
            .map_err(|e| ApiError::Internal(Fault::Stored, format!("stored configuration: {e}")))?;
        let steps = steps(&game);
        Ok(QuerniLive {
            game,
            config,
            last_at: now,
            steps,
        })
    }

    fn action(&self, seat: u32, intent: QuerniIntent) -> Result<QuerniAction, ApiError> {
        let mut side = self
            .config
            .side_of(seat, self.to_move())
            .map(side_name)
            .ok_or_else(|| ApiError::Forbidden(Denied::NoSeat, "this seat plays no side".into()))?;
        // at one screen a takeback is of the last turn, whoever played it
        if self.config.one_screen() && matches!(intent, QuerniIntent::OfferTakeback) {
            side = self.last_typed().unwrap_or(side);
        }
        Ok(match intent {
            QuerniIntent::Turn { turn } => {
                if turn.len() > MAX_TURN_TEXT {
                    return Err(ApiError::BadInput(
                        Invalid::Moves,
                        format!("a turn is at most {MAX_TURN_TEXT} characters"),
                    ));
                }
                QuerniAction::Turn { side, turn }
            }
            QuerniIntent::Resign => QuerniAction::Resign { side },
            QuerniIntent::Berserk => {
                self.config.may_berserk()?;
                QuerniAction::Berserk { side }
            }
            QuerniIntent::OfferTakeback => QuerniAction::OfferTakeback { side },
            QuerniIntent::AcceptTakeback => QuerniAction::AcceptTakeback { side },
            QuerniIntent::DeclineTakeback => QuerniAction::DeclineTakeback { side },
        })
    }

    fn apply(
        &mut self,
        action: &QuerniAction,
        now: Millis,
        _: &Services,
    ) -> Result<Vec<QuerniEvent>, ApiError> {
        let ev = self
            .game
            .apply(action, now)
            .map_err(|e| ApiError::Refused(Rule::Game, e.to_string()))?;
        self.last_at = now;
        if self.steps.len() != self.game.history().len() {
            self.steps = steps(&self.game);
        }
        Ok(ev)
    }

    fn tick() -> Option<QuerniAction> {
        Some(QuerniAction::Tick)
    }

    fn next_deadline(&self) -> Option<Millis> {
        self.game.next_deadline()
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn awaiting(&self) -> Option<(u32, Millis)> {
        super::duel::correspondence_turn(
            self.game.time_control(),
            self.game.is_over(),
            self.config.sides[self.to_move()],
            self.game.next_deadline(),
        )
    }

    fn bot(&self, seats: &[SeatRecord], seed: u64, _: &Services) -> Option<BotMove<QuerniAction>> {
        if self.game.is_over() {
            return None;
        }
        if let Some(asker) = self.game.takeback_offer()
            && self.grants_at_once(asker, seats)
        {
            let grant = QuerniAction::AcceptTakeback {
                side: asker.other(),
            };
            return Some(BotMove::At(self.last_at, grant));
        }
        let seat = self.config.sides[self.to_move()];
        let (_, level) = bot_seats(seats).find(|(s, _)| *s == seat)?;
        let p = *self.game.position();
        let seed = mix(&[seed, self.game.history().len() as u64]);
        Some(BotMove::Think {
            not_before: self.last_at + COMPUTER_DELAY_MS,
            think: Box::new(move || {
                let mut searcher = Searcher::default();
                let turn = best_turn(&p, level, seed, &mut searcher, &mut || false).turn();
                Some(QuerniAction::Turn {
                    side: p.turn(),
                    turn: p.describe(turn).to_string(),
                })
            }),
        })
    }

    /// An aborted game (a first turn not played in time) is never rated.
    fn played_enough(&self) -> bool {
        use tabula_querni::{Status, WinReason};
        if matches!(self.game.status(), Status::Aborted { .. }) {
            return false;
        }
        let by_the_players = matches!(
            self.game.status(),
            Status::Won {
                reason: WinReason::Resigned | WinReason::Timeout,
                ..
            }
        );
        !by_the_players || self.game.history().len() >= 2 * super::RATED_MOVES
    }

    fn outcome(&self) -> Option<Vec<f64>> {
        match self.game.status() {
            tabula_querni::Status::Ongoing | tabula_querni::Status::Aborted { .. } => None,
            tabula_querni::Status::Won { winner, .. } => {
                super::duel_outcome(self.config.sides, Some(usize::from(winner == Side::Red)))
            }
            tabula_querni::Status::Draw => super::duel_outcome(self.config.sides, None),
        }
    }

    fn view(&self, seat: Option<u32>, _: &[SeatRecord], now: Millis, _: &Services) -> QuerniView {
        let p = self.game.position();
        let cells = (0..70u8)
            .map(|sq| {
                let id = p.cell(sq);
                (id != 0).then(|| {
                    let (side, n) = tabula_querni::position::piece_of(id);
                    CellPiece { side, n }
                })
            })
            .collect();
        let to_move = self.to_move();
        let mine = seat.is_some_and(|s| self.config.side_of(s, to_move) == Some(to_move));
        let over = self.game.is_over();
        let status = self.game.status();
        let control = self.game.time_control();
        let clock = self.game.clocks(now).map(|[blue, red]| QuerniClock {
            blue_ms: blue,
            red_ms: red,
            running: self.game.clock_running(),
            initial_ms: control.map(|t| t.base_ms),
            increment_ms: control.map(|t| t.increment_ms),
        });
        QuerniView {
            kind: "querni",
            position: p.to_string(),
            start: self.game.start_position().to_string(),
            cells,
            files: FILES,
            turn: p.turn(),
            quiet: p.quiet(),
            draw_at: tabula_querni::position::DRAW_TURNS,
            left: BySide {
                blue: p.count(Side::Blue),
                red: p.count(Side::Red),
            },
            history: self.steps.clone(),
            clock,
            may_berserk: self.config.berserk
                && seat
                    .and_then(|s| self.config.side_of(s, to_move))
                    .is_some_and(|i| {
                        self.game
                            .may_berserk(if i == 0 { Side::Blue } else { Side::Red })
                    }),
            berserked: self.game.berserked(),
            now,
            takeback: self.game.takeback_offer(),
            end: status,
            result: status.result(),
            over,
            sides: BySide {
                blue: self.config.sides[0],
                red: self.config.sides[1],
            },
            one_screen: self.config.one_screen(),
            you: seat,
            your_turn: mine && !over,
            legal: (mine && !over).then(|| legal_turns(p)),
        }
    }

    fn close(view: &mut QuerniView) {
        view.over = true;
        view.your_turn = false;
        view.legal = None;
    }

    fn is_takeback(intent: &QuerniIntent) -> bool {
        matches!(
            intent,
            QuerniIntent::OfferTakeback
                | QuerniIntent::AcceptTakeback
                | QuerniIntent::DeclineTakeback
        )
    }

    fn public_action(&self, action: &QuerniAction) -> QuerniAction {
        action.clone()
    }
}

/// Every movement of the side to move with its jump path and the removals it makes possible,
/// and the removals available without moving.
pub fn legal_turns(p: &tabula_querni::Position) -> QuerniLegal {
    let side = p.turn();
    let mut movements = Vec::new();
    p.movements(&mut movements);
    let list = movements
        .iter()
        .map(|&m| {
            let text = p.describe(Turn {
                movement: Some(m),
                removal: None,
            });
            let path: Vec<String> = text.squares.iter().map(|&s| square_name(s)).collect();
            // the removals are those of the mover, looked at before the turn passes
            let mut removals = Vec::new();
            let after = p.after_movement(m);
            after.removals(side, &mut removals);
            MovementView {
                from: square_name(m.from),
                to: square_name(m.to),
                path,
                text: text.to_string(),
                removals: removals
                    .iter()
                    .map(|r| removal_view(&after, side, *r))
                    .collect(),
            }
        })
        .collect();
    let mut now = Vec::new();
    p.removals(side, &mut now);
    QuerniLegal {
        movements: list,
        removals: now.iter().map(|r| removal_view(p, side, *r)).collect(),
    }
}

/// A removal as `[low, high, loses]` (see [`RemovalView`]).
fn removal_view(p: &tabula_querni::Position, side: Side, r: tabula_querni::Removal) -> RemovalView {
    let left = p.numbers_on_board(side) & !r.mask();
    let loses = left != 0 && tabula_querni::rules::stranded(left) != 0;
    (r.low, r.high, loses)
}
