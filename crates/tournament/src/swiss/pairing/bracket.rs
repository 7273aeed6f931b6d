//! The round paired bracket by bracket, each bracket's candidates generated in the Dutch
//! order and judged by the quality criteria (see the module above for which).

use super::colours::{Strength, unmet};
use super::complete::{Complete, pair_all};
use super::{Field, Float};
use crate::Colour;
use std::collections::{HashMap, HashSet};

mod lookahead;

/// Steps one bracket's search may take before the best candidate found so far is taken.
const BRACKET_STEPS: u64 = 400_000;

/// Steps one completion check may take; a check that does not settle counts as "no".
const COMPLETION_STEPS: u64 = 20_000;

/// The whole round, bracket by bracket; `None` if some bracket's search found no candidate
/// within its steps (the caller falls back on the plain search).
pub(super) fn pair_by_brackets(field: &Field) -> Option<Complete> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..field.len() {
        match groups.last_mut() {
            Some(g) if field.score(g[0]) == field.score(i) => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let mut pairs = Vec::new();
    let mut moved_down: Vec<usize> = Vec::new();
    for (g, residents) in groups.iter().enumerate() {
        let below: Vec<usize> = groups[g + 1..].concat();
        let mut search = Search::new(field, &below, residents);
        search.bracket(&moved_down, residents);
        let (quality, mut choice) = search.best?;
        if !choice.floaters.is_empty() && g + 1 < groups.len() {
            choice = lookahead::for_the_next_bracket(
                field,
                &groups[g + 1..],
                (&moved_down, residents),
                quality,
                choice,
            );
        }
        pairs.extend(choice.pairs);
        moved_down = choice.floaters;
        // the moved-down players in the Dutch order: points, then pairing number
        moved_down.sort_unstable();
    }
    match moved_down.as_slice() {
        [] => Some((pairs, None)),
        [bye] => Some((pairs, Some(*bye))),
        _ => None,
    }
}

/// A bracket's pairing: its pairs and who floats down from it.
#[derive(Clone, Debug, Default)]
pub(super) struct Choice {
    pub(super) pairs: Vec<(usize, usize)>,
    pub(super) floaters: Vec<usize>,
}

/// The criteria counted player by player, smaller better, compared in this order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Counts {
    /// Colour preferences not met.
    colour: u32,
    /// Strong (or absolute) colour preferences not met.
    strong: u32,
    /// Floated down again after a downfloat in the previous round.
    down1: u32,
    /// Floated up again after an upfloat in the previous round.
    up1: u32,
    /// Floated down as in the round before the previous one.
    down2: u32,
    /// Floated up as in the round before the previous one.
    up2: u32,
}

/// A candidate's quality, smaller better: the players left unpaired, the pairing score
/// differences (largest first), then the counts.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Quality {
    pub(super) unpaired: usize,
    pub(super) psd: Vec<u32>,
    counts: Counts,
}

/// One bracket's search for its best candidate.
pub(super) struct Search<'a> {
    field: &'a Field<'a>,
    below: &'a [usize],
    /// The residents' score: the lowest in the bracket.
    lowest: u32,
    steps: u64,
    completes: HashMap<Vec<usize>, bool>,
    /// The best candidate found so far.
    pub(super) best: Option<(Quality, Choice)>,
    /// Only the pairs and score differences are weighed (the look-ahead's measure of the
    /// next bracket).
    pub(super) shape_only: bool,
    /// When set, only candidates floating down one of these sets (sorted) are taken.
    pub(super) allowed: Option<HashSet<Vec<usize>>>,
    /// No candidate can be better than this: reaching it ends the search.
    bound: Option<Quality>,
    /// No candidate of the remainder being searched can be better than this: reaching it
    /// ends that remainder's search (the moved-down players' next choice follows).
    remainder_bound: Option<Quality>,
}

impl<'a> Search<'a> {
    pub(super) fn new(field: &'a Field<'a>, below: &'a [usize], residents: &[usize]) -> Search<'a> {
        Search {
            field,
            below,
            lowest: field.score(residents[0]),
            steps: 0,
            completes: HashMap::new(),
            best: None,
            shape_only: false,
            allowed: None,
            bound: None,
            remainder_bound: None,
        }
    }

    /// What a pair costs in colours, unless only the shape is weighed.
    fn add_pair(&self, counts: &mut Counts, a: usize, b: usize) {
        if !self.shape_only {
            add_pair(self.field, counts, a, b);
        }
    }

    /// A repeated float, unless only the shape is weighed.
    fn add_float(&self, counts: &mut Counts, who: usize, now: Float) {
        if !self.shape_only {
            add_float(counts, self.field.floats[who], now);
        }
    }

    /// The colour preferences `players` cannot avoid leaving unmet with `pairs` pairs,
    /// unless only the shape is weighed.
    fn unavoidable(&self, players: &[usize], pairs: usize) -> (u32, u32) {
        if self.shape_only {
            (0, 0)
        } else {
            unavoidable(self.field, players, pairs)
        }
    }

    fn out_of_steps(&self) -> bool {
        self.steps > BRACKET_STEPS
    }

    fn reached_bound(&self) -> bool {
        matches!((&self.best, &self.bound), (Some((q, _)), Some(b)) if q == b)
    }

    fn reached_remainder_bound(&self) -> bool {
        matches!((&self.best, &self.remainder_bound), (Some((q, _)), Some(b)) if q == b)
    }

    /// What a floater adds to the score differences: its points less one point below the
    /// bracket's lowest.
    fn float_difference(&self, i: usize) -> u32 {
        self.field.score(i) + 2 - self.lowest
    }

    /// Searches the bracket of `moved_down` and `residents` (each in the Dutch order).
    pub(super) fn bracket(&mut self, moved_down: &[usize], residents: &[usize]) {
        self.bound = self.lower_bound(moved_down, residents);
        self.moved_down(
            moved_down,
            residents,
            0,
            &mut vec![false; residents.len()],
            Choice::default(),
            Counts::default(),
            Vec::new(),
        );
    }

    /// The best a candidate could be: everyone paired who can be (the moved-down players
    /// each with a resident), no float repeated, and only the colour preferences that the
    /// numbers make unavoidable left unmet. `None` when more moved down than can meet
    /// residents.
    fn lower_bound(&self, moved_down: &[usize], residents: &[usize]) -> Option<Quality> {
        if moved_down.len() > residents.len() {
            return None;
        }
        let n = moved_down.len() + residents.len();
        let mut psd: Vec<u32> = moved_down
            .iter()
            .map(|&m| self.field.score(m) - self.lowest)
            .collect();
        psd.extend(std::iter::repeat_n(0, n / 2 - moved_down.len()));
        if n % 2 == 1 {
            psd.push(2);
        }
        psd.sort_unstable_by(|a, b| b.cmp(a));
        let all: Vec<usize> = moved_down.iter().chain(residents).copied().collect();
        let (colour, strong) = self.unavoidable(&all, n / 2);
        Some(Quality {
            unpaired: n % 2,
            psd,
            counts: Counts {
                colour,
                strong,
                ..Counts::default()
            },
        })
    }

    /// The moved-down players in order, each with a resident (in order) or floating on (tried
    /// last); then the remainder.
    #[allow(clippy::too_many_arguments)]
    fn moved_down(
        &mut self,
        moved_down: &[usize],
        residents: &[usize],
        k: usize,
        used: &mut Vec<bool>,
        choice: Choice,
        counts: Counts,
        psd: Vec<u32>,
    ) -> bool {
        self.steps += 1;
        if self.out_of_steps() || self.reached_bound() {
            return true;
        }
        let Some(&m) = moved_down.get(k) else {
            let remainder: Vec<usize> = residents
                .iter()
                .zip(used.iter())
                .filter(|(_, u)| !**u)
                .map(|(&r, _)| r)
                .collect();
            return self.remainder(&remainder, &choice, counts, &psd);
        };
        for (j, &r) in residents.iter().enumerate() {
            if used[j] || !self.field.may_meet(m, r) {
                continue;
            }
            let mut c = counts;
            self.add_pair(&mut c, m, r);
            self.add_float(&mut c, r, Float::Up);
            let mut next = choice.clone();
            next.pairs.push((m, r));
            let mut d = psd.clone();
            d.push(self.field.score(m) - self.field.score(r));
            used[j] = true;
            let stop = self.moved_down(moved_down, residents, k + 1, used, next, c, d);
            used[j] = false;
            if stop {
                return true;
            }
        }
        let mut next = choice;
        next.floaters.push(m);
        let mut d = psd;
        d.push(self.float_difference(m));
        self.moved_down(moved_down, residents, k + 1, used, next, counts, d)
    }

    /// The remainder: residents of one score, paired as a homogeneous bracket with the most
    /// pairs that leave the round completable; S1 its top half, S2 the rest, the
    /// transpositions of S2, then the exchanges.
    fn remainder(&mut self, group: &[usize], fixed: &Choice, counts: Counts, psd: &[u32]) -> bool {
        let len = group.len();
        for p in (0..=len / 2).rev() {
            let found_before = self.best.clone();
            let mut shape = psd.to_vec();
            shape.extend(std::iter::repeat_n(0, p));
            shape.extend(std::iter::repeat_n(2, len - 2 * p));
            shape.sort_unstable_by(|a, b| b.cmp(a));
            let unpaired = fixed.floaters.len() + len - 2 * p;
            // nothing at this many pairs can beat the best: the shape is fixed by `p`
            if let Some((b, _)) = &self.best
                && (unpaired, &shape) > (b.unpaired, &b.psd)
            {
                return false;
            }
            let (colour, strong) = self.unavoidable(group, p);
            self.remainder_bound = Some(Quality {
                unpaired,
                psd: shape.clone(),
                counts: Counts {
                    colour: counts.colour + colour,
                    strong: counts.strong + strong,
                    ..counts
                },
            });
            for (s1, s2) in (0..=most_exchanged(p, len - p)).flat_map(|k| exchanges(p, len - p, k))
            {
                let s1: Vec<usize> = s1.iter().map(|&i| group[i]).collect();
                let s2: Vec<usize> = s2.iter().map(|&i| group[i]).collect();
                let mut pairs = fixed.pairs.clone();
                let stop = self.transpositions(
                    &s1,
                    &s2,
                    &mut vec![false; s2.len()],
                    &mut pairs,
                    counts,
                    (unpaired, &shape),
                    &fixed.floaters,
                    0,
                );
                if self.out_of_steps() || self.reached_bound() {
                    return true;
                }
                if stop {
                    return false;
                }
            }
            if self.best.as_ref().map(|b| &b.0) != found_before.as_ref().map(|b| &b.0) {
                return false;
            }
        }
        false
    }

    /// S1's players in order, each with an S2 player in order (the transpositions of S2 in
    /// their lexicographic order); S2's players left over float down.
    #[allow(clippy::too_many_arguments)]
    fn transpositions(
        &mut self,
        s1: &[usize],
        s2: &[usize],
        used: &mut Vec<bool>,
        pairs: &mut Vec<(usize, usize)>,
        counts: Counts,
        shape: (usize, &Vec<u32>),
        floaters: &[usize],
        depth: usize,
    ) -> bool {
        self.steps += 1;
        if self.out_of_steps() {
            return true;
        }
        if let Some((b, _)) = &self.best {
            // what the players still to pair cannot avoid
            let rest: Vec<usize> = s1[depth..]
                .iter()
                .copied()
                .chain(
                    s2.iter()
                        .zip(used.iter())
                        .filter(|(_, u)| !**u)
                        .map(|(&x, _)| x),
                )
                .collect();
            let (colour, strong) = self.unavoidable(&rest, s1.len() - depth);
            let least = Counts {
                colour: counts.colour + colour,
                strong: counts.strong + strong,
                ..counts
            };
            if (shape.0, shape.1, least) >= (b.unpaired, &b.psd, b.counts) {
                return false;
            }
        }
        let Some(&me) = s1.get(depth) else {
            let mut counts = counts;
            let mut all_floaters = floaters.to_vec();
            for (j, &x) in s2.iter().enumerate() {
                if !used[j] {
                    self.add_float(&mut counts, x, Float::Down);
                    all_floaters.push(x);
                }
            }
            let quality = Quality {
                unpaired: shape.0,
                psd: shape.1.clone(),
                counts,
            };
            if self.best.as_ref().is_some_and(|(b, _)| quality >= *b)
                || !self.may_float(&all_floaters)
                || !self.completes(&all_floaters)
            {
                return false;
            }
            self.best = Some((
                quality,
                Choice {
                    pairs: pairs.clone(),
                    floaters: all_floaters,
                },
            ));
            return self.reached_bound() || self.reached_remainder_bound();
        };
        for j in 0..s2.len() {
            if used[j] || !self.field.may_meet(me, s2[j]) {
                continue;
            }
            let mut c = counts;
            self.add_pair(&mut c, me, s2[j]);
            used[j] = true;
            pairs.push((me, s2[j]));
            let stop = self.transpositions(s1, s2, used, pairs, c, shape, floaters, depth + 1);
            pairs.pop();
            used[j] = false;
            if stop {
                return true;
            }
        }
        false
    }

    /// Whether the look-ahead lets these players float down.
    fn may_float(&self, floaters: &[usize]) -> bool {
        self.allowed.as_ref().is_none_or(|allowed| {
            let mut key = floaters.to_vec();
            key.sort_unstable();
            allowed.contains(&key)
        })
    }

    /// Whether floating `floaters` down leaves the rest of the round pairable.
    pub(super) fn completes(&mut self, floaters: &[usize]) -> bool {
        let mut key = floaters.to_vec();
        key.sort_unstable();
        if let Some(&known) = self.completes.get(&key) {
            return known;
        }
        let mut rest = key.clone();
        rest.extend_from_slice(self.below);
        let ok = matches!(pair_all(self.field, &rest, COMPLETION_STEPS), Ok(Some(_)));
        self.completes.insert(key, ok);
        ok
    }
}

/// A pair's colour cost.
fn add_pair(field: &Field, counts: &mut Counts, a: usize, b: usize) {
    let (colour, strong) = unmet(field.prefs[a], field.prefs[b]);
    counts.colour += colour;
    counts.strong += strong;
}

/// A float given to a player, counted when it repeats one of their last two rounds.
fn add_float(counts: &mut Counts, had: [Float; 2], now: Float) {
    match now {
        Float::Down => {
            counts.down1 += u32::from(had[0] == Float::Down);
            counts.down2 += u32::from(had[1] == Float::Down);
        }
        Float::Up => {
            counts.up1 += u32::from(had[0] == Float::Up);
            counts.up2 += u32::from(had[1] == Float::Up);
        }
        Float::None => {}
    }
}

/// The colour preferences that `pairs` pairs among `players` must leave unmet whatever the
/// pairing: each pair meets at most one preference for each colour, and the players left
/// unpaired meet none; then the strong ones, which go unmet only when both players of a pair
/// hold one for the same colour.
fn unavoidable(field: &Field, players: &[usize], pairs: usize) -> (u32, u32) {
    let left = players.len() - 2 * pairs;
    let mut colour = 0;
    let mut strong = 0;
    for c in [Colour::First, Colour::Second] {
        let wants = |min: Strength| {
            players
                .iter()
                .filter(|&&i| {
                    let (s, w) = field.prefs[i];
                    w == Some(c) && s >= min
                })
                .count()
        };
        let all = wants(Strength::Mild);
        colour += all.saturating_sub(pairs + left);
        let firm = wants(Strength::Strong);
        let others = players.len() - firm;
        strong += firm.saturating_sub(others + left) / 2;
    }
    (colour as u32, strong as u32)
}

/// Where an exchange comes in the Dutch order: the difference of the sums, the positions
/// moved down (lowest placed first, higher first), the positions moved up.
type ExchangeOrder = (usize, Vec<std::cmp::Reverse<usize>>, Vec<usize>);

/// How many players may be exchanged between S1 and S2 in a homogeneous bracket of `p + q`
/// players. [ours] Brackets of more than 16 players try exchanges of at most two players
/// (more than 40: one).
fn most_exchanged(p: usize, q: usize) -> usize {
    match p + q {
        0..=16 => p.min(q),
        17..=40 => p.min(q).min(2),
        _ => p.min(q).min(1),
    }
}

/// The splits of a homogeneous bracket of `p + q` players (positions in bracket order) into
/// S1 of `p` and S2 of `q` that exchange `k` players, in the Dutch order (none exchanged:
/// the plain split): the smallest difference between the sums of the positions moved up and
/// moved down first; then the ones moving down the lowest placed of S1; then the ones moving
/// up the highest placed of S2.
fn exchanges(p: usize, q: usize, k: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
    let s1: Vec<usize> = (0..p).collect();
    let s2: Vec<usize> = (p..p + q).collect();
    let mut these: Vec<(ExchangeOrder, Vec<usize>, Vec<usize>)> = Vec::new();
    for down in combinations(&s1, k) {
        for up in combinations(&s2, k) {
            let diff = up.iter().sum::<usize>() - down.iter().sum::<usize>();
            let lowest_down: Vec<std::cmp::Reverse<usize>> =
                down.iter().rev().map(|&d| std::cmp::Reverse(d)).collect();
            these.push(((diff, lowest_down, up.clone()), down.clone(), up));
        }
    }
    these.sort_by(|a, b| a.0.cmp(&b.0));
    these
        .into_iter()
        .map(|(_, down, up)| {
            let mut a: Vec<usize> = s1
                .iter()
                .copied()
                .filter(|i| !down.contains(i))
                .chain(up.iter().copied())
                .collect();
            let mut b: Vec<usize> = s2
                .iter()
                .copied()
                .filter(|i| !up.contains(i))
                .chain(down.iter().copied())
                .collect();
            a.sort_unstable();
            b.sort_unstable();
            (a, b)
        })
        .collect()
}

/// The `k`-element subsets of `items`, each in order, in lexicographic order.
pub(super) fn combinations(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        for mut rest in combinations(&items[i + 1..], k - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}
