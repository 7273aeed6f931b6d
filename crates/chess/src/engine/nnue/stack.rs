//! Accumulators along the search's path, updated lazily.
//!
//! The search makes moves by copying positions, so there is no unmake to undo an update.
//! Instead each ply of the current path records its board when the search enters it
//! ([`NetStack::enter`], a copy of eight bit-boards), and its accumulator is computed only
//! when that ply is evaluated: from the nearest ply above it whose accumulator is known, by
//! the pieces that differ between each board and the next ([`Network::update`]). A node that
//! is never evaluated (cut off by the table, in check, pruned before its evaluation) costs
//! nothing but the copy, and a null move or a re-search of the same position costs no update.

use super::network::{Accumulator, Network};

/// One ply of the path: its board and, when `known`, that board's accumulator.
#[derive(Clone, Copy, Debug, Default)]
struct Ply {
    colors: [u64; 2],
    roles: [u64; 6],
    known: bool,
    acc: Accumulator,
}

/// The accumulators of the current search path, by ply.
#[derive(Clone, Debug)]
pub(crate) struct NetStack {
    plies: Vec<Ply>,
    /// Evaluations answered by updates, and by summing from scratch (for measurements).
    pub(crate) updates: u64,
    pub(crate) refreshes: u64,
}

/// Farther than this many plies from a known accumulator, summing the board from scratch is
/// cheaper than replaying the differences.
const MAX_CHAIN: usize = 12;

impl NetStack {
    /// A stack for paths of up to `plies` plies.
    pub(crate) fn new(plies: usize) -> NetStack {
        NetStack {
            plies: vec![Ply::default(); plies],
            updates: 0,
            refreshes: 0,
        }
    }

    /// Forgets every accumulator (before a search with another network, or none).
    pub(crate) fn clear(&mut self) {
        self.plies.iter_mut().for_each(|p| p.known = false);
    }

    /// The search entered `ply` with the board `(colors, roles)`: the deeper plies belong to
    /// another path now, and this ply's accumulator is known only if its board is unchanged.
    #[inline]
    pub(crate) fn enter(&mut self, ply: usize, colors: &[u64; 2], roles: &[u64; 6]) {
        if let Some(p) = self.plies.get_mut(ply)
            && !(p.known && p.colors == *colors && p.roles == *roles)
        {
            p.colors = *colors;
            p.roles = *roles;
            p.known = false;
        }
    }

    /// The accumulator of the board entered at `ply`, brought up to date.
    pub(crate) fn accumulator(&mut self, net: &Network, ply: usize) -> &Accumulator {
        let ply = ply.min(self.plies.len() - 1);
        let lowest = ply.saturating_sub(MAX_CHAIN);
        let mut from = ply;
        while !self.plies[from].known && from > lowest {
            from -= 1;
        }
        if !self.plies[from].known {
            let p = &mut self.plies[ply];
            p.acc = net.refresh(&p.colors, &p.roles);
            p.known = true;
            self.refreshes += 1;
            return &self.plies[ply].acc;
        }
        for i in from + 1..=ply {
            let (done, rest) = self.plies.split_at_mut(i);
            let (before, next) = (&done[i - 1], &mut rest[0]);
            next.acc = before.acc;
            net.update(
                &mut next.acc,
                (&before.colors, &before.roles),
                (&next.colors, &next.roles),
            );
            next.known = true;
            self.updates += 1;
        }
        &self.plies[ply].acc
    }
}
