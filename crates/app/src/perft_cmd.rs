//! `vidle perft`: leaf counts with nodes per second, divide, and EPD suites.

use crate::cli::PerftArgs;
use anyhow::{Context, bail};
use std::time::Instant;
use vidle_core::notation::to_uci;
use vidle_core::perft::{perft, perft_full};
use vidle_core::{Position, fen};

fn count(pos: &Position, depth: u32, full: bool) -> u64 {
    if full { perft_full(pos, depth) } else { perft(pos, depth) }
}

pub fn run(args: &PerftArgs) -> anyhow::Result<()> {
    if let Some(path) = &args.epd {
        return run_epd(path, args);
    }
    let pos = match &args.fen {
        Some(f) => fen::parse_fen_relaxed(f).with_context(|| format!("--fen '{f}'"))?,
        None => Position::startpos(),
    };
    let start = Instant::now();
    // A castling that standard notation cannot tell from a king step (the king on f1 and the
    // rook on h1 both reach g1) is written king takes rook, as Chess960 writes it.
    let chess960 = args.chess960 || pos.castling_needs_chess960();
    let total = if args.divide {
        let mut total = 0;
        for m in pos.legal_moves().iter() {
            let n =
                if args.depth == 0 { 1 } else { count(&pos.played(m), args.depth - 1, args.full) };
            println!("{}: {n}", to_uci(m, chess960));
            total += n;
        }
        println!();
        total
    } else {
        count(&pos, args.depth, args.full)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("Nodes searched: {total}");
    println!("Time: {:.3} s, {:.0} nodes/s", secs, total as f64 / secs.max(1e-9));
    Ok(())
}

fn run_epd(path: &std::path::Path, args: &PerftArgs) -> anyhow::Result<()> {
    let text = vidle_core::files::read_text_bounded(path, vidle_core::files::MAX_EPD_BYTES)
        .with_context(|| format!("reading {}", path.display()))?;
    let (mut ok, mut bad, mut nodes) = (0, 0, 0u64);
    let start = Instant::now();
    for (line_no, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen_text = parts.next().unwrap_or_default().trim();
        let pos = match fen::parse_fen_relaxed(fen_text) {
            Ok(p) => p,
            Err(e) => {
                println!("line {}: {e}", line_no + 1);
                bad += 1;
                continue;
            }
        };
        let mut best: Option<(u32, u64)> = None;
        for op in parts {
            let mut it = op.split_whitespace();
            if let (Some(d), Some(n)) = (it.next(), it.next())
                && let (Ok(d), Ok(n)) = (d.trim_start_matches('D').parse::<u32>(), n.parse::<u64>())
                && d <= args.depth
                && best.is_none_or(|(bd, _)| d > bd)
            {
                best = Some((d, n));
            }
        }
        let Some((depth, expected)) = best else { continue };
        let got = count(&pos, depth, args.full);
        nodes += got;
        if got == expected {
            ok += 1;
        } else {
            bad += 1;
            println!(
                "line {}: depth {depth}: expected {expected}, got {got}: {fen_text}",
                line_no + 1
            );
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{ok} positions correct, {bad} wrong; {nodes} nodes, {:.0} nodes/s",
        nodes as f64 / secs.max(1e-9)
    );
    if bad > 0 {
        bail!("{bad} positions failed");
    }
    Ok(())
}
