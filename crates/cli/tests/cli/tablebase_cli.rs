//! `tabula exact tb` as a user runs it: build tables into a directory, check them, probe positions
//! (text and the JSON line), and `tabula engine analyse` giving the exact mate distance.

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

fn tabula(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .unwrap()
}

/// A fresh directory under the target directory for this test's tables.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn generate_verify_and_probe_through_files() {
    let dir = scratch("tables-krk");
    let d = dir.to_str().unwrap();
    let out = tabula(&[
        "exact", "tb", "generate", "KRvK", "--rules", "rescue", "--dir", d,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("KRvK") && text.contains("longest mate  22 plies"),
        "{text}"
    );
    for file in ["KvK.tbl", "KRvK.tbl"] {
        assert!(dir.join(file).exists(), "{file}");
    }
    // built again: nothing to do
    let again = String::from_utf8(
        tabula(&[
            "exact", "tb", "generate", "KRvK", "--rules", "rescue", "--dir", d,
        ])
        .stdout,
    )
    .unwrap();
    assert!(again.contains("already in"), "{again}");
    let verify = tabula(&[
        "exact", "tb", "verify", "KRvK", "--rules", "rescue", "--dir", d,
    ]);
    assert!(verify.status.success());
    assert!(
        String::from_utf8(verify.stdout)
            .unwrap()
            .contains("all 32844 positions agree")
    );
    // the probe reads the file and answers with the shortest mate
    let out = tabula(&[
        "exact",
        "tb",
        "probe",
        "--variant",
        "quickchess",
        "--fen",
        "5/5/2R2/5/K3k/5 w - - 0 1",
        "--dir",
        d,
        "--json",
    ]);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"wdl": "win", "dtm": 6, "best": "a2b2"})
    );
    // the side that is mated: a loss, the winner's moves counted
    let out = tabula(&[
        "exact",
        "tb",
        "probe",
        "--fen",
        "5/5/2R2/5/1K2k/5 b - - 1 1",
        "--dir",
        d,
        "--json",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["wdl"], "loss");
    assert_eq!(v["dtm"], 5);
    // a damaged file is refused with its name
    let path = dir.join("KRvK.tbl");
    let mut bytes = std::fs::read(&path).unwrap();
    let n = bytes.len();
    bytes[n - 3] ^= 0x11;
    std::fs::write(&path, bytes).unwrap();
    let out = tabula(&[
        "exact",
        "tb",
        "probe",
        "--fen",
        "5/5/2R2/5/K3k/5 w - - 0 1",
        "--dir",
        d,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("KRvK.tbl"));
}

#[test]
fn probe_builds_small_tables_in_memory_and_refuses_what_they_do_not_cover() {
    let dir = scratch("tables-none");
    let d = dir.to_str().unwrap();
    // a draw: king and knight cannot mate
    let out = tabula(&[
        "exact",
        "tb",
        "probe",
        "--fen",
        "5/2k2/5/5/1NK2/5 w - - 0 1",
        "--dir",
        d,
        "--json",
    ]);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["wdl"], "draw");
    assert_eq!(v["dtm"], Value::Null);
    // lesson games have no check, so no tables
    let out = tabula(&[
        "exact",
        "tb",
        "probe",
        "--variant",
        "power-pawns",
        "--fen",
        "5/p3p/P4/5/5/5 w - - 0 1",
        "--dir",
        d,
    ]);
    assert_eq!(out.status.code(), Some(2));
    // more than four pieces without a stored table
    let out = tabula(&[
        "exact",
        "tb",
        "probe",
        "--fen",
        "1b3/4k/5/1P3/2K2/R4 b - - 0 1",
        "--dir",
        d,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("tabula exact tb generate KRPvKB"));
    let bad = tabula(&["exact", "tb", "generate", "KXvK", "--dir", d]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn analyse_reports_the_shortest_mate_from_the_tables() {
    let dir = scratch("tables-analyse");
    let out = tabula(&[
        "engine",
        "analyse",
        "--fen",
        "5/5/2R2/5/K3k/5 w - - 0 1",
        "--depth",
        "8",
        "--tablebases",
        dir.to_str().unwrap(),
        "--json",
    ]);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["score"]["mate"], 6);
    assert_eq!(v["best"], "a2b2");
    assert_eq!(v["tablebase"]["dtm"], 6);
    // the line is the tables' perfect play, to the mate
    assert_eq!(v["pv"].as_array().unwrap().len(), 11);
}
