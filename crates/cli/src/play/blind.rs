//! Blind QuickChess in the terminal: reading a placement, showing one side's half, and the
//! computer's hidden setup.
//!
//! Each side places its ten pieces (K, Q, R, B, N and five pawns) on its own three ranks
//! without seeing the other's; the board is revealed when both are done.

use tabula_chess::Color;
use tabula_chess::game::{BLIND_PIECES, BlindSetup};
use tabula_core::rng::{SliceRandom, seeded};

/// A typed placement, `K c1`, `K@c1` or `place K c1`: the piece letter and the square. `None`
/// when the line is not a placement at all.
pub(super) fn parse_placement(line: &str) -> Option<(char, String)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let (piece, square) = match words.as_slice() {
        ["place", p, s] | [p, s] => (*p, *s),
        [one] => one.split_once('@')?,
        _ => return None,
    };
    let mut letters = piece.chars();
    let letter = letters.next()?.to_ascii_uppercase();
    (letters.next().is_none() && "KQRBNP".contains(letter) && square.len() == 2)
        .then(|| (letter, square.to_ascii_lowercase()))
}

/// The ranks of `color`'s half of the 5x6 board, from the top as drawn.
fn ranks(color: Color) -> [u8; 3] {
    match color {
        Color::White => [3, 2, 1],
        Color::Black => [6, 5, 4],
    }
}

/// `color`'s half as text, with what it has placed (`.` for a free square).
pub(super) fn half_board_text(setup: &BlindSetup, color: Color) -> String {
    let mut out = String::new();
    for rank in ranks(color) {
        out.push_str(&format!("{rank:>2}  "));
        for file in 0..5u8 {
            let square = (rank - 1) * 5 + file;
            let placed = setup.placed[color.index()]
                .iter()
                .find(|(s, _)| *s == square)
                .map(|(_, role)| role.char());
            let c = placed.map_or('.', |c| match color {
                Color::White => c.to_ascii_uppercase(),
                Color::Black => c.to_ascii_lowercase(),
            });
            out.push(c);
            out.push(' ');
        }
        out.push('\n');
    }
    out.push_str("    a b c d e\n");
    out
}

/// The pieces `color` still has to place, like `Q N P P P`.
pub(super) fn left_to_place(setup: &BlindSetup, color: Color) -> String {
    let placed = &setup.placed[color.index()];
    let mut left = Vec::new();
    for (role, count) in BLIND_PIECES {
        let done = placed.iter().filter(|(_, r)| *r == role).count();
        for _ in done..count as usize {
            left.push(role.char().to_ascii_uppercase().to_string());
        }
    }
    left.join(" ")
}

/// The box setup of `color` (R B K Q N on the back rank, pawns in front), as placements.
pub(super) fn box_setup(color: Color) -> Vec<(char, String)> {
    let (back, front) = match color {
        Color::White => (1, 2),
        Color::Black => (6, 5),
    };
    let files = ['a', 'b', 'c', 'd', 'e'];
    let pieces = ['R', 'B', 'K', 'Q', 'N'];
    let mut out: Vec<(char, String)> = files
        .iter()
        .zip(pieces)
        .map(|(f, p)| (p, format!("{f}{back}")))
        .collect();
    out.extend(files.iter().map(|f| ('P', format!("{f}{front}"))));
    out
}

/// The computer's setup, decided by `seed`: its five pieces shuffled on its back rank and its
/// pawns in front of them, so its king is never in check at the reveal.
pub(super) fn computer_setup(color: Color, seed: u64) -> Vec<(char, String)> {
    let mut setup = box_setup(color);
    let mut pieces: Vec<char> = setup[..5].iter().map(|(p, _)| *p).collect();
    pieces.shuffle(&mut seeded(seed));
    for (placement, piece) in setup.iter_mut().zip(pieces) {
        placement.0 = piece;
    }
    setup
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_chess::Role;

    #[test]
    fn placements_are_read_in_three_spellings() {
        for line in ["K c1", "K@c1", "place K c1", "k C1"] {
            assert_eq!(parse_placement(line), Some(('K', "c1".into())), "{line}");
        }
        for line in [
            "c2c3",
            "Kc1",
            "X c1",
            "K c10",
            "place",
            "Qx d1",
            "a2a3 b2b3",
        ] {
            assert_eq!(parse_placement(line), None, "{line}");
        }
    }

    #[test]
    fn a_half_board_shows_only_that_sides_placements() {
        let setup = BlindSetup {
            placed: [
                vec![(2, Role::King), (6, Role::Pawn)],
                vec![(27, Role::Queen)],
            ],
        };
        assert_eq!(
            half_board_text(&setup, Color::White),
            " 3  . . . . . \n 2  . P . . . \n 1  . . K . . \n    a b c d e\n"
        );
        assert_eq!(
            half_board_text(&setup, Color::Black),
            " 6  . . q . . \n 5  . . . . . \n 4  . . . . . \n    a b c d e\n"
        );
        assert_eq!(left_to_place(&setup, Color::White), "Q R B N P P P P");
    }

    #[test]
    fn the_computer_uses_its_back_rank_and_hides_the_order_behind_its_seed() {
        let a = computer_setup(Color::Black, 1);
        assert_eq!(a.len(), 10);
        let mut back: Vec<char> = a
            .iter()
            .filter(|(_, s)| s.ends_with('6'))
            .map(|(p, _)| *p)
            .collect();
        back.sort_unstable();
        assert_eq!(back, ['B', 'K', 'N', 'Q', 'R']);
        assert!(
            a.iter()
                .filter(|(_, s)| s.ends_with('5'))
                .all(|(p, _)| *p == 'P')
        );
        assert_eq!(
            a,
            computer_setup(Color::Black, 1),
            "the same seed, the same setup"
        );
        let orders: std::collections::HashSet<Vec<(char, String)>> =
            (0..20).map(|s| computer_setup(Color::White, s)).collect();
        assert!(orders.len() > 10, "the seed varies the setup");
    }
}
