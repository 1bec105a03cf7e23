//! Pawn structure and king shelter (they depend only on pawns and kings), with a per-thread
//! cache keyed by a hash of the pawn bitboards and king squares.

use super::masks::{ADJACENT_FILES, ATTACK_SPAN, CENTRE, FRONT_SPAN, PASSED_SPAN};
use super::{Acc, NoTrace, Trace, distance, pawn_attack_map, pawn_attacks_of};
use crate::eval::weights::idx;
use vidle_core::{Bitboard, Color, Position, Role};

/// Entries in each thread's pawn cache: `1 << PAWN_TABLE_BITS`.
const PAWN_TABLE_BITS: u32 = 14;
const PAWN_TABLE_SIZE: usize = 1 << PAWN_TABLE_BITS;

/// Hash of everything [`pawn_structure`] reads: both pawn bitboards and both king squares.
///
/// Computed at evaluation time rather than kept incrementally by `Position`, so that making a
/// move (every leaf of perft, every node of the search) does not pay for a key that only the
/// evaluation needs. Each input is folded in by xor, rotation and multiplication by an odd
/// constant; for fixed other inputs each step is a bijection of the input it folds in, so
/// positions that differ in one input only never collide. Multiplication carries every bit
/// upwards, so the table is indexed by the top bits, which depend on all of the input.
#[inline]
pub fn pawn_hash(pos: &Position) -> u64 {
    const K1: u64 = 0x9E37_79B9_7F4A_7C15;
    const K2: u64 = 0xBF58_476D_1CE4_E5B9;
    const K3: u64 = 0x94D0_49BB_1331_11EB;
    let white = pos.pieces(Color::White, Role::Pawn).0;
    let black = pos.pieces(Color::Black, Role::Pawn).0;
    let kings = (pos.king(Color::White).index() | pos.king(Color::Black).index() << 6) as u64;
    let mut h = (white ^ K3).wrapping_mul(K1);
    h = (h.rotate_left(32) ^ black).wrapping_mul(K2);
    (h.rotate_left(32) ^ kings).wrapping_mul(K3)
}

/// A cached pawn-structure result.
#[derive(Clone, Copy, Default)]
pub struct PawnEntry {
    key: u64,
    pub mg: i32,
    pub eg: i32,
    pub passed: [Bitboard; 2],
}

/// One thread's pawn cache (threads do not share it, so it needs no synchronisation).
pub struct PawnTable {
    entries: Vec<PawnEntry>,
}

impl Default for PawnTable {
    fn default() -> Self {
        PawnTable { entries: vec![PawnEntry::default(); PAWN_TABLE_SIZE] }
    }
}

impl PawnTable {
    pub fn clear(&mut self) {
        self.entries.fill(PawnEntry::default());
    }

    pub fn probe_or_compute(&mut self, pos: &Position) -> PawnEntry {
        let key = pawn_hash(pos);
        let slot = &mut self.entries[(key >> (64 - PAWN_TABLE_BITS)) as usize];
        // Empty slots hold key 0; a position hashing to 0 (odds 2^-64) is merely never cached.
        if slot.key == key && key != 0 {
            return *slot;
        }
        let mut t = NoTrace;
        let mut acc = Acc { mg: 0, eg: 0, trace: &mut t };
        let passed = pawn_structure(pos, &mut acc);
        *slot = PawnEntry { key, mg: acc.mg, eg: acc.eg, passed };
        *slot
    }
}

/// Adds the pawn-structure and shelter terms for both sides; returns the passed pawns.
pub fn pawn_structure<T: Trace>(pos: &Position, acc: &mut Acc<'_, T>) -> [Bitboard; 2] {
    let mut passed = [Bitboard::EMPTY; 2];
    for c in Color::ALL {
        passed[c.index()] = pawns_of(pos, c, acc);
        shelter(pos, c, acc);
        let king = pos.king(c);
        if (king_flank(king.file()) & pos.by_role(Role::Pawn)).is_empty() {
            acc.add(c, idx::PAWNLESS_FLANK, 1);
        }
        // The king's distance to the nearest pawn (it has to reach them in the endgame).
        if let Some(d) = pos.by_role(Role::Pawn).into_iter().map(|p| distance(king, p)).min() {
            acc.add(c, idx::KING_PAWN_DISTANCE + d as usize, 1);
        }
    }
    passed
}

fn pawns_of<T: Trace>(pos: &Position, c: Color, acc: &mut Acc<'_, T>) -> Bitboard {
    let own = pos.pieces(c, Role::Pawn);
    let theirs = pos.pieces(!c, Role::Pawn);
    let their_att = pawn_attack_map(pos, !c);
    let mut passed = Bitboard::EMPTY;
    for sq in own {
        let s = sq.index();
        let rank = sq.relative_rank(c) as usize;
        let file = sq.file() as usize;
        let opposed = FRONT_SPAN[c.index()][s] & theirs.0 != 0;
        // An own pawn ahead on the file: this one is the rear of a doubled pair.
        let doubled = FRONT_SPAN[c.index()][s] & own.0 != 0;
        if PASSED_SPAN[c.index()][s] & theirs.0 == 0 && !doubled {
            passed = passed.with(sq);
            acc.add(c, idx::PASSED + rank, 1);
            acc.add(c, idx::PASSED_FILE + file.min(7 - file), 1);
        }
        let isolated = ADJACENT_FILES[file] & own.0 == 0;
        if isolated {
            acc.add(c, idx::ISOLATED, 1);
        }
        if doubled {
            acc.add(c, idx::DOUBLED, 1);
            if isolated {
                acc.add(c, idx::DOUBLED_ISOLATED, 1);
            }
        }
        let stop = sq.offset(8 * c.forward());
        if stop.is_some_and(|st| theirs.contains(st)) {
            acc.add(c, idx::BLOCKED_PAWN + rank, 1);
        }
        let phalanx = ADJACENT_FILES[file] & Bitboard::rank(sq.rank()).0 & own.0 != 0;
        // The own pawns defending this one: those on the squares an enemy pawn here would hit.
        let supporters = (pawn_attacks_of(Bitboard::from_square(sq), !c) & own).count();
        let mut weak = isolated;
        if phalanx || supporters > 0 {
            acc.add(c, idx::CONNECTED + rank, 1);
            if phalanx {
                acc.add(c, idx::PHALANX + rank, 1);
            }
            if supporters > 1 {
                acc.add(c, idx::SUPPORTED_TWICE, 1);
            }
        } else if !isolated {
            // Backward: no own pawn beside or behind on the adjacent files can ever support it,
            // and its stop square is covered by an enemy pawn.
            let behind = ADJACENT_FILES[file] & !ATTACK_SPAN[c.index()][s] & own.0;
            if behind == 0 && stop.is_some_and(|st| their_att.contains(st)) {
                acc.add(c, idx::BACKWARD, 1);
                weak = true;
            }
        }
        // A weak pawn on a file without enemy pawns ahead: their rooks can reach it.
        if weak && !opposed {
            acc.add(c, idx::WEAK_UNOPPOSED, 1);
        }
        if CENTRE & (1 << s) != 0 {
            acc.add(c, idx::CENTER_PAWN, 1);
        }
    }
    passed
}

/// King shelter and pawn storm on the three files around the king (the b or g file's
/// neighbours when it stands on an edge file), per file (mirrored to a-d): the rank of the own
/// pawn nearest the king and not behind it (0 for none, an open file), and the rank of the
/// nearest such enemy pawn, counted apart when an own pawn blocks it.
fn shelter<T: Trace>(pos: &Position, c: Color, acc: &mut Acc<'_, T>) {
    let own = pos.pieces(c, Role::Pawn);
    let theirs = pos.pieces(!c, Role::Pawn);
    let king = pos.king(c);
    let kr = king.relative_rank(c);
    let centre = (king.file() as i32).clamp(1, 6);
    for f in centre - 1..=centre + 1 {
        let file = Bitboard::file(f as u8);
        let edge = f.min(7 - f) as usize;
        let nearest = |b: Bitboard| {
            b.into_iter().map(|sq| sq.relative_rank(c) as usize).filter(|&r| r >= kr as usize).min()
        };
        let ours = nearest(own & file).unwrap_or(0);
        acc.add(c, idx::SHELTER + 8 * edge + ours, 1);
        match nearest(theirs & file) {
            Some(r) if ours != 0 && ours + 1 == r => acc.add(c, idx::KING_STORM_BLOCKED + r, 1),
            r => acc.add(c, idx::KING_STORM + 8 * edge + r.unwrap_or(0), 1),
        }
    }
}

/// Files a-d, c-f or e-h: the flank of a king on a-c, d-e or f-h.
pub fn king_flank(file: u8) -> Bitboard {
    let files = match file {
        0..=2 => 0x0F,
        3..=4 => 0x3C,
        _ => 0xF0,
    };
    Bitboard(0x0101_0101_0101_0101u64 * files)
}
