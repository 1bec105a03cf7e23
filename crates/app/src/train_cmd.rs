//! `vidle train`: trains the evaluation network on the CPU from `vidle datagen`'s data
//! ([`vidle_train::train`]) and writes it in the engine's format, its float weights beside it
//! (`OUT.f32`), and optionally a check file for the engine's unit test.

use anyhow::{Context, Result, bail};
use clap::Args;
use std::path::PathBuf;
use std::time::Instant;
use vidle_train::train::data::{self, Filter};
use vidle_train::train::model::Net;
use vidle_train::train::{self, Config};

#[derive(Args, Debug)]
pub struct TrainArgs {
    /// Data: datagen directories (their manifest) or chunk files (default: the datagen
    /// directory, $XDG_DATA_HOME/vidle/nnue).
    pub data: Vec<PathBuf>,
    /// Where to write the network (the engine's format); the float weights go to OUT.f32.
    #[arg(long, short)]
    pub out: PathBuf,
    /// Also write `FEN | integer eval | float eval` lines of held-out positions here.
    #[arg(long)]
    pub check: Option<PathBuf>,
    /// Accumulator units per side: 128, 256, 512 or 1024 (the sizes the engine reads).
    #[arg(long, default_value_t = 256)]
    pub hidden: usize,
    /// Output buckets, picked by the number of pieces on the board (1 to 16; 8 cuts 2–32
    /// pieces into steps of four).
    #[arg(long, default_value_t = 1)]
    pub buckets: usize,
    /// King buckets of the inputs: 0 for none (768 inputs per side, as vidle-5), or 1, 2, 4, 8
    /// or 16 sets of them by the region of the board the side's own king is in, each side's
    /// board mirrored so that its king is on files a–d (the maps are in the engine's
    /// `nnue/inputs.rs`).
    #[arg(long, default_value_t = 0)]
    pub king_buckets: usize,
    /// Passes over the data; 0 with --init writes those weights again in the engine's format
    /// (with --check, the check file of a network trained earlier). 100 by measurement
    /// (docs/lab/nnue.md: on 2.25 M positions 30, 60 and 100 epochs gave −143, −98 and −83 Elo
    /// against the hand-crafted evaluation; 5 minutes here).
    #[arg(long, default_value_t = 100)]
    pub epochs: usize,
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Adam's learning rate at the start (a cosine decay to 3 % of it).
    #[arg(long, default_value_t = 1e-3)]
    pub lr: f32,
    /// Weight of the game result in the target (the rest is the search score). 0 by
    /// measurement (docs/lab/nnue.md: 0.5, 0.25, 0.1 and 0 gave -636, -463, -258 and -186 Elo
    /// against the hand-crafted evaluation on the same 1.4 M positions).
    #[arg(long, default_value_t = 0.0)]
    pub wdl: f32,
    /// Fraction of positions held out to measure the loss on.
    #[arg(long, default_value_t = 0.02)]
    pub holdout: f64,
    /// Hold out whole chunk files (100 games each: no game on both sides, the same held-out set
    /// whatever --limit is), or single positions (most of whose games are trained on, so the
    /// loss rewards remembering them).
    #[arg(long, value_enum, default_value_t = HoldoutBy::Game)]
    pub holdout_by: HoldoutBy,
    /// Drop positions whose score is above this (centipawns, absolute).
    #[arg(long, default_value_t = 2500)]
    pub max_score: i16,
    /// Mirror each position without castling rights left to right (files a↔h) in half the
    /// epochs' draws: the same value seen from the other wing (data augmentation; with king
    /// buckets each side's board is mirrored already, and this changes nothing).
    #[arg(long)]
    pub mirror: bool,
    /// Keep duplicates of a position (default: one record per position).
    #[arg(long)]
    pub keep_duplicates: bool,
    /// Use only the first N positions that pass the filters (the data curve).
    #[arg(long)]
    pub limit: Option<usize>,
    /// Start from these float weights (OUT.f32 of an earlier run) instead of random ones.
    #[arg(long)]
    pub init: Option<PathBuf>,
    /// Multiply the network's output layer by this before writing it (the network, OUT.f32 and
    /// the check file): every evaluation times the factor. The search plays best with the
    /// evaluations of a network trained on search scores made about 0.85 as large
    /// (docs/lab/nnue-bootstrap.md, "The evaluation's scale costs play"). OUT.f32 holds the scaled
    /// weights, so `--init OUT.f32 --epochs 0` writes the same network again.
    #[arg(long, default_value_t = 1.0)]
    pub output_scale: f32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads for the gradient (the result depends on seed and thread count only).
    #[arg(long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()))]
    pub threads: usize,
}

/// How `vidle train` chooses its held-out positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum HoldoutBy {
    Game,
    Position,
}

fn report_load(stats: &data::LoadStats, max_score: i16, seconds: f64) {
    eprintln!(
        "train: {} positions from {} files ({} read; dropped: {} not quiet, {} |score| > {}, \
         {} duplicates, {} unreadable) in {:.1} s",
        stats.kept,
        stats.files,
        stats.read,
        stats.not_quiet,
        stats.too_large,
        max_score,
        stats.duplicates,
        stats.bad,
        seconds
    );
}

/// The training positions each output bucket gets, and a warning for a bucket with almost
/// none (under one in a thousand): its weights would stay as they start. Tablebase
/// adjudication without play-on (`vidle datagen --tb-play-on 0`) leaves endings out so.
fn report_buckets(tr: &[data::Raw], buckets: usize, init: bool) {
    if buckets < 2 {
        return;
    }
    let counts = train::bucket_counts(tr, buckets);
    let list: Vec<String> =
        counts.iter().map(|&(lo, hi, n)| format!("{lo}–{hi} pieces {n}")).collect();
    eprintln!("train: positions per output bucket: {}", list.join(", "));
    let start = if init { "--init's weights" } else { "random weights" };
    for (b, &(lo, hi, n)) in counts.iter().enumerate() {
        if n * 1000 < tr.len() {
            // Only the tables' endings have a known cause to name.
            let hint = if lo <= 5 {
                "; datagen keeps 3–5-piece endings with --tb-play-on above 0"
            } else {
                ""
            };
            eprintln!(
                "train: warning: output bucket {b} ({lo}–{hi} pieces) has {n} of {} training \
                 positions, so its weights stay near their start ({start}) and the network \
                 evaluates such positions blind{hint}",
                tr.len()
            );
        }
    }
}

pub fn run(a: &TrainArgs) -> Result<()> {
    if !vidle_engine::NNUE_SIZES.contains(&a.hidden) {
        bail!("--hidden must be one of {:?}, the sizes the engine reads", vidle_engine::NNUE_SIZES);
    }
    if !(1..=vidle_engine::NNUE_MAX_BUCKETS).contains(&a.buckets) {
        bail!("--buckets must be 1 to {}", vidle_engine::NNUE_MAX_BUCKETS);
    }
    let kings = match a.king_buckets {
        0 => vidle_engine::net_format::KingInputs::NONE,
        n => vidle_engine::net_format::KingInputs::preset(n).with_context(|| {
            format!(
                "--king-buckets must be 0 or one of {:?}",
                vidle_engine::net_format::KING_PRESETS
            )
        })?,
    };
    if a.batch == 0 || (a.epochs == 0 && a.init.is_none()) {
        bail!("--batch must be above 0, and --epochs too unless --init gives the weights");
    }
    if !(a.output_scale.is_finite() && a.output_scale > 0.0 && a.output_scale <= 4.0) {
        bail!("--output-scale must be above 0 and at most 4, not {}", a.output_scale);
    }
    // Written so that NaN fails every test (a NaN learning rate wrote a network of NaNs).
    let numbers_ok = (0.0..=1.0).contains(&a.wdl)
        && (0.0..1.0).contains(&a.holdout)
        && a.lr.is_finite()
        && a.lr > 0.0
        && a.lr <= 1.0;
    if !numbers_ok {
        bail!(
            "--wdl must be within 0..1, --holdout within 0..1 (below 1), --lr above 0 and at \
             most 1 (not {})",
            a.lr
        );
    }
    // The starting weights first: a bad --init is refused before the data is read.
    let mut net = match &a.init {
        Some(p) => {
            let bytes =
                vidle_core::files::read_bounded(p, vidle_core::files::MAX_TRAINING_FILE_BYTES)
                    .with_context(|| format!("reading {}", p.display()))?;
            let net = Net::from_float_bytes(&bytes)
                .map_err(|e| anyhow::anyhow!("{}: {e}", p.display()))?;
            if net.params.iter().any(|w| !w.is_finite()) {
                bail!("{}: the weights are not all finite numbers", p.display());
            }
            if (net.hidden, net.buckets, net.kings.count()) != (a.hidden, a.buckets, kings.count())
            {
                bail!(
                    "{} has {} hidden units, {} output buckets and {} king buckets, not --hidden \
                     {} --buckets {} --king-buckets {}",
                    p.display(),
                    net.hidden,
                    net.buckets,
                    net.kings.count(),
                    a.hidden,
                    a.buckets,
                    a.king_buckets
                );
            }
            net
        }
        None => Net::with_inputs(a.hidden, a.buckets, kings, a.seed),
    };
    let paths =
        if a.data.is_empty() { vec![crate::datagen_cmd::default_dir()] } else { a.data.clone() };
    let start = Instant::now();
    let filter = Filter { max_score: Some(a.max_score), dedup: !a.keep_duplicates, limit: a.limit };
    let (mut tr, val) = match a.holdout_by {
        HoldoutBy::Position => {
            let (records, stats) = data::load(&paths, &filter).map_err(anyhow::Error::msg)?;
            report_load(&stats, a.max_score, start.elapsed().as_secs_f64());
            data::split(records, a.holdout, a.seed)
        }
        HoldoutBy::Game => {
            let mut files = Vec::new();
            for p in &paths {
                files.extend(data::chunk_files(p).map_err(anyhow::Error::msg)?);
            }
            let (mut train_files, mut val_files) = data::split_files(files, a.holdout, a.seed);
            if val_files.is_empty() && train_files.len() > 1 && a.holdout > 0.0 {
                // Too few files for the fraction to pick one: hold out the last.
                val_files.extend(train_files.pop());
            }
            let (tr, stats) = data::load(&train_files, &filter).map_err(anyhow::Error::msg)?;
            report_load(&stats, a.max_score, start.elapsed().as_secs_f64());
            let all = Filter { limit: None, ..filter };
            let (val, _) = data::load(&val_files, &all).map_err(anyhow::Error::msg)?;
            let n = val_files.len();
            let files = if n == 1 { "file" } else { "files" };
            eprintln!("train: {} positions held out, the games of {n} chunk {files}", val.len());
            (tr, val)
        }
    };
    if tr.is_empty() || val.is_empty() {
        let hint = if a.holdout_by == HoldoutBy::Game {
            " (whole files are held out: with few chunk files raise --holdout or use --holdout-by position)"
        } else {
            ""
        };
        bail!(
            "too few positions to train on ({} to train, {} held out){hint}",
            tr.len(),
            val.len()
        );
    }
    report_buckets(&tr, a.buckets, a.init.is_some());
    let cfg = Config {
        hidden: a.hidden,
        epochs: a.epochs,
        batch: a.batch,
        lr: a.lr,
        wdl: a.wdl,
        seed: a.seed,
        threads: a.threads.max(1),
        mirror: a.mirror,
    };
    eprintln!(
        "train: {} to train, {} held out; held-out loss before {:.6}",
        tr.len(),
        val.len(),
        train::loss(&net, &val, a.wdl)
    );
    train::train(&mut net, &mut tr, &val, &cfg, |r| {
        eprintln!(
            "epoch {:>3}: train {:.6}  held-out {:.6}  {:.0} positions/s  lr {:.2e}  ({:.0} s)",
            r.epoch,
            r.train_loss,
            r.val_loss,
            r.positions_per_second,
            r.lr,
            start.elapsed().as_secs_f64()
        );
        true
    });
    if a.output_scale != 1.0 {
        net.scale_output(a.output_scale);
        eprintln!(
            "train: output scaled by {}; held-out loss now {:.6}",
            a.output_scale,
            train::loss(&net, &val, a.wdl)
        );
    }
    // Training can diverge (a learning rate too high for the data): such weights would make a
    // network that evaluates everything as 0. Nothing is written then.
    if let Some(i) = net.params.iter().position(|w| !w.is_finite()) {
        bail!(
            "training diverged: weight {i} is {} (try a smaller --lr); nothing written",
            net.params[i]
        );
    }
    write(&a.out, &net.to_engine_bytes())?;
    let float_path = PathBuf::from(format!("{}.f32", a.out.display()));
    write(&float_path, &net.to_float_bytes())?;
    if let Some(check) = &a.check {
        let lines = train::check_lines(&net, &val, 150);
        write(check, (lines.join("\n") + "\n").as_bytes())?;
    }
    eprintln!(
        "train: wrote {} and {} ({:.0} s in all)",
        a.out.display(),
        float_path.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn write(path: &std::path::Path, bytes: &[u8]) -> Result<()> {
    std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))
}
