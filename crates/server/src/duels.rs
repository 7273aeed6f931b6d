//! The two-player duels the server hosts: Querni and QuickChess (every game of `tabula
//! variants`, 8x8 chess included).
//!
//! Each game is the library's state machine. The server adds who plays which side (seat 0
//! is the creator; in a one-screen game seat 0 plays both sides), the computer opponent (a
//! bot seat, whose move is computed once per position and cached, because a search takes up
//! to a second), and views: the legal moves of the seat to move, the last move, and in Blind
//! QuickChess only one's own placements until both sides are done.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use tabula_chess::engine::{Engine, Limits, Unlimited, level_settings};
use tabula_chess::{ChessAction, ChessConfig, ChessEvent, ChessGame, Color, Family, Variant};
use tabula_core::rng::mix;
use tabula_core::{Game, Millis};
use tabula_querni::players::best_turn;
use tabula_querni::position::{FILES, square_name};
use tabula_querni::{QuerniAction, QuerniConfig, QuerniGame, Searcher, Side, Turn};

/// The name of the QuickChess Olympics, a series of five games (not a variant of its own).
pub const OLYMPICS: &str = "olympics";

/// How long the computer seems to think before its move appears, at least.
const COMPUTER_DELAY_MS: Millis = 400;

/// Who plays which side, fixed when the game starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelConfig {
    /// The seat of the side that moves first (blue / white) and of the other.
    pub sides: [u32; 2],
    /// The QuickChess variant (`None` for Querni).
    pub variant: Option<String>,
    /// A QuickChess game may start from a position (FEN) instead of the variant's start.
    #[serde(default)]
    pub fen: Option<String>,
}

impl DuelConfig {
    /// The configuration from the creator's options: `color` (the creator's side: `blue`,
    /// `red`, `white` or `black`; first side by default) and for QuickChess `variant` and
    /// optionally `fen` (a position to start from, checked here).
    pub fn from_options(
        options: &Value,
        chess: bool,
        one_screen: bool,
    ) -> Result<DuelConfig, String> {
        let color = options
            .get("color")
            .and_then(Value::as_str)
            .unwrap_or("first");
        let creator_first = match color {
            "first" | "blue" | "white" => true,
            "second" | "red" | "black" => false,
            other => return Err(format!("color `{other}`: blue or red, white or black")),
        };
        let sides = if one_screen {
            [0, 0]
        } else if creator_first {
            [0, 1]
        } else {
            [1, 0]
        };
        let variant = if chess {
            let name = options
                .get("variant")
                .and_then(Value::as_str)
                .unwrap_or("quickchess");
            if name == OLYMPICS {
                if one_screen {
                    return Err(
                        "the Olympics end with Blind QuickChess, which needs two screens".into(),
                    );
                }
                return Ok(DuelConfig {
                    sides,
                    variant: Some(OLYMPICS.into()),
                    fen: None,
                });
            }
            let v = Variant::parse(name).map_err(|e| format!("variant `{name}`: {e}"))?;
            if v.family == Family::Blind && one_screen {
                return Err("Blind QuickChess needs two screens: each side places unseen".into());
            }
            Some(v)
        } else {
            None
        };
        let fen = match (options.get("fen").and_then(Value::as_str), variant) {
            (Some(f), Some(v)) if !f.trim().is_empty() => {
                let p =
                    tabula_chess::AnyPosition::from_fen(v, f.trim()).map_err(|e| e.to_string())?;
                if p.outcome().is_some() {
                    return Err("this position is already decided".into());
                }
                Some(p.fen())
            }
            _ => None,
        };
        Ok(DuelConfig {
            sides,
            variant: variant.map(|v| v.name()),
            fen,
        })
    }

    /// Which sides (0 = first, 1 = second) `seat` plays.
    fn side_of(&self, seat: u32, to_move: usize) -> Option<usize> {
        if self.sides == [seat, seat] {
            Some(to_move)
        } else {
            self.sides.iter().position(|&s| s == seat)
        }
    }
}

/// A computer move worked out for one position (key: the position's hash and the number of
/// moves played).
type Cache = Arc<Mutex<Option<((u64, usize), Value)>>>;

fn cached(
    cache: &Cache,
    key: (u64, usize),
    compute: impl FnOnce() -> Option<Value>,
) -> Option<Value> {
    if let Ok(c) = cache.lock()
        && let Some((k, v)) = c.as_ref()
        && *k == key
    {
        return Some(v.clone());
    }
    let v = compute()?;
    if let Ok(mut c) = cache.lock() {
        *c = Some((key, v.clone()));
    }
    Some(v)
}

fn side_name(i: usize) -> Side {
    if i == 0 { Side::Blue } else { Side::Red }
}

/// A Querni game being played.
#[derive(Clone, Debug)]
pub struct QuerniLive {
    game: QuerniGame,
    config: DuelConfig,
    last_at: Millis,
    cache: Cache,
}

impl QuerniLive {
    /// Starts the seeded game.
    pub fn start(config: DuelConfig, seed: u64, now: Millis) -> Result<QuerniLive, String> {
        let (game, _) =
            QuerniGame::start(QuerniConfig::default(), seed, now).map_err(|e| e.to_string())?;
        Ok(QuerniLive {
            game,
            config,
            last_at: now,
            cache: Arc::default(),
        })
    }

    fn to_move(&self) -> usize {
        usize::from(self.game.position().turn() == Side::Red)
    }

    /// A seat's intent (`{"t": "turn", "turn": "c2-c3 x4-6"}` or `{"t": "resign"}`) as the
    /// game's action, the side filled in from the seat.
    pub fn parse_intent(&self, seat: u32, intent: &Value) -> Result<Value, String> {
        let side = self
            .config
            .side_of(seat, self.to_move())
            .map(side_name)
            .ok_or("this seat plays no side")?;
        let action = match intent.get("t").and_then(Value::as_str) {
            Some("turn") => {
                let turn = intent
                    .get("turn")
                    .and_then(Value::as_str)
                    .ok_or("a turn needs \"turn\": \"c2-c3\" (notation)")?;
                QuerniAction::Turn {
                    side,
                    turn: turn.chars().take(200).collect(),
                }
            }
            Some("resign") => QuerniAction::Resign { side },
            Some(other) => return Err(format!("unknown action `{other}`: turn or resign")),
            None => return Err("an action needs a type \"t\"".into()),
        };
        serde_json::to_value(action).map_err(|e| e.to_string())
    }

    /// Applies a logged or new action.
    pub fn apply(&mut self, action: &Value, now: Millis) -> Result<Vec<Value>, String> {
        let a: QuerniAction = serde_json::from_value(action.clone()).map_err(|e| e.to_string())?;
        let events = self.game.apply(&a, now).map_err(|e| e.to_string())?;
        self.last_at = now;
        Ok(events
            .into_iter()
            .filter_map(|e| serde_json::to_value(e).ok())
            .collect())
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The computer's turn, if a bot seat is to move: `(when, action)`.
    pub fn bot_action(&self, bot_levels: &[(u32, u8)], seed: u64) -> Option<(Millis, Value)> {
        if self.game.is_over() {
            return None;
        }
        let seat = self.config.sides[self.to_move()];
        let &(_, level) = bot_levels.iter().find(|(s, _)| *s == seat)?;
        let p = *self.game.position();
        let key = (p.hash(), self.game.history().len());
        let action = cached(&self.cache, key, || {
            let mut searcher = Searcher::default();
            let turn = best_turn(
                &p,
                level,
                mix(&[seed, key.1 as u64]),
                &mut searcher,
                &mut || false,
            )
            .turn();
            serde_json::to_value(QuerniAction::Turn {
                side: p.turn(),
                turn: p.describe(turn).to_string(),
            })
            .ok()
        })?;
        Some((self.last_at + COMPUTER_DELAY_MS, action))
    }

    /// What `seat` (or a spectator) sees; nothing in Querni is hidden.
    pub fn view(&self, seat: Option<u32>) -> Value {
        let p = self.game.position();
        let cells: Vec<Value> = (0..70u8)
            .map(|sq| {
                let id = p.cell(sq);
                if id == 0 {
                    Value::Null
                } else {
                    let (side, n) = tabula_querni::position::piece_of(id);
                    json!({"side": side, "n": n})
                }
            })
            .collect();
        let to_move = self.to_move();
        let mine = seat.is_some_and(|s| self.config.side_of(s, to_move) == Some(to_move));
        let legal = if mine && !self.game.is_over() {
            legal_turns(p)
        } else {
            json!(null)
        };
        let status = self.game.status();
        json!({
            "kind": "querni",
            "position": p.to_string(),
            "cells": cells,
            "files": FILES,
            "turn": p.turn(),
            "quiet": p.quiet(),
            "draw_at": tabula_querni::position::DRAW_TURNS,
            "left": {"blue": p.count(Side::Blue), "red": p.count(Side::Red)},
            "history": self.game.history().iter().map(|(s, t)| json!({"side": s, "turn": t})).collect::<Vec<_>>(),
            "status": status,
            "result": status.result(),
            "over": self.game.is_over(),
            "sides": {"blue": self.config.sides[0], "red": self.config.sides[1]},
            "one_screen": self.config.sides[0] == self.config.sides[1],
            "you": seat,
            "your_turn": mine && !self.game.is_over(),
            "legal": legal,
        })
    }
}

/// Every movement of the side to move with its jump path and the removals it makes possible,
/// and the removals available without moving (each `[low, high, loses]`).
fn legal_turns(p: &tabula_querni::Position) -> Value {
    let side = p.turn();
    let mut movements = Vec::new();
    p.movements(&mut movements);
    let list: Vec<Value> = movements
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
            json!({
                "from": square_name(m.from), "to": square_name(m.to), "path": path,
                "text": text.to_string(),
                "removals": removals.iter().map(|r| removal_json(&after, side, *r)).collect::<Vec<_>>(),
            })
        })
        .collect();
    let mut now = Vec::new();
    p.removals(side, &mut now);
    json!({
        "movements": list,
        "removals": now.iter().map(|r| removal_json(p, side, *r)).collect::<Vec<_>>(),
    })
}

/// A removal as `[low, high, loses]`: `loses` when it would strand some of the mover's
/// numbers in a run shorter than three (legal, but the game is lost at once).
fn removal_json(p: &tabula_querni::Position, side: Side, r: tabula_querni::Removal) -> Value {
    let left = p.numbers_on_board(side) & !r.mask();
    let loses = left != 0 && tabula_querni::rules::stranded(left) != 0;
    json!([r.low, r.high, loses])
}

/// A QuickChess (or chess) game being played.
#[derive(Clone, Debug)]
pub struct ChessLive {
    pub(crate) game: ChessGame,
    pub(crate) config: DuelConfig,
    last_at: Millis,
    cache: Cache,
}

fn color_index(c: Color) -> usize {
    c.index()
}

impl ChessLive {
    /// Starts the game of the configured variant.
    pub fn start(config: DuelConfig, seed: u64, now: Millis) -> Result<ChessLive, String> {
        let variant = config
            .variant
            .clone()
            .unwrap_or_else(|| "quickchess".into());
        let (game, _) = ChessGame::start(
            ChessConfig {
                variant,
                fen: config.fen.clone(),
                clock: None,
            },
            seed,
            now,
        )
        .map_err(|e| e.to_string())?;
        Ok(ChessLive {
            game,
            config,
            last_at: now,
            cache: Arc::default(),
        })
    }

    fn to_move(&self) -> usize {
        color_index(self.game.position().turn())
    }

    fn color_of(&self, seat: u32) -> Option<Color> {
        let i = self.config.side_of(seat, self.to_move())?;
        Some(if i == 0 { Color::White } else { Color::Black })
    }

    /// A seat's intent as the game's action: `move` (`uci`), `place` (`role`, `square`),
    /// `unplace` (`square`), `resign`, `offer_draw` (also accepts one).
    pub fn parse_intent(&self, seat: u32, intent: &Value) -> Result<Value, String> {
        let player = self.color_of(seat).ok_or("this seat plays no side")?;
        let text = |key: &str| -> Result<String, String> {
            intent
                .get(key)
                .and_then(Value::as_str)
                .map(|s| s.chars().take(16).collect())
                .ok_or(format!("this action needs \"{key}\""))
        };
        let action = match intent.get("t").and_then(Value::as_str) {
            Some("move") => ChessAction::Move {
                player,
                uci: text("uci")?,
            },
            Some("place") => ChessAction::Place {
                player,
                role: text("role")?.chars().next().unwrap_or(' '),
                square: text("square")?,
            },
            Some("unplace") => ChessAction::Unplace {
                player,
                square: text("square")?,
            },
            Some("resign") => ChessAction::Resign { player },
            Some("offer_draw") => ChessAction::OfferDraw { player },
            Some(other) => {
                return Err(format!(
                    "unknown action `{other}`: move, place, unplace, resign or offer_draw"
                ));
            }
            None => return Err("an action needs a type \"t\"".into()),
        };
        serde_json::to_value(action).map_err(|e| e.to_string())
    }

    /// Applies a logged or new action. Events go to every client, so a Blind placement's
    /// event says only who placed, never what or where.
    pub fn apply(&mut self, action: &Value, now: Millis) -> Result<Vec<Value>, String> {
        let a: ChessAction = serde_json::from_value(action.clone()).map_err(|e| e.to_string())?;
        let events = self.game.apply(&a, now).map_err(|e| e.to_string())?;
        self.last_at = now;
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

    /// Whether the game is in Blind QuickChess's hidden placement phase.
    pub fn hidden_setup(&self) -> bool {
        self.game.setup().is_some()
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The computer's next action, if a bot seat has one: a placement in Blind QuickChess
    /// (the box setup's squares), else its move.
    pub fn bot_action(&self, bot_levels: &[(u32, u8)], seed: u64) -> Option<(Millis, Value)> {
        if self.game.is_over() {
            return None;
        }
        if let Some(setup) = self.game.setup() {
            for (i, &seat) in self.config.sides.iter().enumerate() {
                if bot_levels.iter().any(|(s, _)| *s == seat) {
                    let color = if i == 0 { Color::White } else { Color::Black };
                    if let Some((role, square)) = blind_placement(setup, color) {
                        let a = ChessAction::Place {
                            player: color,
                            role,
                            square,
                        };
                        return Some((self.last_at + 50, serde_json::to_value(a).ok()?));
                    }
                }
            }
            return None;
        }
        let seat = self.config.sides[self.to_move()];
        let &(_, level) = bot_levels.iter().find(|(s, _)| *s == seat)?;
        let p = *self.game.position();
        let keys = self.game.keys().to_vec();
        let key = (p.hash(), self.game.moves().len());
        let action = cached(&self.cache, key, || {
            let (skill, nodes) = level_settings(level);
            let mut engine = Engine::new(8);
            engine.skill = skill;
            engine.seed = mix(&[seed, key.1 as u64]);
            let history = &keys[..keys.len().saturating_sub(1)];
            let limits = Limits {
                depth: None,
                nodes: Some(nodes),
            };
            let best = engine
                .search_any(&p, history, limits, &mut Unlimited)
                .best?;
            serde_json::to_value(ChessAction::Move {
                player: p.turn(),
                uci: p.uci(&best),
            })
            .ok()
        })?;
        Some((self.last_at + COMPUTER_DELAY_MS, action))
    }

    /// What `seat` sees. In Blind QuickChess before the reveal a seat sees only its own
    /// placements and spectators see none.
    pub fn view(&self, seat: Option<u32>) -> Value {
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
        let board: Vec<Value> = if setup.is_some() {
            Vec::new()
        } else {
            board_json(p)
        };
        let legal: Vec<Value> = if mine && setup.is_none() && !self.game.is_over() {
            legal_json(p)
        } else {
            Vec::new()
        };
        let moves: Vec<Value> = if setup.is_some() {
            Vec::new()
        } else {
            self.game
                .moves()
                .iter()
                .map(|(u, s)| json!({"uci": u, "san": s}))
                .collect()
        };
        let outcome = self.game.outcome();
        json!({
            "kind": "quickchess",
            "variant": variant.name(),
            "width": w, "height": h,
            "fen": if setup.is_some() { Value::Null } else { json!(p.fen()) },
            "board": board,
            "turn": p.turn().name(),
            "check": setup.is_none() && p.is_check(),
            "moves": moves,
            "last": moves.last().cloned(),
            "setup": setup,
            "outcome": outcome.map(|o| o.to_string()),
            "result": outcome.map(|o| o.result()),
            "draw_offer": self.game.draw_offer().map(|c| c.name()),
            "over": self.game.is_over(),
            "sides": {"white": self.config.sides[0], "black": self.config.sides[1]},
            "one_screen": self.config.sides[0] == self.config.sides[1],
            "color": my_color.map(|c| c.name()),
            "you": seat,
            "your_turn": mine && !self.game.is_over(),
            "legal": legal,
        })
    }
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

/// The pieces of a chess position as `[{"square", "piece"}]` (FEN letters).
pub(crate) fn board_json(p: &tabula_chess::AnyPosition) -> Vec<Value> {
    (0..p.width() * p.height())
        .filter_map(|sq| {
            p.piece_at(sq)
                .map(|pc| json!({"square": p.square_name(sq), "piece": pc.char().to_string()}))
        })
        .collect()
}

/// Every legal move as `{"from", "to", "uci", "san", "promotion"}` (the browser's contract).
pub(crate) fn legal_json(p: &tabula_chess::AnyPosition) -> Vec<Value> {
    p.legal_moves()
        .iter()
        .map(|m| {
            json!({
                "from": p.square_name(m.from), "to": p.square_name(m.to),
                "uci": p.uci(m), "san": p.san(m),
                "promotion": m.promotion.map(|r| r.char().to_string()),
            })
        })
        .collect()
}
