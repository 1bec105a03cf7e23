//! Every one of the 65,536 `u16` move codes against the generator: `is_legal` must accept exactly
//! the generated legal moves (a hash-table move is validated this way before it is played).

mod common;

use common::Rng;
use vidle_core::{Move, Position, parse_fen_relaxed};

/// Checks all codes in one position; returns how many were legal.
fn check_all_codes(pos: &Position) -> usize {
    let mut legal = vec![false; 1 << 16];
    for m in pos.legal_moves().iter() {
        legal[m.to_u16() as usize] = true;
    }
    for code in 0..=u16::MAX {
        let accepted = Move::from_u16(code).is_some_and(|m| pos.is_legal(m));
        assert_eq!(
            accepted,
            legal[code as usize],
            "code {code:#06x} ({:?}) in {pos:?}",
            Move::from_u16(code)
        );
    }
    legal.iter().filter(|&&l| l).count()
}

/// Positions from the perft suites (which are full of castling, en passant and promotion
/// corner cases) plus positions along seeded random playouts from the opening books.
fn sample_positions(playout_openings: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for rel in ["perft/standard.epd", "perft/fischer960.epd"] {
        for (fen, _) in common::spread(&common::perft_suite(rel), 128) {
            out.push(parse_fen_relaxed(&fen).unwrap());
        }
    }
    let mut rng = Rng(0xC0DE);
    for rel in ["openings/2moves_v1.epd", "openings/FRC_openings.epd"] {
        for fen in common::spread(&common::data_lines(rel), playout_openings) {
            let mut pos = parse_fen_relaxed(&fen).unwrap();
            for ply in 0..200 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                if ply % 16 == 5 {
                    out.push(pos);
                }
                pos = pos.played(moves.get(rng.below(moves.len())).unwrap());
            }
            out.push(pos);
        }
    }
    out
}

#[test]
fn all_u16_codes_agree_with_the_generator() {
    let positions = sample_positions(60);
    assert!(positions.len() > 1_500, "{} positions", positions.len());
    let legal: usize = positions.iter().map(check_all_codes).sum();
    eprintln!("{} positions, {legal} legal codes among {} checked", positions.len(), {
        positions.len() << 16
    });
}

#[test]
fn special_codes_are_rejected() {
    let pos = Position::startpos();
    // Zero is not a move; invalid kind nibbles (3, 8–15) are never legal, whatever the squares.
    assert_eq!(Move::from_u16(0), None);
    let e2e4 = Move::from_u16(12 | 28 << 6).unwrap();
    assert!(pos.is_legal(e2e4));
    for kind in [3u16, 8, 9, 10, 11, 12, 13, 14, 15] {
        let m = Move::from_u16(12 | 28 << 6 | kind << 12).unwrap();
        assert!(!m.has_valid_kind() && !pos.is_legal(m), "kind {kind}");
    }
    // A pawn push to the last rank without a promotion piece is not the promotion.
    let pos = parse_fen_relaxed("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let b7b8 = Move::from_u16(49 | 57 << 6).unwrap();
    assert!(!pos.is_legal(b7b8));
    assert_eq!(pos.legal_moves().iter().filter(|m| m.is_promotion()).count(), 4);
}

#[test]
#[ignore = "thousands of positions × 65,536 codes: a minute"]
fn all_u16_codes_many_positions() {
    let positions = sample_positions(400);
    let legal: usize = positions.iter().map(check_all_codes).sum();
    eprintln!("{} positions, {legal} legal codes", positions.len());
}
