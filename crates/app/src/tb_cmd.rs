//! `vidle tb …` subcommands: generate, probe, statistics and verification of endgame tables.

use anyhow::{Context, bail};
use std::path::PathBuf;
use vidle_tb::stats::{SideStats, table_stats, verify_table};
use vidle_tb::{GenOptions, Material, Tablebases, reference};

#[derive(clap::Subcommand, Debug)]
pub enum TbCommand {
    /// Generate tables (DTM and DTZ) with everything they depend on; finished tables are kept.
    Gen {
        /// Table directory [default: $VIDLE_TB_DIR or the platform data dir, vidle/tb].
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Generate every endgame with up to this many pieces (kings included).
        #[arg(long, conflicts_with = "endgames")]
        max_pieces: Option<u32>,
        /// Worker threads (default: one per core; at most the threads the machine runs at once).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
        /// Memory a table may take with DTM and DTZ solved in one pass, in GiB; a table that
        /// needs more solves them one after the other [default: 3/4 of physical memory].
        #[arg(long, value_name = "GIB")]
        max_memory: Option<f64>,
        /// Also print where each table's time went (wall and CPU time per phase, and the cores
        /// each phase kept busy) and, at the end, the phases summed over the tables made.
        #[arg(long)]
        timings: bool,
        /// Endgames such as KQvKR (default: all with up to 4 pieces).
        endgames: Vec<String>,
    },
    /// Value of a position and of every legal move, best first: from our tables, else from
    /// Syzygy tables.
    Probe {
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Syzygy tables to ask where ours are missing (directories separated by ':')
        /// [default: $VIDLE_SYZYGY_PATH, else the data directory's `syzygy` next to `tb`].
        #[arg(long, value_name = "DIRS")]
        syzygy: Option<String>,
        /// The position (FEN).
        fen: Vec<String>,
    },
    /// Won/drawn/lost counts over the full board, longest mates, DTM histogram.
    Stats {
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
        /// Endgame such as KQvKR.
        endgame: String,
    },
    /// Check finished tables: block checksums, every position against its successors, and
    /// against reference tables when given.
    Verify {
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Also compare WDL and DTZ with the Syzygy tables (.rtbw, .rtbz) in this directory.
        #[arg(long)]
        syzygy: Option<PathBuf>,
        /// Also compare DTM with the Gaviota tables in this directory (needs python3 with
        /// python-chess, about 100 µs a position).
        #[arg(long)]
        gaviota: Option<PathBuf>,
        /// Re-derive and compare only every N-th index entry (a sample of big tables; the
        /// checksums are always checked in full).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
        step: u64,
        /// Endgames to check (default: every table in the directory).
        endgames: Vec<String>,
    },
}

fn dir_or_default(dir: Option<PathBuf>) -> PathBuf {
    dir.unwrap_or_else(vidle_tb::default_dir)
}

fn parse_endgame(s: &str) -> anyhow::Result<Material> {
    Ok(s.parse::<Material>()?.normalized().0)
}

pub fn run(cmd: TbCommand) -> anyhow::Result<()> {
    match cmd {
        TbCommand::Gen { dir, max_pieces, threads, quiet, max_memory, timings, endgames } => {
            let threads = crate::cli::capped_threads("tb gen", threads);
            let mut opts = GenOptions::new(dir_or_default(dir), threads, !quiet);
            if let Some(gib) = max_memory {
                if !(gib >= 0.0 && gib.is_finite()) {
                    bail!("--max-memory must be a number of GiB, not {gib}");
                }
                opts.memory_limit = (gib * (1u64 << 30) as f64) as u64;
            }
            gen_cmd(&opts, max_pieces, &endgames, timings)
        }
        TbCommand::Probe { dir, syzygy, fen } => {
            let syzygy = syzygy.or_else(crate::tb_source::user_syzygy_path);
            probe_cmd(dir_or_default(dir), syzygy.as_deref(), &fen.join(" "))
        }
        TbCommand::Stats { dir, json, endgame } => stats_cmd(dir_or_default(dir), &endgame, json),
        TbCommand::Verify { dir, syzygy, gaviota, step, endgames } => {
            let refs = References { syzygy, gaviota, step };
            verify_cmd(dir_or_default(dir), &refs, &endgames)
        }
    }
}

fn mib(b: u64) -> f64 {
    b as f64 / (1024.0 * 1024.0)
}

fn gen_cmd(
    opts: &GenOptions,
    max_pieces: Option<u32>,
    endgames: &[String],
    timings: bool,
) -> anyhow::Result<()> {
    let targets: Vec<Material> = if endgames.is_empty() {
        let n = max_pieces.unwrap_or(4);
        if !(3..=5).contains(&n) {
            bail!("--max-pieces must be 3, 4 or 5");
        }
        (3..=n).flat_map(Material::all_with).collect()
    } else {
        endgames.iter().map(|s| parse_endgame(s)).collect::<anyhow::Result<_>>()?
    };
    eprintln!("generating into {}", opts.dir.display());
    let start = std::time::Instant::now();
    let reports = vidle_tb::generate(&targets, opts, |r| {
        if r.kept {
            println!("{:<8} kept", r.material.to_string());
        } else {
            println!(
                "{:<8} {:>7.2} s  {:>11} positions  DTM {:>9} B  DTZ {:>9} B  full DTM copy {:>9} B  work {:>7.1} MiB  peak RSS {:>7.1} MiB{}",
                r.material.to_string(),
                r.seconds,
                r.positions,
                r.dtm_bytes,
                r.dtz_bytes,
                r.resolved_bytes,
                mib(r.working_memory),
                mib(r.peak_rss),
                if r.one_metric_at_a_time { "  (DTM, then DTZ)" } else { "" }
            );
            if timings {
                println!("{:<8} {}", "", phase_line(&r.phases));
            }
        }
    })?;
    println!("{}", size_summary(&reports, start.elapsed().as_secs_f64()));
    if timings {
        let made = reports.iter().filter(|r| !r.kept).map(|r| &r.phases[..]);
        let total = vidle_tb::timing::total(made);
        let wall: f64 = total.iter().map(|p| p.wall).sum();
        println!("phases of the tables made  wall s   share   CPU s   cores");
        for p in &total {
            println!(
                "  {:<24} {:>8.2} {:>6.1} % {:>8.2} {:>6.2}",
                p.phase,
                p.wall,
                100.0 * p.wall / wall.max(1e-9),
                p.cpu,
                p.cores()
            );
        }
    }
    Ok(())
}

/// One table's phases on a line: `forward 12.31 s (1.96 cores), …`.
fn phase_line(phases: &[vidle_tb::timing::PhaseTime]) -> String {
    phases
        .iter()
        .map(|p| format!("{} {:.2} s ({:.2} cores)", p.phase, p.wall, p.cores()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The last line of `tb gen`: what this run wrote (every file: DTM, DTZ and the generator's
/// full DTM copies in `resolved/`) and what the directory holds with the tables kept.
fn size_summary(reports: &[vidle_tb::GenReport], seconds: f64) -> String {
    let made: Vec<_> = reports.iter().filter(|r| !r.kept).collect();
    let sum = |rs: &[&vidle_tb::GenReport], f: fn(&vidle_tb::GenReport) -> u64| -> u64 {
        rs.iter().map(|r| f(r)).sum()
    };
    let files: usize = made
        .iter()
        .map(|r| [r.dtm_bytes, r.dtz_bytes, r.resolved_bytes].iter().filter(|&&b| b > 0).count())
        .sum();
    let all = |r: &vidle_tb::GenReport| r.dtm_bytes + r.dtz_bytes + r.resolved_bytes;
    let written = sum(&made, all);
    let every: Vec<_> = reports.iter().collect();
    format!(
        "{} tables generated, {} kept, {seconds:.1} s; written {files} files, {written} B = {:.2} MiB (DTM {:.2} + DTZ {:.2} + full DTM copies {:.2}); all {} tables {:.2} MiB; peak RSS {:.1} MiB",
        made.len(),
        reports.len() - made.len(),
        mib(written),
        mib(sum(&made, |r| r.dtm_bytes)),
        mib(sum(&made, |r| r.dtz_bytes)),
        mib(sum(&made, |r| r.resolved_bytes)),
        reports.len(),
        mib(sum(&every, all)),
        mib(made.iter().map(|r| r.peak_rss).max().unwrap_or(0)),
    )
}

fn probe_cmd(dir: PathBuf, syzygy: Option<&str>, fen: &str) -> anyhow::Result<()> {
    let pos = vidle_core::parse_fen(fen).with_context(|| format!("bad FEN {fen:?}"))?;
    let answer = crate::tb_answer::lookup(&pos, &dir, syzygy).map_err(anyhow::Error::msg)?;
    for note in &answer.notes {
        eprintln!("note: {note}");
    }
    // `vidle tb probe` speaks English (a tool's output, like `vidle analyse`).
    let en = crate::i18n::Lang::En;
    println!(
        "{} (from {}): {}",
        pos.turn().name(),
        answer.source.text(en),
        answer.value.render(en)
    );
    for (m, v) in &answer.moves {
        println!("  {m:<8} {}", v.render(en));
    }
    Ok(())
}

fn json_side(s: &SideStats) -> String {
    let ex = |e: &Option<String>| e.as_ref().map_or("null".to_string(), |f| format!("\"{f}\""));
    format!(
        "{{\"legal\": {}, \"win\": {}, \"draw\": {}, \"loss\": {}, \"longest_win_moves\": {}, \"longest_win_example\": {}, \"longest_loss_moves\": {}, \"longest_loss_example\": {}}}",
        s.legal,
        s.win,
        s.draw,
        s.loss,
        s.longest_win_moves,
        ex(&s.longest_win_example),
        s.longest_loss_moves,
        ex(&s.longest_loss_example)
    )
}

fn stats_cmd(dir: PathBuf, endgame: &str, json: bool) -> anyhow::Result<()> {
    let m = parse_endgame(endgame)?;
    let codes = vidle_tb::stats::exact_dtm(&dir, m)
        .with_context(|| format!("reading {m} in {}", dir.display()))?;
    let stats = table_stats(&codes, m);
    if json {
        println!(
            "{{\"endgame\": \"{m}\", \"white_to_move\": {}, \"black_to_move\": {}}}",
            json_side(&stats[0]),
            json_side(&stats[1])
        );
        return Ok(());
    }
    for (name, s) in ["white to move", "black to move"].iter().zip(&stats) {
        println!(
            "{m}, {name}: {} legal, {} won, {} drawn, {} lost",
            s.legal, s.win, s.draw, s.loss
        );
        if let Some(f) = &s.longest_win_example {
            println!("  longest win: mate in {} ({f})", s.longest_win_moves);
        }
        if let Some(f) = &s.longest_loss_example {
            println!("  longest loss: mated in {} ({f})", s.longest_loss_moves);
        }
        let max = s.histogram.values().copied().max().unwrap_or(1).max(1);
        for (d, n) in &s.histogram {
            let bar = "#".repeat(((n * 50).div_ceil(max)) as usize);
            let label = if *d > 0 { format!("win {d:>3}") } else { format!("loss {:>3}", -d) };
            println!("  {label:>9} plies {n:>10} {bar}");
        }
    }
    Ok(())
}

/// The reference tables `verify` compares with.
struct References {
    syzygy: Option<PathBuf>,
    gaviota: Option<PathBuf>,
    step: u64,
}

fn verify_cmd(dir: PathBuf, refs: &References, endgames: &[String]) -> anyhow::Result<()> {
    let tb = Tablebases::open(&dir).with_context(|| format!("no tables in {}", dir.display()))?;
    let syzygy = match &refs.syzygy {
        Some(d) => Some(reference::open_syzygy(d).map_err(anyhow::Error::msg)?),
        None => None,
    };
    if refs.gaviota.is_some() && !reference::gaviota_available() {
        bail!("--gaviota needs python3 with python-chess (pip install chess)");
    }
    let sampled =
        if refs.step > 1 { format!(" (one index entry in {})", refs.step) } else { String::new() };
    let mut not_compared = 0;
    let mut targets: Vec<Material> =
        endgames.iter().map(|s| parse_endgame(s)).collect::<anyhow::Result<_>>()?;
    if targets.is_empty() {
        for e in std::fs::read_dir(&dir)?.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if let Some(m) = name.strip_suffix(".vdtm").and_then(|s| s.parse::<Material>().ok()) {
                targets.push(m);
            }
        }
        targets.sort_by_key(|m| (m.total(), m.to_string()));
    }
    let mut failed = 0;
    for m in targets {
        let r = verify_table(&tb, m, refs.step)?;
        println!("{m:<8} {} positions{sampled}, {} inconsistencies", r.positions, r.error_count);
        for e in &r.errors {
            println!("  {e}");
        }
        let mut bad = r.error_count > 0;
        let mut report = |name: &str, c: Result<reference::Comparison, String>| match c {
            Ok(c) => {
                println!(
                    "  {name}: {} positions{sampled}, {} mismatches",
                    c.positions, c.mismatches
                );
                for e in &c.examples {
                    println!("    {e}");
                }
                bad |= c.mismatches > 0;
            }
            Err(e) => {
                println!("  {name}: not compared: {e}");
                not_compared += 1;
            }
        };
        if let Some(s) = &syzygy {
            report("Syzygy", reference::compare_syzygy(&dir, s, &m, refs.step));
        }
        if let Some(g) = &refs.gaviota {
            report("Gaviota", reference::compare_gaviota(&tb, g, &m, refs.step));
        }
        failed += bad as usize;
    }
    if not_compared > 0 {
        println!("{not_compared} comparisons with reference tables could not be made (above)");
    }
    if failed > 0 {
        bail!("{failed} tables failed verification");
    }
    Ok(())
}
