//! The limits of a UCI search: the `go` command's words, the time budget they give, and the
//! wall clock that ends a search and reports each iteration.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tabula_chess::engine::{Control, Report};

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
        // saturating: a GUI may send any 63-bit increment (the fuzz target found `winc
        // 5999999999999999999` overflowing the plain arithmetic)
        let target = (left / moves).saturating_add(inc / 4 * 3 + inc % 4 * 3 / 4);
        let hard = target.saturating_mul(3).min(left / 3).max(1);
        let soft = (target / 10 * 6 + target % 10 * 6 / 10).min(hard).max(1);
        (
            Some(Duration::from_millis(hard)),
            Some(Duration::from_millis(soft)),
        )
    }
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
    fn huge_clock_numbers_give_a_budget_without_overflow() {
        // found by the uci fuzz target: the increment times 3 overflowed
        let (go, _) =
            parsed("wtime 100 btime 199999900 winc 5999999999999999999 movestogo 3").unwrap();
        let (hard, soft) = go.budget(0, 10);
        assert_eq!(
            hard,
            ms(30),
            "a third of the 90 ms left, whatever the increment"
        );
        assert!(soft <= hard && soft >= ms(1));
        let (go, _) = parsed(&format!("btime {} binc {}", i64::MAX, i64::MAX)).unwrap();
        let (hard, _) = go.budget(1, 0);
        assert_eq!(hard, Some(Duration::from_millis(i64::MAX as u64 / 3)));
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
