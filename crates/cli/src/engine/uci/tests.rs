//! The UCI session's answers to good and bad input, and its options.

use super::*;

#[test]
fn a_session_answers_in_memory_and_after_bad_input_still_answers() {
    let mut s = Session::in_memory();
    for line in [
        "position fen not a fen",
        "go depth -5",
        "setoption name Hash value x",
    ] {
        assert!(s.handle(line));
    }
    s.handle("position startpos moves a2a3");
    s.handle("go depth 2");
    s.stop();
    s.handle("isready");
    let out = s.output();
    assert!(out.contains("info string position:"), "{out}");
    assert!(out.contains("no search started"), "{out}");
    assert!(out.contains("is not a number"), "{out}");
    assert!(out.contains("bestmove "), "{out}");
    assert!(out.ends_with("readyok\n"), "{out}");
    assert!(!s.handle("quit"));
}

#[test]
fn use_nnue_switches_the_evaluation_and_refuses_other_words() {
    let mut s = Session::in_memory();
    s.handle("uci");
    assert!(
        s.output()
            .contains("option name UseNNUE type check default")
    );
    s.handle("setoption name UseNNUE value false");
    assert!(!s.state.engine().use_net);
    s.handle("setoption name UseNNUE value true");
    assert!(s.state.engine().use_net);
    s.handle("setoption name UseNNUE value maybe");
    assert!(s.state.engine().use_net, "unchanged");
    assert!(s.output().contains("neither true nor false"));
}

#[test]
fn eval_file_plays_with_a_network_from_disk_and_keeps_it_when_the_next_is_bad() {
    use tabula_chess::engine::nnue::{FloatNetwork, HIDDEN};
    let dir = std::env::temp_dir().join(format!("tabula-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut float = FloatNetwork::zeros(HIDDEN, 1);
    float.made_by = "nnue_train --out flat.nnue gen0.bin\n  data gen0.bin: ...".into();
    let path = dir.join("flat.nnue");
    std::fs::write(&path, float.to_bytes()).unwrap();
    let made_by = |s: &Session| s.state.engine().network().map(|n| n.made_by.clone());
    let built_in = made_by(&Session::in_memory());

    let mut s = Session::in_memory();
    s.handle("uci");
    assert!(
        s.output()
            .contains("option name EvalFile type string default <built-in>")
    );
    s.handle(&format!("setoption name EvalFile value {}", path.display()));
    assert_eq!(made_by(&s).as_deref(), Some(float.made_by.as_str()));
    assert!(
        s.output()
            .contains("loaded (made by: nnue_train --out flat.nnue gen0.bin)")
    );
    // a flat network scores every position 0: the search still plays a legal move
    s.handle("position startpos");
    s.handle("go depth 3");
    s.stop();
    s.handle("isready");
    assert!(s.output().contains("bestmove "), "{}", s.output());
    // a file that is not a network: said, and the loaded one stays
    let bad = dir.join("bad.nnue");
    std::fs::write(&bad, b"not a network").unwrap();
    s.handle(&format!("setoption name EvalFile value {}", bad.display()));
    assert!(
        s.output().contains("info string EvalFile: network file"),
        "{}",
        s.output()
    );
    assert_eq!(made_by(&s).as_deref(), Some(float.made_by.as_str()));
    s.handle("setoption name EvalFile value <built-in>");
    assert_eq!(made_by(&s), built_in);
    std::fs::remove_dir_all(&dir).unwrap();
}
