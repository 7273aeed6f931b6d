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
//! changes) rather than counted as a mistake, which is what `tabula verify` does for proofs
//! made on a real table.

use super::{Board, Side, Task};
use crate::moves::{IllegalMove, Move};
use crate::notation::NotationError;
use serde::{Deserialize, Serialize};
use tabula_core::game::transactional;
use tabula_core::rng::{SliceRandom, seeded};
use tabula_core::{Game, Millis};

/// The length of the count an announcement starts (five seconds).
pub const COUNT_MS: Millis = 5_000;
/// How long a card waits for a first announcement before it is set aside **[ours]**.
pub const ROUND_LIMIT_MS: Millis = 120_000;
/// The most players at one table.
pub const MAX_PLAYERS: u8 = 6;

/// A card as configured: its task on the side being played and its stars.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardSpec {
    /// The task pattern, e.g. `R.w/.b./Q.b`.
    pub task: String,
    /// Stars it is worth (1 or 2).
    pub stars: u8,
}

/// Which cards of the deck are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeckChoice {
    /// Every card.
    Full,
    /// Blitz, easier: only the 1-star cards.
    OneStar,
    /// Blitz, harder: only the 2-star cards.
    TwoStar,
}

impl DeckChoice {
    fn keeps(self, stars: u8) -> bool {
        match self {
            DeckChoice::Full => true,
            DeckChoice::OneStar => stars == 1,
            DeckChoice::TwoStar => stars == 2,
        }
    }
}

/// Everything fixed before a party starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartyConfig {
    /// The side of tokens and cards played.
    pub side: Side,
    /// Number of players, 1 to 6 (numbered from 0).
    pub players: u8,
    /// The cards (tasks of `side`), before blitz filtering and shuffling.
    pub cards: Vec<CardSpec>,
    /// Full deck or a blitz deck.
    pub deck: DeckChoice,
    /// Length of the count, in milliseconds.
    pub count_ms: Millis,
    /// Time a card waits for a first announcement, in milliseconds.
    pub round_limit_ms: Millis,
}

impl PartyConfig {
    /// A configuration with the standard timings.
    pub fn new(side: Side, players: u8, cards: Vec<CardSpec>, deck: DeckChoice) -> Self {
        Self {
            side,
            players,
            cards,
            deck,
            count_ms: COUNT_MS,
            round_limit_ms: ROUND_LIMIT_MS,
        }
    }
}

/// A card in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayCard {
    /// Its place in the shuffled deck, from 1.
    pub number: u32,
    /// The task.
    pub task: Task,
    /// Its stars.
    pub stars: u8,
}

/// The cards in front of a player.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tableau {
    /// Cards won, face up (worth their stars).
    pub face_up: Vec<PlayCard>,
    /// Penalty cards, face down (worth -1 each).
    pub penalties: Vec<PlayCard>,
}

impl Tableau {
    /// Stars of face-up cards.
    pub fn stars(&self) -> i32 {
        self.face_up.iter().map(|c| i32::from(c.stars)).sum()
    }

    /// Stars minus penalty cards.
    pub fn score(&self) -> i32 {
        self.stars() - self.penalties.len() as i32
    }
}

/// An announcement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Bid {
    /// Who announced.
    pub player: u8,
    /// How many moves.
    pub bid: u32,
    /// When.
    pub at: Millis,
}

/// Where the round stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// A card is revealed and announcements are open.
    Bidding {
        /// The card.
        card: PlayCard,
        /// When it was revealed.
        revealed_at: Millis,
        /// Announcements so far, each lower than the one before.
        bids: Vec<Bid>,
        /// When the running count ends, if one runs.
        count_ends: Option<Millis>,
    },
    /// The lowest announcer is moving tokens.
    Proving {
        /// The card.
        card: PlayCard,
        /// Who proves.
        prover: u8,
        /// The announcement being proved.
        bid: u32,
        /// The board when the proof began.
        start: Board,
        /// Moves made so far.
        moves: Vec<Move>,
        /// When the proof began.
        since: Millis,
    },
    /// The deck is empty.
    Over,
}

/// Something a player does, or time passing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum PartyAction {
    /// Announce a number of moves.
    Announce {
        /// Who.
        player: u8,
        /// How many moves.
        bid: u32,
    },
    /// The prover moves a token.
    Move {
        /// Who (must be the prover).
        player: u8,
        /// The move.
        mv: Move,
    },
    /// The prover declares the proof finished.
    Stop {
        /// Who (must be the prover).
        player: u8,
    },
    /// The prover gives up (a penalty card).
    GiveUp {
        /// Who (must be the prover).
        player: u8,
    },
    /// Time passes (fires the count or the round limit when due).
    Tick,
}

/// Why a proof failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FailReason {
    /// The prover gave up.
    GaveUp,
    /// The announced number of moves was used without meeting the task.
    BidUsedUp,
    /// The prover stopped on a board that does not meet the task.
    Stopped,
    /// Zero was announced but the board did not meet the task.
    ZeroNotMet,
}

/// A player's final result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// The player.
    pub player: u8,
    /// Stars minus penalties.
    pub score: i32,
    /// Stars of face-up cards.
    pub stars: i32,
    /// Penalty cards.
    pub penalties: u32,
    /// Whether the player wins (possibly shared).
    pub winner: bool,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum PartyEvent {
    /// A new card is revealed.
    CardRevealed {
        /// Round number, from 1.
        round: u32,
        /// The card.
        card: PlayCard,
        /// Cards still in the deck after it.
        cards_left: usize,
    },
    /// Someone announced; the count runs until `count_ends`.
    Announced {
        /// Who.
        player: u8,
        /// How many moves.
        bid: u32,
        /// When the count ends.
        count_ends: Millis,
    },
    /// The count ran out: this player proves.
    ProverChosen {
        /// The prover.
        player: u8,
        /// The announcement.
        bid: u32,
    },
    /// The prover moved.
    Moved {
        /// The prover.
        player: u8,
        /// The move.
        mv: Move,
        /// Moves made so far.
        made: u32,
        /// The board after it.
        board: Board,
    },
    /// The proof succeeded: the card goes face up to the player.
    ProofSucceeded {
        /// The prover.
        player: u8,
        /// Moves used.
        moves: u32,
        /// The announcement.
        bid: u32,
        /// Stars won.
        stars: u8,
        /// Clockwise rotation of the task that the board meets.
        rotation: u16,
    },
    /// The proof failed: the card goes face down to the player.
    ProofFailed {
        /// The prover.
        player: u8,
        /// Moves used.
        moves: u32,
        /// The announcement.
        bid: u32,
        /// Why.
        reason: FailReason,
    },
    /// Nobody announced in time: the card is set aside unscored.
    CardSetAside {
        /// The round.
        round: u32,
    },
    /// The deck is empty: final standings, best first.
    GameOver {
        /// Standings.
        standings: Vec<Standing>,
    },
}

/// Why an action or configuration was rejected. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PartyError {
    /// Actions must come in time order.
    #[error("time went backwards: {now} ms is before the last action at {last} ms")]
    TimeWentBackwards {
        /// The action's time.
        now: Millis,
        /// The game's time.
        last: Millis,
    },
    /// The player number is out of range.
    #[error("there is no player {player}: players are numbered 0 to {last}")]
    NoSuchPlayer {
        /// The number given.
        player: u8,
        /// The last player.
        last: u8,
    },
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Announcements are closed while someone proves.
    #[error("announcements are closed: player {prover} is proving")]
    NotBidding {
        /// The prover.
        prover: u8,
    },
    /// One announcement per player per round.
    #[error("player {0} has already announced this round")]
    AlreadyAnnounced(u8),
    /// An interruption must be lower.
    #[error("an interruption must be lower than the current announcement of {current}, not {bid}")]
    NotLower {
        /// The announcement tried.
        bid: u32,
        /// The current lowest.
        current: u32,
    },
    /// No proof is under way.
    #[error("no proof is under way: announcements are open")]
    NotProving,
    /// Someone other than the prover tried to move.
    #[error("player {player} cannot move tokens: player {prover} is proving")]
    NotTheProver {
        /// Who tried.
        player: u8,
        /// The prover.
        prover: u8,
    },
    /// The move breaks a rule.
    #[error("illegal move: {0}")]
    Illegal(#[from] IllegalMove),
    /// Player count out of range.
    #[error("a party has 1 to {MAX_PLAYERS} players, not {0}")]
    Players(u8),
    /// No card is left after choosing the deck.
    #[error("the chosen deck ({0:?}) has no cards")]
    EmptyDeck(DeckChoice),
    /// A configured card is not a valid task.
    #[error("card {index}: {error}")]
    BadCard {
        /// 1-based position in the configuration.
        index: usize,
        /// What is wrong.
        error: NotationError,
    },
    /// A configured card has a star value other than 1 or 2.
    #[error("card {index}: a card is worth 1 or 2 stars, not {stars}")]
    BadStars {
        /// 1-based position in the configuration.
        index: usize,
        /// The value given.
        stars: u8,
    },
}

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
