//! Check Mates for 1-6 players: the party game with bidding, proofs and bots.

use super::{Adapter, BotMove, bot_seats, events};
use crate::error::ApiError;
use crate::services::Services;
use crate::store::SeatRecord;
use serde::Deserialize;
use serde_json::{Value, json};
use tabula_core::rng::mix;
use tabula_core::{Game, Millis};
use tabula_puzzles::Move;
use tabula_puzzles::checkmates::bot::PartyBot;
use tabula_puzzles::checkmates::party::{
    PartyAction, PartyConfig, PartyEvent, PartyGame, Phase, Standing,
};

/// A Check Mates party being played, with the last settled round and its optimum.
#[derive(Clone, Debug)]
pub struct Party {
    game: PartyGame,
    last: Option<Value>,
    /// The players who ever announced (bit `n` for player `n`).
    announced: u64,
}

/// What a player of a party may ask for.
#[derive(Debug, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum PartyIntent {
    /// Announce a number of moves.
    Announce {
        /// How many.
        bid: u32,
    },
    /// The prover moves a token.
    Move {
        /// The move.
        mv: Move,
    },
    /// The prover declares the proof finished.
    Stop,
    /// The prover gives up.
    GiveUp,
}

fn player(seat: u32) -> Result<u8, ApiError> {
    u8::try_from(seat).map_err(|_| ApiError::Forbidden(format!("seat {seat} plays no part")))
}

/// The legal moves of a Check Mates board, as the browser draws them.
pub fn moves_of_board(b: &tabula_puzzles::checkmates::Board) -> Vec<String> {
    b.legal_moves().iter().map(ToString::to_string).collect()
}

impl Adapter for Party {
    type Config = PartyConfig;
    type Intent = PartyIntent;
    type Action = PartyAction;

    fn start(config: PartyConfig, seed: u64, now: Millis, _: &Services) -> Result<Self, ApiError> {
        let (game, _) = PartyGame::start(config, seed, now)
            .map_err(|e| ApiError::Internal(format!("stored configuration: {e}")))?;
        Ok(Party {
            game,
            last: None,
            announced: 0,
        })
    }

    fn action(&self, seat: u32, intent: PartyIntent) -> Result<PartyAction, ApiError> {
        let player = player(seat)?;
        Ok(match intent {
            PartyIntent::Announce { bid } => PartyAction::Announce { player, bid },
            PartyIntent::Move { mv } => PartyAction::Move { player, mv },
            PartyIntent::Stop => PartyAction::Stop { player },
            PartyIntent::GiveUp => PartyAction::GiveUp { player },
        })
    }

    fn apply(
        &mut self,
        action: &PartyAction,
        now: Millis,
        services: &Services,
    ) -> Result<Vec<Value>, ApiError> {
        let context = match self.game.phase() {
            Phase::Bidding { card, .. } => Some((card.task, card.stars, *self.game.board())),
            Phase::Proving { card, start, .. } => Some((card.task, card.stars, *start)),
            Phase::Over => None,
        };
        let ev = self
            .game
            .apply(action, now)
            .map_err(|e| ApiError::Refused(e.to_string()))?;
        if let PartyAction::Announce { player, .. } = action {
            self.announced |= 1u64 << (*player).min(63);
        }
        if let Some((task, stars, board)) = context {
            for e in &ev {
                let outcome = match e {
                    PartyEvent::ProofSucceeded {
                        player, moves, bid, ..
                    } => {
                        Some(json!({"player": player, "moves": moves, "bid": bid, "success": true}))
                    }
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
                    // the optimum with one optimal line, which the browser animates
                    let solver = services.solver(task.side());
                    let optimum = solver.distance(&board, &task);
                    let line: Vec<String> = solver
                        .solve(&board, &task)
                        .map(|s| s.moves.iter().map(ToString::to_string).collect())
                        .unwrap_or_default();
                    self.last = Some(json!({
                        "task": task, "stars": stars, "board": board, "optimum": optimum,
                        "solution": line, "result": o,
                    }));
                }
            }
        }
        Ok(events(ev))
    }

    fn ends_when_deserted() -> bool {
        true
    }

    /// Rated only when at least two players ever announced: a party of idle second
    /// accounts around one player rates nobody.
    fn played_enough(&self) -> bool {
        self.announced.count_ones() >= 2
    }

    fn tick() -> Option<PartyAction> {
        Some(PartyAction::Tick)
    }

    fn next_deadline(&self) -> Option<Millis> {
        self.game.next_deadline()
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The final standings as places: each player's value is minus the number of players
    /// ranked strictly above them (by score, then fewer penalties), so ties share a place and
    /// each pair of players is rated as a win, a draw or a loss between them.
    fn outcome(&self) -> Option<Vec<f64>> {
        if !self.game.is_over() {
            return None;
        }
        let standings = self.game.standings();
        let key = |s: &Standing| (-s.score, s.penalties);
        let mut values = vec![0.0; standings.len()];
        for s in &standings {
            let above = standings.iter().filter(|o| key(o) < key(s)).count();
            values[s.player as usize] = -(above as f64);
        }
        Some(values)
    }

    fn bot(
        &self,
        seats: &[SeatRecord],
        seed: u64,
        services: &Services,
    ) -> Option<BotMove<PartyAction>> {
        // the bots' moves are table look-ups in the solver: cheap enough to work out here
        bot_seats(seats)
            .filter_map(|(seat, level)| {
                let bot = PartyBot {
                    player: u8::try_from(seat).ok()?,
                    level,
                    seed: mix(&[seed, u64::from(seat)]),
                };
                bot.next_action(&self.game, services.solver(self.game.config().side))
            })
            .min_by_key(|(t, _)| *t)
            .map(|(t, a)| BotMove::At(t, a))
    }

    fn view(&self, seat: Option<u32>, seats: &[SeatRecord], now: Millis, _: &Services) -> Value {
        let game = &self.game;
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
            "last": self.last, "you": seat, "now": now, "over": game.is_over(),
            "count_ms": game.config().count_ms, "round_limit_ms": game.config().round_limit_ms,
            "legal": if prover.is_some() && prover == seat { moves_of_board(game.board()) } else { Vec::new() },
        })
    }
}
