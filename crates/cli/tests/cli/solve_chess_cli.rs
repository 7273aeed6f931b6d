//! `tabula exact solve quickchess` and `tabula exact verify quickchess` as a user runs them.

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

fn tabula(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn a_small_pawn_game_is_solved_proven_and_checked_by_exhaustive_search() {
    let proof = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("three-files.proof");
    let out = tabula(&[
        "exact",
        "solve",
        "quickchess",
        "--variant",
        "power-pawns",
        "--fen",
        "5/ppp2/5/5/PPP2/5 w - - 0 1",
        "--exhaustive",
        "--proof",
        proof.to_str().unwrap(),
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"], "draw");
    assert_eq!(v["plies"], Value::Null);
    assert_eq!(
        v["proofs"].as_array().unwrap().len(),
        2,
        "a draw: one proof per side"
    );
    assert_eq!(v["exhaustive"]["agrees"], true);
    // the stored proofs replay
    let out = tabula(&[
        "exact",
        "verify",
        "quickchess",
        "--proof",
        proof.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("White draws at least") && text.contains("Black draws at least"),
        "{text}"
    );
    // a damaged file is refused
    let mut bytes = std::fs::read(&proof).unwrap();
    let n = bytes.len();
    bytes[n / 2] ^= 0x40;
    std::fs::write(&proof, bytes).unwrap();
    let out = tabula(&[
        "exact",
        "verify",
        "quickchess",
        "--proof",
        proof.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_win_reports_its_length_and_a_line_to_the_end() {
    let out = tabula(&[
        "exact",
        "solve",
        "quickchess",
        "--variant",
        "power-pawns",
        "--fen",
        "5/p3p/P4/5/5/5 w - - 0 1",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("value: Black wins in 8 plies"), "{text}");
    assert!(text.contains("line: -- e4 -- e3 -- e2 -- e1"), "{text}");
    assert!(text.contains("proof: Black wins"), "{text}");
}

#[test]
fn what_the_solver_cannot_do_is_refused_with_a_reason() {
    // a checkmate game
    let out = tabula(&["exact", "solve", "quickchess", "--variant", "quickchess"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a lesson game"));
    // a budget too small for the game
    let out = tabula(&[
        "exact",
        "solve",
        "quickchess",
        "--variant",
        "raging-rooks",
        "--budget",
        "5000",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("budget of 5000 positions"));
    // exhaustive search only where play cannot circle
    let out = tabula(&[
        "exact",
        "solve",
        "quickchess",
        "--variant",
        "raging-rooks",
        "--fen",
        "r4/p4/5/5/P4/R4 w - - 0 1",
        "--exhaustive",
    ]);
    assert_eq!(out.status.code(), Some(2));
}
