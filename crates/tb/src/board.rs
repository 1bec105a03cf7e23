//! A bare bitboard board for generation: no castling, no en passant, no clocks; moves and un-moves.

use vidle_core::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, pawn_attacks,
    queen_attacks, rook_attacks, rook_rays,
};
use vidle_core::{Bitboard, Color, Piece, Position, Role, Square};

use crate::material::Material;

/// Pieces as bitboards, `bb[color][role]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Board {
    /// `bb[color][role]`: colour 0 white, 1 black; role 0 pawn, 1 knight, 2 bishop, 3 rook,
    /// 4 queen, 5 king; bit `s` is square `s` (a1 = 0, b1 = 1, …, h8 = 63).
    pub bb: [[u64; 6]; 2],
}

/// Where a move leads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveClass {
    /// Stays in the table and keeps the fifty-move counter running.
    Quiet,
    /// Stays in the table but resets the counter (a pawn push).
    PawnPush,
    /// A double pawn push; the square passed over may allow an en passant reply.
    DoublePush(u8),
    /// Leaves the table: a capture or a promotion.
    Exit,
}

/// The piece a move or un-move displaces: its role and the squares it leaves and reaches (for a
/// promotion the pawn's). Lets the index of a neighbour be derived from the index of the board
/// (see [`crate::index::Layout::encode_step`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Step {
    /// Role index of the piece (0 pawn … 5 king); a promotion's step is the pawn's (0).
    pub role: usize,
    /// Square the piece leaves (0 = a1 … 63 = h8).
    pub from: u32,
    /// Square the piece reaches.
    pub to: u32,
}

impl Step {
    /// The same piece's step the other way: the move that undoes an un-move, and back.
    #[inline]
    pub fn reversed(self) -> Step {
        Step { role: self.role, from: self.to, to: self.from }
    }
}

const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff << 56;

#[inline]
fn sq(i: u32) -> Square {
    Square::from_index_masked(i)
}

impl Board {
    /// The pieces of a rules-core position; castling rights, the en passant square and the
    /// clocks are dropped.
    pub fn from_position(pos: &Position) -> Board {
        let mut b = Board::default();
        for c in Color::ALL {
            for r in Role::ALL {
                b.bb[c.index()][r.index()] = pos.pieces(c, r).0;
            }
        }
        b
    }

    /// The pieces as a list, for building a [`Position`] through a FEN.
    pub fn piece_at(&self, s: u32) -> Option<Piece> {
        for c in Color::ALL {
            for r in Role::ALL {
                if self.bb[c.index()][r.index()] >> s & 1 != 0 {
                    return Some(Piece::new(c, r));
                }
            }
        }
        None
    }

    /// The board part of a FEN with `turn` to move.
    pub fn fen(&self, turn: Color) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_at(rank * 8 + file) {
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push_str(if turn == Color::White { " w - - 0 1" } else { " b - - 0 1" });
        s
    }

    /// Every piece of colour `c` (0 white, 1 black), kings included.
    #[inline]
    pub fn color_bb(&self, c: usize) -> u64 {
        self.bb[c].iter().fold(0, |a, &b| a | b)
    }

    /// Every occupied square, both colours.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.color_bb(0) | self.color_bb(1)
    }

    /// The pieces counted, as they stand on the board (not normalised).
    pub fn material(&self) -> Material {
        let mut m = Material { counts: [[0; 6]; 2] };
        for c in 0..2 {
            for r in 0..6 {
                m.counts[c][r] = self.bb[c][r].count_ones() as u8;
            }
        }
        m
    }

    /// Colours exchanged and the board mirrored top to bottom.
    pub fn color_flipped(&self) -> Board {
        let mut b = Board::default();
        for c in 0..2 {
            for r in 0..6 {
                b.bb[1 - c][r] = self.bb[c][r].swap_bytes();
            }
        }
        b
    }

    /// Is `target` attacked by `by`, with occupancy `occ`?
    #[inline]
    pub fn attacked(&self, target: u32, by: usize, occ: u64) -> bool {
        let t = sq(target);
        let p = &self.bb[by];
        let occ = Bitboard(occ);
        // Tables hold few pieces: skip the lookups of roles the attacker does not have.
        let (rooks, bishops) = (p[3] | p[4], p[2] | p[4]);
        (king_attacks(t).0 & p[5]) != 0
            || (p[1] != 0 && (knight_attacks(t).0 & p[1]) != 0)
            || (p[0] != 0 && (pawn_attacks(color(1 - by), t).0 & p[0]) != 0)
            || (rooks != 0 && (rook_attacks(t, occ).0 & rooks) != 0)
            || (bishops != 0 && (bishop_attacks(t, occ).0 & bishops) != 0)
    }

    /// Every square that a piece of `by` attacks with `occ` the occupied squares (including
    /// squares its own pieces stand on: those are defended).
    #[inline]
    fn attack_set(&self, by: usize, occ: u64) -> u64 {
        let p = &self.bb[by];
        let mut out = 0;
        let mut pawns = p[0];
        while pawns != 0 {
            out |= pawn_attacks(color(by), sq(pawns.trailing_zeros())).0;
            pawns &= pawns - 1;
        }
        for (role, &bb) in p.iter().enumerate().skip(1) {
            let mut pieces = bb;
            while pieces != 0 {
                out |= piece_attacks(role, pieces.trailing_zeros(), occ);
                pieces &= pieces - 1;
            }
        }
        out
    }

    /// The pieces of `by` that attack `target`, with `occ` the occupied squares.
    #[inline]
    pub fn attackers(&self, target: u32, by: usize, occ: u64) -> u64 {
        let t = sq(target);
        let p = &self.bb[by];
        let (rooks, bishops) = (p[3] | p[4], p[2] | p[4]);
        let mut out = king_attacks(t).0 & p[5];
        if p[1] != 0 {
            out |= knight_attacks(t).0 & p[1];
        }
        if p[0] != 0 {
            out |= pawn_attacks(color(1 - by), t).0 & p[0];
        }
        if rooks != 0 {
            out |= rook_attacks(t, Bitboard(occ)).0 & rooks;
        }
        if bishops != 0 {
            out |= bishop_attacks(t, Bitboard(occ)).0 & bishops;
        }
        out
    }

    /// The king of `c` is attacked.
    #[inline]
    pub fn in_check(&self, c: usize) -> bool {
        let k = self.bb[c][5];
        k != 0 && self.attacked(k.trailing_zeros(), 1 - c, self.occupied())
    }

    /// A legal position with `stm` to move: kings present, the side not to move not in check.
    /// (Distinct squares, pawn ranks and king distance are the index's business.)
    #[inline]
    pub fn legal_with(&self, stm: usize) -> bool {
        !self.in_check(1 - stm)
    }

    /// Pieces of `c` that alone stand between their king and an enemy slider.
    #[inline]
    fn pinned(&self, c: usize, occ: u64) -> u64 {
        let k = self.bb[c][5];
        if k == 0 {
            return 0;
        }
        let king = sq(k.trailing_zeros());
        let e = &self.bb[1 - c];
        let mut snipers =
            (rook_rays(king).0 & (e[3] | e[4])) | (bishop_rays(king).0 & (e[2] | e[4]));
        let mut out = 0;
        while snipers != 0 {
            let s = snipers.trailing_zeros();
            snipers &= snipers - 1;
            let b = between(king, sq(s)).0 & occ;
            if b.count_ones() == 1 {
                out |= b;
            }
        }
        out & self.color_bb(c)
    }

    /// This board after `color`'s piece made the quiet `step` (no capture, no promotion).
    #[inline]
    pub fn stepped(&self, color: usize, step: Step) -> Board {
        let mut b = *self;
        b.bb[color][step.role] ^= 1u64 << step.from | 1u64 << step.to;
        b
    }

    /// Calls `f(child, class, step)` for every legal move of `stm` (promotions to every piece).
    #[inline]
    pub fn for_each_move(&self, stm: usize, f: impl FnMut(&Board, MoveClass, Step)) {
        self.for_each_move_grouped(stm, false, |_, _, _| {}, f);
    }

    /// [`Board::for_each_move`], except that with `group` the quiet moves of each piece that is
    /// neither the king nor pinned (and its king not in check) are not made one by one:
    /// `free(role, from, targets)` hears of them at once, as the empty squares the piece reaches.
    /// Every such move is legal and keeps both kings where they are, so a caller that needs only
    /// their number (the forward pass) counts the bits.
    #[inline]
    pub fn for_each_move_grouped(
        &self,
        stm: usize,
        group: bool,
        mut free: impl FnMut(usize, u32, u64),
        mut f: impl FnMut(&Board, MoveClass, Step),
    ) {
        let occ = self.occupied();
        let own = self.color_bb(stm);
        let them = self.color_bb(1 - stm);
        let king = self.bb[stm][5];
        // The squares the enemy attacks with this king lifted (a slider's ray goes on through
        // its square): the king may move to exactly the others, and stands in check if its own
        // square is one. One set for all king moves instead of a check test per target.
        let danger = self.attack_set(1 - stm, occ & !king);
        // Out of check, a piece that is neither the king nor pinned cannot expose the king: its
        // moves need no test (en passant, the exception, is not generated here).
        let safe = if danger & king != 0 { 0 } else { own & !king & !self.pinned(stm, occ) };
        for role in 0..6 {
            let mut pieces = self.bb[stm][role];
            while pieces != 0 {
                let from = pieces.trailing_zeros();
                pieces &= pieces - 1;
                // The king's targets are filtered by `danger` below, so its moves are safe too.
                let is_safe = role == 5 || safe >> from & 1 != 0;
                if role == 0 {
                    self.pawn_moves(stm, from, occ, them, is_safe, &mut f);
                    continue;
                }
                let mut targets = piece_attacks(role, from, occ) & !own;
                if role == 5 {
                    targets &= !danger;
                }
                if group && is_safe && role != 5 {
                    let quiet = targets & !occ;
                    if quiet != 0 {
                        free(role, from, quiet);
                    }
                    targets &= them;
                }
                while targets != 0 {
                    let to = targets.trailing_zeros();
                    targets &= targets - 1;
                    let mut child = *self;
                    let capture = child.capture_on(stm, to, them);
                    child.bb[stm][role] ^= 1 << from | 1 << to;
                    if is_safe || !child.in_check(stm) {
                        let class = if capture { MoveClass::Exit } else { MoveClass::Quiet };
                        f(&child, class, Step { role, from, to });
                    }
                }
            }
        }
    }

    /// Removes the enemy piece on `to` (if `them` has one there) from this copy of the board
    /// and says whether there was one: the start of every move by `stm` onto `to`.
    ///
    /// It works on the caller's copy in place: returning a modified copy by value (a
    /// `(Board, bool)`) made the compiler copy the board a second time, and with AVX-512 that
    /// second copy read back a board just written as two overlapping 64-byte stores, which the
    /// processor cannot forward to a load: it waited for the stores to reach the cache, a third
    /// of the forward pass's time in its move loop (`perf annotate`, KBBvKP).
    #[inline(always)]
    fn capture_on(&mut self, stm: usize, to: u32, them: u64) -> bool {
        let capture = them >> to & 1 != 0;
        if capture {
            self.clear_color(1 - stm, to);
        }
        capture
    }

    fn pawn_moves(
        &self,
        stm: usize,
        from: u32,
        occ: u64,
        them: u64,
        is_safe: bool,
        f: &mut impl FnMut(&Board, MoveClass, Step),
    ) {
        let up: i32 = if stm == 0 { 8 } else { -8 };
        let mut targets = pawn_attacks(color(stm), sq(from)).0 & them;
        let one = (from as i32 + up) as u32;
        if occ >> one & 1 == 0 {
            targets |= 1 << one;
            let start_rank = if stm == 0 { 1 } else { 6 };
            let two = (one as i32 + up) as u32;
            if from / 8 == start_rank && occ >> two & 1 == 0 {
                targets |= 1 << two;
            }
        }
        while targets != 0 {
            let to = targets.trailing_zeros();
            targets &= targets - 1;
            let mut child = *self;
            let capture = child.capture_on(stm, to, them);
            child.bb[stm][0] ^= 1 << from;
            let class = if capture {
                MoveClass::Exit
            } else if to.abs_diff(from) == 16 {
                MoveClass::DoublePush(one as u8)
            } else {
                MoveClass::PawnPush
            };
            let step = Step { role: 0, from, to };
            // Whether the king is left in check depends on the squares taken, not on what
            // stands on `to`: one test serves every promotion piece.
            child.bb[stm][0] |= 1 << to;
            if !is_safe && child.in_check(stm) {
                continue;
            }
            if (1u64 << to) & (RANK_1 | RANK_8) != 0 {
                child.bb[stm][0] ^= 1 << to;
                for promo in [4, 3, 2, 1] {
                    child.bb[stm][promo] |= 1 << to;
                    f(&child, MoveClass::Exit, step);
                    child.bb[stm][promo] ^= 1 << to;
                }
            } else {
                f(&child, class, step);
            }
        }
    }

    /// Calls `f(child)` for every legal en passant capture of `stm` onto `ep` (the square a
    /// double push just passed over).
    pub fn for_each_ep_capture(&self, stm: usize, ep: u32, mut f: impl FnMut(&Board)) {
        let captured = if stm == 0 { ep - 8 } else { ep + 8 };
        let mut capturers = pawn_attacks(color(1 - stm), sq(ep)).0 & self.bb[stm][0];
        while capturers != 0 {
            let from = capturers.trailing_zeros();
            capturers &= capturers - 1;
            let mut child = *self;
            child.bb[1 - stm][0] &= !(1u64 << captured);
            child.bb[stm][0] ^= 1 << from | 1 << ep;
            if !child.in_check(stm) {
                f(&child);
            }
        }
    }

    #[inline]
    fn clear_color(&mut self, c: usize, s: u32) {
        for r in 0..6 {
            self.bb[c][r] &= !(1u64 << s);
        }
    }

    /// Calls `f(parent, step)` for every position, `mover` to move, from which a non-capturing,
    /// non-promoting move of `mover` leads here (`step` is the move as played in the parent).
    /// With `pawns` false, pawn un-pushes are left out
    /// (they change the pawn structure, which DTZ treats as a zeroing exit). Parents whose side not
    /// to move would be in check are left out.
    ///
    /// The parents' legality is settled once per piece, not per parent: with the piece lifted
    /// off `to`, the other pieces attack the enemy king not at all (an extra blocker cannot create
    /// an attack), from one slider (only origins between the two block it) or otherwise (no
    /// origin is legal); and the piece itself attacks the king from exactly the squares its role
    /// reaches from the king's square.
    pub fn for_each_unmove(&self, mover: usize, pawns: bool, mut f: impl FnMut(&Board, Step)) {
        let occ = self.occupied();
        let empty = !occ;
        let enemy_king = self.bb[1 - mover][5];
        for role in 0..6 {
            let mut pieces = self.bb[mover][role];
            while pieces != 0 {
                let to = pieces.trailing_zeros();
                pieces &= pieces - 1;
                let mut origins = if role == 0 {
                    if !pawns {
                        continue;
                    }
                    pawn_unpush_origins(mover, to, occ)
                } else {
                    piece_attacks(role, to, occ) & empty
                };
                if origins == 0 {
                    continue;
                }
                let mut lifted = *self;
                lifted.bb[mover][role] ^= 1 << to;
                let lifted_occ = occ ^ 1 << to;
                // `block`: the origins that leave the enemy king unattacked by the other pieces
                // (all squares when none attacks it; the squares between it and a lone slider
                // that does; none otherwise, as no one square blocks two attacks).
                let (block, reach) = if enemy_king == 0 {
                    (!0, 0)
                } else {
                    let k = enemy_king.trailing_zeros();
                    let reach = if role == 0 {
                        pawn_attacks(color(1 - mover), sq(k)).0
                    } else {
                        piece_attacks(role, k, lifted_occ)
                    };
                    let checkers = lifted.attackers(k, mover, lifted_occ);
                    let block = match checkers.count_ones() {
                        0 => !0,
                        1 => between(sq(k), sq(checkers.trailing_zeros())).0,
                        _ => 0,
                    };
                    (block, reach)
                };
                origins &= !reach & block;
                // Each parent is `lifted` with the piece put back on its origin, in place and
                // taken off again: a copy per parent would read back a board whose last write
                // was a single word (see `capture_on`).
                let parent = &mut lifted;
                while origins != 0 {
                    let from = origins.trailing_zeros();
                    origins &= origins - 1;
                    parent.bb[mover][role] |= 1 << from;
                    debug_assert!(!parent.in_check(1 - mover));
                    f(parent, Step { role, from, to });
                    parent.bb[mover][role] &= !(1 << from);
                }
            }
        }
    }
}

fn pawn_unpush_origins(mover: usize, to: u32, occ: u64) -> u64 {
    let (down, rank_two, rank_four): (i32, u32, u32) =
        if mover == 0 { (-8, 1, 3) } else { (8, 6, 4) };
    let rank = to / 8;
    if rank == rank_two {
        return 0;
    }
    let one = (to as i32 + down) as u32;
    if occ >> one & 1 != 0 {
        return 0;
    }
    let mut out = 1u64 << one;
    if rank == rank_four {
        let two = (one as i32 + down) as u32;
        if occ >> two & 1 == 0 {
            out |= 1 << two;
        }
    }
    out
}

#[inline]
fn color(c: usize) -> Color {
    if c == 0 { Color::White } else { Color::Black }
}

#[inline]
fn piece_attacks(role: usize, from: u32, occ: u64) -> u64 {
    let s = sq(from);
    let occ = Bitboard(occ);
    match role {
        1 => knight_attacks(s).0,
        2 => bishop_attacks(s, occ).0,
        3 => rook_attacks(s, occ).0,
        4 => queen_attacks(s, occ).0,
        _ => king_attacks(s).0,
    }
}

/// The eight symmetries of the board as bit flags applied in order: files mirrored, ranks
/// mirrored, then the a1–h8 diagonal transposed.
pub mod sym {
    /// Mirror the files (a ↔ h): square `s` becomes `s ^ 7`.
    pub const FILE: u8 = 1;
    /// Mirror the ranks (1 ↔ 8): square `s` becomes `s ^ 56`.
    pub const RANK: u8 = 2;
    /// Transpose along the a1–h8 diagonal: file and rank exchanged.
    pub const DIAG: u8 = 4;

    /// Square `s` under symmetry `t`, any combination of [`FILE`], [`RANK`] and [`DIAG`].
    #[inline]
    pub fn square(t: u8, mut s: u32) -> u32 {
        if t & FILE != 0 {
            s ^= 7;
        }
        if t & RANK != 0 {
            s ^= 56;
        }
        if t & DIAG != 0 {
            s = (s & 7) << 3 | s >> 3;
        }
        s
    }

    #[inline]
    fn transpose(mut x: u64) -> u64 {
        // Delta swaps along the a1-h8 diagonal (Chess Programming Wiki's flipDiagA1H8).
        const K1: u64 = 0x5500_5500_5500_5500;
        const K2: u64 = 0x3333_0000_3333_0000;
        const K4: u64 = 0x0f0f_0f0f_0000_0000;
        let mut t = K4 & (x ^ (x << 28));
        x ^= t ^ (t >> 28);
        t = K2 & (x ^ (x << 14));
        x ^= t ^ (t >> 14);
        t = K1 & (x ^ (x << 7));
        x ^= t ^ (t >> 7);
        x
    }

    /// Bitboard `b` under symmetry `t`: every square moved as [`square`] moves it.
    #[inline]
    pub fn bitboard(t: u8, mut b: u64) -> u64 {
        if t & FILE != 0 {
            b = b.reverse_bits().swap_bytes();
        }
        if t & RANK != 0 {
            b = b.swap_bytes();
        }
        if t & DIAG != 0 {
            b = transpose(b);
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_agree_on_squares_and_bitboards() {
        for t in 0..8u8 {
            for s in 0..64 {
                assert_eq!(sym::bitboard(t, 1 << s), 1 << sym::square(t, s), "t={t} s={s}");
            }
        }
    }

    #[test]
    fn move_counts_match_the_rules_core() {
        for fen in [
            "8/8/8/3k4/8/8/2QK4/8 w - - 0 1",
            "8/1P6/8/3k4/8/8/2QK4/8 w - - 0 1",
            "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1",
            "4k3/8/8/8/3p4/8/4P3/4K3 b - - 0 1",
            "8/8/8/8/8/2k5/1p6/2R1K3 b - - 0 1",
        ] {
            let pos = vidle_core::parse_fen(fen).unwrap();
            let b = Board::from_position(&pos);
            let mut n = 0;
            b.for_each_move(pos.turn().index(), |_, _, _| n += 1);
            assert_eq!(n as u64, pos.count_legal(), "{fen}");
        }
    }

    /// Sampled boards of several tables (pins, checks, pawns): the move count agrees with the
    /// rules core, every quiet move's child lists this board among its parents, and every
    /// parent reaches this board by the move its step names.
    #[test]
    fn moves_and_unmoves_agree_on_sampled_boards() {
        for name in ["KRvKB", "KQvKR", "KBvKP", "KRvKP", "KQPvK", "KBNvK"] {
            let layout = crate::index::Layout::new(name.parse().unwrap());
            let mut checked = 0;
            for idx in (0..layout.size).step_by(331) {
                let Some(b) = layout.decode(idx) else { continue };
                for stm in 0..2 {
                    if !b.legal_with(stm) {
                        continue;
                    }
                    let turn = color(stm);
                    let Ok(pos) = vidle_core::parse_fen(&b.fen(turn)) else { continue };
                    let mut n = 0;
                    b.for_each_move(stm, |child, class, step| {
                        n += 1;
                        if class == MoveClass::Quiet {
                            let mut found = false;
                            child.for_each_unmove(stm, true, |p, s| found |= *p == b && s == step);
                            assert!(found, "{name} {}: {step:?} not undone", b.fen(turn));
                        }
                    });
                    assert_eq!(n, pos.count_legal(), "{name} {}", b.fen(turn));
                    b.for_each_unmove(1 - stm, true, |p, step| {
                        assert!(p.legal_with(1 - stm));
                        let mut found = false;
                        p.for_each_move(1 - stm, |c, _, s| found |= *c == b && s == step);
                        assert!(found, "{name} {}: parent by {step:?}", b.fen(turn));
                    });
                    checked += 1;
                }
            }
            assert!(checked > 1000, "{name}: {checked}");
        }
    }

    #[test]
    fn unmoves_invert_quiet_moves() {
        let pos = vidle_core::parse_fen("8/8/8/3k4/8/2P5/2QK4/8 w - - 0 1").unwrap();
        let b = Board::from_position(&pos);
        b.for_each_move(0, |child, class, step| {
            if class != MoveClass::Exit {
                let mut found = false;
                child.for_each_unmove(0, true, |p, back| found |= *p == b && back == step);
                assert!(found);
            }
        });
    }
}
