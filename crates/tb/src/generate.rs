//! Table generation: DTM and DTZ for one endgame from its solved successors, and the driver that
//! walks the dependency graph, keeps finished tables (resumable) and reports time and memory.

pub use crate::sysmem::default_memory_limit;
use crate::sysmem::peak_rss;
use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use crate::board::{Board, MoveClass};
use crate::error::TbError;
use crate::format::{self, MetricKind};
use crate::index::{Decoder, Layout};
use crate::keep::{Keep, kept_entries};
use crate::material::{DependencyGraph, Material};
use crate::retro::{Metric, Solver, Workspace, forward};
use crate::timing::{PhaseClock, PhaseTime};
use crate::value::{Code, DRAW, TbValue, zeroing_value};
use crate::write::{Bits, Encoding};

/// Solved tables held in memory, looked up by position (colour flips handled). Each table holds
/// the entries that the moves of the table being solved reach ([`sub_parts`]): one side to move,
/// and of a promotion only the positions with the new piece on the last rank.
#[derive(Default)]
pub struct TableSet {
    tables: Vec<SubTable>,
    /// Every orientation a board may have: (material as on the board, flipped, table number).
    /// A handful of entries, scanned linearly: cheaper than hashing on every capture.
    lookup: Vec<(Material, bool, usize)>,
}

/// One table of a [`TableSet`]: the kept entries of each side ([`Keep`]; `None`: not loaded) and
/// where each side's entries begin in `codes`.
struct SubTable {
    layout: Layout,
    parts: [Option<Keep>; 2],
    first: [usize; 2],
    codes: Vec<Code>,
}

impl TableSet {
    /// Adds a table: `codes` holds the entries `parts` keeps of white's side, then of black's.
    pub fn insert(&mut self, material: Material, parts: [Option<Keep>; 2], codes: Vec<Code>) {
        let layout = Layout::new(material);
        let size = layout.size;
        assert_eq!(
            codes.len() as u64,
            kept_entries(parts, size),
            "{material}: codes of the parts kept"
        );
        let first = [0, kept_entries([parts[0], None], size) as usize];
        let n = self.tables.len();
        self.tables.push(SubTable { layout, parts, first, codes });
        self.lookup.push((material, false, n));
        if material.flipped() != material {
            self.lookup.push((material.flipped(), true, n));
        }
    }

    /// Bytes held by the loaded codes: 2 per kept entry.
    pub fn memory(&self) -> u64 {
        self.tables.iter().map(|t| 2 * t.codes.len() as u64).sum()
    }

    /// The tables' memory, for the next table's sub-tables ([`Workspace::recycle_subs`]).
    pub fn into_buffers(self) -> impl Iterator<Item = Vec<Code>> {
        self.tables.into_iter().map(|t| t.codes)
    }

    /// The code of `b` with `stm` to move; bare kings are a draw.
    #[inline]
    pub fn code(&self, b: &Board, stm: usize) -> Code {
        self.code_at(self.locate(b, stm))
    }

    /// Where `b` with `stm` to move lies in this set. Two sets holding the same materials in
    /// the same order ([`TableSet::same_tables`]: a table's DTM and DTZ sub-tables) place every
    /// position alike, so the index is computed once for both.
    #[inline]
    pub fn locate(&self, b: &Board, stm: usize) -> Entry {
        let m = b.material();
        if m == Material::KVK {
            return Entry::BareKings;
        }
        let &(_, flip, t) = self
            .lookup
            .iter()
            .find(|(l, _, _)| *l == m)
            .unwrap_or_else(|| panic!("sub-table {m} not loaded"));
        let table = &self.tables[t];
        let (side, idx) = if flip {
            (1 - stm, table.layout.encode(&b.color_flipped()))
        } else {
            (stm, table.layout.encode(b))
        };
        let kept = table.parts[side].and_then(|k| k.compact(idx)).unwrap_or_else(|| {
            panic!("{}: side {side} index {idx} not loaded", table.layout.material)
        });
        Entry::At { table: t, offset: table.first[side] + kept as usize }
    }

    /// The code at a place found by [`TableSet::locate`] (of this set or of one with the same
    /// tables).
    #[inline]
    pub fn code_at(&self, e: Entry) -> Code {
        match e {
            Entry::BareKings => DRAW,
            Entry::At { table, offset } => self.tables[table].codes[offset],
        }
    }

    /// Whether both sets hold the same parts of the same materials in the same order.
    pub fn same_tables(&self, other: &TableSet) -> bool {
        self.lookup == other.lookup
            && self.tables.iter().zip(&other.tables).all(|(a, b)| a.parts == b.parts)
    }
}

/// The parts of each sub-table of `m` that its moves reach ([`Material::exits`]), in the order
/// of `subs`: the side to move after the move, all of it after a capture, and after a
/// promotion only the entries with the new piece on its last rank ([`Layout::promotion_keep`];
/// all where two kinds of move reach the same side).
pub fn sub_parts(m: &Material, subs: &[Material]) -> Vec<[Option<Keep>; 2]> {
    let exits = m.exits();
    subs.iter()
        .map(|s| {
            let layout = Layout::new(*s);
            let mut parts = [None; 2];
            for e in exits.iter().filter(|e| e.material == *s) {
                let keep = match e.promoted {
                    Some((color, role)) => layout.promotion_keep(color, role),
                    None => Keep::All,
                };
                let part = &mut parts[e.to_move];
                *part = Some(match *part {
                    Some(k) if k != keep => Keep::All,
                    _ => keep,
                });
            }
            parts
        })
        .collect()
}

/// Entries each of `subs` keeps of its `parts` ([`sub_parts`]).
fn sub_entries(subs: &[Material], parts: &[[Option<Keep>; 2]]) -> Vec<u64> {
    subs.iter().zip(parts).map(|(s, p)| kept_entries(*p, Layout::new(*s).size)).collect()
}

/// A position's place in a [`TableSet`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// Bare kings: a draw, in no table.
    BareKings,
    /// Table number and entry (the side to move's half, then the index).
    At {
        /// The table's number in the set, in insertion order.
        table: usize,
        /// Where the entry lies in that table's codes: its side's first kept entry plus the
        /// index's place among the side's kept entries ([`Keep::compact`]).
        offset: usize,
    },
}

fn child_value(code: Code) -> TbValue {
    TbValue::from_code(code).expect("a legal move leads to a legal position")
}

/// The mover's value of a move whose child (opponent to move) is worth `child` to the opponent.
fn mover_value(kind: MetricKind, child: TbValue, zeroing: bool) -> TbValue {
    match kind {
        MetricKind::Dtm => child.parent(),
        MetricKind::Dtz if zeroing => zeroing_value(child),
        MetricKind::Dtz => child.parent(),
    }
}

/// The value of a move for the mover. Quiet moves stay in the retrograde graph (`None`); pawn
/// pushes read the slice of this table with the pawns further advanced, solved before; captures
/// and promotions read the sub-tables. After a double push the opponent's en passant captures
/// count too (tables hold positions without en passant rights).
struct SliceMetric<'a> {
    kind: MetricKind,
    subs: &'a TableSet,
    own: &'a Solver<'a>,
}

/// Where the positions a leaving move leads to lie: in this table (a pawn push: side to move
/// and index, read from the slice solved before) or in a sub-table; after a double push also
/// the en passant captures that answer it (at most two).
#[derive(Clone, Copy)]
enum At {
    Own(usize, usize),
    Sub(Entry),
    DoublePush { own: (usize, usize), ep: [Entry; 2], captures: usize },
}

impl Metric for SliceMetric<'_> {
    const PAWN_UNMOVES: bool = false;
    type At = At;

    fn locate(&self, child: &Board, child_stm: usize, class: MoveClass) -> At {
        let own = || (child_stm, self.own.layout.encode(child) as usize);
        match class {
            MoveClass::Quiet => unreachable!("quiet moves stay in the retrograde graph"),
            MoveClass::PawnPush => {
                let (side, idx) = own();
                At::Own(side, idx)
            }
            MoveClass::DoublePush(ep) => {
                let mut at = [Entry::BareKings; 2];
                let mut captures = 0;
                child.for_each_ep_capture(child_stm, ep as u32, |grandchild| {
                    at[captures] = self.subs.locate(grandchild, 1 - child_stm);
                    captures += 1;
                });
                At::DoublePush { own: own(), ep: at, captures }
            }
            MoveClass::Exit => At::Sub(self.subs.locate(child, child_stm)),
        }
    }

    fn value(&self, at: At) -> TbValue {
        let v = match at {
            At::Own(side, idx) => child_value(self.own.code(side, idx)),
            At::DoublePush { own: (side, idx), ep, captures } => {
                let mut best = child_value(self.own.code(side, idx));
                for &e in &ep[..captures] {
                    let g = child_value(self.subs.code_at(e));
                    best = best.max(mover_value(self.kind, g, true));
                }
                best
            }
            At::Sub(e) => child_value(self.subs.code_at(e)),
        };
        mover_value(self.kind, v, true)
    }
}

/// How far the pawns have advanced; a pawn push always increases it.
fn pawn_progress(b: &Board) -> usize {
    let mut p = 0;
    let mut w = b.bb[0][0];
    while w != 0 {
        p += (w.trailing_zeros() / 8) as usize;
        w &= w - 1;
    }
    let mut k = b.bb[1][0];
    while k != 0 {
        p += 7 - (k.trailing_zeros() / 8) as usize;
        k &= k - 1;
    }
    p
}

/// What [`solve_endgame`] leaves besides the values, which stay in the workspace
/// ([`Workspace::codes`]; solver `k` is `metrics[k]`).
pub struct Solved {
    /// The metrics solved, DTM before DTZ; `metrics[k]`'s values are the workspace's codes `k`.
    pub metrics: Vec<MetricKind>,
    /// DTM: the positions whose value their best capture or promotion achieves.
    pub bounded: Option<[Bits; 2]>,
    /// Bytes of the solvers' state arrays: 4 per index entry and side, per metric.
    pub solver_memory: u64,
}

/// What [`solve_endgame`] reports as it goes.
pub enum Step<'a> {
    /// Work done, in units of [`work_units`].
    Work(u64),
    /// The forward pass of a slice of pawn progress began (number, count).
    Slice(usize, usize),
    /// A retrograde pass of `metric` reached a level (plies).
    Level(&'a str, usize),
    /// A phase began ([`crate::timing`]); the one before it ended.
    Phase(&'static str),
}

/// The work [`solve_endgame`] reports for a table of `size` index entries solving `metrics`
/// metrics in one call: one unit per index entry in the forward pass, and two per index entry
/// (both sides) in each metric's retrograde passes, counted by positions resolved and completed
/// at the end of each slice (draws are only known then).
pub fn work_units(size: u64, metrics: u64) -> u64 {
    size * (1 + 2 * metrics)
}

/// The slices of pawn progress of a table, most advanced first (a pawn push always leads to an
/// earlier one), each listed only while it is solved: one byte of progress per index is held
/// throughout, and one vector, as long as the largest slice, is refilled for each (listing
/// them all at once held 4 bytes per index entry: 1.3 GiB for KRPvKR).
struct Slices {
    progress: Vec<u8>,
    /// Index entries per progress value.
    sizes: Vec<usize>,
    list: Vec<u32>,
}

impl Slices {
    fn new(layout: &Layout) -> Slices {
        if !layout.has_pawns() {
            return Slices {
                progress: Vec::new(),
                sizes: vec![layout.size as usize],
                list: Vec::new(),
            };
        }
        const CHUNK: usize = 1 << 16;
        let mut progress = vec![0u8; layout.size as usize];
        progress.par_chunks_mut(CHUNK).enumerate().for_each(|(c, out)| {
            let mut decoder = Decoder::new(layout);
            for (i, p) in (c * CHUNK..).zip(out) {
                *p = decoder.decode(i as u64).map_or(0, |b| pawn_progress(&b) as u8);
            }
        });
        let mut sizes = vec![0usize; 256];
        for &p in &progress {
            sizes[p as usize] += 1;
        }
        Slices { progress, sizes, list: Vec::new() }
    }

    /// The progress values with positions, most advanced first.
    fn order(&self) -> Vec<usize> {
        (0..self.sizes.len()).rev().filter(|&p| self.sizes[p] > 0).collect()
    }

    /// The index entries of progress `p`, in index order.
    fn list(&mut self, p: usize) -> &[u32] {
        self.list.clear();
        if self.progress.is_empty() {
            self.list.extend(0..self.sizes[0] as u32);
            return &self.list;
        }
        // Sized once for the largest slice: growing would copy and fault in memory again.
        let largest = self.sizes.iter().copied().max().unwrap_or(0);
        self.list.reserve(largest);
        const CHUNK: usize = 1 << 20;
        let parts: Vec<Vec<u32>> = self
            .progress
            .par_chunks(CHUNK)
            .enumerate()
            .map(|(c, chunk)| {
                let at = (c * CHUNK) as u32;
                (0..chunk.len() as u32)
                    .filter(|&i| chunk[i as usize] as usize == p)
                    .map(|i| at + i)
                    .collect()
            })
            .collect();
        for part in parts {
            self.list.extend(part);
        }
        &self.list
    }
}

/// Solves one endgame's DTM if `subs_dtm` is given and its DTZ if `subs_dtz` is (each holds
/// every successor table of its metric); `workspace` holds the solver arrays (kept from the
/// table before, if any), where the values stay ([`Workspace::codes`]). Both at once share one
/// forward pass; one at a time halves the memory.
pub fn solve_endgame(
    material: Material,
    subs_dtm: Option<&TableSet>,
    subs_dtz: Option<&TableSet>,
    workspace: &mut Workspace,
    progress: &(dyn Fn(Step<'_>) + Sync),
) -> Solved {
    let layout = Layout::new(material);
    progress(Step::Phase("slices"));
    let mut slices = Slices::new(&layout);
    let wanted: Vec<(MetricKind, &TableSet)> =
        [(MetricKind::Dtm, subs_dtm), (MetricKind::Dtz, subs_dtz)]
            .into_iter()
            .filter_map(|(k, s)| Some((k, s?)))
            .collect();
    let solvers = workspace.solvers(&layout, wanted.len());
    let metrics: Vec<SliceMetric<'_>> = wanted
        .iter()
        .zip(&solvers)
        .map(|(&(kind, subs), own)| SliceMetric { kind, subs, own })
        .collect();
    // The forward pass locates a leaving move's positions once, in the first metric's
    // sub-tables, and reads every metric's value there.
    if let [a, b] = &metrics[..] {
        assert!(a.subs.same_tables(b.subs), "{material}: DTM and DTZ sub-tables differ");
    }
    let order = slices.order();
    for (k, &p) in order.iter().enumerate() {
        // DTM and DTZ side by side, slice by slice: one forward pass serves both.
        progress(Step::Slice(k + 1, order.len()));
        progress(Step::Phase("slices"));
        let slice = slices.list(p);
        progress(Step::Phase("forward"));
        let on_chunk = |n| progress(Step::Work(n));
        let mut seeds: Vec<Vec<Vec<u64>>> = match &metrics[..] {
            [a, b] => forward([(a.own, a), (b.own, b)], slice, &on_chunk)
                .into_iter()
                .map(Vec::from)
                .collect(),
            [a] => forward([(a.own, a)], slice, &on_chunk).into_iter().map(Vec::from).collect(),
            _ => unreachable!("one or two metrics"),
        };
        for (j, m) in metrics.iter().enumerate() {
            progress(Step::Phase(match m.kind {
                MetricKind::Dtm => "retrograde DTM",
                MetricKind::Dtz => "retrograde DTZ",
            }));
            let share = 2 * slice.len() as u64;
            let mut reported = 0;
            let mine = seeds.iter_mut().flat_map(|chunk| std::mem::take(&mut chunk[j]));
            m.own.retrograde::<SliceMetric<'_>>(mine, slice, |d, resolved| {
                let now = resolved.min(share);
                if now > reported {
                    progress(Step::Work(now - reported));
                    reported = now;
                }
                progress(Step::Level(m.kind.name(), d));
            });
            progress(Step::Work(share - reported));
        }
    }
    progress(Step::Phase("exit bounds"));
    Solved {
        metrics: wanted.iter().map(|&(k, _)| k).collect(),
        bounded: metrics.iter().find(|m| m.kind == MetricKind::Dtm).map(|m| m.own.bounded()),
        solver_memory: metrics.iter().map(|m| m.own.memory()).sum(),
    }
}

/// Options of [`generate`].
#[derive(Clone, Debug)]
pub struct GenOptions {
    /// The table directory: successors are read from it and the new tables written to it
    /// (the full DTM copies under `resolved/`).
    pub dir: PathBuf,
    /// Worker threads (0: rayon's default, one per core).
    pub threads: usize,
    /// Draw progress bars on stderr (overall and per table).
    pub progress: bool,
    /// Bytes a table may use (estimated by [`memory_estimate`]) with DTM and DTZ solved in one
    /// pass; a table that would need more solves them one after the other, which halves its
    /// solver arrays and loaded sub-tables for a second forward pass.
    pub memory_limit: u64,
}

impl GenOptions {
    /// Options with the default memory limit ([`default_memory_limit`]).
    pub fn new(dir: PathBuf, threads: usize, progress: bool) -> GenOptions {
        GenOptions { dir, threads, progress, memory_limit: default_memory_limit() }
    }
}

/// The memory generating `m` takes with `metrics` (1 or 2) metrics solved at once: per metric
/// and index entry 8 bytes of solver state (the finished values are packed over it), and 2 per
/// entry its sub-tables keep ([`sub_parts`]); plus 6 bytes per entry for the pawn progress, the
/// slice being solved, its seeds and the encoder. Before 2026-11-28 the values had arrays of
/// their own and all slices were listed at once (12 and 10 bytes instead of 8 and 6: KBNvKP
/// 15.0 GiB estimated, 17.7 measured; then 11.1); before 2026-12-03 both sides of every
/// sub-table were loaded (KBPvKP, one metric: 13.6 GiB; now 4.4 GiB, both metrics 7.4 GiB).
pub fn memory_estimate(m: Material, metrics: u64) -> u64 {
    let subs: Vec<Material> = m.successors().into_iter().collect();
    let kept = sub_entries(&subs, &sub_parts(&m, &subs));
    estimate(Layout::new(m).size, kept.iter().sum(), metrics)
}

/// [`memory_estimate`] of a table of `size` entries per side whose sub-tables keep
/// `sub_entries` entries in all.
fn estimate(size: u64, sub_entries: u64, metrics: u64) -> u64 {
    metrics * (8 * size + 2 * sub_entries) + 6 * size
}

/// What generating (or finding) one table took.
#[derive(Clone, Debug)]
pub struct GenReport {
    /// The table (normalised material).
    pub material: Material,
    /// Already on disk from an earlier run.
    pub kept: bool,
    /// Wall-clock seconds generating it took; 0 for a kept table.
    pub seconds: f64,
    /// Index entries of both sides to move (twice [`Layout::size`], broken ones included).
    pub positions: u64,
    /// Size in bytes of the DTM file written (or found).
    pub dtm_bytes: u64,
    /// Size in bytes of the DTZ file written (or found).
    pub dtz_bytes: u64,
    /// The generator's full DTM copy ([`format::resolved_path`]), which bigger tables read.
    pub resolved_bytes: u64,
    /// Working arrays of the solver plus loaded successor tables.
    pub working_memory: u64,
    /// Peak resident set of the process while this table ran (Linux; 0 elsewhere).
    pub peak_rss: u64,
    /// DTM and DTZ were solved one after the other (see [`GenOptions::memory_limit`]).
    pub one_metric_at_a_time: bool,
    /// Wall and CPU time per phase (empty for a kept table).
    pub phases: Vec<PhaseTime>,
}

/// The sizes of a finished table's DTM and DTZ files, when both and the generator's full DTM
/// copy ([`format::resolved_path`]) are on disk with sound headers, block indexes and block
/// checksums (a file damaged after it was written is generated again, not trusted).
fn complete(dir: &Path, m: &Material) -> Option<[u64; 3]> {
    let mut sizes = [0; 3];
    let files = [
        (format::table_path(dir, m, MetricKind::Dtm), MetricKind::Dtm),
        (format::table_path(dir, m, MetricKind::Dtz), MetricKind::Dtz),
        (format::resolved_path(dir, m), MetricKind::Dtm),
    ];
    for (k, (path, metric)) in files.into_iter().enumerate() {
        if !path.exists() {
            return None;
        }
        let source = crate::probe::FileSource::open(&path).ok()?;
        let t = crate::probe::TableFile::open(Box::new(source), &format::file_name(m, metric))
            .and_then(|t| t.verify_checksums().map(|_| t));
        let t = match t {
            Ok(t) => t,
            Err(e) => {
                eprintln!("tb gen: {e}; generating {m} again");
                return None;
            }
        };
        if t.header.material != *m || t.header.metric != metric || (k == 2 && t.header.flags != 0) {
            return None;
        }
        sizes[k] = std::fs::metadata(&path).ok()?.len();
    }
    Some(sizes)
}

/// Removes the temporary files (`NAME.<pid>-<n>.tmp`, see [`crate::write::write_file`]) that a
/// killed run left for `tables`, in `dir` and its `resolved` copy. Only files of processes no
/// longer running are removed (Linux: `/proc/<pid>`), so a second `gen` on the same directory
/// keeps its own; elsewhere nothing is removed. Returns the files removed.
pub fn remove_stale_temporaries(dir: &Path, tables: &[Material]) -> Vec<PathBuf> {
    let mut removed = Vec::new();
    if !Path::new("/proc/self").exists() {
        return removed;
    }
    let names: Vec<String> = tables
        .iter()
        .flat_map(|m| [MetricKind::Dtm, MetricKind::Dtz].map(|k| format::file_name(m, k)))
        .collect();
    for d in [dir.to_path_buf(), dir.join("resolved")] {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for e in entries.flatten() {
            let file = e.file_name().to_string_lossy().into_owned();
            let Some(rest) = file.strip_suffix(".tmp") else { continue };
            let Some((name, tag)) = rest.rsplit_once('.') else { continue };
            let Some(pid) = tag.split_once('-').and_then(|(p, _)| p.parse::<u32>().ok()) else {
                continue;
            };
            let ours = pid == std::process::id();
            if names.iter().any(|n| n == name)
                && !ours
                && !Path::new(&format!("/proc/{pid}")).exists()
                && std::fs::remove_file(e.path()).is_ok()
            {
                removed.push(e.path());
            }
        }
    }
    removed
}

/// The `parts` of a finished table's exact codes (in one vector, decoded into `buf`): DTZ from
/// its file, DTM from the generator's full copy.
fn load(
    dir: &Path,
    m: &Material,
    metric: MetricKind,
    parts: [Option<Keep>; 2],
    buf: Vec<Code>,
) -> Result<Vec<Code>, TbError> {
    let path = match metric {
        MetricKind::Dtm => format::resolved_path(dir, m),
        MetricKind::Dtz => format::table_path(dir, m, metric),
    };
    if !path.exists() {
        return Err(TbError::Missing { table: path.display().to_string() });
    }
    Ok(format::read_table_parts(&path, buf, parts)?.1)
}

/// Generates `targets` and everything they depend on, in dependency order, into `opts.dir`.
/// Tables already complete on disk are kept, so an interrupted run resumes.
pub fn generate(
    targets: &[Material],
    opts: &GenOptions,
    mut on_table: impl FnMut(&GenReport),
) -> Result<Vec<GenReport>, TbError> {
    std::fs::create_dir_all(&opts.dir)
        .map_err(|source| TbError::Io { table: opts.dir.display().to_string(), source })?;
    let graph = DependencyGraph::closure(targets);
    let order = graph.order();
    for f in remove_stale_temporaries(&opts.dir, &order) {
        eprintln!("tb gen: removed {}, left by an interrupted run", f.display());
    }
    let pool =
        rayon::ThreadPoolBuilder::new().num_threads(opts.threads).build().expect("thread pool");

    let multi = MultiProgress::new();
    if !opts.progress {
        multi.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let total: u64 = order.iter().map(|m| Layout::new(*m).size * 2).sum();
    let overall = multi.add(ProgressBar::new(total));
    overall.set_style(
        ProgressStyle::with_template(
            "{prefix:>6} [{bar:40}] {percent:>3}% {elapsed_precise} ETA {eta_precise} {msg}",
        )
        .expect("template")
        .progress_chars("=> "),
    );
    overall.set_prefix("all");
    let table_bar = multi.add(ProgressBar::new(1));
    table_bar.set_style(
        ProgressStyle::with_template(
            "{prefix:>6} [{bar:40}] {percent:>3}% {elapsed_precise} ETA {eta_precise} {msg}",
        )
        .expect("template")
        .progress_chars("=> "),
    );
    let mut done = 0;

    let mut reports = Vec::new();
    let mut workspace = Workspace::default();
    for m in order {
        let positions = Layout::new(m).size * 2;
        if let Some([dtm_bytes, dtz_bytes, resolved_bytes]) = complete(&opts.dir, &m) {
            done += positions;
            overall.set_position(done);
            let r = GenReport {
                material: m,
                kept: true,
                seconds: 0.0,
                positions,
                dtm_bytes,
                dtz_bytes,
                resolved_bytes,
                working_memory: 0,
                peak_rss: 0,
                one_metric_at_a_time: false,
                phases: Vec::new(),
            };
            on_table(&r);
            reports.push(r);
            continue;
        }
        peak_rss(true);
        let start = Instant::now();
        table_bar.set_prefix(m.to_string());
        let name = m.to_string();
        let clock = Mutex::new(PhaseClock::default());
        let phase = |p| clock.lock().expect("phase clock").start(p);
        let result = pool.install(|| -> Result<GenReport, TbError> {
            let subs: Vec<Material> = graph.edges[&m].iter().copied().collect();
            let parts = sub_parts(&m, &subs);
            let len = Layout::new(m).size as usize;
            // Both metrics in one pass unless their sub-tables and solver arrays together would
            // not fit: then DTM is solved and written first, and DTZ after it.
            let sub_lens = sub_entries(&subs, &parts);
            let together = estimate(len as u64, sub_lens.iter().sum(), 2) <= opts.memory_limit;
            let load_subs = |metric, bufs: Vec<Vec<Code>>| -> Result<TableSet, TbError> {
                let mut set = TableSet::default();
                for ((s, p), buf) in subs.iter().zip(&parts).zip(bufs) {
                    set.insert(*s, *p, load(&opts.dir, s, metric, *p, buf)?);
                }
                Ok(set)
            };
            let sub_lens: Vec<usize> = sub_lens.into_iter().map(|n| n as usize).collect();
            let units =
                if together { work_units(len as u64, 2) } else { 2 * work_units(len as u64, 1) };
            table_bar.reset();
            table_bar.set_length(units);
            let progress = |step: Step<'_>| match step {
                Step::Work(n) => {
                    table_bar.inc(n);
                    // The overall bar moves with the table's share of its positions.
                    let part = positions as f64 * table_bar.position() as f64 / units as f64;
                    overall.set_position(done + (part as u64).min(positions));
                }
                Step::Slice(k, n) => table_bar.set_message(if n > 1 {
                    format!("slice {k}/{n}: forward pass")
                } else {
                    "forward pass".to_string()
                }),
                Step::Level(metric, d) => table_bar.set_message(format!("{metric} ply {d}")),
                Step::Phase(p) => phase(p),
            };
            let io = |source| TbError::Io { table: name.clone(), source };
            let mut dtm_bytes = 0;
            let mut dtz_bytes = 0;
            let mut resolved_bytes = 0;
            let mut working_memory = 0;
            let passes: &[&[MetricKind]] = if together {
                &[&[MetricKind::Dtm, MetricKind::Dtz]]
            } else {
                &[&[MetricKind::Dtm], &[MetricKind::Dtz]]
            };
            for &metrics in passes {
                workspace.prepare(len, metrics.len());
                phase("load sub-tables");
                table_bar.set_message("loading sub-tables");
                let lens: Vec<usize> =
                    metrics.iter().flat_map(|_| sub_lens.iter().copied()).collect();
                let mut bufs = workspace.take_sub_buffers(&lens).into_iter();
                let mut next = || bufs.by_ref().take(sub_lens.len()).collect::<Vec<_>>();
                // DTM's buffers first, as `lens` lists them.
                let mut load = |metric| {
                    metrics.contains(&metric).then(|| load_subs(metric, next())).transpose()
                };
                let dtm_subs = load(MetricKind::Dtm)?;
                let dtz_subs = load(MetricKind::Dtz)?;
                let solved = solve_endgame(
                    m,
                    dtm_subs.as_ref(),
                    dtz_subs.as_ref(),
                    &mut workspace,
                    &progress,
                );
                let subs_memory = dtm_subs.as_ref().map_or(0, TableSet::memory)
                    + dtz_subs.as_ref().map_or(0, TableSet::memory);
                working_memory = working_memory.max(solved.solver_memory + subs_memory);
                workspace.recycle_subs(
                    dtm_subs.into_iter().chain(dtz_subs).flat_map(TableSet::into_buffers),
                );
                table_bar.set_message("compressing");
                // `complete` needs the DTM and DTZ files and the full DTM copy, so a crash before
                // all three are written leaves the table to be generated again.
                for (k, &metric) in solved.metrics.iter().enumerate() {
                    phase("pack values");
                    let codes = workspace.codes(k, len);
                    if metric == MetricKind::Dtm {
                        phase("write DTM");
                        let enc = Encoding {
                            bounded: solved.bounded.as_ref(),
                            search_order: true,
                            one_side: format::one_sided(len as u64),
                            ..Encoding::ZSTD
                        };
                        dtm_bytes = crate::write::write_table(&opts.dir, m, metric, &codes, enc)
                            .map_err(io)?;
                        phase("write full DTM copy");
                        let full =
                            Encoding { level: format::RESOLVED_ZSTD_LEVEL, ..Encoding::ZSTD };
                        let bytes = crate::write::encode_table(m, metric, &codes, full);
                        resolved_bytes =
                            crate::write::write_file(&format::resolved_path(&opts.dir, &m), &bytes)
                                .map_err(io)?;
                    } else {
                        phase("write DTZ");
                        dtz_bytes =
                            crate::write::write_table(&opts.dir, m, metric, &codes, Encoding::ZSTD)
                                .map_err(io)?;
                    }
                }
            }
            // The work estimate is an upper bound: a finished table shows as finished.
            table_bar.set_position(units);
            table_bar.set_message("done");
            Ok(GenReport {
                material: m,
                kept: false,
                seconds: 0.0,
                positions,
                dtm_bytes,
                dtz_bytes,
                resolved_bytes,
                working_memory,
                peak_rss: 0,
                one_metric_at_a_time: !together,
                phases: Vec::new(),
            })
        });
        let mut r = result?;
        r.phases = clock.into_inner().expect("phase clock").finish();
        r.seconds = start.elapsed().as_secs_f64();
        r.peak_rss = peak_rss(false);
        done += positions;
        overall.set_position(done);
        on_table(&r);
        reports.push(r);
    }
    table_bar.finish_and_clear();
    overall.finish();
    Ok(reports)
}
