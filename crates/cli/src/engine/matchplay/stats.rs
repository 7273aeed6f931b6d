//! A match's result from engine 1's point of view: wins, losses, draws, the score, and the Elo
//! difference with its 95% error, as every strength figure in BENCHMARKS.md is computed.

use serde_json::{Value, json};

/// Games won, lost and drawn by engine 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games engine 1 won.
    pub wins: usize,
    /// Games engine 1 lost.
    pub losses: usize,
    /// Drawn games.
    pub draws: usize,
}

/// The Elo difference that gives `score` as the expected score (`score` is kept within 0.001
/// and 0.999, so that a clean sweep gives a large finite number).
pub fn elo(score: f64) -> f64 {
    let s = score.clamp(0.001, 0.999);
    -400.0 * (1.0 / s - 1.0).log10()
}

impl Tally {
    /// Counts one game scored 1 (a win), 0.5 (a draw) or 0 (a loss) by engine 1.
    pub fn add(&mut self, score: f64) {
        if score == 1.0 {
            self.wins += 1;
        } else if score == 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// Games counted.
    pub fn games(&self) -> usize {
        self.wins + self.losses + self.draws
    }

    /// The mean score per game, a draw counting a half.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }

    /// The Elo difference the score implies.
    pub fn elo(&self) -> f64 {
        elo(self.score())
    }

    /// Half the width of the 95% interval of the Elo difference: the score's standard error
    /// from the games' own spread (each game scoring 1, 0.5 or 0), 1.96 of them either side,
    /// turned into Elo at both ends.
    pub fn elo_error(&self) -> f64 {
        let n = self.games().max(1) as f64;
        let s = self.score();
        let variance = (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n;
        let se = (variance / n).sqrt();
        (elo(s + 1.96 * se) - elo(s - 1.96 * se)) / 2.0
    }

    /// The match's JSON line (figures rounded as printed).
    pub fn json(&self) -> Value {
        let tenth = |x: f64| (x * 10.0).round() / 10.0;
        json!({
            "games": self.games(),
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "score": (self.score() * 1000.0).round() / 1000.0,
            "elo": tenth(self.elo()),
            "elo_error": tenth(self.elo_error()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: usize, losses: usize, draws: usize) -> Tally {
        Tally {
            wins,
            losses,
            draws,
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 0.05
    }

    #[test]
    fn elo_of_a_score_is_the_logistic_inverse() {
        assert_eq!(elo(0.5), 0.0);
        // 0.75 expects 3:1 odds, 400 * log10(3) = 190.85
        assert!(close(elo(0.75), 190.85));
        assert!(close(elo(0.25), -190.85));
        // 10:1 odds are 400 Elo: 10/11 = 0.909090...
        assert!(close(elo(10.0 / 11.0), 400.0));
        // a sweep is clamped to 0.999: 400 * log10(999) = 1199.83
        assert!(close(elo(1.0), 1199.83));
        assert!(close(elo(0.0), -1199.83));
    }

    #[test]
    fn six_wins_two_losses_two_draws_worked_by_hand() {
        let t = tally(6, 2, 2);
        // score (6 + 2/2) / 10 = 0.7; Elo -400 log10(1/0.7 - 1) = -400 log10(0.428571) = 147.19
        assert_eq!(t.score(), 0.7);
        assert!(close(t.elo(), 147.19));
        // variance (6 * 0.3^2 + 2 * 0.2^2 + 2 * 0.7^2) / 10 = (0.54 + 0.08 + 0.98) / 10 = 0.16;
        // standard error sqrt(0.16 / 10) = 0.126491; 1.96 of them = 0.247923;
        // elo(0.947923) = 504.05, elo(0.452077) = -33.40; half the difference 268.73
        assert!(close(t.elo_error(), 268.73), "{}", t.elo_error());
        assert_eq!(
            t.json(),
            json!({"games": 10, "wins": 6, "losses": 2, "draws": 2, "score": 0.7,
                   "elo": 147.2, "elo_error": 268.7})
        );
    }

    #[test]
    fn an_even_match_is_zero_with_a_symmetric_error() {
        // 10-10: score 0.5, variance 0.25, se sqrt(0.25 / 20) = 0.111803, 1.96 se = 0.219135;
        // elo(0.719135) = 163.32 = -elo(0.280865)
        let t = tally(10, 10, 0);
        assert_eq!(t.elo(), 0.0);
        assert!(close(t.elo_error(), 163.32), "{}", t.elo_error());
        // all draws: no spread at all, so no error
        assert_eq!(tally(0, 0, 4).elo_error(), 0.0);
    }

    #[test]
    fn a_larger_match_narrows_the_error() {
        // 30 wins, 10 losses, 60 draws: score 0.6, Elo 70.44; variance
        // (30 * 0.16 + 10 * 0.36 + 60 * 0.01) / 100 = 0.09, se 0.03, 1.96 se = 0.0588;
        // elo(0.6588) = 114.30, elo(0.5412) = 28.69; half the difference 42.80
        let t = tally(30, 10, 60);
        assert!(close(t.elo(), 70.44));
        assert!(close(t.elo_error(), 42.80), "{}", t.elo_error());
    }

    #[test]
    fn games_are_counted_by_their_score() {
        let mut t = Tally::default();
        for s in [1.0, 0.5, 0.0, 1.0, 0.5] {
            t.add(s);
        }
        assert_eq!(t, tally(2, 1, 2));
        assert_eq!(t.games(), 5);
        assert_eq!(t.score(), 0.6);
    }
}
