//! `tabula rules querni ...`, `tabula engine simulate querni` and `tabula play querni`, run as a user would.

use crate::common;

use common::feed;
use serde_json::Value;
use std::process::Command;

fn tabula(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .unwrap()
}

fn json(args: &[&str]) -> Value {
    let out = tabula(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn start(seed: &str) -> String {
    json(&["rules", "querni", "new", "--seed", seed, "--json"])["position"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn new_prints_the_seeded_start() {
    let p = start("3");
    assert_eq!(p, start("3"));
    assert_ne!(p, start("4"));
    assert!(p.ends_with(" b 0"));
    let ranks: Vec<&str> = p.split(' ').next().unwrap().split('/').collect();
    assert_eq!(ranks.len(), 7);
    assert_eq!(&ranks[2..5], ["10", "10", "10"]);
    let text =
        String::from_utf8(tabula(&["rules", "querni", "new", "--seed", "3"]).stdout).unwrap();
    assert!(text.starts_with(&p));
    assert!(text.contains("blue to move"));
}

#[test]
fn moves_lists_movements_by_destination_and_removals() {
    let v = json(&[
        "rules",
        "querni",
        "moves",
        "7abc/10/10/10/10/4C5/1AB7 b 0",
        "--json",
    ]);
    let movements: Vec<&str> = v["movements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    // Blue 1 on b1: steps a1 a2 b2 c2 (c1 is blue 2); jumps over c1 to d1.
    for m in [
        "b1-a1", "b1-a2", "b1-b2", "b1-c2", "b1:d1", "e2-d2", "c1-d2",
    ] {
        assert!(movements.contains(&m), "{m} missing from {movements:?}");
    }
    assert!(
        !movements.iter().any(|m| m.starts_with("h7")),
        "red's pieces are not blue's"
    );
    assert_eq!(v["removals"], serde_json::json!([]));
    assert_eq!(v["status"]["result"], "ongoing");
    let v = json(&[
        "rules",
        "querni",
        "moves",
        "7abc/10/10/10/10/10/1ABCDE4 b 0",
        "--json",
    ]);
    let removals: Vec<&str> = v["removals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(removals, ["x1-3", "x1-4", "x1-5", "x2-4", "x2-5", "x3-5"]);
}

#[test]
fn play_applies_a_turn_or_explains_why_not() {
    let v = json(&[
        "rules",
        "querni",
        "play",
        "7abc/10/10/10/10/4C5/1AB7 b 0",
        "e2-d2 x1-3",
        "--json",
    ]);
    assert_eq!(v["result"], "blue wins");
    assert!(v["reason"].as_str().unwrap().contains("all sixteen"));
    let v = json(&[
        "rules",
        "querni",
        "play",
        "7abc/10/10/10/10/4C5/1AB7 b 0",
        "e2-e3",
        "--json",
    ]);
    assert_eq!(v["position"], "7abc/10/10/10/4C5/10/1AB7 r 1");
    assert_eq!(v["result"], "ongoing");
    // A removal that strands pieces loses at once.
    let v = json(&[
        "rules",
        "querni",
        "play",
        "7abc/10/10/7GHI/10/10/1ABCDE4 b 0",
        "x1-3",
        "--json",
    ]);
    assert_eq!(v["result"], "red wins");
    // Illegal turns: exit status 2 and a message naming the square and the rule.
    for (turn, needle) in [
        ("e2-e4", "adjacent"),
        ("b1-c1", "c1 is occupied"),
        ("h7-h6", "holds red 1"),
        ("x1-3", "not next to"),
        ("e2:e4", "no piece on e3"),
        ("e2-z9", "not a square"),
    ] {
        let out = tabula(&[
            "rules",
            "querni",
            "play",
            "7abc/10/10/10/10/4C5/1AB7 b 0",
            turn,
        ]);
        assert_eq!(out.status.code(), Some(2), "{turn}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(needle), "{turn}: {err}");
    }
    let out = tabula(&["rules", "querni", "moves", "10/10 b 0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("2 ranks"));
}

#[test]
fn best_answers_at_every_level_and_with_a_time_limit() {
    let p = "7abc/10/10/10/10/4C5/1AB7 b 0";
    for level in ["1", "2", "3", "4", "5", "max"] {
        let v = json(&["rules", "querni", "best", p, "--level", level, "--json"]);
        let turn = v["turn"].as_str().unwrap();
        let after = json(&["rules", "querni", "play", p, turn, "--json"]);
        assert_eq!(after["result"], "blue wins", "level {level} played {turn}");
    }
    // --movetime replaces the level's budget: level 1 alone looks one turn ahead; given 300 ms
    // it deepens until the time is up
    let start = start("8");
    let fixed = json(&["rules", "querni", "best", &start, "--level", "1", "--json"]);
    assert_eq!(fixed["depth"], 1, "{fixed}");
    let timed = json(&[
        "rules",
        "querni",
        "best",
        &start,
        "--level",
        "1",
        "--movetime",
        "300",
        "--json",
    ]);
    let (depth, nodes, ms) = (
        timed["depth"].as_u64().unwrap(),
        timed["nodes"].as_u64().unwrap(),
        timed["ms"].as_u64().unwrap(),
    );
    assert!(depth > 1, "searched deeper with the time: {timed}");
    assert!(
        nodes > fixed["nodes"].as_u64().unwrap(),
        "{timed} against {fixed}"
    );
    assert!(ms >= 300, "it thought until the time was up: {timed}");
    assert!(ms < 5_000, "and stopped then: {timed}");
    assert!(
        json(&[
            "rules",
            "querni",
            "play",
            &start,
            timed["turn"].as_str().unwrap(),
            "--json"
        ])["result"]
            == "ongoing"
    );
    let out = tabula(&["rules", "querni", "best", &start, "--level", "9"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn simulate_ends_with_the_tally() {
    let out = tabula(&[
        "engine", "simulate", "querni", "--blue", "greedy", "--red", "random", "--games", "6",
        "--seed", "2", "--swap",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["games"], 6);
    let sum = last["first_wins"].as_u64().unwrap()
        + last["second_wins"].as_u64().unwrap()
        + last["draws"].as_u64().unwrap();
    assert_eq!(sum, 6);
    assert!(
        last["first_wins"].as_u64().unwrap() >= 5,
        "greedy beats random: {text}"
    );
    // Same seed, same games.
    let again = String::from_utf8(
        tabula(&[
            "engine", "simulate", "querni", "--blue", "greedy", "--red", "random", "--games", "6",
            "--seed", "2", "--swap",
        ])
        .stdout,
    )
    .unwrap();
    assert_eq!(again.lines().last(), text.lines().last());
    let out = tabula(&[
        "engine", "simulate", "querni", "--blue", "ai:7", "--red", "greedy",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn two_people_play_at_one_keyboard() {
    let out = feed(
        &["play", "querni", "--hotseat", "--seed", "3"],
        "b1:d3\nc2-z9\nh7:f5\nmoves\nresign\n",
    );
    assert!(out.contains("BLUE: b1:d3"), "{out}");
    assert!(out.contains("Not played"), "{out}");
    assert!(out.contains("RED: h7:f5"), "{out}");
    assert!(out.contains("movements:"));
    assert!(out.contains("Game over: red wins: blue resigned"), "{out}");
}

#[test]
fn the_computer_answers_each_turn() {
    let out = feed(
        &["play", "querni", "--ai-level", "2", "--seed", "3"],
        "b1:d3\nd3-d4\nquit\n",
    );
    assert!(out.contains("You (blue): b1:d3"), "{out}");
    assert_eq!(out.matches("Computer (red, level 2):").count(), 2, "{out}");
    // Playing red: the computer opens.
    let out = feed(
        &[
            "play",
            "querni",
            "--color",
            "red",
            "--ai-level",
            "1",
            "--seed",
            "3",
        ],
        "quit\n",
    );
    assert!(out.contains("Computer (blue, level 1):"), "{out}");
}

/// The position after `turn`.
fn played(position: &str, turn: &str) -> String {
    json(&["rules", "querni", "play", position, turn, "--json"])["position"]
        .as_str()
        .unwrap()
        .to_string()
}

/// `prove --json`'s answer, and its winner and turns.
fn proved(position: &str) -> (Value, Option<String>, Option<u64>) {
    let v = json(&["rules", "querni", "prove", position, "--json"]);
    let (winner, turns) = (v["winner"].as_str().map(String::from), v["turns"].as_u64());
    (v, winner, turns)
}

#[test]
fn prove_tells_a_forced_win_the_turns_that_keep_it_and_a_turn_that_lost_it() {
    // Blue to move forces its win in two of its turns, by one turn only
    let before = "10/10/10/k1j7/2ihL5/gN1MP5/1O8 b 0";
    let (v, winner, turns) = proved(before);
    assert_eq!((winner.as_deref(), turns), (Some("blue"), Some(2)), "{v}");
    assert_eq!(v["keeping"], serde_json::json!(["b2-c1"]), "{v}");
    let text =
        String::from_utf8_lossy(&tabula(&["rules", "querni", "prove", before]).stdout).to_string();
    assert!(
        text.starts_with("blue wins in 2 turns with best play\nturns that keep it: b2-c1"),
        "{text}"
    );
    // after it, Red to move cannot stop Blue's next turn
    let (v, winner, turns) = proved(&played(before, "b2-c1"));
    assert_eq!((winner.as_deref(), turns), (Some("blue"), Some(1)), "{v}");
    assert_eq!(
        v["keeping"],
        serde_json::json!([]),
        "the side to move is not the winner: {v}"
    );
    // a pass instead hands the win to Red
    let (v, winner, turns) = proved(&played(before, "pass"));
    assert_eq!((winner.as_deref(), turns), (Some("red"), Some(2)), "{v}");
    // far from the end nothing is proved, and the answer says how far it looked
    let v = json(&[
        "rules",
        "querni",
        "prove",
        &start("5"),
        "--turns",
        "2",
        "--json",
    ]);
    assert!(v["winner"].is_null(), "{v}");
    assert_eq!(v["within"], 2, "{v}");
    // a bad position is refused with what is wrong
    let out = tabula(&["rules", "querni", "prove", "10/10 b 0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("2 ranks, expected 7"));
}

#[test]
fn the_terminal_coach_says_the_win_the_turns_that_keep_it_and_a_turn_that_lost_it() {
    let ending = "10/10/10/k1j7/2ihL5/gN1MP5/1O8 b 0";
    let out = feed(
        &["play", "querni", "--hotseat", "--position", ending],
        "coach\npass\nquit\n",
    );
    let coach: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("Coach:") || l.starts_with("Turns that"))
        .collect();
    assert_eq!(
        coach,
        [
            "Coach: blue wins in 2 turns with best play.",
            "Turns that keep it: b2-c1",
            "Coach: blue's turn lost the win: before it, blue won in 2 turns with best play.",
            "Coach: red wins in 2 turns with best play.",
        ],
        "{out}"
    );
    // against the computer the player's kept win is praised, and the computer (red) cannot
    // stop the next turn
    let out = feed(
        &["play", "querni", "--ai-level", "1", "--position", ending],
        "b2-c1\nquit\n",
    );
    assert!(out.contains("Coach: your turn kept the win."), "{out}");
    assert!(
        out.contains("Coach: blue wins in 1 turn with best play."),
        "{out}"
    );
    // without the coach, not a word of it; a finished position is refused
    let out = feed(
        &[
            "play",
            "querni",
            "--hotseat",
            "--no-coach",
            "--position",
            ending,
        ],
        "pass\nquit\n",
    );
    assert!(!out.contains("Coach:"), "{out}");
    let out = tabula(&["play", "querni", "--position", "10/10/10/10/10/10/10 b 0"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}
