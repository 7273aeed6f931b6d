//! The network's parameters as one flat vector, the loss and its gradient, and AdamW.
//!
//! The forward pass is exactly [`FloatNetwork::output`]: the side to move's accumulator and the
//! other side's, through the squared clipped ReLU, to one output, by the output bucket the
//! number of pieces chooses (only that bucket's weights get a gradient from the position). The loss of a position is
//! `(sigmoid(out * SCALE / k) - target)^2` with `target = lambda * sigmoid(score / k) + (1 -
//! lambda) * result`: the network learns the search's scores, pulled towards what the game's
//! result says of them. Gradients of the hidden layer are added only to the rows of the inputs
//! present (about twenty of 360 per view).

use tabula_chess::engine::nnue::float::{HIDDEN_CLIP, OUT_CLIP, screlu};
use tabula_chess::engine::nnue::{FloatNetwork, INPUTS, SCALE, bucket};

use crate::data::Samples;

/// How the loss is formed.
#[derive(Clone, Copy)]
pub struct Loss {
    /// The share of the search's score in the target (the rest is the game's result).
    pub lambda: f32,
    /// Centipawns per unit of the logistic curve.
    pub k: f32,
}

/// The logistic function.
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Loss {
    /// The target of a position.
    pub fn target(&self, score: f32, result: f32) -> f32 {
        self.lambda * sigmoid(score / self.k) + (1.0 - self.lambda) * result
    }
}

/// Where each part of the network starts in the flat vector.
#[derive(Clone, Copy)]
pub struct Layout {
    /// Neurons of the hidden layer.
    pub hidden: usize,
    /// Output buckets.
    pub buckets: usize,
}

impl Layout {
    pub fn bias(&self) -> usize {
        INPUTS * self.hidden
    }
    pub fn out(&self) -> usize {
        self.bias() + self.hidden
    }
    pub fn out_bias(&self) -> usize {
        self.out() + 2 * self.hidden * self.buckets
    }
    pub fn len(&self) -> usize {
        self.out_bias() + self.buckets
    }

    /// The output weights of bucket `k` (side to move, then the other side) and its bias.
    pub fn bucket_out(&self, k: usize) -> (std::ops::Range<usize>, usize) {
        let start = self.out() + 2 * self.hidden * k;
        (start..start + 2 * self.hidden, self.out_bias() + k)
    }

    /// The layout of a flat vector of `len` numbers with `hidden` neurons: the number of
    /// buckets follows from the length (`None` if no number fits).
    pub fn of_length(hidden: usize, len: usize) -> Option<Layout> {
        let fixed = INPUTS * hidden + hidden;
        let per_bucket = 2 * hidden + 1;
        let rest = len.checked_sub(fixed)?;
        (rest % per_bucket == 0 && rest > 0).then_some(Layout {
            hidden,
            buckets: rest / per_bucket,
        })
    }

    /// The flat vector of a network.
    pub fn flatten(&self, net: &FloatNetwork) -> Vec<f32> {
        let mut v = Vec::with_capacity(self.len());
        v.extend_from_slice(&net.rows);
        v.extend_from_slice(&net.bias);
        v.extend_from_slice(&net.out);
        v.extend_from_slice(&net.out_bias);
        v
    }

    /// The network of a flat vector.
    pub fn network(&self, p: &[f32]) -> FloatNetwork {
        FloatNetwork {
            hidden: self.hidden,
            rows: p[..self.bias()].to_vec(),
            bias: p[self.bias()..self.out()].to_vec(),
            buckets: self.buckets,
            out: p[self.out()..self.out_bias()].to_vec(),
            out_bias: p[self.out_bias()..self.len()].to_vec(),
            made_by: String::new(),
        }
    }
}

/// Buffers one worker reuses from position to position.
pub struct Scratch {
    ours: Vec<f32>,
    theirs: Vec<f32>,
    d_ours: Vec<f32>,
    d_theirs: Vec<f32>,
}

impl Scratch {
    pub fn new(hidden: usize) -> Scratch {
        Scratch {
            ours: vec![0.0; hidden],
            theirs: vec![0.0; hidden],
            d_ours: vec![0.0; hidden],
            d_theirs: vec![0.0; hidden],
        }
    }
}

fn accumulate(acc: &mut [f32], p: &[f32], l: Layout, features: impl Iterator<Item = usize>) {
    let h = l.hidden;
    acc.copy_from_slice(&p[l.bias()..l.out()]);
    for f in features {
        let row = &p[f * h..(f + 1) * h];
        acc.iter_mut().zip(row).for_each(|(a, w)| *a += w);
    }
}

/// The raw output for position `i` (its accumulators are left in `s`).
pub fn forward(
    p: &[f32],
    l: Layout,
    data: &Samples,
    i: usize,
    other: &[u16; INPUTS],
    s: &mut Scratch,
) -> f32 {
    let ours = data.ours(i);
    accumulate(&mut s.ours, p, l, ours.iter().map(|&f| usize::from(f)));
    accumulate(
        &mut s.theirs,
        p,
        l,
        ours.iter().map(|&f| usize::from(other[usize::from(f)])),
    );
    let (weights, bias) = l.bucket_out(bucket(ours.len(), l.buckets));
    let (wo, wt) = p[weights].split_at(l.hidden);
    let a: f32 = s.ours.iter().zip(wo).map(|(x, w)| screlu(*x) * w).sum();
    let b: f32 = s.theirs.iter().zip(wt).map(|(x, w)| screlu(*x) * w).sum();
    a + b + p[bias]
}

/// Adds the gradient of the loss summed over the positions `batch` to `grad`; returns the
/// summed loss.
#[allow(clippy::too_many_arguments)]
pub fn gradient(
    p: &[f32],
    l: Layout,
    data: &Samples,
    batch: &[u32],
    other: &[u16; INPUTS],
    loss: Loss,
    grad: &mut [f32],
    s: &mut Scratch,
) -> f64 {
    let h = l.hidden;
    let scale = SCALE as f32 / loss.k;
    let mut total = 0f64;
    for &i in batch {
        let i = i as usize;
        let y = forward(p, l, data, i, other, s);
        let q = sigmoid(y * scale);
        let t = loss.target(data.score[i], data.result[i]);
        total += f64::from((q - t) * (q - t));
        let g = 2.0 * (q - t) * q * (1.0 - q) * scale;
        let (weights, bias) = l.bucket_out(bucket(data.ours(i).len(), l.buckets));
        grad[bias] += g;
        let (go, gt) = grad[weights.clone()].split_at_mut(h);
        let (wo, wt) = p[weights].split_at(h);
        for j in 0..h {
            let (x, z) = (s.ours[j], s.theirs[j]);
            go[j] += g * screlu(x);
            gt[j] += g * screlu(z);
            // the activation's slope: 2x inside the clip, 0 outside
            s.d_ours[j] = if x > 0.0 && x < 1.0 {
                g * wo[j] * 2.0 * x
            } else {
                0.0
            };
            s.d_theirs[j] = if z > 0.0 && z < 1.0 {
                g * wt[j] * 2.0 * z
            } else {
                0.0
            };
        }
        let gb = &mut grad[l.bias()..l.out()];
        for ((b, o), t) in gb.iter_mut().zip(&s.d_ours).zip(&s.d_theirs) {
            *b += o + t;
        }
        for &f in data.ours(i) {
            let f = usize::from(f);
            let row = &mut grad[f * h..(f + 1) * h];
            row.iter_mut().zip(&s.d_ours).for_each(|(r, d)| *r += d);
            let o = usize::from(other[f]);
            let row = &mut grad[o * h..(o + 1) * h];
            row.iter_mut().zip(&s.d_theirs).for_each(|(r, d)| *r += d);
        }
    }
    total
}

/// The mean loss over `data`.
pub fn evaluate_loss(
    p: &[f32],
    l: Layout,
    data: &Samples,
    other: &[u16; INPUTS],
    loss: Loss,
) -> f64 {
    let mut s = Scratch::new(l.hidden);
    let scale = SCALE as f32 / loss.k;
    let mut total = 0f64;
    for i in 0..data.len() {
        let y = forward(p, l, data, i, other, &mut s);
        let q = sigmoid(y * scale);
        let t = loss.target(data.score[i], data.result[i]);
        total += f64::from((q - t) * (q - t));
    }
    total / data.len().max(1) as f64
}

/// AdamW's state: the moving averages of the gradient and of its square.
pub struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    step: i32,
    /// Decoupled weight decay per step, times the learning rate.
    pub decay: f32,
}

impl Adam {
    pub fn new(len: usize, decay: f32) -> Adam {
        Adam {
            m: vec![0.0; len],
            v: vec![0.0; len],
            step: 0,
            decay,
        }
    }

    /// One step against `grad` (already the batch's mean) at learning rate `lr`; afterwards
    /// every weight is clipped so the quantised network can hold it.
    pub fn step(&mut self, p: &mut [f32], grad: &[f32], lr: f32, l: Layout) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.step += 1;
        let c1 = 1.0 - B1.powi(self.step);
        let c2 = 1.0 - B2.powi(self.step);
        for k in 0..p.len() {
            let g = grad[k];
            self.m[k] = B1 * self.m[k] + (1.0 - B1) * g;
            self.v[k] = B2 * self.v[k] + (1.0 - B2) * g * g;
            let update = (self.m[k] / c1) / ((self.v[k] / c2).sqrt() + 1e-8);
            p[k] -= lr * (update + self.decay * p[k]);
        }
        for w in &mut p[l.out()..l.out_bias()] {
            *w = w.clamp(-OUT_CLIP, OUT_CLIP);
        }
        for w in &mut p[..l.out()] {
            *w = w.clamp(-HIDDEN_CLIP, HIDDEN_CLIP);
        }
    }
}
