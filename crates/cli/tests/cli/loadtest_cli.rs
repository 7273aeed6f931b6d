//! `tabula site loadtest` on a small scale: every acknowledged move is in its game's log.

use serde_json::Value;
use std::process::Command;

/// Runs `tabula ARGS`, which must succeed, and reads its report (the last line, JSON).
fn report(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(text.lines().last().unwrap()).unwrap()
}

#[test]
fn a_small_load_test_loses_no_move() {
    let report = report(&[
        "loadtest",
        "--clients",
        "20",
        "--moves",
        "4",
        "--think",
        "0",
    ]);
    assert_eq!(report["clients"], 20);
    assert_eq!(report["lost"], 0);
    let moves = report["moves"].as_u64().unwrap();
    assert!(moves >= 20, "most moves are played: {report}");
    assert_eq!(
        report["logged"].as_u64().unwrap(),
        moves,
        "the logs hold exactly the acked moves"
    );
    assert!(report["p99_ms"].as_f64().unwrap() >= report["p50_ms"].as_f64().unwrap());
    let bad = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["site", "loadtest", "--clients", "1"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

/// `--scenario restart` on one SQLite node: the players play on through a SIGTERM restart,
/// reconnect by themselves, and nothing acknowledged is lost nor any error seen.
#[test]
fn a_restart_under_load_loses_nothing_and_shows_no_error() {
    let report = report(&[
        "loadtest",
        "--scenario",
        "restart",
        "--clients",
        "8",
        "--moves",
        "12",
        "--think",
        "200",
    ]);
    assert_eq!(report["lost"], 0, "{report}");
    assert_eq!(report["errors"], 0, "{report}");
    assert_eq!(report["restarts"][0]["exit_0"], true, "{report}");
    assert!(
        report["reconnects"].as_u64().unwrap() >= 8,
        "every client came back by itself: {report}"
    );
    assert!(
        report["moves"].as_u64().unwrap() >= 40,
        "they played on: {report}"
    );
}
