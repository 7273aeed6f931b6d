//! The slices a slice's leaving moves reach, from its key alone: what the disk solver walks
//! forward to list the slices to solve before it solves any.
//!
//! The list may hold slices no position reaches (a piece is assumed free to stand on any
//! square the pawns leave, so a capture it could make from some square counts), never less
//! than the moves reach: a real capture needs a free line with every piece on the board,
//! which is free with the pawns alone too. The solver refuses a slice it meets that the list
//! lacks, so a gap would be found, not hidden.

use crate::geometry::{Geometry, Mini, squares};
use crate::types::{Color, Role};

use super::compact::{BOARD, KEY_ROLES, count_shift};

fn pawns(key: u128, c: Color) -> u64 {
    (key >> (30 * c.index())) as u64 & BOARD
}

fn count(key: u128, c: Color, r: Role) -> u32 {
    ((key >> count_shift(c, r)) & 7) as u32
}

/// Squares a piece of kind `r` on `sq` attacks with only `pawns` in the way.
fn attacks(r: Role, sq: u8, pawns: u64) -> u64 {
    let t = Mini::tables();
    match r {
        Role::Knight => t.knight(sq),
        Role::King => t.king(sq),
        Role::Rook => t.rook(sq, pawns),
        Role::Bishop => t.bishop(sq, pawns),
        Role::Queen => t.queen(sq, pawns),
        Role::Pawn => 0,
    }
}

/// Whether `c` has nothing left on the board in `key`.
fn bare(key: u128, c: Color) -> bool {
    pawns(key, c) == 0 && KEY_ROLES.iter().all(|&r| count(key, c, r) == 0)
}

/// The slices one leaving move (pawn move or capture) of either side takes `key`'s slice to,
/// games the move ends left out (a pawn on the far edge, a side with nothing left). For the
/// games [`super::compact::supported`] takes: no promotions, no en passant.
pub fn children(key: u128) -> Vec<u128> {
    let mut out = Vec::new();
    let all_pawns = pawns(key, Color::White) | pawns(key, Color::Black);
    let free = BOARD & !all_pawns;
    let t = Mini::tables();
    for c in Color::ALL {
        let them = c.other();
        let own = 30 * c.index() as u32;
        let theirs = 30 * them.index() as u32;
        let last = match c {
            Color::White => Mini::H - 1,
            Color::Black => 0,
        };
        let mut push = |child: u128, to: u8| {
            if to / Mini::W != last && !bare(child, them) {
                out.push(child);
            }
        };
        let their_pieces: Vec<Role> = KEY_ROLES
            .into_iter()
            .filter(|&r| count(key, them, r) > 0)
            .collect();
        let our_pieces: Vec<Role> = KEY_ROLES
            .into_iter()
            .filter(|&r| count(key, c, r) > 0)
            .collect();
        for s in squares(pawns(key, c)) {
            let moved = |k: u128, to: u8| {
                k & !(1u128 << (own + u32::from(s))) | 1u128 << (own + u32::from(to))
            };
            let ahead = match c {
                Color::White => s + Mini::W,
                Color::Black => s.wrapping_sub(Mini::W),
            };
            if ahead < 30 && all_pawns >> ahead & 1 == 0 {
                push(moved(key, ahead), ahead);
            }
            for d in squares(t.pawn(c.index(), s)) {
                if pawns(key, them) >> d & 1 == 1 {
                    push(moved(key, d) & !(1u128 << (theirs + u32::from(d))), d);
                } else if free >> d & 1 == 1 {
                    for &r in &their_pieces {
                        push(moved(key, d) - (1u128 << count_shift(them, r)), d);
                    }
                }
            }
        }
        for &r in &our_pieces {
            // a piece takes a pawn from some free square that attacks it
            for target in squares(pawns(key, them)) {
                if attacks(r, target, all_pawns) & free != 0 {
                    push(key & !(1u128 << (theirs + u32::from(target))), 0xff);
                }
            }
            // a piece takes a piece: two free squares, one attacking the other (kings never
            // stand side by side, so never take each other)
            for &their in &their_pieces {
                if r == Role::King && their == Role::King {
                    continue;
                }
                let reach = squares(free).any(|q| attacks(r, q, all_pawns) & free != 0);
                if reach {
                    push(key - (1u128 << count_shift(them, their)), 0xff);
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}
