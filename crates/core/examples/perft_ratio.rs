//! Full-perft speed ratios of vidle against shakmaty and cozy-chess, measured interleaved:
//! `cargo run --release -p vidle-core --example perft_ratio [rounds]`.
//!
//! Each round times one full perft (every leaf move made) per library, one after the other, and
//! the best time of each over all rounds is kept. On a loaded machine the three then see the same
//! conditions, so the ratios hold steady to about 1% where criterion's separate runs (see
//! `benches/perft.rs`) move by 10–30%. Shallower than the bench: startpos d4, Kiwipete d3.

#[path = "ratio/harness.rs"]
mod harness;

/// The child's count: at depth 1 the made leaf goes to `black_box` and counts 1, exactly as in
/// `vidle_core::perft::perft_full`, so no compiler may sink the move-making into the recursion's
/// non-leaf branch and skip it at the leaves; deeper, the recursion.
#[inline(always)]
fn leaf_or<P>(depth: u32, next: &P, full: fn(&P, u32) -> u64) -> u64 {
    if depth == 1 {
        std::hint::black_box(next);
        1
    } else {
        full(next, depth - 1)
    }
}

fn shakmaty_full(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position;
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            leaf_or(depth, &next, shakmaty_full)
        })
        .sum()
}

fn cozy_full(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for m in moves {
            let mut next = board.clone();
            next.play_unchecked(m);
            nodes += leaf_or(depth, &next, cozy_full);
        }
        false
    });
    nodes
}

fn main() {
    let cases = [
        ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4),
        ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
    ];
    harness::run("full", &cases, (vidle_core::perft::perft_full, shakmaty_full, cozy_full));
}
