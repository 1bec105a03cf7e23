//! Mating a bare king: the one term of the hand-crafted evaluation that is not a tuned weight
//! (the network leaves such positions to it as well).

use vidle_core::{Bitboard, Color, Position, Role};

/// What a side with mating material is worth against a bare king, on top of the rest.
pub const LONE_KING_WIN: i32 = 400;
/// Per step of the bare king towards the edge (the centre distance, 0 to 6 steps).
pub(super) const LONE_KING_EDGE: i32 = 20;
/// With bishop and knight alone, per step of the bare king away from the long diagonal of the
/// other colour (0 to 7 steps, 7 in the corners of the bishop's colour). More than the edge
/// term, so that the king is driven along the edge out of a wrong corner.
pub(super) const LONE_KING_BN_CORNER: i32 = 100;
/// Per step the kings are closer (the Manhattan distance, 14 at most): the winning king must
/// help.
pub(super) const LONE_KING_CLOSE: i32 = 10;

/// Mating a bare king, from White's view: 0 unless one side has only its king and the other
/// enough to force mate (a queen, a rook, bishops on both colours, or bishop and knight). Then
/// a fixed bonus, so that the search plays into such endings, plus the bare king's distance
/// from the centre and the kings' nearness, which the piece-square tables do not give and a
/// search of ordinary depth cannot see past (KBNK takes up to 33 moves): without them the
/// winning side shuffles until the fifty-move rule. Not a tuned weight: the tuner fits the
/// traced linear form, which leaves this term out (games rarely reach such positions before
/// adjudication, so they hardly figure in its data).
pub(super) fn lone_king(pos: &Position) -> i32 {
    for strong in Color::ALL {
        let weak = !strong;
        if pos.by_color(weak).count() != 1 {
            continue;
        }
        let has = |r: Role| pos.pieces(strong, r);
        let bishops = has(Role::Bishop);
        let two_coloured = (bishops & Bitboard::LIGHT_SQUARES).is_nonempty()
            && (bishops & Bitboard::DARK_SQUARES).is_nonempty();
        let bishop_knight = bishops.is_nonempty() && has(Role::Knight).is_nonempty();
        let heavy = (has(Role::Queen) | has(Role::Rook)).is_nonempty();
        if !heavy && !two_coloured && !bishop_knight {
            continue;
        }
        let (wk, sk) = (pos.king(weak), pos.king(strong));
        let (f, r) = (wk.file() as i32, wk.rank() as i32);
        let from_centre = (3 - f).max(f - 4) + (3 - r).max(r - 4);
        let kings = (f - sk.file() as i32).abs() + (r - sk.rank() as i32).abs();
        let mut bonus =
            LONE_KING_WIN + LONE_KING_EDGE * from_centre + LONE_KING_CLOSE * (14 - kings);
        // Bishop and knight only (pawns aside, which the search promotes): towards the corners
        // of the bishop's colour, the only ones it can be mated in. The distance from the long
        // diagonal the other two corners share grows by one a step along every edge, so it
        // leads out of a wrong corner too (where the edge term no longer pulls).
        if !heavy && !two_coloured && bishop_knight {
            // a1 and h8 are dark, a8 and h1 light.
            let off_diagonal = if (bishops & Bitboard::LIGHT_SQUARES).is_nonempty() {
                (f - r).abs()
            } else {
                (7 - f - r).abs()
            };
            bonus += LONE_KING_BN_CORNER * off_diagonal;
        }
        return if strong == Color::White { bonus } else { -bonus };
    }
    0
}
