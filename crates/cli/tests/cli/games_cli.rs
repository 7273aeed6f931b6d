//! `tabula engine simulate` and `tabula play`, run as a user would.

use crate::common;

use common::{converse, feed};
use serde_json::Value;
use std::process::Command;

fn tabula(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .unwrap()
}

/// The two boards drawn side by side under the first line containing `title`, in board
/// notation (`bgr/.j./rbg`).
fn first_two_grids(text: &str, title: &str) -> (String, String) {
    let lines: Vec<&str> = text.lines().collect();
    let top = lines.iter().position(|l| l.contains(title)).unwrap();
    let grid = |col: usize| {
        (0..3)
            .map(|r| {
                lines[top + 2 + r][col..col + 5]
                    .split(' ')
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    };
    (grid(3), grid(16))
}

fn last_json(text: &str) -> Value {
    serde_json::from_str(text.lines().last().unwrap()).unwrap()
}

#[test]
fn simulate_checkmates_reports_by_level_and_the_strongest_never_errs() {
    let out = tabula(&[
        "engine",
        "simulate",
        "checkmates",
        "--bots",
        "3",
        "--games",
        "20",
        "--seed",
        "5",
        "--deck",
        "one-star",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("3 bots (levels 1, 4, 6)"), "{text}");
    let v = last_json(&text);
    assert_eq!(v["games"], 20);
    assert_eq!(v["mistakes_by_level"]["6"], 0);
    let wins = |l: &str| v["wins_by_level"][l].as_u64().unwrap();
    assert!(wins("6") > wins("1") && wins("6") > wins("4"), "{v}");
    // the JSON keys are in the order the issue gives
    let line = text.lines().last().unwrap();
    assert!(
        line.starts_with(r#"{"games":20,"wins_by_level":{"1":"#),
        "{line}"
    );
}

#[test]
fn simulate_royal_stronger_levels_win_more() {
    let out = tabula(&[
        "engine", "simulate", "royal", "--games", "45", "--seed", "2",
    ]);
    assert!(out.status.success());
    let v = last_json(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(v["games"], 45);
    assert_eq!(v["mistakes_by_level"]["6"], 0);
    let wins: Vec<u64> = (1..=6)
        .map(|l| v["wins_by_level"][l.to_string()].as_u64().unwrap())
        .collect();
    assert!(wins[5] > wins[0] + 5, "{wins:?}");
    assert!(wins[5] >= wins[3] && wins[3] >= wins[0], "{wins:?}");
    assert_eq!(
        tabula(&["engine", "simulate", "royal", "--games", "0"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        tabula(&["engine", "simulate", "checkmates", "--bots", "9"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn play_checkmates_solo_meets_a_task_with_typed_moves() {
    // Read the first board and task from the game itself, solve them, type the solution.
    let opening = feed(
        &[
            "play",
            "checkmates",
            "--side",
            "sliding",
            "--solo",
            "--seed",
            "11",
        ],
        "quit\n",
    );
    let (board, task) = first_two_grids(&opening, "board");
    let out = tabula(&[
        "exact",
        "solve",
        "checkmates",
        "--side",
        "sliding",
        "--board",
        &board,
        "--task",
        &task,
        "--json",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let moves: Vec<String> = v["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    let lines = format!("{}\na1-a1\nquit\n", moves.join("\n"));
    let text = feed(
        &[
            "play",
            "checkmates",
            "--side",
            "sliding",
            "--solo",
            "--seed",
            "11",
        ],
        &lines,
    );
    assert!(
        text.contains(&format!("Task 1 met in {} moves", moves.len())),
        "{text}"
    );
    assert!(
        text.contains("does not move"),
        "bad input is explained: {text}"
    );
    assert!(text.contains("Left after 1 of 10 tasks."), "{text}");
}

#[test]
fn play_a_party_against_bots_with_a_fast_clock() {
    let text = converse(
        &[
            "play",
            "checkmates",
            "--bots",
            "2",
            "--bot-level",
            "6",
            "--speed",
            "100",
            "--seed",
            "3",
            "--deck",
            "one-star",
        ],
        &[
            ("Announce a number", "bid 40"),
            ("You announce 40.", "bid 30"),
            ("Round 2", "quit"),
        ],
    );
    assert!(text.contains("You announce 40."), "{text}");
    // the second announcement is refused, naming the players as the table does
    assert!(
        text.contains("You have already announced this round.")
            || text.contains("Announcements are closed: Bot "),
        "{text}"
    );
    assert!(!text.contains("player 0"), "players are named: {text}");
    assert!(text.contains("Round 2"), "bots play on: {text}");
    assert!(text.contains("Bot 1 (level 6)") || text.contains("Bot 2 (level 6)"));
    let bad = tabula(&["play", "checkmates", "--bot-level", "9"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn play_royal_solo_shows_the_optimum_and_retries() {
    let text = feed(
        &["play", "royal", "--solo", "--level", "1", "--seed", "4"],
        "quit\n",
    );
    let (board, card) = first_two_grids(&text, "pieces");
    let out = tabula(&[
        "exact", "solve", "royal", "--level", "1", "--board", &board, "--card", &card, "--json",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let steps: Vec<String> = v["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    let n = steps.len();
    let input = format!("{}\nretry\nnext\nquit\n", steps.join("\n"));
    let text = feed(
        &["play", "royal", "--solo", "--level", "1", "--seed", "4"],
        &input,
    );
    assert!(
        text.contains(&format!(
            "Complete in {n} (your best {n}; the optimum is {n})"
        )),
        "{text}"
    );
    assert!(
        text.contains("Attempt 2: back to the recorded start."),
        "{text}"
    );
    assert!(text.contains("complete the card first"), "{text}");
}

#[test]
fn play_royal_match_with_an_hourglass_and_an_execution_limit() {
    let args = [
        "play",
        "royal",
        "--level",
        "1",
        "--seed",
        "4",
        "--bot-level",
        "6",
        "--speed",
        "100",
        "--hourglass",
        "5",
        "--execution-limit",
        "5",
    ];
    let opening = feed(&args, "quit\n");
    assert!(
        opening.contains("the hourglass runs 5 s; an execution must be done within 5 s."),
        "{opening}"
    );
    // announce the optimum, which the perfect bot cannot beat, then let the five seconds
    // (50 ms at speed 100) of the execution run out without a move
    let (board, card) = first_two_grids(&opening, "pieces");
    let out = tabula(&[
        "exact", "solve", "royal", "--level", "1", "--board", &board, "--card", &card, "--json",
    ]);
    let n = serde_json::from_slice::<Value>(&out.stdout).unwrap()["moves"]
        .as_u64()
        .unwrap();
    let bid = format!("bid {n}");
    let text = converse(&args, &[("Announce a number", &bid), ("Point to", "quit")]);
    assert!(n > 1, "an interesting card: {n}");
    assert!(
        text.contains(&format!("You execute: at most {n}, within 5 s.")),
        "{text}"
    );
    assert!(
        text.contains("Point to bot (level 6) (the execution ran out of time)."),
        "{text}"
    );
    // an underbid of 1: the bot lets it stand, and after one move the executor has used
    // the moves allowed (not the time)
    let steps = serde_json::from_slice::<Value>(&out.stdout).unwrap()["solution"][0]
        .as_str()
        .unwrap()
        .to_string();
    let no_limit = &args[..args.len() - 2];
    let text = converse(
        no_limit,
        &[
            ("Announce a number", "bid 1"),
            ("You execute: at most 1.", &steps),
            ("Point to", "quit"),
        ],
    );
    assert!(text.contains("an execution has no time limit"), "{text}");
    assert!(text.contains("You execute: at most 1."), "{text}");
    assert!(
        text.contains(
            "Point to bot (level 6) (the executor could not finish within the moves allowed)."
        ),
        "{text}"
    );
    // the options belong to a match, not to solo play
    let solo = tabula(&["play", "royal", "--solo", "--execution-limit", "30"]);
    assert_eq!(solo.status.code(), Some(2));
    let bad = tabula(&["play", "royal", "--hourglass", "0"]);
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("'--hourglass <SECONDS>'"),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );
}
