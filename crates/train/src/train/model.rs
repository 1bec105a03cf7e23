//! The float network the trainer fits, its gradient, the Adam optimiser, and its quantisation
//! into the engine's file format (`nnue.rs` describes the architecture and the arithmetic).
//!
//! All parameters live in one vector, laid out as the file stores them — accumulator weights
//! (`rows × hidden`, input-major: 768 rows per king bucket, 768 without king buckets),
//! accumulator biases (`hidden`), output weights
//! (`buckets × 2 × hidden`, each bucket's side to move's half first), output biases
//! (`buckets`) — so the gradient and the optimiser's moments are plain vectors of the same
//! shape. A network of two or more king buckets has one more block at the end, the *shared*
//! weights (`768 × hidden`, training only): a feature's weight is its bucket's row plus its
//! shared row, so what every bucket has in common is learnt from all positions at once, and
//! each bucket's row learns only how it differs. The engine's file holds the sums
//! ([`Quantised::new`]), so the shared block costs nothing at play.

use super::data::{NONE, Sample};
use vidle_core::rng::SplitMix64;
pub use vidle_engine::net_format::WEIGHT_LIMIT;
use vidle_engine::net_format::{INPUTS, KingInputs, MAX_BUCKETS, QA, QB, SCALE, bucket};

/// A float network of `hidden` units per side and `buckets` output buckets.
#[derive(Debug, Clone, PartialEq)]
pub struct Net {
    /// Hidden units per side.
    pub hidden: usize,
    /// Output buckets.
    pub buckets: usize,
    /// King buckets of the inputs ([`KingInputs::NONE`] for none).
    pub kings: KingInputs,
    /// Every parameter, laid out as the file stores them (see the module's documentation).
    pub params: Vec<f32>,
}

/// Index ranges of the parameter vector.
#[derive(Debug, Clone, Copy)]
struct Layout {
    h: usize,
    buckets: usize,
    kings: KingInputs,
    ft_b: usize,
    out_w: usize,
    out_b: usize,
    /// The shared weights' block (king buckets only; `len` without them).
    shared: usize,
    len: usize,
}

impl Layout {
    fn new(h: usize, buckets: usize, kings: KingInputs) -> Layout {
        let ft_b = kings.rows() * h;
        let out_w = ft_b + h;
        let out_b = out_w + buckets * 2 * h;
        let shared = out_b + buckets;
        let len = shared + if kings.count() > 1 { INPUTS * h } else { 0 };
        Layout { h, buckets, kings, ft_b, out_w, out_b, shared, len }
    }

    /// Whether the network has the shared block.
    fn has_shared(&self) -> bool {
        self.len > self.shared
    }

    /// The accumulator rows of a sample's side `side` (0: the side to move), feature by
    /// feature: its bucket's row, and where its row of the shared block (the feature, mirrored)
    /// starts in the parameter vector.
    fn rows<'a>(&self, s: &'a Sample, side: usize) -> impl Iterator<Item = (usize, usize)> + 'a {
        let key = self.kings.key(usize::from(s.kings[side]));
        let (shared, h) = (self.shared, self.h);
        s.features(side).iter().map(move |&f| {
            debug_assert!(f != NONE);
            let row = KingInputs::row(key, usize::from(f));
            (row, shared + (row - key.0) * h)
        })
    }

    /// Where the output weights of a sample's bucket start, and its output bias.
    fn output(&self, s: &Sample) -> (usize, usize) {
        let b = bucket(s.len, self.buckets);
        (self.out_w + b * 2 * self.h, self.out_b + b)
    }
}

/// A roughly normal number (Box–Muller) with standard deviation `sd`.
fn normal(rng: &mut SplitMix64, sd: f64) -> f32 {
    let u1 = rng.unit().max(f64::MIN_POSITIVE);
    let u2 = rng.unit();
    ((-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos() * sd) as f32
}

/// Scratch space of one forward/backward pass.
pub struct Scratch {
    us: Vec<f32>,
    them: Vec<f32>,
}

impl Net {
    /// A new network of one output bucket (see [`Net::with_buckets`]).
    pub fn new(hidden: usize, seed: u64) -> Net {
        Net::with_buckets(hidden, 1, seed)
    }

    /// A new network: accumulator weights normal with standard deviation 0.1, output weights
    /// uniform in ±1/√(2·hidden), biases as the output layer's weights (zero for the
    /// accumulator), all from `seed`.
    pub fn with_buckets(hidden: usize, buckets: usize, seed: u64) -> Net {
        Net::with_inputs(hidden, buckets, KingInputs::NONE, seed)
    }

    /// [`Net::with_buckets`] with king inputs `kings` (768 accumulator rows per king bucket,
    /// drawn in the file's order).
    pub fn with_inputs(hidden: usize, buckets: usize, kings: KingInputs, seed: u64) -> Net {
        let l = Layout::new(hidden, buckets, kings);
        let mut rng = SplitMix64::new(seed);
        let mut params = vec![0.0; l.len];
        for w in &mut params[..l.ft_b] {
            *w = normal(&mut rng, 0.1);
        }
        let bound = 1.0 / (2.0 * hidden as f64).sqrt();
        for w in &mut params[l.out_w..l.shared] {
            *w = ((rng.unit() * 2.0 - 1.0) * bound) as f32;
        }
        Net { hidden, buckets, kings, params }
    }

    fn layout(&self) -> Layout {
        Layout::new(self.hidden, self.buckets, self.kings)
    }

    /// Scratch space for this network's passes.
    pub fn scratch(&self) -> Scratch {
        Scratch { us: vec![0.0; self.hidden], them: vec![0.0; self.hidden] }
    }

    fn accumulate(&self, l: &Layout, s: &Sample, side: usize, acc: &mut [f32]) {
        acc.copy_from_slice(&self.params[l.ft_b..l.out_w]);
        for (f, shared) in l.rows(s, side) {
            let row = &self.params[f * l.h..(f + 1) * l.h];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
            if l.has_shared() {
                let row = &self.params[shared..shared + l.h];
                for (a, w) in acc.iter_mut().zip(row) {
                    *a += w;
                }
            }
        }
    }

    /// The network's output for a sample (1.0 = [`SCALE`] centipawns, side to move's view),
    /// leaving the accumulators in `scratch`.
    pub fn forward(&self, s: &Sample, scratch: &mut Scratch) -> f32 {
        let l = self.layout();
        self.accumulate(&l, s, 0, &mut scratch.us);
        self.accumulate(&l, s, 1, &mut scratch.them);
        let (w, b) = l.output(s);
        let (w_us, w_them) = self.params[w..w + 2 * l.h].split_at(l.h);
        let screlu = |x: f32| {
            let c = x.clamp(0.0, 1.0);
            c * c
        };
        let mut out = self.params[b];
        for (a, w) in scratch.us.iter().zip(w_us) {
            out += screlu(*a) * w;
        }
        for (a, w) in scratch.them.iter().zip(w_them) {
            out += screlu(*a) * w;
        }
        out
    }

    /// The evaluation in centipawns from the side to move's view.
    pub fn eval_cp(&self, s: &Sample, scratch: &mut Scratch) -> f32 {
        self.forward(s, scratch) * SCALE as f32
    }

    /// Adds the gradient of the squared error `(sigmoid(output) − target)²`, times `weight`, to
    /// `grad` (the parameter vector's shape); returns the squared error.
    pub fn backward(
        &self,
        s: &Sample,
        weight: f32,
        grad: &mut [f32],
        scratch: &mut Scratch,
    ) -> f32 {
        let l = self.layout();
        let out = self.forward(s, scratch);
        let p = 1.0 / (1.0 + (-out).exp());
        let err = p - s.target;
        let g = 2.0 * err * p * (1.0 - p) * weight;
        let (w, b) = l.output(s);
        grad[b] += g;
        let (w_us, w_them) = self.params[w..w + 2 * l.h].split_at(l.h);
        for (side, (acc, w_out)) in
            [(&mut scratch.us, w_us), (&mut scratch.them, w_them)].into_iter().enumerate()
        {
            let gw = &mut grad[w + side * l.h..w + (side + 1) * l.h];
            for ((a, w), gw) in acc.iter_mut().zip(w_out).zip(gw) {
                let c = a.clamp(0.0, 1.0);
                *gw += g * c * c;
                // d(c²)/da = 2c inside (0, 1), 0 outside; `acc` becomes the accumulator's
                // gradient.
                *a = if *a > 0.0 && *a < 1.0 { g * w * 2.0 * c } else { 0.0 };
            }
            for (f, shared) in l.rows(s, side) {
                let row = &mut grad[f * l.h..(f + 1) * l.h];
                for (r, a) in row.iter_mut().zip(acc.iter()) {
                    *r += a;
                }
                if l.has_shared() {
                    let row = &mut grad[shared..shared + l.h];
                    for (r, a) in row.iter_mut().zip(acc.iter()) {
                        *r += a;
                    }
                }
            }
            for (b, a) in grad[l.ft_b..l.out_w].iter_mut().zip(acc.iter()) {
                *b += a;
            }
        }
        err * err
    }

    /// Multiplies the output layer (weights and biases) by `factor`, which multiplies every
    /// evaluation by it and changes nothing else; the weights are clipped again
    /// ([`Net::clip`]). The search plays best with evaluations somewhat smaller than a network
    /// trained on search scores gives (docs/lab/nnue-bootstrap.md, "The evaluation's scale costs
    /// play"), so `vidle train --output-scale` applies this before the network is written.
    pub fn scale_output(&mut self, factor: f32) {
        let l = self.layout();
        for p in &mut self.params[l.out_w..l.shared] {
            *p *= factor;
        }
        self.clip();
    }

    /// Keeps the weights (not the biases) within [`WEIGHT_LIMIT`].
    pub fn clip(&mut self) {
        let l = self.layout();
        let (ft, rest) = self.params.split_at_mut(l.ft_b);
        let (rest, shared) = rest.split_at_mut(l.shared - l.ft_b);
        for w in ft.iter_mut().chain(&mut rest[l.out_w - l.ft_b..l.out_b - l.ft_b]).chain(shared) {
            *w = w.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
        }
    }

    /// The quantised network in the engine's file format (`nnue/mod.rs`): version 3, or 4 with
    /// king buckets.
    pub fn to_engine_bytes(&self) -> Vec<u8> {
        let q = Quantised::new(self);
        let mut out = Vec::with_capacity(
            16 + KingInputs::HEADER_BYTES
                + 2 * (q.ft_w.len() + q.ft_b.len() + q.out_w.len())
                + 4 * q.out_b.len(),
        );
        out.extend_from_slice(b"VDNN");
        let version: u32 = if self.kings.count() > 0 { 4 } else { 3 };
        out.extend_from_slice(&version.to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        out.extend_from_slice(&(self.buckets as u32).to_le_bytes());
        if version == 4 {
            out.extend_from_slice(&self.kings.header());
        }
        for v in q.ft_w.iter().chain(&q.ft_b).chain(&q.out_w) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for b in &q.out_b {
            out.extend_from_slice(&b.to_le_bytes());
        }
        out
    }

    /// The float weights: `b"VDNF"`, `u32` version 2, `u32` hidden, `u32` buckets, then the
    /// parameter vector as `f32` little endian — to train on from where a run stopped, or
    /// quantise again. (Version 1 had no buckets word: one bucket.) With king buckets, version 3:
    /// after the buckets word the king buckets' `u32` count and 64-byte map, as the engine's
    /// version 4.
    pub fn to_float_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + KingInputs::HEADER_BYTES + 4 * self.params.len());
        out.extend_from_slice(b"VDNF");
        let version: u32 = if self.kings.count() > 0 { 3 } else { 2 };
        out.extend_from_slice(&version.to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        out.extend_from_slice(&(self.buckets as u32).to_le_bytes());
        if version == 3 {
            out.extend_from_slice(&self.kings.header());
        }
        for v in &self.params {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }

    /// Reads [`Net::to_float_bytes`]'s format.
    ///
    /// # Errors
    /// A wrong header, version or length.
    pub fn from_float_bytes(bytes: &[u8]) -> Result<Net, String> {
        if bytes.len() < 12 || &bytes[..4] != b"VDNF" {
            return Err("not Vidle float network weights (no VDNF header)".into());
        }
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        let (header, buckets) = match word(4) {
            1 => (12, 1),
            2 if bytes.len() >= 16 => (16, word(12) as usize),
            3 if bytes.len() >= 16 + KingInputs::HEADER_BYTES => {
                (16 + KingInputs::HEADER_BYTES, word(12) as usize)
            }
            2 | 3 => return Err("float weights end inside their header".into()),
            v => return Err(format!("float weights version {v}, this build reads 1 to 3")),
        };
        let kings = if word(4) == 3 {
            let h = bytes[16..header].try_into().expect("the king buckets' header");
            KingInputs::from_header(h).map_err(|e| format!("float weights with {e}"))?
        } else {
            KingInputs::NONE
        };
        let hidden = word(8) as usize;
        if hidden == 0 || hidden > 4096 {
            return Err(format!("float weights with {hidden} hidden units"));
        }
        if !(1..=MAX_BUCKETS).contains(&buckets) {
            return Err(format!("float weights with {buckets} output buckets"));
        }
        let len = Layout::new(hidden, buckets, kings).len;
        if bytes.len() != header + 4 * len {
            return Err(format!(
                "float weights are {} bytes, expected {}",
                bytes.len(),
                header + 4 * len
            ));
        }
        let params = bytes[header..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect();
        Ok(Net { hidden, buckets, kings, params })
    }
}

/// The integer weights the engine reads.
pub struct Quantised {
    /// King buckets of the inputs.
    pub kings: KingInputs,
    /// Accumulator weights (`rows × hidden`, input-major), scaled by `QA`.
    pub ft_w: Vec<i16>,
    /// Accumulator biases, scaled by `QA`.
    pub ft_b: Vec<i16>,
    /// Output weights (`buckets × 2 × hidden`), scaled by `QB`.
    pub out_w: Vec<i16>,
    /// Output biases (one per bucket), scaled by `QA × QB`.
    pub out_b: Vec<i32>,
}

impl Quantised {
    /// Rounds the float weights to the engine's scales ([`QA`], [`QB`]); with a shared block,
    /// each accumulator weight is its bucket's plus its shared one, kept within
    /// [`WEIGHT_LIMIT`].
    pub fn new(net: &Net) -> Quantised {
        let l = net.layout();
        let q = |v: &[f32], scale: i32| -> Vec<i16> {
            v.iter().map(|x| (x * scale as f32).round().clamp(-32768.0, 32767.0) as i16).collect()
        };
        let mut ft = net.params[..l.ft_b].to_vec();
        if l.has_shared() {
            let shared = &net.params[l.shared..];
            for (i, w) in ft.iter_mut().enumerate() {
                *w = (*w + shared[i % shared.len()]).clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
            }
        }
        Quantised {
            kings: net.kings,
            ft_w: q(&ft, QA),
            ft_b: q(&net.params[l.ft_b..l.out_w], QA),
            out_w: q(&net.params[l.out_w..l.out_b], QB),
            out_b: net.params[l.out_b..l.shared]
                .iter()
                .map(|&b| (f64::from(b) * f64::from(QA * QB)).round() as i32)
                .collect(),
        }
    }

    /// The evaluation in centipawns with the engine's integer arithmetic, computed here
    /// directly from the weights (the engine's incremental code is checked against it).
    pub fn eval_cp(&self, s: &Sample) -> i32 {
        let h = self.ft_b.len();
        let side = |side: usize, w_out: &[i16]| -> i64 {
            let mut acc: Vec<i32> = self.ft_b.iter().map(|&b| i32::from(b)).collect();
            let key = self.kings.key(usize::from(s.kings[side]));
            for &f in s.features(side) {
                let f = KingInputs::row(key, usize::from(f));
                for (a, w) in acc.iter_mut().zip(&self.ft_w[f * h..(f + 1) * h]) {
                    *a += i32::from(*w);
                }
            }
            acc.iter()
                .zip(w_out)
                .map(|(&a, &w)| {
                    // The engine's square, two bits dropped (`nnue/mod.rs`).
                    let v = i64::from(a.clamp(0, QA));
                    v * v / 4 * i64::from(w)
                })
                .sum()
        };
        let b = bucket(s.len, self.out_b.len());
        let w = &self.out_w[b * 2 * h..(b + 1) * 2 * h];
        let sum = side(0, &w[..h]) + side(1, &w[h..]);
        // Division truncates toward zero, as the engine's does.
        let v = sum * 4 / i64::from(QA) + i64::from(self.out_b[b]);
        (v * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }
}

/// Adam (Kingma & Ba) over the parameter vector.
pub struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    const B1: f32 = 0.9;
    const B2: f32 = 0.999;
    const EPS: f32 = 1e-8;

    /// An optimiser for `len` parameters, its moments zero.
    pub fn new(len: usize) -> Adam {
        Adam { m: vec![0.0; len], v: vec![0.0; len], t: 0 }
    }

    /// One step of size `lr` along `grad`.
    pub fn step(&mut self, params: &mut [f32], grad: &[f32], lr: f32) {
        self.t += 1;
        let c1 = 1.0 - Self::B1.powi(self.t);
        let c2 = 1.0 - Self::B2.powi(self.t);
        let step = lr * c2.sqrt() / c1;
        for ((p, g), (m, v)) in
            params.iter_mut().zip(grad).zip(self.m.iter_mut().zip(self.v.iter_mut()))
        {
            *m = Self::B1 * *m + (1.0 - Self::B1) * g;
            *v = Self::B2 * *v + (1.0 - Self::B2) * g * g;
            *p -= step * *m / (v.sqrt() + Self::EPS * c2.sqrt());
        }
    }
}
