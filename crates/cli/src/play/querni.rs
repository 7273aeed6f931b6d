//! `tabula play querni`: a game against the computer, or two people at one keyboard.
//!
//! The game is the library's [`QuerniGame`]; this module draws the board, reads typed turns
//! and, when it is the computer's turn, asks the engine (which answers within a second). The
//! coach ([`tabula_querni::proof`]) says, near the end, which side forces its win and names a
//! turn that lost one.

use super::{Clock, Session, run, say};
use crate::cli::parse::{self, QuerniColor};
use crate::positions::querni::{board_text, turn_texts};
use crate::positions::querni_proof::verdict_text;
use std::io::IsTerminal;
use std::time::{Duration, Instant};
use tabula_core::rng::mix;
use tabula_core::{Game, Millis};
use tabula_querni::players::best_turn;
use tabula_querni::proof::{Proof, Verdict, judge, keeping_turns, prove_until};
use tabula_querni::{QuerniAction, QuerniConfig, QuerniEvent, QuerniGame, Searcher, Side};

/// Options of `tabula play querni`.
#[derive(clap::Args)]
pub struct QuerniOptions {
    /// The computer's level, 1 (beginner) to 5 (strongest), or max.
    #[arg(long, default_value = "3", value_parser = parse::querni_level)]
    ai_level: u8,
    /// Your colour (blue moves first).
    #[arg(long, value_enum, default_value = "blue")]
    color: QuerniColor,
    /// Seed of the starting position (a random one if not given; it is printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Start from this position (RULES.md notation, e.g. an ending to practise) instead of a
    /// seeded start.
    #[arg(long, conflicts_with = "seed")]
    position: Option<String>,
    /// Two people take turns at this keyboard; no computer.
    #[arg(long)]
    hotseat: bool,
    /// No coach: by default, near the end, it says after each turn which side forces its win
    /// and in how many turns, and names a turn that lost a win (`coach` lists the turns that
    /// keep it).
    #[arg(long)]
    no_coach: bool,
}

/// The most own turns the coach searches for each side, and its time a position.
const COACH_TURNS: u8 = 6;
const COACH_TIME: Duration = Duration::from_secs(1);

struct QuerniSession {
    game: QuerniGame,
    /// The computer's side and level (none in a hot-seat game).
    computer: Option<(Side, u8)>,
    searcher: Searcher,
    seed: u64,
    /// What the coach proved of the position now (none with the coach off).
    proved: Option<Proof>,
}

impl QuerniSession {
    fn name(&self, side: Side) -> String {
        match self.computer {
            Some((s, level)) if s == side => format!("Computer ({side}, level {level})"),
            Some(_) => format!("You ({side})"),
            None => format!("{}", side).to_uppercase(),
        }
    }

    fn act(&mut self, action: QuerniAction, now: Millis) {
        match self.game.apply(&action, now) {
            Ok(events) => {
                for e in events {
                    match e {
                        QuerniEvent::Played {
                            side,
                            turn,
                            automatic,
                        } => {
                            if automatic {
                                say(format!(
                                    "{} has no movement and no removal: passes.",
                                    self.name(side)
                                ));
                            } else {
                                say(format!("{}: {turn}", self.name(side)));
                            }
                            self.coach_after(side);
                        }
                        QuerniEvent::Ended { status } => {
                            self.show();
                            say(format!("Game over: {status}."));
                        }
                        // the terminal offers no takebacks, and no tournaments to berserk in
                        QuerniEvent::Berserked { .. }
                        | QuerniEvent::TakebackOffered { .. }
                        | QuerniEvent::TakebackDeclined { .. }
                        | QuerniEvent::TakenBack { .. } => {}
                    }
                }
                if !self.game.is_over() {
                    self.show();
                    if self
                        .computer
                        .is_none_or(|(s, _)| s != self.game.position().turn())
                    {
                        say(format!(
                            "{} to play.",
                            self.name(self.game.position().turn())
                        ));
                    }
                }
            }
            Err(e) => say(format!("Not played: {e}")),
        }
    }

    /// The coach's proof of the position now, within a second.
    fn prove_now(&self) -> Proof {
        let started = Instant::now();
        prove_until(self.game.position(), COACH_TURNS, u64::MAX, &mut || {
            started.elapsed() >= COACH_TIME
        })
    }

    /// After `mover`'s turn: the coach names a win it lost or (the player's) kept, and says a
    /// forced win of the position now.
    fn coach_after(&mut self, mover: Side) {
        let Some(before) = self.proved.take() else {
            return;
        };
        let now = self.prove_now();
        let you = self.computer.is_some_and(|(s, _)| s != mover);
        match judge(&before, mover, &now) {
            Some((turns, false)) => say(format!(
                "Coach: {} lost the win: before it, {mover} won in {turns} turn{} with best play.",
                if you {
                    "your turn".to_string()
                } else {
                    format!("{mover}'s turn")
                },
                if turns == 1 { "" } else { "s" }
            )),
            Some((_, true)) if you => say("Coach: your turn kept the win."),
            _ => {}
        }
        if matches!(now.verdict, Verdict::Wins { turns, .. } if turns > 0) {
            say(format!("Coach: {}.", verdict_text(now.verdict)));
        }
        self.proved = Some(now);
    }

    /// `coach`: what the coach knows of the position now, and the turns that keep a win.
    fn coach_now(&mut self) {
        let now = self.prove_now();
        say(format!("Coach: {}.", verdict_text(now.verdict)));
        let p = *self.game.position();
        if let Verdict::Wins { side, turns } = now.verdict
            && side == p.turn()
            && turns > 0
        {
            let keep: Vec<String> = keeping_turns(&p, turns, 5_000_000)
                .into_iter()
                .map(|t| p.describe(t).to_string())
                .collect();
            say(format!("Turns that keep it: {}", keep.join(", ")));
        }
        if self.proved.is_some() {
            self.proved = Some(now);
        }
    }

    fn list_moves(&self) {
        let (movements, removals) = turn_texts(self.game.position());
        say(format!("{} movements:", movements.len()));
        for chunk in movements.chunks(10) {
            say(format!("  {}", chunk.join("  ")));
        }
        if removals.is_empty() {
            say("No chain to remove now (a movement may make one: `c2-c3 x4-6`).");
        } else {
            say(format!("Removals now: {}", removals.join("  ")));
        }
    }
}

impl Session for QuerniSession {
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn next_auto(&self) -> Option<Millis> {
        match self.computer {
            Some((side, _)) if side == self.game.position().turn() && !self.game.is_over() => {
                Some(0)
            }
            _ => None,
        }
    }

    fn run_auto(&mut self, at: Millis) {
        let Some((side, level)) = self.computer else {
            return;
        };
        let position = *self.game.position();
        let seed = mix(&[self.seed, self.game.history().len() as u64]);
        let turn = best_turn(&position, level, seed, &mut self.searcher, &mut || false).turn();
        let text = position.describe(turn).to_string();
        self.act(QuerniAction::Turn { side, turn: text }, at);
    }

    fn help(&self) -> &'static str {
        "Type a turn: a step `c2-c3`, jumps `c2:e4:e6` (every landing square), a removal \
         `x4-6`, both `c2-c3 x4-6`, or `pass`. Also: `moves`, `hint`, `coach`, `resign`."
    }

    fn show(&self) {
        let colour = std::io::stdout().is_terminal();
        for line in board_text(self.game.position(), colour).lines() {
            say(line);
        }
    }

    fn command(&mut self, line: &str, now: Millis) {
        let to_move = self.game.position().turn();
        match line {
            "moves" => self.list_moves(),
            "coach" => self.coach_now(),
            "hint" => {
                let p = *self.game.position();
                let t = best_turn(
                    &p,
                    tabula_querni::MAX_LEVEL,
                    self.seed,
                    &mut self.searcher,
                    &mut || false,
                )
                .turn();
                say(format!("Hint: {}", p.describe(t)));
            }
            "resign" => self.act(QuerniAction::Resign { side: to_move }, now),
            _ => {
                if self.computer.is_some_and(|(s, _)| s == to_move) {
                    say("Wait for the computer's turn.");
                } else {
                    self.act(
                        QuerniAction::Turn {
                            side: to_move,
                            turn: line.to_string(),
                        },
                        now,
                    );
                }
            }
        }
    }

    fn leave(&mut self, _now: Millis) {
        if !self.game.is_over() {
            say("You left the game.");
        }
    }
}

/// `tabula play querni`.
pub fn play(o: QuerniOptions) -> anyhow::Result<()> {
    let seed = parse::seed_or_random(o.seed);
    let level = o.ai_level;
    let human = Side::from(o.color);
    let start = match &o.position {
        Some(text) => {
            let p = tabula_querni::Position::parse(text)
                .map_err(|e| anyhow::anyhow!("--position: {e}"))?;
            if p.status().is_over() {
                anyhow::bail!("--position: the game is over there ({})", p.status());
            }
            Some(p)
        }
        None => None,
    };
    let config = QuerniConfig {
        start,
        ..QuerniConfig::default()
    };
    let (game, opening) = QuerniGame::start(config, seed, 0)?;
    let computer = (!o.hotseat).then_some((human.other(), level));
    let mut session = QuerniSession {
        game,
        computer,
        searcher: Searcher::default(),
        seed,
        proved: None,
    };
    if !o.no_coach {
        session.proved = Some(session.prove_now());
    }
    let from = match &o.position {
        Some(p) => format!("from {p}"),
        None => format!("seed {seed}; blue starts"),
    };
    say(format!(
        "Querni ({from}): remove all sixteen of your pieces in chains of consecutive numbers. \
         Type `help` for commands."
    ));
    match computer {
        Some((side, level)) => say(format!(
            "You play {human}; the computer plays {side} at level {level}."
        )),
        None => say("Two players at one keyboard: each types a turn in turn."),
    }
    // The standard start never begins with an automatic pass; a position given may.
    drop(opening);
    session.show();
    if session.next_auto().is_none() {
        say(format!(
            "{} to play.",
            session.name(session.game.position().turn())
        ));
    }
    run(&mut session, &Clock::new(1.0));
    Ok(())
}
