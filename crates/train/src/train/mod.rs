//! The network trainer: fits the evaluation network (`nnue.rs`) to Vidle's own self-play data
//! (`vidle datagen`) on the CPU, and writes it in the engine's format (`vidle train`).
//!
//! The target of a position is `(1 − wdl) · sigmoid(score / 400) + wdl · result` from the side
//! to move's view; the loss is the mean squared error of `sigmoid(output)` against it; Adam with
//! a cosine decay of the learning rate to 3 % of its start over the run; weights clipped to what
//! the engine's integer arithmetic can hold after every step. Each batch's gradient is summed by
//! `threads` threads over fixed slices of the batch and added in slice order, so a run is
//! reproducible bit for bit from its seed and thread count.
//!
//! Speed comes from sparsity: a position has at most 32 active inputs of 768 per side, so the
//! forward and backward passes touch 64 rows of the accumulator weights instead of all of them.

pub mod data;
pub mod model;

use data::{Raw, Sample};
use model::{Adam, Net, Quantised};
use std::time::Instant;
use vidle_core::rng::SplitMix64;
use vidle_engine::net_format;

/// A training run's settings.
#[derive(Debug, Clone)]
pub struct Config {
    /// Hidden units per side.
    pub hidden: usize,
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per batch (one optimiser step each).
    pub batch: usize,
    /// The learning rate at the start (it decays along a cosine to 3 % of it).
    pub lr: f32,
    /// Weight of the game result in the target.
    pub wdl: f32,
    /// Seed of each epoch's order of the positions and of which ones are mirrored.
    pub seed: u64,
    /// Threads that sum each batch's gradient.
    pub threads: usize,
    /// Mirror each training position without castling rights left to right with probability
    /// one half, drawn afresh for every epoch ([`data::Sample::view`]).
    pub mirror: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            hidden: 256,
            epochs: 20,
            batch: 16384,
            lr: 1e-3,
            wdl: 0.0,
            seed: 1,
            threads: 1,
            mirror: false,
        }
    }
}

/// What one epoch did.
#[derive(Debug, Clone)]
pub struct EpochReport {
    /// The epoch's number, from 1.
    pub epoch: usize,
    /// Mean squared error over the epoch's training batches.
    pub train_loss: f64,
    /// Mean squared error on the held-out positions after the epoch.
    pub val_loss: f64,
    /// Training positions per second over the epoch.
    pub positions_per_second: f64,
    /// The learning rate of the epoch's last step.
    pub lr: f32,
}

/// The learning rate at `step` of `total`: a cosine from `lr` down to 3 % of it.
fn scheduled(lr: f32, step: usize, total: usize) -> f32 {
    let x = step.min(total) as f64 / total.max(1) as f64;
    (f64::from(lr) * (0.03 + 0.97 * 0.5 * (1.0 + (std::f64::consts::PI * x).cos()))) as f32
}

/// Whether the training position at `at` of an epoch's order is mirrored in that epoch: a hash
/// of the run's seed, the epoch and the place, so the choice does not depend on the threads.
fn mirrored(cfg: &Config, epoch: usize, at: usize) -> bool {
    let key = cfg.seed ^ ((epoch as u64) << 40) ^ (at as u64) ^ 0x3A1F_0C5D;
    cfg.mirror && (SplitMix64::new(key).next_u64() & 1) == 1
}

/// The gradient of one batch (starting at `at` of epoch `epoch`'s order), summed over
/// `threads` slices; returns the summed squared error.
fn batch_gradient(
    net: &Net,
    batch: &[Raw],
    (epoch, at): (usize, usize),
    cfg: &Config,
    grads: &mut [Vec<f32>],
) -> f64 {
    let weight = 1.0 / batch.len() as f32;
    let per = batch.len().div_ceil(grads.len());
    let errors: Vec<f64> = std::thread::scope(|scope| {
        let handles: Vec<_> = grads
            .iter_mut()
            .zip(batch.chunks(per.max(1)))
            .enumerate()
            .map(|(k, (grad, slice))| {
                scope.spawn(move || {
                    grad.fill(0.0);
                    let mut scratch = net.scratch();
                    let first = at + k * per.max(1);
                    slice
                        .iter()
                        .enumerate()
                        .map(|(i, raw)| {
                            let s = Sample::view(raw, cfg.wdl, mirrored(cfg, epoch, first + i));
                            f64::from(net.backward(&s, weight, grad, &mut scratch))
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a gradient thread panicked")).collect()
    });
    let used = batch.len().div_ceil(per.max(1));
    let (first, rest) = grads.split_at_mut(1);
    for g in &rest[..used.saturating_sub(1)] {
        for (a, b) in first[0].iter_mut().zip(g) {
            *a += b;
        }
    }
    errors.iter().sum()
}

/// How many of `records` each of `buckets` output buckets evaluates, by the pieces on the board
/// ([`net_format::bucket`]), with the fewest and most pieces each bucket covers. A bucket with no
/// positions keeps the weights it starts from: the network evaluates those positions blind.
pub fn bucket_counts(records: &[Raw], buckets: usize) -> Vec<(usize, usize, usize)> {
    let mut out: Vec<(usize, usize, usize)> = vec![(usize::MAX, 0, 0); buckets];
    for pieces in 2..=32 {
        let b = &mut out[net_format::bucket(pieces, buckets)];
        (b.0, b.1) = (b.0.min(pieces), pieces);
    }
    for raw in records {
        out[net_format::bucket(data::piece_count(raw), buckets)].2 += 1;
    }
    out
}

/// The mean squared error of `net` on `records`.
pub fn loss(net: &Net, records: &[Raw], wdl: f32) -> f64 {
    let mut scratch = net.scratch();
    let sum: f64 = records
        .iter()
        .map(|raw| {
            let s = Sample::new(raw, wdl);
            let p = 1.0 / (1.0 + (-net.forward(&s, &mut scratch)).exp());
            f64::from((p - s.target) * (p - s.target))
        })
        .sum();
    sum / records.len().max(1) as f64
}

/// Trains `net` on `train`, measuring on `val` after every epoch; `report` sees each epoch and
/// may stop the run by returning false.
pub fn train(
    net: &mut Net,
    train: &mut [Raw],
    val: &[Raw],
    cfg: &Config,
    mut report: impl FnMut(&EpochReport) -> bool,
) {
    let threads = cfg.threads.max(1);
    let mut grads = vec![vec![0.0f32; net.params.len()]; threads];
    let mut adam = Adam::new(net.params.len());
    let mut rng = SplitMix64::new(cfg.seed ^ 0x7EA1);
    let batch = cfg.batch.max(1);
    let steps_per_epoch = train.len().div_ceil(batch);
    let total = steps_per_epoch * cfg.epochs;
    let mut step = 0;
    for epoch in 1..=cfg.epochs {
        let start = Instant::now();
        // Fisher–Yates with the run's generator.
        for i in (1..train.len()).rev() {
            train.swap(i, rng.below(i + 1));
        }
        let mut err = 0.0;
        let mut lr = cfg.lr;
        for (c, chunk) in train.chunks(batch).enumerate() {
            err += batch_gradient(net, chunk, (epoch, c * batch), cfg, &mut grads);
            lr = scheduled(cfg.lr, step, total);
            adam.step(&mut net.params, &grads[0], lr);
            net.clip();
            step += 1;
        }
        let seconds = start.elapsed().as_secs_f64();
        let r = EpochReport {
            epoch,
            train_loss: err / train.len().max(1) as f64,
            val_loss: loss(net, val, cfg.wdl),
            positions_per_second: train.len() as f64 / seconds.max(1e-9),
            lr,
        };
        if !report(&r) {
            break;
        }
    }
}

/// Lines `FEN | integer evaluation | float evaluation` for up to `n` positions, the evaluations
/// from the side to move's view in centipawns: the engine's unit test recomputes the integer
/// one with its own (incremental) code.
pub fn check_lines(net: &Net, records: &[Raw], n: usize) -> Vec<String> {
    let q = Quantised::new(net);
    let mut scratch = net.scratch();
    records
        .iter()
        .filter_map(|raw| {
            let rec = crate::packed::Record::from_bytes(raw).ok()?;
            let s = Sample::new(raw, 0.0);
            let int = q.eval_cp(&s);
            (int.abs() < 20_000).then(|| {
                format!(
                    "{} | {int} | {:.1}",
                    vidle_core::fen::to_fen(&rec.pos, false),
                    net.eval_cp(&s, &mut scratch)
                )
            })
        })
        .take(n)
        .collect()
}

#[cfg(test)]
mod tests;
