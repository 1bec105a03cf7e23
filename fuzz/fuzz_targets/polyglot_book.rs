//! Any bytes as a Polyglot book, looked up in a few positions: reading returns an error (a size
//! that is not a whole number of 16-byte entries), never panics; lookups and weighted choices
//! only give legal moves; a book's own bytes read back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vidle_book::{Book, BookRng, ChooseOptions, polyglot_key};
use vidle_core::parse_fen;

const FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4k3/1P6/8/3Pp3/8/8/8/R3K2R w KQ e6 0 1",
    "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let pos = parse_fen(FENS[which as usize % FENS.len()]).unwrap();
    // With the high bit set, every entry gets the position's key, so lookups decode the moves.
    let mut bytes = rest.to_vec();
    if which & 0x80 != 0 {
        for entry in bytes.chunks_exact_mut(16) {
            entry[..8].copy_from_slice(&polyglot_key(&pos).to_be_bytes());
        }
    }
    let book = match Book::from_bytes(&bytes) {
        Ok(book) => book,
        Err(_) => {
            assert!(bytes.len() % 16 != 0, "a whole number of entries is always a book");
            return;
        }
    };
    let legal = pos.legal_moves();
    assert!(book.lookup(&pos).moves.iter().all(|b| legal.contains(b.mv)));
    let mut rng = BookRng::seeded(u64::from(which));
    if let Some(m) = book.choose(&pos, &ChooseOptions::default(), &mut rng) {
        assert!(legal.contains(m), "{m:?}");
    }
    let again = Book::from_bytes(&book.to_bytes()).expect("a book's own bytes read back");
    assert_eq!(again.raw_entries(), book.raw_entries());
});
