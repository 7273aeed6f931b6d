//! `tabula play quickchess`: any game of `tabula variants` against the computer at a level,
//! or two people at one keyboard.
//!
//! The game is the library's [`ChessGame`] (repetitions, the fifty-move rule and lesson
//! endings included); the computer is the engine at one of eight levels, each a fixed node
//! budget, so it plays the same on every machine.

use super::{Clock, Flow, Session, run, say};
use crate::parse::{self, ColorChoice};
use anyhow::bail;
use tabula_chess::engine::{Engine, LEVELS, Limits, Unlimited, level_settings};
use tabula_chess::{
    AnyPosition, ChessAction, ChessConfig, ChessEvent, ChessGame, Color, Family, Variant,
};
use tabula_core::{Game, Millis};

/// Options of `tabula play quickchess`.
#[derive(clap::Args)]
pub struct ChessOptions {
    /// The game (`tabula variants` lists them).
    #[arg(long, default_value = "quickchess", value_parser = parse::variant)]
    variant: Variant,
    /// The computer's level, 1 (beginner) to 8 (full strength), or max.
    #[arg(long, default_value = "4", value_parser = parse::chess_level)]
    level: u8,
    /// Your colour (white moves first).
    #[arg(long, value_enum, default_value = "white")]
    color: ColorChoice,
    /// Two people take turns at this keyboard; no computer.
    #[arg(long)]
    hotseat: bool,
    /// Seed of the computer's choices at the weaker levels (a random one if not given).
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

struct ChessSession {
    game: ChessGame,
    computer: Option<(Color, u8)>,
    engine: Engine,
    /// The time of the last accepted action (the computer moves "now", never before it).
    last: Millis,
}

impl ChessSession {
    fn position(&self) -> AnyPosition {
        *self.game.position()
    }

    fn show(&self) {
        for line in board_text(&self.position()).lines() {
            say(line);
        }
    }

    fn name(&self, c: Color) -> String {
        match self.computer {
            Some((s, level)) if s == c => format!("Computer ({}, level {level})", c.name()),
            Some(_) => format!("You ({})", c.name()),
            None => c.name().to_string(),
        }
    }

    fn prompt(&self) {
        if self.game.is_over() {
            return;
        }
        let turn = self.position().turn();
        if self.computer.is_none_or(|(s, _)| s != turn) {
            let check = if self.position().is_check() {
                ", in check"
            } else {
                ""
            };
            say(format!("{} to move{check}.", self.name(turn)));
        }
    }

    fn act(&mut self, action: ChessAction, now: Millis) {
        let now = now.max(self.last);
        match self.game.apply(&action, now) {
            Ok(events) => {
                self.last = now;
                for e in events {
                    match e {
                        ChessEvent::Moved { player, san, .. } => {
                            say(format!("{}: {san}", self.name(player)));
                        }
                        ChessEvent::GameOver { outcome, result } => {
                            self.show();
                            say(format!("Game over: {outcome} ({result})."));
                        }
                        _ => {}
                    }
                }
                if !self.game.is_over() {
                    self.show();
                    self.prompt();
                }
            }
            Err(e) => say(format!("Not played: {e}")),
        }
    }

    /// A typed move: UCI (`a2a3`, `a5a6q`) or the SAN the game shows (`a3`, `Qxd5+`).
    fn understand(&self, text: &str) -> String {
        let p = self.position();
        let wanted = text.trim_end_matches(['+', '#']);
        p.legal_moves()
            .iter()
            .find(|m| p.san(m).trim_end_matches(['+', '#']) == wanted)
            .map_or(text.to_string(), |m| p.uci(m))
    }

    fn think(&mut self, level: u8) -> Option<String> {
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
}

impl Session for ChessSession {
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn next_auto(&self) -> Option<Millis> {
        match self.computer {
            Some((c, _)) if c == self.position().turn() && !self.game.is_over() => Some(0),
            _ => None,
        }
    }

    fn run_auto(&mut self, at: Millis) {
        let Some((side, level)) = self.computer else {
            return;
        };
        if let Some(uci) = self.think(level) {
            self.act(ChessAction::Move { player: side, uci }, at);
        }
    }

    fn command(&mut self, line: &str, now: Millis) -> Flow {
        let turn = self.position().turn();
        match line {
            "quit" | "q" => return Flow::Quit,
            "help" | "?" => say(
                "Type a move as `a2a3` (UCI; `a5a6q` to promote or rescue) or as shown (`a3`, `Nxd4`). \
                 Also: `moves`, `hint`, `board`, `fen`, `resign`, `quit`.",
            ),
            "board" => self.show(),
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
            "hint" => {
                if let Some(m) = self.think(LEVELS) {
                    say(format!("Hint: {m}"));
                }
            }
            "resign" => self.act(ChessAction::Resign { player: turn }, now),
            _ => {
                if self.computer.is_some_and(|(c, _)| c == turn) {
                    say("Wait for the computer's move.");
                } else {
                    let uci = self.understand(line);
                    self.act(ChessAction::Move { player: turn, uci }, now);
                }
            }
        }
        Flow::Go
    }

    fn leave(&mut self, _now: Millis) {
        if !self.game.is_over() {
            say("You left the game.");
        }
    }
}

/// `tabula play quickchess`.
pub fn play(o: ChessOptions) -> anyhow::Result<()> {
    let variant = o.variant;
    if variant.family == Family::Blind {
        bail!(
            "--variant blind: each player's placements must stay hidden from the other, which one terminal cannot do"
        );
    }
    let level = o.level;
    let human = Color::from(o.color);
    let seed = parse::seed_or_random(o.seed);
    let config = ChessConfig {
        variant: variant.name(),
        fen: None,
        clock: None,
    };
    let (game, _) = ChessGame::start(config, seed, 0)?;
    let computer = (!o.hotseat).then_some((human.other(), level));
    let mut engine = Engine::new(32);
    engine.seed = seed;
    let mut session = ChessSession {
        game,
        computer,
        engine,
        last: 0,
    };
    say(format!("{variant}: type `help` for commands."));
    match computer {
        Some((c, l)) => say(format!(
            "You play {}; the computer plays {} at level {l} of {LEVELS}.",
            human.name(),
            c.name()
        )),
        None => say("Two players at one keyboard: each types a move in turn."),
    }
    session.show();
    session.prompt();
    run(&mut session, &Clock::new(1.0));
    Ok(())
}
