//! Colour preferences and the allocation of colours to a pair (FIDE C.04.3, "Colour
//! differences and colour preferences" and the colour allocation rules).

use crate::Colour;
use crate::swiss::Record;

/// How much a player wants a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Strength {
    /// No game played yet: no preference.
    None,
    /// Colours balanced: alternate from the last game.
    Mild,
    /// One colour played once more than the other.
    Strong,
    /// Two more of one colour, or the same colour in the last two games: must not have it again.
    Absolute,
}

/// A player's colour preference: its strength and the colour wanted.
pub(super) fn preference(r: &Record) -> (Strength, Option<Colour>) {
    let cd = r.colour_difference();
    let last_two_same = r.colours.len() >= 2 && {
        let n = r.colours.len();
        r.colours[n - 1] == r.colours[n - 2]
    };
    let last = r.colours.last().copied();
    if cd > 1 || (last_two_same && last == Some(Colour::First)) {
        (Strength::Absolute, Some(Colour::Second))
    } else if cd < -1 || (last_two_same && last == Some(Colour::Second)) {
        (Strength::Absolute, Some(Colour::First))
    } else if cd == 1 {
        (Strength::Strong, Some(Colour::Second))
    } else if cd == -1 {
        (Strength::Strong, Some(Colour::First))
    } else if let Some(c) = last {
        (Strength::Mild, Some(c.other()))
    } else {
        (Strength::None, None)
    }
}

/// Whether `a` and `b` may meet: never before, and not both bound to the same colour.
pub(super) fn compatible(a: &Record, b: &Record) -> bool {
    if a.opponents.contains(&b.player) {
        return false;
    }
    let (pa, ca) = preference(a);
    let (pb, cb) = preference(b);
    !(pa == Strength::Absolute && pb == Strength::Absolute && ca == cb)
}

/// What a pair costs in colours: whether a player's preference goes unmet, and whether that
/// preference was strong (or absolute). Both want the same colour: the weaker one yields.
pub(super) fn unmet(
    (pa, ca): (Strength, Option<Colour>),
    (pb, cb): (Strength, Option<Colour>),
) -> (u32, u32) {
    match (ca, cb) {
        (Some(x), Some(y)) if x == y => (1, u32::from(pa.min(pb) >= Strength::Strong)),
        _ => (0, 0),
    }
}

/// Who of a pair moves first (`true`: `a`): both preferences granted when they differ; else
/// the stronger one; equal ones for the same colour go to the wider colour difference, then
/// by the latest game in which the two had different colours (each gets the other of what
/// they had then), then to the player with the smaller pairing number [ours: "higher ranked"
/// read as the reference engine of `tests/tournament/dutch_reference.rs` reads it]. Neither with a
/// preference: that player moves first with an odd pairing number (the initial colour is the
/// first) and second with an even one.
pub(super) fn first_of(a: &Record, b: &Record) -> bool {
    let (pa, ca) = preference(a);
    let (pb, cb) = preference(b);
    let a_higher = a.rank < b.rank;
    match (ca, cb) {
        (None, None) => a_higher == a.rank.min(b.rank).is_multiple_of(2),
        (Some(c), None) => c == Colour::First,
        (None, Some(c)) => c == Colour::Second,
        (Some(x), Some(y)) if x != y => x == Colour::First,
        (Some(x), Some(_)) => {
            if pa != pb {
                return (pa > pb) == (x == Colour::First);
            }
            // the wider colour difference: the one further from what both want
            let (da, db) = (a.colour_difference(), b.colour_difference());
            if da != db {
                let a_needs_more = if x == Colour::First { da < db } else { da > db };
                return a_needs_more == (x == Colour::First);
            }
            // the latest game in which they had different colours
            let (na, nb) = (a.colours.len(), b.colours.len());
            for k in 1..=na.min(nb) {
                let (x, y) = (a.colours[na - k], b.colours[nb - k]);
                if x != y {
                    return x == Colour::Second;
                }
            }
            a_higher == (x == Colour::First)
        }
    }
}
