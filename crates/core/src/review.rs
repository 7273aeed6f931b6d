//! The common scale of the computer's reviews, whatever the game: an evaluation becomes the
//! mover's chances of winning (Win%, 0 to 100) by a logistic curve, a move's accuracy follows
//! from the Win% it gave away, and a loss of 10, 20 or 30 points is marked. The curve's
//! steepness is the game's (chess centipawns and Querni's work units differ); the accuracy
//! formula and the marks are lichess's published ones, so reviews of every game read alike.

use serde::{Deserialize, Serialize};

/// How a move lost winning chances (`"inaccuracy"`, `"mistake"`, `"blunder"` in JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// A drop of 10 points of Win% or more (`?!`).
    Inaccuracy,
    /// 20 or more (`?`).
    Mistake,
    /// 30 or more (`??`).
    Blunder,
}

impl Mark {
    /// The mark of a drop of `drop` points of Win%, if any.
    pub fn of_drop(drop: f64) -> Option<Mark> {
        match drop {
            d if d >= 30.0 => Some(Mark::Blunder),
            d if d >= 20.0 => Some(Mark::Mistake),
            d if d >= 10.0 => Some(Mark::Inaccuracy),
            _ => None,
        }
    }

    /// Its name: `inaccuracy`, `mistake` or `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// Its sign in a game score: `?!`, `?` or `??`.
    pub fn sign(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// The Win% of an evaluation `x` for a side, on a curve of steepness `k`:
/// `50 + 50 * (2 / (1 + exp(-k * x)) - 1)`.
pub fn win_percent(k: f64, x: f64) -> f64 {
    50.0 + 50.0 * (2.0 / (1.0 + (-k * x).exp()) - 1.0)
}

/// The accuracy of a move that took the mover's Win% from `before` to `after`:
/// `103.1668 * exp(-0.04354 * (before - after)) - 3.1669`, held within 0..100.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    let raw = 103.1668 * (-0.04354 * (before - after).max(0.0)).exp() - 3.1669;
    raw.clamp(0.0, 100.0)
}

/// The mean of a side's move accuracies (`None` for a side without a move) [ours: lichess
/// weighs the mean by the game's volatility; the plain mean is simple to check by hand].
pub fn mean_accuracy(accuracies: impl IntoIterator<Item = f64>) -> Option<f64> {
    let (sum, n) = accuracies
        .into_iter()
        .fold((0.0, 0usize), |(s, n), a| (s + a, n + 1));
    (n > 0).then(|| sum / n as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_marks_and_the_accuracy_follow_the_drop() {
        assert_eq!(Mark::of_drop(9.99), None);
        assert_eq!(Mark::of_drop(10.0), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of_drop(25.0), Some(Mark::Mistake));
        assert_eq!(Mark::of_drop(30.0), Some(Mark::Blunder));
        assert!((move_accuracy(60.0, 40.0) - 40.02).abs() < 0.01);
        assert_eq!(move_accuracy(40.0, 60.0), move_accuracy(50.0, 50.0));
        assert!((win_percent(0.01, 0.0) - 50.0).abs() < 1e-9);
        assert!((win_percent(0.01, 100.0) + win_percent(0.01, -100.0) - 100.0).abs() < 1e-9);
        assert_eq!(mean_accuracy([]), None);
        assert_eq!(mean_accuracy([50.0, 100.0]), Some(75.0));
    }
}
