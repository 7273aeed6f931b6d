//! `tabula exact solve quickchess --work-dir` and `tabula exact verify quickchess --work-dir`: the disk
//! solver's results, a kill -9 and `--resume`, the memory cap, and the check of every code.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Three files of pawns and the kings (about 11 million positions, a few seconds).
const GAME: [&str; 4] = [
    "--variant",
    "kings-conquest",
    "--fen",
    "2k2/1ppp1/5/5/1PPP1/2K2 w - - 0 1",
];

fn tabula(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .unwrap()
}

fn fresh(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn solve(dir: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["exact", "solve", "quickchess"];
    args.extend(GAME);
    args.extend(["--work-dir", dir.to_str().unwrap(), "--json"]);
    args.extend(extra);
    tabula(&args)
}

/// `tabula exact verify quickchess --work-dir`'s answer, which must be a success.
fn checked(dir: &Path, extra: &[&str]) -> Value {
    let mut args = vec![
        "exact",
        "verify",
        "quickchess",
        "--work-dir",
        dir.to_str().unwrap(),
        "--json",
    ];
    args.extend(extra);
    let out = tabula(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Every file of a finished work directory's values, by name.
fn values(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir.join("values"))
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn a_solve_killed_midway_resumes_to_the_same_codes() {
    let whole = fresh("disk-whole");
    let out = solve(&whole, &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    // the distance-keeping solver's value and counts (docs/engine.md's three-file row)
    assert_eq!(v["value"], "draw");
    assert!(v["positions"].as_u64().unwrap() > 11_000_000, "{v}");
    // a used directory is refused without --resume
    let again = solve(&whole, &[]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stdout).contains("--resume"));

    // the same solve, killed once some levels are solved
    let cut = fresh("disk-cut");
    let mut args = vec!["exact", "solve", "quickchess"];
    args.extend(GAME);
    args.extend(["--work-dir", cut.to_str().unwrap(), "--threads", "1"]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let begun = Instant::now();
    let solved_levels = |d: &Path| {
        std::fs::read_dir(d.join("values")).map_or(0, |r| {
            r.filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.file_name().to_string_lossy().ends_with(".bin"))
            })
            .count()
        })
    };
    while solved_levels(&cut) < 20 {
        assert!(begun.elapsed() < Duration::from_secs(120), "no progress");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let levels = solved_levels(&cut);
    let out = solve(&cut, &["--resume"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let resumed: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(resumed["value"], v["value"]);
    assert_eq!(resumed["positions"], v["positions"]);
    assert_eq!(resumed["slices"], v["slices"]);
    assert_eq!(values(&cut), values(&whole), "killed after {levels} levels");

    // every code holds against the move generator; a changed code does not
    let c = checked(&whole, &[]);
    assert_eq!(c["verified"], true);
    assert_eq!(c["positions"], v["positions"]);
    // a check resumed after its end counts every level's marker: the same total
    let again = checked(&whole, &["--resume"]);
    assert_eq!(again["positions"], v["positions"]);
    // a marker without its level, or whose level's values changed, does not count
    let marks = whole.join("checked");
    let first = std::fs::read_dir(&marks)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    std::fs::remove_file(&first).unwrap();
    assert_eq!(checked(&whole, &["--resume"])["positions"], v["positions"]);
    assert!(first.exists(), "the level is checked again and marked");
    assert_eq!(checked(&cut, &[])["positions"], v["positions"]);
    let (name, mut bytes) = values(&cut)
        .into_iter()
        .filter(|(n, _)| n.ends_with(".bin"))
        .max_by_key(|(_, b)| b.len())
        .unwrap();
    let at = bytes
        .iter()
        .position(|&b| b & 3 == 1)
        .expect("a draw somewhere");
    bytes[at] = (bytes[at] & !3) | 2; // a draw called a win
    std::fs::write(cut.join("values").join(&name), bytes).unwrap();
    for extra in [&["--resume"][..], &[]] {
        let mut args = vec![
            "exact",
            "verify",
            "quickchess",
            "--work-dir",
            cut.to_str().unwrap(),
        ];
        args.extend(extra);
        let check = tabula(&args);
        assert_eq!(
            check.status.code(),
            Some(2),
            "a changed code passed {extra:?}"
        );
        assert!(String::from_utf8_lossy(&check.stderr).contains("win"));
    }
}

#[test]
fn the_memory_cap_is_kept_or_the_solve_says_why_it_stops() {
    let dir = fresh("disk-cap");
    let out = solve(&dir, &["--memory-cap", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stdout);
    assert!(err.contains("above the memory cap of 1.0 MB"), "{err}");
    let out = solve(&dir, &["--memory-cap", "64", "--resume"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"], "draw");
}

#[test]
fn the_disk_solver_takes_only_the_games_it_can_solve() {
    for (variant, why) in [
        ("pawn-blasters", "no double steps"),
        ("rescue-the-queen", "no double steps"),
        ("quickchess", "no double steps"),
    ] {
        let dir = fresh(&format!("disk-{variant}"));
        let out = tabula(&[
            "exact",
            "solve",
            "quickchess",
            "--variant",
            variant,
            "--work-dir",
            dir.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(2), "{variant}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(why), "{variant}: {err}");
    }
}

/// The full run (`scripts/test.sh --full`): four files of kings-conquest solved on disk and
/// every code checked; the value and sizes are those the distance-keeping solver found
/// (docs/engine.md: a draw, 2.8 M slices, 220 M positions; the listing holds 534 slices more).
#[test]
#[ignore = "minutes: the full run"]
fn four_files_of_kings_conquest_solved_on_disk_and_every_code_checked() {
    let dir = fresh("disk-four-files");
    let out = tabula(&[
        "exact",
        "solve",
        "quickchess",
        "--variant",
        "kings-conquest",
        "--fen",
        "2k2/pppp1/5/5/PPPP1/2K2 w - - 0 1",
        "--work-dir",
        dir.to_str().unwrap(),
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"], "draw");
    assert_eq!(v["slices"], 2_803_550);
    assert_eq!(v["positions"], 219_855_862u64);
    let c = checked(&dir, &[]);
    assert_eq!(c["positions"], 219_855_862u64);
    let _ = std::fs::remove_dir_all(&dir);
}
