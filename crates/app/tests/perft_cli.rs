//! `vidle perft --divide`: every root move once, each written so it can be told apart.

use std::process::Command;

/// King on f1, rook on h1 with castling rights: castling and the king's step both reach g1.
/// In standard notation both were written `f1g1`; castling is now written king takes rook.
#[test]
fn divide_writes_each_root_move_distinctly() {
    let out = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .args(["perft", "1", "--divide", "--fen", "r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1"])
        .output()
        .expect("run vidle");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    // The root moves' lines come first, up to a blank line; then the totals.
    let moves: Vec<&str> = text
        .lines()
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_once(": ").map(|(m, _)| m))
        .collect();
    let mut unique = moves.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(moves.len(), unique.len(), "a move listed twice:\n{text}");
    assert!(moves.contains(&"f1g1") && moves.contains(&"f1h1"), "step and castling:\n{text}");
    let total: u64 = text
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.trim().parse().ok())
        .expect("a total");
    assert_eq!(total as usize, moves.len());
}
