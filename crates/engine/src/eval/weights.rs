//! Every evaluation weight, in one table: named sub-tables, flattened at compile time into
//! [`WEIGHTS`] so the tuner can read and rewrite them all through one index space.
//!
//! A weight is an [`S`]: a middlegame and an endgame value, blended by game phase. Squares in
//! the piece-square tables are from White's side (a1 = 0, eight squares to a row, rank 1
//! first); Black reads them mirrored. The tables between `BEGIN TUNED` and `END TUNED` are the
//! output of `vidle-tune fit`, pasted as they are; what each table means is in [`idx`], and the
//! terms themselves are in `eval/mod.rs` and `eval/pawns.rs`.
//!
//! Provenance: these weights were fitted only to Vidle's own games (their results and Vidle's
//! own search scores), starting from the fit of 2026-11-24 (commit 5d48e53), the last one made
//! before any other engine's scores were used; the tables added since started at zero
//! (docs/lab/tuning.md, "Our own data only"). No other engine's evaluation is a label here.

/// A (middlegame, endgame) pair of centipawn values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct S(pub i32, pub i32);

/// Offsets of each named sub-table in the flat weight array, with what each one counts. Counts
/// are for one side (White's minus Black's in the sum); "by role" tables are indexed pawn,
/// knight, bishop, rook, queen, king; "by rank" ones by the rank as the side concerned sees it.
pub mod idx {
    /// 6, material by role (the king's is unused and the tuner keeps it fixed).
    pub const MATERIAL: usize = 0;
    pub const PST: usize = MATERIAL + 6; // 6 x 64, by role then square
    pub const MOB_KNIGHT: usize = PST + 6 * 64; // 9, by reachable squares not hit by enemy pawns
    pub const MOB_BISHOP: usize = MOB_KNIGHT + 9; // 14, likewise
    pub const MOB_ROOK: usize = MOB_BISHOP + 14; // 15, likewise
    pub const MOB_QUEEN: usize = MOB_ROOK + 15; // 28, likewise
    /// 8, passed pawn by rank.
    pub const PASSED: usize = MOB_QUEEN + 28;
    pub const CONNECTED: usize = PASSED + 8; // 8, pawn defended or beside a friend, by rank
    pub const ISOLATED: usize = CONNECTED + 8;
    pub const DOUBLED: usize = ISOLATED + 1;
    pub const BACKWARD: usize = DOUBLED + 1;
    pub const CENTER_PAWN: usize = BACKWARD + 1; // pawn on d4, e4, d5 or e5
    // 4 x 8, per file around the king (mirrored file a-d), by the rank of the own pawn on it
    // nearest the king and not behind it (0: none)
    pub const SHELTER: usize = CENTER_PAWN + 1;
    pub const CASTLING_RIGHT: usize = SHELTER + 32; // per right kept
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
    // 4 x 8, per file around the king (mirrored file a-d), by the rank of the nearest enemy
    // pawn not behind the king (0: none), when it is not blocked by an own pawn
    pub const KING_STORM: usize = KING_ZONE_WEAK + 1;
    pub const KING_STORM_BLOCKED: usize = KING_STORM + 32; // 8, blocked by our pawn, by rank
    pub const PASSED_SAFE_PATH: usize = KING_STORM_BLOCKED + 8; // 8, path empty, unattacked
    pub const PASSED_OWN_KING: usize = PASSED_SAFE_PATH + 8; // 8, per square own king-stop square
    pub const PASSED_THEIR_KING: usize = PASSED_OWN_KING + 8; // 8, likewise for the enemy king
    pub const THREAT_PAWN_PUSH: usize = PASSED_THEIR_KING + 8; // piece hit after a safe push
    pub const THREAT_BY_ROOK: usize = THREAT_PAWN_PUSH + 1; // 6, by attacked role (not queen)
    pub const MINOR_BEHIND_PAWN: usize = THREAT_BY_ROOK + 6; // a pawn right in front
    pub const KING_PAWN_DISTANCE: usize = MINOR_BEHIND_PAWN + 1; // 8, to the nearest pawn
    pub const ROOK_ON_QUEEN_FILE: usize = KING_PAWN_DISTANCE + 8; // the enemy queen's file
    /// The side to move's bonus.
    pub const TEMPO: usize = ROOK_ON_QUEEN_FILE + 1;
    pub const BISHOP_PAWNS: usize = TEMPO + 1; // per own pawn on the bishop's colour
    pub const KING_PROTECTOR: usize = BISHOP_PAWNS + 1; // 2 x 8, knight/bishop by king distance
    pub const PAWNLESS_FLANK: usize = KING_PROTECTOR + 16; // the king's flank has no pawns
    pub const CLOSED_KNIGHT: usize = PAWNLESS_FLANK + 1; // 9, per knight, by closedness
    pub const CLOSED_ROOK: usize = CLOSED_KNIGHT + 9; // 9, per rook, by closedness
    pub const FLANK_ATTACK: usize = CLOSED_ROOK + 9; // our attacks on the enemy king's flank camp
    pub const RESTRICTED: usize = FLANK_ATTACK + 1; // squares both attack, theirs not by pawns
    pub const PST_QUEEN_SIDE: usize = RESTRICTED + 1; // 6 x 64, added to PST: own king on a-d
    pub const PHALANX: usize = PST_QUEEN_SIDE + 6 * 64; // 8, a friend beside it, by rank
    pub const SUPPORTED_TWICE: usize = PHALANX + 8; // pawn defended by two pawns
    pub const WEAK_UNOPPOSED: usize = SUPPORTED_TWICE + 1; // isolated or backward, file ahead clear
    pub const DOUBLED_ISOLATED: usize = WEAK_UNOPPOSED + 1;
    pub const PASSED_FILE: usize = DOUBLED_ISOLATED + 1; // 4, passed pawn by mirrored file (a-d)
    pub const BLOCKED_PAWN: usize = PASSED_FILE + 4; // 8, enemy pawn right in front, by rank
    pub const KNIGHT_ON_QUEEN: usize = BLOCKED_PAWN + 8; // safe knight squares hitting the queen
    pub const SLIDER_ON_QUEEN: usize = KNIGHT_ON_QUEEN + 1; // safe slider squares hitting it
    pub const REACHABLE_OUTPOST: usize = SLIDER_ON_QUEEN + 1; // knight a move from an outpost
    pub const ROOK_ON_KING_RING: usize = REACHABLE_OUTPOST + 1; // x-ray through pieces only
    pub const BISHOP_ON_KING_RING: usize = ROOK_ON_KING_RING + 1; // likewise
    pub const BISHOP_XRAY_PAWNS: usize = BISHOP_ON_KING_RING + 1; // enemy pawns on its diagonals
    pub const QUEEN_INFILTRATION: usize = BISHOP_XRAY_PAWNS + 1; // enemy half, out of pawn reach
    pub const TROPISM: usize = QUEEN_INFILTRATION + 1; // 4 x 8, N/B/R/Q by enemy king distance
    /// 13, the non-linear king danger (see `eval::king_safety`): not added as they are but
    /// summed into one danger value per side whose square (middlegame) or itself (endgame) is
    /// the score. In order: king-zone squares hit by knights, bishops, rooks, queens; pieces
    /// hitting the zone; weak zone squares; safe-check squares for a knight, bishop, rook,
    /// queen; the defender's pawns in the zone; the attacker has no queen; a constant.
    pub const KING_SAFETY: usize = TROPISM + 32;
    /// 6, endgame only, how winnable the position is (see `eval::complexity`): added to the
    /// endgame score's size, never turning its sign. In order: pawns on the board, pawns on
    /// both wings, no pieces but kings and pawns, passed pawns, the kings' file distance less
    /// their rank distance, a constant.
    pub const COMPLEXITY: usize = KING_SAFETY + 13;
    /// The number of weights: the length of [`WEIGHTS`](super::WEIGHTS).
    pub const COUNT: usize = COMPLEXITY + 6;
}

// BEGIN TUNED
#[rustfmt::skip]
pub const MATERIAL: [S; 6] = [
    S(80, 102), S(350, 333), S(360, 364), S(487, 602), S(1131, 983), S(0, 0),
];
#[rustfmt::skip]
pub const PST: [S; 384] = [
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(-4, 15), S(-6, 13), S(-5, 23), S(-3, 8), S(7, 19), S(21, 20), S(33, 13), S(6, 11),
    S(-12, 19), S(-14, 10), S(-11, 17), S(-5, 12), S(8, 17), S(7, 11), S(21, 7), S(7, 10),
    S(-7, 16), S(-9, 13), S(1, 8), S(6, 16), S(12, 23), S(17, 19), S(7, 26), S(-4, 17),
    S(12, 20), S(-4, 23), S(8, 12), S(10, 11), S(12, 18), S(18, 17), S(-3, 23), S(-6, 31),
    S(0, 26), S(-2, 22), S(26, 32), S(7, 0), S(32, 17), S(-8, 28), S(23, 17), S(6, 21),
    S(36, 17), S(46, 28), S(30, 62), S(70, 48), S(26, 44), S(-8, 39), S(25, 44), S(2, -6),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(-40, -47), S(-16, -17), S(-16, -29), S(1, -20), S(-23, -6), S(-13, -22), S(-15, -14), S(-15, -46),
    S(-13, -30), S(-5, -14), S(-13, -16), S(-10, -9), S(-5, -13), S(-9, -12), S(-5, 0), S(-4, -11),
    S(-14, -1), S(-6, -23), S(-10, -12), S(-6, 10), S(5, 4), S(1, -8), S(2, -21), S(-24, 7),
    S(5, -12), S(-2, -7), S(8, 7), S(6, 13), S(14, 5), S(10, 9), S(18, 2), S(1, 12),
    S(-7, 16), S(5, -9), S(21, 15), S(20, 14), S(12, 29), S(22, 15), S(-3, 7), S(17, 3),
    S(4, -5), S(9, -6), S(9, 18), S(23, 14), S(14, 22), S(19, 17), S(21, -7), S(17, 10),
    S(-16, -3), S(13, 8), S(2, 4), S(21, 15), S(17, 15), S(11, 7), S(-5, 4), S(-10, -28),
    S(-36, -14), S(-14, -15), S(3, 14), S(-14, 1), S(-10, 7), S(-12, 2), S(-11, 0), S(-15, -9),
    S(1, -18), S(-1, -2), S(-3, -9), S(-8, -10), S(0, -4), S(-7, -14), S(-9, -10), S(-4, -15),
    S(4, -32), S(-4, -18), S(-2, -15), S(-3, -1), S(-1, -10), S(21, -8), S(5, -26), S(0, -7),
    S(3, -5), S(9, 4), S(2, -8), S(11, -8), S(7, 12), S(-9, -18), S(15, -3), S(-2, -11),
    S(-1, -12), S(-1, 4), S(9, 13), S(6, 9), S(16, 6), S(2, 5), S(1, 3), S(4, -11),
    S(-13, 5), S(5, 12), S(23, -1), S(5, 20), S(10, 14), S(10, 4), S(3, 8), S(-24, -1),
    S(-2, 8), S(6, 7), S(-15, -11), S(20, 7), S(-5, 16), S(10, 1), S(-4, 6), S(-9, -8),
    S(-17, -9), S(-18, -5), S(-4, 15), S(-6, 8), S(6, 9), S(-18, 13), S(-22, 3), S(-24, 6),
    S(-37, -11), S(-1, 9), S(-13, 0), S(7, 13), S(-10, 6), S(5, 12), S(-6, 9), S(-15, -4),
    S(-8, -18), S(-3, -25), S(-5, -15), S(-4, -15), S(1, -27), S(4, -25), S(-12, -13), S(-8, -26),
    S(-6, -18), S(-6, -16), S(-15, -14), S(2, -23), S(-8, -24), S(-11, -9), S(-1, -35), S(-43, -4),
    S(-16, 2), S(-12, 2), S(-6, -5), S(-18, -1), S(-13, -19), S(-16, -10), S(0, -21), S(-20, -4),
    S(5, 1), S(-14, 17), S(-17, 13), S(7, 1), S(2, -3), S(6, 2), S(-4, 12), S(-6, 8),
    S(-7, 21), S(4, 20), S(-7, 19), S(5, 9), S(13, 5), S(21, 10), S(6, 21), S(30, -10),
    S(5, 25), S(-2, 25), S(23, 10), S(25, 7), S(19, 11), S(23, 13), S(13, 13), S(-4, 22),
    S(-2, 15), S(7, 8), S(18, 0), S(20, 1), S(27, 0), S(13, 3), S(18, 5), S(31, -7),
    S(28, 15), S(30, 10), S(-2, 23), S(14, 11), S(-4, 18), S(9, 14), S(7, 16), S(17, 16),
    S(-8, -26), S(-10, -32), S(-9, -9), S(-5, -44), S(0, -47), S(-1, -73), S(-2, -30), S(-23, -4),
    S(-12, -26), S(0, -30), S(8, -37), S(-1, -21), S(2, -33), S(-1, -25), S(-7, -31), S(-5, -18),
    S(-7, -2), S(-5, 3), S(-2, -5), S(-4, 4), S(-3, 10), S(2, -7), S(2, -6), S(-3, -18),
    S(6, -26), S(-6, 7), S(0, 22), S(-4, 23), S(3, 15), S(-1, 24), S(9, -16), S(7, -4),
    S(-7, -1), S(-15, 4), S(5, 8), S(-13, 30), S(-3, 9), S(14, 16), S(10, 20), S(2, 2),
    S(-7, 5), S(18, 3), S(6, 16), S(0, 21), S(27, 17), S(22, 7), S(-2, 13), S(1, -2),
    S(-13, 15), S(-23, 16), S(-11, 25), S(3, 10), S(10, 10), S(19, 12), S(19, 8), S(3, 4),
    S(10, -11), S(11, 2), S(6, 6), S(7, 6), S(10, 13), S(5, -1), S(7, 1), S(-1, 5),
    S(15, -46), S(5, -31), S(5, -22), S(-25, -30), S(-34, -30), S(-21, -22), S(9, -26), S(9, -54),
    S(-20, -31), S(-12, -19), S(-8, -20), S(-28, -8), S(-28, -14), S(-14, -13), S(1, -15), S(3, -34),
    S(-20, -40), S(-15, -20), S(-22, -9), S(-60, 5), S(-30, -4), S(-18, -10), S(-28, -10), S(-40, -25),
    S(-33, -30), S(-15, -10), S(-37, 8), S(-60, 12), S(-49, 11), S(-48, 10), S(0, -11), S(-49, -20),
    S(-44, -18), S(-19, -1), S(-66, 17), S(-58, 19), S(-55, 18), S(-46, 19), S(-39, 18), S(-38, -16),
    S(-52, 3), S(-48, 11), S(-60, 22), S(-58, 25), S(-58, 24), S(-65, 26), S(-46, 17), S(-56, -13),
    S(-70, -35), S(-56, 36), S(-62, 27), S(-57, 28), S(-64, 24), S(-64, 32), S(-56, 46), S(-62, -15),
    S(-89, -54), S(-80, -15), S(-81, -8), S(-78, 5), S(-77, 12), S(-75, 7), S(-71, 5), S(-90, -71),
];
#[rustfmt::skip]
pub const MOB_KNIGHT: [S; 9] = [
    S(-24, -59), S(-13, -17), S(-1, -1), S(4, 13), S(12, 27), S(16, 32), S(19, 32), S(24, 30),
    S(29, 16),
];
#[rustfmt::skip]
pub const MOB_BISHOP: [S; 14] = [
    S(-17, -46), S(-13, -19), S(1, -6), S(7, 10), S(14, 18), S(17, 21), S(18, 27), S(17, 32),
    S(20, 31), S(19, 25), S(25, 29), S(23, 25), S(34, 18), S(-27, 42),
];
#[rustfmt::skip]
pub const MOB_ROOK: [S; 15] = [
    S(-47, -60), S(-11, -41), S(-3, -12), S(-1, -6), S(3, 11), S(3, 17), S(7, 26), S(10, 28),
    S(12, 35), S(13, 42), S(15, 44), S(17, 51), S(26, 46), S(29, 44), S(39, 41),
];
#[rustfmt::skip]
pub const MOB_QUEEN: [S; 28] = [
    S(-20, -30), S(1, -18), S(-12, -30), S(0, -32), S(-1, -25), S(0, -6), S(4, -8), S(6, -1),
    S(7, 13), S(9, 10), S(9, 22), S(13, 32), S(14, 37), S(14, 40), S(11, 48), S(13, 50),
    S(13, 47), S(23, 34), S(24, 33), S(27, 25), S(33, 23), S(24, 1), S(29, 9), S(16, -20),
    S(8, -4), S(9, -11), S(17, 23), S(17, 18),
];
#[rustfmt::skip]
pub const PASSED: [S; 8] = [
    S(0, 0), S(25, -7), S(-18, 20), S(-17, 35), S(45, 23), S(117, 54), S(164, 55), S(0, 0),
];
#[rustfmt::skip]
pub const CONNECTED: [S; 8] = [
    S(0, 0), S(3, 1), S(12, 7), S(12, 6), S(14, 16), S(21, 56), S(67, 85), S(0, 0),
];
pub const ISOLATED: [S; 1] = [S(-7, -12)];
pub const DOUBLED: [S; 1] = [S(-8, -16)];
pub const BACKWARD: [S; 1] = [S(-2, -12)];
pub const CENTER_PAWN: [S; 1] = [S(1, -12)];
#[rustfmt::skip]
pub const SHELTER: [S; 32] = [
    S(-14, 2), S(9, -17), S(12, -11), S(-2, -6), S(0, 1), S(7, 7), S(0, -1), S(0, 0),
    S(-7, -2), S(16, -12), S(9, -6), S(-1, -5), S(-7, 0), S(-3, 0), S(0, 1), S(0, 0),
    S(-11, -6), S(14, -18), S(8, -4), S(0, -3), S(1, 1), S(-2, 1), S(0, 0), S(0, 0),
    S(-9, -9), S(12, -12), S(11, -12), S(3, -5), S(-2, 0), S(-1, -1), S(-1, -2), S(0, 0),
];
pub const CASTLING_RIGHT: [S; 1] = [S(21, -2)];
pub const ROOK_OPEN: [S; 1] = [S(31, -7)];
pub const ROOK_HALF_OPEN: [S; 1] = [S(15, 5)];
pub const ROOK_SEVENTH: [S; 1] = [S(0, 21)];
pub const KNIGHT_OUTPOST: [S; 1] = [S(20, 9)];
pub const BISHOP_OUTPOST: [S; 1] = [S(29, 10)];
pub const KNIGHT_RIM: [S; 1] = [S(0, -8)];
pub const BISHOP_LONG_DIAGONAL: [S; 1] = [S(6, 17)];
pub const BISHOP_PAIR: [S; 1] = [S(24, 52)];
pub const BISHOP_BLOCKED_PAWN: [S; 1] = [S(-2, -13)];
pub const QUEEN_EARLY: [S; 1] = [S(-3, -11)];
#[rustfmt::skip]
pub const KING_ZONE_ATTACK: [S; 6] = [
    S(0, 0), S(-6, -1), S(-3, 3), S(-11, 5), S(-7, -1), S(0, 0),
];
#[rustfmt::skip]
pub const KING_ATTACKERS: [S; 8] = [
    S(0, 0), S(4, -4), S(7, -3), S(27, 4), S(53, 8), S(72, 11), S(90, 12), S(100, 12),
];
#[rustfmt::skip]
pub const THREAT_BY_PAWN: [S; 6] = [
    S(0, 0), S(38, 19), S(39, 39), S(43, 23), S(29, 11), S(0, 0),
];
#[rustfmt::skip]
pub const THREAT_BY_MINOR: [S; 6] = [
    S(2, 10), S(12, 27), S(27, 7), S(41, 5), S(35, 16), S(0, 0),
];
#[rustfmt::skip]
pub const PASSED_FREE: [S; 8] = [
    S(0, 0), S(23, -3), S(2, -1), S(3, 5), S(3, 20), S(25, 26), S(74, 21), S(0, 0),
];
#[rustfmt::skip]
pub const PASSED_SAFE_STOP: [S; 8] = [
    S(0, 0), S(6, 0), S(1, 2), S(5, 8), S(-1, 13), S(18, 13), S(10, 4), S(0, 0),
];
#[rustfmt::skip]
pub const HANGING: [S; 6] = [
    S(10, 31), S(7, 9), S(6, 10), S(15, 1), S(6, -12), S(0, 0),
];
pub const THREAT_ROOK_ON_QUEEN: [S; 1] = [S(41, 23)];
pub const THREAT_BY_KING: [S; 1] = [S(20, 2)];
#[rustfmt::skip]
pub const SAFE_CHECK: [S; 6] = [
    S(0, 0), S(21, 3), S(4, 14), S(20, 6), S(11, 23), S(0, 0),
];
pub const KING_ZONE_WEAK: [S; 1] = [S(2, 1)];
#[rustfmt::skip]
pub const KING_STORM: [S; 32] = [
    S(-2, -2), S(18, 65), S(-31, 50), S(-12, 12), S(1, 4), S(13, -2), S(9, -3), S(0, 0),
    S(-9, 3), S(19, 61), S(-32, 41), S(-8, 11), S(0, 7), S(7, -10), S(9, -6), S(0, 0),
    S(-3, -2), S(18, 58), S(-32, 42), S(-10, 9), S(2, 2), S(5, -7), S(1, -8), S(0, 0),
    S(-2, 5), S(18, 59), S(-34, 39), S(-15, 2), S(3, 2), S(8, -1), S(8, -6), S(0, 0),
];
#[rustfmt::skip]
pub const KING_STORM_BLOCKED: [S; 8] = [
    S(0, 0), S(0, 0), S(-15, -1), S(16, -4), S(9, -11), S(11, -16), S(16, -11), S(0, 0),
];
#[rustfmt::skip]
pub const PASSED_SAFE_PATH: [S; 8] = [
    S(0, 0), S(-45, 26), S(-28, 17), S(-64, 34), S(-42, 33), S(-11, 36), S(-11, 90), S(0, 0),
];
#[rustfmt::skip]
pub const PASSED_OWN_KING: [S; 8] = [
    S(0, 0), S(-1, -1), S(-5, -5), S(3, -12), S(-2, -16), S(-14, -14), S(-7, -19), S(0, 0),
];
#[rustfmt::skip]
pub const PASSED_THEIR_KING: [S; 8] = [
    S(0, 0), S(-9, 4), S(4, 5), S(0, 12), S(-3, 24), S(-4, 29), S(-2, 39), S(0, 0),
];
pub const THREAT_PAWN_PUSH: [S; 1] = [S(11, 7)];
#[rustfmt::skip]
pub const THREAT_BY_ROOK: [S; 6] = [
    S(0, 0), S(5, 16), S(11, 10), S(0, 0), S(0, 0), S(0, 0),
];
pub const MINOR_BEHIND_PAWN: [S; 1] = [S(3, 12)];
#[rustfmt::skip]
pub const KING_PAWN_DISTANCE: [S; 8] = [
    S(0, 0), S(1, 43), S(-1, 40), S(-8, 28), S(6, -10), S(0, -41), S(-3, -62), S(8, -14),
];
pub const ROOK_ON_QUEEN_FILE: [S; 1] = [S(7, -9)];
pub const TEMPO: [S; 1] = [S(11, 7)];
pub const BISHOP_PAWNS: [S; 1] = [S(1, -4)];
#[rustfmt::skip]
pub const KING_PROTECTOR: [S; 16] = [
    S(0, 0), S(1, 6), S(4, 6), S(5, 2), S(-1, -1), S(-2, -6), S(-6, -5), S(-2, -4),
    S(0, 0), S(-1, 3), S(1, 2), S(-1, 3), S(3, 2), S(1, 2), S(-1, -2), S(-1, 0),
];
pub const PAWNLESS_FLANK: [S; 1] = [S(-3, -18)];
#[rustfmt::skip]
pub const CLOSED_KNIGHT: [S; 9] = [
    S(-8, 4), S(1, 2), S(5, -2), S(6, -2), S(1, 0), S(7, -3), S(-3, 0), S(-4, 0),
    S(-6, 0),
];
#[rustfmt::skip]
pub const CLOSED_ROOK: [S; 9] = [
    S(5, 5), S(1, 0), S(0, 3), S(2, 2), S(2, -1), S(-3, -3), S(-3, -4), S(-1, -1),
    S(0, -1),
];
pub const FLANK_ATTACK: [S; 1] = [S(1, -2)];
pub const RESTRICTED: [S; 1] = [S(3, -1)];
#[rustfmt::skip]
pub const PST_QUEEN_SIDE: [S; 384] = [
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(5, 5), S(1, -5), S(4, 2), S(12, 3), S(-4, -4), S(-5, -6), S(-9, -1), S(-1, -1),
    S(5, -4), S(4, -1), S(-2, 3), S(1, 1), S(0, -4), S(-2, -3), S(-5, -6), S(-3, -3),
    S(0, 3), S(-1, 6), S(6, 9), S(1, -1), S(6, 1), S(-3, -1), S(-2, 4), S(1, -1),
    S(-1, 1), S(4, 8), S(1, 1), S(-5, 3), S(3, -1), S(1, 1), S(-1, 2), S(-3, 1),
    S(4, 1), S(0, 2), S(-1, -2), S(-1, 2), S(-1, -1), S(-1, -1), S(0, 2), S(-1, -2),
    S(-1, -5), S(1, 3), S(0, -1), S(0, 0), S(0, 0), S(0, 0), S(0, -2), S(0, -2),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(-1, 1), S(0, 1), S(0, -1), S(-2, -2), S(0, 1), S(1, 2), S(1, 0),
    S(-2, 0), S(1, 2), S(1, -1), S(-1, -3), S(-1, 0), S(0, 2), S(3, 2), S(0, -1),
    S(-2, 3), S(2, 4), S(-3, 2), S(3, -1), S(-3, -4), S(-3, 2), S(2, 1), S(2, 0),
    S(-2, 2), S(3, 3), S(3, 2), S(-3, -1), S(3, 0), S(1, 2), S(1, 0), S(0, -3),
    S(3, 1), S(-2, 1), S(-3, -3), S(-1, 0), S(4, 0), S(0, -1), S(1, -1), S(1, 1),
    S(0, -1), S(0, 1), S(-2, 0), S(2, 2), S(0, -1), S(2, 0), S(1, -2), S(0, -1),
    S(0, 1), S(0, 1), S(0, 1), S(0, 0), S(0, 1), S(0, -1), S(-1, 0), S(1, 1),
    S(0, 0), S(0, -1), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(-1, 1), S(0, -1), S(-2, 0), S(1, 1), S(1, -1), S(1, 5), S(-2, -2), S(0, 0),
    S(0, 1), S(6, 0), S(2, 0), S(1, 2), S(-3, 0), S(-3, -1), S(-4, 2), S(-1, -1),
    S(0, -1), S(1, 2), S(5, -1), S(1, -2), S(0, 3), S(-1, -2), S(-1, 0), S(-1, 0),
    S(1, 1), S(-1, -2), S(2, -1), S(1, 1), S(-3, 0), S(2, -5), S(1, 2), S(-1, 1),
    S(-2, 0), S(-1, 0), S(-2, 3), S(0, 2), S(0, 0), S(2, 0), S(1, -1), S(2, 1),
    S(-1, -1), S(1, 1), S(0, -1), S(0, -1), S(1, 3), S(0, 1), S(1, -1), S(0, -1),
    S(0, 1), S(-1, -1), S(0, 0), S(0, 1), S(0, 0), S(1, 1), S(0, 0), S(1, -1),
    S(0, 0), S(0, 0), S(0, -1), S(0, 1), S(0, 0), S(0, 0), S(0, 1), S(0, 0),
    S(-7, -2), S(-2, 2), S(-4, -4), S(2, 0), S(7, 1), S(-2, -3), S(-1, -2), S(-4, 2),
    S(2, 1), S(-1, 0), S(1, 0), S(-1, 0), S(4, -1), S(2, -1), S(0, 1), S(-1, -1),
    S(2, 1), S(-1, -2), S(0, -1), S(0, -2), S(1, 2), S(-2, -2), S(2, -1), S(-2, -3),
    S(0, 0), S(1, 1), S(1, 0), S(-2, -1), S(1, 2), S(-1, -1), S(2, 1), S(-3, 0),
    S(1, 0), S(-1, 0), S(2, 1), S(0, 0), S(0, -1), S(0, 0), S(1, 3), S(1, -2),
    S(1, 0), S(0, -1), S(0, 2), S(1, 2), S(0, 1), S(0, -2), S(0, 0), S(0, -1),
    S(1, 1), S(-1, -3), S(1, 0), S(1, 2), S(-1, -1), S(-1, -1), S(1, 0), S(0, -2),
    S(1, 1), S(0, 0), S(1, 2), S(0, 0), S(1, 1), S(0, -3), S(1, 0), S(1, 0),
    S(0, -1), S(0, 0), S(0, 0), S(-1, 0), S(-2, -1), S(-1, -1), S(2, 0), S(2, 1),
    S(0, 0), S(1, 0), S(-1, 0), S(-5, 0), S(-5, -1), S(-3, -1), S(2, -1), S(1, 0),
    S(1, 0), S(-2, 0), S(3, 1), S(-1, 0), S(0, 1), S(1, 0), S(2, 0), S(2, 1),
    S(4, 1), S(1, 0), S(-2, 0), S(2, 0), S(0, 1), S(0, 0), S(2, 0), S(3, 1),
    S(1, 0), S(1, 0), S(1, -1), S(1, 0), S(-1, 0), S(-1, 0), S(0, 0), S(1, -1),
    S(0, 0), S(-1, 0), S(-1, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(-1, 0),
    S(0, 0), S(-2, -1), S(1, 1), S(0, 0), S(0, 0), S(-1, 0), S(0, 0), S(-1, 0),
    S(-1, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 1),
    S(-3, -4), S(1, -3), S(-2, -3), S(3, -2), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(-2, -4), S(0, 0), S(1, 0), S(1, -3), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(1, 0), S(-1, -3), S(0, -2), S(2, -1), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(1, 1), S(0, -1), S(0, 2), S(-2, 2), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(1, 3), S(1, 5), S(1, 2), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, -1), S(1, -2), S(1, 2), S(0, -1), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, -1), S(0, -1), S(1, 3), S(0, 2), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 2), S(0, 1), S(0, 2), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
];
#[rustfmt::skip]
pub const PHALANX: [S; 8] = [
    S(0, 0), S(0, 0), S(-3, -6), S(1, 1), S(1, 10), S(2, 4), S(0, 0), S(0, 0),
];
pub const SUPPORTED_TWICE: [S; 1] = [S(2, 0)];
pub const WEAK_UNOPPOSED: [S; 1] = [S(-2, -3)];
pub const DOUBLED_ISOLATED: [S; 1] = [S(-2, 6)];
pub const PASSED_FILE: [S; 4] = [S(7, -6), S(-2, 8), S(-4, -3), S(-4, -4)];
#[rustfmt::skip]
pub const BLOCKED_PAWN: [S; 8] = [
    S(0, 0), S(-3, 1), S(0, 1), S(0, 0), S(0, -1), S(3, -1), S(0, 0), S(0, 0),
];
pub const KNIGHT_ON_QUEEN: [S; 1] = [S(12, -7)];
pub const SLIDER_ON_QUEEN: [S; 1] = [S(8, 4)];
pub const REACHABLE_OUTPOST: [S; 1] = [S(7, 7)];
pub const ROOK_ON_KING_RING: [S; 1] = [S(1, 3)];
pub const BISHOP_ON_KING_RING: [S; 1] = [S(5, 6)];
pub const BISHOP_XRAY_PAWNS: [S; 1] = [S(0, -3)];
pub const QUEEN_INFILTRATION: [S; 1] = [S(5, 7)];
#[rustfmt::skip]
pub const TROPISM: [S; 32] = [
    S(0, 0), S(-1, -1), S(0, -1), S(2, 4), S(2, 1), S(-3, 0), S(0, -5), S(-2, 1),
    S(0, 0), S(-4, -5), S(2, 2), S(-1, 5), S(1, 4), S(0, 1), S(2, 0), S(2, 2),
    S(0, 0), S(1, 3), S(1, -1), S(2, -2), S(1, -3), S(1, -3), S(-3, 1), S(1, 3),
    S(0, 0), S(0, 0), S(5, 1), S(4, 3), S(0, 7), S(1, -3), S(-3, -7), S(-5, -3),
];
#[rustfmt::skip]
pub const KING_SAFETY: [S; 13] = [
    S(25, 0), S(22, -13), S(31, 12), S(37, 4), S(34, 1), S(8, 21), S(72, 109), S(39, 51),
    S(78, 117), S(22, 70), S(-14, 7), S(-287, -10), S(-18, -1),
];
#[rustfmt::skip]
pub const COMPLEXITY: [S; 6] = [
    S(0, 9), S(0, 59), S(0, 71), S(0, 10), S(0, 2), S(0, -138),
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
    put!(w, idx::SHELTER, SHELTER);
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
    put!(w, idx::BISHOP_PAWNS, BISHOP_PAWNS);
    put!(w, idx::KING_PROTECTOR, KING_PROTECTOR);
    put!(w, idx::PAWNLESS_FLANK, PAWNLESS_FLANK);
    put!(w, idx::CLOSED_KNIGHT, CLOSED_KNIGHT);
    put!(w, idx::CLOSED_ROOK, CLOSED_ROOK);
    put!(w, idx::FLANK_ATTACK, FLANK_ATTACK);
    put!(w, idx::RESTRICTED, RESTRICTED);
    put!(w, idx::PST_QUEEN_SIDE, PST_QUEEN_SIDE);
    put!(w, idx::PHALANX, PHALANX);
    put!(w, idx::SUPPORTED_TWICE, SUPPORTED_TWICE);
    put!(w, idx::WEAK_UNOPPOSED, WEAK_UNOPPOSED);
    put!(w, idx::DOUBLED_ISOLATED, DOUBLED_ISOLATED);
    put!(w, idx::PASSED_FILE, PASSED_FILE);
    put!(w, idx::BLOCKED_PAWN, BLOCKED_PAWN);
    put!(w, idx::KNIGHT_ON_QUEEN, KNIGHT_ON_QUEEN);
    put!(w, idx::SLIDER_ON_QUEEN, SLIDER_ON_QUEEN);
    put!(w, idx::REACHABLE_OUTPOST, REACHABLE_OUTPOST);
    put!(w, idx::ROOK_ON_KING_RING, ROOK_ON_KING_RING);
    put!(w, idx::BISHOP_ON_KING_RING, BISHOP_ON_KING_RING);
    put!(w, idx::BISHOP_XRAY_PAWNS, BISHOP_XRAY_PAWNS);
    put!(w, idx::QUEEN_INFILTRATION, QUEEN_INFILTRATION);
    put!(w, idx::TROPISM, TROPISM);
    put!(w, idx::KING_SAFETY, KING_SAFETY);
    put!(w, idx::COMPLEXITY, COMPLEXITY);
    w
}

/// All weights, flat; index with the offsets in `idx`.
pub static WEIGHTS: [S; idx::COUNT] = build();

/// Every named sub-table and its offset in [`WEIGHTS`], in index order.
pub const TABLES: [(&str, usize); 70] = [
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
    ("SHELTER", idx::SHELTER),
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
    ("BISHOP_PAWNS", idx::BISHOP_PAWNS),
    ("KING_PROTECTOR", idx::KING_PROTECTOR),
    ("PAWNLESS_FLANK", idx::PAWNLESS_FLANK),
    ("CLOSED_KNIGHT", idx::CLOSED_KNIGHT),
    ("CLOSED_ROOK", idx::CLOSED_ROOK),
    ("FLANK_ATTACK", idx::FLANK_ATTACK),
    ("RESTRICTED", idx::RESTRICTED),
    ("PST_QUEEN_SIDE", idx::PST_QUEEN_SIDE),
    ("PHALANX", idx::PHALANX),
    ("SUPPORTED_TWICE", idx::SUPPORTED_TWICE),
    ("WEAK_UNOPPOSED", idx::WEAK_UNOPPOSED),
    ("DOUBLED_ISOLATED", idx::DOUBLED_ISOLATED),
    ("PASSED_FILE", idx::PASSED_FILE),
    ("BLOCKED_PAWN", idx::BLOCKED_PAWN),
    ("KNIGHT_ON_QUEEN", idx::KNIGHT_ON_QUEEN),
    ("SLIDER_ON_QUEEN", idx::SLIDER_ON_QUEEN),
    ("REACHABLE_OUTPOST", idx::REACHABLE_OUTPOST),
    ("ROOK_ON_KING_RING", idx::ROOK_ON_KING_RING),
    ("BISHOP_ON_KING_RING", idx::BISHOP_ON_KING_RING),
    ("BISHOP_XRAY_PAWNS", idx::BISHOP_XRAY_PAWNS),
    ("QUEEN_INFILTRATION", idx::QUEEN_INFILTRATION),
    ("TROPISM", idx::TROPISM),
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
