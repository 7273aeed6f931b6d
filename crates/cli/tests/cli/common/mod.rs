//! Driving `tabula play` as a person does: read what it prints, and type the next line only
//! once the game has shown what the person is waiting for. Waiting on the output rather than on
//! the clock keeps the tests right on a busy machine.
// each test binary includes this module and uses what it needs of it
#![allow(dead_code)]

pub mod fsf;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a test waits for a line it expects before it fails.
const PATIENCE: Duration = Duration::from_secs(60);

/// Runs `tabula args`; for each `(wait_for, line)` waits until the output, after what the
/// previous step waited for, contains `wait_for`, then types `line`. Ends the input after the
/// last step and returns everything printed (the game must exit cleanly).
pub fn converse(args: &[&str], script: &[(&str, &str)]) -> String {
    let mut child = spawn(args);
    let mut stdout = child.stdout.take().unwrap();
    let seen = Arc::new(Mutex::new(String::new()));
    let sink = Arc::clone(&seen);
    let reader = std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
    let mut stdin = child.stdin.take().unwrap();
    let mut from = 0;
    for (wait_for, line) in script {
        let started = Instant::now();
        loop {
            let text = seen.lock().unwrap().clone();
            if let Some(at) = text[from..].find(wait_for) {
                from += at + wait_for.len();
                break;
            }
            assert!(
                started.elapsed() < PATIENCE,
                "waited {PATIENCE:?} for `{wait_for}` before typing `{line}`; the game printed:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        if writeln!(stdin, "{line}").is_err() {
            break; // the game ended and closed its input
        }
    }
    drop(stdin);
    let status = child.wait().unwrap();
    reader.join().unwrap();
    let text = seen.lock().unwrap().clone();
    assert!(status.success(), "{text}");
    text
}

/// Runs `tabula args` with all of `input` typed at once, as a file piped in would be, and
/// returns what it printed (it must exit cleanly).
pub fn feed(args: &[&str], input: &str) -> String {
    let mut child = spawn(args);
    // a game that ends early closes its input: what it did not read is not needed
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    text
}

/// `tabula args` with its input and output piped to the test.
fn spawn(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The repository's root (crates/cli/../..), for the tests that read its files.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}
