//! The network in floating point, as the trainer holds it, and its quantisation into a file.

use super::format::{Weights, write};
use super::{HIDDEN, INPUTS, Network, QA, QB, SCALE, bucket};

/// The largest hidden-layer weight training allows: 30 squares' worth and a bias stay far
/// inside the `i16` accumulators (`QA` times 30 x 1.98 + 1.98 is below 32,767).
pub const HIDDEN_CLIP: f32 = 1.98;
/// The largest output weight quantisation keeps: `QB` times it must fit in `i16`.
pub const OUT_CLIP: f32 = 32_000.0 / QB as f32;

/// A network of `hidden` neurons with `f32` weights. Its output, [`FloatNetwork::evaluate`],
/// is what the integer [`super::Network`] computes up to rounding.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNetwork {
    /// Neurons of the hidden layer.
    pub hidden: usize,
    /// The hidden layer's weights: `hidden` per input, input after input.
    pub rows: Vec<f32>,
    /// The hidden layer's biases.
    pub bias: Vec<f32>,
    /// Output buckets ([`super::bucket`]).
    pub buckets: usize,
    /// The output weights, bucket after bucket: `hidden` for the side to move's accumulator,
    /// then `hidden` for the other side's.
    pub out: Vec<f32>,
    /// The output bias of each bucket.
    pub out_bias: Vec<f32>,
    /// The commands that made the network, written into its file.
    pub made_by: String,
}

/// The activation: a squared ReLU clipped at 1.
#[inline]
pub fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

impl FloatNetwork {
    /// A network of zeros with `buckets` output buckets.
    pub fn zeros(hidden: usize, buckets: usize) -> FloatNetwork {
        FloatNetwork {
            hidden,
            rows: vec![0.0; INPUTS * hidden],
            bias: vec![0.0; hidden],
            buckets,
            out: vec![0.0; 2 * hidden * buckets],
            out_bias: vec![0.0; buckets],
            made_by: String::new(),
        }
    }

    /// The hidden sums of one perspective with the inputs `active`.
    pub fn accumulate(&self, active: &[usize]) -> Vec<f32> {
        let mut acc = self.bias.clone();
        for &f in active {
            let row = &self.rows[f * self.hidden..(f + 1) * self.hidden];
            acc.iter_mut().zip(row).for_each(|(a, w)| *a += w);
        }
        acc
    }

    /// The raw output (before scaling to centipawns) for the side to move's inputs `ours`
    /// and the other side's `theirs` (one input a piece, so their number chooses the bucket).
    pub fn output(&self, ours: &[usize], theirs: &[usize]) -> f32 {
        let k = bucket(ours.len(), self.buckets);
        let weights = &self.out[2 * self.hidden * k..2 * self.hidden * (k + 1)];
        let (wo, wt) = weights.split_at(self.hidden);
        let a = self.accumulate(ours);
        let b = self.accumulate(theirs);
        let sum: f32 = a.iter().zip(wo).map(|(x, w)| screlu(*x) * w).sum::<f32>()
            + b.iter().zip(wt).map(|(x, w)| screlu(*x) * w).sum::<f32>();
        sum + self.out_bias[k]
    }

    /// The score in centipawns for the side to move.
    pub fn evaluate(&self, ours: &[usize], theirs: &[usize]) -> f32 {
        self.output(ours, theirs) * SCALE as f32
    }

    /// The network as a file: weights rounded to integers at the engine's scales (the hidden
    /// layer's clamped to `i16`, the output weights to [`OUT_CLIP`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let q = |x: f32, scale: i32| -> i16 {
            (x * scale as f32)
                .round()
                .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
        };
        let rows: Vec<i16> = self.rows.iter().map(|&w| q(w, QA)).collect();
        let bias: Vec<i16> = self.bias.iter().map(|&w| q(w, QA)).collect();
        let out: Vec<i16> = self
            .out
            .iter()
            .map(|&w| q(w.clamp(-OUT_CLIP, OUT_CLIP), QB))
            .collect();
        let out_bias: Vec<i32> = self
            .out_bias
            .iter()
            .map(|b| (b * (QA * QB) as f32).round() as i32)
            .collect();
        let weights = Weights {
            hidden: self.hidden,
            rows: &rows,
            bias: &bias,
            out: &out,
            out_bias: &out_bias,
        };
        write(&weights, &self.made_by)
    }

    /// The same network with `buckets` output buckets, each a copy of bucket 0's weights: it
    /// scores every board as before, and training can then make the buckets differ.
    pub fn with_buckets(&self, buckets: usize) -> FloatNetwork {
        let one = &self.out[..2 * self.hidden];
        FloatNetwork {
            buckets,
            out: one.repeat(buckets),
            out_bias: vec![self.out_bias[0]; buckets],
            ..self.clone()
        }
    }

    /// The float network an integer one stands for: each weight divided by its scale. A
    /// network shipped without its float file can be trained on from here (the rounding of
    /// its file is the only difference).
    pub fn from_network(net: &Network) -> FloatNetwork {
        let qa = QA as f32;
        let qb = QB as f32;
        FloatNetwork {
            hidden: HIDDEN,
            rows: net
                .rows
                .iter()
                .flat_map(|row| row.iter().map(|&w| f32::from(w) / qa))
                .collect(),
            bias: net.bias.iter().map(|&w| f32::from(w) / qa).collect(),
            buckets: net.buckets(),
            out: net
                .out
                .iter()
                .flatten()
                .flat_map(|half| half.iter().map(|&w| f32::from(w) / qb))
                .collect(),
            out_bias: net.out_bias.iter().map(|&b| b as f32 / (qa * qb)).collect(),
            made_by: net.made_by.clone(),
        }
    }
}
