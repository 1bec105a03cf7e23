//! Any bytes as PGN, read game by game and replayed into a book as `vidle book build` does:
//! only I/O errors are errors (none in memory), the reader always makes progress, and bad
//! games are skipped with a reason, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vidle_book::pgn::PgnReader;
use vidle_book::{BookBuilder, BuildOptions};

fuzz_target!(|data: &[u8]| {
    let opts = BuildOptions { min_games: 1, max_ply: 60, ..Default::default() };
    let mut builder = BookBuilder::new(opts);
    let mut games = 0u64;
    for game in PgnReader::new(data).with_max_moves(60) {
        let game = game.expect("reading from memory cannot fail");
        games += 1;
        assert!(games <= data.len() as u64 + 1, "the reader must make progress");
        builder.add_game(&game);
    }
    let (_, summary) = builder.finish();
    assert_eq!(summary.games_read, games);
    assert_eq!(summary.games_used + summary.games_skipped(), games);
});
