//! A whole game: the position plus what only the game's history knows (repetitions, clocks,
//! resignations, draw and takeback offers) and, for Blind QuickChess, the hidden placement
//! phase.
//!
//! [`ChessGame`] implements [`tabula_core::Game`]: time is an input, a refused action changes
//! nothing, and a game is rebuilt by replaying its accepted actions, Blind placements
//! included, so they are part of the record.

mod types;

pub use types::*;

use crate::any::AnyPosition;
use crate::geometry::Mini;
use crate::position::Position;
use crate::status::{DrawReason, Outcome, TieBreakCause, WinReason};
use crate::types::{Color, Piece, Role};
use crate::variant::{Family, Objective, Variant};
use tabula_core::clock::ChessClock;
use tabula_core::game::transactional;
use tabula_core::rng::{Rng, seeded};
use tabula_core::{Game, Millis};

pub use tabula_core::clock::TimeControl;
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
    clock: Option<ChessClock>,
    draw_offer: Option<Color>,
    takeback_offer: Option<Color>,
    /// The side whose time ran out, if the game ended so.
    flag: Option<Color>,
    /// The side that did not make its first move in time, if that aborted the game.
    aborted: Option<Color>,
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

    /// The side whose time ran out, if that ended the game (a win for the other side, or a
    /// draw when the other side could not have won).
    pub fn flagged(&self) -> Option<Color> {
        self.flag
    }

    /// The side that did not make its first move in time, if that aborted the game (over,
    /// with no outcome: nobody won, nothing to rate).
    pub fn aborted(&self) -> Option<Color> {
        self.aborted
    }

    /// A pending takeback request.
    pub fn takeback_offer(&self) -> Option<Color> {
        self.takeback_offer
    }

    /// Clock times left (white, black) at time `now`, if timed.
    pub fn clocks(&self, now: Millis) -> Option<[Millis; 2]> {
        self.clock.map(|c| c.both(now))
    }

    /// Whether `player` may berserk now: the game goes on, is timed with a first-move
    /// limit, and `player` has neither moved nor berserked.
    pub fn may_berserk(&self, player: Color) -> bool {
        self.outcome.is_none()
            && self.aborted.is_none()
            && self.clock.is_some_and(|c| c.may_berserk(player.index()))
    }

    /// Whether each side berserked (White's first).
    pub fn berserked(&self) -> [bool; 2] {
        self.clock.map(|c| c.berserked()).unwrap_or_default()
    }

    /// The side whose clock is running (none before the Blind reveal, before the side to
    /// move has made its first move when first moves are free, after the end, or without
    /// clocks).
    pub fn clock_running(&self) -> Option<Color> {
        self.clock.and_then(|c| c.running()).map(|i| Color::ALL[i])
    }

    /// The time control, if timed.
    pub fn time_control(&self) -> Option<TimeControl> {
        self.clock.map(|c| c.control())
    }

    /// Who played the `i`th move (colours alternate from the start position's side; a lesson
    /// game's pass is a move too).
    pub fn mover(&self, i: usize) -> Color {
        if i.is_multiple_of(2) {
            self.start.turn()
        } else {
            self.start.turn().other()
        }
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
        self.takeback_offer = None;
        if let Some(c) = &mut self.clock {
            c.stop(self.now);
        }
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

    /// Runs the clocks up to `now`; a flag falls at its own time, and a first move not made
    /// within its limit aborts the game at the limit.
    fn advance(&mut self, now: Millis, events: &mut Vec<ChessEvent>) {
        if self.is_over() || self.setup.is_some() {
            return;
        }
        let Some(clock) = &mut self.clock else {
            return;
        };
        if let (Some(side), Some(at)) = (clock.missed_first_move(now), clock.abort_at()) {
            clock.stop(at);
            self.now = at;
            let side = Color::ALL[side];
            self.aborted = Some(side);
            self.draw_offer = None;
            self.takeback_offer = None;
            events.push(ChessEvent::GameOver {
                outcome: format!("aborted: {} made no first move", side.name()),
                result: "*".into(),
            });
            return;
        }
        let Some(flag_at) = clock.flag_at() else {
            return;
        };
        if now < flag_at {
            return;
        }
        clock.fall();
        self.now = flag_at;
        let t = self.position.turn();
        self.flag = Some(t);
        let o = if self.can_win(t.other()) {
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

    /// Whether `c` could still win by some series of legal moves, for a flag fall (FIDE 6.9:
    /// a fallen flag is a draw when the opponent cannot win). In the checkmate games a bare
    /// king cannot mate (a king with any other piece can, given the other side's help); in
    /// the lesson games, won by capturing or by a pawn, any side left on the board might.
    fn can_win(&self, c: Color) -> bool {
        if self.variant.objective() != Objective::Checkmate {
            return true;
        }
        match &self.position {
            AnyPosition::Mini(p) => p.by_color(c) != p.pieces(c, Role::King),
            AnyPosition::Standard(p) => p.by_color(c) != p.pieces(c, Role::King),
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
        if let Some(c) = &mut self.clock {
            c.start(first.index(), self.now);
        }
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
        if self.is_over() && *action != ChessAction::Tick {
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
                let (canonical, san) = self.play(m);
                if let Some(c) = &mut self.clock {
                    c.press(now, turn.other().index());
                }
                self.draw_offer = None;
                self.takeback_offer = None;
                events.push(ChessEvent::Moved {
                    player: turn,
                    uci: canonical,
                    san,
                    fen: self.position.fen(),
                    check: self.position.is_check(),
                });
                self.judge(&mut events);
            }
            ChessAction::Berserk { player } => {
                let side = player.index();
                let done = self.clock.as_mut().is_some_and(|c| c.berserk(side));
                if !done {
                    return Err(ChessError::Phase(
                        "berserk is only before one's first move in a timed game, once",
                    ));
                }
                events.push(ChessEvent::Berserked { player: *player });
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
            ChessAction::OfferTakeback { player } => {
                if self.setup.is_some() {
                    return Err(ChessError::Phase("the game has not begun"));
                }
                if self.takeback_offer == Some(player.other()) {
                    self.take_back(player.other(), &mut events)?;
                } else {
                    self.last_move_of(*player)?;
                    self.takeback_offer = Some(*player);
                    events.push(ChessEvent::TakebackOffered { player: *player });
                }
            }
            ChessAction::AcceptTakeback { player } => {
                if self.takeback_offer != Some(player.other()) {
                    return Err(ChessError::Takeback(format!(
                        "{} has not asked for a takeback",
                        player.other().name()
                    )));
                }
                self.take_back(player.other(), &mut events)?;
            }
            ChessAction::DeclineTakeback { player } => {
                if self.takeback_offer != Some(player.other()) {
                    return Err(ChessError::Takeback(format!(
                        "{} has not asked for a takeback",
                        player.other().name()
                    )));
                }
                self.takeback_offer = None;
                events.push(ChessEvent::TakebackDeclined { player: *player });
            }
        }
        Ok(events)
    }

    /// Plays a legal move on the position and records it (repetition keys, the move list).
    fn play(&mut self, m: crate::moves::Move) -> (String, String) {
        let san = self.position.san(&m);
        let canonical = self.position.uci(&m);
        self.position = self.position.play_unchecked(m);
        if self.position.halfmoves() == 0 {
            self.keys.clear();
        }
        self.keys.push(self.position.hash());
        self.moves.push((canonical.clone(), san.clone()));
        (canonical, san)
    }

    /// The index of `player`'s last move.
    fn last_move_of(&self, player: Color) -> Result<usize, ChessError> {
        (0..self.moves.len())
            .rev()
            .find(|&i| self.mover(i) == player)
            .ok_or_else(|| {
                ChessError::Takeback(format!("{} has no move to take back", player.name()))
            })
    }

    /// Takes back `player`'s last move and every move after it: the position is rebuilt from
    /// the start (so repetitions stay exact); the clocks keep the time already used and the
    /// clock of the side to move starts again now.
    fn take_back(&mut self, player: Color, events: &mut Vec<ChessEvent>) -> Result<(), ChessError> {
        let last = self.last_move_of(player)?;
        let undone = self.moves.len() - last;
        let kept: Vec<String> = self.moves[..last].iter().map(|(u, _)| u.clone()).collect();
        self.position = self.start;
        self.keys = vec![self.start.hash()];
        self.moves.clear();
        for uci in kept {
            let m = self
                .position
                .parse_uci(&uci)
                .map_err(|e| ChessError::Illegal(format!("replaying {uci}: {e}")))?;
            self.play(m);
        }
        if let Some(c) = &mut self.clock {
            c.start(self.position.turn().index(), self.now);
        }
        self.draw_offer = None;
        self.takeback_offer = None;
        events.push(ChessEvent::TakenBack {
            player,
            moves: undone,
            fen: self.position.fen(),
        });
        Ok(())
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
        let clock = config.clock.map(|tc| {
            let mut c = ChessClock::new(tc);
            if !blind {
                c.start(start.turn().index(), now);
            }
            c
        });
        let mut game = ChessGame {
            variant,
            start,
            position: start,
            keys: vec![start.hash()],
            moves: Vec::new(),
            setup: blind.then(|| BlindSetup {
                placed: [Vec::new(), Vec::new()],
            }),
            clock,
            draw_offer: None,
            takeback_offer: None,
            flag: None,
            aborted: None,
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
        if self.is_over() || self.setup.is_some() {
            return None;
        }
        self.clock?.deadline()
    }

    fn is_over(&self) -> bool {
        self.outcome.is_some() || self.aborted.is_some()
    }
}
