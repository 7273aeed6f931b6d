//! A UCI engine in a child process: the handshake, options, and one `go` at a time with a
//! deadline, so that a silent or crashed engine loses its game instead of stalling the match.

use anyhow::{Context as _, anyhow, bail};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// A UCI engine in a child process.
pub(super) struct Uci {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    pub(super) name: String,
}

impl Uci {
    pub(super) fn start(command: &str, options: &[(String, String)]) -> anyhow::Result<Uci> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start `{command}`"))?;
        let stdin = child.stdin.take().context("no stdin")?;
        let stdout = child.stdout.take().context("no stdout")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = Uci {
            child,
            stdin,
            lines: rx,
            name: command.to_string(),
        };
        e.send("uci")?;
        let deadline = Duration::from_secs(20);
        loop {
            let line = e
                .read(deadline)
                .with_context(|| format!("`{command}`, waiting for uciok"))?;
            if let Some(n) = line.strip_prefix("id name ") {
                e.name = n.trim().to_string();
            }
            if line.trim() == "uciok" {
                break;
            }
        }
        for (name, value) in options {
            e.send(&format!("setoption name {name} value {value}"))?;
        }
        e.ready()?;
        Ok(e)
    }

    pub(super) fn send(&mut self, line: &str) -> anyhow::Result<()> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .with_context(|| format!("{}: cannot write", self.name))
    }

    pub(super) fn read(&self, timeout: Duration) -> anyhow::Result<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => bail!("no answer in time"),
            Err(RecvTimeoutError::Disconnected) => Err(anyhow!("the engine exited")),
        }
    }

    pub(super) fn ready(&mut self) -> anyhow::Result<()> {
        self.send("isready")?;
        loop {
            if self.read(Duration::from_secs(30))?.trim() == "readyok" {
                return Ok(());
            }
        }
    }

    /// Asks for a move; returns it with the time it took.
    pub(super) fn go(
        &mut self,
        position: &str,
        go: &str,
        timeout: Duration,
    ) -> anyhow::Result<(String, Duration)> {
        self.send(position)?;
        self.send(go)?;
        let started = Instant::now();
        loop {
            let left = timeout.saturating_sub(started.elapsed());
            let line = self.read(left.max(Duration::from_millis(1)))?;
            if let Some(rest) = line.strip_prefix("bestmove") {
                let m = rest
                    .split_whitespace()
                    .next()
                    .unwrap_or("(none)")
                    .to_string();
                return Ok((m, started.elapsed()));
            }
        }
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let started = Instant::now();
        while started.elapsed() < Duration::from_millis(500) {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
