//! `tabula play quickchess`: any game of `tabula rules variants` against the computer at a level,
//! or two people at one keyboard; Blind QuickChess with its hidden placements, and the
//! five-game Olympics.
//!
//! The game is the library's [`ChessGame`] (repetitions, the fifty-move rule, lesson endings,
//! draw offers and Blind placements included); the computer is the engine at one of eight
//! levels, each a fixed node budget, so it plays the same on every machine.
//!
//! In Blind QuickChess against the computer, the computer places its pieces unseen before you
//! place yours. At one keyboard White places first; when White is done the screen is cleared
//! (a terminal's scroll-back too) before Black places, so the players only need to look away
//! while the other types.

mod coach;
mod report;

use super::blind::{box_setup, computer_setup, half_board_text, left_to_place, parse_placement};
use super::olympics::{Series, points};
use super::{Clock, Session, run, say};
use crate::cli::parse::{self, ColorChoice, GameChoice};
use tabula_chess::engine::{Engine, LEVELS, Limits, Unlimited, level_settings};
use tabula_chess::{
    AnyPosition, ChessAction, ChessConfig, ChessEvent, ChessGame, Color, Move, Variant,
};
use tabula_core::rng::mix;
use tabula_core::{Game, Millis};

/// Options of `tabula play quickchess`.
#[derive(clap::Args)]
pub struct ChessOptions {
    /// The game (`tabula rules variants` lists them), or `olympics` for the five-game series.
    #[arg(long, default_value = "quickchess", value_parser = parse::game)]
    variant: GameChoice,
    /// The computer's level, 1 (beginner) to 8 (full strength), or max.
    #[arg(long, default_value = "4", value_parser = parse::chess_level)]
    level: u8,
    /// Your colour (white moves first); in the Olympics, your colour in games 1, 3 and 5.
    #[arg(long, value_enum, default_value = "white")]
    color: ColorChoice,
    /// Two people take turns at this keyboard; no computer.
    #[arg(long)]
    hotseat: bool,
    /// Start from this position (FEN) instead of the game's start; not for the Olympics.
    #[arg(long)]
    fen: Option<String>,
    /// Seed of the computer's choices at the weaker levels, its Blind setup and the Blind
    /// coin (a random one if not given).
    #[arg(long)]
    seed: Option<u64>,
}

/// The board as text: rank numbers on the left, files below, White's pieces in capitals.
pub fn board_text(p: &AnyPosition) -> String {
    let (w, h) = (p.width(), p.height());
    let mut out = String::new();
    for rank in (0..h).rev() {
        out.push_str(&format!("{:>2}  ", rank + 1));
        for file in 0..w {
            let c = p.piece_at(rank * w + file).map_or('.', |pc| pc.char());
            out.push(c);
            out.push(' ');
        }
        out.push('\n');
    }
    out.push_str("    ");
    for file in 0..w {
        out.push((b'a' + file) as char);
        out.push(' ');
    }
    out.push('\n');
    out
}

/// A game at the terminal, or the Olympics game being played.
struct ChessSession {
    game: ChessGame,
    /// The computer's level; `None` at one keyboard.
    level: Option<u8>,
    /// The colour of seat 0 (the person, or player 1 at one keyboard) in this game.
    seat0: Color,
    engine: Engine,
    /// The time of the last accepted action (the computer moves "now", never before it).
    last: Millis,
    seed: u64,
    /// The Olympics, when this game is one of them.
    series: Option<Series>,
    /// Perfect play where the lesson game is small enough to solve.
    coach: coach::Coach,
}

impl ChessSession {
    fn new(
        variant: Variant,
        fen: Option<String>,
        level: Option<u8>,
        seat0: Color,
        seed: u64,
    ) -> anyhow::Result<Self> {
        let config = ChessConfig {
            variant: variant.name(),
            fen,
            clock: None,
        };
        let (game, _) = ChessGame::start(config, seed, 0)?;
        let mut engine = Engine::new(32);
        engine.seed = seed;
        Ok(ChessSession {
            game,
            level,
            seat0,
            engine,
            last: 0,
            seed,
            series: None,
            coach: coach::Coach::default(),
        })
    }

    fn position(&self) -> AnyPosition {
        *self.game.position()
    }

    /// The computer's colour, if it plays.
    fn computer(&self) -> Option<Color> {
        self.level.map(|_| self.seat0.other())
    }

    fn draw_board(&self) {
        for line in board_text(&self.position()).lines() {
            say(line);
        }
    }

    fn name(&self, c: Color) -> String {
        match (self.level, &self.series) {
            (Some(level), _) if c != self.seat0 => {
                format!("Computer ({}, level {level})", c.name())
            }
            (Some(_), _) => format!("You ({})", c.name()),
            (None, Some(_)) => {
                let seat = if c == self.seat0 { 1 } else { 2 };
                format!("Player {seat} ({})", c.name())
            }
            (None, None) => match c {
                Color::White => "White".to_string(),
                Color::Black => "Black".to_string(),
            },
        }
    }

    /// Who places next in Blind QuickChess (White first at one keyboard), while placing lasts.
    fn placer(&self) -> Option<Color> {
        let setup = self.game.setup()?;
        Color::ALL
            .into_iter()
            .find(|&c| setup.placed[c.index()].len() < 10 && Some(c) != self.computer())
    }

    /// What the player to act should do now.
    fn prompt(&self) {
        if self.game.is_over() {
            return;
        }
        if let Some(c) = self.placer() {
            let setup = self.game.setup().expect("placing");
            for line in half_board_text(setup, c).lines() {
                say(line);
            }
            say(format!(
                "{}: place your pieces on ranks {} ({} left: {}), like `K c1`; `box` places the rest as in the box.",
                self.name(c),
                if c == Color::White { "1-3" } else { "4-6" },
                10 - setup.placed[c.index()].len(),
                left_to_place(setup, c)
            ));
            return;
        }
        let turn = self.position().turn();
        if self.computer() != Some(turn) {
            let check = if self.position().is_check() {
                ", in check"
            } else {
                ""
            };
            say(format!("{} to move{check}.", self.name(turn)));
            if self.position().legal_moves()[..] == [Move::PASS] {
                say("No piece can move: type `pass` (the turn goes by; the game goes on).");
            }
        }
    }

    /// The computer places its Blind pieces at once, unseen.
    fn computer_places(&mut self) {
        let Some(c) = self.computer() else { return };
        if self.game.setup().is_none() {
            return;
        }
        for (role, square) in computer_setup(c, mix(&[self.seed, 0xB11D])) {
            let place = ChessAction::Place {
                player: c,
                role,
                square,
            };
            if self.game.apply(&place, self.last).is_err() {
                return; // its setup is always legal; nothing is left half-done on failure
            }
        }
        say("The computer has placed its pieces; you see them when you are done too.");
    }

    fn act(&mut self, action: ChessAction, now: Millis) {
        let before = self.before();
        let position = self.position();
        match self.apply(&action, now) {
            Ok(events) => {
                self.report(events, before);
                // the coach judges a person's move
                if let ChessAction::Move { player, .. } = action
                    && self.computer() != Some(player)
                    && let Some(v) = self.coach.judge(&position, &self.position())
                {
                    say(coach::verdict_words(v, player));
                }
            }
            Err(e) => say(format!("Not played: {e}")),
        }
    }

    /// What `report` compares with after an action: the draw offer standing and the placer.
    fn before(&self) -> (Option<Color>, Option<Color>) {
        (self.game.draw_offer(), self.placer())
    }

    /// Applies an action no earlier than the last one.
    fn apply(
        &mut self,
        action: &ChessAction,
        now: Millis,
    ) -> Result<Vec<ChessEvent>, tabula_chess::ChessError> {
        let now = now.max(self.last);
        let events = self.game.apply(action, now)?;
        self.last = now;
        Ok(events)
    }

    /// In the Olympics, scores the game just over and starts the next one.
    fn next_game(&mut self) {
        let Some(mut series) = self.series.take() else {
            return;
        };
        series.record(self.game.outcome().and_then(|o| o.winner()));
        let halves = series.half_points();
        let seats = [self.seat_name(0), self.seat_name(1)];
        say(format!(
            "Olympics after game {} of 5: {} {} : {} {}.",
            series.played(),
            seats[0],
            points(halves[0]),
            points(halves[1]),
            seats[1]
        ));
        if series.is_over() {
            say(match series.leader() {
                Some(0) if self.level.is_some() => "The Olympics are over: you win.".to_string(),
                Some(seat) => format!("The Olympics are over: {} wins.", seats[seat]),
                None => "The Olympics are over: a tie.".to_string(),
            });
            self.series = Some(series);
            return;
        }
        let index = series.index();
        let variant = Series::variant(index);
        let seed = mix(&[self.seed, index as u64]);
        match ChessSession::new(variant, None, self.level, series.seat0_color(), seed) {
            Ok(next) => {
                *self = ChessSession {
                    series: Some(series),
                    seed: self.seed,
                    engine: std::mem::replace(&mut self.engine, Engine::new(1)),
                    ..next
                };
                self.engine.new_game();
                self.engine.seed = seed;
                self.introduce(index);
            }
            Err(e) => say(format!("The next game cannot start: {e}")),
        }
    }

    /// Seat 0 or 1 by name: You / the computer, or Player 1 / Player 2.
    fn seat_name(&self, seat: usize) -> String {
        match (self.level, seat) {
            (Some(_), 0) => "you".to_string(),
            (Some(_), _) => "the computer".to_string(),
            (None, s) => format!("Player {}", s + 1),
        }
    }

    /// Says what game this is and who plays what, then shows it.
    fn introduce(&mut self, olympics_game: usize) {
        let variant = self.game.variant();
        if self.series.is_some() {
            say(format!(
                "\nOlympics game {} of 5: {variant}.",
                olympics_game + 1
            ));
        } else {
            say(format!("{variant}: type `help` for commands."));
        }
        match self.level {
            Some(l) => say(format!(
                "You play {}; the computer plays {} at level {l} of {LEVELS}.",
                self.seat0.name(),
                self.seat0.other().name()
            )),
            None if self.series.is_some() => say(format!(
                "Player 1 plays {}, player 2 {}, at one keyboard.",
                self.seat0.name(),
                self.seat0.other().name()
            )),
            None => say("Two players at one keyboard: each types a move in turn."),
        }
        self.computer_places();
        if self.game.setup().is_none() {
            self.draw_board();
        }
        self.prompt();
    }

    /// A typed move: UCI (`a2a3`, `a5a6q`), the SAN the game shows (`a3`, `Qxd5+`), or
    /// `pass` (`0000`, a lesson game's only move when no piece can move).
    fn understand(&self, text: &str) -> String {
        if text == "pass" {
            return "0000".to_string();
        }
        let p = self.position();
        let wanted = text.trim_end_matches(['+', '#']);
        p.legal_moves()
            .iter()
            .find(|m| p.san(m).trim_end_matches(['+', '#']) == wanted)
            .map_or(text.to_string(), |m| p.uci(m))
    }

    fn think(&mut self, level: u8) -> Option<String> {
        let p = self.position();
        // the strongest level plays perfectly where the game is solved
        if level == LEVELS
            && let Some(m) = self.coach.perfect_move(&p)
        {
            return Some(p.uci(&m));
        }
        let (skill, nodes) = level_settings(level);
        self.engine.skill = skill;
        let p = self.position();
        let keys = self.game.keys();
        let history = &keys[..keys.len().saturating_sub(1)];
        let limits = Limits {
            depth: None,
            nodes: Some(nodes),
        };
        let r = self.engine.search_any(&p, history, limits, &mut Unlimited);
        r.best.map(|m| p.uci(&m))
    }

    /// A line typed while pieces are being placed.
    fn placing(&mut self, c: Color, line: &str, now: Millis) {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["unplace" | "take", square] => self.act(
                ChessAction::Unplace {
                    player: c,
                    square: square.to_string(),
                },
                now,
            ),
            ["box"] => {
                // every piece not yet placed, on its square of the box setup if that is free
                let setup = self.game.setup().expect("placing");
                let mut left: Vec<char> = left_to_place(setup, c)
                    .chars()
                    .filter(|ch| *ch != ' ')
                    .collect();
                let mut events = Vec::new();
                for (role, square) in box_setup(c) {
                    let Some(at) = left.iter().position(|&r| r == role) else {
                        continue;
                    };
                    let place = ChessAction::Place {
                        player: c,
                        role,
                        square,
                    };
                    if let Ok(ev) = self.apply(&place, now) {
                        left.remove(at);
                        events.extend(ev);
                    }
                }
                let complete = self.placer() != Some(c);
                self.report(events, (None, Some(c)));
                if !complete {
                    say("Some squares of the box setup are taken: place the rest yourself.");
                }
            }
            _ => match parse_placement(line) {
                Some((role, square)) => self.act(
                    ChessAction::Place {
                        player: c,
                        role,
                        square,
                    },
                    now,
                ),
                None => say(
                    "Place a piece like `K c1` (K Q R B N P), `unplace c1`, or `box` (type `help`).",
                ),
            },
        }
    }
}

impl Session for ChessSession {
    fn is_over(&self) -> bool {
        match &self.series {
            Some(s) => s.is_over(),
            None => self.game.is_over(),
        }
    }

    fn next_auto(&self) -> Option<Millis> {
        let thinking = self.computer() == Some(self.position().turn())
            && self.game.setup().is_none()
            && !self.game.is_over();
        thinking.then_some(0)
    }

    fn run_auto(&mut self, at: Millis) {
        let (Some(side), Some(level)) = (self.computer(), self.level) else {
            return;
        };
        if let Some(uci) = self.think(level) {
            self.act(ChessAction::Move { player: side, uci }, at);
        }
    }

    fn help(&self) -> &'static str {
        "Type a move as `a2a3` (UCI; `a5a6q` to promote or rescue) or as shown (`a3`, `Nxd4`); \
         `pass` when no piece can move (lesson games). \
         Blind QuickChess: place pieces like `K c1`, `unplace c1`, `box`. Also: `moves`, `hint`, \
         `coach` (perfect play, in lesson games once few pawns are left), `fen`, \
         `draw` (offer one after your move, at one keyboard), `accept`, `resign`."
    }

    fn show(&self) {
        match self.placer() {
            Some(_) => self.prompt(),
            None => self.draw_board(),
        }
    }

    fn command(&mut self, line: &str, now: Millis) {
        let turn = self.position().turn();
        match line {
            "resign" => {
                let who = self.placer().unwrap_or(turn);
                let who = if self.computer() == Some(who) {
                    who.other()
                } else {
                    who
                };
                self.act(ChessAction::Resign { player: who }, now);
            }
            _ if self.game.is_over() => say("This game is over (`quit` leaves)."),
            _ if self.placer().is_some() => {
                let c = self.placer().expect("placing");
                self.placing(c, line, now);
            }
            "fen" => say(self.position().fen()),
            "moves" => {
                let p = self.position();
                let list: Vec<String> = p
                    .legal_moves()
                    .iter()
                    .map(|m| format!("{} ({})", p.uci(m), p.san(m)))
                    .collect();
                for chunk in list.chunks(8) {
                    say(format!("  {}", chunk.join("  ")));
                }
            }
            "coach" => match self.coach.value(&self.position()) {
                Some(v) => {
                    let p = self.position();
                    let value = coach::outcome_words(v, turn);
                    let best: Vec<String> = self
                        .coach
                        .best_moves(&p)
                        .unwrap_or_default()
                        .iter()
                        .map(|m| p.san(m))
                        .collect();
                    if best.is_empty() {
                        // known from the book, whose captures lead out of it
                        say(format!("Coach: with best play this is {value}."));
                    } else {
                        let moves = if v < 0 {
                            "every move loses; the stubbornest first"
                        } else {
                            "the moves that keep it"
                        };
                        say(format!(
                            "Coach: with best play this is {value}; {moves}: {}.",
                            best.join(", ")
                        ));
                    }
                }
                None => say(
                    "Coach: this position is not solved (the coach knows lesson games once a few pawns are left, and the openings of the games solved in full).",
                ),
            },
            "hint" => {
                if let Some(m) = self.think(LEVELS) {
                    say(format!("Hint: {m}"));
                }
            }
            "draw" => self.offer_draw(now),
            "accept" => {
                if self.game.draw_offer() == Some(turn.other()) {
                    self.act(ChessAction::OfferDraw { player: turn }, now);
                } else {
                    say("There is no draw offer to accept.");
                }
            }
            _ => {
                if self.computer() == Some(turn) {
                    say("Wait for the computer's move.");
                } else {
                    let uci = self.understand(line);
                    self.act(ChessAction::Move { player: turn, uci }, now);
                }
            }
        }
    }

    fn leave(&mut self, _now: Millis) {
        if !self.is_over() {
            say("You left the game.");
        }
    }
}

impl ChessSession {
    /// `draw`: the player who has just moved offers a draw, which the other accepts or
    /// declines by moving. Against the computer there are no offers: it plays every game out.
    fn offer_draw(&mut self, now: Millis) {
        if self.level.is_some() {
            return say("The computer plays every game to its end: play on, or `resign`.");
        }
        if self.game.moves().is_empty() {
            return say("Offer a draw after your move: type `draw` once you have moved.");
        }
        let offerer = self.position().turn().other();
        self.act(ChessAction::OfferDraw { player: offerer }, now);
    }
}

/// `tabula play quickchess`.
pub fn play(o: ChessOptions) -> anyhow::Result<()> {
    let seed = parse::seed_or_random(o.seed);
    let level = (!o.hotseat).then_some(o.level);
    let first = Color::from(o.color);
    let mut session = match o.variant {
        GameChoice::One(variant) => ChessSession::new(variant, o.fen, level, first, seed)?,
        GameChoice::Olympics if o.fen.is_some() => {
            anyhow::bail!("--fen starts one game; the Olympics start each game from its box")
        }
        GameChoice::Olympics => {
            say(format!(
                "The QuickChess Olympics (seed {seed}): five games, a win 1 point, a draw ½; the colours change after each game."
            ));
            let variant = Series::variant(0);
            let mut s = ChessSession::new(variant, None, level, first, mix(&[seed, 0]))?;
            s.series = Some(Series::new(first));
            s.seed = seed;
            s
        }
    };
    session.introduce(0);
    run(&mut session, &Clock::new(1.0));
    Ok(())
}
