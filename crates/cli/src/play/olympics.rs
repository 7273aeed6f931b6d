//! The QuickChess Olympics in the terminal: five games in the booklet's order, a win one point,
//! a draw a half, most points wins.
//!
//! The two players are seats: seat 0 is the person (or player 1 at one keyboard), seat 1 the
//! computer (or player 2). The players change colours after each game **[ours]**, as on the
//! web: seat 0 has the colour it chose in games 1, 3 and 5.

use tabula_chess::{Color, Variant};

/// Where a series stands.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Series {
    /// The colour seat 0 chose (its colour in games 1, 3 and 5).
    first: Color,
    /// The finished games: the variant and the half-points each seat took.
    results: Vec<(Variant, [u32; 2])>,
}

impl Series {
    /// A series in which seat 0 starts with `first`.
    pub(super) fn new(first: Color) -> Series {
        Series {
            first,
            results: Vec::new(),
        }
    }

    /// The game being played (or the last, once over), 0-based.
    pub(super) fn index(&self) -> usize {
        self.results.len().min(4)
    }

    /// The variant of game `index`.
    pub(super) fn variant(index: usize) -> Variant {
        tabula_chess::variant::olympics()[index]
    }

    /// Seat 0's colour in the current game.
    pub(super) fn seat0_color(&self) -> Color {
        if self.index().is_multiple_of(2) {
            self.first
        } else {
            self.first.other()
        }
    }

    /// Scores the current game, won by `winner` (`None`: a draw).
    pub(super) fn record(&mut self, winner: Option<Color>) {
        let seat0 = self.seat0_color();
        let halves = match winner {
            None => [1, 1],
            Some(c) if c == seat0 => [2, 0],
            Some(_) => [0, 2],
        };
        self.results.push((Self::variant(self.index()), halves));
    }

    /// Games played so far.
    pub(super) fn played(&self) -> usize {
        self.results.len()
    }

    /// Whether all five games are played.
    pub(super) fn is_over(&self) -> bool {
        self.results.len() == 5
    }

    /// Half-points of each seat so far.
    pub(super) fn half_points(&self) -> [u32; 2] {
        self.results
            .iter()
            .fold([0, 0], |[a, b], (_, [x, y])| [a + x, b + y])
    }

    /// The seat ahead on points, `None` when level.
    pub(super) fn leader(&self) -> Option<usize> {
        let [a, b] = self.half_points();
        (a != b).then_some(if a > b { 0 } else { 1 })
    }
}

/// Half-points as points: `3½`, `1`, `0½` is written `½`.
pub(super) fn points(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_string(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_alternate_and_points_add_up() {
        let mut s = Series::new(Color::Black);
        let names: Vec<String> = (0..5).map(|i| Series::variant(i).name()).collect();
        assert_eq!(
            names,
            [
                "rescue-the-queen+blasters",
                "quickchess",
                "kings-pro",
                "queens-pro",
                "blind"
            ]
        );
        // game 1: seat 0 is black and wins
        assert_eq!(s.seat0_color(), Color::Black);
        s.record(Some(Color::Black));
        // game 2: seat 0 is white; a draw
        assert_eq!(s.seat0_color(), Color::White);
        s.record(None);
        // game 3: black again; white (seat 1) wins
        assert_eq!(s.seat0_color(), Color::Black);
        s.record(Some(Color::White));
        assert_eq!(s.half_points(), [3, 3]);
        assert_eq!(s.leader(), None);
        // game 4: seat 0 white wins; game 5: a draw
        s.record(Some(Color::White));
        assert_eq!(s.played(), 4);
        assert!(!s.is_over());
        s.record(None);
        assert!(s.is_over());
        assert_eq!(s.half_points(), [6, 4]);
        assert_eq!(s.leader(), Some(0));
        assert_eq!(
            (points(6), points(4), points(1), points(7)),
            ("3".into(), "2".into(), "½".into(), "3½".into())
        );
    }
}
