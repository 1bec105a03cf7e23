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

/// The piece-square keys are indexed by mailbox code (0 empty, `1 + Piece::index()`, 13–15
/// unused): the rows of codes 0 and 13–15 are zeros, so `play` can XOR in a captured piece's key
/// without testing whether there is one, and `code & 15` needs no bounds check.
const PIECES: usize = 64;
const CASTLING: usize = 16 * 64;
const EN_PASSANT: usize = CASTLING + 64;
const SIDE: usize = EN_PASSANT + 8;

static KEYS: [u64; SIDE + 1] = KEY_TABLE;

const KEY_TABLE: [u64; SIDE + 1] = {
    let mut out = [0u64; SIDE + 1];
    let mut state = 0x5649_444C_4521_u64; // "VIDLE!"
    let mut i = 0;
    while i < N_KEYS {
        let (s, v) = splitmix(state);
        state = s;
        // The sequence fills pieces, castling, en passant and side in that order, as before the
        // table was laid out by code (the keys, hence hash-table behaviour, are unchanged).
        let at = if i < 12 * 64 { PIECES + i } else { CASTLING + i - 12 * 64 };
        out[at] = v;
        i += 1;
    }
    out
};

/// The key of `piece` standing on `sq`, XOR-ed in when it arrives and out when it leaves.
#[inline]
pub fn piece_square(piece: Piece, sq: Square) -> u64 {
    KEYS[PIECES + piece.index() * 64 + sq.index()]
}

/// The key of the mailbox code `code` (0 empty, `1 + Piece::index()`) on `sq`; 0 for an empty
/// square (codes above 12 never occur and also give 0).
#[inline]
pub(crate) fn code_square(code: u8, sq: Square) -> u64 {
    KEYS[(code as usize & 15) * 64 + sq.index()]
}

/// The XOR of the castling keys of the rights in one byte of `Position::castling` (bit `f` is
/// the rook on file `f`), one table per back rank: `play` removes lost rights without a loop.
static CASTLING_BYTES: [[u64; 256]; 2] = {
    let mut out = [[0u64; 256]; 2];
    let mut rank = 0;
    while rank < 2 {
        let mut bits = 1usize;
        while bits < 256 {
            let low = bits.trailing_zeros() as usize;
            out[rank][bits] = out[rank][bits & (bits - 1)] ^ KEY_TABLE[CASTLING + rank * 56 + low];
            bits += 1;
        }
        rank += 1;
    }
    out
};

/// The key of a set of castling rights in `Position::castling`'s layout (bits 0–7 the rooks of
/// rank 1 by file, 8–15 those of rank 8).
#[inline]
pub(crate) fn castling_set(rights: u16) -> u64 {
    CASTLING_BYTES[0][(rights & 0xFF) as usize] ^ CASTLING_BYTES[1][(rights >> 8) as usize]
}

/// Key for the castling right whose rook stands on `rook`.
#[inline]
pub fn castling(rook: Square) -> u64 {
    KEYS[CASTLING + rook.index()]
}

/// The key of an en passant square on file `file`, 0 = a to 7 = h (only the low three
/// bits count, so a square index gives its file's key).
#[inline]
pub fn en_passant_file(file: u8) -> u64 {
    KEYS[EN_PASSANT + (file & 7) as usize]
}

/// XOR-ed in when black is to move.
#[inline]
pub fn side() -> u64 {
    KEYS[SIDE]
}
