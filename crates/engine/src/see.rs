//! Static exchange evaluation: does a move win at least a threshold once all captures on its
//! target square are played out, each side free to stop when it pays?

use vidle_core::attacks::{bishop_attacks, rook_attacks};
use vidle_core::{Bitboard, Move, MoveKind, Position, Role};

/// Piece values for exchanges (the king is priceless; it only ends an exchange).
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 950, 0];

#[inline]
pub fn value(role: Role) -> i32 {
    SEE_VALUES[role.index()]
}

/// Whether `m` wins at least `threshold` centipawns by exchange. Castling, en passant and
/// promotions count as even exchanges (as in Stockfish: they are rare and mostly good).
pub fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    if m.kind() != MoveKind::Normal {
        return 0 >= threshold;
    }
    let from = m.from();
    let to = m.to();
    // `swap` is what the side that just moved stands to gain relative to the threshold.
    let mut swap = pos.role_at(to).map_or(0, value) - threshold;
    if swap < 0 {
        return false;
    }
    let Some(mover) = pos.role_at(from) else { return false };
    swap = value(mover) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = pos.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(to);
    let mut stm = pos.turn();
    let mut attackers = pos.attackers_to(to, occ);
    let bishops = pos.bishop_likes();
    let rooks = pos.rook_likes();
    // 1 while the side that moved last is winning at least the threshold.
    let mut res = 1;
    loop {
        stm = !stm;
        attackers &= occ;
        let ours = attackers & pos.by_color(stm);
        if ours.is_empty() {
            break;
        }
        res ^= 1;
        let least = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .find_map(|r| (ours & pos.by_role(r)).first().map(|sq| (r, sq)));
        let Some((role, sq)) = least else {
            // Only the king can capture: legal only if the opponent has no attacker left.
            return if (attackers & !pos.by_color(stm)).is_nonempty() { res ^ 1 } else { res } == 1;
        };
        swap = value(role) - swap;
        if swap < res {
            break;
        }
        occ ^= Bitboard::from_square(sq);
        // Uncover x-ray attackers behind the piece that just captured.
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
            attackers |= bishop_attacks(to, occ) & bishops;
        }
        if matches!(role, Role::Rook | Role::Queen) {
            attackers |= rook_attacks(to, occ) & rooks;
        }
    }
    res == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use vidle_core::notation::parse_uci;
    use vidle_core::parse_fen;

    fn see_exact(fen: &str, uci: &str) -> i32 {
        let pos = parse_fen(fen).expect("test FEN");
        let m = parse_uci(&pos, uci, false).expect("test move");
        // The exact value is the largest threshold that still passes.
        let mut t = -2000;
        while see_ge(&pos, m, t + 1) {
            t += 1;
        }
        t
    }

    #[test]
    fn known_exchanges() {
        // Rook takes an undefended pawn.
        assert_eq!(see_exact("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"), 100);
        // Knight takes a pawn defended by knight, bishop and an x-raying queen: loses N for P.
        assert_eq!(
            see_exact("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5"),
            100 - 320
        );
        // Pawn takes a defended knight: wins N for P.
        assert_eq!(see_exact("4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1", "d4e5"), 320 - 100);
        // Queen takes a pawn defended by a pawn.
        assert_eq!(see_exact("4k3/8/3p4/4p3/8/8/8/4KQ2 w - - 0 1", "f1f6"), 0);
        assert_eq!(see_exact("4k3/3p4/4p3/8/8/8/8/4KQ2 w - - 0 1", "f1e2"), 0);
        assert_eq!(see_exact("4k3/8/3p4/4p3/8/8/8/Q3K3 w - - 0 1", "a1e5"), 100 - 950);
        // The king may recapture only when nothing defends.
        assert_eq!(see_exact("8/8/8/8/8/8/4p2k/4K3 w - - 0 1", "e1e2"), 100);
        // Pawn takes rook; recapturing with the other rook would lose it to Re1, so black stops.
        assert_eq!(see_exact("4k3/8/4r3/4r3/3P4/8/8/4R1K1 w - - 0 1", "d4e5"), 500);
    }
}
