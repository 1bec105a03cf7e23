//! Bitboard masks for pawn-structure and piece terms, computed at compile time.

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// Squares strictly in front of `sq` (from `white`'s or black's side), on the given files mask.
const fn ahead(white: bool, sq: usize, files: u64) -> u64 {
    let rank = sq / 8;
    let rows_ahead = if white {
        if rank == 7 { 0 } else { !0u64 << (8 * (rank + 1)) }
    } else if rank == 0 {
        0
    } else {
        !0u64 >> (8 * (8 - rank))
    };
    rows_ahead & files
}

const fn adjacent_files(file: usize) -> u64 {
    let mut m = 0;
    if file > 0 {
        m |= FILE_A << (file - 1);
    }
    if file < 7 {
        m |= FILE_A << (file + 1);
    }
    m
}

const fn build(kind: u8) -> [[u64; 64]; 2] {
    let mut t = [[0u64; 64]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 64 {
            let file = sq % 8;
            let own = FILE_A << file;
            let adj = adjacent_files(file);
            t[c][sq] = match kind {
                0 => ahead(c == 0, sq, own | adj),
                1 => ahead(c == 0, sq, own),
                _ => ahead(c == 0, sq, adj),
            };
            sq += 1;
        }
        c += 1;
    }
    t
}

/// Squares a pawn must find free of enemy pawns to be passed: in front, own and adjacent files.
pub static PASSED_SPAN: [[u64; 64]; 2] = build(0);
/// Squares in front on the same file.
pub static FRONT_SPAN: [[u64; 64]; 2] = build(1);
/// Squares in front on adjacent files: where enemy pawns could attack this square from.
pub static ATTACK_SPAN: [[u64; 64]; 2] = build(2);

/// Files next to `file`.
pub static ADJACENT_FILES: [u64; 8] = {
    let mut t = [0; 8];
    let mut f = 0;
    while f < 8 {
        t[f] = adjacent_files(f);
        f += 1;
    }
    t
};

pub const CENTRE: u64 = (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36);
pub const LONG_DIAGONALS: u64 = 0x8040_2010_0804_0201 | 0x0102_0408_1020_4080;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans() {
        // e4 (28) for white: e5..e8, d5..d8, f5..f8.
        assert_eq!(FRONT_SPAN[0][28].count_ones(), 4);
        assert_eq!(PASSED_SPAN[0][28].count_ones(), 12);
        assert_eq!(ATTACK_SPAN[1][28].count_ones(), 6);
        assert_eq!(PASSED_SPAN[1][8], 0x0000_0000_0000_0003);
        assert_eq!(PASSED_SPAN[0][63], 0);
    }
}
