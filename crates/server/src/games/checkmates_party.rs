//! Check Mates for 1-6 players: the party game with bidding, proofs and bots.

use super::{Adapter, BotMove, bot_seats};
use crate::error::{ApiError, Denied, Fault, Rule};
use crate::services::Services;
use crate::store::SeatRecord;
use serde::{Deserialize, Serialize};
use tabula_core::rng::mix;
use tabula_core::{Game, Millis};
use tabula_puzzles::Move;
use tabula_puzzles::checkmates::bot::PartyBot;
use tabula_puzzles::checkmates::party::{
    FailReason, PartyAction, PartyConfig, PartyEvent, PartyGame, Phase, PlayCard, Standing,
};
use tabula_puzzles::checkmates::{Board, Side, Task};
use ts_rs::TS;

/// A Check Mates party being played, with the last settled round and its optimum.
#[derive(Clone, Debug)]
pub struct Party {
    game: PartyGame,
    last: Option<RoundSettled>,
    /// The players who ever announced (bit `n` for player `n`).
    announced: u64,
}

/// What a player of a party may ask for.
#[derive(Debug, Deserialize, ts_rs::TS)]
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

/// How a round ended for the clients: a proof's result, or the card set aside.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(untagged)]
pub enum RoundResult {
    /// A proof succeeded or failed.
    Proof {
        /// The prover.
        player: u8,
        /// Moves used.
        moves: u32,
        /// The announcement.
        bid: u32,
        /// Whether it succeeded.
        success: bool,
        /// Why it failed.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        reason: Option<FailReason>,
    },
    /// Nobody announced in time.
    SetAside {
        /// Always true.
        set_aside: bool,
    },
}

/// The last round settled, with the optimum and one optimal line (the browser animates it).
#[derive(Clone, Debug, Serialize, TS)]
pub struct RoundSettled {
    /// The round's task.
    pub task: Task,
    /// Its stars.
    pub stars: u8,
    /// The board it started from.
    pub board: Board,
    /// The fewest moves.
    pub optimum: Option<u8>,
    /// One optimal line.
    pub solution: Vec<String>,
    /// How it ended.
    pub result: RoundResult,
}

/// A player as the party shows them.
#[derive(Clone, Debug, Serialize, TS)]
pub struct PlayerView {
    /// The seat.
    pub seat: u32,
    /// The name.
    pub name: String,
    /// A bot's level.
    pub bot: Option<u8>,
    /// Stars minus penalties.
    pub score: i32,
    /// Stars won.
    pub stars: i32,
    /// Cards won.
    pub face_up: Vec<PlayCard>,
    /// Penalty cards.
    pub penalties: Vec<PlayCard>,
}

/// What a player of a party sees.
#[derive(Clone, Debug, Serialize, TS)]
pub struct PartyView {
    /// `checkmates-party`.
    pub kind: &'static str,
    /// The side of the tokens and cards.
    pub side: Side,
    /// The board.
    pub board: Board,
    /// Where the round stands.
    pub phase: Phase,
    /// The round.
    pub round: u32,
    /// Cards still to draw.
    pub cards_left: usize,
    /// Cards set aside unscored.
    pub set_aside: usize,
    /// The players.
    pub players: Vec<PlayerView>,
    /// The final standings.
    pub standings: Option<Vec<Standing>>,
    /// The last round settled.
    pub last: Option<RoundSettled>,
    /// The viewer's seat.
    pub you: Option<u32>,
    /// The server's time.
    pub now: Millis,
    /// Whether the party is over.
    pub over: bool,
    /// The count after an announcement.
    pub count_ms: Millis,
    /// The time a card waits for an announcement.
    pub round_limit_ms: Millis,
    /// The prover's legal moves.
    pub legal: Vec<String>,
}

fn player(seat: u32) -> Result<u8, ApiError> {
    u8::try_from(seat)
        .map_err(|_| ApiError::Forbidden(Denied::NoSeat, format!("seat {seat} plays no part")))
}

/// The legal moves of a Check Mates board, as the browser draws them.
pub fn moves_of_board(b: &tabula_puzzles::checkmates::Board) -> Vec<String> {
    b.legal_moves().iter().map(ToString::to_string).collect()
}

impl Adapter for Party {
    type Config = PartyConfig;
    type Intent = PartyIntent;
    type Action = PartyAction;
    type View = PartyView;
    type Event = PartyEvent;
    type Public = PartyAction;

    fn start(config: PartyConfig, seed: u64, now: Millis, _: &Services) -> Result<Self, ApiError> {
        let (game, _) = PartyGame::start(config, seed, now)
            .map_err(|e| ApiError::Internal(Fault::Stored, format!("stored configuration: {e}")))?;
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
    ) -> Result<Vec<PartyEvent>, ApiError> {
        let context = match self.game.phase() {
            Phase::Bidding { card, .. } => Some((card.task, card.stars, *self.game.board())),
            Phase::Proving { card, start, .. } => Some((card.task, card.stars, *start)),
            Phase::Over => None,
        };
        let ev = self
            .game
            .apply(action, now)
            .map_err(|e| ApiError::Refused(Rule::Game, e.to_string()))?;
        if let PartyAction::Announce { player, .. } = action {
            self.announced |= 1u64 << (*player).min(63);
        }
        if let Some((task, stars, board)) = context {
            for e in &ev {
                let outcome = match e {
                    PartyEvent::ProofSucceeded {
                        player, moves, bid, ..
                    } => Some(RoundResult::Proof {
                        player: *player,
                        moves: *moves,
                        bid: *bid,
                        success: true,
                        reason: None,
                    }),
                    PartyEvent::ProofFailed {
                        player,
                        moves,
                        bid,
                        reason,
                    } => Some(RoundResult::Proof {
                        player: *player,
                        moves: *moves,
                        bid: *bid,
                        success: false,
                        reason: Some(*reason),
                    }),
                    PartyEvent::CardSetAside { .. } => {
                        Some(RoundResult::SetAside { set_aside: true })
                    }
                    _ => None,
                };
                if let Some(result) = outcome {
                    // the optimum with one optimal line, which the browser animates
                    let solver = services.solver(task.side());
                    let optimum = solver.distance(&board, &task);
                    let line: Vec<String> = solver
                        .solve(&board, &task)
                        .map(|s| s.moves.iter().map(ToString::to_string).collect())
                        .unwrap_or_default();
                    self.last = Some(RoundSettled {
                        task,
                        stars,
                        board,
                        optimum,
                        solution: line,
                        result,
                    });
                }
            }
        }
        Ok(ev)
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

    fn view(
        &self,
        seat: Option<u32>,
        seats: &[SeatRecord],
        now: Millis,
        _: &Services,
    ) -> PartyView {
        let game = &self.game;
        let players = game
            .tableaux()
            .iter()
            .zip(seats)
            .map(|(t, s)| PlayerView {
                seat: s.seat,
                name: s.name.clone(),
                bot: s.bot_level,
                score: t.score(),
                stars: t.stars(),
                face_up: t.face_up.clone(),
                penalties: t.penalties.clone(),
            })
            .collect();
        let prover = match game.phase() {
            Phase::Proving { prover, .. } => Some(u32::from(*prover)),
            _ => None,
        };
        PartyView {
            kind: "checkmates-party",
            side: game.config().side,
            board: *game.board(),
            phase: game.phase().clone(),
            round: game.round(),
            cards_left: game.cards_left(),
            set_aside: game.set_aside().len(),
            players,
            standings: game.is_over().then(|| game.standings()),
            last: self.last.clone(),
            you: seat,
            now,
            over: game.is_over(),
            count_ms: game.config().count_ms,
            round_limit_ms: game.config().round_limit_ms,
            legal: if prover.is_some() && prover == seat {
                moves_of_board(game.board())
            } else {
                Vec::new()
            },
        }
    }

    fn close(view: &mut PartyView) {
        view.over = true;
        view.legal.clear();
    }

    fn public_action(&self, action: &PartyAction) -> PartyAction {
        action.clone()
    }
}
