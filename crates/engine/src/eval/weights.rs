//! Every evaluation weight, in one table: named sub-tables, flattened at compile time into
//! [`WEIGHTS`] so the tuner can read and rewrite them all through one index space.
//!
//! A weight is an [`S`]: a middlegame and an endgame value, blended by game phase. Squares in
//! the piece-square tables are from White's side (a1 = 0); Black reads them mirrored. The
//! default piece-square tables are simple formulas (centralisation, advancement, king cover);
//! the tuner refines everything from game results.

/// A (middlegame, endgame) pair of centipawn values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct S(pub i32, pub i32);

/// Offsets of each named sub-table in the flat weight array.
pub mod idx {
    pub const MATERIAL: usize = 0; // 6, by role (king unused)
    pub const PST: usize = MATERIAL + 6; // 6 x 64
    pub const MOB_KNIGHT: usize = PST + 6 * 64; // 9
    pub const MOB_BISHOP: usize = MOB_KNIGHT + 9; // 14
    pub const MOB_ROOK: usize = MOB_BISHOP + 14; // 15
    pub const MOB_QUEEN: usize = MOB_ROOK + 15; // 28
    pub const PASSED: usize = MOB_QUEEN + 28; // 8, by relative rank
    pub const CONNECTED: usize = PASSED + 8; // 8, by relative rank
    pub const ISOLATED: usize = CONNECTED + 8;
    pub const DOUBLED: usize = ISOLATED + 1;
    pub const BACKWARD: usize = DOUBLED + 1;
    pub const CENTER_PAWN: usize = BACKWARD + 1;
    pub const SHELTER_NEAR: usize = CENTER_PAWN + 1;
    pub const SHELTER_FAR: usize = SHELTER_NEAR + 1;
    pub const KING_OPEN_FILE: usize = SHELTER_FAR + 1;
    pub const CASTLING_RIGHT: usize = KING_OPEN_FILE + 1;
    pub const ROOK_OPEN: usize = CASTLING_RIGHT + 1;
    pub const ROOK_HALF_OPEN: usize = ROOK_OPEN + 1;
    pub const ROOK_SEVENTH: usize = ROOK_HALF_OPEN + 1;
    pub const KNIGHT_OUTPOST: usize = ROOK_SEVENTH + 1;
    pub const BISHOP_OUTPOST: usize = KNIGHT_OUTPOST + 1;
    pub const KNIGHT_RIM: usize = BISHOP_OUTPOST + 1;
    pub const BISHOP_LONG_DIAGONAL: usize = KNIGHT_RIM + 1;
    pub const BISHOP_PAIR: usize = BISHOP_LONG_DIAGONAL + 1;
    pub const BISHOP_BLOCKED_PAWN: usize = BISHOP_PAIR + 1;
    pub const QUEEN_EARLY: usize = BISHOP_BLOCKED_PAWN + 1;
    pub const KING_ZONE_ATTACK: usize = QUEEN_EARLY + 1; // 6, by attacking role
    pub const KING_ATTACKERS: usize = KING_ZONE_ATTACK + 6; // 8, by number of attackers
    pub const THREAT_BY_PAWN: usize = KING_ATTACKERS + 8; // 6, by attacked role
    pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 6; // 6, by attacked role
    pub const PASSED_FREE: usize = THREAT_BY_MINOR + 6; // 8, by relative rank
    pub const PASSED_KING_DISTANCE: usize = PASSED_FREE + 8; // per square of distance difference
    pub const TEMPO: usize = PASSED_KING_DISTANCE + 1;
    pub const COUNT: usize = TEMPO + 1;
}

pub const MATERIAL: [S; 6] =
    [S(82, 96), S(330, 300), S(350, 320), S(470, 540), S(1000, 980), S(0, 0)];

/// Mobility: indexed by the number of reachable squares not attacked by enemy pawns.
pub const MOB_KNIGHT: [S; 9] = mobility::<9>(6, 6);
pub const MOB_BISHOP: [S; 14] = mobility::<14>(5, 6);
pub const MOB_ROOK: [S; 15] = mobility::<15>(3, 6);
pub const MOB_QUEEN: [S; 28] = mobility::<28>(2, 3);

pub const PASSED: [S; 8] =
    [S(0, 0), S(0, 8), S(4, 14), S(10, 28), S(24, 52), S(48, 96), S(80, 150), S(0, 0)];
pub const CONNECTED: [S; 8] =
    [S(0, 0), S(4, 2), S(8, 4), S(10, 8), S(18, 16), S(30, 30), S(50, 50), S(0, 0)];
pub const ISOLATED: S = S(-10, -14);
pub const DOUBLED: S = S(-8, -20);
pub const BACKWARD: S = S(-8, -8);
pub const CENTER_PAWN: S = S(14, 0);
pub const SHELTER_NEAR: S = S(14, -2);
pub const SHELTER_FAR: S = S(7, -2);
pub const KING_OPEN_FILE: S = S(-20, 0);
pub const CASTLING_RIGHT: S = S(12, 0);
pub const ROOK_OPEN: S = S(28, 10);
pub const ROOK_HALF_OPEN: S = S(12, 8);
pub const ROOK_SEVENTH: S = S(10, 24);
pub const KNIGHT_OUTPOST: S = S(24, 12);
pub const BISHOP_OUTPOST: S = S(12, 4);
pub const KNIGHT_RIM: S = S(-12, -8);
pub const BISHOP_LONG_DIAGONAL: S = S(16, 6);
pub const BISHOP_PAIR: S = S(28, 52);
pub const BISHOP_BLOCKED_PAWN: S = S(-3, -6);
pub const QUEEN_EARLY: S = S(-8, 0);
/// Per enemy-king-zone square attacked, by attacking role.
pub const KING_ZONE_ATTACK: [S; 6] = [S(0, 0), S(8, 0), S(8, 0), S(10, 0), S(14, 0), S(0, 0)];
/// By the number of pieces attacking the enemy king zone (more attackers are worth more).
pub const KING_ATTACKERS: [S; 8] =
    [S(0, 0), S(-10, 0), S(0, 0), S(20, 4), S(45, 8), S(70, 10), S(90, 12), S(100, 12)];
pub const THREAT_BY_PAWN: [S; 6] = [S(0, 0), S(50, 30), S(50, 30), S(70, 25), S(60, 20), S(0, 0)];
pub const THREAT_BY_MINOR: [S; 6] = [S(2, 10), S(0, 0), S(0, 0), S(40, 20), S(40, 20), S(0, 0)];
pub const PASSED_FREE: [S; 8] =
    [S(0, 0), S(0, 2), S(0, 4), S(2, 10), S(6, 20), S(12, 40), S(20, 70), S(0, 0)];
pub const PASSED_KING_DISTANCE: S = S(0, 6);
pub const TEMPO: S = S(14, 6);

/// Mobility curve: from `-step_mg * n/2` upward, flattening (a square-root-like shape).
const fn mobility<const N: usize>(step_mg: i32, step_eg: i32) -> [S; N] {
    let mut t = [S(0, 0); N];
    let mut i = 0;
    while i < N {
        // isqrt(4i) grows fast for the first squares and slowly later.
        let r = isqrt(16 * i as i32) - isqrt(4 * N as i32);
        t[i] = S(step_mg * r, step_eg * r);
        i += 1;
    }
    t
}

const fn isqrt(x: i32) -> i32 {
    let mut r = 0;
    while (r + 1) * (r + 1) <= x {
        r += 1;
    }
    r
}

/// Distance from the centre, 0 (d4, e4, d5, e5) to 3 (corners) in the Chebyshev sense.
const fn centre_distance(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    if df > dr { df } else { dr }
}

const fn pst(role: usize) -> [S; 64] {
    let mut t = [S(0, 0); 64];
    let mut sq = 0;
    while sq < 64 {
        let f = (sq % 8) as i32;
        let r = (sq / 8) as i32;
        let c = 3 - centre_distance(sq); // 0 on the rim .. 3 in the centre
        let centre_file = if f == 3 || f == 4 { 1 } else { 0 };
        t[sq] = match role {
            0 => {
                if r == 0 || r == 7 {
                    S(0, 0)
                } else {
                    S((r - 1) * 3 + centre_file * (r - 1) * 4, (r - 1) * 8)
                }
            }
            1 => S(c * 10 - 12 + if r >= 2 && r <= 5 { 4 } else { 0 }, c * 8 - 10),
            2 => S(c * 5 - 6, c * 5 - 6),
            3 => S(if r == 6 { 10 } else { 0 } + centre_file * 4, 0),
            4 => S(c * 2 - 3, c * 6 - 8),
            _ => {
                let mg = if r == 0 {
                    match f {
                        0 | 1 | 2 | 6 | 7 => 16,
                        _ => 0,
                    }
                } else {
                    -12 * r
                };
                S(mg, c * 14 - 18)
            }
        };
        sq += 1;
    }
    t
}

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
    let mut role = 0;
    while role < 6 {
        put!(w, idx::PST + 64 * role, pst(role));
        role += 1;
    }
    put!(w, idx::MOB_KNIGHT, MOB_KNIGHT);
    put!(w, idx::MOB_BISHOP, MOB_BISHOP);
    put!(w, idx::MOB_ROOK, MOB_ROOK);
    put!(w, idx::MOB_QUEEN, MOB_QUEEN);
    put!(w, idx::PASSED, PASSED);
    put!(w, idx::CONNECTED, CONNECTED);
    put!(w, idx::KING_ZONE_ATTACK, KING_ZONE_ATTACK);
    put!(w, idx::KING_ATTACKERS, KING_ATTACKERS);
    put!(w, idx::THREAT_BY_PAWN, THREAT_BY_PAWN);
    put!(w, idx::THREAT_BY_MINOR, THREAT_BY_MINOR);
    put!(w, idx::PASSED_FREE, PASSED_FREE);
    w[idx::ISOLATED] = ISOLATED;
    w[idx::DOUBLED] = DOUBLED;
    w[idx::BACKWARD] = BACKWARD;
    w[idx::CENTER_PAWN] = CENTER_PAWN;
    w[idx::SHELTER_NEAR] = SHELTER_NEAR;
    w[idx::SHELTER_FAR] = SHELTER_FAR;
    w[idx::KING_OPEN_FILE] = KING_OPEN_FILE;
    w[idx::CASTLING_RIGHT] = CASTLING_RIGHT;
    w[idx::ROOK_OPEN] = ROOK_OPEN;
    w[idx::ROOK_HALF_OPEN] = ROOK_HALF_OPEN;
    w[idx::ROOK_SEVENTH] = ROOK_SEVENTH;
    w[idx::KNIGHT_OUTPOST] = KNIGHT_OUTPOST;
    w[idx::BISHOP_OUTPOST] = BISHOP_OUTPOST;
    w[idx::KNIGHT_RIM] = KNIGHT_RIM;
    w[idx::BISHOP_LONG_DIAGONAL] = BISHOP_LONG_DIAGONAL;
    w[idx::BISHOP_PAIR] = BISHOP_PAIR;
    w[idx::BISHOP_BLOCKED_PAWN] = BISHOP_BLOCKED_PAWN;
    w[idx::QUEEN_EARLY] = QUEEN_EARLY;
    w[idx::PASSED_KING_DISTANCE] = PASSED_KING_DISTANCE;
    w[idx::TEMPO] = TEMPO;
    w
}

/// All weights, flat; index with [`idx`].
pub static WEIGHTS: [S; idx::COUNT] = build();

/// The name of the sub-table a flat index belongs to, and the offset inside it (for the tuner's
/// output and the `eval` breakdown).
pub fn name_of(i: usize) -> (&'static str, usize) {
    const NAMES: [(&str, usize); 33] = [
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
        ("PASSED_KING_DISTANCE", idx::PASSED_KING_DISTANCE),
        ("TEMPO", idx::TEMPO),
    ];
    let mut best = NAMES[0];
    for n in NAMES {
        if n.1 <= i {
            best = n;
        }
    }
    (best.0, i - best.1)
}
