//! The opening book as the engine sees it: Polyglot books from `vidle-book` behind the engine's
//! `OpeningBook` trait, chosen at random by weight, as the source documents describe.

use std::sync::{Arc, Mutex};
use vidle_book::{Book, BookRng, ChooseOptions};
use vidle_core::{Game, Move};
use vidle_engine::OpeningBook;

/// A Polyglot book (or the built-in one) with its own random generator.
pub struct PolyglotSource {
    book: BookRef,
    options: ChooseOptions,
    rng: Mutex<BookRng>,
}

enum BookRef {
    BuiltIn(&'static Book),
    File(Book),
}

impl PolyglotSource {
    pub fn built_in() -> PolyglotSource {
        PolyglotSource::new(BookRef::BuiltIn(Book::default_book()))
    }

    fn new(book: BookRef) -> PolyglotSource {
        PolyglotSource {
            book,
            options: ChooseOptions::default(),
            rng: Mutex::new(BookRng::from_entropy()),
        }
    }

    fn book(&self) -> &Book {
        match &self.book {
            BookRef::BuiltIn(b) => b,
            BookRef::File(b) => b,
        }
    }
}

impl OpeningBook for PolyglotSource {
    fn pick(&self, game: &Game) -> Option<Move> {
        let mut rng = self.rng.lock().unwrap_or_else(|e| e.into_inner());
        self.book().choose_in_game(game, &self.options, &mut rng)
    }
}

/// Opens the book named by the `BookFile` option (`<built-in>` or empty: the embedded book).
pub fn load(path: &str) -> Result<Arc<dyn OpeningBook>, vidle_engine::LoadFailure> {
    if path.is_empty() || path == "<built-in>" || path == "<empty>" {
        return Ok(Arc::new(PolyglotSource::built_in()));
    }
    let book = Book::open(path)?;
    Ok(Arc::new(PolyglotSource::new(BookRef::File(book))))
}
