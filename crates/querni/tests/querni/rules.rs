//! Every rule of RULES.md section 3 on hand-built positions.

use crate::common;

use tabula_core::Game;
use tabula_querni::position::parse_square;
use tabula_querni::{
    Position, QuerniAction, QuerniConfig, QuerniEvent, QuerniGame, Side, Status, Turn, TurnError,
    WinReason,
};

/// A position from pieces (`("c2", 'A')`: blue 1 on c2; lower case is red), the side to move
/// (`'b'` or `'r'`) and the quiet-turn count, written in the notation and parsed.
fn board(pieces: &[(&str, char)], turn: char, quiet: u8) -> Position {
    let mut grid = [['.'; 10]; 7];
    for &(sq, c) in pieces {
        let s = parse_square(sq).unwrap_or_else(|| panic!("bad square {sq}"));
        assert_eq!(
            grid[(s / 10) as usize][(s % 10) as usize],
            '.',
            "{sq} used twice"
        );
        grid[(s / 10) as usize][(s % 10) as usize] = c;
    }
    let text = common::notation(&grid, turn, quiet);
    Position::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The movement notations of a position, sorted.
fn movements(p: &Position) -> Vec<String> {
    let mut ms = Vec::new();
    p.movements(&mut ms);
    let mut out: Vec<String> = ms
        .iter()
        .map(|&m| {
            p.describe(Turn {
                movement: Some(m),
                removal: None,
            })
            .to_string()
        })
        .collect();
    out.sort();
    out
}

fn destinations_from(p: &Position, from: &str) -> Vec<String> {
    let f = parse_square(from).unwrap();
    let mut ms = Vec::new();
    p.movements(&mut ms);
    let mut out: Vec<String> = ms
        .iter()
        .filter(|m| m.from == f)
        .map(|m| tabula_querni::position::square_name(m.to))
        .collect();
    out.sort();
    out
}

fn illegal(p: &Position, turn: &str) -> String {
    match p.play(turn) {
        Ok((_, after)) => panic!("{turn} was accepted: {after}"),
        Err(e) => e.to_string(),
    }
}

/// Pieces parked on rank 7, out of the way: blue 10-16 on a7..g7 (one run of seven) and
/// red 14-16 on h7..j7, so that the numbers a test uses form valid runs with them.
const PARKED: [(&str, char); 10] = [
    ("a7", 'J'),
    ("b7", 'K'),
    ("c7", 'L'),
    ("d7", 'M'),
    ("e7", 'N'),
    ("f7", 'O'),
    ("g7", 'P'),
    ("h7", 'n'),
    ("i7", 'o'),
    ("j7", 'p'),
];

fn with_parked<'a>(extra: &[(&'a str, char)]) -> Vec<(&'a str, char)> {
    let mut v: Vec<(&'a str, char)> = PARKED.to_vec();
    v.extend_from_slice(extra);
    v
}

#[test]
fn the_starting_position_follows_rules_md() {
    let p = Position::start(42);
    assert_eq!(p.turn(), Side::Blue);
    assert_eq!(p.quiet(), 0);
    for sq in 0..70u8 {
        let (file, rank) = (sq % 10, sq / 10);
        let id = p.cell(sq);
        let inside = (1..=8).contains(&file);
        match rank {
            0 | 1 if inside => assert!((1..=16).contains(&id), "blue on {sq}"),
            5 | 6 if inside => assert!((17..=32).contains(&id), "red on {sq}"),
            _ => assert_eq!(id, 0, "square {sq} should be empty"),
        }
    }
    assert_eq!(p.count(Side::Blue), 16);
    assert_eq!(p.count(Side::Red), 16);
    assert_eq!(Position::start(42), p, "the seed fixes the shuffle");
    assert_ne!(Position::start(43), p);
}

#[test]
fn a_step_goes_to_any_empty_neighbour() {
    let p = board(
        &with_parked(&[
            ("c2", 'A'),
            ("d1", 'B'),
            ("j1", 'C'),
            ("c3", 'a'),
            ("j3", 'b'),
            ("j4", 'c'),
        ]),
        'b',
        0,
    );
    // c2's neighbours: b1 c1 d1(blue) b2 d2 b3 c3(red) d3 -> six steps.
    let steps: Vec<String> = movements(&p)
        .into_iter()
        .filter(|m| m.starts_with("c2-"))
        .collect();
    assert_eq!(
        steps,
        ["c2-b1", "c2-b2", "c2-b3", "c2-c1", "c2-d2", "c2-d3"]
    );
    assert!(illegal(&p, "c2-c3").contains("c3 is occupied"));
    assert!(illegal(&p, "c2-c4").contains("adjacent"));
    assert!(p.play("c2-d3").is_ok());
}

#[test]
fn jumps_go_over_either_colour_in_eight_directions() {
    // Blue 1 on e4 surrounded by one piece in each direction (blue and red), landings empty.
    let p = board(
        &with_parked(&[
            ("e4", 'A'),
            ("f4", 'B'),
            ("f5", 'a'),
            ("e5", 'C'),
            ("d5", 'b'),
            ("d4", 'D'),
            ("d3", 'c'),
            ("e3", 'E'),
            ("f3", 'd'),
        ]),
        'b',
        0,
    );
    assert_eq!(
        destinations_from(&p, "e4"),
        ["c2", "c4", "c6", "e2", "e6", "g2", "g4", "g6"],
        "one jump in each direction, no steps (all neighbours occupied)"
    );
    assert!(p.play("e4:g6").is_ok(), "over red f5");
    assert!(p.play("e4:c4").is_ok(), "over blue d4");
}

#[test]
fn jump_sequences_change_direction() {
    // a1 over b2 to c3, then east over d3 to e3, then north over e4 to e5.
    let p = board(
        &with_parked(&[
            ("a1", 'A'),
            ("d3", 'B'),
            ("j1", 'C'),
            ("b2", 'a'),
            ("e4", 'b'),
            ("j3", 'c'),
        ]),
        'b',
        0,
    );
    assert!(destinations_from(&p, "a1").contains(&"e5".to_string()));
    let (_, after) = p.play("a1:c3:e3:e5").unwrap();
    assert_eq!(after.square_of(Side::Blue, 1), parse_square("e5"));
    assert_eq!(
        movements(&p).iter().filter(|m| m.ends_with(":e5")).count(),
        1
    );
    assert!(
        movements(&p).contains(&"a1:c3:e3:e5".to_string()),
        "shortest path listed"
    );
    // Jumping over an empty square or too far is refused with the square named.
    assert!(illegal(&p, "a1:a3").contains("no piece on a2"));
    assert!(illegal(&p, "a1:c3:f3").contains("straight line"));
}

/// Blue 1 on c3 with red 1-5 placed so that the jumps c3 -> e3 -> e5 -> c5 -> c3 and
/// e5 -> g5 -> e5 would be possible but for the no-revisit rule; blue 2, 3 far away.
fn loop_board() -> Position {
    board(
        &with_parked(&[
            ("c3", 'A'),
            ("j1", 'B'),
            ("j2", 'C'),
            ("d3", 'a'),
            ("e4", 'b'),
            ("d5", 'c'),
            ("c4", 'd'),
            ("f5", 'e'),
        ]),
        'b',
        0,
    )
}

#[test]
fn a_jump_sequence_never_revisits_a_square_nor_its_start() {
    let p = loop_board();
    assert!(p.play("c3:e3:e5:c5").is_ok());
    let e = illegal(&p, "c3:e3:e5:c5:c3");
    assert!(e.contains("already stood on c3"), "{e}");
    let e = illegal(&p, "c3:e3:c3");
    assert!(e.contains("already stood on c3"), "{e}");
    assert!(p.play("c3:e3:e5:g5").is_ok());
    let e = illegal(&p, "c3:e3:e5:g5:e5");
    assert!(e.contains("already stood on e5"), "{e}");
    // The start square is never a destination, though a loop reaches it.
    let dests = destinations_from(&p, "c3");
    assert!(!dests.contains(&"c3".to_string()));
    for d in ["e3", "e5", "c5", "g5"] {
        assert!(dests.contains(&d.to_string()), "{d} in {dests:?}");
    }
}

#[test]
fn steps_and_jumps_never_mix_and_each_destination_is_listed_once() {
    let p = loop_board();
    assert!(illegal(&p, "c3-c2:c4").contains("mixes"));
    let mut ms = Vec::new();
    p.movements(&mut ms);
    let mut pairs: Vec<(u8, u8)> = ms.iter().map(|m| (m.from, m.to)).collect();
    let n = pairs.len();
    pairs.sort();
    pairs.dedup();
    assert_eq!(pairs.len(), n, "one movement per piece and destination");
    // The jump to e5 is listed once, along a shortest path (two jumps, not four).
    let text = movements(&p);
    let to_e5: Vec<&String> = text
        .iter()
        .filter(|m| m.starts_with("c3") && m.ends_with("e5"))
        .collect();
    assert_eq!(to_e5, ["c3:e3:e5"]);
}

#[test]
fn a_chain_may_be_removed_in_part() {
    // Blue 3..7 in a row on c2..g2, plus 10..16 parked; 1, 2, 8, 9 already removed.
    let p = board(
        &with_parked(&[
            ("c2", 'C'),
            ("d2", 'D'),
            ("e2", 'E'),
            ("f2", 'F'),
            ("g2", 'G'),
            ("a1", 'a'),
            ("b1", 'b'),
            ("c1", 'c'),
        ]),
        'b',
        4,
    );
    let mut rs = Vec::new();
    p.removals(Side::Blue, &mut rs);
    let names: Vec<String> = rs.iter().map(|r| r.to_string()).collect();
    assert_eq!(
        names,
        [
            "x3-5", "x3-6", "x3-7", "x4-6", "x4-7", "x5-7", "x10-12", "x10-13", "x10-14", "x10-15",
            "x10-16", "x11-13", "x11-14", "x11-15", "x11-16", "x12-14", "x12-15", "x12-16",
            "x13-15", "x13-16", "x14-16"
        ]
    );
    // The whole run: fine, the counter resets.
    let (_, after) = p.play("x3-7").unwrap();
    assert_eq!(after.status(), Status::Ongoing);
    assert_eq!(after.quiet(), 0);
    assert_eq!(after.count(Side::Blue), 7);
    assert_eq!(after.turn(), Side::Red);
}

#[test]
fn a_removal_that_strands_pieces_loses_at_once() {
    let p = board(
        &with_parked(&[
            ("c2", 'C'),
            ("d2", 'D'),
            ("e2", 'E'),
            ("f2", 'F'),
            ("g2", 'G'),
            ("a1", 'a'),
            ("b1", 'b'),
            ("c1", 'c'),
        ]),
        'b',
        0,
    );
    // x3-5 leaves 6 and 7: a run of two that can never be removed.
    let (_, after) = p.play("x3-5").unwrap();
    assert_eq!(
        after.status(),
        Status::Won {
            winner: Side::Red,
            reason: WinReason::Stranded {
                numbers: 1 << 6 | 1 << 7
            }
        }
    );
    assert!(after.status().to_string().contains("6, 7"));
    // x4-6 strands 3 alone and 7 alone.
    let (_, after) = p.play("x4-6").unwrap();
    assert!(matches!(
        after.status(),
        Status::Won {
            winner: Side::Red,
            ..
        }
    ));
    // x10-14 leaves 15-16: also a loss, though the chain itself was fine.
    let (_, after) = p.play("x10-14").unwrap();
    assert!(matches!(
        after.status(),
        Status::Won {
            winner: Side::Red,
            ..
        }
    ));
    // Nothing more can be played once the game is over.
    assert!(matches!(after.play("pass"), Err(TurnError::GameOver(_))));
}

#[test]
fn removing_every_piece_wins_and_a_movement_may_complete_the_chain_first() {
    // Blue has 1, 2, 3 left: 1 on a1, 2 on b1, 3 on d2 (not touching 2 yet).
    let p = board(
        &[
            ("a1", 'A'),
            ("b1", 'B'),
            ("d2", 'C'),
            ("a7", 'a'),
            ("b7", 'b'),
            ("c7", 'c'),
        ],
        'b',
        7,
    );
    let mut rs = Vec::new();
    p.removals(Side::Blue, &mut rs);
    assert!(rs.is_empty());
    assert!(illegal(&p, "x1-3").contains("blue 3 on d2 is not next to blue 2 on b1"));
    let (_, after) = p.play("d2-c2 x1-3").unwrap();
    assert_eq!(
        after.status(),
        Status::Won {
            winner: Side::Blue,
            reason: WinReason::AllRemoved
        }
    );
    assert_eq!(after.status().result(), "blue wins");
}

#[test]
fn a_chain_need_not_be_removed_when_it_forms() {
    let p = board(
        &[
            ("a1", 'A'),
            ("b1", 'B'),
            ("d2", 'C'),
            ("a7", 'a'),
            ("b7", 'b'),
            ("c7", 'c'),
        ],
        'b',
        0,
    );
    let (_, after) = p.play("d2-c2").unwrap();
    assert_eq!(after.status(), Status::Ongoing);
    let (_, after) = after.play("a7-a6").unwrap();
    assert_eq!(after.quiet(), 2);
    let (_, after) = after.play("x1-3").unwrap();
    assert!(matches!(
        after.status(),
        Status::Won {
            winner: Side::Blue,
            ..
        }
    ));
}

#[test]
fn thirty_turns_without_a_removal_draw() {
    let p = board(
        &with_parked(&[
            ("c2", 'C'),
            ("d2", 'D'),
            ("e2", 'E'),
            ("a1", 'a'),
            ("b1", 'b'),
            ("c1", 'c'),
        ]),
        'b',
        29,
    );
    let (_, after) = p.play("c2-c3").unwrap();
    assert_eq!(after.quiet(), 30);
    assert_eq!(after.status(), Status::Draw);
    // A pass counts too.
    let (_, after) = p.play("pass").unwrap();
    assert_eq!(after.status(), Status::Draw);
    // A removal on the thirtieth turn resets the count instead.
    let (_, after) = p.play("x3-5").unwrap();
    assert_eq!(after.quiet(), 0);
    assert_eq!(after.status(), Status::Ongoing);
    // Counting from the start: 30 passes in a row end the game.
    let mut q = Position::start(5);
    for _ in 0..30 {
        assert_eq!(q.status(), Status::Ongoing);
        q = q.play("pass").unwrap().1;
    }
    assert_eq!(q.status(), Status::Draw);
}

/// Blue 1, 2, 3 on a1, c1 and a3, walled in by red 1-14 so that no blue piece can step or
/// jump (every neighbour and every landing square beyond is taken) and no blue chain exists;
/// red 15 and 16 on h7 and i7 are free. Red to move.
fn walled_in() -> Position {
    board(
        &[
            ("a1", 'A'),
            ("c1", 'B'),
            ("a3", 'C'),
            ("b1", 'a'),
            ("a2", 'b'),
            ("b2", 'c'),
            ("c3", 'd'),
            ("d1", 'e'),
            ("c2", 'f'),
            ("d2", 'g'),
            ("e1", 'h'),
            ("e3", 'i'),
            ("b3", 'j'),
            ("a4", 'k'),
            ("b4", 'l'),
            ("a5", 'm'),
            ("c5", 'n'),
            ("h7", 'o'),
            ("i7", 'p'),
        ],
        'r',
        0,
    )
}

#[test]
fn a_side_with_nothing_to_do_passes_automatically() {
    let p = walled_in();
    assert_eq!(p.status(), Status::Ongoing);
    assert!(!p.must_pass(), "red can move");
    let blue_to_move = p.play("h7-h6").unwrap().1;
    assert!(blue_to_move.must_pass());
    let mut ms = Vec::new();
    blue_to_move.movements(&mut ms);
    assert!(ms.is_empty(), "{ms:?}");
    // Opening one landing square frees blue: red e3 away lets blue 2 jump c1 over d2 to e3.
    let freed = p.play("e3-f4").unwrap().1;
    assert!(!freed.must_pass());
    assert!(freed.play("c1:e3").is_ok());
    // A game plays the pass for blue and hands the turn back to red.
    let (mut game, events) = QuerniGame::start(
        QuerniConfig {
            start: Some(p),
            clock: None,
        },
        0,
        0,
    )
    .unwrap();
    assert!(events.is_empty());
    let events = game
        .apply(
            &QuerniAction::Turn {
                side: Side::Red,
                turn: "h7-h6".into(),
            },
            10,
        )
        .unwrap();
    assert_eq!(
        events,
        vec![
            QuerniEvent::Played {
                side: Side::Red,
                turn: "h7-h6".into(),
                automatic: false
            },
            QuerniEvent::Played {
                side: Side::Blue,
                turn: "pass".into(),
                automatic: true
            },
        ]
    );
    assert_eq!(game.position().turn(), Side::Red);
    assert_eq!(game.position().quiet(), 2);
    // A voluntary pass is always allowed.
    assert!(p.play("pass").is_ok());
}

#[test]
fn only_the_side_to_move_plays_its_own_pieces() {
    let p = Position::start(9);
    let red_square = tabula_querni::position::square_name(p.square_of(Side::Red, 1).unwrap());
    let e = illegal(&p, &format!("{red_square}-{}5", &red_square[..1]));
    assert!(
        e.contains("holds red 1") && e.contains("blue's turn"),
        "{e}"
    );
    assert!(illegal(&p, "a4-a5").contains("a4 is empty"));
    let (mut game, _) = QuerniGame::start(QuerniConfig::default(), 9, 0).unwrap();
    let before = game.clone();
    let e = game
        .apply(
            &QuerniAction::Turn {
                side: Side::Red,
                turn: "pass".into(),
            },
            0,
        )
        .unwrap_err();
    assert!(e.to_string().contains("blue's turn"));
    assert_eq!(game, before, "a refused action changes nothing");
    let e = game
        .apply(
            &QuerniAction::Turn {
                side: Side::Blue,
                turn: "zz".into(),
            },
            0,
        )
        .unwrap_err();
    assert!(e.to_string().contains("character 1"), "{e}");
    assert_eq!(game, before);
    game.apply(&QuerniAction::Resign { side: Side::Blue }, 5)
        .unwrap();
    assert_eq!(
        game.status(),
        Status::Won {
            winner: Side::Red,
            reason: WinReason::Resigned
        }
    );
}

#[test]
fn position_text_errors_say_where() {
    for (text, needle) in [
        ("10/10/10/10/10/10 b 0", "6 ranks"),
        ("10/10/10/10/10/10/9 b 0", "rank 1 has 9 squares"),
        ("10/10/10/10/10/10/AA8 b 0", "blue 1 appears twice"),
        ("10/10/10/10/10/10/Q9 b 0", "'Q' is not a piece"),
        ("10/10/10/10/10/10/A9 x 0", "side to move"),
        ("10/10/10/10/10/10/A9 b 31", "0 to 30"),
        ("10/10/10/10/10/10/0A9 b 0", "1 to 10"),
    ] {
        let e = Position::parse(text).unwrap_err().to_string();
        assert!(e.contains(needle), "{text}: {e}");
    }
}
