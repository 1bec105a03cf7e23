//! Legal move generation with check and pin masks.
//!
//! One generator serves every consumer through the [`Visitor`] trait: [`MoveList`] receives each
//! move, a counter only adds up target-set sizes (bulk perft), and the generation kind selects
//! captures/promotions ("noisy") or the rest ("quiet") for a staged move picker.

use crate::attacks::{between, king_attacks, knight_attacks, line, pawn_attacks, piece_attacks};
use crate::bitboard::Bitboard;
use crate::mv::{Move, MoveList};
use crate::position::Position;
use crate::types::{CastlingSide, Color, Role, Square};

/// Which moves to generate.
pub mod gen_kind {
    /// Every legal move.
    pub const ALL: u8 = 0;
    /// Captures (en passant and capturing promotions included) and queen promotions.
    pub const NOISY: u8 = 1;
    /// Everything else: non-captures, under-promotions that do not capture, castling.
    pub const QUIET: u8 = 2;
}
use gen_kind::{ALL, NOISY, QUIET};

/// Which promotion pieces a pawn move to the last rank expands to.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Promos {
    /// All four, in the order a [`MoveList`] receives them: queen, knight, rook, bishop.
    All,
    /// The queen only (noisy generation of pushes to the last rank).
    QueenOnly,
    /// Knight, rook and bishop (quiet generation of pushes to the last rank).
    UnderOnly,
}

/// Receives generated moves in bulk.
pub trait Visitor {
    /// A piece (not a pawn) on `from` moves to each square of `targets`.
    fn piece(&mut self, from: Square, targets: Bitboard);
    /// Pawns move to each square of `targets`, each from `to - delta` (index arithmetic).
    /// Targets on the last rank are promotions, expanded as `promos` says.
    fn pawns(&mut self, targets: Bitboard, delta: i8, promos: Promos);
    /// One special move (castling, en passant).
    fn single(&mut self, m: Move);
}

const PROMO_RANKS: Bitboard = Bitboard::BACK_RANKS;

impl Visitor for MoveList {
    #[inline]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::normal(from, to));
        }
    }

    #[inline]
    fn pawns(&mut self, targets: Bitboard, delta: i8, promos: Promos) {
        for to in targets & !PROMO_RANKS {
            let from = Square::from_index_masked((to.index() as i32 - delta as i32) as u32);
            self.push(Move::normal(from, to));
        }
        for to in targets & PROMO_RANKS {
            let from = Square::from_index_masked((to.index() as i32 - delta as i32) as u32);
            if promos != Promos::UnderOnly {
                self.push(Move::promotion(from, to, Role::Queen));
            }
            if promos != Promos::QueenOnly {
                self.push(Move::promotion(from, to, Role::Knight));
                self.push(Move::promotion(from, to, Role::Rook));
                self.push(Move::promotion(from, to, Role::Bishop));
            }
        }
    }

    #[inline]
    fn single(&mut self, m: Move) {
        self.push(m);
    }
}

/// Counts moves without materialising them (bulk-counted perft).
pub struct Counter(pub u64);

impl Visitor for Counter {
    #[inline]
    fn piece(&mut self, _from: Square, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }

    #[inline]
    fn pawns(&mut self, targets: Bitboard, _delta: i8, promos: Promos) {
        let per_promo = match promos {
            Promos::All => 4,
            Promos::QueenOnly => 1,
            Promos::UnderOnly => 3,
        };
        self.0 += (targets & !PROMO_RANKS).count() as u64
            + per_promo * (targets & PROMO_RANKS).count() as u64;
    }

    #[inline]
    fn single(&mut self, _m: Move) {
        self.0 += 1;
    }
}

#[inline]
fn shift_forward(b: Bitboard, c: Color) -> Bitboard {
    match c {
        Color::White => b.shift_up(),
        Color::Black => b.shift_down(),
    }
}

impl Position {
    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<ALL, _>(&mut list);
        list
    }

    /// Legal captures and queen promotions.
    pub fn noisy_moves(&self, list: &mut MoveList) {
        self.generate::<NOISY, _>(list);
    }

    /// Legal moves that are not in [`Position::noisy_moves`].
    pub fn quiet_moves(&self, list: &mut MoveList) {
        self.generate::<QUIET, _>(list);
    }

    /// The number of legal moves.
    pub fn count_legal(&self) -> u64 {
        let mut c = Counter(0);
        self.generate::<ALL, _>(&mut c);
        c.0
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_moves(&self) -> bool {
        self.count_legal() > 0
    }

    /// Whether the side to move is checkmated: in check with no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated: not in check, with no legal move.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Whether `m` is a legal move here. Accepts any 16-bit code (for moves from a hash table).
    pub fn is_legal(&self, m: Move) -> bool {
        if !m.has_valid_kind() || !self.us().contains(m.from()) {
            return false;
        }
        self.is_legal_with_checkers(m, self.checkers())
    }

    /// [`Position::is_legal`] for a caller that knows the checkers (`checkers` must equal
    /// [`Position::checkers`]; the search keeps them per node, and they are not stored).
    pub fn is_legal_with_checkers(&self, m: Move, checkers: Bitboard) -> bool {
        if !m.has_valid_kind() || !self.us().contains(m.from()) {
            return false;
        }
        let mut list = MoveList::new();
        let from = m.from();
        if self.role_at(from) == Some(Role::King) {
            self.generate_with_checkers::<ALL, _>(&mut list, checkers);
        } else {
            self.generate_with_checkers::<ALL, _>(
                &mut FromFilter { list: &mut list, from },
                checkers,
            );
        }
        list.contains(m)
    }

    /// Generates the legal moves of kind `KIND` (see [`gen_kind`]) into `v`.
    #[inline]
    pub fn generate<const KIND: u8, V: Visitor>(&self, v: &mut V) {
        self.generate_with_checkers::<KIND, V>(v, self.checkers());
    }

    /// [`Position::generate`] for a caller that knows the checkers (`checkers` must equal
    /// [`Position::checkers`]), e.g. a search that knows a node is not in check.
    pub fn generate_with_checkers<const KIND: u8, V: Visitor>(
        &self,
        v: &mut V,
        checkers: Bitboard,
    ) {
        debug_assert_eq!(checkers, self.checkers());
        let us = self.turn();
        let king = self.king(us);
        let occ = self.occupied();
        let ours = self.us();
        let theirs = self.them();

        let kind_mask = match KIND {
            NOISY => theirs,
            QUIET => !occ,
            _ => !ours,
        };

        // King moves: to squares not attacked once the king has left its square.
        let occ_no_king = occ.without(king);
        let mut king_targets = Bitboard::EMPTY;
        for to in king_attacks(king) & kind_mask {
            if !self.is_attacked_by(to, !us, occ_no_king) {
                king_targets = king_targets.with(to);
            }
        }
        v.piece(king, king_targets);

        if checkers.more_than_one() {
            return;
        }
        let check_mask = match checkers.first() {
            Some(c) => between(king, c).with(c),
            None => Bitboard::FULL,
        };
        let target = kind_mask & check_mask;
        let pinned = self.blockers(us) & ours;

        // Knights (a pinned knight can never move).
        for from in self.pieces(us, Role::Knight) & !pinned {
            v.piece(from, knight_attacks(from) & target);
        }
        // Sliders.
        for role in [Role::Bishop, Role::Rook, Role::Queen] {
            for from in self.pieces(us, role) {
                let mut t = piece_attacks(role, from, occ) & target;
                if pinned.contains(from) {
                    t &= line(king, from);
                }
                v.piece(from, t);
            }
        }

        self.generate_pawns::<KIND, V>(v, king, pinned, check_mask);

        if KIND != NOISY && checkers.is_empty() {
            self.generate_castling(v, king);
        }
    }

    fn generate_pawns<const KIND: u8, V: Visitor>(
        &self,
        v: &mut V,
        king: Square,
        pinned: Bitboard,
        check_mask: Bitboard,
    ) {
        let us = self.turn();
        let occ = self.occupied();
        let empty = !occ;
        let theirs = self.them();
        let pawns = self.pieces(us, Role::Pawn);
        let fwd: i8 = 8 * us.forward();
        let third = Bitboard::rank(if us == Color::White { 2 } else { 5 });
        let promo_rank = Bitboard::rank(if us == Color::White { 7 } else { 0 });

        // Pawns pinned along a file may still push; pinned along a diagonal may capture the pinner.
        // Handling them one by one keeps the bulk shifts simple: pins are rare.
        let free = pawns & !pinned;
        let king_file = Bitboard::file(king.file());
        let pushers = free | (pawns & pinned & king_file);

        let single = shift_forward(pushers, us) & empty;
        let double = shift_forward(single & third, us) & empty & check_mask;
        let single = single & check_mask;
        match KIND {
            NOISY => v.pawns(single & promo_rank, fwd, Promos::QueenOnly),
            QUIET => {
                v.pawns(single & !promo_rank, fwd, Promos::All);
                v.pawns(single & promo_rank, fwd, Promos::UnderOnly);
                v.pawns(double, 2 * fwd, Promos::All);
            }
            _ => {
                v.pawns(single, fwd, Promos::All);
                v.pawns(double, 2 * fwd, Promos::All);
            }
        }

        if KIND != QUIET {
            let cap_targets = theirs & check_mask;
            // Captures towards the a-file and towards the h-file.
            let west = free & !Bitboard::FILE_A;
            let east = free & !Bitboard::FILE_H;
            let (w, e) = match us {
                Color::White => (Bitboard(west.0 << 7), Bitboard(east.0 << 9)),
                Color::Black => (Bitboard(west.0 >> 9), Bitboard(east.0 >> 7)),
            };
            v.pawns(w & cap_targets, fwd - 1, Promos::All);
            v.pawns(e & cap_targets, fwd + 1, Promos::All);
            for from in pawns & pinned & !king_file {
                let t = pawn_attacks(us, from) & cap_targets & line(king, from);
                if let Some(to) = t.first() {
                    v.pawns(t, to.index() as i8 - from.index() as i8, Promos::All);
                }
            }
        }

        if KIND != QUIET
            && let Some(ep) = self.ep_square()
        {
            let Some(victim) = ep.offset(-fwd) else { return };
            for from in pawn_attacks(!us, ep) & pawns {
                if self.ep_move_is_legal(from, ep, victim) {
                    v.single(Move::en_passant(from, ep));
                }
            }
        }
    }

    fn generate_castling<V: Visitor>(&self, v: &mut V, king: Square) {
        let us = self.turn();
        let rank = us.back_rank();
        let rooks = self.castling_rooks() & Bitboard::rank(rank) & self.pieces(us, Role::Rook);
        for rook in rooks {
            let side =
                if rook.file() > king.file() { CastlingSide::King } else { CastlingSide::Queen };
            let king_to = Square::from_coords(side.king_to_file(), rank);
            let rook_to = Square::from_coords(side.rook_to_file(), rank);
            let occ = self.occupied().without(king).without(rook);
            let king_path = between(king, king_to).with(king_to);
            let rook_path = between(rook, rook_to).with(rook_to);
            if ((king_path | rook_path) & occ).is_nonempty() {
                continue;
            }
            if king_path.into_iter().any(|s| self.is_attacked_by(s, !us, occ)) {
                continue;
            }
            v.single(Move::castle(king, rook));
        }
    }
}

/// Keeps only moves from one square (for [`Position::is_legal`]).
struct FromFilter<'a> {
    list: &'a mut MoveList,
    from: Square,
}

impl Visitor for FromFilter<'_> {
    fn piece(&mut self, from: Square, targets: Bitboard) {
        if from == self.from {
            self.list.piece(from, targets);
        }
    }
    fn pawns(&mut self, targets: Bitboard, delta: i8, promos: Promos) {
        let origin_to = |to: Square| (to.index() as i32 - delta as i32) as usize;
        let mut t = Bitboard::EMPTY;
        for to in targets {
            if origin_to(to) == self.from.index() {
                t = t.with(to);
            }
        }
        self.list.pawns(t, delta, promos);
    }
    fn single(&mut self, m: Move) {
        if m.from() == self.from {
            self.list.push(m);
        }
    }
}
