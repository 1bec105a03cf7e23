//! Polyglot position keys, computed exactly as the format specification says.
//!
//! # En passant: why there is an `ep_target` argument
//!
//! Polyglot hashes the en passant file when the opponent has just made a double pawn push and a
//! pawn of the side to move stands beside the pushed pawn, *whether or not the capture is legal*
//! (the capturing pawn may be pinned). Our [`Position`] keeps its en passant square only when a
//! legal en passant capture exists, so a position alone cannot tell the two cases apart when the
//! adjacent pawn is pinned. Rather than widen `vidle-core`, the key functions take the square the
//! last double push skipped over as an optional hint:
//!
//! * [`polyglot_key`] uses only the position (exact except in that pinned-pawn case);
//! * [`polyglot_key_with_ep`] takes the skipped square, e.g. from the FEN en passant field or from
//!   the last move ([`double_push_target`]), and is always exact;
//! * [`game_key`] does that for a [`Game`] by looking at its last move.

use crate::random64::RANDOM64;
use vidle_core::attacks::pawn_attacks;
use vidle_core::{CastlingSide, Color, Game, Move, Position, Role, Square};

const CASTLE_OFFSET: usize = 768;
const EP_OFFSET: usize = 772;
const TURN_OFFSET: usize = 780;

/// Polyglot's "kind of piece": black pawn 0, white pawn 1, black knight 2, …, white king 11.
#[inline]
fn piece_kind(color: Color, role: Role) -> usize {
    2 * role.index() + usize::from(color == Color::White)
}

/// The key of `pos`, with en passant taken from the position's own (legal-capture) en passant
/// square. See the module docs for the one case where this differs from Polyglot.
///
/// ```
/// use vidle_core::Position;
/// assert_eq!(vidle_book::polyglot_key(&Position::startpos()), 0x463b96181691fc9c);
/// ```
pub fn polyglot_key(pos: &Position) -> u64 {
    polyglot_key_with_ep(pos, None)
}

/// The key of `pos`, where `ep_target` is the square skipped by the opponent's last move if it
/// was a double pawn push (as in a FEN's en passant field). The en passant file is hashed when
/// a pawn of the side to move stands beside the pushed pawn, as Polyglot does. A hint that does
/// not fit the position (no such pawn push) is ignored.
///
/// ```
/// use vidle_core::{Position, Square};
/// use vidle_book::polyglot_key_with_ep;
/// // After 1. e4 d5 2. e5 f5 the key has the f-file en passant entry.
/// let fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
/// let pos = vidle_core::parse_fen(fen).unwrap();
/// assert_eq!(polyglot_key_with_ep(&pos, Square::parse("f6")), 0x22a48b5a8e47ff78);
/// ```
pub fn polyglot_key_with_ep(pos: &Position, ep_target: Option<Square>) -> u64 {
    let mut key = 0u64;
    for sq in pos.occupied() {
        if let Some(p) = pos.piece_at(sq) {
            key ^= RANDOM64[64 * piece_kind(p.color, p.role) + sq.index()];
        }
    }
    let rights = [
        (Color::White, CastlingSide::King),
        (Color::White, CastlingSide::Queen),
        (Color::Black, CastlingSide::King),
        (Color::Black, CastlingSide::Queen),
    ];
    for (i, (color, side)) in rights.into_iter().enumerate() {
        if pos.castling_rook(color, side).is_some() {
            key ^= RANDOM64[CASTLE_OFFSET + i];
        }
    }
    if let Some(file) = ep_file(pos, ep_target) {
        key ^= RANDOM64[EP_OFFSET + file as usize];
    }
    if pos.turn() == Color::White {
        key ^= RANDOM64[TURN_OFFSET];
    }
    key
}

/// The file Polyglot hashes for en passant, if any.
fn ep_file(pos: &Position, ep_target: Option<Square>) -> Option<u8> {
    if let Some(sq) = pos.ep_square() {
        // A legal capture exists, so a pawn certainly stands beside the pushed one.
        return Some(sq.file());
    }
    let target = ep_target?;
    let us = pos.turn();
    // The skipped square is on the 6th rank from our side's view; the pushed pawn one step
    // further towards us, and our pawns beside it are exactly those attacking the target.
    if target.relative_rank(us) != 5 {
        return None;
    }
    let pushed = target.offset(-8 * us.forward())?;
    if pos.piece_at(pushed) != Some(vidle_core::Piece::new(!us, Role::Pawn))
        || pos.piece_at(target).is_some()
    {
        return None;
    }
    let beside = pawn_attacks(!us, target) & pos.pieces(us, Role::Pawn);
    beside.is_nonempty().then_some(target.file())
}

/// The square a pawn skips over if `m` is a double pawn push in `before` (the FEN-style en
/// passant target square for the position after `m`).
pub fn double_push_target(before: &Position, m: Move) -> Option<Square> {
    let is_pawn = before.role_at(m.from()) == Some(Role::Pawn);
    if is_pawn && m.from().index().abs_diff(m.to().index()) == 16 {
        Square::new(((m.from().index() + m.to().index()) / 2) as u8)
    } else {
        None
    }
}

/// The exact Polyglot key of a game's current position (en passant from its last move).
pub fn game_key(game: &Game) -> u64 {
    let ep = match (game.moves().last(), game.positions().iter().rev().nth(1)) {
        (Some(&m), Some(before)) => double_push_target(before, m),
        _ => None,
    };
    polyglot_key_with_ep(game.position(), ep)
}

#[cfg(test)]
mod tests {
    use super::*;
    use vidle_core::fen::Setup;
    use vidle_core::notation::parse_uci;

    /// The test vectors of the specification: (moves from the start, FEN, key).
    const VECTORS: [(&str, &str, u64); 9] = [
        ("", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9c),
        ("e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196),
        (
            "e2e4 d7d5",
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
            0x0756b94461c50fb0,
        ),
        (
            "e2e4 d7d5 e4e5",
            "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
            0x662fafb965db29d4,
        ),
        (
            "e2e4 d7d5 e4e5 f7f5",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            0x22a48b5a8e47ff78,
        ),
        (
            "e2e4 d7d5 e4e5 f7f5 e1e2",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3",
            0x652a607ca3f242c1,
        ),
        (
            "e2e4 d7d5 e4e5 f7f5 e1e2 e8f7",
            "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4",
            0x00fdd303c946bdd9,
        ),
        (
            "a2a4 b7b5 h2h4 b5b4 c2c4",
            "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
            0x3c8123ea7b067637,
        ),
        (
            "a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3",
            "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4",
            0x5c3f9b829b279560,
        ),
    ];

    #[test]
    fn spec_vectors_from_fen() {
        for (_, fen, key) in VECTORS {
            let pos = vidle_core::parse_fen(fen).unwrap();
            let ep = Setup::parse(fen).unwrap().ep;
            assert_eq!(polyglot_key_with_ep(&pos, ep), key, "{fen}");
            assert_eq!(polyglot_key(&pos), key, "{fen} (position only)");
        }
    }

    #[test]
    fn spec_vectors_by_playing_moves() {
        for (moves, fen, key) in VECTORS {
            let mut game = Game::new(Position::startpos());
            for uci in moves.split_whitespace() {
                let m = parse_uci(game.position(), uci, false).unwrap();
                assert!(game.play(m));
            }
            assert_eq!(game_key(&game), key, "{moves}");
            assert_eq!(
                vidle_core::fen::to_fen(game.position(), false).split(' ').next(),
                fen.split(' ').next()
            );
        }
    }

    #[test]
    fn ep_counts_with_a_pinned_pawn_beside() {
        // White king a5, black rook h5 pin the e5 pawn along the rank... after d7d5 the d5 pawn
        // stands beside e5, but exd6 would expose the king: Polyglot still hashes the d-file.
        let fen = "4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1";
        let before = vidle_core::parse_fen(fen).unwrap();
        let m = parse_uci(&before, "d7d5", false).unwrap();
        let after = before.played(m);
        assert_eq!(after.ep_square(), None, "our position drops the illegal en passant");
        let target = double_push_target(&before, m);
        assert_eq!(target, Square::parse("d6"));
        let with = polyglot_key_with_ep(&after, target);
        let without = polyglot_key(&after);
        assert_eq!(with ^ without, RANDOM64[EP_OFFSET + 3]);
        let mut game = Game::new(before);
        assert!(game.play(m));
        assert_eq!(game_key(&game), with);
    }

    #[test]
    fn ep_hint_without_adjacent_pawn_is_ignored() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        let pos = vidle_core::parse_fen(fen).unwrap();
        assert_eq!(polyglot_key_with_ep(&pos, Square::parse("e3")), polyglot_key(&pos));
        // Nonsense hints are ignored too.
        for sq in Square::all() {
            assert_eq!(polyglot_key_with_ep(&pos, Some(sq)), polyglot_key(&pos), "{sq}");
        }
    }
}
