use super::check::judge;
use super::themes::themes_of;
use super::*;
use crate::AnyPosition;

fn quickchess() -> Variant {
    Variant::parse("quickchess").unwrap()
}

fn moves_of(p: &AnyPosition, ucis: &[&str]) -> Vec<crate::Move> {
    let mut p = *p;
    ucis.iter()
        .map(|u| {
            let m = p.parse_uci(u).unwrap();
            p = p.play_unchecked(m);
            m
        })
        .collect()
}

/// Black king a6; White king a4 and queen b1: Qb5 mates (and other moves may too).
const MATE_IN_ONE: &str = "k4/5/K4/5/5/1Q3 w - - 0 1";
/// A knight on b3 forks the king on a6 and the queen on e6 from c5 (the pawn on c2 makes
/// the knight's win a win: a lone knight would only hold the draw).
const FORK: &str = "k3q/5/5/1N3/2P2/K4 w - - 0 1";

fn mate_puzzle() -> Puzzle {
    Puzzle {
        id: Puzzle::id_of(MATE_IN_ONE, "b1b5"),
        fen: MATE_IN_ONE.into(),
        last: None,
        moves: vec!["b1b5".into()],
        rating: 900,
        themes: vec![Theme::MateIn1, Theme::Endgame],
    }
}

#[test]
fn a_puzzle_line_round_trips_and_a_bad_one_names_its_line_and_field() {
    let p = mate_puzzle();
    let text = p.to_string();
    assert_eq!(Puzzle::parse_line(quickchess(), &text, 1), Ok(p.clone()));
    let set = format!(
        "# a comment\n\n{text}\n{}\n",
        text.replace("b1b5", "b1b2 a6a5")
    );
    let e = Puzzle::parse_set(quickchess(), &set).unwrap_err();
    assert_eq!(e.line, 4, "{e}");
    assert!(e.to_string().contains("odd number"), "{e}");
    let e = Puzzle::parse_line(quickchess(), &text.replace("b1b5", "b1b7"), 3).unwrap_err();
    assert!(
        e.to_string().starts_with("puzzle line 3: move `b1b7`"),
        "{e}"
    );
    let e =
        Puzzle::parse_line(quickchess(), &text.replace("mate-in-1", "mate-in-9"), 2).unwrap_err();
    assert!(e.to_string().contains("unknown theme `mate-in-9`"), "{e}");
    // the id depends on the board, the side and the first move, not the move counters
    assert_eq!(
        Puzzle::id_of("k4/5/K4/5/5/1Q3 w - - 7 30", "b1b5"),
        Puzzle::id_of(MATE_IN_ONE, "b1b5")
    );
    assert_ne!(
        Puzzle::id_of(MATE_IN_ONE, "b1b4"),
        Puzzle::id_of(MATE_IN_ONE, "b1b5")
    );
}

#[test]
fn any_mate_solves_a_mating_puzzle_and_nothing_else_does() {
    let p = mate_puzzle();
    let pos = AnyPosition::from_fen(quickchess(), MATE_IN_ONE).unwrap();
    let mut mates = 0;
    for m in pos.legal_moves() {
        let after = pos.play_unchecked(m);
        let mating = after.is_check() && after.legal_moves().is_empty();
        let verdict = judge(quickchess(), &p, &[pos.uci(&m)]).unwrap();
        if mating {
            mates += 1;
            assert_eq!(verdict, Verdict::Solved, "{}", pos.uci(&m));
        } else {
            assert_eq!(
                verdict,
                Verdict::Wrong {
                    at: 0,
                    expected: "b1b5".into()
                },
                "{}",
                pos.uci(&m)
            );
        }
    }
    assert!(mates >= 1);
    assert_eq!(judge(quickchess(), &p, &[]), Err(Attempt::Empty));
    assert!(matches!(
        judge(quickchess(), &p, &["b1b5".into(), "a6a5".into()]),
        Err(Attempt::TooMany {
            sent: 2,
            expected: 1
        })
    ));
    assert!(matches!(
        judge(quickchess(), &p, &["b1b7".into()]),
        Err(Attempt::Illegal { at: 0, .. })
    ));
}

#[test]
fn a_longer_line_answers_with_the_reply_then_solves() {
    let p = Puzzle {
        id: "x".into(),
        fen: FORK.into(),
        last: None,
        moves: vec!["b3c5".into(), "a6b6".into(), "c5e6".into()],
        rating: 1000,
        themes: vec![Theme::Fork],
    };
    assert_eq!(
        judge(quickchess(), &p, &["b3c5".into()]),
        Ok(Verdict::Continue {
            reply: "a6b6".into()
        })
    );
    assert_eq!(
        judge(quickchess(), &p, &["b3c5".into(), "c5e6".into()]),
        Ok(Verdict::Solved)
    );
    assert_eq!(
        judge(quickchess(), &p, &["b3c5".into(), "c5a4".into()]),
        Ok(Verdict::Wrong {
            at: 1,
            expected: "c5e6".into()
        })
    );
}

#[test]
fn themes_are_found_by_their_rules() {
    let v = quickchess();
    let mate = AnyPosition::from_fen(v, MATE_IN_ONE).unwrap();
    let t = themes_of(&mate, &moves_of(&mate, &["b1b5"]), false);
    assert_eq!(t, vec![Theme::MateIn1, Theme::Endgame]);
    let fork = AnyPosition::from_fen(v, FORK).unwrap();
    let t = themes_of(&fork, &moves_of(&fork, &["b3c5", "a6b6", "c5e6"]), false);
    assert!(
        t.contains(&Theme::Fork) && t.contains(&Theme::Advantage),
        "{t:?}"
    );
    // a rook takes a knight nothing defends
    let hanging = AnyPosition::from_fen(v, "k4/5/5/4n/5/K3R w - - 0 1").unwrap();
    let t = themes_of(&hanging, &moves_of(&hanging, &["e1e3"]), false);
    assert!(t.contains(&Theme::HangingPiece), "{t:?}");
    // the same knight defended by a pawn is not hanging
    let defended = AnyPosition::from_fen(v, "k4/5/3p1/4n/5/K3R w - - 0 1").unwrap();
    let t = themes_of(&defended, &moves_of(&defended, &["e1e3"]), false);
    assert!(!t.contains(&Theme::HangingPiece), "{t:?}");
    // a pawn rescues the captured rook
    let rescue = AnyPosition::from_fen(v, "k4/2P2/5/5/5/K4 w - - 0 1").unwrap();
    let t = themes_of(&rescue, &moves_of(&rescue, &["c5c6r"]), false);
    assert!(
        t.contains(&Theme::Promotion) && t.contains(&Theme::Rescue),
        "{t:?}"
    );
    let t = themes_of(&rescue, &moves_of(&rescue, &["a1b1"]), true);
    assert_eq!(t[0], Theme::Defence);
    for theme in themes::ALL {
        assert_eq!(theme.name().parse::<Theme>(), Ok(theme));
    }
}

/// Small budgets: the tests run unoptimised.
fn small() -> MinerSettings {
    MinerSettings {
        screen_nodes: 4_000,
        solve_nodes: 30_000,
        sweep_nodes: 2_000,
        recheck: 2,
        max_solver_moves: 3,
    }
}

#[test]
fn the_miner_finds_the_fork_and_follows_it_to_the_queen() {
    let mut miner = Miner::new(quickchess(), small());
    let pos = AnyPosition::from_fen(quickchess(), FORK).unwrap();
    let p = miner.puzzle_at(&pos, &[], None).expect("a puzzle");
    assert_eq!(p.moves[0], "b3c5", "{p}");
    assert!(p.moves.len() >= 3 && p.moves[2] == "c5e6", "{p}");
    assert!(p.themes.contains(&Theme::Fork), "{p}");
    assert!(p.themes.contains(&Theme::Advantage), "{p}");
    assert!((800..=2_300).contains(&p.rating), "{p}");
    // confirmed again by a deeper search, and a quiet equal position is no puzzle
    assert_eq!(miner.check_with(&p, small().deeper(2), 0.0), Ok(()));
    let start = AnyPosition::start(quickchess());
    assert_eq!(miner.puzzle_at(&start, &[], None), None);
}

#[test]
fn a_queen_walking_into_a_fork_in_a_game_becomes_the_other_side_s_puzzle() {
    // Black, a queen up, plays Qe4-e6??, and the knight's fork from c5 wins the queen back
    let v = quickchess();
    let start = AnyPosition::from_fen(v, "k4/5/4q/1N3/2P2/K4 b - - 0 1").unwrap();
    let game = moves_of(&start, &["e4e6"]);
    let mut miner = Miner::new(v, small());
    let found = miner.mine_game(&start, &game);
    let after = start.play_unchecked(game[0]);
    let fork = found
        .iter()
        .find(|p| p.fen == after.fen())
        .unwrap_or_else(|| panic!("the fork is found: {found:?}"));
    assert_eq!(fork.moves[0], "b3c5");
    assert_eq!(fork.last.as_deref(), Some("e4e6"));
    for p in &found {
        assert_eq!(Puzzle::parse_line(v, &p.to_string(), 1).as_ref(), Ok(p));
    }
}

#[test]
fn the_starter_set_is_whole_unique_and_a_sample_holds_at_a_deeper_search() {
    let set = Puzzle::parse_set(quickchess(), STARTER_QUICKCHESS).unwrap();
    assert_eq!(starter().len(), set.len());
    let mut ids: Vec<&str> = set.iter().map(|p| p.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), set.len(), "ids are unique");
    let mut boards: Vec<String> = set
        .iter()
        .map(|p| p.fen.split(' ').take(2).collect::<Vec<_>>().join(" "))
        .collect();
    boards.sort_unstable();
    boards.dedup();
    assert_eq!(boards.len(), set.len(), "one puzzle a position");
    for p in &set {
        assert_eq!(p.id, Puzzle::id_of(&p.fen, &p.moves[0]), "{p}");
        assert!(!p.themes.is_empty(), "{p}");
    }
    // a sample checked at three times the miner's default budgets, deeper than its own
    // confirmation at twice, the best move's lead allowed 5 points short of the miner's 30 (every puzzle: the ignored test below, `scripts/test.sh --full`)
    let sample: Vec<&Puzzle> = set.iter().step_by((set.len() / 3).max(1)).take(3).collect();
    check_deeper(&sample);
}

fn check_deeper(puzzles: &[&Puzzle]) {
    let mut miner = Miner::new(quickchess(), MinerSettings::default());
    for p in puzzles {
        assert_eq!(
            miner.check_with(
                p,
                MinerSettings::default().deeper(SHIPPED_CHECK_FACTOR),
                SHIPPED_CHECK_SLACK
            ),
            Ok(()),
            "{p}"
        );
    }
}

#[test]
#[ignore = "every shipped puzzle at a deeper search: minutes; scripts/test.sh --full"]
fn every_shipped_puzzle_holds_at_a_deeper_search() {
    let set = starter();
    check_deeper(&set.iter().collect::<Vec<_>>());
}
