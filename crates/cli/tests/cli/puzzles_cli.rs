//! The `tabula` puzzle commands, run as a user would run them.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(args: &[&str]) -> String {
    let out = tabula(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn json(args: &[&str]) -> Value {
    let out = tabula(args);
    let s = String::from_utf8(out.stdout).unwrap();
    serde_json::from_str(s.trim()).unwrap_or_else(|e| panic!("{args:?} printed {s:?}: {e}"))
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn solve_checkmates_prints_minimum_solution_and_rotation() {
    let out = text(&[
        "exact",
        "solve",
        "checkmates",
        "--side",
        "sliding",
        "--board",
        "br./gjg/.rb",
        "--task",
        "g../.../bgr",
    ]);
    assert!(out.contains("minimum: 2 moves"), "{out}");
    assert!(out.contains("solution: "), "{out}");
    assert!(out.contains("meets the task rotated"), "{out}");
    let v = json(&[
        "exact",
        "solve",
        "checkmates",
        "--side",
        "sliding",
        "--board",
        "br./gjg/.rb",
        "--task",
        "g../.../bgr",
        "--json",
    ]);
    assert_eq!(v["moves"], 2);
    assert!([0, 90, 180, 270].contains(&v["rotation"].as_u64().unwrap()));
    assert_eq!(strings(&v["solution"]).len(), 2);
    // the solution reaches the final board it names, which meets the task
    let check = json(&[
        "exact",
        "verify",
        "checkmates",
        "--side",
        "sliding",
        "--board",
        "br./gjg/.rb",
        "--task",
        "g../.../bgr",
        "--bid",
        "2",
        "--moves",
        &strings(&v["solution"]).join(" "),
        "--json",
    ]);
    assert_eq!(check["final_board"], v["final_board"]);
    assert_eq!(check["task_met_rotation"], v["rotation"]);
    assert_eq!(check["verdict"], "success");
}

#[test]
fn a_solved_proof_verifies_and_one_move_less_is_not_enough() {
    let (board, task) = ("Rn./.Kq/QNr", "N.w/b../..Q");
    let v = json(&[
        "exact",
        "solve",
        "checkmates",
        "--side",
        "chess",
        "--board",
        board,
        "--task",
        task,
        "--json",
    ]);
    let n = v["moves"].as_u64().unwrap();
    assert!(n >= 2, "an interesting case: {v}");
    let moves = strings(&v["solution"]).join(" ");
    let verdict = |bid: u64, moves: &str| {
        json(&[
            "exact",
            "verify",
            "checkmates",
            "--side",
            "chess",
            "--board",
            board,
            "--task",
            task,
            "--bid",
            &bid.to_string(),
            "--moves",
            moves,
            "--json",
        ])
    };
    let ok = verdict(n, &moves);
    assert_eq!(ok["verdict"], "success", "{ok}");
    let short = verdict(n - 1, &moves);
    assert_eq!(short["verdict"], "failure");
    assert_eq!(short["moves_used"], n);
    // and no other proof of n - 1 moves or fewer succeeds either: every sequence of legal moves
    // that short is refereed, so the solver's n is the minimum
    use tabula_puzzles::checkmates::{Board, Side};
    let mut proofs: Vec<(Board, Vec<String>)> =
        vec![(Board::parse(Side::Chess, board).unwrap(), Vec::new())];
    let mut tried = 0;
    for length in 0..n {
        let mut longer = Vec::new();
        for (b, proof) in &proofs {
            tried += 1;
            let v = verdict(n - 1, &proof.join(" "));
            assert_eq!(
                v["verdict"], "failure",
                "a {length}-move proof {proof:?}: {v}"
            );
            for mv in b.legal_moves() {
                let mut p = proof.clone();
                p.push(mv.to_string());
                longer.push((b.play(mv).unwrap(), p));
            }
        }
        proofs = longer;
    }
    assert!(tried > 20, "{tried} proofs tried");
}

#[test]
fn unsolvable_tasks_are_said_clearly() {
    let out = text(&[
        "exact",
        "solve",
        "checkmates",
        "--side",
        "chess",
        "--board",
        "RnQ/.K./qNr",
        "--task",
        "RRR/R../...",
    ]);
    assert!(out.contains("unsolvable"), "{out}");
    let v = json(&[
        "exact",
        "solve",
        "checkmates",
        "--side",
        "chess",
        "--board",
        "RnQ/.K./qNr",
        "--task",
        "RRR/R../...",
        "--json",
    ]);
    assert_eq!(v, serde_json::json!({"moves": null, "unsolvable": true}));
}

#[test]
fn bad_input_is_an_error_naming_what_and_where() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "exact",
                "solve",
                "checkmates",
                "--side",
                "sliding",
                "--board",
                "bgr/.x./rbg",
                "--task",
                "b../.../...",
            ],
            "character 6 ('x', square b2)",
        ),
        (
            &[
                "exact",
                "solve",
                "checkmates",
                "--side",
                "diagonal",
                "--board",
                "bgr/.j./rbg",
                "--task",
                "b../.../...",
            ],
            "invalid value 'diagonal' for '--side <SIDE>'",
        ),
        (
            &[
                "exact",
                "solve",
                "checkmates",
                "--side",
                "chess",
                "--board",
                "RnQ/.K./qNr",
                "--task",
                "R.w/.b./Q.z",
            ],
            "character 11 ('z', square c1)",
        ),
        (
            &[
                "exact",
                "solve",
                "checkmates",
                "--side",
                "chess",
                "--board",
                "RnQ/.K./qN",
                "--task",
                "R../.../...",
            ],
            "rank 1 (written 3rd from the top",
        ),
        (
            &[
                "exact",
                "solve",
                "royal",
                "--level",
                "4",
                "--board",
                "K.N/.Q./R.B",
                "--card",
                "K.N/.Q./R.B",
            ],
            "invalid value '4' for '--level <LEVEL>'",
        ),
        (
            &[
                "exact",
                "solve",
                "royal",
                "--level",
                "1",
                "--board",
                "K.N/.Q./RB.",
                "--card",
                "K.N/.Q./R.B",
            ],
            "invalid value 'K.N/.Q./RB.' for '--board <BOARD>': bishop on b1",
        ),
        (
            &[
                "exact",
                "verify",
                "checkmates",
                "--side",
                "sliding",
                "--board",
                "bgr/.j./rbg",
                "--task",
                "b../.../...",
                "--bid",
                "-1",
                "--moves",
                "",
            ],
            "invalid value '-1' for '--bid <BID>'",
        ),
        (
            &[
                "exact",
                "verify",
                "checkmates",
                "--side",
                "sliding",
                "--board",
                "bgr/.j./rbg",
                "--task",
                "b../.../...",
                "--bid",
                "2",
                "--moves",
                "b2-a2 a2a1",
            ],
            "step 2 `a2a1`",
        ),
        (
            &[
                "exact",
                "verify",
                "royal",
                "--level",
                "1",
                "--board",
                "K.N/.Q./R.B",
                "--card",
                "K.N/.Q./R.B",
                "--card2",
                "K.N/.Q./R.B",
                "--bid",
                "2",
                "--moves",
                "turn+",
            ],
            "names its card",
        ),
        (
            &["exact", "deck", "royal", "--seed", "x"],
            "invalid value 'x' for '--seed <SEED>'",
        ),
    ];
    for (args, needle) in cases {
        let out = tabula(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        let mut with_json = args.to_vec();
        with_json.push("--json");
        let v = json(&with_json);
        assert!(v["error"].as_str().unwrap().contains(needle), "{v}");
    }
    let out = tabula(&["exact", "solve"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn solve_royal_single_card_and_bonus() {
    let out = text(&[
        "exact",
        "solve",
        "royal",
        "--level",
        "3",
        "--board",
        "K.N/.Q./R.B",
        "--card",
        "N.K/.Q./B.R",
    ]);
    assert!(
        out.contains("minimum: 1 (0 piece moves + 1 card action)"),
        "{out}"
    );
    assert!(out.contains("plan: mirror-lr"), "{out}");
    let v = json(&[
        "exact",
        "solve",
        "royal",
        "--level",
        "1",
        "--board",
        "K.N/.Q./R.B",
        "--card",
        "N.K/.Q./B.R",
        "--json",
    ]);
    assert!(v["moves"].as_u64().unwrap() > 1);
    assert_eq!(v["card_actions"], 0);
    let v = json(&[
        "exact",
        "solve",
        "royal",
        "--level",
        "2",
        "--board",
        "K.N/.Q./R.B",
        "--card",
        "RQB/..N/..K",
        "--card2",
        "..K/N.R/Q.B",
        "--json",
    ]);
    let first = v["first"].as_u64().unwrap();
    assert!(first == 1 || first == 2);
    let steps = strings(&v["solution"]);
    assert!(
        steps
            .iter()
            .all(|s| !s.starts_with("turn") && !s.starts_with("mirror")),
        "actions name their card: {steps:?}"
    );
    let count = v["moves"].as_u64().unwrap().to_string();
    let check = json(&[
        "exact",
        "verify",
        "royal",
        "--level",
        "2",
        "--board",
        "K.N/.Q./R.B",
        "--card",
        "RQB/..N/..K",
        "--card2",
        "..K/N.R/Q.B",
        "--bid",
        &count,
        "--moves",
        &steps.join(" "),
        "--json",
    ]);
    assert_eq!(check["verdict"], "success", "{check}");
    assert_eq!(check["all_completed"], true);
}

#[test]
fn verify_reports_illegal_moves_and_verdicts() {
    let args = [
        "verify",
        "checkmates",
        "--side",
        "chess",
        "--board",
        "Rn./.Kq/QNr",
        "--task",
        "R../.../...",
        "--bid",
        "3",
    ];
    let mut a = args.to_vec();
    a.extend(["--moves", "a3-a2 c2-a2"]);
    let out = text(&a);
    assert!(out.contains("step 2 `c2-a2` is illegal"), "{out}");
    assert!(out.contains("verdict: failure"), "{out}");
    // zero: the board already meets the task
    let mut z = args.to_vec();
    z[9] = "0";
    z.extend(["--moves", ""]);
    assert!(text(&z).contains("verdict: success"));
    // royal: a challenger needs strictly fewer
    let r = [
        "verify",
        "royal",
        "--level",
        "1",
        "--board",
        "K.N/.Q./R.B",
        "--card",
        ".KN/.Q./R.B",
        "--bid",
        "1",
        "--moves",
        "a3-b3",
    ];
    assert!(text(&r).contains("point goes to the announcer"));
    let mut c = r.to_vec();
    c.push("--challenger");
    let out = text(&c);
    assert!(out.contains("failure (not fewer than announced)"), "{out}");
    let lv = [
        "verify",
        "royal",
        "--level",
        "1",
        "--board",
        "K.N/.Q./R.B",
        "--card",
        "N.K/.Q./B.R",
        "--bid",
        "1",
        "--moves",
        "mirror-lr",
        "--json",
    ];
    let v = json(&lv);
    assert_eq!(v["verdict"], "failure");
    assert!(v["illegal"]["reason"].as_str().unwrap().contains("level 3"));
}

#[test]
fn batch_answers_each_line_in_order_and_survives_bad_lines() {
    let input = r#"{"game":"checkmates","side":"chess","board":"RnQ/.K./qNr","task":"R.w/.b./Q.b"}
{"game":"royal","level":2,"board":"K.N/.Q./R.B","card":"N.K/.Q./B.R"}
this is not json

{"game":"royal","level":1,"board":"K.N/.Q./R.B","card":"N.K/.Q./B.R","card2":".KN/.Q./R.B"}
{"game":"checkmates","side":"sliding","board":"bgr/.j./rbg","task":"bbb/b../..."}
{"game":"chess","board":"x"}
"#;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["exact", "solve", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 6, "{lines:?}");
    assert_eq!(lines[0]["moves"], 0);
    assert!(lines[1]["moves"].as_u64().unwrap() >= 1);
    assert!(
        lines[2]["error"]
            .as_str()
            .unwrap()
            .starts_with("line 3: not a query")
    );
    assert!(lines[3]["first"].is_u64());
    assert_eq!(lines[4]["unsolvable"], true);
    assert!(
        lines[5]["error"]
            .as_str()
            .unwrap()
            .contains("unknown game `chess`")
    );
}

#[test]
fn decks_are_full_valid_and_seeded() {
    let a = json(&["exact", "deck", "checkmates", "--seed", "3", "--json"]);
    let cards = a["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 28);
    for c in cards {
        for side in ["sliding", "chess"] {
            let d = &c[side]["difficulty"];
            assert!(d["max"].as_u64().unwrap() >= 1 && d["mean"].as_f64().unwrap() > 0.0);
        }
    }
    assert_eq!(
        json(&["exact", "deck", "checkmates", "--seed", "3", "--json"]),
        a
    );
    assert_ne!(
        json(&["exact", "deck", "checkmates", "--seed", "4", "--json"]),
        a
    );
    let r = json(&["exact", "deck", "royal", "--json"]);
    assert_eq!(r["cards"].as_array().unwrap().len(), 60);
    assert_eq!(r["transitions"].as_array().unwrap().len(), 59);
    assert!(text(&["exact", "deck", "royal"]).contains("(starting position)"));
    assert!(text(&["exact", "deck", "checkmates"]).contains("sliding task"));
}

#[test]
fn stats_match_independent_counts() {
    let r = json(&["exact", "stats", "royal", "--json"]);
    assert_eq!(r["layouts"], 7560, "RULES.md: 7,560 layouts");
    let pairs: u64 = r["distribution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(
        pairs,
        7560 * 7559,
        "every ordered pair of distinct layouts is connected"
    );
    let diameter = r["diameter"].as_u64().unwrap();
    assert_eq!(
        r["distribution"].as_array().unwrap().len() as u64,
        diameter + 1
    );
    // the example pair really is that far apart
    let [a, b] = [
        r["diameter_example"][0].as_str().unwrap(),
        r["diameter_example"][1].as_str().unwrap(),
    ];
    let v = json(&[
        "exact", "solve", "royal", "--level", "1", "--board", a, "--card", b, "--json",
    ]);
    assert_eq!(v["moves"].as_u64(), Some(diameter));

    let s = json(&[
        "exact",
        "stats",
        "checkmates",
        "--side",
        "sliding",
        "--json",
    ]);
    assert_eq!(
        s["setups"],
        8 * 7 * 6 * 5 * 4 * 3 * 2 / 8,
        "8 holes x 7!/(2!2!2!)"
    );
    assert_eq!(
        s["boards"], s["arrangements"],
        "two holes: every sliding board is reachable"
    );
    let c = json(&["exact", "stats", "checkmates", "--side", "chess", "--json"]);
    assert_eq!(c["setups"], 8 * 5040);
    // boards with a knight on b2 (2 knights x 8!/2! placements of the rest) never arise
    assert_eq!(c["boards"].as_u64().unwrap(), 181_440 - 2 * 40_320 / 2);
    let hardest = &c["hardest_card"];
    let v = json(&[
        "exact",
        "solve",
        "checkmates",
        "--side",
        "chess",
        "--board",
        hardest["worst_setup"].as_str().unwrap(),
        "--task",
        hardest["task"].as_str().unwrap(),
        "--json",
    ]);
    assert_eq!(v["moves"], hardest["max"]);
}
