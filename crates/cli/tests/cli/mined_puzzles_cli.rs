//! `tabula engine puzzles list` and `tabula engine puzzles mine` (issue #29): the shipped sets as JSON
//! lines, filtered by theme; mining checkpointed, resumed without doing a game twice, and an
//! existing file never overwritten.

use serde_json::Value;
use std::process::{Command, Output};

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("tabula runs")
}

fn json_lines(out: &Output) -> Vec<Value> {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn list_prints_the_starter_sets_as_json_lines() {
    let all = json_lines(&tabula(&[
        "engine", "puzzles", "list", "--json", "--limit", "5",
    ]));
    assert_eq!(all.len(), 5);
    for p in &all {
        for key in ["id", "fen", "moves", "rating", "themes"] {
            assert!(!p[key].is_null(), "{key} in {p}");
        }
        assert_eq!(p["moves"].as_array().unwrap().len() % 2, 1, "{p}");
    }
    let advantage = json_lines(&tabula(&[
        "engine",
        "puzzles",
        "list",
        "--json",
        "--theme",
        "advantage",
    ]));
    assert!(!advantage.is_empty());
    assert!(advantage.iter().all(|p| {
        p["themes"]
            .as_array()
            .unwrap()
            .contains(&Value::from("advantage"))
    }));
    let querni = json_lines(&tabula(&[
        "engine",
        "puzzles",
        "list",
        "--variant",
        "querni",
        "--json",
        "--limit",
        "2",
    ]));
    assert_eq!(querni.len(), 2);
    assert!(querni[0]["position"].is_string() && querni[0]["moves"].as_array().unwrap().len() == 1);
    let bad = tabula(&["engine", "puzzles", "list", "--theme", "fork-in-the-road"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown theme `fork-in-the-road`"));
}

#[test]
fn mining_resumes_where_it_stopped_and_never_overwrites() {
    let dir = std::env::temp_dir().join(format!("tabula-mine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("querni.tsv");
    let out_s = out.to_str().unwrap();
    let first = tabula(&[
        "engine",
        "puzzles",
        "mine",
        "--variant",
        "querni",
        "--games",
        "3",
        "--seed",
        "5",
        "--out",
        out_s,
    ]);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let done = std::fs::read_to_string(dir.join("querni.tsv.done")).unwrap();
    assert_eq!(done.lines().count(), 3);
    // a second run on the same file must say --resume
    let again = tabula(&[
        "engine",
        "puzzles",
        "mine",
        "--variant",
        "querni",
        "--games",
        "5",
        "--seed",
        "5",
        "--out",
        out_s,
    ]);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("--resume"));
    let resumed = tabula(&[
        "engine",
        "puzzles",
        "mine",
        "--variant",
        "querni",
        "--games",
        "5",
        "--seed",
        "5",
        "--out",
        out_s,
        "--resume",
    ]);
    assert!(resumed.status.success());
    let log = String::from_utf8_lossy(&resumed.stderr);
    assert!(
        !log.contains("game 0:") && log.contains("game 3:") && log.contains("game 4:"),
        "{log}"
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let mut ids: Vec<&str> = text
        .lines()
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    let n = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), n, "no puzzle written twice");
    // the file reads back as a puzzle set
    let listed = json_lines(&tabula(&[
        "engine",
        "puzzles",
        "list",
        "--variant",
        "querni",
        "--file",
        out_s,
        "--json",
    ]));
    assert_eq!(listed.len(), n);
    // a QuickChess game mined at a tiny budget runs through
    let chess = dir.join("chess.tsv");
    let c = tabula(&[
        "engine",
        "puzzles",
        "mine",
        "--games",
        "1",
        "--solve-nodes",
        "2000",
        "--out",
        chess.to_str().unwrap(),
    ]);
    assert!(c.status.success(), "{}", String::from_utf8_lossy(&c.stderr));
    assert!(String::from_utf8_lossy(&c.stderr).contains("miner funnel"));
    std::fs::remove_dir_all(&dir).ok();
}
