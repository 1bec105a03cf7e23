//! The position: bitboards plus a mailbox, copy-make `play`, incremental Zobrist keys.

use crate::attacks::{
    between, bishop_attacks, bishop_rays, check_rays, king_attacks, knight_attacks, line,
    pawn_attacks, rook_attacks, rook_rays,
};
use crate::bitboard::Bitboard;
use crate::mv::{Move, MoveKind};
use crate::types::{CastlingSide, Color, Piece, Role, Square};
use crate::zobrist;

/// The piece for each mailbox nibble: 0 is an empty square, `1 + Piece::index()` a piece.
const NIBBLE_PIECES: [Option<Piece>; 16] = {
    let mut out = [None; 16];
    let mut i = 0;
    while i < 12 {
        let color = if i >= 6 { Color::Black } else { Color::White };
        out[i + 1] = match Role::from_index(i % 6) {
            Some(role) => Some(Piece::new(color, role)),
            None => None,
        };
        i += 1;
    }
    out
};

/// The role index for each mailbox nibble; 0 (pawn) for an empty square, whose bitboard update
/// is then empty, so a capture needs no branch.
const NIBBLE_ROLES: [u8; 16] = {
    let mut out = [0; 16];
    let mut i = 0;
    while i < 12 {
        out[i + 1] = (i % 6) as u8;
        i += 1;
    }
    out
};

/// The castling-right bits (in `Position::castling`'s layout) that a move touching the square
/// takes away: the right of a rook standing there, if any.
const CASTLING_BITS: [u16; 64] = {
    let mut out = [0; 64];
    let mut file = 0;
    while file < 8 {
        out[file] = 1 << file;
        out[56 + file] = 1 << (8 + file);
        file += 1;
    }
    out
};

/// A legal chess position (standard or Chess960).
///
/// Positions are small (`Copy`) and moves are played by copy-make: the search keeps one position
/// per ply, so there is nothing to undo. Copy-make was chosen after measuring perft with every leaf
/// move made (see `benches/`): the copy costs less than saving and restoring state, as long as it
/// stays within 128 bytes, which the compiler copies with eight vector moves instead of calling
/// `memcpy` (at 168 bytes that call took a third of full-perft time). Hence the packed fields:
/// a mailbox of nibbles, castling rights as file masks and the en passant square as one byte.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// Two squares per byte (low nibble = even square): 0 empty, else `1 + Piece::index()`.
    board: [u8; 32],
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
    /// Files of rooks that still have castling rights: bits 0–7 white (rank 1), 8–15 black.
    castling: u16,
    /// The en passant square's index when an en passant capture is legal, else 0 (a1 never is).
    ep: u8,
    turn: Color,
    halfmove: u16,
    fullmove: u16,
    key: u64,
}

// See the comment above `Position`: beyond 128 bytes every copy-make becomes a `memcpy` call.
const _: () = assert!(size_of::<Position>() <= 128);

impl Position {
    /// An empty board: the starting point for the FEN reader to fill (not a legal position).
    pub(crate) fn empty() -> Position {
        Position {
            board: [0; 32],
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
            castling: 0,
            ep: 0,
            turn: Color::White,
            halfmove: 0,
            fullmove: 1,
            key: 0,
        }
    }

    // ----- queries -----

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`, or `None` if the square is empty.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        NIBBLE_PIECES[self.nibble(sq) as usize]
    }

    /// The mailbox nibble of `sq`: 0 empty, else `1 + Piece::index()`.
    #[inline]
    fn nibble(&self, sq: Square) -> u8 {
        let i = sq.index();
        (self.board[i >> 1] >> ((i & 1) * 4)) & 15
    }

    #[inline]
    fn set_nibble(&mut self, sq: Square, code: u8) {
        let i = sq.index();
        let shift = (i & 1) * 4;
        self.board[i >> 1] = (self.board[i >> 1] & !(15 << shift)) | (code << shift);
    }

    /// The role of the piece on `sq`, whichever its colour; `None` if the square is empty.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        self.piece_at(sq).map(|p| p.role)
    }

    /// Every occupied square, both colours.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `c`'s pieces, all roles.
    #[inline]
    pub fn by_color(&self, c: Color) -> Bitboard {
        self.by_color[c.index()]
    }

    /// The squares of the pieces of role `r`, both colours.
    #[inline]
    pub fn by_role(&self, r: Role) -> Bitboard {
        self.by_role[r.index()]
    }

    /// The squares of `c`'s pieces of role `r`.
    #[inline]
    pub fn pieces(&self, c: Color, r: Role) -> Bitboard {
        self.by_color[c.index()] & self.by_role[r.index()]
    }

    /// The side to move's pieces.
    #[inline]
    pub fn us(&self) -> Bitboard {
        self.by_color[self.turn.index()]
    }

    /// The pieces of the side not to move.
    #[inline]
    pub fn them(&self) -> Bitboard {
        self.by_color[(!self.turn).index()]
    }

    /// The square of `c`'s king (a legal position has exactly one).
    #[inline]
    pub fn king(&self, c: Color) -> Square {
        self.pieces(c, Role::King).lsb()
    }

    /// Rooks and queens.
    #[inline]
    pub fn rook_likes(&self) -> Bitboard {
        self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()]
    }

    /// Bishops and queens.
    #[inline]
    pub fn bishop_likes(&self) -> Bitboard {
        self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()]
    }

    /// Squares of rooks with castling rights, both colours.
    #[inline]
    pub fn castling_rooks(&self) -> Bitboard {
        let c = self.castling as u64;
        Bitboard((c & 0xFF) | (c >> 8) << 56)
    }

    /// The rook square for `color`'s castling right on `side`, if it still has it.
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let rooks = self.castling_rooks() & Bitboard::rank(color.back_rank());
        let king = self.king(color);
        rooks.into_iter().find(|r| (r.file() > king.file()) == (side == CastlingSide::King))
    }

    /// Whether a castling right needs Chess960 rules to be written down: its king is not on the
    /// e-file or its rook is not in a corner. Standard notation (`e1g1`, `O-O` meaning "the king
    /// to g1") cannot name such a castling apart from a king step to the same square.
    pub fn castling_needs_chess960(&self) -> bool {
        self.castling_rooks().into_iter().any(|rook| {
            let color = if rook.rank() == 0 { Color::White } else { Color::Black };
            self.king(color).file() != 4 || !matches!(rook.file(), 0 | 7)
        })
    }

    /// The en passant target square, only when an en passant capture is legal.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        if self.ep == 0 { None } else { Some(Square::from_index_masked(self.ep as u32)) }
    }

    /// Plies since the last capture or pawn move, for the fifty-move rule (a draw at 100).
    #[inline]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// The move number: 1 at the start, increased after each move by black.
    #[inline]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    /// The Zobrist key (pieces, side to move, castling rights, legal en passant file).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Pieces of the opponent giving check to the side to move.
    ///
    /// Computed on demand (two magic lookups), not kept by `play`: most positions played in a
    /// search or perft are never asked, and move generation computes them once itself. Callers
    /// that need it more than once per position should keep the result.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        // As `attackers_to(king) & them`, without the lookups that cannot find a checker (a king
        // never gives check) or that find only our own pieces.
        let king = self.king(self.turn);
        let occ = self.occupied();
        self.them()
            & ((pawn_attacks(self.turn, king) & self.by_role(Role::Pawn))
                | (knight_attacks(king) & self.by_role(Role::Knight))
                | (rook_attacks(king, occ) & self.rook_likes())
                | (bishop_attacks(king, occ) & self.bishop_likes()))
    }

    /// Whether the side to move is in check (computed on demand, see [`Position::checkers`]).
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().is_nonempty()
    }

    /// All pieces (both colours) attacking `sq` with the given occupancy.
    #[inline]
    pub fn attackers_to(&self, sq: Square, occ: Bitboard) -> Bitboard {
        (pawn_attacks(Color::White, sq) & self.pieces(Color::Black, Role::Pawn))
            | (pawn_attacks(Color::Black, sq) & self.pieces(Color::White, Role::Pawn))
            | (knight_attacks(sq) & self.by_role(Role::Knight))
            | (king_attacks(sq) & self.by_role(Role::King))
            | (rook_attacks(sq, occ) & self.rook_likes())
            | (bishop_attacks(sq, occ) & self.bishop_likes())
    }

    /// Whether `by` attacks `sq` with the given occupancy.
    #[inline]
    pub fn is_attacked_by(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        let them = self.by_color(by);
        (pawn_attacks(!by, sq) & them & self.by_role(Role::Pawn)).is_nonempty()
            || (knight_attacks(sq) & them & self.by_role(Role::Knight)).is_nonempty()
            || (king_attacks(sq) & them & self.by_role(Role::King)).is_nonempty()
            || (rook_attacks(sq, occ) & them & self.rook_likes()).is_nonempty()
            || (bishop_attacks(sq, occ) & them & self.bishop_likes()).is_nonempty()
    }

    /// Pieces of either colour that alone stand between `color`'s king and an enemy slider
    /// (pinned pieces if they are `color`'s own, discovered-check candidates otherwise).
    pub fn blockers(&self, color: Color) -> Bitboard {
        let king = self.king(color);
        let enemy = self.by_color(!color);
        let snipers = ((rook_rays(king) & self.rook_likes())
            | (bishop_rays(king) & self.bishop_likes()))
            & enemy;
        let occ = self.occupied();
        let mut out = Bitboard::EMPTY;
        for s in snipers {
            let b = between(king, s) & occ;
            if b.is_nonempty() && !b.more_than_one() {
                out |= b;
            }
        }
        out
    }

    /// The side to move's pieces pinned to its king.
    #[inline]
    pub fn pinned(&self) -> Bitboard {
        self.blockers(self.turn) & self.us()
    }

    /// Whether `m` captures something (including en passant; castling is not a capture).
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        match m.kind() {
            MoveKind::EnPassant => true,
            MoveKind::Castle => false,
            _ => self.them().contains(m.to()),
        }
    }

    /// The role captured by `m`, if any.
    #[inline]
    pub fn captured_role(&self, m: Move) -> Option<Role> {
        match m.kind() {
            MoveKind::EnPassant => Some(Role::Pawn),
            MoveKind::Castle => None,
            _ if self.them().contains(m.to()) => self.role_at(m.to()),
            _ => None,
        }
    }

    // ----- building blocks used by FEN setup and `play` -----

    #[inline]
    pub(crate) fn put(&mut self, sq: Square, p: Piece) {
        let bb = Bitboard::from_square(sq);
        self.set_nibble(sq, p.index() as u8 + 1);
        self.by_color[p.color.index()] |= bb;
        self.by_role[p.role.index()] |= bb;
        self.key ^= zobrist::piece_square(p, sq);
    }

    #[inline]
    pub(crate) fn remove(&mut self, sq: Square, p: Piece) {
        let bb = Bitboard::from_square(sq);
        self.set_nibble(sq, 0);
        self.by_color[p.color.index()] ^= bb;
        self.by_role[p.role.index()] ^= bb;
        self.key ^= zobrist::piece_square(p, sq);
    }

    pub(crate) fn set_turn(&mut self, c: Color) {
        if c != self.turn {
            self.key ^= zobrist::side();
        }
        self.turn = c;
    }

    /// Sets the castling rights (rook squares, which are always on the back ranks).
    pub(crate) fn set_castling(&mut self, rooks: Bitboard) {
        debug_assert!((rooks & !Bitboard::BACK_RANKS).is_empty());
        for sq in self.castling_rooks() ^ rooks {
            self.key ^= zobrist::castling(sq);
        }
        self.castling = (rooks.0 & 0xFF) as u16 | ((rooks.0 >> 56) as u16) << 8;
    }

    pub(crate) fn set_clocks(&mut self, halfmove: u16, fullmove: u16) {
        self.halfmove = halfmove;
        self.fullmove = fullmove.max(1);
    }

    /// Sets the en passant square if a legal capture onto `sq` exists; otherwise clears it.
    pub(crate) fn set_ep_if_capturable(&mut self, sq: Option<Square>) {
        if let Some(old) = self.ep_square() {
            self.ep = 0;
            self.key ^= zobrist::en_passant_file(old.file());
        }
        if let Some(sq) = sq
            && self.ep_capture_is_legal(sq)
        {
            self.ep = sq.index() as u8;
            self.key ^= zobrist::en_passant_file(sq.file());
        }
    }

    /// Whether some pawn of the side to move can legally capture en passant onto `ep`
    /// (assumes the opponent's pawn has just passed `ep` with a double step).
    pub(crate) fn ep_capture_is_legal(&self, ep: Square) -> bool {
        let us = self.turn;
        let Some(victim) = ep.offset(-8 * us.forward()) else {
            return false;
        };
        if !self.pieces(!us, Role::Pawn).contains(victim) || self.occupied().contains(ep) {
            return false;
        }
        let candidates = pawn_attacks(!us, ep) & self.pieces(us, Role::Pawn);
        candidates.into_iter().any(|from| self.ep_move_is_legal(from, ep, victim))
    }

    /// Full legality test of an en passant capture by simulating the resulting occupancy. Only
    /// the captured pawn can be a pawn checker that disappears, kings never check, and sliders
    /// are looked up only if one stands on a line through the king.
    #[inline]
    pub(crate) fn ep_move_is_legal(&self, from: Square, to: Square, victim: Square) -> bool {
        let us = self.turn;
        let king = self.king(us);
        let them = self.by_color(!us);
        let leapers = (pawn_attacks(us, king) & self.by_role(Role::Pawn) & them.without(victim))
            | (knight_attacks(king) & self.by_role(Role::Knight) & them);
        if leapers.is_nonempty() {
            return false;
        }
        let occ = (self.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(victim))
            | Bitboard::from_square(to);
        let rooks = self.rook_likes() & them;
        let bishops = self.bishop_likes() & them;
        let rank_or_file = (rook_rays(king) & rooks).is_nonempty()
            && (rook_attacks(king, occ) & rooks).is_nonempty();
        let diagonal = (bishop_rays(king) & bishops).is_nonempty()
            && (bishop_attacks(king, occ) & bishops).is_nonempty();
        !(rank_or_file || diagonal)
    }

    /// Computes the Zobrist key from scratch (for checking the incremental one).
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for sq in self.occupied() {
            if let Some(p) = self.piece_at(sq) {
                key ^= zobrist::piece_square(p, sq);
            }
        }
        for sq in self.castling_rooks() {
            key ^= zobrist::castling(sq);
        }
        if let Some(ep) = self.ep_square() {
            key ^= zobrist::en_passant_file(ep.file());
        }
        if self.turn == Color::Black {
            key ^= zobrist::side();
        }
        key
    }

    // ----- making moves -----

    /// Plays `m`, which must be legal in this position (see [`Position::is_legal`]); playing an
    /// illegal move leaves an inconsistent but memory-safe position.
    ///
    /// This is the hot path of copy-make (every leaf of full perft), so ordinary moves and
    /// promotions work on mailbox nibbles without branching on whether they capture: the empty
    /// square has nibble 0, whose Zobrist keys are zero and whose bitboard update is empty.
    /// Castling and en passant take the plain `remove`/`put` path.
    pub fn play_unchecked(&mut self, m: Move) {
        let src = *self;
        self.play_from(&src, m);
    }

    /// Returns the position after `m` (copy-make); `m` must be legal.
    #[inline]
    pub fn played(&self, m: Move) -> Position {
        let mut next = *self;
        next.play_from(self, m);
        next
    }

    /// Plays `m` on `self`, a fresh copy of `src`, reading the position before the move from
    /// `src`: the copy's stores have just been issued, and reads of the copy would wait for them
    /// at the head of the dependency chain (mailbox byte, role, keys), which the profile charged
    /// with a quarter of the time of this function.
    fn play_from(&mut self, src: &Position, m: Move) {
        debug_assert!(self == src, "play_from needs a fresh copy");
        let us = src.turn;
        let them = !us;
        let from = m.from();
        let to = m.to();
        let code = src.nibble(from);
        debug_assert!(
            NIBBLE_PIECES[code as usize].is_some_and(|p| p.color == us),
            "no piece of the side to move on {from} for {m:?}"
        );
        // The moving piece is ours, so its role is the code less our colour's base, without the
        // table lookup that would lengthen the chain from the mailbox load.
        let role = code.wrapping_sub(1 + 6 * us as u8);
        debug_assert_eq!(role, NIBBLE_ROLES[code as usize & 15]);

        self.fullmove = src.fullmove.saturating_add(us as u16);
        let mut key = src.key ^ zobrist::side();
        if src.ep != 0 {
            key ^= zobrist::en_passant_file(src.ep);
            self.ep = 0;
        }
        let from_bb = Bitboard::from_square(from);
        let to_bb = Bitboard::from_square(to);

        if m.is_castle() || m.is_en_passant() {
            self.key = key;
            self.play_castle_or_en_passant(m, code);
            key = self.key;
        } else {
            let captured = src.nibble(to);
            debug_assert!(
                captured == 0
                    || NIBBLE_PIECES[captured as usize]
                        .is_some_and(|p| p.color == them && p.role != Role::King),
                "{m:?} captures a king or its own piece"
            );
            let ours = src.by_color[us.index()];
            let from_to = from_bb | to_bb;
            self.by_color[us.index()] = ours ^ from_to;
            let key_from = zobrist::code_square(code, from);
            if captured == 0 && !m.is_promotion() {
                // The most common move (a quiet one): one bitboard of each kind changes.
                self.move_nibble(src, from, to, code);
                self.by_role[role as usize] = src.by_role[role as usize] ^ from_to;
                let keys = key_from ^ zobrist::code_square(code, to);
                key ^= keys;
                self.halfmove =
                    if role == Role::Pawn as u8 { 0 } else { src.halfmove.saturating_add(1) };
            } else {
                // Promotion nibbles: the pawn's plus the role index (pawn = 0).
                let placed = match m.promotion_role() {
                    Some(r) => code + r as u8,
                    None => code,
                };
                self.move_nibble(src, from, to, placed);
                let placed_role = NIBBLE_ROLES[placed as usize & 15] as usize;
                let captured_bb = to_bb & src.by_color[them.index()];
                let captured_role = NIBBLE_ROLES[captured as usize & 15] as usize;
                self.by_color[them.index()] = src.by_color[them.index()] ^ captured_bb;
                // These three may name the same bitboard, so they update `self` in turn.
                self.by_role[captured_role] ^= captured_bb;
                self.by_role[role as usize] ^= from_bb;
                self.by_role[placed_role] ^= to_bb;
                let key_to = zobrist::code_square(placed, to);
                let key_captured = zobrist::code_square(captured, to);
                key ^= key_from ^ key_to ^ key_captured;
                self.halfmove = 0;
            }
        }

        if src.castling != 0 {
            let mut touched = CASTLING_BITS[from.index()] | CASTLING_BITS[to.index()];
            if role == Role::King as u8 {
                touched |= 0xFF << (8 * us.index());
            }
            let lost = src.castling & touched;
            if lost != 0 {
                self.castling = src.castling ^ lost;
                key ^= zobrist::castling_set(lost);
            }
        }
        self.key = key;

        self.turn = them;
        // A double push sets the en passant square only if a capture onto it is legal; most
        // have no enemy pawn beside them and skip the test.
        if role == Role::Pawn as u8 && from.index() ^ to.index() == 16 {
            let ep = Square::from_index_masked(((from.index() + to.index()) / 2) as u32);
            let capturers = pawn_attacks(us, ep) & src.pieces(them, Role::Pawn);
            if capturers.is_nonempty()
                && capturers.into_iter().any(|c| self.ep_move_is_legal(c, ep, to))
            {
                self.ep = ep.index() as u8;
                self.key ^= zobrist::en_passant_file(ep.file());
            }
        }
        debug_assert_eq!(self.key, self.compute_key(), "incremental Zobrist key after {m:?}");
    }

    /// Empties `from` and puts the nibble `placed` on `to`, reading the mailbox from `src`
    /// (the two squares may share a byte).
    #[inline]
    fn move_nibble(&mut self, src: &Position, from: Square, to: Square, placed: u8) {
        let (f, t) = (from.index(), to.index());
        let from_byte = src.board[f >> 1] & !(15 << ((f & 1) * 4));
        self.board[f >> 1] = from_byte;
        let to_byte = if f >> 1 == t >> 1 { from_byte } else { src.board[t >> 1] };
        self.board[t >> 1] = (to_byte & !(15 << ((t & 1) * 4))) | (placed << ((t & 1) * 4));
    }

    /// The rare moves of `play_from`, with the plain building blocks (which also keep the
    /// keys).
    #[inline(never)]
    fn play_castle_or_en_passant(&mut self, m: Move, code: u8) {
        let Some(piece) = NIBBLE_PIECES[code as usize] else { return };
        let (us, from, to) = (piece.color, m.from(), m.to());
        if m.is_castle() {
            let side =
                if to.file() > from.file() { CastlingSide::King } else { CastlingSide::Queen };
            let rank = us.back_rank();
            let rook = Piece::new(us, Role::Rook);
            self.remove(from, piece);
            self.remove(to, rook);
            self.put(Square::from_coords(side.king_to_file(), rank), piece);
            self.put(Square::from_coords(side.rook_to_file(), rank), rook);
            self.halfmove = self.halfmove.saturating_add(1);
        } else {
            let victim = Square::from_coords(to.file(), from.rank());
            self.remove(victim, Piece::new(!us, Role::Pawn));
            self.remove(from, piece);
            self.put(to, piece);
            self.halfmove = 0;
        }
    }

    /// Passes the turn (a "null move", for search); must not be used when in check.
    pub fn play_null(&mut self) {
        if let Some(old) = self.ep_square() {
            self.ep = 0;
            self.key ^= zobrist::en_passant_file(old.file());
        }
        self.turn = !self.turn;
        self.key ^= zobrist::side();
        self.halfmove = self.halfmove.saturating_add(1);
    }

    /// Whether `m` (legal here) gives check, without playing it.
    ///
    /// The opponent's king is not in check now, so after an ordinary move or a promotion only
    /// the piece placed on `to` can check it directly (an empty-board attack table and
    /// `between`), and another piece only by discovery, along the line through the king and
    /// `from`, the one square vacated; magic lookups are not needed. Castling and en passant,
    /// which move two pieces, are played.
    #[inline]
    pub fn gives_check(&self, m: Move) -> bool {
        if m.is_castle() || m.is_en_passant() {
            return self.special_gives_check(m);
        }
        let us = self.turn;
        let (from, to) = (m.from(), m.to());
        let king = self.king(!us);
        let occ = (self.occupied().without(from)).with(to);
        let placed = match m.promotion_role() {
            Some(r) => r.index(),
            None => NIBBLE_ROLES[self.nibble(from) as usize] as usize,
        };
        if check_rays(us, placed, to).contains(king) && (between(king, to) & occ).is_empty() {
            return true;
        }
        let sliders =
            if rook_rays(king).contains(from) { self.rook_likes() } else { self.bishop_likes() };
        (sliders & self.us().without(from) & line(king, from))
            .into_iter()
            .any(|s| (between(king, s) & occ).is_empty())
    }

    /// `gives_check` for castling and en passant (rare: out of line).
    #[inline(never)]
    fn special_gives_check(&self, m: Move) -> bool {
        self.played(m).is_check()
    }

    /// Material that can never mate: no pawns, rooks or queens, and at most one minor piece or
    /// only bishops all on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        if (self.by_role(Role::Pawn) | self.rook_likes()).is_nonempty() {
            return false;
        }
        let minors = self.by_role(Role::Knight) | self.by_role(Role::Bishop);
        if minors.count() <= 1 {
            return true;
        }
        if self.by_role(Role::Knight).is_nonempty() {
            return false;
        }
        let b = self.by_role(Role::Bishop);
        (b & Bitboard::LIGHT_SQUARES).is_empty() || (b & Bitboard::DARK_SQUARES).is_empty()
    }

    /// Whether `color` has anything besides king and pawns (null-move zugzwang guard).
    pub fn has_non_pawn_material(&self, color: Color) -> bool {
        (self.by_color(color) & !(self.by_role(Role::Pawn) | self.by_role(Role::King)))
            .is_nonempty()
    }
}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key.hash(state);
    }
}
