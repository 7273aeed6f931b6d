//! A Royal Study match between two players or teams (RULES.md section 2, "Match").
//!
//! Each round one card (two in the bonus challenge) is drawn. Either player announces a number
//! and the hourglass starts (60 s by default **[ours]**). Before it runs out the opponent may
//! challenge. Unchallenged, the announcer executes and scores within the announcement, else the
//! opponent scores. Challenged, the challenger executes and scores with fewer moves than
//! announced, else the announcer scores. The opponent may also let the announcer start at once.
//! Pieces stay where the execution left them. The first to six points wins.
//!
//! An execution ends as soon as every card is complete, or when success has become impossible
//! (the count reached the most it may use without completing), or when the executor gives up,
//! or, with the optional time limit, when time runs out. Illegal steps are rejected.

use super::execution::{Execution, StepError};
use super::{CardAction, Layout, Level, Step};
use crate::moves::Move;
use crate::notation::NotationError;
use serde::{Deserialize, Serialize};
use tabula_core::game::transactional;
use tabula_core::rng::{SliceRandom, seeded};
use tabula_core::{Game, Millis};

/// How long the opponent may think before the announcer executes **[ours]**.
pub const HOURGLASS_MS: Millis = 60_000;
/// Points that win a match.
pub const TARGET_POINTS: u32 = 6;

/// Everything fixed before a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchConfig {
    /// Level 1, 2 or 3.
    pub level: Level,
    /// Two cards a round (the bonus challenge).
    pub bonus: bool,
    /// The deck of layouts, before shuffling.
    pub cards: Vec<String>,
    /// Length of the hourglass.
    pub hourglass_ms: Millis,
    /// Optional time limit on an execution.
    pub execution_limit_ms: Option<Millis>,
    /// Points that win.
    pub target: u32,
}

impl MatchConfig {
    /// A configuration with the standard hourglass, no execution limit and six points to win.
    pub fn new(level: Level, bonus: bool, cards: Vec<String>) -> Self {
        Self {
            level,
            bonus,
            cards,
            hourglass_ms: HOURGLASS_MS,
            execution_limit_ms: None,
            target: TARGET_POINTS,
        }
    }
}

/// Who executes and what they must achieve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The announcer, within the announcement.
    Announcer,
    /// The challenger, with fewer moves than announced.
    Challenger,
}

/// Where the round stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchPhase {
    /// The cards are drawn; the first to announce starts the hourglass.
    Announcing {
        /// The cards of the round.
        cards: Vec<Layout>,
        /// When they were drawn.
        since: Millis,
    },
    /// The hourglass runs; the opponent may challenge.
    Hourglass {
        /// The cards.
        cards: Vec<Layout>,
        /// Who announced.
        announcer: u8,
        /// The announcement.
        bid: u32,
        /// When the hourglass runs out.
        ends: Millis,
    },
    /// Someone executes.
    Executing {
        /// Who announced.
        announcer: u8,
        /// The announcement.
        bid: u32,
        /// Who executes.
        executor: u8,
        /// Announcer or challenger.
        role: Role,
        /// The execution so far.
        run: Execution,
        /// When it began.
        since: Millis,
        /// When the execution must end, with a time limit.
        deadline: Option<Millis>,
    },
    /// Someone reached the target (or the deck ran out).
    Over {
        /// The winner; `None` for a draw when the deck ran out level.
        winner: Option<u8>,
    },
}

/// Something a player does, or time passing. Players are 0 and 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum MatchAction {
    /// Announce a number and start the hourglass.
    Announce {
        /// Who.
        player: u8,
        /// The number (moves plus card actions).
        bid: u32,
    },
    /// Challenge the announcement (the opponent, while the hourglass runs).
    Challenge {
        /// Who.
        player: u8,
    },
    /// Let the announcer execute now (the opponent, while the hourglass runs).
    Accept {
        /// Who.
        player: u8,
    },
    /// The executor moves a piece.
    Move {
        /// Who.
        player: u8,
        /// The move.
        mv: Move,
    },
    /// The executor turns or mirrors a card (`card` is 1 or 2 with two cards).
    Card {
        /// Who.
        player: u8,
        /// Which card.
        card: Option<u8>,
        /// The action.
        action: CardAction,
    },
    /// The executor gives up.
    GiveUp {
        /// Who.
        player: u8,
    },
    /// Time passes.
    Tick,
}

/// Why a point was scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PointReason {
    /// The executor completed the card(s) as required.
    Completed,
    /// The executor used too many moves or could no longer succeed.
    TooManyMoves,
    /// The executor gave up.
    GaveUp,
    /// The execution time ran out.
    OutOfTime,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum MatchEvent {
    /// New cards for the round.
    CardsDrawn {
        /// Round number from 1.
        round: u32,
        /// The card(s).
        cards: Vec<Layout>,
    },
    /// An announcement; the hourglass runs until `ends`.
    Announced {
        /// Who.
        player: u8,
        /// The number.
        bid: u32,
        /// When the hourglass runs out.
        ends: Millis,
    },
    /// The opponent challenged.
    Challenged {
        /// The challenger.
        player: u8,
    },
    /// Execution begins.
    ExecutionStarted {
        /// Who executes.
        executor: u8,
        /// Announcer or challenger.
        role: Role,
        /// The largest count that still succeeds.
        at_most: Option<u32>,
    },
    /// A step was taken.
    Stepped {
        /// The executor.
        player: u8,
        /// The step.
        step: String,
        /// Count so far.
        count: u32,
        /// The pieces now.
        layout: Layout,
        /// The card(s) as currently turned or mirrored.
        cards: Vec<Layout>,
    },
    /// A card was completed.
    CardCompleted {
        /// Which (1 or 2).
        card: u8,
        /// At which count.
        count: u32,
    },
    /// A point was scored.
    PointScored {
        /// Who scores.
        player: u8,
        /// Why.
        reason: PointReason,
        /// The scores after it.
        scores: [u32; 2],
    },
    /// The match is over.
    MatchOver {
        /// The winner (`None`: the deck ran out with the scores level).
        winner: Option<u8>,
        /// Final scores.
        scores: [u32; 2],
    },
}

/// Why an action was rejected. The match is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// Actions must come in time order.
    #[error("time went backwards: {now} ms is before the last action at {last} ms")]
    TimeWentBackwards {
        /// The action's time.
        now: Millis,
        /// The match's time.
        last: Millis,
    },
    /// Players are 0 and 1.
    #[error("there is no player {0}: players are 0 and 1")]
    NoSuchPlayer(u8),
    /// The match has ended.
    #[error("the match is over")]
    Over,
    /// The action does not fit the phase of the round.
    #[error("not now: {0}")]
    NotNow(&'static str),
    /// Only the announcer's opponent may challenge or accept.
    #[error("only player {0} (the announcer's opponent) may do that")]
    NotTheOpponent(u8),
    /// Only the executor moves.
    #[error("only player {executor} is executing")]
    NotTheExecutor {
        /// The executor.
        executor: u8,
    },
    /// The step breaks a rule.
    #[error("{0}")]
    Step(#[from] StepError),
    /// A configured card is not a legal layout.
    #[error("card {index}: {error}")]
    BadCard {
        /// 1-based position in the configuration.
        index: usize,
        /// What is wrong.
        error: NotationError,
    },
    /// Not enough cards to start.
    #[error("a match needs at least {needed} cards, the deck has {found}")]
    TooFewCards {
        /// Needed.
        needed: usize,
        /// Given.
        found: usize,
    },
    /// The target must be at least one point.
    #[error("a match is played to at least 1 point")]
    Target,
}

/// A Royal Study match in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoyalMatch {
    config: MatchConfig,
    layout: Layout,
    /// Cards still to come; the next one is last.
    deck: Vec<Layout>,
    scores: [u32; 2],
    phase: MatchPhase,
    round: u32,
    /// When the round's cards were drawn.
    round_started: Millis,
    now: Millis,
}

/// Parses the configured layouts, shuffles them with `seed` and takes the first as the start.
/// Returns the start and the rest of the deck, the next card last. At least one round of
/// `per_round` cards must remain.
pub(crate) fn deal(
    cards: &[String],
    per_round: usize,
    seed: u64,
) -> Result<(Layout, Vec<Layout>), MatchError> {
    let mut deck = cards
        .iter()
        .enumerate()
        .map(|(i, c)| {
            Layout::parse(c).map_err(|error| MatchError::BadCard {
                index: i + 1,
                error,
            })
        })
        .collect::<Result<Vec<Layout>, MatchError>>()?;
    if deck.len() < 1 + per_round {
        return Err(MatchError::TooFewCards {
            needed: 1 + per_round,
            found: deck.len(),
        });
    }
    deck.shuffle(&mut seeded(seed));
    deck.reverse();
    let start = deck
        .pop()
        .expect("checked above: the first card sets the start");
    Ok((start, deck))
}

impl RoyalMatch {
    /// The configuration.
    pub fn config(&self) -> &MatchConfig {
        &self.config
    }

    /// Where the pieces stand (during an execution, after its steps so far).
    pub fn layout(&self) -> Layout {
        match &self.phase {
            MatchPhase::Executing { run, .. } => run.layout(),
            _ => self.layout,
        }
    }

    /// Points of players 0 and 1.
    pub fn scores(&self) -> [u32; 2] {
        self.scores
    }

    /// Where the round stands.
    pub fn phase(&self) -> &MatchPhase {
        &self.phase
    }

    /// Round number from 1.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// When the round's cards were drawn.
    pub fn round_started(&self) -> Millis {
        self.round_started
    }

    /// Where the pieces stood when the execution in progress began.
    pub fn execution_start(&self) -> Option<Layout> {
        matches!(self.phase, MatchPhase::Executing { .. }).then_some(self.layout)
    }

    /// The time of the last action.
    pub fn now(&self) -> Millis {
        self.now
    }

    /// Cards still in the deck.
    pub fn cards_left(&self) -> usize {
        self.deck.len()
    }

    /// The round's card(s).
    pub fn cards(&self) -> &[Layout] {
        match &self.phase {
            MatchPhase::Announcing { cards, .. } | MatchPhase::Hourglass { cards, .. } => cards,
            MatchPhase::Executing { run, .. } => run.cards(),
            MatchPhase::Over { .. } => &[],
        }
    }

    fn per_round(&self) -> usize {
        if self.config.bonus { 2 } else { 1 }
    }

    fn draw(&mut self, at: Millis, events: &mut Vec<MatchEvent>) {
        if self.deck.len() < self.per_round() {
            let winner = match self.scores[0].cmp(&self.scores[1]) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            self.phase = MatchPhase::Over { winner };
            events.push(MatchEvent::MatchOver {
                winner,
                scores: self.scores,
            });
            return;
        }
        let cards: Vec<Layout> = (0..self.per_round())
            .filter_map(|_| self.deck.pop())
            .collect();
        self.round += 1;
        events.push(MatchEvent::CardsDrawn {
            round: self.round,
            cards: cards.clone(),
        });
        self.round_started = at;
        self.phase = MatchPhase::Announcing { cards, since: at };
    }

    fn score(
        &mut self,
        player: u8,
        reason: PointReason,
        layout: Layout,
        at: Millis,
        events: &mut Vec<MatchEvent>,
    ) {
        self.layout = layout;
        self.scores[player as usize] += 1;
        events.push(MatchEvent::PointScored {
            player,
            reason,
            scores: self.scores,
        });
        if self.scores[player as usize] >= self.config.target {
            self.phase = MatchPhase::Over {
                winner: Some(player),
            };
            events.push(MatchEvent::MatchOver {
                winner: Some(player),
                scores: self.scores,
            });
        } else {
            self.draw(at, events);
        }
    }

    /// The largest count with which the executor still succeeds (`None`: none does).
    fn at_most(role: Role, bid: u32) -> Option<u32> {
        match role {
            Role::Announcer => Some(bid),
            Role::Challenger => bid.checked_sub(1),
        }
    }

    /// Starts the execution: by the announcer, or by their opponent for a challenge.
    fn begin_execution(
        &mut self,
        cards: Vec<Layout>,
        announcer: u8,
        bid: u32,
        role: Role,
        at: Millis,
        events: &mut Vec<MatchEvent>,
    ) {
        let executor = match role {
            Role::Announcer => announcer,
            Role::Challenger => 1 - announcer,
        };
        let run = Execution::new(self.config.level, self.layout, cards);
        events.push(MatchEvent::ExecutionStarted {
            executor,
            role,
            at_most: Self::at_most(role, bid),
        });
        self.phase = MatchPhase::Executing {
            announcer,
            bid,
            executor,
            role,
            run,
            since: at,
            deadline: self.config.execution_limit_ms.map(|l| at + l),
        };
        self.judge(at, events);
    }

    /// Scores the execution if it is decided.
    fn judge(&mut self, at: Millis, events: &mut Vec<MatchEvent>) {
        let MatchPhase::Executing {
            bid,
            executor,
            role,
            run,
            ..
        } = &self.phase
        else {
            return;
        };
        let other = 1 - *executor;
        let limit = Self::at_most(*role, *bid);
        let (executor, layout) = (*executor, run.layout());
        if run.all_completed() && limit.is_some_and(|l| run.count() <= l) {
            self.score(executor, PointReason::Completed, layout, at, events);
        } else if limit.is_none_or(|l| run.count() >= l) {
            self.score(other, PointReason::TooManyMoves, layout, at, events);
        }
    }

    fn advance(&mut self, now: Millis, events: &mut Vec<MatchEvent>) {
        loop {
            match &self.phase {
                MatchPhase::Hourglass {
                    cards,
                    announcer,
                    bid,
                    ends,
                } if *ends <= now => {
                    let (cards, announcer, bid, ends) = (cards.clone(), *announcer, *bid, *ends);
                    self.begin_execution(cards, announcer, bid, Role::Announcer, ends, events);
                }
                MatchPhase::Executing {
                    executor,
                    run,
                    deadline: Some(d),
                    ..
                } if *d <= now => {
                    let (other, layout, at) = (1 - *executor, run.layout(), *d);
                    self.score(other, PointReason::OutOfTime, layout, at, events);
                }
                _ => return,
            }
        }
    }

    fn executor(&self, player: u8) -> Result<(), MatchError> {
        match &self.phase {
            MatchPhase::Executing { executor, .. } if *executor == player => Ok(()),
            MatchPhase::Executing { executor, .. } => Err(MatchError::NotTheExecutor {
                executor: *executor,
            }),
            MatchPhase::Over { .. } => Err(MatchError::Over),
            _ => Err(MatchError::NotNow("nobody is executing yet")),
        }
    }

    fn act(&mut self, action: &MatchAction, now: Millis) -> Result<Vec<MatchEvent>, MatchError> {
        if now < self.now {
            return Err(MatchError::TimeWentBackwards {
                now,
                last: self.now,
            });
        }
        let mut events = Vec::new();
        self.advance(now, &mut events);
        self.now = now;
        let player = match action {
            MatchAction::Tick => return Ok(events),
            MatchAction::Announce { player, .. }
            | MatchAction::Challenge { player }
            | MatchAction::Accept { player }
            | MatchAction::Move { player, .. }
            | MatchAction::Card { player, .. }
            | MatchAction::GiveUp { player } => *player,
        };
        if player > 1 {
            return Err(MatchError::NoSuchPlayer(player));
        }
        if matches!(self.phase, MatchPhase::Over { .. }) {
            return Err(MatchError::Over);
        }
        match action {
            MatchAction::Announce { bid, .. } => {
                let MatchPhase::Announcing { cards, .. } = &self.phase else {
                    return Err(MatchError::NotNow(
                        "a number is already announced this round",
                    ));
                };
                let ends = now + self.config.hourglass_ms;
                self.phase = MatchPhase::Hourglass {
                    cards: cards.clone(),
                    announcer: player,
                    bid: *bid,
                    ends,
                };
                events.push(MatchEvent::Announced {
                    player,
                    bid: *bid,
                    ends,
                });
            }
            MatchAction::Challenge { .. } | MatchAction::Accept { .. } => {
                let MatchPhase::Hourglass {
                    cards,
                    announcer,
                    bid,
                    ..
                } = &self.phase
                else {
                    return Err(MatchError::NotNow(
                        "challenges are made while the hourglass runs",
                    ));
                };
                let (cards, announcer, bid) = (cards.clone(), *announcer, *bid);
                if player == announcer {
                    return Err(MatchError::NotTheOpponent(1 - announcer));
                }
                if matches!(action, MatchAction::Challenge { .. }) {
                    events.push(MatchEvent::Challenged { player });
                    self.begin_execution(cards, announcer, bid, Role::Challenger, now, &mut events);
                } else {
                    self.begin_execution(cards, announcer, bid, Role::Announcer, now, &mut events);
                }
            }
            MatchAction::Move { mv, .. } => {
                self.executor(player)?;
                self.step(player, Step::Move(*mv), now, &mut events)?;
            }
            MatchAction::Card { card, action, .. } => {
                self.executor(player)?;
                self.step(
                    player,
                    Step::Action {
                        card: *card,
                        action: *action,
                    },
                    now,
                    &mut events,
                )?;
            }
            MatchAction::GiveUp { .. } => {
                self.executor(player)?;
                let layout = self.layout();
                self.score(1 - player, PointReason::GaveUp, layout, now, &mut events);
            }
            MatchAction::Tick => {}
        }
        Ok(events)
    }

    fn step(
        &mut self,
        player: u8,
        step: Step,
        now: Millis,
        events: &mut Vec<MatchEvent>,
    ) -> Result<(), MatchError> {
        let MatchPhase::Executing { run, .. } = &mut self.phase else {
            return Err(MatchError::NotNow("nobody is executing"));
        };
        let done = run.step(step)?;
        events.push(MatchEvent::Stepped {
            player,
            step: step.to_string(),
            count: run.count(),
            layout: run.layout(),
            cards: run.oriented_cards(),
        });
        for card in done {
            events.push(MatchEvent::CardCompleted {
                card,
                count: run.count(),
            });
        }
        self.judge(now, events);
        Ok(())
    }
}

impl Game for RoyalMatch {
    type Config = MatchConfig;
    type Action = MatchAction;
    type Event = MatchEvent;
    type Error = MatchError;

    fn start(
        config: MatchConfig,
        seed: u64,
        now: Millis,
    ) -> Result<(Self, Vec<MatchEvent>), MatchError> {
        if config.target == 0 {
            return Err(MatchError::Target);
        }
        let (layout, deck) = deal(&config.cards, if config.bonus { 2 } else { 1 }, seed)?;
        let mut game = RoyalMatch {
            config,
            layout,
            deck,
            scores: [0, 0],
            phase: MatchPhase::Over { winner: None },
            round: 0,
            round_started: now,
            now,
        };
        let mut events = Vec::new();
        game.draw(now, &mut events);
        Ok((game, events))
    }

    fn apply(&mut self, action: &MatchAction, now: Millis) -> Result<Vec<MatchEvent>, MatchError> {
        transactional(self, |g| g.act(action, now))
    }

    fn next_deadline(&self) -> Option<Millis> {
        match &self.phase {
            MatchPhase::Hourglass { ends, .. } => Some(*ends),
            MatchPhase::Executing { deadline, .. } => *deadline,
            _ => None,
        }
    }

    fn is_over(&self) -> bool {
        matches!(self.phase, MatchPhase::Over { .. })
    }
}
