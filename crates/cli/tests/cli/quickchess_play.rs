//! `tabula play quickchess` for the games that need more than moves: Blind QuickChess with its
//! hidden placements (against the computer and at one keyboard), the five-game Olympics, and
//! draw offers between two people.

use crate::common;

use common::converse;

/// The lines of the board drawn last before `marker`.
fn lines_before<'a>(text: &'a str, marker: &str) -> Vec<&'a str> {
    let end = text
        .find(marker)
        .unwrap_or_else(|| panic!("no `{marker}` in:\n{text}"));
    text[..end].lines().collect()
}

#[test]
fn blind_against_the_computer_hides_its_placement_until_you_are_done() {
    let text = converse(
        &[
            "play",
            "quickchess",
            "--variant",
            "blind",
            "--level",
            "1",
            "--seed",
            "5",
        ],
        &[
            ("place your pieces on ranks 1-3 (10 left", "K c1"),
            ("(9 left: Q R B N P P P P P)", "K d1"),
            ("Not played: no king left to place", "Q a4"),
            ("Not played: a4 is not on white's half", "box"),
            ("the board is revealed", "resign"),
        ],
    );
    assert!(
        text.contains("The computer has placed its pieces; you see them when you are done too."),
        "{text}"
    );
    // before the reveal only White's ranks are drawn, and no black piece anywhere
    let hidden = lines_before(&text, "the board is revealed");
    assert!(
        hidden
            .iter()
            .all(|l| !l.starts_with(" 6") && !l.starts_with(" 5")),
        "{text}"
    );
    assert!(
        hidden
            .iter()
            .filter(|l| l.starts_with(" 3") || l.starts_with(" 2") || l.starts_with(" 1"))
            .all(|l| !l[2..].chars().any(|c| "kqrbnp".contains(c))),
        "{text}"
    );
    // after it the computer's pieces stand on its back rank, pawns in front
    let after = &text[text.find("the board is revealed").unwrap()..];
    let rank6 = after.lines().find(|l| l.starts_with(" 6")).unwrap();
    let mut pieces: Vec<char> = rank6[3..].chars().filter(|c| !c.is_whitespace()).collect();
    pieces.sort_unstable();
    assert_eq!(pieces, ['b', 'k', 'n', 'q', 'r'], "{rank6}");
    assert!(after.contains(" 5  p p p p p"), "{after}");
    // our king stayed where we put it, the box setup filled the rest
    assert!(after.contains(" 1  R B K Q N"), "{after}");
    assert!(text.contains("by resignation"), "{text}");
}

#[test]
fn blind_at_one_keyboard_places_white_then_black() {
    let text = converse(
        &[
            "play",
            "quickchess",
            "--variant",
            "blind",
            "--hotseat",
            "--seed",
            "5",
        ],
        &[
            ("White: place your pieces on ranks 1-3", "box"),
            ("Black: place your pieces on ranks 4-6", "N e6"),
            ("(9 left", "box"),
            ("the board is revealed", "quit"),
        ],
    );
    assert!(
        text.contains(
            "White has placed all ten pieces. Black: your turn to place (White looks away)."
        ),
        "{text}"
    );
    // Black places on a board showing only its own half
    let black = &text[text.find("Black: your turn to place").unwrap()
        ..text.find("the board is revealed").unwrap()];
    assert!(black.lines().all(|l| !l.starts_with(" 1")), "{black}");
    assert!(
        text.contains(" 6  r b k q n") || text.contains(" 6  r b k n "),
        "{text}"
    );
}

#[test]
fn the_olympics_are_five_games_with_changing_colours_and_a_score() {
    let text = converse(
        &[
            "play",
            "quickchess",
            "--variant",
            "olympics",
            "--level",
            "1",
            "--seed",
            "5",
            "--color",
            "black",
        ],
        &[
            ("Olympics game 1 of 5: rescue-the-queen+blasters.", "resign"),
            ("Olympics game 2 of 5: quickchess.", "resign"),
            ("Olympics game 3 of 5: kings-pro.", "resign"),
            ("Olympics game 4 of 5: queens-pro.", "resign"),
            ("Olympics game 5 of 5: blind.", "resign"),
        ],
    );
    assert_eq!(
        text.matches("You play black").count(),
        3,
        "games 1, 3, 5: {text}"
    );
    assert_eq!(
        text.matches("You play white").count(),
        2,
        "games 2 and 4: {text}"
    );
    assert!(
        text.contains("Olympics after game 1 of 5: you 0 : 1 the computer."),
        "{text}"
    );
    assert!(
        text.contains("Olympics after game 5 of 5: you 0 : 5 the computer."),
        "{text}"
    );
    assert!(
        text.contains("The Olympics are over: the computer wins."),
        "{text}"
    );
}

#[test]
fn two_players_offer_accept_and_decline_draws() {
    let text = converse(
        &["play", "quickchess", "--hotseat", "--seed", "1"],
        &[
            ("White to move.", "draw"),
            ("Offer a draw after your move", "a2a3"),
            ("Black to move.", "draw"),
            ("White offers a draw: Black, type `accept`", "e5e4"),
            ("Black declines the draw by moving.", "accept"),
            ("There is no draw offer to accept.", "draw"),
            ("Black offers a draw: White, type `accept`", "accept"),
        ],
    );
    assert!(
        text.contains("Game over: Draw: agreement (1/2-1/2)."),
        "{text}"
    );
    // against the computer there are no offers
    let text = converse(
        &["play", "quickchess", "--level", "1", "--seed", "1"],
        &[
            ("You (white) to move.", "a2a3"),
            ("You (white) to move.", "draw"),
        ],
    );
    assert!(
        text.contains("The computer plays every game to its end"),
        "{text}"
    );
}

/// Power Pawns where White's only pawn is blocked while Black's e-pawn runs: White passes
/// (RULES.md: a side with no legal move passes while the other can move) until Black's pawn
/// reaches the edge; the tie-break never decides here.
const PASSING: &str = "5/p3p/P4/5/5/5 w - - 0 1";

#[test]
fn a_side_without_a_move_passes_at_one_keyboard() {
    let text = converse(
        &[
            "play",
            "quickchess",
            "--variant",
            "power-pawns",
            "--fen",
            PASSING,
            "--hotseat",
        ],
        &[
            ("No piece can move: type `pass`", "a4a5"),
            (
                "is not legal here: white has no legal move and passes (0000)",
                "pass",
            ),
            ("White: -- (no legal move: passes)", "e4"),
            ("No piece can move", "pass"),
            ("Black to move", "e3"),
            ("No piece can move", "--"),
            ("Black to move", "e2"),
            ("No piece can move", "0000"),
            ("Black to move", "e1"),
        ],
    );
    assert!(
        text.contains("Game over: Black wins: a pawn reached the far edge"),
        "{text}"
    );
    assert!(!text.contains("tie-break"), "{text}");
}

#[test]
fn the_computer_passes_when_it_cannot_move() {
    let text = converse(
        &[
            "play",
            "quickchess",
            "--variant",
            "power-pawns",
            "--fen",
            PASSING,
            "--color",
            "black",
            "--level",
            "1",
            "--seed",
            "3",
        ],
        &[(
            "Computer (white, level 1): -- (no legal move: passes)",
            "resign",
        )],
    );
    assert!(text.contains("by resignation"), "{text}");
    // the Olympics start every game from its box
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "play",
            "quickchess",
            "--variant",
            "olympics",
            "--fen",
            PASSING,
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("--fen starts one game"),
        "{err}"
    );
}

#[test]
fn the_coach_names_a_move_that_throws_the_win_away_and_the_top_level_plays_perfectly() {
    // raging-rooks on two files: White wins (the tie-break favours its pawns; the solver
    // agrees: `tabula exact solve quickchess` gives "White wins by the tie-break")
    let fen = "r4/pp3/5/5/PP3/R4 w - - 0 1";
    let text = converse(
        &[
            "play",
            "quickchess",
            "--variant",
            "raging-rooks",
            "--fen",
            fen,
            "--hotseat",
        ],
        &[
            ("type `help`", "coach"),
            ("the moves that keep it: Rc1, Rd1, Re1.", "a3"),
            ("that move lost the win", "coach"),
            ("with best play this is a draw", "resign"),
        ],
    );
    assert!(
        text.contains("Coach: with best play this is a win for White"),
        "{text}"
    );
    assert!(
        text.contains("Coach: that move lost the win; with best play it is now a draw."),
        "{text}"
    );
    // a kept value is said so too
    let text = converse(
        &[
            "play",
            "quickchess",
            "--variant",
            "raging-rooks",
            "--fen",
            fen,
            "--hotseat",
        ],
        &[("type `help`", "Rc1"), ("your move kept it", "resign")],
    );
    assert!(
        text.contains("a win for White (your move kept it)"),
        "{text}"
    );
    // the strongest level plays a move that keeps the win
    let text = converse(
        &[
            "play",
            "quickchess",
            "--variant",
            "raging-rooks",
            "--fen",
            fen,
            "--level",
            "max",
            "--color",
            "black",
        ],
        &[("to move.", "coach"), ("every move loses", "resign")],
    );
    let played = text
        .lines()
        .find_map(|l| l.strip_prefix("Computer (white, level 8): "))
        .unwrap_or_else(|| panic!("no move in:\n{text}"));
    assert!(
        ["Rc1", "Rd1", "Re1"].iter().any(|m| played.starts_with(m)),
        "{played}\n{text}"
    );
}

#[test]
fn the_coach_knows_a_whole_game_solved_on_the_full_board_from_its_book() {
    // kings-conquest from the start: some 4 x 10^9 positions, far beyond a solve at the
    // terminal; its opening ships as a book (the server's data/lesson-books), and the game is a draw
    let text = converse(
        &[
            "play",
            "quickchess",
            "--variant",
            "kings-conquest",
            "--hotseat",
        ],
        &[
            ("type `help`", "coach"),
            (
                "with best play this is a draw; the moves that keep it:",
                "c3",
            ),
            ("(your move kept it)", "resign"),
        ],
    );
    assert!(
        text.contains("Coach: with best play this is a draw; the moves that keep it:"),
        "{text}"
    );
    // the other books too: from the start a draw, and the top level keeps it
    for variant in ["raging-rooks", "bishops", "mean-queens", "krazy-knights"] {
        let text = converse(
            &[
                "play",
                "quickchess",
                "--variant",
                variant,
                "--level",
                "max",
                "--color",
                "black",
            ],
            &[("to move.", "coach"), ("this is a draw", "resign")],
        );
        assert!(
            text.contains("Coach: with best play this is a draw; the moves that keep it:"),
            "{variant}: {text}"
        );
    }
    // a game without a book, and too big to solve, is said to be unknown
    let text = converse(
        &["play", "quickchess", "--variant", "mix:KRN", "--hotseat"],
        &[("type `help`", "coach"), ("is not solved", "resign")],
    );
    assert!(
        text.contains("Coach: this position is not solved"),
        "{text}"
    );
}
