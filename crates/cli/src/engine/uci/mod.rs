//! `tabula engine uci`: the QuickChess engine speaking the Universal Chess Interface, as
//! Fairy-Stockfish does for variants (`UCI_Variant`, `position fen ... moves ...`).
//!
//! The main thread reads commands; a `go` starts the search on a second thread so that
//! `stop`, `isready` and `quit` are answered while it thinks. Bad input never stops the
//! engine: it is answered with an `info string` line and ignored.

mod limits;

pub use limits::{Clock, Go, OnReport, info_line};

use crate::engine::network_file;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;
use tabula_chess::engine::{Engine, Limits, SearchResult, Weights};
use tabula_chess::{AnyPosition, Variant};
use tabula_server::tablebases::TableSets;

/// The variant names `UCI_Variant` offers (every game of `tabula rules variants` that is one game).
pub const VARIANTS: [&str; 17] = [
    "quickchess",
    "quickchess-classic",
    "quickchess-fsf",
    "power-pawns",
    "kings-conquest",
    "raging-rooks",
    "bishops",
    "mean-queens",
    "rescue-the-queen",
    "krazy-knights",
    "pawn-blasters",
    "queens-pro",
    "kings-pro",
    "blind",
    "chess",
    "quickchess+blasters",
    "quickchess-classic+blasters",
];

struct State {
    variant: Variant,
    position: AnyPosition,
    history: Vec<u64>,
    engine: Arc<Mutex<Engine>>,
    /// The running search: its thread, its stop flag, and whether it is `go infinite`.
    search: Option<(JoinHandle<()>, Arc<AtomicBool>, bool)>,
    overhead: u64,
    out: Out,
}

/// Where the engine's answers go: standard output, or a buffer in memory (a [`Session`] for
/// tests and the fuzz target). Cloned into the search thread, which says `info` and `bestmove`.
#[derive(Clone)]
struct Out(Option<Arc<Mutex<Vec<u8>>>>);

impl Out {
    fn say(&self, line: &str) {
        match &self.0 {
            None => {
                let mut out = std::io::stdout().lock();
                let _ = writeln!(out, "{line}");
                let _ = out.flush();
            }
            Some(buffer) => {
                let mut b = buffer.lock().unwrap_or_else(|e| e.into_inner());
                b.extend_from_slice(line.as_bytes());
                b.push(b'\n');
            }
        }
    }
}

impl State {
    fn new(out: Out, hash_mb: usize) -> State {
        let variant = Variant::QUICKCHESS;
        State {
            variant,
            position: AnyPosition::start(variant),
            history: Vec::new(),
            engine: Arc::new(Mutex::new(Engine::new(hash_mb))),
            search: None,
            overhead: 10,
            out,
        }
    }

    fn engine(&self) -> std::sync::MutexGuard<'_, Engine> {
        self.engine.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn stop(&mut self) {
        if let Some((handle, flag, _)) = self.search.take() {
            flag.store(true, Ordering::Relaxed);
            let _ = handle.join();
        }
    }

    /// Handles one command line; `false` on `quit`.
    fn handle(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            return true;
        };
        match command {
            "uci" => {
                self.out
                    .say(&format!("id name Tabula {}", env!("CARGO_PKG_VERSION")));
                self.out.say("id author the Tabula developers");
                self.out
                    .say("option name Hash type spin default 16 min 1 max 4096");
                self.out
                    .say("option name Skill Level type spin default 20 min 0 max 20");
                self.out
                    .say("option name Move Overhead type spin default 10 min 0 max 5000");
                self.out
                    .say("option name Seed type spin default 0 min 0 max 2147483647");
                self.out
                    .say("option name TablebasePath type string default <empty>");
                let net = self.engine().use_net;
                self.out
                    .say(&format!("option name UseNNUE type check default {net}"));
                self.out
                    .say("option name EvalFile type string default <built-in>");
                let vars: Vec<String> = VARIANTS.iter().map(|v| format!("var {v}")).collect();
                self.out.say(&format!(
                    "option name UCI_Variant type combo default quickchess {}",
                    vars.join(" ")
                ));
                for part in [
                    "Placement",
                    "Pawns",
                    "Mobility",
                    "KingSafety",
                    "Rescue",
                    "Threats",
                ] {
                    self.out.say(&format!(
                        "option name Eval{part} type spin default 100 min 0 max 300"
                    ));
                }
                self.out.say("uciok");
            }
            "isready" => self.out.say("readyok"),
            "debug" | "register" | "ponderhit" => {}
            "setoption" => {
                self.stop();
                self.set_option(&words[1..]);
            }
            "ucinewgame" => {
                self.stop();
                self.engine().new_game();
                self.position = AnyPosition::start(self.variant);
                self.history.clear();
            }
            "position" => {
                self.stop();
                self.set_position(&words[1..]);
            }
            "go" => {
                self.stop();
                self.go(&words[1..]);
            }
            "stop" => self.stop(),
            "d" => self.out.say(&format!(
                "info string variant {} fen {}",
                self.variant.name(),
                self.position.fen()
            )),
            "quit" => {
                self.stop();
                return false;
            }
            other => self
                .out
                .say(&format!("info string unknown command `{other}`")),
        }
        true
    }

    fn set_option(&mut self, words: &[&str]) {
        // setoption name <id...> [value <x...>]
        let value_at = words.iter().position(|w| w.eq_ignore_ascii_case("value"));
        if words
            .first()
            .is_none_or(|w| !w.eq_ignore_ascii_case("name"))
        {
            self.out
                .say("info string setoption: expected `setoption name <id> value <x>`");
            return;
        }
        let name = words[1..value_at.unwrap_or(words.len())].join(" ");
        let value = value_at
            .map(|i| words[i + 1..].join(" "))
            .unwrap_or_default();
        let number = |lo: i64, hi: i64| -> Option<i64> {
            let v = value.trim().parse::<i64>().ok();
            if v.is_none() {
                self.out.say(&format!(
                    "info string option {name}: `{value}` is not a number"
                ));
            }
            v.map(|v| v.clamp(lo, hi))
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                if let Some(v) = number(1, 4096) {
                    self.engine().set_hash(v as usize);
                }
            }
            "skill level" => {
                if let Some(v) = number(0, 20) {
                    self.engine().skill = v as u8;
                }
            }
            "move overhead" => {
                if let Some(v) = number(0, 5000) {
                    self.overhead = v as u64;
                }
            }
            "seed" => {
                if let Some(v) = number(0, i64::MAX) {
                    self.engine().seed = v as u64;
                }
            }
            "tablebasepath" => {
                let dir = value.trim();
                if dir.is_empty() || dir == "<empty>" {
                    self.engine().set_tablebases(Vec::new());
                    return;
                }
                match TableSets::load(std::path::Path::new(dir)) {
                    Ok(sets) => {
                        let n = sets.rescue.tables().len() + sets.queen.tables().len();
                        self.engine()
                            .set_tablebases(vec![sets.rescue.clone(), sets.queen.clone()]);
                        self.out
                            .say(&format!("info string {n} tables loaded from {dir}"));
                    }
                    Err(e) => self.out.say(&format!("info string TablebasePath: {e}")),
                }
            }
            "evalfile" => {
                let path = value.trim();
                if path.is_empty() || path == "<built-in>" || path == "<empty>" {
                    self.engine().set_network(None);
                    return;
                }
                match network_file::read(std::path::Path::new(path)) {
                    Ok(net) => {
                        let made_by = net.made_by.lines().next().unwrap_or("").to_string();
                        self.engine().set_network(Some(net));
                        self.out.say(&format!(
                            "info string network {path} loaded (made by: {})",
                            if made_by.is_empty() {
                                "not recorded"
                            } else {
                                &made_by
                            }
                        ));
                    }
                    // the engine keeps the network it had
                    Err(e) => self.out.say(&format!("info string EvalFile: {e}")),
                }
            }
            "usennue" => {
                let on = match value.trim().to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => {
                        self.out.say(&format!(
                            "info string option UseNNUE: `{value}` is neither true nor false"
                        ));
                        return;
                    }
                };
                let mut engine = self.engine();
                if engine.use_net != on {
                    // the table keeps static evaluations: forget those of the other evaluation
                    engine.use_net = on;
                    engine.new_game();
                }
            }
            "uci_variant" => match Variant::parse(value.trim()) {
                Ok(v) => {
                    self.variant = v;
                    self.position = AnyPosition::start(v);
                    self.history.clear();
                    self.engine().new_game();
                }
                Err(e) => self
                    .out
                    .say(&format!("info string UCI_Variant `{value}`: {e}")),
            },
            part if part.starts_with("eval") => {
                let Some(v) = number(0, 300) else { return };
                let mut engine = self.engine();
                let w: &mut Weights = &mut engine.weights;
                match part {
                    "evalplacement" => w.placement = v as i32,
                    "evalpawns" => w.pawns = v as i32,
                    "evalmobility" => w.mobility = v as i32,
                    "evalkingsafety" => w.king_safety = v as i32,
                    "evalrescue" => w.rescue = v as i32,
                    "evalthreats" => w.threats = v as i32,
                    _ => self
                        .out
                        .say(&format!("info string unknown option `{name}`")),
                }
            }
            // options GUIs send to every engine
            "ponder" | "uci_chess960" | "multipv" | "threads" | "uci_analysemode" => {}
            _ => self
                .out
                .say(&format!("info string unknown option `{name}`")),
        }
    }

    fn set_position(&mut self, words: &[&str]) {
        let moves_at = words.iter().position(|&w| w == "moves");
        let setup = &words[..moves_at.unwrap_or(words.len())];
        let start = match setup.first() {
            Some(&"startpos") => {
                if self.variant.family == tabula_chess::Family::Blind {
                    self.out.say(
                        "info string blind: send the position after both placements with `position fen`",
                    );
                    return;
                }
                AnyPosition::start(self.variant)
            }
            Some(&"fen") => match AnyPosition::from_fen(self.variant, &setup[1..].join(" ")) {
                Ok(p) => p,
                Err(e) => {
                    self.out.say(&format!("info string position: {e}"));
                    return;
                }
            },
            _ => {
                self.out
                    .say("info string position: expected `startpos` or `fen <fen>`");
                return;
            }
        };
        let mut position = start;
        let mut history = Vec::new();
        for text in moves_at.map_or(&[][..], |i| &words[i + 1..]) {
            let before = position.hash();
            match position.play_uci(text) {
                Ok(next) => {
                    history.push(before);
                    position = next;
                }
                Err(e) => {
                    self.out.say(&format!(
                        "info string position: move `{text}`: {}",
                        e.message
                    ));
                    break;
                }
            }
        }
        self.position = position;
        self.history = history;
    }

    fn go(&mut self, words: &[&str]) {
        let go = match Go::parse(words) {
            Ok((go, warnings)) => {
                for w in warnings {
                    self.out.say(&format!("info string {w}"));
                }
                go
            }
            Err(e) => {
                self.out
                    .say(&format!("info string error: {e}; no search started"));
                return;
            }
        };
        if let Some(depth) = go.perft {
            let mut total = 0;
            for (m, n) in self.position.divide(depth) {
                self.out.say(&format!("{m}: {n}"));
                total += n;
            }
            self.out.say("");
            self.out.say(&format!("Nodes searched: {total}"));
            return;
        }
        let side = self.position.turn().index();
        let (hard, soft) = go.budget(side, self.overhead);
        let limits = Limits {
            depth: go.depth,
            nodes: go.nodes,
        };
        let flag = Arc::new(AtomicBool::new(false));
        let engine = Arc::clone(&self.engine);
        let position = self.position;
        let history = self.history.clone();
        let width = position.width();
        let infinite = go.infinite;
        let stop = Arc::clone(&flag);
        let out = self.out.clone();
        let info_out = self.out.clone();
        let handle = std::thread::spawn(move || {
            let mut clock = Clock::new(
                hard,
                soft,
                Arc::clone(&stop),
                Box::new(move |r, t| info_out.say(&info_line(r, t, width))),
            );
            let result: SearchResult = {
                let mut e = engine.lock().unwrap_or_else(|e| e.into_inner());
                e.search_any(&position, &history, limits, &mut clock)
            };
            if infinite {
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
            match result.best {
                Some(m) => {
                    let ponder = result.report.pv.get(1).filter(|_| result.report.pv[0] == m);
                    match ponder {
                        Some(p) => out.say(&format!(
                            "bestmove {} ponder {}",
                            m.uci(width),
                            p.uci(width)
                        )),
                        None => out.say(&format!("bestmove {}", m.uci(width))),
                    }
                }
                None => out.say("bestmove (none)"),
            }
        });
        self.search = Some((handle, flag, infinite));
    }
}

/// Runs the UCI loop on standard input and output until `quit` or end of input. A line that is
/// not UTF-8 text is answered with an `info string error` naming it, and the engine goes on.
pub fn run() -> std::process::ExitCode {
    let mut state = State::new(Out(None), 16);
    let stdin = std::io::stdin();
    for (number, bytes) in stdin.lock().split(b'\n').enumerate() {
        let Ok(bytes) = bytes else { break };
        let line = match std::str::from_utf8(&bytes) {
            Ok(line) => line,
            Err(e) => {
                state.out.say(&format!(
                    "info string error: input line {} is not UTF-8 text (byte {} is not valid here); ignored",
                    number + 1,
                    e.valid_up_to() + 1
                ));
                continue;
            }
        };
        if !state.handle(line) {
            return std::process::ExitCode::SUCCESS;
        }
    }
    // end of input: a bounded search finishes and prints its move; an infinite one stops
    if let Some((handle, flag, infinite)) = state.search.take() {
        if infinite {
            flag.store(true, Ordering::Relaxed);
        }
        let _ = handle.join();
    }
    std::process::ExitCode::SUCCESS
}

/// A UCI session whose answers are kept in memory instead of printed: the engine exactly as
/// `tabula engine uci` runs it, for tests and the fuzz target. Dropping it stops any search.
pub struct Session {
    state: State,
    output: Arc<Mutex<Vec<u8>>>,
}

impl Session {
    /// A new session at the QuickChess start position, with a 1 MB hash table (16 MB in
    /// `tabula engine uci`; `setoption name Hash` changes it) so that sessions are cheap to make.
    pub fn in_memory() -> Session {
        let output = Arc::new(Mutex::new(Vec::new()));
        Session {
            state: State::new(Out(Some(Arc::clone(&output))), 1),
            output,
        }
    }

    /// Handles one command line as `tabula engine uci` would; `false` after `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        self.state.handle(line)
    }

    /// Stops a running search (as `stop` does) and waits for its `bestmove`.
    pub fn stop(&mut self) {
        self.state.stop();
    }

    /// Everything said so far.
    pub fn output(&self) -> String {
        let b = self.output.lock().unwrap_or_else(|e| e.into_inner());
        String::from_utf8_lossy(&b).into_owned()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.state.stop();
    }
}

#[cfg(test)]
mod tests;
