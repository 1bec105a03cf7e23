//! Zobrist hashing keys, generated at compile time from a fixed seed (SplitMix64).

use crate::types::{Piece, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// 12 × 64 piece-square keys, 64 castling-rook keys, 8 en-passant file keys, 1 side key.
const N_KEYS: usize = 12 * 64 + 64 + 8 + 1;

static KEYS: [u64; N_KEYS] = {
    let mut out = [0u64; N_KEYS];
    let mut state = 0x5649_444C_4521_u64; // "VIDLE!"
    let mut i = 0;
    while i < N_KEYS {
        let (s, v) = splitmix(state);
        state = s;
        out[i] = v;
        i += 1;
    }
    out
};

#[inline]
pub fn piece_square(piece: Piece, sq: Square) -> u64 {
    KEYS[piece.index() * 64 + sq.index()]
}

/// Key for the castling right whose rook stands on `rook`.
#[inline]
pub fn castling(rook: Square) -> u64 {
    KEYS[12 * 64 + rook.index()]
}

#[inline]
pub fn en_passant_file(file: u8) -> u64 {
    KEYS[12 * 64 + 64 + (file & 7) as usize]
}

/// XOR-ed in when black is to move.
#[inline]
pub fn side() -> u64 {
    KEYS[N_KEYS - 1]
}
