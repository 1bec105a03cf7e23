//! `vidle-tune`: self-play data generation and Texel tuning of the evaluation weights.
//!
//! ```text
//! vidle-tune gen --openings FILE.epd --games N [--nodes N] [--threads T] [--skip K]
//!                 [--random-plies N] [--seed S] --out FILE
//! vidle-tune fit --data FILE [--epochs N] [--rate R] [--l2 L] [--holdout FRACTION] [--lambda L]
//!                [--only TABLE,TABLE...]
//! ```
//! `gen` writes `FEN | score | result` lines (White's score in centipawns); `fit` also reads
//! `FEN | move | score | result` lines of played games (`tools/match/pgn2tune.py`), keeping
//! the positions whose move was quiet. `fit` prints the error as it goes and the tuned tables
//! as Rust source to paste into `crates/engine/src/eval/weights.rs`.

use std::io::{BufReader, BufWriter, Write};
use vidle_train::tune;

fn usage() -> ! {
    eprintln!(
        "usage: vidle-tune gen --openings FILE --games N [--nodes N] [--threads T] [--skip K] [--random-plies N] [--seed S] --out FILE\n       vidle-tune fit --data FILE [--epochs N] [--rate R] [--l2 L] [--holdout F] [--lambda L] [--only TABLE,...]"
    );
    std::process::exit(2)
}

/// The value after `--name`, parsed.
fn arg<T: std::str::FromStr>(args: &[String], name: &str) -> Option<T> {
    let i = args.iter().position(|a| a == name)?;
    match args.get(i + 1).map(|v| v.parse()) {
        Some(Ok(v)) => Some(v),
        _ => {
            eprintln!("vidle-tune: {name} needs a valid value");
            usage()
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("gen") => gen_cmd(&args),
        Some("fit") => fit_cmd(&args),
        _ => usage(),
    };
    if let Err(e) = result {
        eprintln!("vidle-tune: {e}");
        std::process::exit(1);
    }
}

fn gen_cmd(args: &[String]) -> std::io::Result<()> {
    let openings_path: String = arg(args, "--openings").unwrap_or_else(|| usage());
    let out_path: String = arg(args, "--out").unwrap_or_else(|| usage());
    let games: usize = arg(args, "--games").unwrap_or(100);
    let nodes: u64 = arg(args, "--nodes").unwrap_or(5000);
    let threads: usize = arg(args, "--threads").unwrap_or(1).max(1);
    let skip: usize = arg(args, "--skip").unwrap_or(0);
    let random_plies: usize = arg(args, "--random-plies").unwrap_or(0);
    let seed: u64 = arg(args, "--seed").unwrap_or(1);
    let text = std::fs::read_to_string(&openings_path)?;
    // EPD lines: the first four fields are the position; the clocks default.
    let openings: Vec<String> = text
        .lines()
        .map(|l| l.split(';').next().unwrap_or("").split_whitespace().take(4).collect::<Vec<_>>())
        .filter(|f| f.len() == 4)
        .map(|f| format!("{} 0 1", f.join(" ")))
        .collect();
    if openings.is_empty() {
        return Err(std::io::Error::other(format!("{openings_path}: no positions")));
    }
    let per_thread = games.div_ceil(threads);
    let written: std::io::Result<usize> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let openings = &openings;
                let path = format!("{out_path}.{t}");
                s.spawn(move || -> std::io::Result<usize> {
                    let mut out = BufWriter::new(std::fs::File::create(&path)?);
                    // Openings spread over the file, so threads and runs do not repeat them.
                    let first = skip + t * per_thread;
                    let stride_first = (first * 7919) % openings.len();
                    let n = tune::generate(
                        openings,
                        stride_first,
                        per_thread,
                        nodes,
                        random_plies,
                        seed,
                        &mut out,
                    )?;
                    out.flush()?;
                    Ok(n)
                })
            })
            .collect();
        let mut total = 0;
        for h in handles {
            total += h.join().map_err(|_| std::io::Error::other("a thread panicked"))??;
        }
        Ok(total)
    });
    let written = written?;
    // Concatenate the per-thread files.
    let mut out = BufWriter::new(std::fs::File::create(&out_path)?);
    for t in 0..threads {
        let part = format!("{out_path}.{t}");
        out.write_all(&std::fs::read(&part)?)?;
        std::fs::remove_file(&part)?;
    }
    out.flush()?;
    eprintln!("{written} positions from {games} games written to {out_path}");
    Ok(())
}

fn fit_cmd(args: &[String]) -> std::io::Result<()> {
    let data: String = arg(args, "--data").unwrap_or_else(|| usage());
    let epochs: usize = arg(args, "--epochs").unwrap_or(500);
    let rate: f64 = arg(args, "--rate").unwrap_or(0.1);
    let l2: f64 = arg(args, "--l2").unwrap_or(tune::DEFAULT_L2);
    let holdout: f64 = arg(args, "--holdout").unwrap_or(0.1);
    let lambda: f64 = arg::<f64>(args, "--lambda").unwrap_or(0.0).clamp(0.0, 1.0);
    let only: String = arg(args, "--only").unwrap_or_default();
    let names: Vec<&str> = only.split(',').filter(|n| !n.trim().is_empty()).collect();
    let mask = tune::trainable(&names).unwrap_or_else(|e| {
        eprintln!("vidle-tune: --only: {e}");
        std::process::exit(2)
    });
    let loaded = tune::load(BufReader::new(std::fs::File::open(&data)?));
    let (mut samples, bad, not_quiet) = (loaded.samples, loaded.bad, loaded.not_quiet);
    // The file lists each game's positions together, so the tail is a set of games the fit
    // never sees: its error shows over-fitting that the training error hides.
    let keep = samples.len() - (samples.len() as f64 * holdout.clamp(0.0, 0.5)) as usize;
    let held = samples.split_off(keep);
    eprintln!(
        "{} positions to fit, {} held out ({bad} lines skipped, {not_quiet} not quiet)",
        samples.len(),
        held.len()
    );
    let w0 = tune::current_weights();
    let k = tune::fit_k(&samples, &w0);
    tune::blend_scores(&mut samples, k, lambda);
    // The held-out games are judged twice: against their results (what the evaluation is
    // for) and against the search's scores (a far less noisy target).
    let mut held_scores = held.clone();
    tune::blend_scores(&mut held_scores, k, 1.0);
    let report = |w: &[(f64, f64)]| {
        format!(
            "held-out error {:.6} (results), {:.6} (scores)",
            tune::error(&held, w, k),
            tune::error(&held_scores, w, k)
        )
    };
    eprintln!(
        "K = {k:.4}, lambda {lambda}, error {:.6}, {}",
        tune::error(&samples, &w0, k),
        report(&w0)
    );
    let w = tune::fit(&samples, k, epochs, rate, l2, &mask, |e, err, w| {
        eprintln!("epoch {e}: error {err:.6}, {}", report(w));
    });
    print!("{}", tune::format_weights(&w));
    Ok(())
}
