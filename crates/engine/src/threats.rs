//! What the opponent attacks: the butterfly history is kept apart by whether a quiet move
//! leaves an attacked square and whether it enters one, so that "this move saves a piece" and
//! "this move puts a piece en prise" are learnt separately from the same from-to move elsewhere.

use crate::eval::pawn_attack_map;
use vidle_core::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use vidle_core::{Bitboard, Position, Role};

/// The squares the side not to move attacks, with the board's own occupancy.
pub fn attacked_by_them(pos: &Position) -> Bitboard {
    let them = !pos.turn();
    let occ = pos.occupied();
    let mut all = pawn_attack_map(pos, them) | king_attacks(pos.king(them));
    for sq in pos.pieces(them, Role::Knight) {
        all |= knight_attacks(sq);
    }
    for sq in pos.bishop_likes() & pos.by_color(them) {
        all |= bishop_attacks(sq, occ);
    }
    for sq in pos.rook_likes() & pos.by_color(them) {
        all |= rook_attacks(sq, occ);
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use vidle_core::{Square, parse_fen};

    #[test]
    fn attacked_squares_match_attackers_to() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        ] {
            let pos = parse_fen(fen).expect("test FEN");
            let attacked = attacked_by_them(&pos);
            let them = !pos.turn();
            for i in 0..64u8 {
                let s = Square::new(i).expect("a square index");
                let by_them = pos.attackers_to(s, pos.occupied()) & pos.by_color(them);
                assert_eq!(attacked.contains(s), by_them.is_nonempty(), "{fen}: {s:?}");
            }
        }
    }
}
