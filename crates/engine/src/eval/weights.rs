//! Every evaluation weight, in one table: named sub-tables, flattened at compile time into
//! [`WEIGHTS`] so the tuner can read and rewrite them all through one index space.
//!
//! A weight is an [`S`]: a middlegame and an endgame value, blended by game phase. Squares in
//! the piece-square tables are from White's side (a1 = 0, eight squares to a row, rank 1
//! first); Black reads them mirrored. The tables between `BEGIN TUNED` and `END TUNED` are the
//! output of `vidle-tune fit`, pasted as they are; what each table means is in [`idx`], and the
//! terms themselves are in `eval/mod.rs` and `eval/pawns.rs`.

/// A (middlegame, endgame) pair of centipawn values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct S(pub i32, pub i32);

/// Offsets of each named sub-table in the flat weight array, with what each one counts. Counts
/// are for one side (White's minus Black's in the sum); "by role" tables are indexed pawn,
/// knight, bishop, rook, queen, king; "by rank" ones by the rank as the side concerned sees it.
pub mod idx {
    pub const MATERIAL: usize = 0; // 6, by role (king unused)
    pub const PST: usize = MATERIAL + 6; // 6 x 64, by role then square
    pub const MOB_KNIGHT: usize = PST + 6 * 64; // 9, by reachable squares not hit by enemy pawns
    pub const MOB_BISHOP: usize = MOB_KNIGHT + 9; // 14, likewise
    pub const MOB_ROOK: usize = MOB_BISHOP + 14; // 15, likewise
    pub const MOB_QUEEN: usize = MOB_ROOK + 15; // 28, likewise
    pub const PASSED: usize = MOB_QUEEN + 28; // 8, passed pawn by rank
    pub const CONNECTED: usize = PASSED + 8; // 8, pawn defended or beside a friend, by rank
    pub const ISOLATED: usize = CONNECTED + 8;
    pub const DOUBLED: usize = ISOLATED + 1;
    pub const BACKWARD: usize = DOUBLED + 1;
    pub const CENTER_PAWN: usize = BACKWARD + 1; // pawn on d4, e4, d5 or e5
    pub const SHELTER_NEAR: usize = CENTER_PAWN + 1; // own pawn one rank before the king
    pub const SHELTER_FAR: usize = SHELTER_NEAR + 1; // own pawn two ranks before the king
    pub const KING_OPEN_FILE: usize = SHELTER_FAR + 1; // king-side file without own pawns
    pub const CASTLING_RIGHT: usize = KING_OPEN_FILE + 1; // per right kept
    pub const ROOK_OPEN: usize = CASTLING_RIGHT + 1;
    pub const ROOK_HALF_OPEN: usize = ROOK_OPEN + 1;
    pub const ROOK_SEVENTH: usize = ROOK_HALF_OPEN + 1; // with the king on 8th or pawns on 7th
    pub const KNIGHT_OUTPOST: usize = ROOK_SEVENTH + 1; // pawn-defended, out of pawn reach
    pub const BISHOP_OUTPOST: usize = KNIGHT_OUTPOST + 1;
    pub const KNIGHT_RIM: usize = BISHOP_OUTPOST + 1; // knight on the a or h file
    pub const BISHOP_LONG_DIAGONAL: usize = KNIGHT_RIM + 1; // seeing two centre squares
    pub const BISHOP_PAIR: usize = BISHOP_LONG_DIAGONAL + 1;
    pub const BISHOP_BLOCKED_PAWN: usize = BISHOP_PAIR + 1; // blocked own pawn on its colour
    pub const QUEEN_EARLY: usize = BISHOP_BLOCKED_PAWN + 1; // per minor still at home
    pub const KING_ZONE_ATTACK: usize = QUEEN_EARLY + 1; // 6, per king-zone square, by role
    pub const KING_ATTACKERS: usize = KING_ZONE_ATTACK + 6; // 8, by number of attackers
    pub const THREAT_BY_PAWN: usize = KING_ATTACKERS + 8; // 6, by attacked role
    pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 6; // 6, by attacked role
    pub const PASSED_FREE: usize = THREAT_BY_MINOR + 6; // 8, stop square empty, by rank
    pub const PASSED_SAFE_STOP: usize = PASSED_FREE + 8; // 8, stop square not hit by them, by rank
    pub const HANGING: usize = PASSED_SAFE_STOP + 8; // 6, attacked and undefended, by role
    pub const THREAT_ROOK_ON_QUEEN: usize = HANGING + 6;
    pub const THREAT_BY_KING: usize = THREAT_ROOK_ON_QUEEN + 1; // on an undefended piece
    pub const SAFE_CHECK: usize = THREAT_BY_KING + 1; // 6, by checking role
    pub const KING_ZONE_WEAK: usize = SAFE_CHECK + 6; // hit by us, held by king or queen only
    pub const KING_STORM: usize = KING_ZONE_WEAK + 1; // 8, nearest enemy pawn per file, by rank
    pub const KING_STORM_BLOCKED: usize = KING_STORM + 8; // 8, the same, blocked by our pawn
    pub const PASSED_SAFE_PATH: usize = KING_STORM_BLOCKED + 8; // 8, path empty, unattacked
    pub const PASSED_OWN_KING: usize = PASSED_SAFE_PATH + 8; // 8, per square own king-stop square
    pub const PASSED_THEIR_KING: usize = PASSED_OWN_KING + 8; // 8, likewise for the enemy king
    pub const THREAT_PAWN_PUSH: usize = PASSED_THEIR_KING + 8; // piece hit after a safe push
    pub const THREAT_BY_ROOK: usize = THREAT_PAWN_PUSH + 1; // 6, by attacked role (not queen)
    pub const MINOR_BEHIND_PAWN: usize = THREAT_BY_ROOK + 6; // a pawn right in front
    pub const KING_PAWN_DISTANCE: usize = MINOR_BEHIND_PAWN + 1; // 8, to the nearest pawn
    pub const ROOK_ON_QUEEN_FILE: usize = KING_PAWN_DISTANCE + 8; // the enemy queen's file
    pub const TEMPO: usize = ROOK_ON_QUEEN_FILE + 1;
    /// 13, the non-linear king danger (see `eval::king_safety`): not added as they are but
    /// summed into one danger value per side whose square (middlegame) or itself (endgame) is
    /// the score. In order: king-zone squares hit by knights, bishops, rooks, queens; pieces
    /// hitting the zone; weak zone squares; safe-check squares for a knight, bishop, rook,
    /// queen; the defender's pawns in the zone; the attacker has no queen; a constant.
    pub const KING_SAFETY: usize = TEMPO + 1;
    /// 6, endgame only, how winnable the position is (see `eval::complexity`): added to the
    /// endgame score's size, never turning its sign. In order: pawns on the board, pawns on
    /// both wings, no pieces but kings and pawns, passed pawns, the kings' file distance less
    /// their rank distance, a constant.
    pub const COMPLEXITY: usize = KING_SAFETY + 13;
    pub const COUNT: usize = COMPLEXITY + 6;
}

// BEGIN TUNED
#[rustfmt::skip]
pub const MATERIAL: [S; 6] = [
    S(75, 87), S(337, 328), S(349, 341), S(471, 589), S(1123, 994), S(0, 0),
];
#[rustfmt::skip]
pub const PST: [S; 384] = [
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(-5, 16), S(-2, 20), S(-2, 22), S(-4, 11), S(-2, 24), S(23, 21), S(28, 14), S(-8, 11),
    S(-13, 17), S(-13, 16), S(-9, 15), S(-11, 13), S(-1, 14), S(6, 13), S(9, 8), S(-6, 7),
    S(-3, 19), S(-3, 17), S(1, 8), S(5, 15), S(14, 24), S(14, 13), S(7, 19), S(-8, 16),
    S(2, 22), S(6, 20), S(5, 13), S(4, 12), S(25, 17), S(30, 9), S(8, 19), S(-2, 18),
    S(9, 20), S(-5, 28), S(15, 23), S(13, 3), S(34, 17), S(5, 33), S(30, 17), S(3, 24),
    S(38, 17), S(43, 25), S(31, 66), S(68, 41), S(26, 45), S(-7, 40), S(26, 50), S(0, -9),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(-42, -48), S(-22, -20), S(-19, -30), S(-3, -18), S(-18, -2), S(-14, -27), S(-18, -15), S(-17, -47),
    S(-14, -27), S(-9, -15), S(-23, -13), S(-11, -11), S(-8, -11), S(-12, -18), S(-11, -5), S(-10, -14),
    S(-25, -1), S(-13, -26), S(-10, -11), S(-7, 8), S(7, 10), S(1, -13), S(6, -19), S(-12, 8),
    S(-1, -10), S(0, -7), S(1, 7), S(7, 9), S(19, 9), S(14, 11), S(17, 1), S(8, 11),
    S(-11, 13), S(10, -9), S(13, 17), S(26, 17), S(6, 28), S(24, 16), S(5, 8), S(22, 8),
    S(6, -4), S(6, -7), S(8, 19), S(27, 10), S(14, 24), S(22, 19), S(28, -2), S(19, 7),
    S(-14, -1), S(13, 6), S(2, 1), S(23, 17), S(16, 13), S(12, 6), S(-3, 3), S(-9, -29),
    S(-36, -12), S(-13, -12), S(2, 12), S(-15, 2), S(-10, 7), S(-12, 3), S(-11, -1), S(-14, -10),
    S(-6, -20), S(4, -3), S(-3, -10), S(-13, -11), S(-3, -7), S(-8, -12), S(-9, -9), S(-7, -15),
    S(11, -34), S(-14, -22), S(7, -12), S(-6, -3), S(-5, -5), S(14, -10), S(0, -31), S(9, -7),
    S(-9, -5), S(10, 2), S(-12, -10), S(7, -4), S(8, 9), S(-7, -14), S(18, -8), S(1, -12),
    S(-3, -17), S(-6, 1), S(4, 7), S(11, 12), S(17, 9), S(10, 3), S(8, 2), S(14, -11),
    S(-15, 4), S(-5, 8), S(21, -1), S(12, 19), S(12, 14), S(11, 1), S(1, 13), S(-18, 4),
    S(-7, 5), S(3, 10), S(-12, -8), S(18, 7), S(-4, 18), S(13, 2), S(-4, 4), S(-1, -3),
    S(-17, -7), S(-20, -7), S(-2, 15), S(-5, 9), S(3, 11), S(-15, 13), S(-23, 2), S(-24, 8),
    S(-36, -11), S(-2, 7), S(-12, 4), S(6, 14), S(-10, 4), S(6, 11), S(-7, 6), S(-18, -7),
    S(-14, -18), S(-8, -24), S(-5, -18), S(1, -25), S(2, -30), S(1, -31), S(-7, -15), S(-16, -25),
    S(-20, -21), S(-18, -20), S(-17, -13), S(-5, -27), S(-7, -21), S(-12, -17), S(9, -35), S(-41, -6),
    S(-24, -3), S(-20, 4), S(-12, -6), S(-18, 1), S(-8, -18), S(-18, -7), S(0, -19), S(-18, 5),
    S(-7, 4), S(-15, 16), S(-16, 16), S(4, -2), S(1, -1), S(6, 1), S(-2, 9), S(2, 10),
    S(-5, 21), S(3, 17), S(-1, 19), S(13, 12), S(20, 11), S(26, 11), S(8, 20), S(30, -3),
    S(3, 23), S(-3, 26), S(21, 13), S(27, 6), S(24, 13), S(24, 14), S(18, 15), S(-1, 21),
    S(-4, 11), S(5, 6), S(20, 2), S(15, -4), S(29, 1), S(14, 3), S(18, 5), S(35, -1),
    S(29, 12), S(30, 6), S(-2, 25), S(16, 12), S(-3, 18), S(8, 14), S(6, 13), S(18, 17),
    S(-12, -25), S(-10, -31), S(-17, -11), S(-5, -41), S(-1, -46), S(-6, -74), S(-5, -31), S(-23, -4),
    S(-11, -27), S(-4, -28), S(0, -37), S(-1, -27), S(2, -32), S(4, -26), S(-6, -30), S(-2, -17),
    S(-12, -4), S(-8, 1), S(-5, -4), S(-9, 1), S(-6, 7), S(5, -5), S(8, -4), S(2, -17),
    S(-1, -27), S(-7, 9), S(-5, 19), S(-6, 24), S(2, 14), S(5, 26), S(17, -13), S(10, -3),
    S(-10, -1), S(-16, 4), S(4, 11), S(-12, 30), S(2, 13), S(12, 16), S(10, 19), S(11, 5),
    S(-11, 5), S(17, 3), S(8, 17), S(2, 23), S(27, 16), S(23, 7), S(-1, 14), S(7, 0),
    S(-12, 17), S(-22, 16), S(-11, 25), S(2, 8), S(12, 11), S(19, 11), S(18, 7), S(8, 5),
    S(11, -10), S(12, 3), S(6, 7), S(8, 7), S(10, 13), S(3, -3), S(5, -1), S(1, 5),
    S(10, -40), S(13, -27), S(11, -26), S(-32, -28), S(-37, -28), S(-29, -24), S(14, -33), S(2, -57),
    S(-16, -26), S(-9, -15), S(-12, -19), S(-29, -12), S(-30, -13), S(-18, -14), S(-3, -19), S(5, -43),
    S(-20, -36), S(-12, -13), S(-20, -3), S(-60, 5), S(-29, -4), S(-17, -9), S(-28, -12), S(-43, -29),
    S(-34, -30), S(-15, -7), S(-35, 8), S(-57, 13), S(-48, 13), S(-48, 11), S(2, -5), S(-49, -19),
    S(-45, -20), S(-20, -4), S(-66, 19), S(-57, 20), S(-56, 16), S(-44, 23), S(-39, 13), S(-38, -19),
    S(-52, 2), S(-48, 13), S(-60, 21), S(-58, 22), S(-57, 21), S(-63, 29), S(-45, 17), S(-55, -13),
    S(-70, -37), S(-56, 37), S(-63, 26), S(-56, 27), S(-64, 21), S(-63, 30), S(-54, 48), S(-61, -15),
    S(-89, -54), S(-80, -16), S(-80, -6), S(-77, 4), S(-77, 9), S(-75, 6), S(-72, 4), S(-90, -70),
];
#[rustfmt::skip]
pub const MOB_KNIGHT: [S; 9] = [
    S(-25, -59), S(-25, -16), S(-8, -1), S(3, 10), S(11, 20), S(17, 32), S(25, 33), S(29, 31),
    S(24, 17),
];
#[rustfmt::skip]
pub const MOB_BISHOP: [S; 14] = [
    S(-28, -43), S(-22, -20), S(-3, -9), S(4, 5), S(13, 12), S(16, 19), S(21, 27), S(21, 28),
    S(25, 29), S(23, 29), S(27, 28), S(24, 24), S(35, 18), S(-30, 38),
];
#[rustfmt::skip]
pub const MOB_ROOK: [S; 15] = [
    S(-45, -60), S(-17, -37), S(-7, -10), S(-7, -2), S(-2, 9), S(0, 17), S(5, 23), S(9, 25),
    S(12, 32), S(16, 38), S(16, 45), S(18, 48), S(26, 49), S(31, 44), S(37, 35),
];
#[rustfmt::skip]
pub const MOB_QUEEN: [S; 28] = [
    S(-20, -30), S(1, -18), S(-16, -31), S(-4, -33), S(-5, -26), S(-6, -4), S(-2, -4), S(3, 2),
    S(7, 14), S(12, 12), S(14, 23), S(15, 29), S(16, 31), S(16, 37), S(16, 49), S(16, 49),
    S(13, 46), S(22, 35), S(21, 31), S(26, 24), S(33, 22), S(24, 3), S(30, 10), S(17, -16),
    S(8, -3), S(11, -7), S(17, 23), S(17, 19),
];
#[rustfmt::skip]
pub const PASSED: [S; 8] = [
    S(0, 0), S(24, -7), S(-18, 22), S(-23, 33), S(43, 27), S(120, 51), S(165, 51), S(0, 0),
];
#[rustfmt::skip]
pub const CONNECTED: [S; 8] = [
    S(0, 0), S(-1, 0), S(11, 6), S(14, 6), S(16, 17), S(24, 45), S(66, 85), S(0, 0),
];
pub const ISOLATED: [S; 1] = [S(-5, -10)];
pub const DOUBLED: [S; 1] = [S(-20, -12)];
pub const BACKWARD: [S; 1] = [S(-6, -13)];
pub const CENTER_PAWN: [S; 1] = [S(9, -13)];
pub const SHELTER_NEAR: [S; 1] = [S(11, -12)];
pub const SHELTER_FAR: [S; 1] = [S(7, -4)];
pub const KING_OPEN_FILE: [S; 1] = [S(-10, -6)];
pub const CASTLING_RIGHT: [S; 1] = [S(27, 0)];
pub const ROOK_OPEN: [S; 1] = [S(31, -8)];
pub const ROOK_HALF_OPEN: [S; 1] = [S(15, 5)];
pub const ROOK_SEVENTH: [S; 1] = [S(0, 26)];
pub const KNIGHT_OUTPOST: [S; 1] = [S(22, 9)];
pub const BISHOP_OUTPOST: [S; 1] = [S(30, 6)];
pub const KNIGHT_RIM: [S; 1] = [S(0, -3)];
pub const BISHOP_LONG_DIAGONAL: [S; 1] = [S(21, 16)];
pub const BISHOP_PAIR: [S; 1] = [S(26, 55)];
pub const BISHOP_BLOCKED_PAWN: [S; 1] = [S(-5, -15)];
pub const QUEEN_EARLY: [S; 1] = [S(-3, -10)];
#[rustfmt::skip]
pub const KING_ZONE_ATTACK: [S; 6] = [
    S(0, 0), S(-2, -5), S(-1, 3), S(-8, 5), S(-11, 8), S(0, 0),
];
#[rustfmt::skip]
pub const KING_ATTACKERS: [S; 8] = [
    S(0, 0), S(7, -2), S(5, -2), S(25, 3), S(54, 8), S(72, 11), S(90, 12), S(100, 12),
];
#[rustfmt::skip]
pub const THREAT_BY_PAWN: [S; 6] = [
    S(0, 0), S(44, 19), S(36, 38), S(42, 22), S(30, 11), S(0, 0),
];
#[rustfmt::skip]
pub const THREAT_BY_MINOR: [S; 6] = [
    S(2, 10), S(23, 18), S(29, 5), S(43, 5), S(33, 16), S(0, 0),
];
#[rustfmt::skip]
pub const PASSED_FREE: [S; 8] = [
    S(0, 0), S(20, -4), S(2, -3), S(-2, 11), S(1, 22), S(25, 19), S(73, 17), S(0, 0),
];
#[rustfmt::skip]
pub const PASSED_SAFE_STOP: [S; 8] = [
    S(0, 0), S(9, -1), S(1, 2), S(5, 1), S(-5, 13), S(17, 16), S(11, -1), S(0, 0),
];
#[rustfmt::skip]
pub const HANGING: [S; 6] = [
    S(8, 29), S(11, 9), S(7, 11), S(13, 2), S(4, -12), S(0, 0),
];
pub const THREAT_ROOK_ON_QUEEN: [S; 1] = [S(43, 23)];
pub const THREAT_BY_KING: [S; 1] = [S(23, 5)];
#[rustfmt::skip]
pub const SAFE_CHECK: [S; 6] = [
    S(0, 0), S(22, -1), S(7, 13), S(21, 5), S(14, 32), S(0, 0),
];
pub const KING_ZONE_WEAK: [S; 1] = [S(6, -3)];
#[rustfmt::skip]
pub const KING_STORM: [S; 8] = [
    S(0, 0), S(20, 66), S(-34, 41), S(-25, 10), S(5, 1), S(15, -5), S(9, -4), S(0, 0),
];
#[rustfmt::skip]
pub const KING_STORM_BLOCKED: [S; 8] = [
    S(0, 0), S(0, 0), S(-22, -8), S(9, -3), S(13, -14), S(18, -17), S(19, -9), S(0, 0),
];
#[rustfmt::skip]
pub const PASSED_SAFE_PATH: [S; 8] = [
    S(0, 0), S(-45, 24), S(-28, 18), S(-64, 32), S(-42, 34), S(-11, 36), S(-14, 84), S(0, 0),
];
#[rustfmt::skip]
pub const PASSED_OWN_KING: [S; 8] = [
    S(0, 0), S(0, 1), S(-1, -6), S(2, -11), S(-6, -12), S(-10, -11), S(-12, -11), S(0, 0),
];
#[rustfmt::skip]
pub const PASSED_THEIR_KING: [S; 8] = [
    S(0, 0), S(-11, 4), S(0, 4), S(2, 9), S(3, 16), S(-6, 25), S(0, 31), S(0, 0),
];
pub const THREAT_PAWN_PUSH: [S; 1] = [S(14, 7)];
#[rustfmt::skip]
pub const THREAT_BY_ROOK: [S; 6] = [
    S(0, 0), S(8, 17), S(13, 11), S(0, 0), S(0, 0), S(0, 0),
];
pub const MINOR_BEHIND_PAWN: [S; 1] = [S(7, 11)];
#[rustfmt::skip]
pub const KING_PAWN_DISTANCE: [S; 8] = [
    S(0, 0), S(1, 45), S(-5, 39), S(-4, 27), S(5, -13), S(-1, -43), S(-1, -58), S(8, -13),
];
pub const ROOK_ON_QUEEN_FILE: [S; 1] = [S(12, -12)];
pub const TEMPO: [S; 1] = [S(17, 7)];
#[rustfmt::skip]
pub const KING_SAFETY: [S; 13] = [
    S(32, -3), S(28, -13), S(34, 13), S(41, 4), S(49, 2), S(7, 21), S(72, 108), S(39, 51),
    S(78, 118), S(24, 72), S(-21, 6), S(-290, -10), S(-5, 0),
];
#[rustfmt::skip]
pub const COMPLEXITY: [S; 6] = [
    S(0, 10), S(0, 74), S(0, 62), S(0, 13), S(0, 4), S(0, -166),
];
// END TUNED

macro_rules! put {
    ($w:ident, $at:expr, $table:expr) => {{
        let t = $table;
        let mut i = 0;
        while i < t.len() {
            $w[$at + i] = t[i];
            i += 1;
        }
    }};
}

const fn build() -> [S; idx::COUNT] {
    let mut w = [S(0, 0); idx::COUNT];
    put!(w, idx::MATERIAL, MATERIAL);
    put!(w, idx::PST, PST);
    put!(w, idx::MOB_KNIGHT, MOB_KNIGHT);
    put!(w, idx::MOB_BISHOP, MOB_BISHOP);
    put!(w, idx::MOB_ROOK, MOB_ROOK);
    put!(w, idx::MOB_QUEEN, MOB_QUEEN);
    put!(w, idx::PASSED, PASSED);
    put!(w, idx::CONNECTED, CONNECTED);
    put!(w, idx::ISOLATED, ISOLATED);
    put!(w, idx::DOUBLED, DOUBLED);
    put!(w, idx::BACKWARD, BACKWARD);
    put!(w, idx::CENTER_PAWN, CENTER_PAWN);
    put!(w, idx::SHELTER_NEAR, SHELTER_NEAR);
    put!(w, idx::SHELTER_FAR, SHELTER_FAR);
    put!(w, idx::KING_OPEN_FILE, KING_OPEN_FILE);
    put!(w, idx::CASTLING_RIGHT, CASTLING_RIGHT);
    put!(w, idx::ROOK_OPEN, ROOK_OPEN);
    put!(w, idx::ROOK_HALF_OPEN, ROOK_HALF_OPEN);
    put!(w, idx::ROOK_SEVENTH, ROOK_SEVENTH);
    put!(w, idx::KNIGHT_OUTPOST, KNIGHT_OUTPOST);
    put!(w, idx::BISHOP_OUTPOST, BISHOP_OUTPOST);
    put!(w, idx::KNIGHT_RIM, KNIGHT_RIM);
    put!(w, idx::BISHOP_LONG_DIAGONAL, BISHOP_LONG_DIAGONAL);
    put!(w, idx::BISHOP_PAIR, BISHOP_PAIR);
    put!(w, idx::BISHOP_BLOCKED_PAWN, BISHOP_BLOCKED_PAWN);
    put!(w, idx::QUEEN_EARLY, QUEEN_EARLY);
    put!(w, idx::KING_ZONE_ATTACK, KING_ZONE_ATTACK);
    put!(w, idx::KING_ATTACKERS, KING_ATTACKERS);
    put!(w, idx::THREAT_BY_PAWN, THREAT_BY_PAWN);
    put!(w, idx::THREAT_BY_MINOR, THREAT_BY_MINOR);
    put!(w, idx::PASSED_FREE, PASSED_FREE);
    put!(w, idx::PASSED_SAFE_STOP, PASSED_SAFE_STOP);
    put!(w, idx::HANGING, HANGING);
    put!(w, idx::THREAT_ROOK_ON_QUEEN, THREAT_ROOK_ON_QUEEN);
    put!(w, idx::THREAT_BY_KING, THREAT_BY_KING);
    put!(w, idx::SAFE_CHECK, SAFE_CHECK);
    put!(w, idx::KING_ZONE_WEAK, KING_ZONE_WEAK);
    put!(w, idx::KING_STORM, KING_STORM);
    put!(w, idx::KING_STORM_BLOCKED, KING_STORM_BLOCKED);
    put!(w, idx::PASSED_SAFE_PATH, PASSED_SAFE_PATH);
    put!(w, idx::PASSED_OWN_KING, PASSED_OWN_KING);
    put!(w, idx::PASSED_THEIR_KING, PASSED_THEIR_KING);
    put!(w, idx::THREAT_PAWN_PUSH, THREAT_PAWN_PUSH);
    put!(w, idx::THREAT_BY_ROOK, THREAT_BY_ROOK);
    put!(w, idx::MINOR_BEHIND_PAWN, MINOR_BEHIND_PAWN);
    put!(w, idx::KING_PAWN_DISTANCE, KING_PAWN_DISTANCE);
    put!(w, idx::ROOK_ON_QUEEN_FILE, ROOK_ON_QUEEN_FILE);
    put!(w, idx::TEMPO, TEMPO);
    put!(w, idx::KING_SAFETY, KING_SAFETY);
    put!(w, idx::COMPLEXITY, COMPLEXITY);
    w
}

/// All weights, flat; index with [`idx`].
pub static WEIGHTS: [S; idx::COUNT] = build();

/// Every named sub-table and its offset in [`WEIGHTS`], in index order.
pub const TABLES: [(&str, usize); 50] = [
    ("MATERIAL", idx::MATERIAL),
    ("PST", idx::PST),
    ("MOB_KNIGHT", idx::MOB_KNIGHT),
    ("MOB_BISHOP", idx::MOB_BISHOP),
    ("MOB_ROOK", idx::MOB_ROOK),
    ("MOB_QUEEN", idx::MOB_QUEEN),
    ("PASSED", idx::PASSED),
    ("CONNECTED", idx::CONNECTED),
    ("ISOLATED", idx::ISOLATED),
    ("DOUBLED", idx::DOUBLED),
    ("BACKWARD", idx::BACKWARD),
    ("CENTER_PAWN", idx::CENTER_PAWN),
    ("SHELTER_NEAR", idx::SHELTER_NEAR),
    ("SHELTER_FAR", idx::SHELTER_FAR),
    ("KING_OPEN_FILE", idx::KING_OPEN_FILE),
    ("CASTLING_RIGHT", idx::CASTLING_RIGHT),
    ("ROOK_OPEN", idx::ROOK_OPEN),
    ("ROOK_HALF_OPEN", idx::ROOK_HALF_OPEN),
    ("ROOK_SEVENTH", idx::ROOK_SEVENTH),
    ("KNIGHT_OUTPOST", idx::KNIGHT_OUTPOST),
    ("BISHOP_OUTPOST", idx::BISHOP_OUTPOST),
    ("KNIGHT_RIM", idx::KNIGHT_RIM),
    ("BISHOP_LONG_DIAGONAL", idx::BISHOP_LONG_DIAGONAL),
    ("BISHOP_PAIR", idx::BISHOP_PAIR),
    ("BISHOP_BLOCKED_PAWN", idx::BISHOP_BLOCKED_PAWN),
    ("QUEEN_EARLY", idx::QUEEN_EARLY),
    ("KING_ZONE_ATTACK", idx::KING_ZONE_ATTACK),
    ("KING_ATTACKERS", idx::KING_ATTACKERS),
    ("THREAT_BY_PAWN", idx::THREAT_BY_PAWN),
    ("THREAT_BY_MINOR", idx::THREAT_BY_MINOR),
    ("PASSED_FREE", idx::PASSED_FREE),
    ("PASSED_SAFE_STOP", idx::PASSED_SAFE_STOP),
    ("HANGING", idx::HANGING),
    ("THREAT_ROOK_ON_QUEEN", idx::THREAT_ROOK_ON_QUEEN),
    ("THREAT_BY_KING", idx::THREAT_BY_KING),
    ("SAFE_CHECK", idx::SAFE_CHECK),
    ("KING_ZONE_WEAK", idx::KING_ZONE_WEAK),
    ("KING_STORM", idx::KING_STORM),
    ("KING_STORM_BLOCKED", idx::KING_STORM_BLOCKED),
    ("PASSED_SAFE_PATH", idx::PASSED_SAFE_PATH),
    ("PASSED_OWN_KING", idx::PASSED_OWN_KING),
    ("PASSED_THEIR_KING", idx::PASSED_THEIR_KING),
    ("THREAT_PAWN_PUSH", idx::THREAT_PAWN_PUSH),
    ("THREAT_BY_ROOK", idx::THREAT_BY_ROOK),
    ("MINOR_BEHIND_PAWN", idx::MINOR_BEHIND_PAWN),
    ("KING_PAWN_DISTANCE", idx::KING_PAWN_DISTANCE),
    ("ROOK_ON_QUEEN_FILE", idx::ROOK_ON_QUEEN_FILE),
    ("TEMPO", idx::TEMPO),
    ("KING_SAFETY", idx::KING_SAFETY),
    ("COMPLEXITY", idx::COMPLEXITY),
];

/// The length of sub-table `t` (an index into [`TABLES`]).
pub const fn table_len(t: usize) -> usize {
    let end = if t + 1 < TABLES.len() { TABLES[t + 1].1 } else { idx::COUNT };
    end - TABLES[t].1
}

/// The name of the sub-table a flat index belongs to, and the offset inside it (for the tuner's
/// output and the `eval` breakdown).
pub fn name_of(i: usize) -> (&'static str, usize) {
    let mut best = TABLES[0];
    for n in TABLES {
        if n.1 <= i {
            best = n;
        }
    }
    (best.0, i - best.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_tile_the_weight_array() {
        let mut at = 0;
        for (t, &(name, offset)) in TABLES.iter().enumerate() {
            assert_eq!(offset, at, "{name} starts where the previous table ends");
            assert!(table_len(t) > 0);
            at += table_len(t);
        }
        assert_eq!(at, idx::COUNT);
        assert_eq!(name_of(idx::PST + 64 + 3), ("PST", 67));
    }
}
