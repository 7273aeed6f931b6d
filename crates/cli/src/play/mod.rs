//! `tabula play`: the games in a terminal, the driver they share.
//!
//! The games themselves are the library's state machines; each game's file wraps one in a
//! [`Session`] that reads typed commands and prints what happened. The driver here keeps a
//! real clock (times passed to the games are milliseconds since the start, scaled by
//! `--speed`), asks the session for its next automatic event (a bot's action, a game
//! deadline, the computer's move), and sleeps until the earliest of that and the player's next
//! line.

mod blind;
pub mod checkmates;
mod grid;
mod olympics;
pub mod querni;
pub mod quickchess;
pub mod royal;

use std::io::{BufRead, IsTerminal, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use tabula_core::Millis;

/// A game in the terminal, as the driver sees it.
pub(crate) trait Session {
    /// Whether the game has ended (the driver then returns).
    fn is_over(&self) -> bool;
    /// The earliest automatic event (a game deadline or a bot's action), if any; a game that
    /// only answers what is typed has none.
    fn next_auto(&self) -> Option<Millis> {
        None
    }
    /// Performs the automatic event due at `at`.
    fn run_auto(&mut self, _at: Millis) {}
    /// What `help` says: the game's commands (besides `board`, `help` and `quit`, which every
    /// game has).
    fn help(&self) -> &'static str;
    /// Draws the game as it stands (the `board` command).
    fn show(&self);
    /// Handles any other typed line at `now`.
    fn command(&mut self, line: &str, now: Millis);
    /// Said when the player leaves or the input ends before the game does.
    fn leave(&mut self, now: Millis);
}

/// The game's time: milliseconds since the start, run `speed` times as fast as real time.
pub(crate) struct Clock {
    start: Instant,
    speed: f64,
}

impl Clock {
    /// A clock starting now.
    pub(crate) fn new(speed: f64) -> Clock {
        Clock {
            start: Instant::now(),
            speed,
        }
    }

    fn now(&self) -> Millis {
        (self.start.elapsed().as_secs_f64() * 1000.0 * self.speed) as Millis
    }

    fn until(&self, at: Millis) -> Duration {
        let now = self.now();
        Duration::from_secs_f64(at.saturating_sub(now) as f64 / 1000.0 / self.speed)
    }
}

/// Standard input, line by line, on a thread of its own (so the driver can wait for a line and
/// a deadline at once); `None` at the end. A line that is not UTF-8 text is read with the bad
/// bytes replaced, so it is refused like any line not understood.
fn stdin_lines() -> Receiver<Option<String>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().split(b'\n') {
            let Ok(bytes) = line else { break };
            if tx
                .send(Some(String::from_utf8_lossy(&bytes).into_owned()))
                .is_err()
            {
                return;
            }
        }
        let _ = tx.send(None);
    });
    rx
}

/// Runs `session` until it is over, the player quits or the input ends.
pub(crate) fn run(session: &mut dyn Session, clock: &Clock) {
    let input = stdin_lines();
    prompt();
    while !session.is_over() {
        let wait = session.next_auto().map(|t| (t, clock.until(t)));
        let received = match wait {
            Some((_, d)) if d.is_zero() => Err(RecvTimeoutError::Timeout),
            Some((_, d)) => input.recv_timeout(d),
            None => input.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        match received {
            Ok(Some(line)) => {
                match line.trim() {
                    "" => {}
                    "quit" | "q" => {
                        session.leave(clock.now());
                        return;
                    }
                    "help" | "?" => say(format!(
                        "{} `board` shows the game again, `quit` leaves.",
                        session.help()
                    )),
                    "board" => session.show(),
                    line => session.command(line, clock.now()),
                }
                prompt();
            }
            Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                session.leave(clock.now());
                return;
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Some((t, _)) = wait {
                    session.run_auto(t);
                }
            }
        }
    }
}

fn interactive() -> bool {
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

fn prompt() {
    if interactive() {
        let mut out = std::io::stdout().lock();
        let _ = write!(out, "> ").and_then(|_| out.flush());
    }
}

/// Prints a line; on a terminal it first returns over the prompt, which is drawn again after.
pub(crate) fn say(text: impl AsRef<str>) {
    let prefix = if interactive() { "\r" } else { "" };
    if writeln!(std::io::stdout().lock(), "{prefix}{}", text.as_ref()).is_err() {
        std::process::exit(0); // the reader went away (a closed pipe): nothing left to do
    }
}

/// An announcement typed as `bid N` or just `N`.
pub(crate) fn bid(words: &[&str]) -> Option<u32> {
    match words {
        ["bid", n] | [n] => n.parse().ok(),
        _ => None,
    }
}

/// A time as `m:ss.t`.
pub(crate) fn seconds(ms: Millis) -> String {
    format!("{}:{:02}.{}", ms / 60_000, ms / 1000 % 60, ms / 100 % 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn announcements_are_a_number_with_or_without_bid() {
        assert_eq!(bid(&["bid", "4"]), Some(4));
        assert_eq!(bid(&["12"]), Some(12));
        assert_eq!(bid(&["bid", "-1"]), None);
        assert_eq!(bid(&["bid"]), None);
        assert_eq!(bid(&["a1-a2"]), None);
    }

    #[test]
    fn times_read_as_minutes_seconds_and_tenths() {
        assert_eq!(seconds(0), "0:00.0");
        assert_eq!(seconds(61_250), "1:01.2");
        assert_eq!(seconds(599_999), "9:59.9");
    }

    #[test]
    fn a_faster_clock_waits_less_for_the_same_game_time() {
        let fast = Clock::new(1000.0);
        // one game second is a millisecond of real time at speed 1000
        assert!(fast.until(1000) <= Duration::from_millis(1));
        let real = Clock::new(1.0);
        let wait = real.until(60_000);
        assert!(wait > Duration::from_secs(59) && wait <= Duration::from_secs(60));
        // a time already past is no wait at all
        assert_eq!(real.until(0), Duration::ZERO);
    }
}
