//! The quantised network and its accumulators: the integer arithmetic the search runs.

use super::{HIDDEN, LIMIT, QA, QB, SCALE, bucket, feature};
use crate::geometry::{Mini, squares};
use crate::position::Position;
use crate::types::{Color, Role};
use multiversion::multiversion;

/// The largest activation [`activate`] gives: `(QA * QA + 128) >> 8`.
pub(crate) const ACTIVATION_MAX: i64 = ((QA * QA + 128) >> 8) as i64;

/// The hidden layer's sums for both perspectives (White's view first), before activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator {
    pub(crate) sums: [[i16; HIDDEN]; 2],
}

impl Default for Accumulator {
    fn default() -> Self {
        Accumulator {
            sums: [[0; HIDDEN]; 2],
        }
    }
}

/// A network with integer weights, ready to evaluate. Built from a file by
/// [`Network::from_bytes`], which checks that no sum can overflow its integers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// One row of hidden-layer weights per input, scaled by [`QA`].
    pub(crate) rows: Box<[[i16; HIDDEN]]>,
    /// The hidden layer's biases, scaled by [`QA`].
    pub(crate) bias: [i16; HIDDEN],
    /// Per output bucket: the output weights for the side to move's accumulator, then the
    /// other's, scaled by [`QB`].
    pub(crate) out: Vec<[[i16; HIDDEN]; 2]>,
    /// Per output bucket: the output bias, scaled by `QA * QB`.
    pub(crate) out_bias: Vec<i32>,
    /// The commands that made the network (data, training), as its file says; empty for a
    /// file of the first format.
    pub made_by: String,
}

/// Adds row `w` to `acc` (wrapping: a sum passes through values outside `i16` only between
/// the updates of one move, and wrapping arithmetic brings it back exactly).
#[inline]
fn add(acc: &mut [i16; HIDDEN], w: &[i16; HIDDEN]) {
    for (a, x) in acc.iter_mut().zip(w) {
        *a = a.wrapping_add(*x);
    }
}

/// Subtracts row `w` from `acc` (wrapping, as [`add`]).
#[inline]
fn sub(acc: &mut [i16; HIDDEN], w: &[i16; HIDDEN]) {
    for (a, x) in acc.iter_mut().zip(w) {
        *a = a.wrapping_sub(*x);
    }
}

/// The squared clipped ReLU of each sum times its output weight, summed. A sum clipped to
/// `0..=QA` is squared in `u16` and rounded to 1/256 (so the activation is at most 254 and
/// fits `i16`), then multiplied by its weight: products of `i16` pairs added in `i32`, which
/// the compiler turns into multiply-add instructions. Keeping the activation to eight bits
/// lets the output weights have a fine scale ([`QB`]) without overflowing; the sum's bound is
/// checked when the network is read.
#[inline]
fn activate(sums: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
    let mut total = 0i32;
    for (s, w) in sums.iter().zip(weights) {
        let v = (*s).clamp(0, QA as i16) as u16;
        let act = ((v * v + 128) >> 8) as i16;
        total = total.wrapping_add(i32::from(act) * i32::from(*w));
    }
    total
}

impl Network {
    /// The row of input `index`.
    #[inline]
    fn row(&self, index: usize) -> &[i16; HIDDEN] {
        &self.rows[index]
    }

    /// The accumulator of a board given by its colour and role bit-boards, summed from the
    /// biases and every piece's rows.
    pub fn refresh(&self, colors: &[u64; 2], roles: &[u64; 6]) -> Accumulator {
        refresh_sums(self, colors, roles)
    }

    /// Moves `acc` from the board `(colors, roles)` to the board `(to_colors, to_roles)`:
    /// only the pieces that differ are taken away or added.
    pub fn update(
        &self,
        acc: &mut Accumulator,
        (colors, roles): (&[u64; 2], &[u64; 6]),
        (to_colors, to_roles): (&[u64; 2], &[u64; 6]),
    ) {
        update_sums(self, acc, [colors, to_colors], [roles, to_roles]);
    }

    /// Output buckets (sets of output weights chosen by the number of pieces).
    pub fn buckets(&self) -> usize {
        self.out.len()
    }

    /// The score in centipawns for `turn`, the side to move, from the accumulators of a board
    /// with `pieces` pieces (which choose the output bucket).
    pub fn output(&self, acc: &Accumulator, turn: Color, pieces: u32) -> i32 {
        let b = bucket(pieces as usize, self.out.len());
        let (out, out_bias) = (&self.out[b], self.out_bias[b]);
        let sum = activate_both(acc, turn, out);
        // an activation is the float one times QA * QA / 256: bring the sum to QA * QB, the
        // bias's scale
        let raw = sum * 256 / i64::from(QA) + i64::from(out_bias);
        let cp = raw * i64::from(SCALE) / i64::from(QA * QB);
        cp.clamp(-i64::from(LIMIT), i64::from(LIMIT)) as i32
    }

    /// The score of `pos` for the side to move, summed from scratch.
    pub fn evaluate(&self, pos: &Position<Mini>) -> i32 {
        let acc = self.refresh(&pos.colors, &pos.roles);
        self.output(&acc, pos.turn, (pos.colors[0] | pos.colors[1]).count_ones())
    }

    /// The largest absolute hidden sum any board can produce for each neuron, and the largest
    /// absolute output sum of any bucket: used when reading a file to refuse networks that
    /// could overflow.
    pub(crate) fn bounds(&self) -> (i64, i64) {
        let mut hidden = 0i64;
        for n in 0..HIDDEN {
            // at most one piece stands on each square
            let mut sum = i64::from(self.bias[n]).abs();
            for sq in 0..super::SQUARES {
                let most = (0..12)
                    .map(|kind| i64::from(self.rows[kind * super::SQUARES + sq][n]).abs())
                    .max()
                    .unwrap_or(0);
                sum += most;
            }
            hidden = hidden.max(sum);
        }
        let out: i64 = self
            .out
            .iter()
            .map(|b| {
                b.iter()
                    .flatten()
                    .map(|w| i64::from(*w).abs() * ACTIVATION_MAX)
                    .sum()
            })
            .max()
            .unwrap_or(0);
        (hidden, out)
    }
}

// The three functions below are most of an evaluation's time. The baseline x86-64 target has
// only 128-bit vectors; `multiversion` builds each again for AVX-512 and for AVX2 and calls the
// widest the processor has (the same integer arithmetic, wrapping in the same places: every
// version gives the same sums to the bit, so the search counts the same nodes). The loops they
// call ([`add`], [`sub`], [`activate`]) are inlined into them and built with the same
// instructions.

/// [`Network::refresh`]: the biases plus every piece's rows, for both views.
#[multiversion(targets("x86_64+avx512f+avx512bw+avx512vl+avx2", "x86_64+avx2"))]
fn refresh_sums(net: &Network, colors: &[u64; 2], roles: &[u64; 6]) -> Accumulator {
    let mut acc = Accumulator {
        sums: [net.bias; 2],
    };
    for color in Color::ALL {
        for role in Role::ALL {
            for sq in squares(colors[color.index()] & roles[role.index()]) {
                for view in Color::ALL {
                    add(
                        &mut acc.sums[view.index()],
                        net.row(feature(view, color, role, sq)),
                    );
                }
            }
        }
    }
    acc
}

/// [`Network::update`]: the rows of the pieces that left taken away, of those that arrived
/// added; `colors` and `roles` hold the board before, then after.
#[multiversion(targets("x86_64+avx512f+avx512bw+avx512vl+avx2", "x86_64+avx2"))]
fn update_sums(
    net: &Network,
    acc: &mut Accumulator,
    colors: [&[u64; 2]; 2],
    roles: [&[u64; 6]; 2],
) {
    for color in Color::ALL {
        let (before, after) = (colors[0][color.index()], colors[1][color.index()]);
        for role in Role::ALL {
            let old = before & roles[0][role.index()];
            let new = after & roles[1][role.index()];
            if old == new {
                continue;
            }
            for sq in squares(old & !new) {
                for view in Color::ALL {
                    sub(
                        &mut acc.sums[view.index()],
                        net.row(feature(view, color, role, sq)),
                    );
                }
            }
            for sq in squares(new & !old) {
                for view in Color::ALL {
                    add(
                        &mut acc.sums[view.index()],
                        net.row(feature(view, color, role, sq)),
                    );
                }
            }
        }
    }
}

/// [`Network::output`]'s sum: both views' activations times their output weights, the side
/// to move's first.
#[multiversion(targets("x86_64+avx512f+avx512bw+avx512vl+avx2", "x86_64+avx2"))]
fn activate_both(acc: &Accumulator, turn: Color, out: &[[i16; HIDDEN]; 2]) -> i64 {
    let ours = activate(&acc.sums[turn.index()], &out[0]);
    let theirs = activate(&acc.sums[turn.other().index()], &out[1]);
    i64::from(ours) + i64::from(theirs)
}
