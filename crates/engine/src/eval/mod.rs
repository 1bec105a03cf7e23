//! Hand-crafted tapered evaluation: every term reads its weight from [`weights::WEIGHTS`] and
//! can report its coefficient to a [`Trace`], which gives the tuner and the `eval` breakdown
//! the exact linear form of the score.

mod endgame;
mod king;
mod masks;
pub mod pawns;
mod trace;
pub mod weights;

use endgame::lone_king;
#[cfg(test)]
use endgame::{LONE_KING_BN_CORNER, LONE_KING_WIN};
use king::{blocked_pawns, king_danger, king_zone, minor_threats, threats};
use masks::*;
use pawns::PawnTable;
pub use trace::{Coefficients, NoTrace, Trace, trace_text};
use vidle_core::attacks::{
    bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks,
};
use vidle_core::{Bitboard, Color, Position, Role, Square};
use weights::{S, WEIGHTS, idx};

/// Full material phase: knights and bishops 1, rooks 2, queens 4.
pub const PHASE_MAX: i32 = 24;
/// Endgame scale factor for a normal position (in 1/64ths).
pub const SCALE_NORMAL: i32 = 64;
const SCALE_NO_PAWNS_SMALL_EDGE: i32 = 16;
const SCALE_OPPOSITE_BISHOPS: i32 = 40;

/// How many features the non-linear king danger sums (the length of `KING_SAFETY`).
pub const SAFETY_TERMS: usize = 13;
/// The king-danger features of one attacking side, in `idx::KING_SAFETY` order.
pub type SafetyFeatures = [i32; SAFETY_TERMS];
/// The middlegame penalty is danger² / `SAFETY_MG_DIV`, the endgame one danger / `SAFETY_EG_DIV`.
pub const SAFETY_MG_DIV: i32 = 720;
/// See [`SAFETY_MG_DIV`].
pub const SAFETY_EG_DIV: i32 = 20;
/// How many features the endgame complexity sums (the length of `COMPLEXITY`).
pub const COMPLEXITY_TERMS: usize = 6;
pub type ComplexityFeatures = [i32; COMPLEXITY_TERMS];

/// Middlegame and endgame sums from White's side, with the tracer alongside.
pub struct Acc<'a, T: Trace> {
    pub mg: i32,
    pub eg: i32,
    pub trace: &'a mut T,
}

impl<T: Trace> Acc<'_, T> {
    #[inline(always)]
    pub fn add(&mut self, c: Color, i: usize, n: i32) {
        self.trace.add_side(c, i, n);
        let n = if c == Color::White { n } else { -n };
        let w = WEIGHTS[i];
        self.mg += w.0 * n;
        self.eg += w.1 * n;
        self.trace.add(i, n);
    }

    /// The non-linear king danger of attacker `c`: the features weighted by `KING_SAFETY`
    /// give one danger value per phase; the bonus is its square over `SAFETY_MG_DIV` in the
    /// middlegame and itself over `SAFETY_EG_DIV` in the endgame (nothing while it is negative).
    /// A few scattered attackers are no attack: with a queen it takes one piece in the king
    /// zone, without one two.
    #[inline]
    fn add_safety(&mut self, c: Color, f: &SafetyFeatures) {
        let (mut dm, mut de) = (0, 0);
        for (j, &n) in f.iter().enumerate() {
            let w = WEIGHTS[idx::KING_SAFETY + j];
            dm += w.0 * n;
            de += w.1 * n;
        }
        let mg = dm.max(0) * dm.max(0) / SAFETY_MG_DIV;
        let eg = de.max(0) / SAFETY_EG_DIV;
        self.trace.safety(c, f, mg, eg);
        let sign = if c == Color::White { 1 } else { -1 };
        self.mg += sign * mg;
        self.eg += sign * eg;
    }

    /// Endgame complexity: how winnable the position is, whoever is ahead. The features
    /// weighted by `COMPLEXITY` (endgame parts) are added to the size of the endgame score, but
    /// never more than cancel it: many pawns, pawns on both wings, a pure pawn ending, passed
    /// pawns and kings apart on files keep an edge alive; few pawns on one wing let it die.
    #[inline]
    fn add_complexity(&mut self, pos: &Position, passed: [Bitboard; 2]) {
        let pawns = pos.by_role(Role::Pawn);
        let queen_side = Bitboard(0x0f0f_0f0f_0f0f_0f0f);
        let (wk, bk) = (pos.king(Color::White), pos.king(Color::Black));
        let file_distance = (wk.file() as i32 - bk.file() as i32).abs();
        let rank_distance = (wk.rank() as i32 - bk.rank() as i32).abs();
        let f: ComplexityFeatures = [
            pawns.count() as i32,
            ((pawns & queen_side).is_nonempty() && (pawns & !queen_side).is_nonempty()) as i32,
            (pos.occupied() & !pawns & !pos.by_role(Role::King)).is_empty() as i32,
            (passed[0] | passed[1]).count() as i32,
            file_distance - rank_distance,
            1,
        ];
        let mut c = 0;
        for (j, &n) in f.iter().enumerate() {
            c += WEIGHTS[idx::COMPLEXITY + j].1 * n;
        }
        let change = self.eg.signum() * c.max(-self.eg.abs());
        self.trace.complexity(&f, change);
        self.eg += change;
    }
}

/// Indices into [`SafetyFeatures`].
mod ks {
    pub const ZONE_HITS: usize = 0; // 4: knight, bishop, rook, queen
    pub const ATTACKERS: usize = 4;
    pub const WEAK: usize = 5;
    pub const SAFE_CHECKS: usize = 6; // 4: knight, bishop, rook, queen
    pub const DEFENDING_PAWNS: usize = 10;
    pub const NO_QUEEN: usize = 11;
    pub const CONSTANT: usize = 12;
}

/// The square as White sees it (Black's squares are mirrored).
#[inline(always)]
pub fn relative(c: Color, sq: Square) -> usize {
    if c == Color::White { sq.index() } else { sq.index() ^ 56 }
}

/// The evaluation from the side to move's view, in centipawns.
pub fn evaluate(pos: &Position, pawns: &mut PawnTable) -> i32 {
    let mut t = NoTrace;
    let mut acc = Acc { mg: 0, eg: 0, trace: &mut t };
    let entry = pawns.probe_or_compute(pos);
    acc.mg += entry.mg;
    acc.eg += entry.eg;
    let passed = entry.passed;
    finish(pos, &mut acc, passed)
}

/// What the tuner needs of one position: the phase, the endgame scale and the side to move;
/// the coefficients go to `trace`.
pub struct TraceInfo {
    /// The material phase, 0 (bare endgame) to [`PHASE_MAX`] (full middlegame material).
    pub phase: i32,
    /// The endgame scale factor in 1/64ths ([`SCALE_NORMAL`] for a normal position).
    pub scale: i32,
    /// Whether White is to move.
    pub white_to_move: bool,
    /// The evaluation in centipawns, from the side to move's view.
    pub score: i32,
}

/// Evaluates while reporting every coefficient to `trace` (no caches involved).
pub fn evaluate_traced<T: Trace>(pos: &Position, trace: &mut T) -> TraceInfo {
    let mut acc = Acc { mg: 0, eg: 0, trace };
    let passed = pawns::pawn_structure(pos, &mut acc);
    let score = finish(pos, &mut acc, passed);
    TraceInfo {
        phase: phase(pos),
        scale: scale(pos, acc.eg),
        white_to_move: pos.turn() == Color::White,
        score,
    }
}

fn phase(pos: &Position) -> i32 {
    let minors = (pos.by_role(Role::Knight) | pos.by_role(Role::Bishop)).count() as i32;
    let rooks = pos.by_role(Role::Rook).count() as i32;
    let queens = pos.by_role(Role::Queen).count() as i32;
    (minors + 2 * rooks + 4 * queens).min(PHASE_MAX)
}

/// Endgame scaling for material edges that rarely win.
fn scale(pos: &Position, eg: i32) -> i32 {
    let strong = if eg >= 0 { Color::White } else { Color::Black };
    let non_pawn = |c: Color| {
        let p = |r: Role| pos.pieces(c, r).count() as i32;
        3 * (p(Role::Knight) + p(Role::Bishop)) + 5 * p(Role::Rook) + 9 * p(Role::Queen)
    };
    if pos.pieces(strong, Role::Pawn).is_empty() && non_pawn(strong) - non_pawn(!strong) <= 3 {
        return SCALE_NO_PAWNS_SMALL_EDGE;
    }
    let bishops = pos.by_role(Role::Bishop);
    let only_bishops = pos.by_role(Role::Knight).is_empty() && pos.rook_likes().is_empty();
    if only_bishops
        && pos.pieces(Color::White, Role::Bishop).count() == 1
        && pos.pieces(Color::Black, Role::Bishop).count() == 1
        && (bishops & Bitboard::LIGHT_SQUARES).count() == 1
    {
        return SCALE_OPPOSITE_BISHOPS;
    }
    SCALE_NORMAL
}

/// Everything but the cached pawn structure, then the blend by phase.
fn finish<T: Trace>(pos: &Position, acc: &mut Acc<'_, T>, passed: [Bitboard; 2]) -> i32 {
    let pawn_att = [pawn_attack_map(pos, Color::White), pawn_attack_map(pos, Color::Black)];
    let mut maps = AttackMaps::default();
    for c in Color::ALL {
        maps.add(c, Role::Pawn, pawn_att[c.index()]);
        maps.add(c, Role::King, king_attacks(pos.king(c)));
    }
    let closed = closedness(pos);
    for c in Color::ALL {
        material_and_psts(pos, c, acc);
        pieces(pos, c, acc, &pawn_att, closed, &mut maps);
    }
    // Passed pawns, threats and king danger read both sides' complete attack maps.
    for c in Color::ALL {
        passed_extras(pos, c, acc, passed[c.index()], &maps);
        threats(pos, c, acc, &maps);
        king_danger(pos, c, acc, &mut maps);
    }
    for c in Color::ALL {
        let f = &maps.danger[c.index()];
        let has_queen = pos.pieces(c, Role::Queen).is_nonempty() as i32;
        if f[ks::ATTACKERS] > 1 - has_queen {
            acc.add_safety(c, f);
        }
    }
    let stm = pos.turn();
    acc.add(stm, idx::TEMPO, 1);
    acc.add_complexity(pos, passed);
    let ph = phase(pos);
    let sc = scale(pos, acc.eg);
    let eg = acc.eg * sc / SCALE_NORMAL;
    let white = (acc.mg * ph + eg * (PHASE_MAX - ph)) / PHASE_MAX + lone_king(pos);
    if stm == Color::White { white } else { -white }
}

/// The squares each side attacks, by attacking role and in all.
#[derive(Default)]
struct AttackMaps {
    by: [[Bitboard; 6]; 2],
    all: [Bitboard; 2],
    /// Squares attacked at least twice (all pawns count as one attacker).
    two: [Bitboard; 2],
    /// Each attacking side's king-danger features, filled by `pieces` and `king_danger`.
    danger: [SafetyFeatures; 2],
}

impl AttackMaps {
    #[inline(always)]
    fn add(&mut self, c: Color, role: Role, a: Bitboard) {
        let i = c.index();
        self.by[i][role.index()] |= a;
        self.two[i] |= self.all[i] & a;
        self.all[i] |= a;
    }
}

pub fn pawn_attack_map(pos: &Position, c: Color) -> Bitboard {
    pawn_attacks_of(pos.pieces(c, Role::Pawn), c)
}

/// The squares pawns of colour `c` standing on `pawns` attack.
pub fn pawn_attacks_of(pawns: Bitboard, c: Color) -> Bitboard {
    let p = pawns.0;
    let not_a = !0x0101_0101_0101_0101u64;
    let not_h = !0x8080_8080_8080_8080u64;
    Bitboard(match c {
        Color::White => ((p & not_a) << 7) | ((p & not_h) << 9),
        Color::Black => ((p & not_a) >> 9) | ((p & not_h) >> 7),
    })
}

/// Material plus piece-square value of each role on each square (as White sees it), with the
/// own king on files e-h (`[0]`) or a-d (`[1]`, the queen-side table added): one lookup per
/// piece instead of three weights when nothing is traced.
static PSQT: [[[S; 64]; 6]; 2] = {
    let mut t = [[[S(0, 0); 64]; 6]; 2];
    let mut r = 0;
    while r < 6 {
        let mut sq = 0;
        while sq < 64 {
            let m = WEIGHTS[idx::MATERIAL + r];
            let p = WEIGHTS[idx::PST + 64 * r + sq];
            let q = WEIGHTS[idx::PST_QUEEN_SIDE + 64 * r + sq];
            t[0][r][sq] = S(m.0 + p.0, m.1 + p.1);
            t[1][r][sq] = S(m.0 + p.0 + q.0, m.1 + p.1 + q.1);
            sq += 1;
        }
        r += 1;
    }
    t
};

fn material_and_psts<T: Trace>(pos: &Position, c: Color, acc: &mut Acc<'_, T>) {
    // With the own king on the queen side, a second table adjusts the squares' values.
    let queen_side = pos.king(c).file() < 4;
    if !T::RECORDS {
        let table = &PSQT[queen_side as usize];
        let (mut mg, mut eg) = (0, 0);
        for role in Role::ALL {
            for sq in pos.pieces(c, role) {
                let w = table[role.index()][relative(c, sq)];
                mg += w.0;
                eg += w.1;
            }
        }
        let sign = if c == Color::White { 1 } else { -1 };
        acc.mg += sign * mg;
        acc.eg += sign * eg;
        return;
    }
    for role in Role::ALL {
        for sq in pos.pieces(c, role) {
            let at = 64 * role.index() + relative(c, sq);
            acc.add(c, idx::MATERIAL + role.index(), 1);
            acc.add(c, idx::PST + at, 1);
            if queen_side {
                acc.add(c, idx::PST_QUEEN_SIDE + at, 1);
            }
        }
    }
}

fn pieces<T: Trace>(
    pos: &Position,
    c: Color,
    acc: &mut Acc<'_, T>,
    pawn_att: &[Bitboard; 2],
    closed: usize,
    maps: &mut AttackMaps,
) {
    let them = !c;
    let occ = pos.occupied();
    let own_pawns = pos.pieces(c, Role::Pawn);
    let their_pawns = pos.pieces(them, Role::Pawn);
    let all_pawns = pos.by_role(Role::Pawn);
    let mobility_area = !(own_pawns | pos.pieces(c, Role::King) | pawn_att[them.index()]);
    let their_king = pos.king(them);
    let zone = king_attacks(their_king).with(their_king);
    // Pieces a minor or a rook can threaten: not pawns, not the king.
    let their_pieces = pos.by_color(them) & !their_pawns & !pos.pieces(them, Role::King);
    let their_queens = pos.pieces(them, Role::Queen);
    // A minor with a pawn (of either colour) right in front of it: sheltered from frontal
    // attack, and the pawn's file is closed to its opponent's rooks.
    let behind_pawn =
        |sq: Square| sq.offset(8 * c.forward()).is_some_and(|front| all_pawns.contains(front));

    let own_king = pos.king(c);

    // Squares some enemy pawn attacks now or could after advancing.
    let their_reach = pawn_reach(their_pawns, them);
    // Outposts: ranks 4-6, guarded by an own pawn, out of reach of every enemy pawn.
    let outposts = pawn_att[c.index()] & OUTPOST_RANKS[c.index()] & !their_reach;

    for sq in pos.pieces(c, Role::Knight) {
        let att = knight_attacks(sq);
        maps.add(c, Role::Knight, att);
        acc.add(c, idx::MOB_KNIGHT + (att & mobility_area).count() as usize, 1);
        if outposts.contains(sq) {
            acc.add(c, idx::KNIGHT_OUTPOST, 1);
        } else if (att & outposts & !pos.by_color(c)).is_nonempty() {
            acc.add(c, idx::REACHABLE_OUTPOST, 1);
        }
        if sq.file() == 0 || sq.file() == 7 {
            acc.add(c, idx::KNIGHT_RIM, 1);
        }
        acc.add(c, idx::KING_PROTECTOR + distance(sq, own_king) as usize, 1);
        acc.add(c, idx::TROPISM + distance(sq, their_king) as usize, 1);
        acc.add(c, idx::CLOSED_KNIGHT + closed, 1);
        king_zone(acc, c, Role::Knight, att & zone, &mut maps.danger[c.index()]);
        minor_threats(pos, acc, c, att & their_pieces);
        if behind_pawn(sq) {
            acc.add(c, idx::MINOR_BEHIND_PAWN, 1);
        }
    }
    for sq in pos.pieces(c, Role::Bishop) {
        let att = bishop_attacks(sq, occ);
        maps.add(c, Role::Bishop, att);
        acc.add(c, idx::MOB_BISHOP + (att & mobility_area).count() as usize, 1);
        if outposts.contains(sq) {
            acc.add(c, idx::BISHOP_OUTPOST, 1);
        }
        if LONG_DIAGONALS & (1 << sq.index()) != 0
            && (bishop_attacks(sq, all_pawns) & Bitboard(CENTRE)).count() >= 2
        {
            acc.add(c, idx::BISHOP_LONG_DIAGONAL, 1);
        }
        let same_colour = if Bitboard::LIGHT_SQUARES.contains(sq) {
            Bitboard::LIGHT_SQUARES
        } else {
            Bitboard::DARK_SQUARES
        };
        let blocked = blocked_pawns(pos, c) & same_colour;
        if blocked.is_nonempty() {
            acc.add(c, idx::BISHOP_BLOCKED_PAWN, blocked.count() as i32);
        }
        let on_colour = own_pawns & same_colour;
        if on_colour.is_nonempty() {
            acc.add(c, idx::BISHOP_PAWNS, on_colour.count() as i32);
        }
        acc.add(c, idx::KING_PROTECTOR + 8 + distance(sq, own_king) as usize, 1);
        acc.add(c, idx::TROPISM + 8 + distance(sq, their_king) as usize, 1);
        let rays = bishop_attacks(sq, Bitboard::EMPTY);
        let xray_pawns = rays & their_pawns;
        if xray_pawns.is_nonempty() {
            acc.add(c, idx::BISHOP_XRAY_PAWNS, xray_pawns.count() as i32);
        }
        if (rays & zone).is_nonempty()
            && (att & zone).is_empty()
            && (bishop_attacks(sq, all_pawns) & zone).is_nonempty()
        {
            acc.add(c, idx::BISHOP_ON_KING_RING, 1);
        }
        king_zone(acc, c, Role::Bishop, att & zone, &mut maps.danger[c.index()]);
        minor_threats(pos, acc, c, att & their_pieces);
        if behind_pawn(sq) {
            acc.add(c, idx::MINOR_BEHIND_PAWN, 1);
        }
    }
    if pos.pieces(c, Role::Bishop).more_than_one() {
        acc.add(c, idx::BISHOP_PAIR, 1);
    }
    for sq in pos.pieces(c, Role::Rook) {
        let att = rook_attacks(sq, occ);
        maps.add(c, Role::Rook, att);
        acc.add(c, idx::MOB_ROOK + (att & mobility_area).count() as usize, 1);
        acc.add(c, idx::CLOSED_ROOK + closed, 1);
        acc.add(c, idx::TROPISM + 16 + distance(sq, their_king) as usize, 1);
        // The rook's lines cross the zone when it stands within a file or a rank of the king.
        let near_lines = (sq.file() as i32 - their_king.file() as i32).abs() <= 1
            || (sq.rank() as i32 - their_king.rank() as i32).abs() <= 1;
        if near_lines
            && (att & zone).is_empty()
            && (rook_attacks(sq, all_pawns) & zone).is_nonempty()
        {
            acc.add(c, idx::ROOK_ON_KING_RING, 1);
        }
        let file = Bitboard::file(sq.file());
        if (file & all_pawns).is_empty() {
            acc.add(c, idx::ROOK_OPEN, 1);
        } else if (file & own_pawns).is_empty() {
            acc.add(c, idx::ROOK_HALF_OPEN, 1);
        }
        if sq.relative_rank(c) == 6
            && (their_king.relative_rank(c) == 7
                || (their_pawns & Bitboard::rank(sq.rank())).is_nonempty())
        {
            acc.add(c, idx::ROOK_SEVENTH, 1);
        }
        king_zone(acc, c, Role::Rook, att & zone, &mut maps.danger[c.index()]);
        for t in att & their_pieces & !their_queens {
            if let Some(r) = pos.role_at(t) {
                acc.add(c, idx::THREAT_BY_ROOK + r.index(), 1);
            }
        }
        if (file & their_queens).is_nonempty() {
            acc.add(c, idx::ROOK_ON_QUEEN_FILE, 1);
        }
    }
    for sq in pos.pieces(c, Role::Queen) {
        let att = queen_attacks(sq, occ);
        maps.add(c, Role::Queen, att);
        acc.add(c, idx::MOB_QUEEN + (att & mobility_area).count() as usize, 1);
        acc.add(c, idx::TROPISM + 24 + distance(sq, their_king) as usize, 1);
        // Deep in the enemy half where no enemy pawn can ever chase her away.
        if sq.relative_rank(c) >= 4 && !their_reach.contains(sq) {
            acc.add(c, idx::QUEEN_INFILTRATION, 1);
        }
        king_zone(acc, c, Role::Queen, att & zone, &mut maps.danger[c.index()]);
        // Developing the queen before the minor pieces invites tempo-gaining attacks on her.
        if relative(c, sq) != Square::D1.index() {
            let home = [Square::B1, Square::C1, Square::F1, Square::G1];
            let undeveloped = home
                .iter()
                .filter(|&&h| {
                    let s = Square::from_index_masked(relative(c, h) as u32);
                    matches!(pos.role_at(s), Some(Role::Knight | Role::Bishop))
                        && pos.by_color(c).contains(s)
                })
                .count() as i32;
            if undeveloped > 0 {
                acc.add(c, idx::QUEEN_EARLY, undeveloped);
            }
        }
    }
    let attackers = maps.danger[c.index()][ks::ATTACKERS] as usize;
    if attackers > 0 {
        acc.add(c, idx::KING_ATTACKERS + attackers.min(7), 1);
    }
    // Pawns attacking pieces.
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let hit = pawn_att[c.index()] & pos.pieces(them, role);
        if hit.is_nonempty() {
            acc.add(c, idx::THREAT_BY_PAWN + role.index(), hit.count() as i32);
        }
    }
    let rights = pos.castling_rooks() & pos.pieces(c, Role::Rook);
    if rights.is_nonempty() {
        acc.add(c, idx::CASTLING_RIGHT, rights.count() as i32);
    }
}

/// Ranks 4-6 from each side's view, where a piece can take an outpost.
const OUTPOST_RANKS: [Bitboard; 2] =
    [Bitboard(0x0000_FFFF_FF00_0000), Bitboard(0x0000_00FF_FFFF_0000)];

/// Every square pawns of colour `c` on `pawns` attack now or could attack after advancing.
fn pawn_reach(pawns: Bitboard, c: Color) -> Bitboard {
    let mut p = pawns.0;
    match c {
        Color::White => {
            p |= p << 8;
            p |= p << 16;
            p |= p << 32;
        }
        Color::Black => {
            p |= p >> 8;
            p |= p >> 16;
            p |= p >> 32;
        }
    }
    pawn_attacks_of(Bitboard(p), c)
}

/// How closed the pawn structure is, 0 (open) to 8 (locked): the pawns, three times the
/// rammed pairs, less four times the files without pawns, in thirds.
fn closedness(pos: &Position) -> usize {
    let white = pos.pieces(Color::White, Role::Pawn).0;
    let black = pos.pieces(Color::Black, Role::Pawn).0;
    let rammed = ((white << 8) & black).count_ones() as i32;
    let mut files = white | black;
    files |= files >> 32;
    files |= files >> 16;
    files |= files >> 8;
    let open = 8 - (files & 0xFF).count_ones() as i32;
    let pawns = (white | black).count_ones() as i32;
    ((pawns + 3 * rammed - 4 * open) / 3).clamp(0, 8) as usize
}

/// Passed-pawn terms that depend on pieces (so they cannot live in the pawn cache), all by the
/// pawn's rank: its stop square empty, its stop square not attacked, its whole path to the
/// last rank empty and not attacked, and each king's distance to the stop square.
fn passed_extras<T: Trace>(
    pos: &Position,
    c: Color,
    acc: &mut Acc<'_, T>,
    passed: Bitboard,
    maps: &AttackMaps,
) {
    let own_king = pos.king(c);
    let their_king = pos.king(!c);
    let occ = pos.occupied();
    let their_att = maps.all[(!c).index()];
    for sq in passed {
        let rank = sq.relative_rank(c) as usize;
        let Some(stop) = sq.offset(8 * c.forward()) else { continue };
        if !occ.contains(stop) {
            acc.add(c, idx::PASSED_FREE + rank, 1);
        }
        if !their_att.contains(stop) {
            acc.add(c, idx::PASSED_SAFE_STOP + rank, 1);
        }
        if (Bitboard(FRONT_SPAN[c.index()][sq.index()]) & (occ | their_att)).is_empty() {
            acc.add(c, idx::PASSED_SAFE_PATH + rank, 1);
        }
        acc.add(c, idx::PASSED_OWN_KING + rank, distance(own_king, stop));
        acc.add(c, idx::PASSED_THEIR_KING + rank, distance(their_king, stop));
    }
}

#[inline]
pub fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

#[cfg(test)]
mod tests;
