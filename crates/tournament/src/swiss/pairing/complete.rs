//! Whether a set of players can all be paired under the absolute rules, and one such pairing:
//! a depth-first search in the Dutch order (each player, from the top, takes the first
//! opponent left that the rules allow, going back when the rest cannot be paired). A bracket
//! asks it whether the players it would float down still leave the rest of the round
//! pairable (the completion criterion); the round falls back on it if a bracket's search
//! runs out of steps before finding any pairing.

use super::{Field, PairingError};

/// A complete pairing of some players: the pairs and who has the bye.
pub(super) type Complete = (Vec<(usize, usize)>, Option<usize>);

/// Pairs `left` (field indices, in field order) completely; an odd number leaves the bye to
/// the lowest placed who may have one (else the next lowest). `None` when no pairing exists;
/// an error when `max_steps` steps did not settle it.
pub(super) fn pair_all(
    field: &Field,
    left: &[usize],
    max_steps: u64,
) -> Result<Option<Complete>, PairingError> {
    let mut steps = 0;
    let bye_choices: Vec<Option<usize>> = if left.len().is_multiple_of(2) {
        vec![None]
    } else {
        left.iter()
            .rev()
            .filter(|&&i| field.bye_allowed(i))
            .map(|&i| Some(i))
            .collect()
    };
    for bye in bye_choices {
        let rest: Vec<usize> = left.iter().copied().filter(|&i| Some(i) != bye).collect();
        if let Some(pairs) = search(field, &rest, &mut steps, max_steps)? {
            return Ok(Some((pairs, bye)));
        }
    }
    Ok(None)
}

fn search(
    field: &Field,
    left: &[usize],
    steps: &mut u64,
    max_steps: u64,
) -> Result<Option<Vec<(usize, usize)>>, PairingError> {
    let Some((&top, rest)) = left.split_first() else {
        return Ok(Some(Vec::new()));
    };
    *steps += 1;
    if *steps > max_steps {
        return Err(PairingError::TooHard);
    }
    let score = field.score(top);
    // my score group as it stands (me first), and the players below it
    let group: Vec<usize> = std::iter::once(top)
        .chain(rest.iter().copied().filter(|&i| field.score(i) == score))
        .collect();
    let half = group.len() / 2;
    let below = rest.iter().copied().filter(|&i| field.score(i) != score);
    // the bottom half in order, then the rest of the top half from its lowest, then below
    let candidates: Vec<usize> = group[half.max(1)..]
        .iter()
        .copied()
        .chain(group[1..half.max(1)].iter().rev().copied())
        .chain(below)
        .collect();
    for other in candidates {
        if !field.may_meet(top, other) {
            continue;
        }
        let remaining: Vec<usize> = rest.iter().copied().filter(|&i| i != other).collect();
        if let Some(mut pairs) = search(field, &remaining, steps, max_steps)? {
            pairs.insert(0, (top, other));
            return Ok(Some(pairs));
        }
    }
    Ok(None)
}
