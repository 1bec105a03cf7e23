//! The prober: tables open lazily (one per material and metric), blocks are checked, decompressed
//! and cached; file access goes through [`Source`].

use std::collections::HashMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use vidle_core::{Move, Position};

use crate::board::{Board, MoveClass};
use crate::error::TbError;
use crate::format::{self, BlockEntry, Header, MetricKind};
use crate::index::Layout;
use crate::material::Material;
use crate::order::DigitOrder;
use crate::value::{Code, DRAW, ILLEGAL, TbValue, Wdl};

/// Random access to a table file's bytes.
pub trait Source: Send + Sync {
    /// Length of the file in bytes.
    fn len(&self) -> u64;
    /// Whether the source holds no bytes (never a valid table file).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Fills `buf` from `offset`.
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> std::io::Result<()>;
}

/// Positioned reads on an open file (the safe default).
pub struct FileSource(File, u64);

impl FileSource {
    /// Opens `path` for positioned reads; its length is taken now, so the file must not
    /// change while open.
    pub fn open(path: &Path) -> std::io::Result<FileSource> {
        let f = File::open(path)?;
        let len = f.metadata()?.len();
        Ok(FileSource(f, len))
    }
}

impl Source for FileSource {
    fn len(&self) -> u64 {
        self.1
    }

    fn read_at(&self, offset: u64, buf: &mut [u8]) -> std::io::Result<()> {
        #[cfg(unix)]
        {
            std::os::unix::fs::FileExt::read_exact_at(&self.0, buf, offset)
        }
        #[cfg(windows)]
        {
            let mut done = 0;
            while done < buf.len() {
                let n = std::os::windows::fs::FileExt::seek_read(
                    &self.0,
                    &mut buf[done..],
                    offset + done as u64,
                )?;
                if n == 0 {
                    return Err(std::io::ErrorKind::UnexpectedEof.into());
                }
                done += n;
            }
            Ok(())
        }
    }
}

/// A memory-mapped file.
pub struct MmapSource(memmap2::Mmap);

impl MmapSource {
    /// Maps `path` into memory (the file must not be truncated while mapped).
    pub fn open(path: &Path) -> std::io::Result<MmapSource> {
        let f = File::open(path)?;
        // SAFETY: table files are written once to a temporary name and renamed into place, never
        // modified afterwards; a file truncated by someone else could fault, which is the
        // documented risk of memory-mapping and why `FileSource` exists.
        let map = unsafe { memmap2::Mmap::map(&f)? };
        Ok(MmapSource(map))
    }
}

impl Source for MmapSource {
    fn len(&self) -> u64 {
        self.0.len() as u64
    }

    fn read_at(&self, offset: u64, buf: &mut [u8]) -> std::io::Result<()> {
        read_slice_at(&self.0, offset, buf)
    }
}

/// A table file held in memory (fuzzing, tests, tables fetched from elsewhere).
pub struct MemSource(pub Vec<u8>);

impl Source for MemSource {
    fn len(&self) -> u64 {
        self.0.len() as u64
    }

    fn read_at(&self, offset: u64, buf: &mut [u8]) -> std::io::Result<()> {
        read_slice_at(&self.0, offset, buf)
    }
}

/// `buf.len()` bytes of `bytes` from `offset`; past the end is `UnexpectedEof`.
fn read_slice_at(bytes: &[u8], offset: u64, buf: &mut [u8]) -> std::io::Result<()> {
    let src = usize::try_from(offset)
        .ok()
        .and_then(|start| bytes.get(start..start.checked_add(buf.len())?))
        .ok_or(std::io::ErrorKind::UnexpectedEof)?;
    buf.copy_from_slice(src);
    Ok(())
}

/// Blocks kept decompressed by all the tables of one [`Tablebases`] together (8192-entry blocks
/// of 2-byte codes: 16 KiB each, so about 64 MiB); when they hold more, every table's cache is
/// emptied (a [`TableFile`] opened on its own empties its cache at this size). A probe of a
/// side that a file does not store reads about ten blocks, and a search in a 6-piece ending
/// keeps probing a few 5-piece tables: with 256 blocks per table the caches were emptied over
/// and over (KRRvKRP searched 36 % slower than with two-sided files, 12 % with 4096 blocks:
/// `docs/lab/tb/2026-11-29-one-side.md`).
pub const CACHE_BLOCKS: usize = 4096;

/// One open table file.
pub struct TableFile {
    /// The name it was opened under (`KQvKR.vdtm`, or a path), which its errors carry.
    pub name: String,
    /// The parsed and checked header: material, metric, sides stored, counts.
    pub header: Header,
    layout: Layout,
    /// Where an index's entry lies in the file.
    order: DigitOrder,
    index: Vec<BlockEntry>,
    source: Box<dyn Source>,
    cache: Mutex<HashMap<u32, Arc<Vec<Code>>>>,
    /// Blocks cached by this table and those it shares a budget with ([`CACHE_BLOCKS`]).
    cached: Arc<AtomicUsize>,
}

impl TableFile {
    /// Reads and checks the header and block index.
    pub fn open(source: Box<dyn Source>, name: &str) -> Result<TableFile, TbError> {
        let io = |source| TbError::Io { table: name.to_string(), source };
        let len = source.len();
        let mut head = vec![0u8; format::HEADER_LEN.min(len as usize)];
        source.read_at(0, &mut head).map_err(io)?;
        let header = Header::parse(&head, name)?;
        let prefix = format::prefix_len(header.blocks);
        if prefix > len {
            return Err(TbError::BadHeader {
                table: name.into(),
                reason: "block index truncated".into(),
            });
        }
        let mut idx = vec![0u8; (prefix - format::HEADER_LEN as u64) as usize];
        source.read_at(format::HEADER_LEN as u64, &mut idx).map_err(io)?;
        let index = format::parse_index(&idx, &header, len, name)?;
        Ok(TableFile {
            name: name.to_string(),
            layout: Layout::new(header.material),
            order: header.digit_order(),
            header,
            index,
            source,
            cache: Mutex::new(HashMap::new()),
            cached: Arc::new(AtomicUsize::new(0)),
        })
    }

    /// Decompressed block `b` (checked against its checksum; cached).
    pub fn block(&self, b: u32) -> Result<Arc<Vec<Code>>, TbError> {
        if let Some(blk) = self.cache.lock().expect("cache lock").get(&b) {
            return Ok(blk.clone());
        }
        let e = self.index.get(b as usize).ok_or_else(|| TbError::CorruptBlock {
            table: self.name.clone(),
            block: b,
            reason: "no such block".into(),
        })?;
        let mut raw = vec![0u8; e.len as usize];
        self.source
            .read_at(e.offset, &mut raw)
            .map_err(|source| TbError::Io { table: self.name.clone(), source })?;
        let blk = Arc::new(format::decode_block(&self.header, b, e, &raw, &self.name)?);
        let mut cache = self.cache.lock().expect("cache lock");
        if cache.len() >= CACHE_BLOCKS {
            self.cached.fetch_sub(cache.len(), Ordering::Relaxed);
            cache.clear();
        }
        if cache.insert(b, blk.clone()).is_none() {
            self.cached.fetch_add(1, Ordering::Relaxed);
        }
        Ok(blk)
    }

    /// The entry of index `idx` with `side` to move; an error if the file does not store that
    /// side ([`Header::stores`]: [`Tablebases::code`] values those positions by their moves).
    pub fn code(&self, side: usize, idx: u64) -> Result<Code, TbError> {
        let first = self.header.first_entry(side).ok_or_else(|| TbError::CorruptBlock {
            table: self.name.clone(),
            block: u32::MAX,
            reason: format!("the file does not store {} to move", ["white", "black"][side & 1]),
        })?;
        let pos = first + self.order.to_file(idx);
        let per = self.header.block_entries as u64;
        let blk = self.block((pos / per) as u32)?;
        Ok(blk[(pos % per) as usize])
    }

    /// Drops the cached blocks.
    pub fn clear_cache(&self) {
        let mut cache = self.cache.lock().expect("cache lock");
        self.cached.fetch_sub(cache.len(), Ordering::Relaxed);
        cache.clear();
    }

    /// Checks every block's checksum without decompressing (what a resumed `tb gen` does
    /// before it keeps a finished table).
    pub fn verify_checksums(&self) -> Result<(), TbError> {
        let mut raw = Vec::new();
        for (b, e) in self.index.iter().enumerate() {
            raw.resize(e.len as usize, 0);
            self.source
                .read_at(e.offset, &mut raw)
                .map_err(|source| TbError::Io { table: self.name.clone(), source })?;
            if crc32fast::hash(&raw) != e.crc {
                return Err(TbError::CorruptBlock {
                    table: self.name.clone(),
                    block: b as u32,
                    reason: "checksum mismatch".into(),
                });
            }
        }
        Ok(())
    }

    /// Checks every block's checksum and decompression.
    pub fn verify_blocks(&self) -> Result<(), TbError> {
        for b in 0..self.header.blocks {
            self.block(b)?;
        }
        self.clear_cache();
        Ok(())
    }
}

impl Drop for TableFile {
    fn drop(&mut self) {
        self.clear_cache();
    }
}

/// The platform data directory for tables: `$VIDLE_TB_DIR`, else `$XDG_DATA_HOME/vidle/tb`, else
/// `~/.local/share/vidle/tb` (`%APPDATA%\vidle\tb` on Windows).
pub fn default_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("VIDLE_TB_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(d);
    }
    if let Some(d) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(d).join("vidle").join("tb");
    }
    if cfg!(windows)
        && let Some(d) = std::env::var_os("APPDATA")
    {
        return PathBuf::from(d).join("vidle").join("tb");
    }
    let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("."));
    home.join(".local").join("share").join("vidle").join("tb")
}

/// The most pieces of any table file (`.vdtm`, `.vdtz`) in `dir`.
fn largest_table(dir: &Path) -> Result<u32, TbError> {
    let entries = std::fs::read_dir(dir)
        .map_err(|source| TbError::Io { table: dir.display().to_string(), source })?;
    let mut largest = 0;
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if let Some(stem) = name.strip_suffix(".vdtm").or_else(|| name.strip_suffix(".vdtz"))
            && let Ok(m) = stem.parse::<Material>()
        {
            largest = largest.max(m.total());
        }
    }
    Ok(largest)
}

/// What a table file says of one board ([`Tablebases::code`] resolves it).
enum Entry {
    /// The value (or, for an illegal position, [`ILLEGAL`] or filler).
    Exact(Code),
    /// An exit-bounded value ([`format::FLAG_EXIT_BOUND`]): the board is worth this or what its
    /// best exit gives, whichever is better.
    AtLeast(TbValue),
    /// The file does not store this side to move (format version 5).
    NotStored,
}

/// The value of a code that [`Tablebases::code`] (or one of its steps) returned, or what to
/// return instead: `None` (not covered), an error, or [`ILLEGAL`] for a code that is no value.
fn to_value(code: Option<Result<Code, TbError>>) -> Result<TbValue, Option<Result<Code, TbError>>> {
    match code {
        Some(Ok(c)) => TbValue::from_code(c).ok_or(Some(Ok(ILLEGAL))),
        other => Err(other),
    }
}

/// Tables opened so far; `None` remembers a file that does not exist.
type OpenTables = HashMap<(Material, MetricKind), Option<Arc<TableFile>>>;

/// A directory of tables, probed by position.
///
/// ```no_run
/// use vidle_tb::{Tablebases, TbValue};
/// let tb = Tablebases::open("tables").unwrap();
/// let pos = vidle_core::parse_fen("8/8/8/8/8/2k5/8/KQ6 w - - 0 1").unwrap();
/// if let Some(Ok(v)) = tb.probe_dtm(&pos) {
///     println!("{v}"); // e.g. "mate in 9"
/// }
/// ```
pub struct Tablebases {
    dir: PathBuf,
    mmap: bool,
    /// Updated by [`Tablebases::rescan`] while others probe.
    max_pieces: AtomicU32,
    tables: RwLock<OpenTables>,
    /// Files that could not be opened, with the reason: tried once, then refused at once (the
    /// search probes often, and a bad file stays bad).
    refused: RwLock<HashMap<(Material, MetricKind), String>>,
    /// Blocks cached by all the open tables ([`CACHE_BLOCKS`]).
    cached: Arc<AtomicUsize>,
}

impl Tablebases {
    /// Opens a directory (files themselves open on first use).
    ///
    /// # Errors
    /// The directory cannot be read.
    pub fn open(dir: impl Into<PathBuf>) -> Result<Tablebases, TbError> {
        let dir = dir.into();
        let max_pieces = AtomicU32::new(largest_table(&dir)?);
        Ok(Tablebases {
            dir,
            mmap: true,
            max_pieces,
            tables: RwLock::new(HashMap::new()),
            refused: RwLock::new(HashMap::new()),
            cached: Arc::new(AtomicUsize::new(0)),
        })
    }

    /// Like [`Tablebases::open`] for a directory that may not exist yet (tables made while the
    /// program runs, see [`Tablebases::rescan`]): nothing is covered until tables are there.
    pub fn watching(dir: impl Into<PathBuf>) -> Tablebases {
        let dir = dir.into();
        let max_pieces = AtomicU32::new(largest_table(&dir).unwrap_or(0));
        Tablebases {
            dir,
            mmap: true,
            max_pieces,
            tables: RwLock::new(HashMap::new()),
            refused: RwLock::new(HashMap::new()),
            cached: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// Looks at the directory again after tables were added to it (tables made while the
    /// program runs): files that were missing or refused are tried again on their next probe;
    /// tables already open stay open.
    ///
    /// # Errors
    /// The directory cannot be read (nothing changes then).
    pub fn rescan(&self) -> Result<(), TbError> {
        let largest = largest_table(&self.dir)?;
        self.tables.write().expect("table map").retain(|_, t| t.is_some());
        self.refused.write().expect("refused map").clear();
        self.max_pieces.fetch_max(largest, Ordering::Relaxed);
        Ok(())
    }

    /// Use positioned reads instead of memory maps for files opened from now on.
    pub fn without_mmap(mut self) -> Tablebases {
        self.mmap = false;
        self
    }

    /// Blocks held decompressed by the open tables' caches now (at most about
    /// [`CACHE_BLOCKS`]).
    pub fn cached_blocks(&self) -> usize {
        self.cached.load(Ordering::Relaxed)
    }

    /// The most pieces (kings included) of any table found in the directory.
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces.load(Ordering::Relaxed)
    }

    /// Drops every open table's cached blocks (files stay open): the next probe of each block
    /// reads and decompresses it again.
    pub fn clear_cache(&self) {
        for t in self.tables.read().expect("table map").values().flatten() {
            t.clear_cache();
        }
    }

    /// The directory the tables are read from.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The open table of `material` (normalised), or `None` when its file does not exist.
    pub fn table(
        &self,
        material: Material,
        metric: MetricKind,
    ) -> Result<Option<Arc<TableFile>>, TbError> {
        if let Some(t) = self.tables.read().expect("table map").get(&(material, metric)) {
            return Ok(t.clone());
        }
        if let Some(why) = self.refused.read().expect("refused map").get(&(material, metric)) {
            return Err(TbError::Unusable(why.clone()));
        }
        let path = format::table_path(&self.dir, &material, metric);
        let t = if path.exists() {
            let name = format::file_name(&material, metric);
            let io = |source| TbError::Io { table: name.clone(), source };
            let opened = if self.mmap {
                MmapSource::open(&path).map(|s| Box::new(s) as Box<dyn Source>)
            } else {
                FileSource::open(&path).map(|s| Box::new(s) as Box<dyn Source>)
            };
            match opened.map_err(io).and_then(|source| TableFile::open(source, &name)) {
                Ok(mut t) => {
                    t.cached = self.cached.clone();
                    Some(Arc::new(t))
                }
                Err(e) => {
                    let why = e.to_string();
                    self.refused.write().expect("refused map").insert((material, metric), why);
                    return Err(e);
                }
            }
        } else {
            None
        };
        self.tables.write().expect("table map").insert((material, metric), t.clone());
        Ok(t)
    }

    /// The code of a board (no castling, no en passant): the entry, or where the file bounds it
    /// ([`format::FLAG_EXIT_BOUND`]) the better of the entry and the best exit, or where the file
    /// does not store the side to move (format version 5) the best of its moves. `None` when no
    /// table covers the board or one of the moves it needs (captures and promotions).
    pub fn code(&self, b: &Board, stm: usize, metric: MetricKind) -> Option<Result<Code, TbError>> {
        self.code_with(b, stm, metric, true)
    }

    /// [`Tablebases::code`]; with `search` false, `None` where the side to move is not stored.
    fn code_with(
        &self,
        b: &Board,
        stm: usize,
        metric: MetricKind,
        search: bool,
    ) -> Option<Result<Code, TbError>> {
        match self.entry(b, stm, metric)? {
            Ok(Entry::Exact(c)) => Some(Ok(c)),
            Ok(Entry::AtLeast(v)) => self.with_exits(b, stm, metric, v),
            Ok(Entry::NotStored) if search => self.by_moves(b, stm, metric),
            Ok(Entry::NotStored) => None,
            Err(e) => Some(Err(e)),
        }
    }

    /// The value of a board, or what [`Tablebases::code`] returns instead ([`to_value`]).
    fn value(
        &self,
        b: &Board,
        stm: usize,
        metric: MetricKind,
    ) -> Result<TbValue, Option<Result<Code, TbError>>> {
        to_value(self.code(b, stm, metric))
    }

    /// What the file of a board's table says of it, without probing any other position.
    fn entry(&self, b: &Board, stm: usize, metric: MetricKind) -> Option<Result<Entry, TbError>> {
        if self.cached.load(Ordering::Relaxed) > CACHE_BLOCKS {
            self.clear_cache();
        }
        let m = b.material();
        if m == Material::KVK {
            return Some(Ok(Entry::Exact(DRAW)));
        }
        if m.total() > 7 {
            return None;
        }
        let (norm, flip) = m.normalized();
        let table = match self.table(norm, metric) {
            Ok(Some(t)) => t,
            Ok(None) => return None,
            Err(e) => return Some(Err(e)),
        };
        let (b, stm) = if flip { (b.color_flipped(), 1 - stm) } else { (*b, stm) };
        if !table.header.stores(stm) {
            return Some(Ok(Entry::NotStored));
        }
        Some(table.code(stm, table.layout.encode(&b)).map(|c| match TbValue::from_code(c) {
            Some(v) if table.header.flags & format::FLAG_EXIT_BOUND != 0 => Entry::AtLeast(v),
            _ => Entry::Exact(c),
        }))
    }

    /// The better of an exit-bounded entry's value `stored` and the board's best exit.
    fn with_exits(
        &self,
        b: &Board,
        stm: usize,
        metric: MetricKind,
        stored: TbValue,
    ) -> Option<Result<Code, TbError>> {
        let mut best = stored;
        let mut failure = None;
        b.for_each_move(stm, |child, class, _| {
            if failure.is_some() || class != MoveClass::Exit {
                return;
            }
            match self.value(child, 1 - stm, metric) {
                Ok(v) => best = best.max(v.parent()),
                Err(f) => failure = Some(f),
            }
        });
        // An exit the tables do not cover, an error, or a broken sub-table entry (reported as
        // an illegal code, which `probe` turns into an error).
        failure.unwrap_or(Some(Ok(best.to_code())))
    }

    /// The code of a board whose side to move its table's file does not store (format version
    /// 5): the best of its moves' values, each probed in the side stored or in another table.
    /// [`ILLEGAL`] when the side not to move is in check.
    ///
    /// An exit-bounded entry bounds its move's value from above (the reply's value is at least
    /// the entry), so the moves whose bound cannot beat the best exact value found are not
    /// resolved: their exits are not probed.
    fn by_moves(&self, b: &Board, stm: usize, metric: MetricKind) -> Option<Result<Code, TbError>> {
        if !b.legal_with(stm) {
            return Some(Ok(ILLEGAL));
        }
        // `None` is below every value.
        let mut best: Option<TbValue> = None;
        let mut failure = None;
        // Exit-bounded replies: their entry (the least they are worth) and board.
        let mut bounded: Vec<(TbValue, Board)> = Vec::new();
        // The value of `b` with `stm` to move; else the failure is kept.
        let mut value =
            |b: &Board, stm: usize| self.value(b, stm, metric).map_err(|f| failure = Some(f)).ok();
        b.for_each_move(stm, |child, class, _| {
            let reply = match class {
                // After a double push the opponent may also take en passant, which the tables'
                // positions (no en passant rights) leave out.
                MoveClass::DoublePush(ep) => {
                    let Some(mut v) = value(child, 1 - stm) else { return };
                    child.for_each_ep_capture(1 - stm, ep as u32, |g| {
                        if let Some(g) = value(g, stm) {
                            v = v.max(g.parent());
                        }
                    });
                    v
                }
                _ => match self.entry(child, 1 - stm, metric) {
                    Some(Ok(Entry::AtLeast(v))) => {
                        bounded.push((v, *child));
                        return;
                    }
                    Some(Ok(Entry::Exact(c))) if let Some(v) = TbValue::from_code(c) => v,
                    // Errors, illegal entries and sides not stored: the full probe.
                    _ => match value(child, 1 - stm) {
                        Some(v) => v,
                        None => return,
                    },
                },
            };
            best = best.max(Some(reply.parent()));
        });
        if let Some(f) = failure {
            return f;
        }
        // A reply worth at least `v` to the opponent makes the move worth at most `v.parent()`.
        bounded.sort_unstable_by_key(|&(v, _)| std::cmp::Reverse(v.parent()));
        for (at_least, child) in bounded {
            if best >= Some(at_least.parent()) {
                break;
            }
            let reply = match to_value(self.with_exits(&child, 1 - stm, metric, at_least)) {
                Ok(v) => v,
                Err(f) => return f,
            };
            best = best.max(Some(reply.parent()));
        }
        let mated = || if b.in_check(stm) { TbValue::Loss(0) } else { TbValue::Draw };
        Some(Ok(best.unwrap_or_else(mated).to_code()))
    }

    /// The value of `pos`; with `search` false, `None` where a file does not store the side to
    /// move of the position (or of an en passant capture's).
    fn probe(
        &self,
        pos: &Position,
        metric: MetricKind,
        search: bool,
    ) -> Option<Result<TbValue, TbError>> {
        if pos.castling_rooks().is_nonempty() {
            return None;
        }
        let b = Board::from_position(pos);
        let stm = pos.turn().index();
        let value = match self.code_with(&b, stm, metric, search)? {
            Ok(c) => match TbValue::from_code(c) {
                Some(v) => v,
                None => {
                    return Some(Err(TbError::CorruptBlock {
                        table: format::file_name(&b.material().normalized().0, metric),
                        block: u32::MAX,
                        reason: "legal position stored as illegal".into(),
                    }));
                }
            },
            Err(e) => return Some(Err(e)),
        };
        if pos.ep_square().is_none() {
            return Some(Ok(value));
        }
        // Tables hold positions without en passant rights: add the en passant captures by hand.
        let mut best = value;
        for m in pos.legal_moves().iter().filter(|m| m.is_en_passant()) {
            let child = pos.played(m);
            let v = match self.probe(&child, metric, search)? {
                Ok(v) => v,
                Err(e) => return Some(Err(e)),
            };
            let v = match metric {
                MetricKind::Dtm => v.parent(),
                MetricKind::Dtz => crate::value::zeroing_value(v),
            };
            best = best.max(v);
        }
        Some(Ok(best))
    }

    /// Distance to mate in plies (no fifty-move rule). `None`: no table for this position
    /// (too many pieces, castling rights, file missing).
    pub fn probe_dtm(&self, pos: &Position) -> Option<Result<TbValue, TbError>> {
        self.probe(pos, MetricKind::Dtm, true)
    }

    /// [`Tablebases::probe_dtm`] without valuing a side not stored by its moves: `None` also
    /// where the position's table does not store its side to move (format version 5), and where
    /// no DTM file covers it. For probes inside the engine's search, which then takes the win or
    /// loss from DTZ (both sides stored) without the distance. (An exit-bounded entry's captures
    /// and promotions are still resolved as [`Tablebases::code`] does.)
    pub fn probe_dtm_stored(&self, pos: &Position) -> Option<Result<TbValue, TbError>> {
        self.probe(pos, MetricKind::Dtm, false)
    }

    /// Distance to zeroing in plies, counted with the halfmove clock at zero; distances above 100
    /// are cursed wins / blessed losses.
    pub fn probe_dtz(&self, pos: &Position) -> Option<Result<TbValue, TbError>> {
        self.probe(pos, MetricKind::Dtz, true)
    }

    /// Win/draw/loss with the fifty-move rule (halfmove clock taken as zero).
    pub fn probe_wdl(&self, pos: &Position) -> Option<Result<Wdl, TbError>> {
        Some(self.probe_dtz(pos)?.map(Wdl::from_dtz))
    }

    /// Every legal move with its DTM value for the mover, best first. `None` when the position
    /// or one of its successors is not covered.
    pub fn root_moves(&self, pos: &Position) -> Option<Result<Vec<(Move, TbValue)>, TbError>> {
        let mut out = Vec::new();
        for m in pos.legal_moves().iter() {
            let child = pos.played(m);
            match self.probe_dtm(&child)? {
                Ok(v) => out.push((m, v.parent())),
                Err(e) => return Some(Err(e)),
            }
        }
        out.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        Some(Ok(out))
    }
}
