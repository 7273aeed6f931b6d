//! A whole game: the position plus what only the game's history knows (repetitions, clocks,
//! resignations and draw offers) and, for Blind QuickChess, the hidden placement phase.
//!
//! [`ChessGame`] implements [`tabula_core::Game`]: time is an input, a refused action changes
//! nothing, and a game is rebuilt by replaying its accepted actions, Blind placements
//! included, so they are part of the record.

use crate::any::AnyPosition;
use crate::geometry::Mini;
use crate::position::Position;
use crate::status::{DrawReason, Outcome, TieBreakCause, WinReason};
use crate::types::{Color, Piece, Role};
use crate::variant::{Family, Objective, Variant};
use serde::{Deserialize, Serialize};
use tabula_core::game::transactional;
use tabula_core::rng::{Rng, seeded};
use tabula_core::{Game, Millis};

/// A time control: a base time per side and an increment per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// Starting time per side.
    pub base_ms: Millis,
    /// Added after each of a side's moves.
    pub increment_ms: Millis,
}

/// Everything fixed before a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChessConfig {
    /// The variant, by name (`quickchess`, `mix:KRN`, `chess`, ...).
    pub variant: String,
    /// A start position other than the variant's, in FEN.
    pub fen: Option<String>,
    /// Clocks, if the game is timed.
    pub clock: Option<TimeControl>,
}

/// Something a player does, or time passing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ChessAction {
    /// A move in UCI.
    Move {
        /// Who moves.
        player: Color,
        /// The move (`a2a3`, `a5a6q`, `e1c1`).
        uci: String,
    },
    /// Blind QuickChess: place a piece on one's half.
    Place {
        /// Who places.
        player: Color,
        /// The piece kind.
        role: char,
        /// The square.
        square: String,
    },
    /// Blind QuickChess: take back a placement before finishing.
    Unplace {
        /// Who.
        player: Color,
        /// The square to clear.
        square: String,
    },
    /// Resign.
    Resign {
        /// Who resigns.
        player: Color,
    },
    /// Offer (or accept an offered) draw.
    OfferDraw {
        /// Who offers.
        player: Color,
    },
    /// Time passes (clocks run out).
    Tick,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ChessEvent {
    /// A move was played.
    Moved {
        /// By whom.
        player: Color,
        /// UCI.
        uci: String,
        /// SAN.
        san: String,
        /// The position after it.
        fen: String,
        /// Whether the side to move is now in check.
        check: bool,
    },
    /// Blind: a piece was placed (shown only to its owner by a server).
    Placed {
        /// Whose.
        player: Color,
        /// Where and what, like `K@c1`.
        placement: String,
    },
    /// Blind: a placement was taken back.
    Unplaced {
        /// Whose.
        player: Color,
        /// The square.
        square: String,
    },
    /// Blind: both sides finished; the board is revealed.
    Revealed {
        /// The position.
        fen: String,
        /// Who moves first.
        first: Color,
        /// Why: the coin, or a king in check.
        why: String,
    },
    /// Blind: both kings stood in check after the reveal; both place again.
    PlaceAgain,
    /// A draw was offered.
    DrawOffered {
        /// By whom.
        player: Color,
    },
    /// The game ended.
    GameOver {
        /// How.
        outcome: String,
        /// `1-0`, `0-1` or `1/2-1/2`.
        result: String,
    },
}

/// Why an action was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChessError {
    /// The configuration is not valid.
    #[error("{0}")]
    Config(String),
    /// Actions must come in time order.
    #[error("time went backwards: {now} ms is before the last action at {last} ms")]
    TimeWentBackwards {
        /// The action's time.
        now: Millis,
        /// The game's time.
        last: Millis,
    },
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// Not this player's turn.
    #[error("it is {0}'s turn")]
    NotYourTurn(&'static str),
    /// The move is not legal.
    #[error("{0}")]
    Illegal(String),
    /// A placement is not allowed.
    #[error("{0}")]
    Placement(String),
    /// Moves before the Blind setup is done, or placements after.
    #[error("{0}")]
    Phase(&'static str),
}

/// Where a Blind QuickChess setup stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlindSetup {
    /// Each side's placements so far: (square, kind).
    pub placed: [Vec<(u8, Role)>; 2],
}

/// The pieces each side places in Blind QuickChess.
pub const BLIND_PIECES: [(Role, u8); 6] = [
    (Role::King, 1),
    (Role::Queen, 1),
    (Role::Rook, 1),
    (Role::Bishop, 1),
    (Role::Knight, 1),
    (Role::Pawn, 5),
];

impl BlindSetup {
    fn complete(&self, c: Color) -> bool {
        self.placed[c.index()].len() == 10
    }
}

/// A game in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessGame {
    variant: Variant,
    start: AnyPosition,
    position: AnyPosition,
    /// Zobrist keys since the last capture or pawn move, for repetition.
    keys: Vec<u64>,
    /// Moves played, in UCI and SAN.
    moves: Vec<(String, String)>,
    setup: Option<BlindSetup>,
    clock: Option<TimeControl>,
    remaining: [Millis; 2],
    /// When the side to move's clock started.
    turn_started: Millis,
    draw_offer: Option<Color>,
    outcome: Option<Outcome>,
    seed: u64,
    now: Millis,
}

impl ChessGame {
    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The position now.
    pub fn position(&self) -> &AnyPosition {
        &self.position
    }

    /// The start position (for Blind, the revealed one).
    pub fn start_position(&self) -> &AnyPosition {
        &self.start
    }

    /// Moves so far: (UCI, SAN).
    pub fn moves(&self) -> &[(String, String)] {
        &self.moves
    }

    /// The result, once over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The Blind setup, while it lasts.
    pub fn setup(&self) -> Option<&BlindSetup> {
        self.setup.as_ref()
    }

    /// A pending draw offer.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// Clock times left (white, black) at time `now`, if timed.
    pub fn clocks(&self, now: Millis) -> Option<[Millis; 2]> {
        self.clock?;
        let mut r = self.remaining;
        if self.outcome.is_none() && self.setup.is_none() {
            let t = self.position.turn().index();
            r[t] = r[t].saturating_sub(now.saturating_sub(self.turn_started));
        }
        Some(r)
    }

    /// The Zobrist keys of the positions since the last capture or pawn move, the current
    /// one last (an engine needs them to see repetitions).
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// How often the current position has occurred (since the last irreversible move).
    pub fn repetitions(&self) -> usize {
        let k = self.position.hash();
        self.keys.iter().filter(|&&x| x == k).count()
    }

    fn finish(&mut self, outcome: Outcome, events: &mut Vec<ChessEvent>) {
        self.outcome = Some(outcome);
        self.draw_offer = None;
        events.push(ChessEvent::GameOver {
            outcome: outcome.to_string(),
            result: outcome.result().to_string(),
        });
    }

    /// Ends the game if the position or the history says so.
    fn judge(&mut self, events: &mut Vec<ChessEvent>) {
        if let Some(o) = self.position.outcome() {
            return self.finish(o, events);
        }
        if self.repetitions() >= 3 {
            let o = match self.variant.objective() {
                Objective::Checkmate => Outcome::Draw {
                    reason: DrawReason::Repetition,
                    tie_break: None,
                },
                _ => match &self.position {
                    AnyPosition::Mini(p) => p.tie_break(TieBreakCause::Repetition),
                    AnyPosition::Standard(p) => p.tie_break(TieBreakCause::Repetition),
                },
            };
            self.finish(o, events);
        }
    }

    /// Runs the clocks up to `now`; a flag falls at its own time.
    fn advance(&mut self, now: Millis, events: &mut Vec<ChessEvent>) {
        if self.outcome.is_some() || self.setup.is_some() || self.clock.is_none() {
            return;
        }
        let t = self.position.turn();
        let left = self.remaining[t.index()];
        if now.saturating_sub(self.turn_started) >= left {
            self.remaining[t.index()] = 0;
            // FIDE: when the opponent cannot checkmate by any series of moves (it has only its
            // king), a fallen flag is a draw
            let only_king = |c: Color| match &self.position {
                AnyPosition::Mini(p) => p.by_color(c) == p.pieces(c, Role::King),
                AnyPosition::Standard(p) => p.by_color(c) == p.pieces(c, Role::King),
            };
            let other_can_win =
                self.variant.objective() != Objective::Checkmate || !only_king(t.other());
            let o = if other_can_win {
                Outcome::Win {
                    winner: t.other(),
                    reason: WinReason::Timeout,
                    tie_break: None,
                }
            } else {
                Outcome::Draw {
                    reason: DrawReason::InsufficientMaterial,
                    tie_break: None,
                }
            };
            self.finish(o, events);
        }
    }

    fn place(
        &mut self,
        player: Color,
        role: char,
        square: &str,
        events: &mut Vec<ChessEvent>,
    ) -> Result<(), ChessError> {
        let setup = self
            .setup
            .as_mut()
            .ok_or(ChessError::Phase("the pieces are already placed"))?;
        if setup.complete(player) {
            return Err(ChessError::Placement(format!(
                "{} has placed all ten pieces",
                player.name()
            )));
        }
        let r = Role::from_char(role).ok_or_else(|| {
            ChessError::Placement(format!("'{role}' is not a piece (K Q R B N P)"))
        })?;
        let sq = crate::fen::parse_square::<Mini>(square).ok_or_else(|| {
            ChessError::Placement(format!("`{square}` is not a square of the 5x6 board"))
        })?;
        let half = if player == Color::White { 0..3 } else { 3..6 };
        if !half.contains(&(sq / 5)) {
            return Err(ChessError::Placement(format!(
                "{square} is not on {}'s half (ranks {})",
                player.name(),
                if player == Color::White { "1-3" } else { "4-6" }
            )));
        }
        let mine = &mut setup.placed[player.index()];
        if mine.iter().any(|(s, _)| *s == sq) {
            return Err(ChessError::Placement(format!("{square} is already taken")));
        }
        let allowed = BLIND_PIECES
            .iter()
            .find(|(x, _)| *x == r)
            .map_or(0, |(_, n)| *n);
        if mine.iter().filter(|(_, x)| *x == r).count() as u8 >= allowed {
            return Err(ChessError::Placement(format!(
                "no {} left to place",
                r.name()
            )));
        }
        mine.push((sq, r));
        events.push(ChessEvent::Placed {
            player,
            placement: format!("{}@{square}", r.upper()),
        });
        if setup.complete(Color::White) && setup.complete(Color::Black) {
            self.reveal(events);
        }
        Ok(())
    }

    fn reveal(&mut self, events: &mut Vec<ChessEvent>) {
        let Some(setup) = self.setup.take() else {
            return;
        };
        let mut p = Position::<Mini>::empty(self.variant, Color::White);
        for c in Color::ALL {
            for &(sq, role) in &setup.placed[c.index()] {
                p.place(sq, Piece { color: c, role });
            }
        }
        let attacked = |c: Color| {
            p.king(c)
                .is_some_and(|k| p.attackers(k, c.other(), p.occupied()) != 0)
        };
        let (w, b) = (attacked(Color::White), attacked(Color::Black));
        if w && b {
            events.push(ChessEvent::PlaceAgain);
            self.setup = Some(BlindSetup {
                placed: [Vec::new(), Vec::new()],
            });
            return;
        }
        let (first, why) = if w {
            (Color::White, "the white king is in check".to_string())
        } else if b {
            (Color::Black, "the black king is in check".to_string())
        } else {
            let coin = seeded(self.seed ^ 0xC011).random::<bool>();
            (
                if coin { Color::White } else { Color::Black },
                "the coin".to_string(),
            )
        };
        p.set_turn(first);
        p.rehash();
        self.position = AnyPosition::Mini(p);
        self.start = self.position;
        self.keys = vec![self.position.hash()];
        self.turn_started = self.now;
        events.push(ChessEvent::Revealed {
            fen: self.position.fen(),
            first,
            why,
        });
        self.judge(events);
    }

    fn act(&mut self, action: &ChessAction, now: Millis) -> Result<Vec<ChessEvent>, ChessError> {
        if now < self.now {
            return Err(ChessError::TimeWentBackwards {
                now,
                last: self.now,
            });
        }
        let mut events = Vec::new();
        self.advance(now, &mut events);
        self.now = now;
        if self.outcome.is_some() && *action != ChessAction::Tick {
            return Err(ChessError::Over);
        }
        match action {
            ChessAction::Tick => {}
            ChessAction::Place {
                player,
                role,
                square,
            } => self.place(*player, *role, square, &mut events)?,
            ChessAction::Unplace { player, square } => {
                let setup = self
                    .setup
                    .as_mut()
                    .ok_or(ChessError::Phase("the pieces are already placed"))?;
                let sq = crate::fen::parse_square::<Mini>(square)
                    .ok_or_else(|| ChessError::Placement(format!("`{square}` is not a square")))?;
                let mine = &mut setup.placed[player.index()];
                let i = mine.iter().position(|(s, _)| *s == sq).ok_or_else(|| {
                    ChessError::Placement(format!("nothing of {}'s on {square}", player.name()))
                })?;
                mine.remove(i);
                events.push(ChessEvent::Unplaced {
                    player: *player,
                    square: square.clone(),
                });
            }
            ChessAction::Move { player, uci } => {
                if self.setup.is_some() {
                    return Err(ChessError::Phase("place your pieces first"));
                }
                let turn = self.position.turn();
                if *player != turn {
                    return Err(ChessError::NotYourTurn(turn.name()));
                }
                let m = self
                    .position
                    .parse_uci(uci)
                    .map_err(|e| ChessError::Illegal(e.to_string()))?;
                let san = self.position.san(&m);
                let canonical = self.position.uci(&m);
                self.position = self.position.play_unchecked(m);
                if self.position.halfmoves() == 0 {
                    self.keys.clear();
                }
                self.keys.push(self.position.hash());
                self.moves.push((canonical.clone(), san.clone()));
                if let Some(tc) = self.clock {
                    let i = turn.index();
                    self.remaining[i] = self.remaining[i]
                        .saturating_sub(now.saturating_sub(self.turn_started))
                        + tc.increment_ms;
                }
                self.turn_started = now;
                self.draw_offer = None;
                events.push(ChessEvent::Moved {
                    player: turn,
                    uci: canonical,
                    san,
                    fen: self.position.fen(),
                    check: self.position.is_check(),
                });
                self.judge(&mut events);
            }
            ChessAction::Resign { player } => {
                let o = Outcome::Win {
                    winner: player.other(),
                    reason: WinReason::Resignation,
                    tie_break: None,
                };
                self.finish(o, &mut events);
            }
            ChessAction::OfferDraw { player } => {
                if self.setup.is_some() {
                    return Err(ChessError::Phase("the game has not begun"));
                }
                if self.draw_offer == Some(player.other()) {
                    let o = Outcome::Draw {
                        reason: DrawReason::Agreement,
                        tie_break: None,
                    };
                    self.finish(o, &mut events);
                } else {
                    self.draw_offer = Some(*player);
                    events.push(ChessEvent::DrawOffered { player: *player });
                }
            }
        }
        Ok(events)
    }
}

impl Game for ChessGame {
    type Config = ChessConfig;
    type Action = ChessAction;
    type Event = ChessEvent;
    type Error = ChessError;

    fn start(
        config: ChessConfig,
        seed: u64,
        now: Millis,
    ) -> Result<(Self, Vec<ChessEvent>), ChessError> {
        let variant =
            Variant::parse(&config.variant).map_err(|e| ChessError::Config(e.to_string()))?;
        let blind = variant.family == Family::Blind && config.fen.is_none();
        let start = match &config.fen {
            Some(fen) => AnyPosition::from_fen(variant, fen)
                .map_err(|e| ChessError::Config(e.to_string()))?,
            None => AnyPosition::start(variant),
        };
        let base = config.clock.map_or(0, |c| c.base_ms);
        let mut game = ChessGame {
            variant,
            start,
            position: start,
            keys: vec![start.hash()],
            moves: Vec::new(),
            setup: blind.then(|| BlindSetup {
                placed: [Vec::new(), Vec::new()],
            }),
            clock: config.clock,
            remaining: [base, base],
            turn_started: now,
            draw_offer: None,
            outcome: None,
            seed,
            now,
        };
        let mut events = Vec::new();
        if !blind {
            game.judge(&mut events);
        }
        Ok((game, events))
    }

    fn apply(&mut self, action: &ChessAction, now: Millis) -> Result<Vec<ChessEvent>, ChessError> {
        transactional(self, |g| g.act(action, now))
    }

    fn next_deadline(&self) -> Option<Millis> {
        if self.outcome.is_some() || self.setup.is_some() {
            return None;
        }
        self.clock?;
        let t = self.position.turn().index();
        Some(self.turn_started + self.remaining[t])
    }

    fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
}
