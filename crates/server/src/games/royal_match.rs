//! A Royal Study match for two: announce, hourglass, challenge, execute; first to six.

use super::{Adapter, BotMove, SeatInfo, bot_seats, seat_list};
use crate::error::{ApiError, Denied, Fault, Rule};
use crate::services::Services;
use crate::store::SeatRecord;
use serde::{Deserialize, Serialize};
use tabula_core::rng::mix;
use tabula_core::{Game, Millis};
use tabula_puzzles::Move;
use tabula_puzzles::royal::bot::MatchBot;
use tabula_puzzles::royal::matchplay::{
    MatchAction, MatchConfig, MatchEvent, MatchPhase, PointReason, Role, RoyalMatch,
};
use tabula_puzzles::royal::{CardAction, Layout};
use ts_rs::TS;

/// A match being played, with the last scored round and its optimum.
#[derive(Clone, Debug)]
pub struct Match {
    game: RoyalMatch,
    last: Option<RoundScored>,
    /// The players who ever acted (bit `n` for player `n`).
    acted: u8,
}

/// What a player of a match may ask for.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum MatchIntent {
    /// Announce a number and start the hourglass.
    Announce {
        /// The number (moves plus card actions).
        bid: u32,
    },
    /// Challenge the announcement.
    Challenge,
    /// Let the announcer execute now.
    Accept,
    /// The executor moves a piece.
    Move {
        /// The move.
        mv: Move,
    },
    /// The executor turns or mirrors a card.
    Card {
        /// Which card (1 or 2 with two cards).
        #[serde(default)]
        card: Option<u8>,
        /// The action.
        action: CardAction,
    },
    /// The executor gives up.
    GiveUp,
}

/// The last round scored, with its optimum.
#[derive(Clone, Debug, Serialize, TS)]
pub struct RoundScored {
    /// The card(s) of the round.
    pub cards: Vec<Layout>,
    /// The board the execution started from.
    pub start: Layout,
    /// The fewest moves.
    pub optimum: Option<u32>,
    /// Who scored.
    pub scorer: u8,
    /// Why.
    pub reason: PointReason,
}

/// Where a match stands, as clients draw it.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum PhaseView {
    /// Waiting for an announcement.
    Announcing {
        /// Since when.
        since: Millis,
        /// When the card is set aside if nobody announces.
        set_aside_at: Option<Millis>,
    },
    /// The hourglass runs.
    Hourglass {
        /// Who announced.
        announcer: u8,
        /// The number announced.
        bid: u32,
        /// When it runs out.
        ends: Millis,
    },
    /// A player executes.
    Executing {
        /// Who announced.
        announcer: u8,
        /// The number announced.
        bid: u32,
        /// Who executes.
        executor: u8,
        /// The announcer or the challenger.
        role: Role,
        /// Moves made.
        count: u32,
        /// Those moves.
        steps: Vec<String>,
        /// The card(s) as turned and mirrored now.
        oriented: Vec<Layout>,
        /// Each card's completion.
        completed: Vec<Option<u32>>,
        /// Since when.
        since: Millis,
        /// The limit, if any.
        deadline: Option<Millis>,
    },
    /// The match is over.
    Over {
        /// The winner (none: a draw).
        winner: Option<u8>,
    },
}

/// What a player of a match sees.
#[derive(Clone, Debug, Serialize, TS)]
pub struct MatchView {
    /// `royal-match`.
    pub kind: &'static str,
    /// 1, 2 or 3.
    pub level: u8,
    /// The bonus challenge.
    pub bonus: bool,
    /// The points of each player.
    pub scores: [u32; 2],
    /// The board.
    pub layout: Layout,
    /// The card(s) of the round.
    pub cards: Vec<Layout>,
    /// The round.
    pub round: u32,
    /// Cards still to draw.
    pub cards_left: usize,
    /// Where it stands.
    pub phase: PhaseView,
    /// The players.
    pub players: Vec<SeatInfo>,
    /// The last round scored.
    pub last: Option<RoundScored>,
    /// The viewer's seat.
    pub you: Option<u32>,
    /// The server's time.
    pub now: Millis,
    /// Whether the match is over.
    pub over: bool,
    /// The points to win.
    pub target: u32,
    /// The executor's legal moves.
    pub legal: Vec<String>,
}

/// The legal moves of a Royal Study layout, as the browser draws them.
pub fn moves_of_layout(l: &Layout) -> Vec<String> {
    l.legal_moves().iter().map(ToString::to_string).collect()
}

impl Adapter for Match {
    type Config = MatchConfig;
    type Intent = MatchIntent;
    type Action = MatchAction;
    type View = MatchView;
    type Event = MatchEvent;
    type Public = MatchAction;

    fn start(config: MatchConfig, seed: u64, now: Millis, _: &Services) -> Result<Self, ApiError> {
        let (game, _) = RoyalMatch::start(config, seed, now)
            .map_err(|e| ApiError::Internal(Fault::Stored, format!("stored configuration: {e}")))?;
        Ok(Match {
            game,
            last: None,
            acted: 0,
        })
    }

    fn action(&self, seat: u32, intent: MatchIntent) -> Result<MatchAction, ApiError> {
        let player = u8::try_from(seat).map_err(|_| {
            ApiError::Forbidden(Denied::NoSeat, format!("seat {seat} plays no part"))
        })?;
        Ok(match intent {
            MatchIntent::Announce { bid } => MatchAction::Announce { player, bid },
            MatchIntent::Challenge => MatchAction::Challenge { player },
            MatchIntent::Accept => MatchAction::Accept { player },
            MatchIntent::Move { mv } => MatchAction::Move { player, mv },
            MatchIntent::Card { card, action } => MatchAction::Card {
                player,
                card,
                action,
            },
            MatchIntent::GiveUp => MatchAction::GiveUp { player },
        })
    }

    fn apply(
        &mut self,
        action: &MatchAction,
        now: Millis,
        services: &Services,
    ) -> Result<Vec<MatchEvent>, ApiError> {
        let start = self
            .game
            .execution_start()
            .unwrap_or_else(|| self.game.layout());
        let cards = self.game.cards().to_vec();
        let level = self.game.config().level;
        let ev = self
            .game
            .apply(action, now)
            .map_err(|e| ApiError::Refused(Rule::Game, e.to_string()))?;
        let actor = match action {
            MatchAction::Announce { player, .. }
            | MatchAction::Challenge { player }
            | MatchAction::Accept { player }
            | MatchAction::Move { player, .. }
            | MatchAction::Card { player, .. }
            | MatchAction::GiveUp { player } => Some(*player),
            MatchAction::Tick => None,
        };
        if let Some(p) = actor {
            self.acted |= 1u8 << p.min(7);
        }
        for e in &ev {
            if let MatchEvent::PointScored { player, reason, .. } = e
                && !cards.is_empty()
            {
                let optimum = services
                    .royal
                    .solve(level, &start, &cards[0], cards.get(1))
                    .map(|p| p.count);
                self.last = Some(RoundScored {
                    cards: cards.clone(),
                    start,
                    optimum,
                    scorer: *player,
                    reason: *reason,
                });
            }
        }
        Ok(ev)
    }

    fn ends_when_deserted() -> bool {
        true
    }

    fn tick() -> Option<MatchAction> {
        Some(MatchAction::Tick)
    }

    fn next_deadline(&self) -> Option<Millis> {
        self.game.next_deadline()
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// A match rates like a duel: player N sits at seat N; a level score when the deck runs
    /// out is a draw.
    /// Rated only when both players acted at least once.
    fn played_enough(&self) -> bool {
        self.acted == 0b11
    }

    fn outcome(&self) -> Option<Vec<f64>> {
        match self.game.phase() {
            MatchPhase::Over { winner } => super::duel_outcome([0, 1], winner.map(usize::from)),
            _ => None,
        }
    }

    fn bot(
        &self,
        seats: &[SeatRecord],
        seed: u64,
        services: &Services,
    ) -> Option<BotMove<MatchAction>> {
        // the bot's plans come from the solver's tables: cheap enough to work out here
        bot_seats(seats)
            .filter_map(|(seat, level)| {
                let bot = MatchBot {
                    player: u8::try_from(seat).ok()?,
                    level,
                    seed: mix(&[seed, u64::from(seat)]),
                };
                bot.next_action(&self.game, &services.royal)
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
    ) -> MatchView {
        let game = &self.game;
        let (phase, executor) = match game.phase() {
            MatchPhase::Announcing { since, .. } => (
                PhaseView::Announcing {
                    since: *since,
                    set_aside_at: game.config().announce_limit_ms.map(|l| since + l),
                },
                None,
            ),
            MatchPhase::Hourglass {
                announcer,
                bid,
                ends,
                ..
            } => (
                PhaseView::Hourglass {
                    announcer: *announcer,
                    bid: *bid,
                    ends: *ends,
                },
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
                PhaseView::Executing {
                    announcer: *announcer,
                    bid: *bid,
                    executor: *executor,
                    role: *role,
                    count: run.count(),
                    steps: run.steps().iter().map(ToString::to_string).collect(),
                    oriented: run.oriented_cards(),
                    completed: run.completed().to_vec(),
                    since: *since,
                    deadline: *deadline,
                },
                Some(u32::from(*executor)),
            ),
            MatchPhase::Over { winner } => (PhaseView::Over { winner: *winner }, None),
        };
        MatchView {
            kind: "royal-match",
            level: game.config().level.number(),
            bonus: game.config().bonus,
            scores: game.scores(),
            layout: game.layout(),
            cards: game.cards().to_vec(),
            round: game.round(),
            cards_left: game.cards_left(),
            phase,
            players: seat_list(seats),
            last: self.last.clone(),
            you: seat,
            now,
            over: game.is_over(),
            target: game.config().target,
            legal: if executor.is_some() && executor == seat {
                moves_of_layout(&game.layout())
            } else {
                Vec::new()
            },
        }
    }

    fn close(view: &mut MatchView) {
        view.over = true;
        view.legal.clear();
    }

    fn public_action(&self, action: &MatchAction) -> MatchAction {
        action.clone()
    }
}
