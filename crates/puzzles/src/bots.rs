//! What bot levels mean, shared by both games' bots.
//!
//! Level 1 is a beginner and [`MAX_LEVEL`] never errs. A bot "thinks" for a time that grows
//! with the true optimum and shrinks with its level, then announces the optimum, or, with a
//! probability that falls with its level, an over- or under-estimate by one or two. While
//! proving, a weak bot sometimes blunders (a move that is not on its plan).

use tabula_core::Millis;
use tabula_core::rng::{ChaCha8Rng, Rng};

/// The strongest level: always exact, never blunders, thinks fastest.
pub const MAX_LEVEL: u8 = 6;

/// How a level plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Profile {
    /// Probability of announcing exactly the optimum.
    pub exact: f64,
    /// When wrong, the probability that the error is an under-estimate.
    pub under: f64,
    /// Probability of a blunder at each step of a proof.
    pub blunder: f64,
    /// Thinking time before the first idea, in ms.
    pub base_ms: Millis,
    /// Extra thinking per move of the optimum, in ms.
    pub per_move_ms: Millis,
    /// Relative spread of the thinking time (0.3 = +-30%).
    pub jitter: f64,
}

const PROFILES: [Profile; MAX_LEVEL as usize] = [
    Profile {
        exact: 0.30,
        under: 0.45,
        blunder: 0.12,
        base_ms: 4_000,
        per_move_ms: 2_000,
        jitter: 0.5,
    },
    Profile {
        exact: 0.45,
        under: 0.42,
        blunder: 0.08,
        base_ms: 3_600,
        per_move_ms: 1_700,
        jitter: 0.45,
    },
    Profile {
        exact: 0.60,
        under: 0.38,
        blunder: 0.05,
        base_ms: 3_200,
        per_move_ms: 1_450,
        jitter: 0.4,
    },
    Profile {
        exact: 0.75,
        under: 0.34,
        blunder: 0.03,
        base_ms: 2_800,
        per_move_ms: 1_200,
        jitter: 0.35,
    },
    Profile {
        exact: 0.88,
        under: 0.30,
        blunder: 0.015,
        base_ms: 2_400,
        per_move_ms: 1_000,
        jitter: 0.3,
    },
    Profile {
        exact: 1.0,
        under: 0.0,
        blunder: 0.0,
        base_ms: 2_000,
        per_move_ms: 850,
        jitter: 0.25,
    },
];

/// Time between a bot's moves while proving, so people can follow them.
pub const STEP_MS: Millis = 700;

/// Levels for `seats` bots spread from 1 to [`MAX_LEVEL`], one seat per level (for up to six
/// seats), weakest first.
pub fn spread_levels(seats: u8) -> Vec<u8> {
    if seats <= 1 {
        return vec![MAX_LEVEL; seats as usize];
    }
    let (n, top) = (u32::from(seats) - 1, u32::from(MAX_LEVEL) - 1);
    (0..=n).map(|i| (1 + (i * top + n / 2) / n) as u8).collect()
}

/// The profile of `level` (clamped to 1..=MAX_LEVEL).
pub fn profile(level: u8) -> Profile {
    PROFILES[(level.clamp(1, MAX_LEVEL) - 1) as usize]
}

/// A bot's view of a puzzle once it has thought about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mind {
    /// The true optimum (`None`: the puzzle cannot be solved).
    pub optimum: Option<u32>,
    /// What the bot believes (`None`: it has no idea and stays silent).
    pub estimate: Option<u32>,
    /// How long it thinks before it knows its estimate.
    pub think_ms: Millis,
}

/// How a bot of `level` with `rng` judges a puzzle whose optimum is `optimum`.
pub fn think(level: u8, rng: &mut ChaCha8Rng, optimum: Option<u32>) -> Mind {
    let p = profile(level);
    let Some(opt) = optimum else {
        return Mind {
            optimum,
            estimate: None,
            think_ms: 0,
        };
    };
    let raw = p.base_ms as f64 + p.per_move_ms as f64 * f64::from(opt);
    let spread = 1.0 + p.jitter * (rng.random::<f64>() * 2.0 - 1.0);
    let think_ms = (raw * spread).max(200.0) as Millis;
    let estimate = if rng.random::<f64>() < p.exact {
        opt
    } else {
        let by = if rng.random::<f64>() < 0.7 { 1 } else { 2 };
        if opt >= by && rng.random::<f64>() < p.under {
            opt - by
        } else {
            opt + by
        }
    };
    Mind {
        optimum,
        estimate: Some(estimate),
        think_ms,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::rng::seeded;

    #[test]
    fn the_strongest_level_is_always_exact_and_fastest() {
        for seed in 0..200 {
            let m = think(MAX_LEVEL, &mut seeded(seed), Some(7));
            assert_eq!(m.estimate, Some(7));
            let weak = think(1, &mut seeded(seed), Some(7));
            assert!(m.think_ms < weak.think_ms);
        }
        assert_eq!(think(3, &mut seeded(1), None).estimate, None);
    }

    #[test]
    fn seats_get_distinct_levels_from_weakest_to_strongest() {
        assert_eq!(spread_levels(2), vec![1, 6]);
        assert_eq!(spread_levels(4), vec![1, 3, 4, 6]);
        assert_eq!(spread_levels(6), vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(spread_levels(1), vec![6]);
    }

    #[test]
    fn weak_levels_err_in_both_directions() {
        let estimates: Vec<u32> = (0..500)
            .filter_map(|s| think(1, &mut seeded(s), Some(5)).estimate)
            .collect();
        assert!(estimates.iter().any(|&e| e < 5));
        assert!(estimates.iter().any(|&e| e > 5));
        assert!(estimates.contains(&5));
    }
}
