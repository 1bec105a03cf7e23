//! Reading real and broken books: the GNU Chess book's known start moves, corrupt, truncated
//! and unsorted files, illegal entries, and random bytes (never a panic, never an illegal move).

use vidle_book::format::ENTRY_SIZE;
use vidle_book::{Book, BookError, BookRng, ChooseOptions, Entry, encode_move, polyglot_key};
use vidle_core::notation::to_uci;
use vidle_core::{Move, Position};

const START_KEY: u64 = 0x463b96181691fc9c;

/// The start position's entries, read straight from the bytes (no binary search).
fn scan(bytes: &[u8], key: u64) -> Vec<Entry> {
    bytes
        .chunks_exact(ENTRY_SIZE)
        .map(|c| Entry::from_bytes(c.try_into().unwrap()))
        .filter(|e| e.key == key)
        .collect()
}

#[test]
fn gnuchess_book_start_position() {
    // The repository's copy of the book (the same file as ../shared/data/books/).
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/gnuchess-book.bin");
    let bytes = std::fs::read(path).unwrap();
    let book = Book::open(path).unwrap();
    assert!(book.warnings().is_empty(), "{:?}", book.warnings());
    assert_eq!(book.len(), bytes.len() / 16);
    let start = Position::startpos();
    let moves = book.entries(&start);
    let mut found: Vec<(String, u16)> =
        moves.iter().map(|b| (to_uci(b.mv, false), b.weight)).collect();
    found.sort();
    // What the file says, decoded independently of the reader.
    let mut expected: Vec<(String, u16)> = scan(&bytes, START_KEY)
        .iter()
        .map(|e| (vidle_book::format::raw_move_text(e.raw_move), e.weight))
        .collect();
    expected.sort();
    assert_eq!(found, expected);
    for m in ["e2e4", "d2d4", "g1f3", "c2c4"] {
        assert!(found.iter().any(|(u, w)| u == m && *w > 0), "{m} missing: {found:?}");
    }
    assert_eq!(moves[0].mv, vidle_core::notation::parse_uci(&start, "e2e4", false).unwrap());
    // The embedded default book is this file.
    assert_eq!(Book::default_book().raw_entries(), book.raw_entries());
}

#[test]
fn castling_entries_in_the_gnuchess_book_are_castling_moves() {
    let book = Book::default_book();
    // 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6: 5. O-O is the main line.
    let mut pos = Position::startpos();
    for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"] {
        pos = pos.played(vidle_core::notation::parse_san(&pos, san).unwrap());
    }
    let moves = book.entries(&pos);
    let castle = moves.iter().find(|b| b.mv.is_castle()).expect("O-O is in the book");
    assert_eq!(to_uci(castle.mv, false), "e1g1");
    assert_eq!(encode_move(castle.mv), 4 << 6 | 7, "stored as e1h1");
}

#[test]
fn truncated_and_odd_sized_files_are_errors() {
    let good = Book::default_book().to_bytes();
    for cut in [1, 7, 15, 17, 100_001] {
        match Book::from_bytes(&good[..good.len() - cut]) {
            Err(BookError::Size { len }) => assert_eq!(len, good.len() - cut),
            other => panic!("cut {cut}: {other:?}"),
        }
    }
    let err = Book::open("/nonexistent/book.bin").unwrap_err();
    assert!(err.to_string().contains("/nonexistent/book.bin"), "{err}");
    let empty = Book::from_bytes(&[]).unwrap();
    assert!(empty.entries(&Position::startpos()).is_empty());
    assert!(!empty.warnings().is_empty());
}

#[test]
fn unsorted_book_is_sorted_with_a_warning() {
    let book = Book::default_book();
    let mut entries = book.raw_entries()[..5000].to_vec();
    entries.extend(book.entries_for_key(START_KEY));
    entries.reverse();
    let bytes: Vec<u8> = entries.iter().flat_map(|e| e.to_bytes()).collect();
    let reread = Book::from_bytes(&bytes).unwrap();
    assert_eq!(reread.warnings().len(), 1, "{:?}", reread.warnings());
    assert!(reread.warnings()[0].contains("not sorted"));
    assert_eq!(reread.entries(&Position::startpos()).len(), 13);
}

#[test]
fn illegal_entries_are_rejected_not_played() {
    let start = Position::startpos();
    // Every possible raw move under the start key, in one book.
    let entries: Vec<Entry> = (0..=u16::MAX)
        .map(|raw_move| Entry { key: START_KEY, raw_move, weight: 1, learn: 0 })
        .collect();
    let book = Book::from_entries(entries);
    let lookup = book.lookup(&start);
    assert_eq!(lookup.moves.len(), 20);
    assert_eq!(lookup.moves.len() + lookup.rejected.len(), 65_536);
    let mut rng = BookRng::seeded(3);
    for _ in 0..50 {
        let m = book.choose(&start, &ChooseOptions::default(), &mut rng).unwrap();
        assert!(start.legal_moves().contains(m));
    }
}

/// Positions along random games, for fuzzing lookups.
fn random_positions(rng: &mut BookRng, n: usize) -> Vec<Position> {
    let mut out = Vec::new();
    let mut pos = Position::startpos();
    while out.len() < n {
        let legal = pos.legal_moves();
        if legal.is_empty() || pos.halfmove_clock() > 60 {
            pos = Position::startpos();
            continue;
        }
        let m: Move = legal.get((rng.next_u64() % legal.len() as u64) as usize).unwrap();
        pos = pos.played(m);
        out.push(pos);
    }
    out
}

#[test]
fn random_books_never_panic_or_yield_illegal_moves() {
    let mut rng = BookRng::seeded(11);
    let positions = random_positions(&mut rng, 300);
    for round in 0..300 {
        // Random bytes, sometimes a truncated length.
        let n = (rng.next_u64() % 64) as usize * 16 + usize::from(round % 7 == 0);
        let mut bytes: Vec<u8> = (0..n).map(|_| rng.next_u64() as u8).collect();
        // Half of the entries get a real key, so lookups find and decode them.
        for chunk in bytes.chunks_exact_mut(16) {
            if rng.next_u64().is_multiple_of(2) {
                let p = &positions[(rng.next_u64() % positions.len() as u64) as usize];
                chunk[..8].copy_from_slice(&polyglot_key(p).to_be_bytes());
            }
        }
        let book = match Book::from_bytes(&bytes) {
            Ok(b) => b,
            Err(e) => {
                assert!(!n.is_multiple_of(16), "{e}");
                continue;
            }
        };
        for p in &positions {
            let lookup = book.lookup(p);
            let legal = p.legal_moves();
            assert!(lookup.moves.iter().all(|b| legal.contains(b.mv)));
            if let Some(m) = book.choose(p, &ChooseOptions::default(), &mut rng) {
                assert!(legal.contains(m));
            }
        }
    }
}
