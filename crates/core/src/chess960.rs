//! Chess960 start positions by their standard numbers 0–959 (Scharnagl's scheme: 518 is the
//! classical start, 0 is `bbqnnrkr`).

use crate::fen::parse_fen;
use crate::position::Position;

/// The back rank of start position `n` (taken modulo 960), as lowercase piece letters a–h.
pub fn back_rank(n: u32) -> [u8; 8] {
    let mut rank = [0u8; 8];
    // The k-th empty square, left to right.
    let empty = |rank: &[u8; 8], k: usize| -> Option<(usize, u8)> {
        rank.iter().enumerate().filter(|(_, p)| **p == 0).nth(k).map(|(i, &p)| (i, p))
    };
    let mut n = n % 960;
    // Light-squared bishop on b, d, f or h; dark-squared on a, c, e or g.
    rank[(n % 4) as usize * 2 + 1] = b'b';
    n /= 4;
    rank[(n % 4) as usize * 2] = b'b';
    n /= 4;
    // The queen on one of the six squares left, the knights on two of the five after that.
    let q = empty(&rank, (n % 6) as usize).map_or(0, |(i, _)| i);
    rank[q] = b'q';
    n /= 6;
    const KNIGHTS: [(usize, usize); 10] =
        [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];
    let (a, b) = KNIGHTS[n as usize];
    // The second knight's index counts the squares before the first knight is placed.
    let second = empty(&rank, b).map_or(0, |(i, _)| i);
    let first = empty(&rank, a).map_or(0, |(i, _)| i);
    rank[first] = b'n';
    rank[second] = b'n';
    // Rook, king, rook on the three squares left.
    for piece in [b'r', b'k', b'r'] {
        let s = empty(&rank, 0).map_or(0, |(i, _)| i);
        rank[s] = piece;
    }
    rank
}

/// Start position `n` (taken modulo 960) with all four castling rights.
pub fn start_position(n: u32) -> Position {
    let rank = String::from_utf8_lossy(&back_rank(n)).into_owned();
    let fen = format!("{rank}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1", rank.to_uppercase());
    // Every back rank built above is a legal setup (king between its rooks).
    parse_fen(&fen).unwrap_or_else(|_| Position::startpos())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_matches_the_standard_scheme() {
        assert_eq!(&back_rank(518), b"rnbqkbnr");
        assert_eq!(&back_rank(0), b"bbqnnrkr");
        assert_eq!(&back_rank(959), b"rkrnnqbb");
        assert_eq!(start_position(518), Position::startpos());
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let r = back_rank(n);
            assert!(seen.insert(r), "{n} repeats");
            let at = |p: u8| r.iter().position(|&c| c == p).unwrap();
            let bishops: Vec<usize> =
                r.iter().enumerate().filter(|(_, c)| **c == b'b').map(|(i, _)| i).collect();
            assert_eq!(bishops.len(), 2);
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}: bishops on one colour");
            let rooks: Vec<usize> =
                r.iter().enumerate().filter(|(_, c)| **c == b'r').map(|(i, _)| i).collect();
            assert!(rooks[0] < at(b'k') && at(b'k') < rooks[1], "{n}");
            assert_eq!(start_position(n).castling_rooks().count(), 4, "{n}");
        }
    }
}
