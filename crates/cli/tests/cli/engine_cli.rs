//! `tabula engine uci`, `tabula engine analyse`, `tabula engine bench` and `tabula engine match`, run as a GUI, a user or
//! a tester would.

use crate::common;

use common::feed;
use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};
use tabula_chess::{AnyPosition, Variant};

fn tabula(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .unwrap()
}

/// Feeds `input` to `tabula engine uci` and returns its output lines.
fn uci(input: &str) -> Vec<String> {
    uci_bytes(input.as_bytes())
}

/// Feeds raw bytes to `tabula engine uci` (which must exit cleanly) and returns its output lines.
fn uci_bytes(input: &[u8]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn bestmove(lines: &[String]) -> String {
    lines
        .iter()
        .rev()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("a bestmove line")
        .split_whitespace()
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn uci_handshake_lists_the_variants_and_options() {
    let lines = uci("uci\nisready\nquit\n");
    assert!(lines[0].starts_with("id name Tabula"));
    let variant = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default quickchess"))
        .expect("UCI_Variant option");
    for v in [
        "var quickchess-fsf",
        "var power-pawns",
        "var chess",
        "var kings-pro",
    ] {
        assert!(variant.contains(v), "{v} missing");
    }
    for o in [
        "option name Hash",
        "option name Skill Level",
        "option name Move Overhead",
    ] {
        assert!(lines.iter().any(|l| l.starts_with(o)), "{o} missing");
    }
    let uciok = lines.iter().position(|l| l == "uciok").unwrap();
    assert_eq!(lines[uciok + 1], "readyok");
}

#[test]
fn uci_plays_legal_moves_in_each_variant_after_a_move_list() {
    for (variant, moves) in [
        ("quickchess-fsf", "c2c3 c5c4"),
        ("quickchess", "a2a3"),
        ("power-pawns", "a2a3 e5e4"),
        ("chess", "e2e4 e7e5 g1f3"),
    ] {
        let lines = uci(&format!(
            "setoption name UCI_Variant value {variant}\nposition startpos moves {moves}\ngo depth 5\n"
        ));
        let mut p = AnyPosition::start(Variant::parse(variant).unwrap());
        for m in moves.split(' ') {
            p = p.play_uci(m).unwrap();
        }
        let best = bestmove(&lines);
        assert!(p.parse_uci(&best).is_ok(), "{variant}: {best} is not legal");
        let info = lines.iter().filter(|l| l.starts_with("info depth")).count();
        assert_eq!(info, 5, "{variant}: one info line per iteration");
        let last = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth 5"))
            .unwrap();
        for field in [" score ", " nodes ", " nps ", " pv "] {
            assert!(last.contains(field), "{last}");
        }
    }
}

#[test]
fn uci_shrugs_off_bad_input() {
    let lines = uci(
        "foo bar\nposition fen not/a/fen w\nposition startpos moves a2a3 zz99\nsetoption name Hash value lots\n\
         setoption name UCI_Variant value nonsense\ngo depth x\ngo depth 3\nisready\n",
    );
    let info: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert!(info.len() >= 5, "{lines:?}");
    assert!(info.iter().any(|l| l.contains("zz99")));
    // the moves before the bad one were kept: after a2a3 it is Black's move
    let best = bestmove(&lines);
    let p = AnyPosition::start(Variant::QUICKCHESS)
        .play_uci("a2a3")
        .unwrap();
    assert!(p.parse_uci(&best).is_ok(), "{best}");
    // `isready` is answered even while the search runs
    assert!(lines.iter().any(|l| l == "readyok"));
}

#[test]
fn uci_answers_a_line_that_is_not_utf8_and_keeps_running() {
    let lines = uci_bytes(b"isready\nposition startpos moves a2a3\xff\nposition startpos moves a2a3\ngo depth 2\nisready\n");
    assert_eq!(lines[0], "readyok");
    assert_eq!(
        lines[1],
        "info string error: input line 2 is not UTF-8 text (byte 29 is not valid here); ignored"
    );
    // the engine went on: the next position and search were answered
    let best = bestmove(&lines);
    let p = AnyPosition::start(Variant::QUICKCHESS)
        .play_uci("a2a3")
        .unwrap();
    assert!(p.parse_uci(&best).is_ok(), "{best}");
}

#[test]
fn uci_refuses_a_go_with_a_bad_depth() {
    let lines = uci("position startpos\ngo depth -5\nisready\n");
    assert_eq!(
        lines,
        [
            "info string error: go depth -5: the depth must be a whole number from 1 to 90; no search started",
            "readyok"
        ]
    );
}

#[test]
fn uci_go_perft_matches_the_reference_table() {
    let lines =
        uci("setoption name UCI_Variant value quickchess-fsf\nposition startpos\ngo perft 4\n");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 2679");
    let divided: u64 = lines
        .iter()
        .filter_map(|l| l.split_once(": ").filter(|(m, _)| m.len() == 4))
        .map(|(_, n)| n.parse::<u64>().unwrap())
        .sum();
    assert_eq!(divided, 2679);
}

#[test]
fn uci_stop_ends_an_infinite_search_with_a_move() {
    let lines = uci("position startpos\ngo infinite\nisready\nstop\nquit\n");
    assert!(lines.iter().any(|l| l == "readyok"));
    let best = bestmove(&lines);
    assert!(
        AnyPosition::start(Variant::QUICKCHESS)
            .parse_uci(&best)
            .is_ok()
    );
}

#[test]
fn a_fixed_node_search_gives_the_same_move_every_time() {
    let a = uci("position startpos moves a2a3 e5e4\ngo nodes 30000\n");
    let b = uci("position startpos moves a2a3 e5e4\ngo nodes 30000\n");
    assert_eq!(bestmove(&a), bestmove(&b));
    let last_info = |l: &[String]| {
        l.iter()
            .rev()
            .find(|x| x.starts_with("info depth"))
            .cloned()
    };
    let strip_time = |s: Option<String>| {
        s.map(|s| s.split(" nps ").next().unwrap().to_string() + s.split(" pv ").nth(1).unwrap())
    };
    assert_eq!(strip_time(last_info(&a)), strip_time(last_info(&b)));
}

#[test]
fn analyse_gives_a_legal_line_and_a_mate_score() {
    let out = tabula(&[
        "engine",
        "analyse",
        "--variant",
        "quickchess",
        "--fen",
        "k4/2K2/5/5/5/4Q w - - 0 1",
        "--depth",
        "4",
        "--json",
    ]);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["score"]["mate"], 1);
    let text = tabula(&[
        "engine",
        "analyse",
        "--fen",
        "k4/2K2/5/5/5/4Q w - - 0 1",
        "--depth",
        "4",
    ]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("White mates in 1"), "{text}");
    let bad = tabula(&[
        "engine",
        "analyse",
        "--fen",
        "k4/2K2/5/5/5/4Q w - - 0 1",
        "--depth",
        "0",
    ]);
    assert_eq!(bad.status.code(), Some(2));
}

/// The engine's signature: the nodes `tabula engine bench` searches at depth 10. It changes when, and
/// only when, the search or the embedded network changes; a change made on purpose updates this
/// figure and the depth-13 one in BENCHMARKS.md together (both printed by `tabula engine bench --depth
/// N`).
const BENCH_DEPTH_10_NODES: u64 = 572_428;

/// The same with the hand-written evaluation everywhere (`--eval hand`): it moves with the
/// search and the hand-written evaluation only, not with a new network.
const BENCH_DEPTH_10_NODES_HAND: u64 = 615_739;

#[test]
fn bench_signature_at_depth_10_is_pinned() {
    for (args, expected) in [
        (
            &["engine", "bench", "--depth", "10", "--json"][..],
            BENCH_DEPTH_10_NODES,
        ),
        (
            &[
                "engine", "bench", "--depth", "10", "--eval", "hand", "--json",
            ][..],
            BENCH_DEPTH_10_NODES_HAND,
        ),
    ] {
        let out = tabula(args);
        assert!(out.status.success());
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["positions"].as_array().unwrap().len(), 12);
        assert_eq!(
            v["nodes"].as_u64().unwrap(),
            expected,
            "`tabula {}`: the search changed: if on purpose, update the pinned figure and \
             BENCHMARKS.md's depth-13 figure (`tabula engine bench`) together",
            args.join(" ")
        );
    }
}

fn match_json(out: &std::process::Output) -> Value {
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(text.lines().last().unwrap()).unwrap()
}

#[test]
fn match_plays_both_colours_and_writes_pgn() {
    let dir = std::env::temp_dir().join(format!("tabula-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    let openings = dir.join("openings.txt");
    std::fs::write(
        &openings,
        "# two openings\nc2c3 c5c4\nnqkbr/ppppp/5/2P2/PP1PP/NQKBR b - - 0 1\n",
    )
    .unwrap();
    let me = format!("{} uci", env!("CARGO_BIN_EXE_tabula"));
    let out = tabula(&[
        "engine",
        "match",
        "--engine1",
        &me,
        "--engine2",
        &me,
        "--option2",
        "Skill Level=0",
        "--variant",
        "quickchess-fsf",
        "--games",
        "4",
        "--tc",
        "20",
        "--openings",
        openings.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
        "--max-plies",
        "120",
    ]);
    let v = match_json(&out);
    assert_eq!(v["games"], 4);
    let (w, l, d) = (
        v["wins"].as_u64().unwrap(),
        v["losses"].as_u64().unwrap(),
        v["draws"].as_u64().unwrap(),
    );
    assert_eq!(w + l + d, 4);
    let score = v["score"].as_f64().unwrap();
    assert!((score - (w as f64 + d as f64 / 2.0) / 4.0).abs() < 1e-9);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Variant \"quickchess-fsf\"]").count(), 4);
    assert_eq!(
        text.matches("[FEN \"nqkbr/ppppp/5/2P2/PP1PP/NQKBR b - - 0 1\"]")
            .count(),
        2
    );
    // each opening once with each colour: engine 1 is White in games 1 and 3
    let whites: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("[White \""))
        .collect();
    assert_eq!(whites.len(), 4);
    assert_eq!(whites[0], whites[2]);
    assert_ne!(whites[0], whites[1]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn match_with_a_clock_sends_each_engine_the_time_left() {
    // engine 1's input is copied to a log (the command line runs in sh), so we see the `go`
    // commands the match sends under --tc 2+0.1
    let dir = std::env::temp_dir().join(format!("tabula-tc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("engine1.log");
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "c2c3 c5c4\n").unwrap();
    let me = format!("{} uci", env!("CARGO_BIN_EXE_tabula"));
    let logged = format!("tee -a {} | {me}", log.display());
    let out = tabula(&[
        "engine",
        "match",
        "--engine1",
        &logged,
        "--engine2",
        &me,
        "--variant",
        "quickchess-fsf",
        "--games",
        "2",
        "--tc",
        "2+0.1",
        "--openings",
        openings.to_str().unwrap(),
        "--max-plies",
        "12",
    ]);
    let v = match_json(&out);
    assert_eq!(v["games"], 2);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("loses on time"), "{text}");
    let sent = std::fs::read_to_string(&log).unwrap();
    let gos: Vec<Vec<u64>> = sent
        .lines()
        .filter_map(|l| l.strip_prefix("go "))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(
                [w[0], w[2], w[4], w[5], w[6], w[7]],
                ["wtime", "btime", "winc", "100", "binc", "100"],
                "{l}"
            );
            vec![w[1].parse().unwrap(), w[3].parse().unwrap()]
        })
        .collect();
    // six moves a game for engine 1 (twelve plies), every one with both clocks
    assert_eq!(gos.len(), 12, "{sent}");
    // each game starts with two full clocks (engine 1 moves first in game 1); then the time
    // each side used is taken off and the increment added, so no clock exceeds 2 s plus its
    // increments, and the clocks do go down
    assert_eq!(gos[0], [2000, 2000]);
    for (i, g) in gos.iter().enumerate() {
        for &clock in g {
            assert!(
                clock > 0 && clock <= 2000 + 100 * (i as u64 % 6 + 1),
                "{i}: {g:?}"
            );
        }
    }
    assert!(gos.iter().any(|g| g[0] < 2000 || g[1] < 2000), "{gos:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn match_gives_each_engine_its_own_time_with_tc1_and_tc2() {
    // both engines' input copied to logs: engine 1 is sent --tc's 60 ms, engine 2 its --tc2
    let dir = std::env::temp_dir().join(format!("tabula-tc2-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "c2c3 c5c4\n").unwrap();
    let me = format!("{} uci", env!("CARGO_BIN_EXE_tabula"));
    let logged = |n: u32| {
        format!(
            "tee -a {} | {me}",
            dir.join(format!("engine{n}.log")).display()
        )
    };
    let out = tabula(&[
        "engine",
        "match",
        "--engine1",
        &logged(1),
        "--engine2",
        &logged(2),
        "--variant",
        "quickchess-fsf",
        "--games",
        "2",
        "--tc",
        "60",
        "--tc2",
        "180",
        "--openings",
        openings.to_str().unwrap(),
        "--max-plies",
        "8",
    ]);
    assert_eq!(match_json(&out)["games"], 2);
    for (n, ms) in [(1, 60), (2, 180)] {
        let sent = std::fs::read_to_string(dir.join(format!("engine{n}.log"))).unwrap();
        let gos: Vec<&str> = sent.lines().filter(|l| l.starts_with("go ")).collect();
        // four moves a game for each engine, with either colour
        assert_eq!(gos.len(), 8, "engine {n}: {sent}");
        assert!(
            gos.iter().all(|g| *g == format!("go movetime {ms}")),
            "engine {n}: {gos:?}"
        );
    }
    // a time per move against a clock is refused, naming both flags
    let out = tabula(&[
        "engine",
        "match",
        "--engine1",
        &me,
        "--engine2",
        &me,
        "--tc",
        "100",
        "--tc2",
        "10+0.1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--tc1 and --tc2"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn match_rejects_bad_arguments_with_a_clear_error() {
    let me = format!("{} uci", env!("CARGO_BIN_EXE_tabula"));
    for (flag, value, expect) in [
        ("--tc", "fast", "invalid value 'fast' for '--tc <TC>'"),
        ("--games", "0", "invalid value '0' for '--games <GAMES>'"),
        ("--variant", "checkers", "unknown variant `checkers`"),
        ("--option1", "Hash", "`Hash` is not NAME=VALUE"),
    ] {
        let out = tabula(&[
            "engine",
            "match",
            "--engine1",
            &me,
            "--engine2",
            &me,
            flag,
            value,
        ]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expect), "{err}");
    }
    let out = tabula(&[
        "engine",
        "match",
        "--engine1",
        "/nonexistent/engine",
        "--engine2",
        &me,
        "--games",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn match_against_fairy_stockfish_uses_its_quickchess() {
    let fsf = "/usr/games/fairy-stockfish";
    assert!(
        std::path::Path::new(fsf).exists(),
        "Debian's fairy-stockfish is needed (scripts/test.sh installs it)"
    );
    let ini = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../chess/tests/data/variants.ini"
    );
    let me = format!("{} uci", env!("CARGO_BIN_EXE_tabula"));
    let out = tabula(&[
        "engine",
        "match",
        "--engine1",
        &me,
        "--engine2",
        fsf,
        "--option2",
        &format!("VariantPath={ini}"),
        "--option2",
        "UCI_Variant=quickchess",
        "--games",
        "2",
        "--tc",
        "30",
    ]);
    let v = match_json(&out);
    assert_eq!(v["games"], 2);
    let text = String::from_utf8_lossy(&out.stdout);
    // no game may end by an illegal move or a crash: both engines play the same rules
    assert!(
        !text.contains("illegal move") && !text.contains("exited"),
        "{text}"
    );
}

#[test]
fn play_quickchess_against_the_computer_in_the_terminal() {
    let text = feed(
        &["play", "quickchess", "--level", "2", "--seed", "3"],
        "e2e3\nzz\nd3\nresign\n",
    );
    assert!(text.contains("You (white): e3"), "{text}");
    assert!(text.contains("Computer (black, level 2): "), "{text}");
    assert!(text.contains("Not played: `zz`"), "{text}");
    assert!(
        text.contains("Game over: Black wins: by resignation"),
        "{text}"
    );
    let bad = tabula(&["play", "quickchess", "--level", "9"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn review_marks_the_move_that_allows_mate_a_blunder_and_finds_the_mate() {
    let out = tabula(&[
        "engine",
        "review",
        "--variant",
        "chess",
        "--moves",
        "f2f3 e7e5 g2g4 d8h4",
        "--nodes",
        "20000",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let moves = r["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    assert_eq!(moves[2]["san"], "g4");
    assert_eq!(moves[2]["class"], "blunder");
    assert_eq!(
        moves[2]["eval"],
        serde_json::json!({"mate": -1}),
        "Black mates in one"
    );
    assert_eq!(
        moves[3]["best"], "d8h4",
        "the refutation is the engine's choice"
    );
    assert_eq!(moves[3]["class"], serde_json::Value::Null);
    assert_eq!(moves[3]["end"], "0-1");
    assert!(r["accuracy"]["white"].as_f64() < r["accuracy"]["black"].as_f64());
    assert_eq!(r["marks"]["white"]["blunder"], 1);
    // a move that is not legal is named, with the bad-input status
    let bad = tabula(&[
        "engine",
        "review",
        "--variant",
        "chess",
        "--moves",
        "e2e4 e7e4",
        "--json",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stdout).contains("move 2 `e7e4`"));
}

#[test]
fn review_reads_a_game_from_a_pgn_file() {
    let dir = std::env::temp_dir().join(format!("tabula-review-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.pgn");
    // two games; the second is a QuickChess game, written with move numbers, a comment, a
    // variation and a NAG as other programs write them
    std::fs::write(
        &file,
        "[Event \"one\"]\n\n1. e4 e5 *\n\n[Event \"two\"]\n[Variant \"quickchess\"]\n\n\
         1. b3 {a quiet start} d4 (1... b4) 2. Kb2 $2 *\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let out = tabula(&[
        "engine", "review", "--pgn", path, "--game", "2", "--nodes", "2000", "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let uci: Vec<&str> = r["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uci"].as_str().unwrap())
        .collect();
    assert_eq!(uci, ["b2b3", "d5d4", "c1b2"]);
    // a game the file does not hold, and a move that is not legal, are named
    let out = tabula(&["engine", "review", "--pgn", path, "--game", "3", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).contains("holds 2 game(s)"));
    std::fs::write(&file, "1. e4 e5 2. Ke3 *\n").unwrap();
    let out = tabula(&["engine", "review", "--pgn", path, "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("game 1, line 1") && said.contains("`Ke3`"),
        "{said}"
    );
    // --pgn and --moves are one or the other
    let out = tabula(&["engine", "review", "--pgn", path, "--moves", "e2e4"]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_engine_s_own_game_reviews_as_accurate() {
    // a game of the engine against itself at full strength (BENCHMARKS.md, "Reviews")
    let pgn = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/selfplay.pgn");
    let out = tabula(&[
        "engine", "review", "--pgn", pgn, "--nodes", "20000", "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["moves"].as_array().unwrap().len(), 76);
    for side in ["white", "black"] {
        let a = r["accuracy"][side].as_f64().unwrap();
        assert!(a > 80.0, "{side}: {a}");
        assert_eq!(r["marks"][side]["blunder"], 0, "{side}");
    }
}
