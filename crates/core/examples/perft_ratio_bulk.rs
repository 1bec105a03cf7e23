//! Bulk-perft speed ratios (the last ply counted, not made) of vidle against shakmaty and
//! cozy-chess, measured interleaved as in `perft_ratio.rs`:
//! `cargo run --release -p vidle-core --example perft_ratio_bulk [rounds]`.
//!
//! A separate binary rather than a mode of `perft_ratio`: a second call site of shakmaty's
//! `play_unchecked` changed how LTO inlined it and slowed its full perft there by 10–15%.

#[path = "ratio/harness.rs"]
mod harness;

fn shakmaty_bulk(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position;
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            shakmaty_bulk(&next, depth - 1)
        })
        .sum()
}

fn cozy_bulk(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            nodes += moves.len() as u64;
            return false;
        }
        for m in moves {
            let mut next = board.clone();
            next.play_unchecked(m);
            nodes += cozy_bulk(&next, depth - 1);
        }
        false
    });
    nodes
}

fn main() {
    let cases = [
        ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5),
        ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4),
    ];
    harness::run("bulk", &cases, (vidle_core::perft::perft, shakmaty_bulk, cozy_bulk));
}
