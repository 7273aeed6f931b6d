//! The arena (lichess's model): for a fixed time, whoever finishes a game is paired again at
//! once with a waiting player of close score, never the one they just played.
//!
//! **Points.** A win is 2, a draw 1, a loss 0. After two wins in a row a player is *on a
//! streak*: each further win counts double (4) until a game that is not a win, which counts as
//! usual and ends the streak. [ours] A draw on a streak counts 1, as any draw (the issue's
//! rule: "each further win counts double until a non-win"; lichess doubles draws too). A
//! player who *berserked* (halved their own clock at the start) gets one more point for a win.
//!
//! **Pairing.** The waiting players in order of points (then rating, then who joined first);
//! each, from the top, meets the nearest below who is neither their last opponent nor has them
//! as theirs; one whose only possible opponents are last ones waits for the next pairing,
//! unless the whole arena is those two. The side that moved first less often (then: that moved
//! second last) moves first.

use crate::{Colour, Outcome, PlayerId};
use serde::{Deserialize, Serialize};

/// What one game gave one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scored {
    /// The result.
    pub outcome: Outcome,
    /// The points it gave.
    pub points: u32,
    /// Whether it was a win on a streak (counted double).
    pub doubled: bool,
    /// Whether the player berserked in it.
    pub berserk: bool,
}

/// Whether the results so far (oldest first) put a player on a streak: their last two games
/// were wins.
pub fn on_streak(previous: &[Outcome]) -> bool {
    previous.len() >= 2
        && previous[previous.len() - 2..]
            .iter()
            .all(|o| *o == Outcome::Win)
}

/// The points of a game ending in `outcome` for a player whose earlier results (oldest first)
/// are `previous`, who berserked in it or not.
pub fn score(previous: &[Outcome], outcome: Outcome, berserk: bool) -> Scored {
    let doubled = outcome == Outcome::Win && on_streak(previous);
    let base = outcome.half_points() * if doubled { 2 } else { 1 };
    let bonus = u32::from(berserk && outcome == Outcome::Win);
    Scored {
        outcome,
        points: base + bonus,
        doubled,
        berserk,
    }
}

/// A finished arena game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finished {
    /// Who moved first.
    pub first: PlayerId,
    /// Who moved second.
    pub second: PlayerId,
    /// The result for the first mover.
    pub outcome: Outcome,
    /// Whether each (first, second) berserked.
    pub berserk: [bool; 2],
}

/// A player's line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    /// The player.
    pub player: PlayerId,
    /// Points.
    pub points: u32,
    /// Every game's points, oldest first.
    pub games: Vec<Scored>,
    /// Whether the next win counts double.
    pub streak: bool,
}

/// The standings after `finished` games (in the order they ended) of `players`, best first:
/// by points, then by fewer games (the same points in fewer games), then by the player's
/// number (who joined first).
pub fn standings(players: &[PlayerId], finished: &[Finished]) -> Vec<Sheet> {
    let mut sheets: Vec<Sheet> = players
        .iter()
        .map(|&player| Sheet {
            player,
            points: 0,
            games: Vec::new(),
            streak: false,
        })
        .collect();
    // each player's sheet by number: a game finds its players at once, however many play
    let at: std::collections::HashMap<PlayerId, usize> =
        players.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    for g in finished {
        for (me, outcome, berserk) in [
            (g.first, g.outcome, g.berserk[0]),
            (g.second, g.outcome.flipped(), g.berserk[1]),
        ] {
            let Some(sheet) = at.get(&me).and_then(|&i| sheets.get_mut(i)) else {
                continue;
            };
            let before: Vec<Outcome> = sheet.games.iter().map(|s| s.outcome).collect();
            let scored = score(&before, outcome, berserk);
            sheet.points += scored.points;
            sheet.games.push(scored);
            let after: Vec<Outcome> = sheet.games.iter().map(|s| s.outcome).collect();
            sheet.streak = on_streak(&after);
        }
    }
    sheets.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(a.games.len().cmp(&b.games.len()))
            .then(a.player.cmp(&b.player))
    });
    sheets
}

/// A player waiting to be paired.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Waiting {
    /// The player.
    pub player: PlayerId,
    /// Their points.
    pub points: u32,
    /// Their rating (the order among equal points).
    pub rating: f64,
    /// Whom they played last.
    pub last_opponent: Option<PlayerId>,
    /// Games they moved first in, less games they moved second in.
    pub first_balance: i32,
    /// The side they had last.
    pub last_colour: Option<Colour>,
}

/// A pairing: who moves first, who second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// Moves first.
    pub first: PlayerId,
    /// Moves second.
    pub second: PlayerId,
}

/// Whether `a` moves first against `b` (see the module's rule).
fn a_moves_first(a: &Waiting, b: &Waiting) -> bool {
    if a.first_balance != b.first_balance {
        return a.first_balance < b.first_balance;
    }
    match (a.last_colour, b.last_colour) {
        (Some(Colour::Second), Some(Colour::First)) | (Some(Colour::Second), None) => true,
        (Some(Colour::First), Some(Colour::Second)) | (None, Some(Colour::Second)) => false,
        // the higher placed (the caller's order) moves first
        _ => true,
    }
}

/// Pairs the waiting players; those left out wait. `arena_size` is how many play in the arena
/// (two alone may meet again and again).
pub fn pair(waiting: &[Waiting], arena_size: usize) -> Vec<Pairing> {
    let mut order: Vec<&Waiting> = waiting.iter().collect();
    order.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(b.rating.total_cmp(&a.rating))
            .then(a.player.cmp(&b.player))
    });
    let rematch_allowed = arena_size <= 2;
    let mut taken = vec![false; order.len()];
    let mut pairs = Vec::new();
    for i in 0..order.len() {
        if taken[i] {
            continue;
        }
        let a = order[i];
        let found = (i + 1..order.len()).find(|&j| {
            let b = order[j];
            !taken[j]
                && (rematch_allowed
                    || (a.last_opponent != Some(b.player) && b.last_opponent != Some(a.player)))
        });
        if let Some(j) = found {
            taken[i] = true;
            taken[j] = true;
            let b = order[j];
            pairs.push(if a_moves_first(a, b) {
                Pairing {
                    first: a.player,
                    second: b.player,
                }
            } else {
                Pairing {
                    first: b.player,
                    second: a.player,
                }
            });
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::{Draw, Loss, Win};

    #[test]
    fn wins_count_double_after_two_wins_until_a_non_win() {
        // W W W W D W W W L W: 2 2 4 4 1 2 2 4 0 2
        let results = [Win, Win, Win, Win, Draw, Win, Win, Win, Loss, Win];
        let mut seen = Vec::new();
        let mut points = Vec::new();
        for r in results {
            points.push(score(&seen, r, false).points);
            seen.push(r);
        }
        assert_eq!(points, [2, 2, 4, 4, 1, 2, 2, 4, 0, 2]);
        assert_eq!(points.iter().sum::<u32>(), 23);
    }

    #[test]
    fn a_berserk_win_earns_one_more_point_and_a_berserk_loss_nothing() {
        assert_eq!(score(&[], Win, true).points, 3);
        assert_eq!(
            score(&[Win, Win], Win, true).points,
            5,
            "doubled, then the bonus"
        );
        assert_eq!(score(&[], Draw, true).points, 1);
        assert_eq!(score(&[], Loss, true).points, 0);
    }

    #[test]
    fn standings_add_up_each_players_games_in_the_order_they_ended() {
        let g = |first, second, outcome, berserk| Finished {
            first,
            second,
            outcome,
            berserk,
        };
        // 0 beats 1, 0 beats 2 (0 berserked), 1 draws 2, 0 beats 1 (on a streak: 4)
        let games = [
            g(0, 1, Win, [false, false]),
            g(2, 0, Loss, [false, true]),
            g(1, 2, Draw, [false, false]),
            g(1, 0, Loss, [false, false]),
        ];
        let s = standings(&[0, 1, 2], &games);
        assert_eq!(
            s.iter().map(|x| (x.player, x.points)).collect::<Vec<_>>(),
            [(0, 2 + 3 + 4), (2, 1), (1, 1)],
            "equal points: fewer games first"
        );
        assert!(s[0].streak);
        assert!(s[0].games[2].doubled && s[0].games[1].berserk);
    }

    fn waiting(player: PlayerId, points: u32, last: Option<PlayerId>) -> Waiting {
        Waiting {
            player,
            points,
            rating: 1500.0,
            last_opponent: last,
            first_balance: 0,
            last_colour: None,
        }
    }

    #[test]
    fn close_scores_meet_and_never_the_last_opponent() {
        // by points: 3 (9), 1 (7), 0 (7), 2 (4), 4 (0); 3 and 1 just played each other
        let w = [
            waiting(0, 7, None),
            waiting(1, 7, Some(3)),
            waiting(2, 4, None),
            waiting(3, 9, Some(1)),
            waiting(4, 0, None),
        ];
        let pairs: Vec<(u32, u32)> = pair(&w, 10)
            .iter()
            .map(|p| (p.first.min(p.second), p.first.max(p.second)))
            .collect();
        // 3 skips 1 and meets 0; 1 meets 2; 4 waits
        assert_eq!(pairs, [(0, 3), (1, 2)]);
    }

    #[test]
    fn the_last_opponents_alone_wait_unless_the_arena_is_those_two() {
        let w = [waiting(0, 2, Some(1)), waiting(1, 0, Some(0))];
        assert!(pair(&w, 5).is_empty(), "they wait for someone else");
        assert_eq!(pair(&w, 2).len(), 1);
    }

    #[test]
    fn the_side_that_moved_first_less_often_moves_first() {
        let mut a = waiting(0, 5, None);
        let mut b = waiting(1, 3, None);
        a.first_balance = 1;
        b.first_balance = -1;
        assert_eq!(pair(&[a.clone(), b.clone()], 10)[0].first, 1);
        // balanced: who moved second last moves first
        a.first_balance = 0;
        b.first_balance = 0;
        a.last_colour = Some(Colour::First);
        b.last_colour = Some(Colour::Second);
        assert_eq!(pair(&[a.clone(), b.clone()], 10)[0].first, 1);
        // nothing to go by: the higher placed
        a.last_colour = None;
        b.last_colour = None;
        assert_eq!(pair(&[a, b], 10)[0].first, 0);
    }
}
