//! QuickChess for two (every game of `tabula variants`, 8x8 chess included): online by link,
//! against the computer, or at one screen; Blind QuickChess's hidden placements included;
//! clocks and takebacks (granted at once by the computer and at one screen).

use super::chess_view::{
    board_json, clock_json, end_json, legal_json, material_json, positions_after,
};
use super::duel::{COMPUTER_DELAY_MS, DuelConfig};
use super::{Adapter, BotMove, bot_seats};
use crate::error::ApiError;
use crate::services::Services;
use crate::store::SeatRecord;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;
use tabula_chess::engine::{Engine, LEVELS, Limits, Unlimited, level_settings};
use tabula_chess::{ChessAction, ChessConfig, ChessEvent, ChessGame, Color};
use tabula_core::rng::mix;
use tabula_core::{Game, Millis};

/// Positions the lesson solver may value for one move of the strongest level (a few
/// seconds at most; what it solves is remembered for the game's next moves).
const TOP_LEVEL_SOLVE: u64 = 3_000_000;

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
#[derive(Debug, Deserialize)]
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

fn short(what: &str, text: String) -> Result<String, ApiError> {
    if text.len() > MAX_TEXT {
        Err(ApiError::BadInput(format!(
            "{what} is at most {MAX_TEXT} characters"
        )))
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
        .map_err(|e| ApiError::Internal(format!("stored configuration: {e}")))?;
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

    fn start(config: DuelConfig, seed: u64, now: Millis, _: &Services) -> Result<Self, ApiError> {
        ChessLive::begin(config, seed, now)
    }

    fn action(&self, seat: u32, intent: ChessIntent) -> Result<ChessAction, ApiError> {
        let mut player = self
            .color_of(seat)
            .ok_or_else(|| ApiError::Forbidden("this seat plays no side".into()))?;
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
    ) -> Result<Vec<Value>, ApiError> {
        let events = self
            .game
            .apply(action, now)
            .map_err(|e| ApiError::Refused(e.to_string()))?;
        self.last_at = now;
        self.sync_positions();
        Ok(events
            .into_iter()
            .filter_map(|e| match e {
                ChessEvent::Placed { player, .. } => Some(json!({"t": "placed", "player": player})),
                ChessEvent::Unplaced { player, .. } => {
                    Some(json!({"t": "unplaced", "player": player}))
                }
                other => serde_json::to_value(other).ok(),
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
            think: Box::new(move || {
                // the strongest level plays perfectly where the tables or the solver know
                let top = level >= LEVELS;
                if top && let Some(best) = knowledge.solve(&p, TOP_LEVEL_SOLVE).and_then(|v| v.best)
                {
                    return Some(ChessAction::Move {
                        player: p.turn(),
                        uci: p.uci(&best),
                    });
                }
                let (skill, nodes) = level_settings(level);
                let mut engine = Engine::new(8);
                if top {
                    let t = &knowledge.tables;
                    engine.set_tablebases(vec![Arc::clone(&t.rescue), Arc::clone(&t.queen)]);
                }
                engine.skill = skill;
                engine.seed = seed;
                let history = &keys[..keys.len().saturating_sub(1)];
                let limits = Limits {
                    depth: None,
                    nodes: Some(nodes),
                };
                let best = engine
                    .search_any(&p, history, limits, &mut Unlimited)
                    .best?;
                Some(ChessAction::Move {
                    player: p.turn(),
                    uci: p.uci(&best),
                })
            }),
        })
    }

    fn played_enough(&self) -> bool {
        use tabula_chess::{DrawReason, Outcome, WinReason};
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
    fn view(&self, seat: Option<u32>, _: &[SeatRecord], now: Millis, services: &Services) -> Value {
        let p = self.game.position();
        let variant = self.game.variant();
        let (w, h) = (p.width(), p.height());
        let to_move = self.to_move();
        let my_color = seat.and_then(|s| self.color_of(s));
        let mine = seat.is_some_and(|s| self.config.side_of(s, to_move) == Some(to_move));
        let setup = self.game.setup().map(|s| {
            let own = my_color.map(|c| {
                s.placed[c.index()]
                    .iter()
                    .map(|&(sq, r)| json!({"square": p.square_name(sq), "role": r.char().to_string()}))
                    .collect::<Vec<_>>()
            });
            json!({
                "yours": own,
                "done": [s.placed[0].len() == 10, s.placed[1].len() == 10],
                "counts": [s.placed[0].len(), s.placed[1].len()],
            })
        });
        let hidden = setup.is_some();
        let board: Vec<Value> = if hidden { Vec::new() } else { board_json(p) };
        let legal: Vec<Value> = if mine && !hidden && !self.game.is_over() {
            legal_json(p)
        } else {
            Vec::new()
        };
        let moves: Vec<Value> = if hidden {
            Vec::new()
        } else {
            self.game
                .moves()
                .iter()
                .zip(&self.fens)
                .map(|((u, s), fen)| json!({"uci": u, "san": s, "fen": fen}))
                .collect()
        };
        let outcome = self.game.outcome();
        json!({
            "kind": "quickchess",
            "variant": variant.name(),
            "width": w, "height": h,
            "fen": if hidden { Value::Null } else { json!(p.fen()) },
            "start_fen": if hidden { Value::Null } else { json!(self.game.start_position().fen()) },
            "board": board,
            "turn": p.turn().name(),
            "check": !hidden && p.is_check(),
            "moves": moves,
            "last": moves.last().cloned(),
            "setup": setup,
            "material": if hidden { Value::Null } else { material_json(&self.game) },
            "clock": clock_json(&self.game, now),
            "now": now,
            "outcome": outcome.map(|o| o.to_string()),
            "end": end_json(&self.game),
            "result": outcome.map(|o| o.result()),
            "draw_offer": self.game.draw_offer().map(|c| c.name()),
            "takeback": self.game.takeback_offer().map(|c| c.name()),
            "over": self.game.is_over(),
            "sides": {"white": self.config.sides[0], "black": self.config.sides[1]},
            "one_screen": self.config.one_screen(),
            "color": my_color.map(|c| c.name()),
            "you": seat,
            "your_turn": mine && !self.game.is_over(),
            "legal": legal,
            // what the tables or the lesson solver already know (never solved here: this runs
            // on the async runtime)
            "solved": if hidden || self.game.is_over() {
                None
            } else {
                services.knowledge.known(p).map(|v| v.parts_json())
            },
        })
    }

    /// A Blind QuickChess placement made before the reveal shows only who placed.
    fn public_action(&self, action: &ChessAction) -> Value {
        let placement = matches!(
            action,
            ChessAction::Place { .. } | ChessAction::Unplace { .. }
        );
        if placement && self.hidden_setup() {
            hide_placement(action)
        } else {
            serde_json::to_value(action).unwrap_or(Value::Null)
        }
    }
}

/// A placement with only its type and player left (what spectators may know before the
/// reveal).
pub fn hide_placement(action: &ChessAction) -> Value {
    let v = serde_json::to_value(action).unwrap_or(Value::Null);
    json!({"t": v.get("t"), "player": v.get("player")})
}

/// The next piece a computer places in Blind QuickChess: the box setup (R B K Q N on the back
/// rank, pawns in front), in that order.
fn blind_placement(setup: &tabula_chess::game::BlindSetup, c: Color) -> Option<(char, String)> {
    let placed = &setup.placed[c.index()];
    let (back, front) = match c {
        Color::White => ('1', '2'),
        Color::Black => ('6', '5'),
    };
    let plan = [
        ('R', 'a', back),
        ('B', 'b', back),
        ('K', 'c', back),
        ('Q', 'd', back),
        ('N', 'e', back),
        ('P', 'a', front),
        ('P', 'b', front),
        ('P', 'c', front),
        ('P', 'd', front),
        ('P', 'e', front),
    ];
    plan.get(placed.len())
        .map(|&(r, f, rank)| (r, format!("{f}{rank}")))
}
