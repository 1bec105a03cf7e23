//! Comparison of finished tables with third-party reference tables (cargo feature `reference`):
//! Syzygy WDL and DTZ through the `shakmaty-syzygy` crate, and Gaviota DTM through python-chess
//! (`python3` with the `chess` package; there is no Rust reader of Gaviota's files). `vidle tb
//! verify --syzygy DIR --gaviota DIR` and the integration tests both use it.
//!
//! Every legal position of the table's index is compared (both sides to move), or every
//! `step`-th index entry to sample a big table.

use rayon::prelude::*;
use shakmaty::{CastlingMode, Chess, fen::Fen};
use shakmaty_syzygy::{MaybeRounded, Tablebase};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use crate::board::Board;
use crate::format::{self, MetricKind};
use crate::index::Layout;
use crate::{Material, Tablebases, TbValue, Wdl};

/// Mismatch lines kept as examples.
const EXAMPLES: usize = 10;

/// What a comparison found.
#[derive(Debug, Default)]
pub struct Comparison {
    /// Positions compared.
    pub positions: u64,
    /// Positions where the reference disagrees.
    pub mismatches: u64,
    /// The first few disagreements, one line each (FEN, our value, theirs).
    pub examples: Vec<String>,
}

impl Comparison {
    fn add(&mut self, other: Comparison) {
        self.positions += other.positions;
        self.mismatches += other.mismatches;
        let room = EXAMPLES.saturating_sub(self.examples.len());
        self.examples.extend(other.examples.into_iter().take(room));
    }

    fn mismatch(&mut self, line: String) {
        self.mismatches += 1;
        if self.examples.len() < EXAMPLES {
            self.examples.push(line);
        }
    }
}

/// The legal positions of every `step`-th index entry in `range`: `(index, side, board)`.
fn sample(
    layout: &Layout,
    range: std::ops::Range<u64>,
    step: u64,
) -> impl Iterator<Item = (u64, usize, Board)> + '_ {
    let first = range.start.div_ceil(step) * step;
    (first..range.end).step_by(step as usize).flat_map(move |idx| {
        let b = layout.decode(idx);
        (0..2).filter_map(move |side| b.filter(|b| b.legal_with(side)).map(|b| (idx, side, b)))
    })
}

fn fen(b: &Board, side: usize) -> String {
    b.fen(if side == 0 { vidle_core::Color::White } else { vidle_core::Color::Black })
}

/// Syzygy's five WDL values, from our DTZ value.
fn syzygy_wdl(v: TbValue) -> i32 {
    match Wdl::from_dtz(v) {
        Wdl::Loss => -2,
        Wdl::BlessedLoss => -1,
        Wdl::Draw => 0,
        Wdl::CursedWin => 1,
        Wdl::Win => 2,
    }
}

/// The Syzygy tables (`.rtbw`, `.rtbz`) in `dir`.
pub fn open_syzygy(dir: &Path) -> Result<Tablebase<Chess>, String> {
    let mut tb = Tablebase::with_filesystem(std::sync::Arc::new(WholeFiles));
    match tb.add_directory(dir) {
        Ok(0) => Err(format!("no Syzygy tables in {}", dir.display())),
        Ok(_) => Ok(tb),
        Err(e) => Err(format!("Syzygy tables in {}: {e}", dir.display())),
    }
}

/// The reference tables read whole into memory when first probed. A comparison probes every
/// position of a table, and the crate's default reader asks the system for every probe's bytes
/// (`pread`): 4.1 million calls for the 3-piece tables alone, most of the Syzygy comparison's
/// time. Tables are opened only when probed, so a directory of large tables costs only those
/// a comparison uses.
struct WholeFiles;

impl shakmaty_syzygy::filesystem::Filesystem for WholeFiles {
    fn regular_file_size(&self, path: &Path) -> std::io::Result<u64> {
        let meta = std::fs::metadata(path)?;
        if meta.is_file() {
            Ok(meta.len())
        } else {
            Err(std::io::Error::other(format!("{} is not a regular file", path.display())))
        }
    }

    fn read_dir(&self, path: &Path) -> std::io::Result<Vec<std::path::PathBuf>> {
        std::fs::read_dir(path)?.map(|e| e.map(|e| e.path())).collect()
    }

    fn open(
        &self,
        path: &Path,
    ) -> std::io::Result<Box<dyn shakmaty_syzygy::filesystem::RandomAccessFile>> {
        Ok(Box::new(InMemory(std::fs::read(path)?)))
    }
}

/// A table file's bytes.
struct InMemory(Vec<u8>);

impl shakmaty_syzygy::filesystem::RandomAccessFile for InMemory {
    fn read_at(
        &self,
        buf: &mut [u8],
        offset: u64,
        _hint: shakmaty_syzygy::filesystem::ReadHint,
    ) -> std::io::Result<usize> {
        let start = usize::try_from(offset).map_or(self.0.len(), |o| o.min(self.0.len()));
        let n = buf.len().min(self.0.len() - start);
        buf[..n].copy_from_slice(&self.0[start..start + n]);
        Ok(n)
    }
}

/// Our DTZ table of `m` in `dir` against Syzygy's WDL and DTZ. The five-valued result (win,
/// cursed win, draw, blessed loss, loss) must agree exactly; DTZ may differ by one ply with the
/// same sign (Syzygy's documented rounding, and its count when the loser's reply is a forced
/// zeroing move, e.g. `1k6/p7/K7/8/8/8/8/1R6 b`). Mated positions are not compared for DTZ
/// (the conventions differ).
pub fn compare_syzygy(
    dir: &Path,
    syzygy: &Tablebase<Chess>,
    m: &Material,
    step: u64,
) -> Result<Comparison, String> {
    let (_, dtz) = format::read_table(&format::table_path(dir, m, MetricKind::Dtz))
        .map_err(|e| e.to_string())?;
    let layout = Layout::new(*m);
    let step = step.max(1);
    const CHUNK: u64 = 1 << 16;
    let chunks: Vec<Result<Comparison, String>> = (0..layout.size.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| {
            let mut r = Comparison::default();
            let range = c * CHUNK..((c + 1) * CHUNK).min(layout.size);
            for (idx, side, b) in sample(&layout, range, step) {
                let ours = TbValue::from_code(dtz[side][idx as usize])
                    .ok_or_else(|| format!("{m}: legal position {} has no value", fen(&b, side)))?;
                let fen = fen(&b, side);
                // Legal but unreachable checks (shakmaty: IMPOSSIBLE_CHECK) are probed anyway.
                let pos: Chess = fen
                    .parse::<Fen>()
                    .map_err(|e| format!("{fen}: {e}"))?
                    .into_position(CastlingMode::Standard)
                    .or_else(shakmaty::PositionError::ignore_impossible_check)
                    .map_err(|e| format!("{fen}: {e}"))?;
                let probe_err = |e: shakmaty_syzygy::SyzygyError| format!("Syzygy, {fen}: {e}");
                let wdl = syzygy.probe_wdl_after_zeroing(&pos).map_err(probe_err)? as i32;
                let theirs = syzygy.probe_dtz(&pos).map_err(probe_err)?;
                let ours_signed = match ours {
                    TbValue::Loss(0) => theirs.ignore_rounding().0,
                    v => v.signed(),
                };
                let ok_dtz = match theirs {
                    MaybeRounded::Precise(d) | MaybeRounded::Rounded(d) => {
                        (d.0 - ours_signed).abs() <= 1 && d.0.signum() == ours_signed.signum()
                    }
                };
                r.positions += 1;
                if wdl != syzygy_wdl(ours) || !ok_dtz {
                    r.mismatch(format!(
                        "{fen}: ours {ours:?} (wdl {}), Syzygy wdl {wdl} dtz {theirs:?}",
                        syzygy_wdl(ours)
                    ));
                }
            }
            Ok(r)
        })
        .collect();
    let mut total = Comparison::default();
    for c in chunks {
        total.add(c?);
    }
    Ok(total)
}

/// Reads FENs on stdin, answers each with python-chess's Gaviota DTM (signed plies, positive when
/// the side to move mates), or `missing` where Gaviota has no table.
const GAVIOTA_SCRIPT: &str = r#"
import sys, chess, chess.gaviota
tb = chess.gaviota.open_tablebase(sys.argv[1])
for line in sys.stdin:
    try:
        print(tb.probe_dtm(chess.Board(line.strip())))
    except chess.gaviota.MissingTableError:
        print("missing")
"#;

/// Whether `python3` can import python-chess's Gaviota prober.
pub fn gaviota_available() -> bool {
    Command::new("python3")
        .args(["-c", "import chess.gaviota"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Our DTM of `m` (through the prober `ours`, which resolves exit-bounded entries) against
/// Gaviota's tables in `gaviota_dir`, read by python-chess (pure Python: about 100 µs a probe,
/// so sample big tables with `step`).
pub fn compare_gaviota(
    ours: &Tablebases,
    gaviota_dir: &Path,
    m: &Material,
    step: u64,
) -> Result<Comparison, String> {
    if !gaviota_available() {
        return Err("Gaviota needs python3 with python-chess (pip install chess)".into());
    }
    let layout = Layout::new(*m);
    let step = step.max(1);
    let mut child = Command::new("python3")
        .arg("-c")
        .arg(GAVIOTA_SCRIPT)
        .arg(gaviota_dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("python3: {e}"))?;
    let mut stdin = child.stdin.take().expect("piped");
    let stdout = child.stdout.take().expect("piped");
    // The positions go in on one thread and the answers come back on this one, in the same
    // order; neither side holds more than a pipe's worth.
    let writer_layout = layout.clone();
    let writer = std::thread::spawn(move || -> std::io::Result<()> {
        let mut w = std::io::BufWriter::new(&mut stdin);
        for (_, side, b) in sample(&writer_layout, 0..writer_layout.size, step) {
            writeln!(w, "{}", fen(&b, side))?;
        }
        w.flush()
    });
    let mut r = Comparison::default();
    let mut lines = BufReader::new(stdout).lines();
    let mut failure = None;
    for (_, side, b) in sample(&layout, 0..layout.size, step) {
        let fen = fen(&b, side);
        let Some(Ok(line)) = lines.next() else {
            failure = Some("python-chess stopped answering".to_string());
            break;
        };
        if line == "missing" {
            failure = Some(format!("Gaviota has no table for {m} in {}", gaviota_dir.display()));
            break;
        }
        let Ok(g) = line.trim().parse::<i32>() else {
            failure = Some(format!("python-chess answered {line:?} for {fen}"));
            break;
        };
        let v = match ours.code(&b, side, MetricKind::Dtm) {
            Some(Ok(c)) => TbValue::from_code(c),
            Some(Err(e)) => return Err(e.to_string()),
            None => return Err(format!("{m}: no DTM table of ours")),
        };
        let Some(v) = v else { return Err(format!("{fen}: no value in our table")) };
        r.positions += 1;
        let ok = match v {
            TbValue::Win(d) => g == d as i32,
            TbValue::Loss(d) => g == -(d as i32),
            TbValue::Draw => g == 0,
        };
        if !ok {
            r.mismatch(format!("{fen}: ours {v:?}, Gaviota {g}"));
        }
    }
    drop(lines);
    let _ = child.kill();
    let out = child.wait_with_output().map_err(|e| format!("python3: {e}"))?;
    let _ = writer.join();
    if let Some(f) = failure {
        let err = String::from_utf8_lossy(&out.stderr);
        let last = err.lines().last().unwrap_or("").trim();
        return Err(if last.is_empty() { f } else { format!("{f} ({last})") });
    }
    Ok(r)
}
