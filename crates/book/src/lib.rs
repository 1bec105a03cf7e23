//! Vidle opening books in the Polyglot `.bin` format: keys, reading, choosing, building from PGN.
//!
//! ```
//! use vidle_book::{Book, BookRng, ChooseOptions};
//! use vidle_core::{Position, notation::to_san};
//!
//! let book = Book::default_book(); // or Book::open("book.bin")?
//! let pos = Position::startpos();
//! for b in book.entries(&pos) {
//!     println!("{} {}", to_san(&pos, b.mv), b.weight);
//! }
//! let mut rng = BookRng::seeded(2024);
//! let mv = book.choose(&pos, &ChooseOptions::default(), &mut rng);
//! assert!(mv.is_some());
//! # Ok::<(), vidle_book::BookError>(())
//! ```

pub mod book;
pub mod builder;
pub mod choose;
pub mod format;
pub mod key;
pub mod pgn;
#[cfg(feature = "progress")]
pub mod progress;
mod random64;
pub mod stats;

pub use book::{Book, BookError, BookMove, Lookup, MergeMode};
pub use builder::{BookBuilder, BuildOptions, BuildSummary, Progress};
pub use choose::{BookRng, ChooseOptions};
pub use format::{Entry, MoveDecodeError, decode_move, encode_move};
pub use key::{double_push_target, game_key, polyglot_key, polyglot_key_with_ep};
