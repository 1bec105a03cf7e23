//! Repetitions, draws and quiet-move tests of the search.

use super::*;
use vidle_core::parse_fen;

/// Walks `moves` (UCI) from `pos`: the positions after each move.
fn walk(mut pos: Position, moves: &str) -> Vec<Position> {
    let mut out = Vec::new();
    for text in moves.split_whitespace() {
        let m = vidle_core::notation::parse_uci(&pos, text, false).expect("test move");
        pos = pos.played(m);
        out.push(pos);
    }
    out
}

/// A worker that has searched `path` from the last position of `game` (both from the
/// start position), with the position at the end of the path and its ply.
fn worker_after(game: &str, path: &str) -> (Box<Worker>, Position, usize) {
    let start = Position::startpos();
    let mut game_pos = vec![start];
    game_pos.extend(walk(start, game));
    let root = *game_pos.last().expect("a root");
    let mut w = Worker::boxed();
    let keys: Vec<u64> = game_pos.iter().map(|p| p.key()).collect();
    w.prepare(&keys, &root.legal_moves(), &PARAMS);
    let line = walk(root, path);
    for (i, p) in line.iter().enumerate() {
        w.keys.push(p.key());
        w.plies_from_null[i + 1] = w.plies_from_null[i] + 1;
    }
    let last = *line.last().unwrap_or(&root);
    (w, last, line.len())
}

/// `is_draw` at the end of `path` (searched from the last game position), the game being
/// `game` from the start position.
fn draw_after(game: &str, path: &str) -> bool {
    let (w, pos, ply) = worker_after(game, path);
    w.is_draw(&pos, ply)
}

#[test]
fn an_upcoming_repetition_is_seen_one_move_ahead() {
    let cycle = |game: &str, path: &str| {
        let (w, pos, ply) = worker_after(game, path);
        w.upcoming_repetition(&pos, ply)
    };
    // Black can play Ng8, back to a position met after the root: a draw in hand.
    assert!(cycle("", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1"));
    assert!(cycle("e2e4", "g8f6 g1f3 f6g8 f3g1 g8f6 g1f3"));
    // Back to the root, met once before: no draw yet.
    assert!(!cycle("", "g1f3 g8f6 f3g1"));
    // The same with that position twice in the game before: the third time, a draw.
    assert!(cycle("g1f3 g8f6 f3g1 f6g8", "g1f3 g8f6 f3g1"));
    // Nothing to go back to.
    assert!(!cycle("e2e4", "e7e5 g1f3 b8c6"));
}

#[test]
fn repetitions_after_the_root_draw_at_once_before_it_only_the_third_time() {
    let out_and_back = "g1f3 g8f6 f3g1 f6g8";
    // The root position again, for the second time: play goes on.
    assert!(!draw_after("", out_and_back));
    // A position of the game before the root, met a second time: not yet a draw.
    assert!(!draw_after("g1f3", "g8f6 f3g1 f6g8 g1f3"));
    // The root's position for the third time (the game had it twice): a draw.
    assert!(draw_after(out_and_back, out_and_back));
    // A position first met after the root and then again: a draw at once.
    assert!(draw_after("", "g1f3 g8f6 f3g1 f6g8 g1f3"));
    assert!(draw_after("e2e4", "g8f6 g1f3 f6g8 f3g1 g8f6"));
    // No repetition at all.
    assert!(!draw_after("e2e4", "e7e5 g1f3 b8c6"));
}

#[test]
fn a_move_is_told_quiet_from_the_position_it_led_to() {
    // Captures by every piece, en passant, promotions with and without capture, castling.
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 7 20",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 7 20",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 3 30",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 3 30",
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 40",
    ] {
        let pos = parse_fen(fen).expect("test FEN");
        let moves = pos.legal_moves();
        assert!(!moves.is_empty());
        for m in moves.iter() {
            let piece = pos.piece_at(m.from()).expect("a mover");
            assert_eq!(
                move_was_quiet(&pos.played(m), piece, m),
                !is_noisy(&pos, m),
                "{fen}: {m:?}"
            );
        }
    }
}
