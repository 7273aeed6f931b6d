//! The games the server hosts, behind one enum.
//!
//! For each kind this module knows how to build the game's configuration from what the
//! creator chose, how a client's *intent* becomes the game's own action (the seat is filled in
//! by the server from the authenticated token, so nobody can act for another seat, and the
//! tick action is the server's alone), what each seat and spectators may see, and what the
//! bots will do next. The games themselves are the library's state machines.

use crate::duels::{ChessLive, DuelConfig, OLYMPICS, QuerniLive};
use crate::series::SeriesLive;
use crate::services::Services;
use crate::store::SeatRecord;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use tabula_core::rng::mix;
use tabula_core::{Game, Millis};
use tabula_puzzles::checkmates::bot::PartyBot;
use tabula_puzzles::checkmates::party::{
    DeckChoice, PartyAction, PartyConfig, PartyEvent, PartyGame, Phase,
};
use tabula_puzzles::checkmates::solo::{
    SoloAction as CmSoloAction, SoloConfig as CmSoloConfig, SoloEvent as CmSoloEvent, SoloGame,
};
use tabula_puzzles::checkmates::{Board, Side, Task};
use tabula_puzzles::royal::bot::MatchBot;
use tabula_puzzles::royal::matchplay::{
    MatchAction, MatchConfig, MatchEvent, MatchPhase, Role, RoyalMatch,
};
use tabula_puzzles::royal::solo::{
    RoyalSolo, SoloAction as RSoloAction, SoloConfig as RSoloConfig,
};
use tabula_puzzles::royal::{Layout, Level};

/// The kinds of game the server hosts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Check Mates for 1-6 players (humans and bots).
    CheckmatesParty,
    /// Check Mates solo: ten cards against the clock.
    CheckmatesSolo,
    /// A Royal Study match for two (a friend or a bot).
    RoyalMatch,
    /// Royal Study solo.
    RoyalSolo,
    /// Querni for two: online by link, or against the computer (a bot seat).
    Querni,
    /// Querni for two people at one screen.
    QuerniLocal,
    /// QuickChess (any variant) for two: online by link, or against the computer.
    Quickchess,
    /// QuickChess for two people at one screen.
    QuickchessLocal,
}

impl Kind {
    /// The kind for its name.
    pub fn parse(s: &str) -> Option<Kind> {
        Some(match s {
            "checkmates-party" => Kind::CheckmatesParty,
            "checkmates-solo" => Kind::CheckmatesSolo,
            "royal-match" => Kind::RoyalMatch,
            "royal-solo" => Kind::RoyalSolo,
            "querni" => Kind::Querni,
            "querni-local" => Kind::QuerniLocal,
            "quickchess" => Kind::Quickchess,
            "quickchess-local" => Kind::QuickchessLocal,
            _ => return None,
        })
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::CheckmatesParty => "checkmates-party",
            Kind::CheckmatesSolo => "checkmates-solo",
            Kind::RoyalMatch => "royal-match",
            Kind::RoyalSolo => "royal-solo",
            Kind::Querni => "querni",
            Kind::QuerniLocal => "querni-local",
            Kind::Quickchess => "quickchess",
            Kind::QuickchessLocal => "quickchess-local",
        }
    }

    /// The most seats.
    pub fn max_seats(self) -> usize {
        match self {
            Kind::CheckmatesParty => 6,
            Kind::RoyalMatch | Kind::Querni | Kind::Quickchess => 2,
            _ => 1,
        }
    }

    /// The strongest bot level this kind offers.
    pub fn max_bot_level(self) -> u8 {
        match self {
            Kind::Querni | Kind::QuerniLocal => tabula_querni::MAX_LEVEL,
            Kind::Quickchess | Kind::QuickchessLocal => tabula_chess::engine::LEVELS,
            _ => tabula_puzzles::bots::MAX_LEVEL,
        }
    }

    /// Whether the game waits in a lobby until the host starts it (otherwise it starts when
    /// every seat is taken).
    pub fn has_lobby(self) -> bool {
        self == Kind::CheckmatesParty
    }

    /// Whether a game without a lobby can start with this many seats taken.
    pub fn ready(self, seats: usize) -> bool {
        !self.has_lobby() && seats == self.max_seats()
    }

    /// The game's configuration from the creator's options and the seats.
    pub fn configure(
        self,
        options: &Value,
        seats: usize,
        services: &Services,
    ) -> Result<Value, String> {
        let side = || -> Result<Side, String> {
            options
                .get("side")
                .and_then(Value::as_str)
                .unwrap_or("sliding")
                .parse()
                .map_err(|e: tabula_puzzles::checkmates::UnknownSide| e.to_string())
        };
        let deck = || -> Result<DeckChoice, String> {
            match options
                .get("deck")
                .and_then(Value::as_str)
                .unwrap_or("full")
            {
                "full" => Ok(DeckChoice::Full),
                "one-star" => Ok(DeckChoice::OneStar),
                "two-star" => Ok(DeckChoice::TwoStar),
                other => Err(format!(
                    "unknown deck `{other}`: full, one-star or two-star"
                )),
            }
        };
        let level = || -> Result<Level, String> {
            let n = options.get("level").and_then(Value::as_u64).unwrap_or(1);
            Level::from_number(n).ok_or_else(|| format!("level {n}: 1, 2 or 3"))
        };
        let bonus = options
            .get("bonus")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        let value = match self {
            Kind::CheckmatesParty => {
                let s = side()?;
                let mut c = PartyConfig::new(s, seats as u8, services.cards(s), deck()?);
                let ms = |key: &str,
                          range: std::ops::RangeInclusive<u64>,
                          default: u64|
                 -> Result<u64, String> {
                    match options.get(key) {
                        None | Some(Value::Null) => Ok(default),
                        Some(v) => v.as_u64().filter(|n| range.contains(n)).ok_or_else(|| {
                            format!("{key} must be {} to {} ms", range.start(), range.end())
                        }),
                    }
                };
                c.count_ms = ms("count_ms", 200..=30_000, c.count_ms)?;
                c.round_limit_ms = ms("round_limit_ms", 1_000..=600_000, c.round_limit_ms)?;
                serde_json::to_value(c)
            }
            Kind::CheckmatesSolo => {
                let s = side()?;
                serde_json::to_value(CmSoloConfig {
                    side: s,
                    cards: services.cards(s),
                    deck: deck()?,
                })
            }
            Kind::RoyalMatch => serde_json::to_value(MatchConfig::new(
                level()?,
                bonus,
                services.royal_deck.clone(),
            )),
            Kind::RoyalSolo => serde_json::to_value(RSoloConfig {
                level: level()?,
                bonus,
                cards: services.royal_deck.clone(),
            }),
            Kind::Querni | Kind::QuerniLocal | Kind::Quickchess | Kind::QuickchessLocal => {
                let chess = matches!(self, Kind::Quickchess | Kind::QuickchessLocal);
                let local = matches!(self, Kind::QuerniLocal | Kind::QuickchessLocal);
                serde_json::to_value(DuelConfig::from_options(options, chess, local)?)
            }
        };
        value.map_err(|e| e.to_string())
    }
}

/// A running game with what the server remembers about it for display.
#[derive(Clone, Debug)]
pub enum Live {
    /// Check Mates party.
    Party {
        /// The game.
        game: PartyGame,
        /// The last settled round, with its optimum.
        last: Option<Value>,
    },
    /// Check Mates solo.
    CmSolo {
        /// The game.
        game: SoloGame,
        /// Each finished task: its start board, optimum, moves used and time.
        history: Vec<Value>,
        /// The board when the task on top was revealed.
        reveal_board: Board,
    },
    /// Royal Study match.
    Match {
        /// The game.
        game: RoyalMatch,
        /// The last scored round, with its optimum.
        last: Option<Value>,
    },
    /// Royal Study solo.
    RSolo {
        /// The game.
        game: RoyalSolo,
    },
    /// Querni.
    Querni(QuerniLive),
    /// QuickChess or chess.
    Chess(ChessLive),
    /// The QuickChess Olympics (five games).
    Series(Box<SeriesLive>),
}

fn config<T: DeserializeOwned>(v: &Value) -> Result<T, String> {
    serde_json::from_value(v.clone()).map_err(|e| format!("stored configuration: {e}"))
}

/// A client's intent as the game's action: `player` set from the seat, `tick` refused.
fn action<A: DeserializeOwned>(intent: &Value, seat: Option<u32>) -> Result<A, String> {
    let mut obj = intent
        .as_object()
        .cloned()
        .ok_or("an action is a JSON object like {\"t\": \"move\", ...}")?;
    match obj.get("t").and_then(Value::as_str) {
        None => return Err("an action needs a type \"t\"".into()),
        Some("tick") => return Err("`tick` is the server's own action".into()),
        _ => {}
    }
    obj.remove("player");
    if let Some(s) = seat {
        obj.insert("player".into(), json!(s));
    }
    serde_json::from_value(Value::Object(obj)).map_err(|e| format!("not a valid action here: {e}"))
}

fn events<E: serde::Serialize>(list: Vec<E>) -> Vec<Value> {
    list.into_iter()
        .filter_map(|e| serde_json::to_value(e).ok())
        .collect()
}

fn moves_of_board(b: &Board) -> Vec<String> {
    b.legal_moves().iter().map(ToString::to_string).collect()
}

fn moves_of_layout(l: &Layout) -> Vec<String> {
    l.legal_moves().iter().map(ToString::to_string).collect()
}

fn seat_list(seats: &[SeatRecord]) -> Vec<Value> {
    seats
        .iter()
        .map(|s| json!({"seat": s.seat, "name": s.name, "bot": s.bot_level}))
        .collect()
}

/// Adds each task the events say was met to a solo run's history, with the optimum from the
/// board as it stood when the task was revealed.
fn record_solo(
    game: &SoloGame,
    history: &mut Vec<Value>,
    reveal_board: &mut Board,
    events: &[CmSoloEvent],
    services: &Services,
) {
    for e in events {
        if let CmSoloEvent::TaskMet {
            index,
            moves,
            elapsed,
        } = e
        {
            let task = game.tasks()[*index];
            let optimum = services.solver(task.side()).distance(reveal_board, &task);
            history.push(json!({"task": task, "board": *reveal_board, "optimum": optimum, "moves": moves, "elapsed": elapsed}));
            // the next task is revealed on the board as it stands now
            *reveal_board = *game.board();
        }
    }
}

impl Live {
    /// Starts a game of `kind` from its stored configuration.
    pub fn start(
        kind: Kind,
        cfg: &Value,
        seed: u64,
        now: Millis,
        services: &Services,
    ) -> Result<Live, String> {
        Ok(match kind {
            Kind::CheckmatesParty => Live::Party {
                game: PartyGame::start(config(cfg)?, seed, now)
                    .map_err(|e| e.to_string())?
                    .0,
                last: None,
            },
            Kind::CheckmatesSolo => {
                let (game, opening) =
                    SoloGame::start(config(cfg)?, seed, now).map_err(|e| e.to_string())?;
                let mut history = Vec::new();
                // the board may already meet the first tasks: the game settles them at once
                let mut reveal_board = *game.board();
                record_solo(&game, &mut history, &mut reveal_board, &opening, services);
                Live::CmSolo {
                    game,
                    history,
                    reveal_board,
                }
            }
            Kind::RoyalMatch => Live::Match {
                game: RoyalMatch::start(config(cfg)?, seed, now)
                    .map_err(|e| e.to_string())?
                    .0,
                last: None,
            },
            Kind::RoyalSolo => Live::RSolo {
                game: RoyalSolo::start(config(cfg)?, seed, now)
                    .map_err(|e| e.to_string())?
                    .0,
            },
            Kind::Querni | Kind::QuerniLocal => {
                Live::Querni(QuerniLive::start(config(cfg)?, seed, now)?)
            }
            Kind::Quickchess | Kind::QuickchessLocal => {
                let c: DuelConfig = config(cfg)?;
                if c.variant.as_deref() == Some(OLYMPICS) {
                    Live::Series(Box::new(SeriesLive::start(c, seed, now)?))
                } else {
                    Live::Chess(ChessLive::start(c, seed, now)?)
                }
            }
        })
    }

    /// The action a seat's intent stands for (validated against the action type only; the
    /// game checks the rules when it is applied).
    pub fn parse_intent(&self, seat: u32, intent: &Value) -> Result<Value, String> {
        let v = match self {
            Live::Party { .. } => serde_json::to_value(action::<PartyAction>(intent, Some(seat))?),
            Live::CmSolo { .. } => serde_json::to_value(action::<CmSoloAction>(intent, None)?),
            Live::Match { .. } => serde_json::to_value(action::<MatchAction>(intent, Some(seat))?),
            Live::RSolo { .. } => serde_json::to_value(action::<RSoloAction>(intent, None)?),
            Live::Querni(q) => return q.parse_intent(seat, intent),
            Live::Chess(c) => return c.parse_intent(seat, intent),
            Live::Series(c) => return c.parse_intent(seat, intent),
        };
        v.map_err(|e| e.to_string())
    }

    /// The action as spectators may see it: a Blind QuickChess placement made before the
    /// reveal shows only who placed.
    pub fn public_action(&self, action: &Value) -> Value {
        match self {
            Live::Chess(c) if c.hidden_setup() => {
                json!({"t": action.get("t"), "player": action.get("player")})
            }
            Live::Series(c) if c.hidden_setup() => {
                json!({"t": action.get("t"), "player": action.get("player")})
            }
            _ => action.clone(),
        }
    }

    /// The tick action (fires deadlines).
    pub fn tick() -> Value {
        json!({"t": "tick"})
    }

    /// Applies a (logged or new) action at `now`; returns the events. On error nothing changes.
    pub fn apply(
        &mut self,
        act: &Value,
        now: Millis,
        services: &Services,
    ) -> Result<Vec<Value>, String> {
        match self {
            Live::Party { game, last } => {
                let a: PartyAction = config(act)?;
                let context = match game.phase() {
                    Phase::Bidding { card, .. } => Some((card.task, card.stars, *game.board())),
                    Phase::Proving { card, start, .. } => Some((card.task, card.stars, *start)),
                    Phase::Over => None,
                };
                let ev = game.apply(&a, now).map_err(|e| e.to_string())?;
                if let Some((task, stars, board)) = context {
                    for e in &ev {
                        let outcome = match e {
                            PartyEvent::ProofSucceeded {
                                player, moves, bid, ..
                            } => Some(
                                json!({"player": player, "moves": moves, "bid": bid, "success": true}),
                            ),
                            PartyEvent::ProofFailed {
                                player,
                                moves,
                                bid,
                                reason,
                            } => Some(
                                json!({"player": player, "moves": moves, "bid": bid, "success": false, "reason": reason}),
                            ),
                            PartyEvent::CardSetAside { .. } => Some(json!({"set_aside": true})),
                            _ => None,
                        };
                        if let Some(o) = outcome {
                            let optimum = services.solver(task.side()).distance(&board, &task);
                            *last = Some(
                                json!({"task": task, "stars": stars, "board": board, "optimum": optimum, "result": o}),
                            );
                        }
                    }
                }
                Ok(events(ev))
            }
            Live::CmSolo {
                game,
                history,
                reveal_board,
            } => {
                let a: CmSoloAction = config(act)?;
                let ev = game.apply(&a, now).map_err(|e| e.to_string())?;
                record_solo(game, history, reveal_board, &ev, services);
                Ok(events(ev))
            }
            Live::Match { game, last } => {
                let a: MatchAction = config(act)?;
                let start = game.execution_start().unwrap_or_else(|| game.layout());
                let cards = game.cards().to_vec();
                let level = game.config().level;
                let ev = game.apply(&a, now).map_err(|e| e.to_string())?;
                for e in &ev {
                    if let MatchEvent::PointScored { player, reason, .. } = e
                        && !cards.is_empty()
                    {
                        let optimum = services
                            .royal
                            .solve(level, &start, &cards[0], cards.get(1))
                            .map(|p| p.count);
                        *last = Some(
                            json!({"cards": cards, "start": start, "optimum": optimum, "scorer": player, "reason": reason}),
                        );
                    }
                }
                Ok(events(ev))
            }
            Live::RSolo { game } => {
                let a: RSoloAction = config(act)?;
                Ok(events(game.apply(&a, now).map_err(|e| e.to_string())?))
            }
            Live::Querni(q) => {
                if act.get("t").and_then(Value::as_str) == Some("tick") {
                    return Err("Querni has no timers".into());
                }
                q.apply(act, now)
            }
            Live::Chess(c) => c.apply(act, now),
            Live::Series(c) => c.apply(act, now),
        }
    }

    /// When the game next changes by itself.
    pub fn next_deadline(&self) -> Option<Millis> {
        match self {
            Live::Party { game, .. } => game.next_deadline(),
            Live::CmSolo { game, .. } => game.next_deadline(),
            Live::Match { game, .. } => game.next_deadline(),
            Live::RSolo { game } => game.next_deadline(),
            Live::Querni(_) | Live::Chess(_) | Live::Series(_) => None,
        }
    }

    /// Whether it has ended.
    pub fn is_over(&self) -> bool {
        match self {
            Live::Party { game, .. } => game.is_over(),
            Live::CmSolo { game, .. } => game.is_over(),
            Live::Match { game, .. } => game.is_over(),
            Live::RSolo { game } => game.is_over(),
            Live::Querni(q) => q.is_over(),
            Live::Chess(c) => c.is_over(),
            Live::Series(c) => c.is_over(),
        }
    }

    /// The bots' next actions: `(when, action)`.
    pub fn bot_actions(
        &self,
        seed: u64,
        seats: &[SeatRecord],
        services: &Services,
    ) -> Vec<(Millis, Value)> {
        let bots = seats
            .iter()
            .filter_map(|s| s.bot_level.map(|l| (s.seat, l)));
        let levels: Vec<(u32, u8)> = bots.clone().collect();
        match self {
            Live::Querni(q) => return q.bot_action(&levels, seed).into_iter().collect(),
            Live::Chess(c) => return c.bot_action(&levels, seed).into_iter().collect(),
            Live::Series(c) => return c.bot_action(&levels, seed).into_iter().collect(),
            _ => {}
        }
        match self {
            Live::Party { game, .. } => bots
                .filter_map(|(seat, level)| {
                    let bot = PartyBot {
                        player: seat as u8,
                        level,
                        seed: mix(&[seed, u64::from(seat)]),
                    };
                    let (t, a) = bot.next_action(game, services.solver(game.config().side))?;
                    Some((t, serde_json::to_value(a).ok()?))
                })
                .collect(),
            Live::Match { game, .. } => bots
                .filter_map(|(seat, level)| {
                    let bot = MatchBot {
                        player: seat as u8,
                        level,
                        seed: mix(&[seed, u64::from(seat)]),
                    };
                    let (t, a) = bot.next_action(game, &services.royal)?;
                    Some((t, serde_json::to_value(a).ok()?))
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// What `seat` (or a spectator, `None`) sees. Nothing in these games is secret, so seats
    /// differ only in `you` and in the legal moves offered to whoever may move.
    pub fn view(
        &self,
        seat: Option<u32>,
        seats: &[SeatRecord],
        now: Millis,
        services: &Services,
    ) -> Value {
        match self {
            Live::Party { game, last } => {
                let tableaux: Vec<Value> = game
                    .tableaux()
                    .iter()
                    .zip(seats)
                    .map(|(t, s)| {
                        json!({
                            "seat": s.seat, "name": s.name, "bot": s.bot_level,
                            "score": t.score(), "stars": t.stars(),
                            "face_up": t.face_up, "penalties": t.penalties,
                        })
                    })
                    .collect();
                let prover = match game.phase() {
                    Phase::Proving { prover, .. } => Some(u32::from(*prover)),
                    _ => None,
                };
                json!({
                    "kind": "checkmates-party", "side": game.config().side, "board": game.board(),
                    "phase": game.phase(), "round": game.round(), "cards_left": game.cards_left(),
                    "set_aside": game.set_aside().len(), "players": tableaux,
                    "standings": game.is_over().then(|| game.standings()),
                    "last": last, "you": seat, "now": now, "over": game.is_over(),
                    "count_ms": game.config().count_ms, "round_limit_ms": game.config().round_limit_ms,
                    "legal": if prover.is_some() && prover == seat { moves_of_board(game.board()) } else { Vec::new() },
                })
            }
            Live::CmSolo { game, history, .. } => json!({
                "kind": "checkmates-solo", "side": game.tasks().first().map(Task::side), "board": game.board(),
                "task": game.task(), "index": game.current(), "total": game.tasks().len(),
                "started_at": game.started_at(), "elapsed": game.total_ms().unwrap_or(now.saturating_sub(game.started_at())),
                "history": history, "finished": game.total_ms().is_some(), "rating": game.rating(),
                "abandoned": game.abandoned(), "over": game.is_over(), "you": seat, "now": now,
                "legal": if game.is_over() { Vec::new() } else { moves_of_board(game.board()) },
            }),
            Live::Match { game, last } => {
                let (phase, executor) = match game.phase() {
                    MatchPhase::Announcing { since, .. } => {
                        (json!({"phase": "announcing", "since": since}), None)
                    }
                    MatchPhase::Hourglass {
                        announcer,
                        bid,
                        ends,
                        ..
                    } => (
                        json!({"phase": "hourglass", "announcer": announcer, "bid": bid, "ends": ends}),
                        None,
                    ),
                    MatchPhase::Executing {
                        announcer,
                        bid,
                        executor,
                        role,
                        run,
                        since,
                        deadline,
                    } => (
                        json!({
                            "phase": "executing", "announcer": announcer, "bid": bid, "executor": executor,
                            "role": match role { Role::Announcer => "announcer", Role::Challenger => "challenger" },
                            "count": run.count(), "steps": run.steps().iter().map(ToString::to_string).collect::<Vec<_>>(),
                            "oriented": run.oriented_cards(), "completed": run.completed(), "since": since, "deadline": deadline,
                        }),
                        Some(u32::from(*executor)),
                    ),
                    MatchPhase::Over { winner } => {
                        (json!({"phase": "over", "winner": winner}), None)
                    }
                };
                json!({
                    "kind": "royal-match", "level": game.config().level.number(), "bonus": game.config().bonus,
                    "scores": game.scores(), "layout": game.layout(), "cards": game.cards(), "round": game.round(),
                    "cards_left": game.cards_left(), "phase": phase, "players": seat_list(seats), "last": last,
                    "you": seat, "now": now, "over": game.is_over(), "target": game.config().target,
                    "legal": if executor.is_some() && executor == seat { moves_of_layout(&game.layout()) } else { Vec::new() },
                })
            }
            Live::Querni(q) => q.view(seat),
            Live::Chess(c) => c.view(seat),
            Live::Series(c) => c.view(seat),
            Live::RSolo { game } => {
                let run = game.run();
                let complete = run.all_completed();
                json!({
                    "kind": "royal-solo", "level": run.level().number(), "layout": run.layout(), "cards": run.cards(),
                    "oriented": run.oriented_cards(), "count": run.count(), "steps": run.steps().iter().map(ToString::to_string).collect::<Vec<_>>(),
                    "complete": complete, "results": game.results(), "cards_left": game.cards_left(),
                    "optimum": if complete { game.optimum(&services.royal) } else { None },
                    "over": game.is_over(), "you": seat, "now": now,
                    "legal": if complete { Vec::new() } else { moves_of_layout(&run.layout()) },
                })
            }
        }
    }
}
