//! Check Mates tournaments: scheduled party rounds, each seating the players at tables of up
//! to six by rating, a round's points from the places its party gives (RULES.md's tie-breaks
//! decide the places inside a party), summed over the rounds.
//!
//! [ours] **Seating.** As few tables as hold everyone six at most, their sizes as equal as can
//! be (larger first: 13 players sit 5, 4, 4, never 6, 6, 1), filled in order of rating, so that
//! players of a level meet. A lone player has no party: one present alone waits the round.
//!
//! [ours] **Points.** A party is scored as the rating of a party is (each player against each
//! other): one point for each player placed below, half a point for each sharing the place. So
//! a table of five gives 4, 3, 2, 1, 0 and a round is worth as much at any table size per
//! opponent beaten.

use crate::PlayerId;

/// The most players at a table (a Check Mates party seats up to six).
pub const MAX_TABLE: usize = 6;

/// The tables of a round: `players` in order of rating (highest first), seated as the module
/// says; each table lists its players in that order. One player alone gets no table.
pub fn seat(players: &[PlayerId]) -> Vec<Vec<PlayerId>> {
    let n = players.len();
    if n < 2 {
        return Vec::new();
    }
    let tables = n.div_ceil(MAX_TABLE);
    let (base, larger) = (n / tables, n % tables);
    let mut out = Vec::with_capacity(tables);
    let mut at = 0;
    for t in 0..tables {
        let size = base + usize::from(t < larger);
        out.push(players[at..at + size].to_vec());
        at += size;
    }
    out
}

/// A party's points per player, in halves, from each player's place (1 the best; equal places
/// shared), in the order given.
pub fn round_points(places: &[u32]) -> Vec<u32> {
    places
        .iter()
        .enumerate()
        .map(|(i, &mine)| {
            places
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &other)| match mine.cmp(&other) {
                    std::cmp::Ordering::Less => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Greater => 0,
                })
                .sum()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes(n: u32) -> Vec<usize> {
        let players: Vec<PlayerId> = (0..n).collect();
        seat(&players).iter().map(Vec::len).collect()
    }

    #[test]
    fn tables_are_as_few_and_as_even_as_can_be() {
        assert_eq!(sizes(0), Vec::<usize>::new());
        assert_eq!(sizes(1), Vec::<usize>::new(), "a lone player waits");
        assert_eq!(sizes(2), [2]);
        assert_eq!(sizes(6), [6]);
        assert_eq!(sizes(7), [4, 3]);
        assert_eq!(sizes(13), [5, 4, 4]);
        assert_eq!(sizes(36), [6, 6, 6, 6, 6, 6]);
        for n in 2..=500u32 {
            let s = sizes(n);
            assert_eq!(s.iter().sum::<usize>(), n as usize);
            assert!(
                s.iter().all(|&k| (2..=MAX_TABLE).contains(&k)),
                "{n}: {s:?}"
            );
            assert!(s[0] - s[s.len() - 1] <= 1, "{n}: {s:?}");
            assert_eq!(s.len(), (n as usize).div_ceil(MAX_TABLE));
        }
    }

    #[test]
    fn the_highest_rated_sit_together() {
        let players: Vec<PlayerId> = vec![9, 4, 7, 1, 3, 8, 2];
        assert_eq!(seat(&players), [vec![9, 4, 7, 1], vec![3, 8, 2]]);
    }

    #[test]
    fn a_round_scores_each_player_against_each_other() {
        // five places, the second shared by two: 4, 2.5, 2.5, 1, 0 points
        assert_eq!(round_points(&[1, 2, 2, 4, 5]), [8, 5, 5, 2, 0]);
        assert_eq!(round_points(&[1, 1]), [1, 1]);
        assert_eq!(round_points(&[2, 1, 3]), [2, 4, 0]);
        // the points of a table are always the number of pairs (in halves: twice)
        let p = round_points(&[3, 1, 2, 2, 6, 5]);
        assert_eq!(p.iter().sum::<u32>(), 2 * 15);
    }
}
