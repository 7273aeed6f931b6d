//! The Check Mates party game for 1-6 players (RULES.md section 1, "The party game").
//!
//! A card is revealed; anyone may announce a number of moves. The first announcement starts a
//! five-second count; a *lower* announcement interrupts and restarts it; each player announces
//! at most once a round. When a count runs out, the lowest announcer proves: moving tokens one
//! at a time, no undo. The proof succeeds as soon as the board meets the task within the
//! announcement, and fails when the announcement is used up, or the prover stops or gives up.
//! Announcing 0 is judged at once. If nobody announces within the round limit the card is set
//! aside unscored **[ours]**. The board carries over; the game ends when the deck is empty.
//!
//! On a screen the board only accepts legal moves: an illegal move is rejected (nothing
//! changes) rather than counted as a mistake, which is what `tabula exact verify` does for proofs
//! made on a real table.

mod types;

pub use types::*;

use super::{Board, Side, Task};
use tabula_core::game::transactional;
use tabula_core::rng::{SliceRandom, seeded};
use tabula_core::{Game, Millis};

/// How a proof ended, before the card changes hands.
struct Verdict {
    player: u8,
    bid: u32,
    moves: u32,
    /// The rotation met (clockwise degrees), or why the proof failed.
    outcome: Result<u16, FailReason>,
}

/// A Check Mates party in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartyGame {
    config: PartyConfig,
    board: Board,
    /// Cards still to come; the next one is last.
    deck: Vec<PlayCard>,
    tableaux: Vec<Tableau>,
    set_aside: Vec<PlayCard>,
    phase: Phase,
    round: u32,
    now: Millis,
}

/// Parses and filters the configured cards, then shuffles them with `rng`.
pub(crate) fn build_deck(
    side: Side,
    cards: &[CardSpec],
    choice: DeckChoice,
    rng: &mut tabula_core::rng::ChaCha8Rng,
) -> Result<Vec<(Task, u8)>, PartyError> {
    let mut deck = Vec::new();
    for (i, spec) in cards.iter().enumerate() {
        let task = Task::parse(side, &spec.task).map_err(|error| PartyError::BadCard {
            index: i + 1,
            error,
        })?;
        if !(1..=2).contains(&spec.stars) {
            return Err(PartyError::BadStars {
                index: i + 1,
                stars: spec.stars,
            });
        }
        if choice.keeps(spec.stars) {
            deck.push((task, spec.stars));
        }
    }
    if deck.is_empty() {
        return Err(PartyError::EmptyDeck(choice));
    }
    deck.shuffle(rng);
    Ok(deck)
}

impl PartyGame {
    /// The configuration.
    pub fn config(&self) -> &PartyConfig {
        &self.config
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Where the round stands.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The cards in front of each player.
    pub fn tableaux(&self) -> &[Tableau] {
        &self.tableaux
    }

    /// Cards set aside unscored.
    pub fn set_aside(&self) -> &[PlayCard] {
        &self.set_aside
    }

    /// The round number (from 1).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Cards still in the deck (not counting the one in play).
    pub fn cards_left(&self) -> usize {
        self.deck.len()
    }

    /// The time of the last action.
    pub fn now(&self) -> Millis {
        self.now
    }

    /// The card in play, if any.
    pub fn card(&self) -> Option<&PlayCard> {
        match &self.phase {
            Phase::Bidding { card, .. } | Phase::Proving { card, .. } => Some(card),
            Phase::Over => None,
        }
    }

    /// The lowest announcement of the round so far.
    pub fn lowest_bid(&self) -> Option<Bid> {
        match &self.phase {
            Phase::Bidding { bids, .. } => bids.last().copied(),
            _ => None,
        }
    }

    /// Whether `player` has announced this round.
    pub fn has_announced(&self, player: u8) -> bool {
        matches!(&self.phase, Phase::Bidding { bids, .. } if bids.iter().any(|b| b.player == player))
    }

    /// Standings, best first: by score, then fewer penalty cards; ties at the top share the win.
    pub fn standings(&self) -> Vec<Standing> {
        let mut s: Vec<Standing> = self
            .tableaux
            .iter()
            .enumerate()
            .map(|(i, t)| Standing {
                player: i as u8,
                score: t.score(),
                stars: t.stars(),
                penalties: t.penalties.len() as u32,
                winner: false,
            })
            .collect();
        s.sort_by_key(|x| (-x.score, x.penalties, x.player));
        let best = (s[0].score, s[0].penalties);
        for x in &mut s {
            x.winner = (x.score, x.penalties) == best;
        }
        s
    }

    fn check_player(&self, player: u8) -> Result<(), PartyError> {
        if player >= self.config.players {
            return Err(PartyError::NoSuchPlayer {
                player,
                last: self.config.players - 1,
            });
        }
        Ok(())
    }

    /// Reveals the next card at `at`, or ends the game.
    fn next_card(&mut self, at: Millis, events: &mut Vec<PartyEvent>) {
        match self.deck.pop() {
            Some(card) => {
                self.round += 1;
                events.push(PartyEvent::CardRevealed {
                    round: self.round,
                    card: card.clone(),
                    cards_left: self.deck.len(),
                });
                self.phase = Phase::Bidding {
                    card,
                    revealed_at: at,
                    bids: Vec::new(),
                    count_ends: None,
                };
            }
            None => {
                self.phase = Phase::Over;
                events.push(PartyEvent::GameOver {
                    standings: self.standings(),
                });
            }
        }
    }

    /// Gives the card to the prover, face up or as a penalty, and moves on.
    fn settle(&mut self, card: PlayCard, v: Verdict, at: Millis, events: &mut Vec<PartyEvent>) {
        let tableau = &mut self.tableaux[v.player as usize];
        match v.outcome {
            Ok(rotation) => {
                events.push(PartyEvent::ProofSucceeded {
                    player: v.player,
                    moves: v.moves,
                    bid: v.bid,
                    stars: card.stars,
                    rotation,
                });
                tableau.face_up.push(card);
            }
            Err(reason) => {
                events.push(PartyEvent::ProofFailed {
                    player: v.player,
                    moves: v.moves,
                    bid: v.bid,
                    reason,
                });
                tableau.penalties.push(card);
            }
        }
        self.next_card(at, events);
    }

    /// If the proof in progress is decided, settles it.
    fn judge_proof(&mut self, at: Millis, events: &mut Vec<PartyEvent>) {
        let Phase::Proving {
            card,
            prover,
            bid,
            moves,
            ..
        } = &self.phase
        else {
            return;
        };
        let made = moves.len() as u32;
        let (card, prover, bid) = (card.clone(), *prover, *bid);
        if let Some(rotation) = card.task.met_by(&self.board) {
            let degrees = rotation.degrees_clockwise().unwrap_or(0);
            let v = Verdict {
                player: prover,
                bid,
                moves: made,
                outcome: Ok(degrees),
            };
            self.settle(card, v, at, events);
        } else if made >= bid {
            let v = Verdict {
                player: prover,
                bid,
                moves: made,
                outcome: Err(FailReason::BidUsedUp),
            };
            self.settle(card, v, at, events);
        }
    }

    /// Fires every deadline up to `now`, each at its own time.
    fn advance(&mut self, now: Millis, events: &mut Vec<PartyEvent>) {
        loop {
            match &self.phase {
                Phase::Bidding {
                    card,
                    bids,
                    count_ends: Some(end),
                    ..
                } if *end <= now => {
                    let (card, end) = (card.clone(), *end);
                    let lowest = *bids
                        .last()
                        .expect("a count runs only after an announcement");
                    events.push(PartyEvent::ProverChosen {
                        player: lowest.player,
                        bid: lowest.bid,
                    });
                    self.phase = Phase::Proving {
                        card,
                        prover: lowest.player,
                        bid: lowest.bid,
                        start: self.board,
                        moves: Vec::new(),
                        since: end,
                    };
                    self.judge_proof(end, events);
                }
                Phase::Bidding {
                    card,
                    revealed_at,
                    count_ends: None,
                    ..
                } if revealed_at + self.config.round_limit_ms <= now => {
                    let at = revealed_at + self.config.round_limit_ms;
                    self.set_aside.push(card.clone());
                    events.push(PartyEvent::CardSetAside { round: self.round });
                    self.next_card(at, events);
                }
                _ => return,
            }
        }
    }

    fn act(&mut self, action: &PartyAction, now: Millis) -> Result<Vec<PartyEvent>, PartyError> {
        if now < self.now {
            return Err(PartyError::TimeWentBackwards {
                now,
                last: self.now,
            });
        }
        let mut events = Vec::new();
        self.advance(now, &mut events);
        self.now = now;
        match *action {
            PartyAction::Tick => {}
            PartyAction::Announce { player, bid } => {
                self.check_player(player)?;
                let count_ms = self.config.count_ms;
                let board = self.board;
                let Phase::Bidding {
                    card,
                    bids,
                    count_ends,
                    ..
                } = &mut self.phase
                else {
                    return Err(match &self.phase {
                        Phase::Proving { prover, .. } => PartyError::NotBidding { prover: *prover },
                        _ => PartyError::GameOver,
                    });
                };
                if bids.iter().any(|b| b.player == player) {
                    return Err(PartyError::AlreadyAnnounced(player));
                }
                if let Some(current) = bids.last()
                    && bid >= current.bid
                {
                    return Err(PartyError::NotLower {
                        bid,
                        current: current.bid,
                    });
                }
                bids.push(Bid {
                    player,
                    bid,
                    at: now,
                });
                if bid == 0 {
                    // Zero is judged at once: the board meets the task, or it is a mistake.
                    let card = card.clone();
                    let outcome = match card.task.met_by(&board) {
                        Some(r) => Ok(r.degrees_clockwise().unwrap_or(0)),
                        None => Err(FailReason::ZeroNotMet),
                    };
                    let v = Verdict {
                        player,
                        bid: 0,
                        moves: 0,
                        outcome,
                    };
                    self.settle(card, v, now, &mut events);
                } else {
                    *count_ends = Some(now + count_ms);
                    events.push(PartyEvent::Announced {
                        player,
                        bid,
                        count_ends: now + count_ms,
                    });
                }
            }
            PartyAction::Move { player, mv } => {
                self.check_player(player)?;
                let prover = self.prover()?;
                if player != prover {
                    return Err(PartyError::NotTheProver { player, prover });
                }
                self.board = self.board.play(mv)?;
                let Phase::Proving { moves, .. } = &mut self.phase else {
                    unreachable!("prover() checked the phase")
                };
                moves.push(mv);
                events.push(PartyEvent::Moved {
                    player,
                    mv,
                    made: moves.len() as u32,
                    board: self.board,
                });
                self.judge_proof(now, &mut events);
            }
            PartyAction::Stop { player } | PartyAction::GiveUp { player } => {
                self.check_player(player)?;
                let prover = self.prover()?;
                if player != prover {
                    return Err(PartyError::NotTheProver { player, prover });
                }
                let Phase::Proving {
                    card, bid, moves, ..
                } = &self.phase
                else {
                    unreachable!("prover() checked the phase")
                };
                let (card, bid, made) = (card.clone(), *bid, moves.len() as u32);
                let reason = if matches!(action, PartyAction::Stop { .. }) {
                    FailReason::Stopped
                } else {
                    FailReason::GaveUp
                };
                // A board that meets the task was already settled by `judge_proof`.
                let v = Verdict {
                    player,
                    bid,
                    moves: made,
                    outcome: Err(reason),
                };
                self.settle(card, v, now, &mut events);
            }
        }
        Ok(events)
    }

    fn prover(&self) -> Result<u8, PartyError> {
        match &self.phase {
            Phase::Proving { prover, .. } => Ok(*prover),
            Phase::Bidding { .. } => Err(PartyError::NotProving),
            Phase::Over => Err(PartyError::GameOver),
        }
    }
}

impl Game for PartyGame {
    type Config = PartyConfig;
    type Action = PartyAction;
    type Event = PartyEvent;
    type Error = PartyError;

    fn start(
        config: PartyConfig,
        seed: u64,
        now: Millis,
    ) -> Result<(Self, Vec<PartyEvent>), PartyError> {
        if config.players == 0 || config.players > MAX_PLAYERS {
            return Err(PartyError::Players(config.players));
        }
        let mut rng = seeded(seed);
        let deck = build_deck(config.side, &config.cards, config.deck, &mut rng)?;
        let board = Board::random_setup(config.side, &mut rng);
        let mut deck: Vec<PlayCard> = deck
            .into_iter()
            .enumerate()
            .map(|(i, (task, stars))| PlayCard {
                number: i as u32 + 1,
                task,
                stars,
            })
            .collect();
        deck.reverse(); // card 1 on top: popped first
        let mut game = PartyGame {
            tableaux: vec![Tableau::default(); config.players as usize],
            config,
            board,
            deck,
            set_aside: Vec::new(),
            phase: Phase::Over,
            round: 0,
            now,
        };
        let mut events = Vec::new();
        game.next_card(now, &mut events);
        Ok((game, events))
    }

    fn apply(&mut self, action: &PartyAction, now: Millis) -> Result<Vec<PartyEvent>, PartyError> {
        transactional(self, |g| g.act(action, now))
    }

    fn next_deadline(&self) -> Option<Millis> {
        match &self.phase {
            Phase::Bidding {
                count_ends: Some(t),
                ..
            } => Some(*t),
            Phase::Bidding { revealed_at, .. } => Some(revealed_at + self.config.round_limit_ms),
            _ => None,
        }
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }
}
