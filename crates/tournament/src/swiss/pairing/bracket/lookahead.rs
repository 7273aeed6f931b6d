//! The Dutch system's look-ahead (C.7): among a bracket's candidates equally good by the pairs
//! and the score differences, those whose downfloaters let the next bracket pair the most
//! players, then with the smallest score differences, come first; the rest of the criteria
//! (colours, floats) and the Dutch order decide among them.
//!
//! [ours] The players who may float instead are looked for among the sets of the same size and
//! the same points as the first choice's (so the score differences are the same), of at most
//! two players (two only in brackets of up to 60).

use super::super::Field;
use super::{Choice, Quality, Search, combinations};
use std::collections::{BTreeMap, HashSet};

/// The bracket's choice (`quality`, `choice`, the best without looking ahead), or a candidate
/// as good by pairs and score differences whose floaters suit the next bracket better.
/// `rest` holds the score groups below the bracket, the next first.
pub(super) fn for_the_next_bracket(
    field: &Field,
    rest: &[Vec<usize>],
    (moved_down, residents): (&[usize], &[usize]),
    quality: Quality,
    choice: Choice,
) -> Choice {
    let k = choice.floaters.len();
    let size = moved_down.len() + residents.len();
    if k > 2 || (k == 2 && size > 60) {
        return choice;
    }
    let (next, below_next) = (&rest[0], rest[1..].concat());
    let next_shape = |floaters: &[usize]| {
        let mut f = floaters.to_vec();
        f.sort_unstable();
        let mut s = Search::new(field, &below_next, next);
        s.shape_only = true;
        s.bracket(&f, next);
        s.best.map(|(q, _)| (q.unpaired, q.psd))
    };
    let Some(chosen) = next_shape(&choice.floaters) else {
        return choice;
    };
    if chosen == best_conceivable(field, &choice.floaters, next) {
        return choice;
    }
    let points = |f: &[usize]| {
        let mut p: Vec<u32> = f.iter().map(|&i| field.score(i)).collect();
        p.sort_unstable();
        p
    };
    let wanted = points(&choice.floaters);
    let below: Vec<usize> = rest.concat();
    let mut probe = Search::new(field, &below, residents);
    let players: Vec<usize> = moved_down.iter().chain(residents).copied().collect();
    let mut by_shape: BTreeMap<(usize, Vec<u32>), HashSet<Vec<usize>>> = BTreeMap::new();
    for mut f in combinations(&players, k) {
        f.sort_unstable();
        if points(&f) != wanted || !probe.completes(&f) {
            continue;
        }
        if let Some(shape) = next_shape(&f).filter(|s| *s < chosen) {
            by_shape.entry(shape).or_default().insert(f);
        }
    }
    // the best next bracket first; a set the bracket cannot float as well as the first
    // choice (fewer pairs, larger differences) is passed over
    for allowed in by_shape.into_values() {
        let mut search = Search::new(field, &below, residents);
        search.allowed = Some(allowed);
        search.bracket(moved_down, residents);
        if let Some((q, c)) = search.best
            && (q.unpaired, &q.psd) == (quality.unpaired, &quality.psd)
        {
            return c;
        }
    }
    choice
}

/// The next bracket's best conceivable shape with `floaters` moved down: everyone paired who
/// can be, each moved-down player with a resident.
fn best_conceivable(field: &Field, floaters: &[usize], next: &[usize]) -> (usize, Vec<u32>) {
    let n = floaters.len() + next.len();
    let lowest = field.score(next[0]);
    let mut psd: Vec<u32> = floaters.iter().map(|&m| field.score(m) - lowest).collect();
    psd.extend(std::iter::repeat_n(
        0,
        (n / 2).saturating_sub(floaters.len()),
    ));
    if n % 2 == 1 {
        psd.push(2);
    }
    psd.sort_unstable_by(|a, b| b.cmp(a));
    (n % 2, psd)
}
