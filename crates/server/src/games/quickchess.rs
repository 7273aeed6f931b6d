//! QuickChess for two (every game of `tabula rules variants`, 8x8 chess included): online by link,
//! against the computer, or at one screen; Blind QuickChess's hidden placements included;
//! clocks and takebacks (granted at once by the computer and at one screen).

use super::chess_computer::{blind_placement, computer_move};
use super::chess_view::{
    ChessClock, End, LegalMove, Material, PieceOn, board_of, clock_of, end_of, legal_of,
    material_of, positions_after, result_of, words_of,
};
use super::duel::{COMPUTER_DELAY_MS, DuelConfig};
use super::{Adapter, BotMove, bot_seats};
use crate::error::{ApiError, Denied, Fault, Invalid, Rule};
use crate::knowledge::VerdictParts;
use crate::services::Services;
use crate::store::SeatRecord;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tabula_chess::{ChessAction, ChessConfig, ChessEvent, ChessGame, Color};
use tabula_core::rng::mix;
use tabula_core::{Game, Millis};
use ts_rs::TS;

/// The longest move or square text accepted (`a5a6q` is five).
const MAX_TEXT: usize = 16;

/// A QuickChess (or chess) game being played.
#[derive(Clone, Debug)]
pub struct ChessLive {
    pub(crate) game: ChessGame,
    pub(crate) config: DuelConfig,
    last_at: Millis,
    /// The FEN after each move (kept in step with the game's moves).
    fens: Vec<String>,
}

/// What a QuickChess player may ask for.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ChessIntent {
    /// A move in UCI (`a2a3`, `a5a6r`, `e1c1`).
    Move {
        /// The move.
        uci: String,
    },
    /// Blind QuickChess: place a piece on one's half.
    Place {
        /// The piece letter.
        role: char,
        /// The square.
        square: String,
    },
    /// Blind QuickChess: take back a placement.
    Unplace {
        /// The square.
        square: String,
    },
    /// Resign.
    Resign,
    /// Berserk (an arena tournament's game, before one's first move).
    Berserk,
    /// Offer a draw (or accept the opponent's offer).
    OfferDraw,
    /// Ask to take one's last move back (at one screen: the last move; against the
    /// computer it is granted at once).
    OfferTakeback,
    /// Grant the opponent's takeback.
    AcceptTakeback,
    /// Refuse the opponent's takeback.
    DeclineTakeback,
}

/// A move of the game as the browser lists it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct MoveView {
    /// In UCI.
    pub uci: String,
    /// In SAN.
    pub san: String,
    /// The position after it.
    pub fen: String,
}

/// A placement of Blind QuickChess the viewer may see (its own).
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct Placed {
    /// The square.
    pub square: String,
    /// The piece (a FEN letter).
    pub role: String,
}

/// Blind QuickChess before the reveal.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct SetupView {
    /// The viewer's own placements (none for spectators).
    pub yours: Option<Vec<Placed>>,
    /// Whether each side has placed all ten.
    pub done: [bool; 2],
    /// How many each side has placed.
    pub counts: [usize; 2],
}

/// The seat of each colour.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, TS)]
pub struct ByColor {
    /// White's seat.
    pub white: u32,
    /// Black's seat.
    pub black: u32,
}

/// What a QuickChess player (or spectator) sees.
#[derive(Clone, Debug, Serialize, TS)]
pub struct ChessView {
    /// `quickchess`.
    pub kind: &'static str,
    /// The variant's name.
    pub variant: String,
    /// Files.
    pub width: u8,
    /// Ranks.
    pub height: u8,
    /// The position (none while Blind placements are hidden).
    pub fen: Option<String>,
    /// The start position (the same).
    pub start_fen: Option<String>,
    /// The pieces.
    pub board: Vec<PieceOn>,
    /// The side to move (`white`, `black`).
    pub turn: &'static str,
    /// Whether it is in check.
    pub check: bool,
    /// Every move.
    pub moves: Vec<MoveView>,
    /// The last move.
    pub last: Option<MoveView>,
    /// Blind QuickChess before the reveal.
    pub setup: Option<SetupView>,
    /// Lost pieces and the balance.
    pub material: Option<Material>,
    /// The clocks of a timed game.
    pub clock: Option<ChessClock>,
    /// An arena tournament's game: the viewer may berserk now.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub may_berserk: bool,
    /// Who berserked (White first).
    pub berserked: [bool; 2],
    /// The server's time.
    pub now: Millis,
    /// The outcome in words.
    pub outcome: Option<String>,
    /// The outcome in parts.
    pub end: Option<End>,
    /// The result (`1-0`, ...; `*` for an aborted game).
    pub result: Option<&'static str>,
    /// The side offering a draw.
    pub draw_offer: Option<&'static str>,
    /// The side asking for a takeback.
    pub takeback: Option<&'static str>,
    /// Whether it is over.
    pub over: bool,
    /// The seat of each colour.
    pub sides: ByColor,
    /// Both sides at one screen.
    pub one_screen: bool,
    /// The viewer's colour.
    pub color: Option<&'static str>,
    /// The viewer's seat.
    pub you: Option<u32>,
    /// Whether the viewer moves now.
    pub your_turn: bool,
    /// The viewer's legal moves.
    pub legal: Vec<LegalMove>,
    /// What the tables or the lesson solver already know of the position.
    pub solved: Option<VerdictParts>,
    /// Whether the lesson-game coach may know the game (a lesson game the full-board solver
    /// takes): the page asks it after each move (`"coach": true` in `/api/chess/position`).
    pub coached: bool,
}

/// A Blind QuickChess placement as everyone may know of it before the reveal: who placed.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum HiddenPlacement {
    /// A piece was placed.
    Place {
        /// By whom.
        player: Color,
    },
    /// A piece was taken back.
    Unplace {
        /// By whom.
        player: Color,
    },
}

/// A QuickChess event as every client is told it.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(untagged)]
pub enum ChessShown {
    /// A Blind placement: who, never what or where.
    Hidden(HiddenEvent),
    /// Any other event.
    Event(ChessEvent),
}

/// A Blind placement's event without what or where.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum HiddenEvent {
    /// A piece was placed.
    Placed {
        /// By whom.
        player: Color,
    },
    /// A piece was taken back.
    Unplaced {
        /// By whom.
        player: Color,
    },
}

/// A QuickChess action as spectators may see it.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(untagged)]
pub enum PublicChess {
    /// A Blind placement before the reveal.
    Hidden(HiddenPlacement),
    /// Any other action.
    Action(ChessAction),
}

fn short(what: &str, text: String) -> Result<String, ApiError> {
    if text.len() > MAX_TEXT {
        Err(ApiError::BadInput(
            Invalid::Text,
            format!("{what} is at most {MAX_TEXT} characters"),
        ))
    } else {
        Ok(text)
    }
}

impl ChessLive {
    /// Starts a single game of the configured variant.
    pub fn begin(config: DuelConfig, seed: u64, now: Millis) -> Result<ChessLive, ApiError> {
        let variant = config
            .variant
            .clone()
            .unwrap_or_else(|| "quickchess".into());
        let (game, _) = ChessGame::start(
            ChessConfig {
                variant,
                fen: config.fen.clone(),
                clock: config.clock,
            },
            seed,
            now,
        )
        .map_err(|e| ApiError::Internal(Fault::Stored, format!("stored configuration: {e}")))?;
        Ok(ChessLive {
            game,
            config,
            last_at: now,
            fens: Vec::new(),
        })
    }

    /// Brings the positions after each move up to date (one more after a move; all again
    /// after a takeback or the reveal).
    fn sync_positions(&mut self) {
        let moves = self.game.moves();
        if moves.len() == self.fens.len() + 1 {
            self.fens.push(self.game.position().fen());
        } else if moves.len() != self.fens.len() {
            self.fens = positions_after(&self.game);
        }
    }

    /// Whether a takeback asked for by `color` is granted at once: the other side is the
    /// computer, or both sides play at one screen.
    fn grants_at_once(&self, color: Color, seats: &[SeatRecord]) -> bool {
        let other = self.config.sides[color.other().index()];
        self.config.one_screen() || bot_seats(seats).any(|(s, _)| s == other)
    }

    fn to_move(&self) -> usize {
        self.game.position().turn().index()
    }

    fn color_of(&self, seat: u32) -> Option<Color> {
        let i = self.config.side_of(seat, self.to_move())?;
        Some(if i == 0 { Color::White } else { Color::Black })
    }

    /// Whether the game is in Blind QuickChess's hidden placement phase.
    pub fn hidden_setup(&self) -> bool {
        self.game.setup().is_some()
    }
}

impl Adapter for ChessLive {
    type Config = DuelConfig;
    type Intent = ChessIntent;
    type Action = ChessAction;
    type View = ChessView;
    type Event = ChessShown;
    type Public = PublicChess;

    fn start(config: DuelConfig, seed: u64, now: Millis, _: &Services) -> Result<Self, ApiError> {
        ChessLive::begin(config, seed, now)
    }

    fn action(&self, seat: u32, intent: ChessIntent) -> Result<ChessAction, ApiError> {
        let mut player = self
            .color_of(seat)
            .ok_or_else(|| ApiError::Forbidden(Denied::NoSeat, "this seat plays no side".into()))?;
        // at one screen a takeback is of the last move, whoever made it
        if self.config.one_screen()
            && matches!(intent, ChessIntent::OfferTakeback)
            && !self.game.moves().is_empty()
        {
            player = self.game.mover(self.game.moves().len() - 1);
        }
        Ok(match intent {
            ChessIntent::Move { uci } => ChessAction::Move {
                player,
                uci: short("a move", uci)?,
            },
            ChessIntent::Place { role, square } => ChessAction::Place {
                player,
                role,
                square: short("a square", square)?,
            },
            ChessIntent::Unplace { square } => ChessAction::Unplace {
                player,
                square: short("a square", square)?,
            },
            ChessIntent::Resign => ChessAction::Resign { player },
            ChessIntent::Berserk => {
                self.config.may_berserk()?;
                ChessAction::Berserk { player }
            }
            ChessIntent::OfferDraw => ChessAction::OfferDraw { player },
            ChessIntent::OfferTakeback => ChessAction::OfferTakeback { player },
            ChessIntent::AcceptTakeback => ChessAction::AcceptTakeback { player },
            ChessIntent::DeclineTakeback => ChessAction::DeclineTakeback { player },
        })
    }

    /// Events go to every client, so a Blind placement's event says only who placed, never
    /// what or where.
    fn apply(
        &mut self,
        action: &ChessAction,
        now: Millis,
        _: &Services,
    ) -> Result<Vec<ChessShown>, ApiError> {
        let events = self
            .game
            .apply(action, now)
            .map_err(|e| ApiError::Refused(Rule::Game, e.to_string()))?;
        self.last_at = now;
        self.sync_positions();
        Ok(events
            .into_iter()
            .map(|e| match e {
                ChessEvent::Placed { player, .. } => {
                    ChessShown::Hidden(HiddenEvent::Placed { player })
                }
                ChessEvent::Unplaced { player, .. } => {
                    ChessShown::Hidden(HiddenEvent::Unplaced { player })
                }
                other => ChessShown::Event(other),
            })
            .collect())
    }

    fn tick() -> Option<ChessAction> {
        Some(ChessAction::Tick)
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

    /// The grant of a takeback asked of the computer or at one screen; a placement in Blind
    /// QuickChess (the box setup's squares, cheap); at the strongest level a move the tables
    /// or the lesson solver prove best; else a search.
    fn bot(
        &self,
        seats: &[SeatRecord],
        seed: u64,
        services: &Services,
    ) -> Option<BotMove<ChessAction>> {
        if self.game.is_over() {
            return None;
        }
        if let Some(asker) = self.game.takeback_offer()
            && self.grants_at_once(asker, seats)
        {
            let grant = ChessAction::AcceptTakeback {
                player: asker.other(),
            };
            return Some(BotMove::At(self.last_at, grant));
        }
        let bots: Vec<(u32, u8)> = bot_seats(seats).collect();
        if let Some(setup) = self.game.setup() {
            for (i, &seat) in self.config.sides.iter().enumerate() {
                if bots.iter().any(|(s, _)| *s == seat) {
                    let color = if i == 0 { Color::White } else { Color::Black };
                    if let Some((role, square)) = blind_placement(setup, color) {
                        let a = ChessAction::Place {
                            player: color,
                            role,
                            square,
                        };
                        return Some(BotMove::At(self.last_at + 50, a));
                    }
                }
            }
            return None;
        }
        let seat = self.config.sides[self.to_move()];
        let &(_, level) = bots.iter().find(|(s, _)| *s == seat)?;
        let p = *self.game.position();
        let keys = self.game.keys().to_vec();
        let seed = mix(&[seed, self.game.moves().len() as u64]);
        let knowledge = Arc::clone(&services.knowledge);
        Some(BotMove::Think {
            not_before: self.last_at + COMPUTER_DELAY_MS,
            think: Box::new(move || computer_move(p, &keys, level, seed, &knowledge)),
        })
    }

    /// An aborted game (a first move not made in time) is never rated.
    fn played_enough(&self) -> bool {
        use tabula_chess::{DrawReason, Outcome, WinReason};
        if self.game.aborted().is_some() {
            return false;
        }
        let by_the_players = matches!(
            self.game.outcome(),
            Some(
                Outcome::Win {
                    reason: WinReason::Resignation | WinReason::Timeout,
                    ..
                } | Outcome::Draw {
                    reason: DrawReason::Agreement,
                    ..
                }
            )
        );
        !by_the_players || self.game.moves().len() >= 2 * super::RATED_MOVES
    }

    fn outcome(&self) -> Option<Vec<f64>> {
        let o = self.game.outcome()?;
        super::duel_outcome(self.config.sides, o.winner().map(Color::index))
    }

    /// In Blind QuickChess before the reveal a seat sees only its own placements and
    /// spectators see none.
    fn view(
        &self,
        seat: Option<u32>,
        _: &[SeatRecord],
        now: Millis,
        services: &Services,
    ) -> ChessView {
        let p = self.game.position();
        let variant = self.game.variant();
        let to_move = self.to_move();
        let my_color = seat.and_then(|s| self.color_of(s));
        let mine = seat.is_some_and(|s| self.config.side_of(s, to_move) == Some(to_move));
        let over = self.game.is_over();
        let setup = self.game.setup().map(|s| SetupView {
            yours: my_color.map(|c| {
                s.placed[c.index()]
                    .iter()
                    .map(|&(sq, r)| Placed {
                        square: p.square_name(sq),
                        role: r.char().to_string(),
                    })
                    .collect()
            }),
            done: [s.placed[0].len() == 10, s.placed[1].len() == 10],
            counts: [s.placed[0].len(), s.placed[1].len()],
        });
        let hidden = setup.is_some();
        let moves: Vec<MoveView> = if hidden {
            Vec::new()
        } else {
            self.game
                .moves()
                .iter()
                .zip(&self.fens)
                .map(|((u, s), fen)| MoveView {
                    uci: u.clone(),
                    san: s.clone(),
                    fen: fen.clone(),
                })
                .collect()
        };
        ChessView {
            kind: "quickchess",
            variant: variant.name(),
            width: p.width(),
            height: p.height(),
            fen: (!hidden).then(|| p.fen()),
            start_fen: (!hidden).then(|| self.game.start_position().fen()),
            board: if hidden { Vec::new() } else { board_of(p) },
            turn: p.turn().name(),
            check: !hidden && p.is_check(),
            last: moves.last().cloned(),
            moves,
            setup,
            material: (!hidden).then(|| material_of(&self.game)),
            clock: clock_of(&self.game, now),
            may_berserk: self.config.berserk && my_color.is_some_and(|c| self.game.may_berserk(c)),
            berserked: self.game.berserked(),
            now,
            outcome: words_of(&self.game),
            end: end_of(&self.game),
            result: result_of(&self.game),
            draw_offer: self.game.draw_offer().map(|c| c.name()),
            takeback: self.game.takeback_offer().map(|c| c.name()),
            over,
            sides: ByColor {
                white: self.config.sides[0],
                black: self.config.sides[1],
            },
            one_screen: self.config.one_screen(),
            color: my_color.map(|c| c.name()),
            you: seat,
            your_turn: mine && !over,
            legal: if mine && !hidden && !over {
                legal_of(p)
            } else {
                Vec::new()
            },
            // what the tables or the lesson solver already know (never solved here: this runs
            // on the async runtime)
            solved: if hidden || over {
                None
            } else {
                services.knowledge.known(p).map(|v| v.parts())
            },
            coached: tabula_chess::solve::compact::supported(variant),
        }
    }

    fn close(view: &mut ChessView) {
        view.over = true;
        view.your_turn = false;
        view.legal.clear();
    }

    fn is_takeback(intent: &ChessIntent) -> bool {
        matches!(
            intent,
            ChessIntent::OfferTakeback | ChessIntent::AcceptTakeback | ChessIntent::DeclineTakeback
        )
    }

    /// A Blind QuickChess placement made before the reveal shows only who placed.
    fn public_action(&self, action: &ChessAction) -> PublicChess {
        if self.hidden_setup() {
            match action {
                ChessAction::Place { player, .. } => {
                    return PublicChess::Hidden(HiddenPlacement::Place { player: *player });
                }
                ChessAction::Unplace { player, .. } => {
                    return PublicChess::Hidden(HiddenPlacement::Unplace { player: *player });
                }
                _ => {}
            }
        }
        PublicChess::Action(action.clone())
    }
}
