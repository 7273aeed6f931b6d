//! `tabula rules perft`, `tabula rules moves` and `tabula rules variants`.

use serde_json::Value;
use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn perft_prints_like_stockfish() {
    let (code, out, err) = run(&[
        "rules",
        "perft",
        "--variant",
        "quickchess-fsf",
        "--fen",
        "nqkbr/ppppp/5/5/PPPPP/NQKBR w - - 0 1",
        "4",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out, "Nodes searched: 2679\n");
    assert!(err.contains("nodes/s"), "{err}");
    let (_, out, _) = run(&[
        "rules",
        "perft",
        "--variant",
        "quickchess-fsf",
        "--divide",
        "2",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines.len(),
        6 + 2,
        "six first moves, a blank line, the total: {out}"
    );
    let sum: u64 = lines[..6]
        .iter()
        .map(|l| l.rsplit(": ").next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 36);
    assert_eq!(lines[7], "Nodes searched: 36");
    let (_, out, _) = run(&["rules", "perft", "--variant", "chess", "3"]);
    assert_eq!(out, "Nodes searched: 8902\n");
}

#[test]
fn moves_lists_legal_moves_and_status() {
    let (_, out, _) = run(&[
        "rules",
        "moves",
        "--variant",
        "quickchess",
        "--fen",
        "k4/2Q2/1K3/5/5/5 w - - 0 1",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&out).unwrap();
    let sans: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert!(sans.contains(&"Qb5#"), "{sans:?}");
    assert_eq!(v["turn"], "white");
    let (_, out, _) = run(&[
        "rules",
        "moves",
        "--variant",
        "quickchess",
        "--fen",
        "k4/2Q2/1K3/5/5/5 w - - 0 1",
    ]);
    assert!(out.contains("status: white to move"), "{out}");
    let (_, out, _) = run(&[
        "rules",
        "moves",
        "--variant",
        "power-pawns",
        "--fen",
        "5/5/p4/P4/P4/5 b - - 0 1",
    ]);
    assert!(
        out.contains("White wins: more pawns (tie-break: all pawns deadlocked)"),
        "{out}"
    );
    let (_, out, _) = run(&[
        "rules",
        "moves",
        "--variant",
        "quickchess",
        "--fen",
        "k4/5/1Q3/1K3/5/5 b - - 0 1",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["status"], "Draw: stalemate");
    assert_eq!(v["result"], "1/2-1/2");
}

#[test]
fn every_variant_is_listed_and_bad_input_is_explained() {
    let (_, out, _) = run(&["rules", "variants"]);
    for name in [
        "power-pawns",
        "kings-conquest",
        "raging-rooks",
        "bishops",
        "mean-queens",
        "rescue-the-queen",
        "krazy-knights",
        "mix:",
        "quickchess",
        "quickchess-classic",
        "quickchess-fsf",
        "pawn-blasters",
        "queens-pro",
        "kings-pro",
        "blind",
        "olympics",
        "chess",
    ] {
        assert!(out.contains(name), "{name} missing from:\n{out}");
    }
    let (code, _, err) = run(&["rules", "perft", "--variant", "crazyhouse", "2"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown variant `crazyhouse`"), "{err}");
    let (code, out, _) = run(&[
        "rules",
        "moves",
        "--fen",
        "rbkqn/ppxpp/5/5/PPPPP/RBKQN w - - 0 1",
        "--json",
    ]);
    assert_eq!(code, 2);
    assert!(out.contains("character 9"), "{out}");
    // Blind QuickChess starts from hidden placements, not a position: perft says so
    let (code, out, err) = run(&["rules", "perft", "--variant", "blind", "3"]);
    assert_eq!(code, 2);
    assert!(out.is_empty(), "no node count: {out}");
    assert!(
        err.contains("blind has no start position: each player places their pieces unseen"),
        "{err}"
    );
    let (code, out, _) = run(&[
        "rules",
        "perft",
        "--variant",
        "blind",
        "--fen",
        "rbkqn/ppppp/5/5/PPPPP/RBKQN w - - 0 1",
        "2",
    ]);
    assert_eq!((code, out.trim()), (0, "Nodes searched: 36"));
    let (code, _, err) = run(&["rules", "perft", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid value '0' for '<DEPTH>'"), "{err}");
}
