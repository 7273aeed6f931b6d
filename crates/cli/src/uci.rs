//! `tabula uci`: the QuickChess engine speaking the Universal Chess Interface, as
//! Fairy-Stockfish does for variants (`UCI_Variant`, `position fen ... moves ...`).
//!
//! The main thread reads commands; a `go` starts the search on a second thread so that
//! `stop`, `isready` and `quit` are answered while it thinks. Bad input never stops the
//! engine: it is answered with an `info string` line and ignored.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tabula_chess::engine::{Control, Engine, Limits, Report, SearchResult, Weights};
use tabula_chess::{AnyPosition, Variant};
use tabula_server::tablebases::TableSets;

/// The variant names `UCI_Variant` offers (every game of `tabula variants` that is one game).
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

/// Receives each completed iteration and the time since the search started.
pub type OnReport = Box<dyn FnMut(&Report, Duration) + Send>;

/// Wall-clock limits of one search, turned into the engine's [`Control`] answers.
pub struct Clock {
    start: Instant,
    /// Stop at once after this long.
    hard: Option<Duration>,
    /// Start no new iteration after this long.
    soft: Option<Duration>,
    stop: Arc<AtomicBool>,
    /// Called with each completed iteration and the time since the start.
    on_report: OnReport,
}

impl Clock {
    /// A clock with optional hard and soft limits and an external stop flag.
    pub fn new(
        hard: Option<Duration>,
        soft: Option<Duration>,
        stop: Arc<AtomicBool>,
        on_report: OnReport,
    ) -> Clock {
        Clock {
            start: Instant::now(),
            hard,
            soft,
            stop,
            on_report,
        }
    }
}

impl Control for Clock {
    fn stop(&mut self, _nodes: u64) -> bool {
        self.stop.load(Ordering::Relaxed) || self.hard.is_some_and(|h| self.start.elapsed() >= h)
    }
    fn enough(&mut self, _report: &Report) -> bool {
        self.stop.load(Ordering::Relaxed) || self.soft.is_some_and(|s| self.start.elapsed() >= s)
    }
    fn report(&mut self, report: &Report) {
        (self.on_report)(report, self.start.elapsed());
    }
}

/// One `info` line for a completed iteration.
pub fn info_line(report: &Report, elapsed: Duration, width: u8) -> String {
    let ms = elapsed.as_millis().max(1) as u64;
    let pv: Vec<String> = report.pv.iter().map(|m| m.uci(width)).collect();
    format!(
        "info depth {} seldepth {} multipv 1 score {} nodes {} nps {} time {} pv {}",
        report.depth,
        report.seldepth,
        report.score.uci(),
        report.nodes,
        report.nodes * 1000 / ms,
        ms,
        pv.join(" ")
    )
}

/// The words of a `go` command.
const GO_WORDS: [&str; 13] = [
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "perft",
    "infinite",
    "ponder",
    "mate",
    "searchmoves",
];

/// The parameters of a `go` command.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Go {
    /// `depth N`.
    pub depth: Option<u32>,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// `movetime MS`.
    pub movetime: Option<u64>,
    /// `wtime`, `btime`.
    pub time: [Option<u64>; 2],
    /// `winc`, `binc`.
    pub inc: [u64; 2],
    /// `movestogo N`.
    pub movestogo: Option<u64>,
    /// `infinite` (or `ponder`): no bestmove until `stop`.
    pub infinite: bool,
    /// `perft N`.
    pub perft: Option<u32>,
}

impl Go {
    /// Parses the words after `go`. A number that cannot be one (`go depth -5`, `go nodes x`)
    /// refuses the whole command: the error says why, and no search starts. Words we do not
    /// support (`searchmoves`, `mate`) are reported as warnings and the search goes on without
    /// them. Clock times may be negative (a GUI reports an overstepped clock so); they count as
    /// no time left.
    pub fn parse(words: &[&str]) -> Result<(Go, Vec<String>), String> {
        let mut go = Go::default();
        let mut warnings = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let key = words[i];
            i += 1;
            let text = words.get(i).copied().unwrap_or("");
            let number = |lo: i64, hi: i64, what: &str| -> Result<i64, String> {
                match text.parse::<i64>() {
                    Ok(v) if (lo..=hi).contains(&v) => Ok(v),
                    _ if text.is_empty() => Err(format!("go {key}: {what} is missing")),
                    _ => Err(format!(
                        "go {key} {text}: {what} must be a whole number from {lo} to {hi}"
                    )),
                }
            };
            let time =
                || number(i64::MIN, i64::MAX, "a time in milliseconds").map(|v| v.max(0) as u64);
            match key {
                "depth" => go.depth = Some(number(1, 90, "the depth")? as u32),
                "nodes" => go.nodes = Some(number(1, i64::MAX, "the node count")? as u64),
                "movetime" => go.movetime = Some(number(1, i64::MAX, "the time per move")? as u64),
                "wtime" => go.time[0] = Some(time()?),
                "btime" => go.time[1] = Some(time()?),
                "winc" => go.inc[0] = time()?,
                "binc" => go.inc[1] = time()?,
                "movestogo" => go.movestogo = Some(number(1, 1000, "the number of moves")? as u64),
                "perft" => go.perft = Some(number(1, 12, "the perft depth")? as u32),
                "infinite" | "ponder" => {
                    go.infinite = true;
                    continue;
                }
                "mate" | "searchmoves" => {
                    warnings.push(format!("go {key} is not supported; searching normally"));
                    // skip its arguments: everything up to the next known word
                    while words.get(i).is_some_and(|w| !GO_WORDS.contains(w)) {
                        i += 1;
                    }
                    continue;
                }
                other => {
                    warnings.push(format!("go: unknown word `{other}`"));
                    continue;
                }
            }
            i += 1;
        }
        Ok((go, warnings))
    }

    /// Hard and soft time limits for the side `side` (0 white, 1 black). A clock's time is
    /// reduced by `overhead` (what the GUI and the pipe cost); `movetime` is a fixed time per
    /// move that nothing is charged against, so it is used whole, as Stockfish does.
    pub fn budget(&self, side: usize, overhead: u64) -> (Option<Duration>, Option<Duration>) {
        if self.infinite {
            return (None, None);
        }
        if let Some(ms) = self.movetime {
            let t = Duration::from_millis(ms.max(1));
            return (Some(t), Some(t));
        }
        let Some(left) = self.time[side] else {
            return (None, None);
        };
        let inc = self.inc[side];
        let left = left.saturating_sub(overhead).max(1);
        let moves = self.movestogo.unwrap_or(25).min(40);
        let target = left / moves + inc * 3 / 4;
        let hard = (target * 3).min(left / 3).max(1);
        let soft = (target * 6 / 10).min(hard).max(1);
        (
            Some(Duration::from_millis(hard)),
            Some(Duration::from_millis(soft)),
        )
    }
}

struct State {
    variant: Variant,
    position: AnyPosition,
    history: Vec<u64>,
    engine: Arc<Mutex<Engine>>,
    /// The running search: its thread, its stop flag, and whether it is `go infinite`.
    search: Option<(JoinHandle<()>, Arc<AtomicBool>, bool)>,
    overhead: u64,
}

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

impl State {
    fn new() -> State {
        let variant = Variant::QUICKCHESS;
        State {
            variant,
            position: AnyPosition::start(variant),
            history: Vec::new(),
            engine: Arc::new(Mutex::new(Engine::new(16))),
            search: None,
            overhead: 10,
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
                say(&format!("id name Tabula {}", env!("CARGO_PKG_VERSION")));
                say("id author the Tabula developers");
                say("option name Hash type spin default 16 min 1 max 4096");
                say("option name Skill Level type spin default 20 min 0 max 20");
                say("option name Move Overhead type spin default 10 min 0 max 5000");
                say("option name Seed type spin default 0 min 0 max 2147483647");
                say("option name TablebasePath type string default <empty>");
                let vars: Vec<String> = VARIANTS.iter().map(|v| format!("var {v}")).collect();
                say(&format!(
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
                    say(&format!(
                        "option name Eval{part} type spin default 100 min 0 max 300"
                    ));
                }
                say("uciok");
            }
            "isready" => say("readyok"),
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
            "d" => say(&format!(
                "info string variant {} fen {}",
                self.variant.name(),
                self.position.fen()
            )),
            "quit" => {
                self.stop();
                return false;
            }
            other => say(&format!("info string unknown command `{other}`")),
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
            say("info string setoption: expected `setoption name <id> value <x>`");
            return;
        }
        let name = words[1..value_at.unwrap_or(words.len())].join(" ");
        let value = value_at
            .map(|i| words[i + 1..].join(" "))
            .unwrap_or_default();
        let number = |lo: i64, hi: i64| -> Option<i64> {
            let v = value.trim().parse::<i64>().ok();
            if v.is_none() {
                say(&format!(
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
                        say(&format!("info string {n} tables loaded from {dir}"));
                    }
                    Err(e) => say(&format!("info string TablebasePath: {e}")),
                }
            }
            "uci_variant" => match Variant::parse(value.trim()) {
                Ok(v) => {
                    self.variant = v;
                    self.position = AnyPosition::start(v);
                    self.history.clear();
                    self.engine().new_game();
                }
                Err(e) => say(&format!("info string UCI_Variant `{value}`: {e}")),
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
                    _ => say(&format!("info string unknown option `{name}`")),
                }
            }
            // options GUIs send to every engine
            "ponder" | "uci_chess960" | "multipv" | "threads" | "uci_analysemode" => {}
            _ => say(&format!("info string unknown option `{name}`")),
        }
    }

    fn set_position(&mut self, words: &[&str]) {
        let moves_at = words.iter().position(|&w| w == "moves");
        let setup = &words[..moves_at.unwrap_or(words.len())];
        let start = match setup.first() {
            Some(&"startpos") => {
                if self.variant.family == tabula_chess::Family::Blind {
                    say(
                        "info string blind: send the position after both placements with `position fen`",
                    );
                    return;
                }
                AnyPosition::start(self.variant)
            }
            Some(&"fen") => match AnyPosition::from_fen(self.variant, &setup[1..].join(" ")) {
                Ok(p) => p,
                Err(e) => {
                    say(&format!("info string position: {e}"));
                    return;
                }
            },
            _ => {
                say("info string position: expected `startpos` or `fen <fen>`");
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
                    say(&format!(
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
                    say(&format!("info string {w}"));
                }
                go
            }
            Err(e) => {
                say(&format!("info string error: {e}; no search started"));
                return;
            }
        };
        if let Some(depth) = go.perft {
            let mut total = 0;
            for (m, n) in self.position.divide(depth) {
                say(&format!("{m}: {n}"));
                total += n;
            }
            say("");
            say(&format!("Nodes searched: {total}"));
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
        let handle = std::thread::spawn(move || {
            let mut clock = Clock::new(
                hard,
                soft,
                Arc::clone(&stop),
                Box::new(move |r, t| say(&info_line(r, t, width))),
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
                        Some(p) => say(&format!(
                            "bestmove {} ponder {}",
                            m.uci(width),
                            p.uci(width)
                        )),
                        None => say(&format!("bestmove {}", m.uci(width))),
                    }
                }
                None => say("bestmove (none)"),
            }
        });
        self.search = Some((handle, flag, infinite));
    }
}

/// Runs the UCI loop on standard input and output until `quit` or end of input. A line that is
/// not UTF-8 text is answered with an `info string error` naming it, and the engine goes on.
pub fn run() -> std::process::ExitCode {
    let mut state = State::new();
    let stdin = std::io::stdin();
    for (number, bytes) in stdin.lock().split(b'\n').enumerate() {
        let Ok(bytes) = bytes else { break };
        let line = match std::str::from_utf8(&bytes) {
            Ok(line) => line,
            Err(e) => {
                say(&format!(
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Result<(Go, Vec<String>), String> {
        Go::parse(&text.split_whitespace().collect::<Vec<_>>())
    }

    fn ms(n: u64) -> Option<Duration> {
        Some(Duration::from_millis(n))
    }

    #[test]
    fn go_reads_every_limit() {
        let (go, warnings) =
            parsed("wtime 60000 btime -52 winc 1000 binc 0 movestogo 20 depth 9 nodes 5000")
                .unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(
            go,
            Go {
                depth: Some(9),
                nodes: Some(5000),
                time: [Some(60_000), Some(0)],
                inc: [1000, 0],
                movestogo: Some(20),
                ..Go::default()
            }
        );
        let (go, _) = parsed("infinite").unwrap();
        assert!(go.infinite);
        let (go, warnings) = parsed("searchmoves a2a3 b2b3 depth 4 frobnicate").unwrap();
        assert_eq!(go.depth, Some(4));
        assert_eq!(
            warnings,
            [
                "go searchmoves is not supported; searching normally",
                "go: unknown word `frobnicate`"
            ]
        );
    }

    #[test]
    fn a_bad_number_refuses_the_go() {
        assert_eq!(
            parsed("depth -5").unwrap_err(),
            "go depth -5: the depth must be a whole number from 1 to 90"
        );
        assert_eq!(
            parsed("depth 0").unwrap_err(),
            "go depth 0: the depth must be a whole number from 1 to 90"
        );
        assert_eq!(
            parsed("depth").unwrap_err(),
            "go depth: the depth is missing"
        );
        assert!(parsed("nodes x").unwrap_err().starts_with("go nodes x: "));
        assert!(parsed("movetime 0").is_err());
        assert!(parsed("perft 13").is_err());
        assert!(parsed("wtime soon").is_err());
    }

    #[test]
    fn the_clock_budget_worked_by_hand() {
        // one minute and a one-second increment, 10 ms overhead: 59,990 left; a 25th of it
        // plus three quarters of the increment is 2,399 + 750 = 3,149 ms to aim at; stop for
        // sure at three times that (9,447, under a third of what is left, 19,996); start no
        // new iteration after 6/10 of the aim (1,889)
        let (go, _) = parsed("wtime 60000 btime 60000 winc 1000 binc 1000").unwrap();
        assert_eq!(go.budget(0, 10), (ms(9_447), ms(1_889)));
        // Black with one second for 5 moves: 990 left, 198 each; three times is 594, but a
        // third of what is left (330) caps it; 6/10 of 198 is 118
        let (go, _) = parsed("wtime 50000 btime 1000 movestogo 5").unwrap();
        assert_eq!(go.budget(1, 10), (ms(330), ms(118)));
        // almost nothing left still gives the search a millisecond
        let (go, _) = parsed("wtime 5 btime 5").unwrap();
        assert_eq!(go.budget(0, 10), (ms(1), ms(1)));
        // a long movestogo is read as 40 at most: 100,000 - 10 over 40 = 2,499
        let (go, _) = parsed("wtime 100000 btime 100000 movestogo 100").unwrap();
        assert_eq!(go.budget(0, 10), (ms(7_497), ms(1_499)));
    }

    #[test]
    fn movetime_is_used_whole_and_infinite_has_no_limit() {
        let (go, _) = parsed("movetime 500 wtime 100").unwrap();
        assert_eq!(go.budget(0, 10), (ms(500), ms(500)));
        let (go, _) = parsed("infinite wtime 1000").unwrap();
        assert_eq!(go.budget(0, 10), (None, None));
        // no clock for the side to move: only depth or nodes bound the search
        let (go, _) = parsed("btime 1000 depth 3").unwrap();
        assert_eq!(go.budget(0, 10), (None, None));
    }
}
