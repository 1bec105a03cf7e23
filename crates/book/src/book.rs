//! A Polyglot book in memory: loading and validating, lookup by binary search, merging, saving.

use crate::format::{ENTRY_SIZE, Entry, MoveDecodeError, decode_move_in};
use crate::key::{game_key, polyglot_key};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use vidle_core::{Game, Move, Position};

/// The GNU Chess opening book (public domain, see `data/gnuchess-book.COPYRIGHT.txt`).
static DEFAULT_BOOK_BYTES: &[u8] = include_bytes!("../data/gnuchess-book.bin");

/// Why a book file could not be loaded.
#[derive(Debug)]
pub enum BookError {
    /// The file could not be read.
    Io {
        /// The book file.
        path: PathBuf,
        /// Why it could not be read (including: not a regular file, or over the size limit).
        source: std::io::Error,
    },
    /// The size is not a whole number of 16-byte entries (a truncated or foreign file).
    Size {
        /// The data's length in bytes.
        len: usize,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Io { path, source } => write!(f, "cannot read {}: {source}", path.display()),
            BookError::Size { len } => write!(
                f,
                "not a Polyglot book: {len} bytes is not a multiple of {ENTRY_SIZE} (truncated \
                 file?)"
            ),
        }
    }
}

impl std::error::Error for BookError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BookError::Io { source, .. } => Some(source),
            BookError::Size { .. } => None,
        }
    }
}

/// A legal book move with its weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BookMove {
    /// The move, legal in the position looked up (castling as king takes rook).
    pub mv: Move,
    /// The weights of the entries for this move summed (saturating at 65535); the chance of
    /// choosing it is relative to the other moves' weights.
    pub weight: u16,
    /// The first such entry's `learn` field (Polyglot learning data; 0 from builders).
    pub learn: u32,
}

/// Everything the book says about one position: the legal moves and the entries that were
/// rejected (null, malformed, or illegal here, e.g. because of a key collision).
#[derive(Debug, Clone, Default)]
pub struct Lookup {
    /// Legal moves, highest weight first.
    pub moves: Vec<BookMove>,
    /// Entries under this key that are not legal moves here, with the reason.
    pub rejected: Vec<(Entry, MoveDecodeError)>,
}

/// A Polyglot opening book.
///
/// ```
/// use vidle_book::{Book, BookRng, ChooseOptions};
/// use vidle_core::Position;
/// let book = Book::default_book();
/// let start = Position::startpos();
/// let moves = book.entries(&start);
/// assert!(moves.len() > 5);
/// let mut rng = BookRng::seeded(1);
/// let mv = book.choose(&start, &ChooseOptions::default(), &mut rng).unwrap();
/// assert!(start.legal_moves().contains(mv));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Book {
    /// Sorted by key (stable, so the file's order within a key is kept).
    entries: Vec<Entry>,
    warnings: Vec<String>,
}

impl Book {
    /// Reads a book file into memory (see [`Book::from_bytes`] for the checks).
    ///
    /// # Errors
    /// [`BookError::Io`] if the file cannot be read, is not a regular file or is larger than
    /// [`vidle_core::files::MAX_BOOK_BYTES`]; [`BookError::Size`] if it is not a multiple of 16
    /// bytes.
    pub fn open(path: impl AsRef<Path>) -> Result<Book, BookError> {
        let path = path.as_ref();
        let bytes = vidle_core::files::read_bounded(path, vidle_core::files::MAX_BOOK_BYTES)
            .map_err(|source| BookError::Io { path: path.to_path_buf(), source })?;
        Book::from_bytes(&bytes)
    }

    /// Parses book bytes. A file whose keys are not sorted is sorted in memory and a warning is
    /// recorded ([`Book::warnings`]): binary search needs sorted keys, and Polyglot itself
    /// would silently miss moves in such a file. Entries with key 0 (Polyglot 2's header
    /// records) are dropped. Moves are checked against each position when looked up.
    ///
    /// # Errors
    /// [`BookError::Size`] if the length is not a multiple of 16.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if !bytes.len().is_multiple_of(ENTRY_SIZE) {
            return Err(BookError::Size { len: bytes.len() });
        }
        let mut entries: Vec<Entry> = bytes
            .chunks_exact(ENTRY_SIZE)
            .filter_map(|c| <&[u8; ENTRY_SIZE]>::try_from(c).ok())
            .map(Entry::from_bytes)
            .collect();
        let mut warnings = Vec::new();
        let unsorted = entries.windows(2).filter(|w| w[0].key > w[1].key).count();
        if unsorted > 0 {
            warnings.push(format!(
                "keys are not sorted ({unsorted} places out of order); sorted them in memory"
            ));
            entries.sort_by_key(|e| e.key);
        }
        let before = entries.len();
        entries.retain(|e| e.key != 0);
        if entries.len() < before {
            warnings
                .push(format!("ignored {} entries with key 0 (header)", before - entries.len()));
        }
        if entries.is_empty() {
            warnings.push("the book has no entries".to_string());
        }
        Ok(Book { entries, warnings })
    }

    /// A book from entries in any order.
    pub fn from_entries(mut entries: Vec<Entry>) -> Book {
        sort_for_writing(&mut entries);
        Book { entries, warnings: Vec::new() }
    }

    /// The book embedded in the binary (the GNU Chess book; see the crate README for why),
    /// parsed on first use.
    pub fn default_book() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        BOOK.get_or_init(|| Book::from_bytes(DEFAULT_BOOK_BYTES).unwrap_or_default())
    }

    /// Problems found while loading (unsorted keys, header entries, empty book).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// All entries, sorted by key.
    pub fn raw_entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Number of distinct positions (keys).
    pub fn positions(&self) -> usize {
        let mut n = 0;
        let mut last = None;
        for e in &self.entries {
            if last != Some(e.key) {
                n += 1;
                last = Some(e.key);
            }
        }
        n
    }

    /// The raw entries stored under `key` (binary search).
    pub fn entries_for_key(&self, key: u64) -> &[Entry] {
        let start = self.entries.partition_point(|e| e.key < key);
        let len = self.entries[start..].partition_point(|e| e.key == key);
        &self.entries[start..start + len]
    }

    /// What the book says about `pos` under `key`: legal moves (duplicates merged, highest
    /// weight first) and rejected entries. Use it with [`crate::polyglot_key_with_ep`] when you
    /// know the last double pawn push; [`Book::entries`] and [`Book::entries_in_game`] are the
    /// simpler forms.
    pub fn lookup_key(&self, pos: &Position, key: u64) -> Lookup {
        let raw = self.entries_for_key(key);
        let mut out = Lookup::default();
        if raw.is_empty() {
            return out;
        }
        let legal = pos.legal_moves();
        for e in raw {
            match decode_move_in(pos, e.raw_move, &|m| legal.contains(m)) {
                Ok(mv) => match out.moves.iter_mut().find(|b| b.mv == mv) {
                    Some(b) => b.weight = b.weight.saturating_add(e.weight),
                    None => out.moves.push(BookMove { mv, weight: e.weight, learn: e.learn }),
                },
                Err(err) => out.rejected.push((*e, err)),
            }
        }
        out.moves.sort_by_key(|b| std::cmp::Reverse(b.weight));
        out
    }

    /// [`Book::lookup_key`] with the key computed from the position alone.
    pub fn lookup(&self, pos: &Position) -> Lookup {
        self.lookup_key(pos, polyglot_key(pos))
    }

    /// The legal book moves of `pos`, highest weight first (illegal entries are skipped).
    pub fn entries(&self, pos: &Position) -> Vec<BookMove> {
        self.lookup(pos).moves
    }

    /// The legal book moves of a game's current position, with the exact Polyglot key (the en
    /// passant file is taken from the last move; see [`crate::key`]).
    pub fn entries_in_game(&self, game: &Game) -> Vec<BookMove> {
        self.lookup_key(game.position(), game_key(game)).moves
    }

    /// The book as Polyglot bytes (sorted by key, then weight, highest first).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut entries = self.entries.clone();
        sort_for_writing(&mut entries);
        entries_to_bytes(&entries)
    }

    /// Writes the book to `path`.
    ///
    /// # Errors
    /// The I/O error of writing the file.
    pub fn save(&self, path: impl AsRef<Path>) -> std::io::Result<()> {
        std::fs::write(path, self.to_bytes())
    }

    /// Combines two books. With [`MergeMode::PreferFirst`] (what `polyglot merge-book` does),
    /// a position in `first` keeps exactly its moves and `second` only adds positions `first`
    /// lacks; with [`MergeMode::Sum`], entries for the same position and move add their weights
    /// (saturating at 65535).
    pub fn merge(first: &Book, second: &Book, mode: MergeMode) -> Book {
        let mut out: Vec<Entry> = Vec::with_capacity(first.len() + second.len());
        match mode {
            MergeMode::PreferFirst => {
                out.extend_from_slice(&first.entries);
                out.extend(
                    second.entries.iter().filter(|e| first.entries_for_key(e.key).is_empty()),
                );
            }
            MergeMode::Sum => {
                out.extend_from_slice(&first.entries);
                out.extend_from_slice(&second.entries);
                out.sort_by_key(|e| (e.key, e.raw_move));
                out.dedup_by(|later, kept| {
                    let same = later.key == kept.key && later.raw_move == kept.raw_move;
                    if same {
                        kept.weight = kept.weight.saturating_add(later.weight);
                        kept.learn = kept.learn.max(later.learn);
                    }
                    same
                });
            }
        }
        Book::from_entries(out)
    }
}

/// How [`Book::merge`] combines positions present in both books.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MergeMode {
    /// Keep the first book's moves for shared positions (Polyglot's `merge-book`).
    #[default]
    PreferFirst,
    /// Add the weights of identical entries.
    Sum,
}

/// Polyglot's order: key ascending, weight descending; then move, for reproducible files.
pub(crate) fn sort_for_writing(entries: &mut [Entry]) {
    entries.sort_by(|a, b| {
        a.key.cmp(&b.key).then(b.weight.cmp(&a.weight)).then(a.raw_move.cmp(&b.raw_move))
    });
}

pub(crate) fn entries_to_bytes(entries: &[Entry]) -> Vec<u8> {
    let mut out = Vec::with_capacity(entries.len() * ENTRY_SIZE);
    for e in entries {
        out.extend_from_slice(&e.to_bytes());
    }
    out
}
