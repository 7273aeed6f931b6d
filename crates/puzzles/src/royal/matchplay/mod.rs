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
//!
//! **[ours]** A round nobody announces within the announcement limit (120 s, as Check Mates's
//! round limit) has its card set aside unscored, and the next is drawn: a pair that walked away
//! never holds a match open.

mod types;

pub use types::*;

use super::execution::Execution;
use super::{Layout, Step};
use tabula_core::game::transactional;
use tabula_core::rng::{SliceRandom, seeded};
use tabula_core::{Game, Millis};
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
                MatchPhase::Announcing { since, .. }
                    if self
                        .config
                        .announce_limit_ms
                        .is_some_and(|l| since + l <= now) =>
                {
                    let at = since + self.config.announce_limit_ms.unwrap_or_default();
                    events.push(MatchEvent::CardsSetAside { round: self.round });
                    self.draw(at, events);
                }
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
            MatchPhase::Announcing { since, .. } => {
                self.config.announce_limit_ms.map(|l| since + l)
            }
            MatchPhase::Hourglass { ends, .. } => Some(*ends),
            MatchPhase::Executing { deadline, .. } => *deadline,
            _ => None,
        }
    }

    fn is_over(&self) -> bool {
        matches!(self.phase, MatchPhase::Over { .. })
    }
}
