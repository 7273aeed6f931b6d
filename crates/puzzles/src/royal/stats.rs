//! Facts about the Royal Study state space.
//!
//! The distance between two layouts is unchanged when both are turned or mirrored the same
//! way (the moves and the dark squares are symmetric), so the distances from one layout stand
//! for those of its whole symmetry class. One BFS per class, weighted by the class size, gives
//! the distribution over all ordered pairs of distinct layouts.

use super::{Layout, RoyalSolver};
use crate::graph::UNREACHABLE;
use serde::Serialize;
use std::collections::HashSet;
use tabula_core::Symmetry;

/// The facts `tabula exact stats royal` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RoyalStats {
    /// Legal layouts (each piece once, bishop on dark, knight off the centre).
    pub layouts: u32,
    /// Layouts up to turns and mirrors.
    pub symmetry_classes: u32,
    /// Connected parts of the move graph.
    pub components: u32,
    /// The largest optimal level-1 distance between two layouts.
    pub diameter: u8,
    /// Two layouts that far apart.
    pub diameter_example: [String; 2],
    /// `distribution[d]` = ordered pairs of distinct layouts at distance `d` (index 0 is 0).
    pub distribution: Vec<u64>,
    /// Ordered pairs of layouts with no path between them.
    pub unreachable_pairs: u64,
    /// Mean distance over all ordered pairs of distinct, connected layouts.
    pub mean_distance: f64,
}

/// Computes the statistics (a few hundred breadth-first searches).
pub fn compute(solver: &RoyalSolver) -> RoyalStats {
    let layouts: Vec<Layout> = solver.layouts().collect();
    let mut seen: HashSet<Layout> = HashSet::new();
    let mut distribution = vec![0u64; 64];
    let mut unreachable = 0u64;
    let mut classes = 0;
    let mut diameter = (0u8, layouts[0], layouts[0]);
    for &layout in &layouts {
        if seen.contains(&layout) {
            continue;
        }
        let class: HashSet<Layout> = Symmetry::ALL
            .iter()
            .map(|&s| layout.transformed(s))
            .collect();
        seen.extend(class.iter().copied());
        classes += 1;
        let weight = class.len() as u64;
        let dist = solver.graph().distances_from([solver.rank(&layout)]);
        for other in &layouts {
            match dist[solver.rank(other) as usize] {
                0 => {}
                UNREACHABLE => unreachable += weight,
                d => {
                    distribution[d as usize] += weight;
                    if d > diameter.0 {
                        diameter = (d, layout, *other);
                    }
                }
            }
        }
    }
    while distribution.last() == Some(&0) {
        distribution.pop();
    }
    // components: flood fill
    let mut component_seen = vec![false; solver.graph().states() as usize];
    let mut components = 0;
    for layout in &layouts {
        let r = solver.rank(layout) as usize;
        if component_seen[r] {
            continue;
        }
        components += 1;
        let dist = solver.graph().distances_from([r as u32]);
        for (i, &d) in dist.iter().enumerate() {
            if d != UNREACHABLE {
                component_seen[i] = true;
            }
        }
    }
    let pairs: u64 = distribution.iter().sum();
    let total: u64 = distribution
        .iter()
        .enumerate()
        .map(|(d, &n)| d as u64 * n)
        .sum();
    RoyalStats {
        layouts: layouts.len() as u32,
        symmetry_classes: classes,
        components,
        diameter: diameter.0,
        diameter_example: [diameter.1.to_string(), diameter.2.to_string()],
        distribution,
        unreachable_pairs: unreachable,
        mean_distance: if pairs == 0 {
            0.0
        } else {
            total as f64 / pairs as f64
        },
    }
}
