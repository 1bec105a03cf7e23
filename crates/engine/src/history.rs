//! Move-ordering statistics learnt during search: butterfly history (from-to, per colour, kept
//! apart by whether the enemy attacks the from and the to square),
//! continuation history (a quiet move judged by the moves one and two plies before it),
//! capture history (piece, target square and victim), killer moves per ply and countermoves
//! (the reply that refuted the opponent's last move); and correction history, which learns by
//! how much the static evaluation misjudged positions with a given pawn structure, a given
//! placement of White's pieces (all but pawns) and a given placement of Black's.
//!
//! A quiet move's history score is the sum of its butterfly entry and its continuation entries
//! (after the moves one, two and four plies before it, all read from one shared table, as
//! Stockfish does); each entry saturates at ±`history_max`, so the sum stays within ±4 × that.

use crate::params::{PARAMS, SearchParams};
use crate::score::MAX_PLY;
use vidle_core::{Bitboard, Color, Move, Piece, Role};

/// A move as the continuation history sees it: the piece that made it and the move.
/// `None` for a null move or a ply before the root.
pub type ContKey = Option<(Piece, Move)>;

/// The earlier moves a quiet move's continuation history is read after: one, two and four plies
/// back (the move that led to the node, the side's own previous move, and the one before it).
pub type Conts = [ContKey; 3];

/// Rows of the continuation and capture tables: a piece (12) on a target square (64).
const PIECE_TO: usize = 12 * 64;
/// Capture-history columns: the captured role (6), or none (a quiet queen promotion).
const VICTIMS: usize = 7;
/// Butterfly entries per colour: from-to (4096) for each of the four cases of the from and the
/// to square being attacked by the enemy or not.
const BUTTERFLY: usize = 4 * 64 * 64;

/// A quiet move's butterfly slot, given the squares the enemy attacks (`threats`).
#[inline]
fn butterfly_index(m: Move, threats: Bitboard) -> usize {
    let case = 2 * threats.contains(m.from()) as usize + threats.contains(m.to()) as usize;
    case * 4096 + m.from().index() * 64 + m.to().index()
}

#[inline]
fn piece_to(p: Piece, m: Move) -> usize {
    p.index() * 64 + m.to().index()
}

/// A history update for a move searched at `depth`: deeper searches teach more.
#[inline]
pub fn bonus(p: &SearchParams, depth: i32) -> i32 {
    (p.history_bonus_per_depth * depth).min(p.history_bonus_max)
}

/// Adds `delta` with "gravity": entries saturate towards ±`history_max`, so old lessons fade
/// as new ones arrive and no entry can overflow.
#[inline]
fn apply(entry: &mut i16, delta: i32) {
    let max = PARAMS.history_max;
    let d = delta.clamp(-max, max);
    let v = *entry as i32;
    *entry = (v + d - v * d.abs() / max) as i16;
}

/// Correction-history slots per side (indexed by the top bits of a pawn key).
const CORR_BITS: u32 = 14;
/// Corrections are kept in 1/`CORR_GRAIN` centipawns.
const CORR_GRAIN: i32 = 256;
/// The largest correction, in centipawns.
const CORR_MAX_CP: i32 = 64;
/// An update moves an entry `weight / CORR_WEIGHT_SCALE` of the way to the new error.
const CORR_WEIGHT_SCALE: i32 = 256;
/// The weight of an update grows with the searched depth, up to this.
const CORR_MAX_WEIGHT: i32 = 16;

const K1: u64 = 0x9E37_79B9_7F4A_7C15;
const K2: u64 = 0xD6E8_FEB8_6659_FD93;

/// A key of the pawns alone (both colours), for correction history.
#[inline]
pub fn pawn_key(pos: &vidle_core::Position) -> u64 {
    let white = pos.pieces(Color::White, Role::Pawn).0;
    let black = pos.pieces(Color::Black, Role::Pawn).0;
    let h = (white ^ K2).wrapping_mul(K1);
    (h.rotate_left(29) ^ black).wrapping_mul(K2)
}

/// A key of colour `c`'s pieces other than pawns (king included), each role apart.
#[inline]
pub fn non_pawn_key(pos: &vidle_core::Position, c: Color) -> u64 {
    let mut h = K2 ^ c.index() as u64;
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
        h = (h.rotate_left(29) ^ pos.pieces(c, role).0).wrapping_mul(K1);
    }
    h
}

/// The correction tables: pawns, White's other pieces, Black's other pieces.
const CORR_TABLES: usize = 3;

/// The keys a position's correction is read and learnt under, one per correction table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CorrKeys([u64; CORR_TABLES]);

impl CorrKeys {
    /// No keys: for positions in check, which have no static eval to correct.
    pub const NONE: CorrKeys = CorrKeys([0; CORR_TABLES]);

    #[inline]
    pub fn of(pos: &vidle_core::Position) -> CorrKeys {
        CorrKeys([pawn_key(pos), non_pawn_key(pos, Color::White), non_pawn_key(pos, Color::Black)])
    }
}

pub struct History {
    butterfly: Box<[[i16; BUTTERFLY]; 2]>,
    killers: [[Option<Move>; 2]; MAX_PLY + 2],
    counters: Box<[[Option<Move>; 64]; 12]>,
    /// `cont[piece_to(earlier move) * PIECE_TO + piece_to(move)]` (1.2 MB, on the heap).
    cont: Box<[i16]>,
    /// `captures[piece_to(move) * VICTIMS + victim]`.
    captures: Box<[i16]>,
    /// `correction[table][side to move][top CORR_BITS of the table's key]`, in 1/CORR_GRAIN
    /// centipawns (tables as in [`CorrKeys`]).
    correction: Box<[[[i16; 1 << CORR_BITS]; 2]; CORR_TABLES]>,
}

impl Default for History {
    fn default() -> Self {
        History {
            butterfly: Box::new([[0; BUTTERFLY]; 2]),
            killers: [[None; 2]; MAX_PLY + 2],
            counters: Box::new([[None; 64]; 12]),
            cont: vec![0; PIECE_TO * PIECE_TO].into_boxed_slice(),
            captures: vec![0; PIECE_TO * VICTIMS].into_boxed_slice(),
            correction: Box::new([[[0; 1 << CORR_BITS]; 2]; CORR_TABLES]),
        }
    }
}

impl History {
    /// Forgets everything (new game); allocates nothing.
    pub fn clear(&mut self) {
        for side in self.butterfly.iter_mut() {
            side.fill(0);
        }
        self.clear_killers();
        for row in self.counters.iter_mut() {
            row.fill(None);
        }
        self.cont.fill(0);
        self.captures.fill(0);
        for side in self.correction.iter_mut().flatten() {
            side.fill(0);
        }
    }

    #[inline]
    fn corr_index(key: u64) -> usize {
        (key >> (64 - CORR_BITS)) as usize
    }

    /// The learnt correction (centipawns) for side `c` to move in a position with `keys`: the
    /// sum of the three tables' entries.
    #[inline]
    pub fn correction(&self, c: Color, keys: &CorrKeys) -> i32 {
        let sum: i32 = (0..CORR_TABLES)
            .map(|t| self.correction[t][c.index()][Self::corr_index(keys.0[t])] as i32)
            .sum();
        sum / CORR_GRAIN
    }

    /// Learns from a search at `depth` that returned `score` where the corrected evaluation
    /// said `eval`: every table's entry moves towards the remaining error, so that their sum
    /// settles at three quarters of a consistent error.
    pub fn update_correction(
        &mut self,
        c: Color,
        keys: &CorrKeys,
        depth: i32,
        score: i32,
        eval: i32,
    ) {
        let weight = (depth + 1).min(CORR_MAX_WEIGHT);
        let target = ((score - eval) * CORR_GRAIN)
            .clamp(-CORR_MAX_CP * CORR_GRAIN, CORR_MAX_CP * CORR_GRAIN);
        for t in 0..CORR_TABLES {
            let entry = &mut self.correction[t][c.index()][Self::corr_index(keys.0[t])];
            let v = (*entry as i32 * (CORR_WEIGHT_SCALE - weight) + target * weight)
                / CORR_WEIGHT_SCALE;
            *entry = v.clamp(-CORR_MAX_CP * CORR_GRAIN, CORR_MAX_CP * CORR_GRAIN) as i16;
        }
    }

    /// Forgets killers (they are only meaningful within one search).
    pub fn clear_killers(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 2];
    }

    /// The butterfly entry of `c` playing the quiet move `m` where the enemy attacks `threats`.
    #[inline]
    pub fn quiet(&self, c: Color, m: Move, threats: Bitboard) -> i32 {
        self.butterfly[c.index()][butterfly_index(m, threats)] as i32
    }

    #[inline]
    pub fn update_quiet(&mut self, c: Color, m: Move, threats: Bitboard, delta: i32) {
        apply(&mut self.butterfly[c.index()][butterfly_index(m, threats)], delta);
    }

    /// The continuation entries of `piece` playing `m` after the earlier moves `conts`.
    #[inline]
    fn cont_score(&self, conts: &Conts, piece: Piece, m: Move) -> i32 {
        let to = piece_to(piece, m);
        conts
            .iter()
            .flatten()
            .map(|&(p, pm)| self.cont[piece_to(p, pm) * PIECE_TO + to] as i32)
            .sum()
    }

    /// The ordering score of a quiet move: butterfly plus continuation history.
    #[inline]
    pub fn quiet_score(
        &self,
        c: Color,
        piece: Piece,
        m: Move,
        conts: &Conts,
        threats: Bitboard,
    ) -> i32 {
        self.quiet(c, m, threats) + self.cont_score(conts, piece, m)
    }

    /// Rewards (or with a negative `delta` punishes) a quiet move in every table that scores it.
    pub fn update_quiet_all(
        &mut self,
        c: Color,
        piece: Piece,
        (m, threats): (Move, Bitboard),
        conts: &Conts,
        delta: i32,
    ) {
        self.update_quiet(c, m, threats, delta);
        let to = piece_to(piece, m);
        for &(p, pm) in conts.iter().flatten() {
            apply(&mut self.cont[piece_to(p, pm) * PIECE_TO + to], delta);
        }
    }

    #[inline]
    fn capture_index(piece: Piece, m: Move, victim: Option<Role>) -> usize {
        piece_to(piece, m) * VICTIMS + victim.map_or(VICTIMS - 1, |r| r.index())
    }

    /// The capture history of `piece` playing the noisy move `m` onto `victim`.
    #[inline]
    pub fn capture(&self, piece: Piece, m: Move, victim: Option<Role>) -> i32 {
        self.captures[Self::capture_index(piece, m, victim)] as i32
    }

    pub fn update_capture(&mut self, piece: Piece, m: Move, victim: Option<Role>, delta: i32) {
        apply(&mut self.captures[Self::capture_index(piece, m, victim)], delta);
    }

    #[inline]
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply.min(MAX_PLY + 1)]
    }

    pub fn add_killer(&mut self, ply: usize, m: Move) {
        let k = &mut self.killers[ply.min(MAX_PLY + 1)];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
    }

    /// Clears the killers of the ply below, so siblings' children start fresh.
    pub fn reset_child_killers(&mut self, ply: usize) {
        self.killers[(ply + 1).min(MAX_PLY + 1)] = [None; 2];
    }

    /// The countermove to the previous move `prev` (the piece now on its target square).
    #[inline]
    pub fn counter(&self, prev: Option<(Piece, Move)>) -> Option<Move> {
        prev.and_then(|(p, m)| self.counters[p.index()][m.to().index()])
    }

    pub fn set_counter(&mut self, prev: Option<(Piece, Move)>, reply: Move) {
        if let Some((p, m)) = prev {
            self.counters[p.index()][m.to().index()] = Some(reply);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vidle_core::Square;

    fn sq(name: &str) -> Square {
        Square::parse(name).expect("square name")
    }

    #[test]
    fn history_saturates() {
        let mut h = History::default();
        let m = Move::normal(Square::E1, Square::E8);
        for _ in 0..1000 {
            h.update_quiet(Color::White, m, Bitboard::EMPTY, bonus(&PARAMS, 20));
        }
        let v = h.quiet(Color::White, m, Bitboard::EMPTY);
        assert!(v > 0 && v <= PARAMS.history_max, "{v}");
        for _ in 0..1000 {
            h.update_quiet(Color::White, m, Bitboard::EMPTY, -bonus(&PARAMS, 20));
        }
        assert!(h.quiet(Color::White, m, Bitboard::EMPTY) >= -PARAMS.history_max);
        assert!(h.quiet(Color::White, m, Bitboard::EMPTY) < 0);
    }

    #[test]
    fn butterfly_history_is_kept_apart_by_attacked_squares() {
        let mut h = History::default();
        let m = Move::normal(sq("d2"), sq("d4"));
        let from = Bitboard::from_square(sq("d2"));
        let to = Bitboard::from_square(sq("d4"));
        h.update_quiet(Color::White, m, to, 1000);
        assert!(h.quiet(Color::White, m, to) > 0);
        // Other attacked squares do not matter; attacks on d2 or d4 do.
        assert_eq!(
            h.quiet(Color::White, m, to | Bitboard::from_square(sq("a7"))),
            h.quiet(Color::White, m, to)
        );
        for other in [Bitboard::EMPTY, from, from | to] {
            assert_eq!(h.quiet(Color::White, m, other), 0);
        }
    }

    #[test]
    fn continuation_history_depends_on_the_earlier_moves() {
        let mut h = History::default();
        let knight = Piece::new(Color::White, Role::Knight);
        let pawn = Piece::new(Color::Black, Role::Pawn);
        let m = Move::normal(Square::G1, sq("f3"));
        let after_e5 = [Some((pawn, Move::normal(sq("e7"), sq("e5")))), None, None];
        let after_d5 = [Some((pawn, Move::normal(sq("d7"), sq("d5")))), None, None];
        h.update_quiet_all(
            Color::White,
            knight,
            (m, Bitboard::EMPTY),
            &after_e5,
            bonus(&PARAMS, 8),
        );
        let butterfly = h.quiet(Color::White, m, Bitboard::EMPTY);
        assert!(butterfly > 0);
        // The continuation entry adds to the butterfly entry only after the move it was learnt
        // after; a null or missing earlier move contributes nothing.
        assert!(h.quiet_score(Color::White, knight, m, &after_e5, Bitboard::EMPTY) > butterfly);
        assert_eq!(h.quiet_score(Color::White, knight, m, &after_d5, Bitboard::EMPTY), butterfly);
        assert_eq!(
            h.quiet_score(Color::White, knight, m, &[None, None, None], Bitboard::EMPTY),
            butterfly
        );
        // Four plies back: the same table, read through the third slot, adds the same entry.
        let e5_four_back = [None, None, after_e5[0]];
        let with_e5 = h.quiet_score(Color::White, knight, m, &after_e5, Bitboard::EMPTY);
        assert_eq!(h.quiet_score(Color::White, knight, m, &e5_four_back, Bitboard::EMPTY), with_e5);
        // An update through every slot counts the shared entry once per slot.
        let both = [after_e5[0], None, after_e5[0]];
        h.update_quiet_all(Color::White, knight, (m, Bitboard::EMPTY), &both, bonus(&PARAMS, 8));
        assert!(
            h.quiet_score(Color::White, knight, m, &both, Bitboard::EMPTY)
                > 2 * with_e5 - butterfly
        );
        assert_eq!(
            h.quiet_score(Color::White, knight, m, &after_d5, Bitboard::EMPTY),
            h.quiet(Color::White, m, Bitboard::EMPTY)
        );
        h.clear();
        assert_eq!(h.quiet_score(Color::White, knight, m, &after_e5, Bitboard::EMPTY), 0);
    }

    #[test]
    fn correction_history_converges_and_stays_bounded() {
        let mut h = History::default();
        let keys = CorrKeys([0x1234_5678_9ABC_DEF0, 0x0F1E_2D3C_4B5A_6978, 0x1111_2222_3333_4444]);
        let other = CorrKeys([0xFEDC_BA98_7654_3210, 0x8877_6655_4433_2211, 0x9999_AAAA_BBBB_CCCC]);
        // As the search uses it: the error is measured against the corrected evaluation, so the
        // three entries together settle at three quarters of a consistent error (integer steps
        // stop a little short).
        for _ in 0..300 {
            let eval = h.correction(Color::White, &keys);
            h.update_correction(Color::White, &keys, 12, 40, eval);
        }
        let c = h.correction(Color::White, &keys);
        assert!((27..=30).contains(&c), "{c}");
        assert_eq!(h.correction(Color::Black, &keys), 0);
        assert_eq!(h.correction(Color::White, &other), 0);
        // Another pawn structure with the same pieces shares two of the three entries.
        let same_pieces = CorrKeys([other.0[0], keys.0[1], keys.0[2]]);
        let shared = h.correction(Color::White, &same_pieces);
        assert!((2 * c / 3 - 1..=2 * c / 3 + 1).contains(&shared), "{shared} of {c}");
        for _ in 0..200 {
            h.update_correction(Color::White, &keys, 20, -5000, 0);
        }
        // Each entry is clamped at the bound (approached in integer steps, so the sum may stop
        // a little short).
        let c = h.correction(Color::White, &keys);
        assert!((-3 * CORR_MAX_CP..=-3 * CORR_MAX_CP + 3).contains(&c), "{c}");
    }

    #[test]
    fn correction_keys_separate_pawns_and_each_sides_pieces() {
        let a = vidle_core::parse_fen(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        )
        .expect("FEN");
        // Black's knight back on b8: only Black's key changes.
        let b =
            vidle_core::parse_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
                .expect("FEN");
        // A white pawn moved instead: only the pawn key changes.
        let c = vidle_core::parse_fen(
            "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 2 3",
        )
        .expect("FEN");
        let (ka, kb, kc) = (CorrKeys::of(&a), CorrKeys::of(&b), CorrKeys::of(&c));
        assert_eq!((ka.0[0], ka.0[1]), (kb.0[0], kb.0[1]));
        assert_ne!(ka.0[2], kb.0[2]);
        assert_ne!(ka.0[0], kc.0[0]);
        assert_eq!((ka.0[1], ka.0[2]), (kc.0[1], kc.0[2]));
    }
    #[test]
    fn capture_history_keeps_victims_apart() {
        let mut h = History::default();
        let rook = Piece::new(Color::Black, Role::Rook);
        let m = Move::normal(Square::A8, Square::A1);
        h.update_capture(rook, m, Some(Role::Knight), -bonus(&PARAMS, 5));
        assert!(h.capture(rook, m, Some(Role::Knight)) < 0);
        assert_eq!(h.capture(rook, m, Some(Role::Bishop)), 0);
        assert_eq!(h.capture(rook, m, None), 0);
    }
}
