//! Upcoming repetitions: can the side to move play one reversible move that brings back a
//! position of the game or the search path? Then it can at least draw, and the search may
//! raise alpha to a draw before searching anything.
//!
//! The method is Marcel van Kervinck's (also used by Stockfish): the key difference of two
//! positions one reversible move apart is the XOR of the moving piece's keys on its two
//! squares and the side-to-move key. Every such difference (each piece other than a pawn, each
//! pair of squares it can move between on an empty board: 3,668 of them) is kept in a cuckoo
//! hash table with its two squares, so one or two probes tell whether the difference between
//! the present key and an earlier one is a single move; the move is possible when no piece
//! stands between its squares.

use std::sync::OnceLock;
use vidle_core::attacks::piece_attacks;
use vidle_core::zobrist;
use vidle_core::{Bitboard, Color, Piece, Role, Square};

const SIZE: usize = 8192;

/// Key differences of reversible moves (0: an empty slot) and the two squares of each.
pub struct Cuckoo {
    keys: Box<[u64; SIZE]>,
    squares: Box<[(u8, u8); SIZE]>,
}

#[inline]
fn h1(key: u64) -> usize {
    (key & (SIZE as u64 - 1)) as usize
}

#[inline]
fn h2(key: u64) -> usize {
    ((key >> 16) & (SIZE as u64 - 1)) as usize
}

impl Cuckoo {
    fn build() -> Cuckoo {
        let mut t = Cuckoo { keys: Box::new([0; SIZE]), squares: Box::new([(0, 0); SIZE]) };
        let mut count = 0;
        for color in [Color::White, Color::Black] {
            for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
                let piece = Piece::new(color, role);
                for a in 0..64u8 {
                    let sa = Square::from_index_masked(a as u32);
                    let reach = piece_attacks(role, sa, Bitboard::EMPTY);
                    for b in a + 1..64u8 {
                        let sb = Square::from_index_masked(b as u32);
                        if !reach.contains(sb) {
                            continue;
                        }
                        let mut key = zobrist::piece_square(piece, sa)
                            ^ zobrist::piece_square(piece, sb)
                            ^ zobrist::side();
                        let mut squares = (a, b);
                        let mut slot = h1(key);
                        // Cuckoo insertion: take the slot, move its occupant to its other slot.
                        loop {
                            std::mem::swap(&mut t.keys[slot], &mut key);
                            std::mem::swap(&mut t.squares[slot], &mut squares);
                            if key == 0 {
                                break;
                            }
                            slot = if slot == h1(key) { h2(key) } else { h1(key) };
                        }
                        count += 1;
                    }
                }
            }
        }
        debug_assert_eq!(count, 3668);
        t
    }

    /// The two squares of the reversible move whose key difference is `diff`, if any.
    #[inline]
    pub fn lookup(&self, diff: u64) -> Option<(Square, Square)> {
        let slot = if self.keys[h1(diff)] == diff {
            h1(diff)
        } else if self.keys[h2(diff)] == diff {
            h2(diff)
        } else {
            return None;
        };
        let (a, b) = self.squares[slot];
        Some((Square::from_index_masked(a as u32), Square::from_index_masked(b as u32)))
    }
}

/// The table, built on first use.
pub fn table() -> &'static Cuckoo {
    static TABLE: OnceLock<Cuckoo> = OnceLock::new();
    TABLE.get_or_init(Cuckoo::build)
}

#[cfg(test)]
mod tests {
    use super::*;
    use vidle_core::Position;

    #[test]
    fn every_reversible_move_is_found_and_nothing_else() {
        let t = table();
        assert_eq!(t.keys.iter().filter(|&&k| k != 0).count(), 3668);
        // Each quiet non-pawn move of a few positions: the key difference it makes is found,
        // with its squares; pawn moves and captures are not there.
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R b KQ - 0 1",
        ] {
            let pos = vidle_core::parse_fen(fen).expect("test FEN");
            for m in pos.legal_moves().iter() {
                let child: Position = pos.played(m);
                let mover = pos.piece_at(m.from()).expect("a mover");
                let quiet = pos.piece_at(m.to()).is_none() && !m.is_promotion();
                let reversible = quiet && mover.role != Role::Pawn && !m.is_castle();
                // Castling rights lost or an en-passant square change the key more.
                let same_extras = pos.castling_rooks() == child.castling_rooks()
                    && pos.ep_square().is_none()
                    && child.ep_square().is_none();
                let found = t.lookup(pos.key() ^ child.key());
                if reversible && same_extras {
                    let (a, b) = found.expect("a reversible move");
                    let mut pair = [a, b];
                    pair.sort_by_key(|s| s.index());
                    let mut want = [m.from(), m.to()];
                    want.sort_by_key(|s| s.index());
                    assert_eq!(pair, want, "{fen}: {m:?}");
                } else if !reversible {
                    assert!(found.is_none(), "{fen}: {m:?}");
                }
            }
        }
    }
}
