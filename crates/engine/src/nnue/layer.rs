//! The network of one hidden size `H` and its arithmetic: the quantised weights, the
//! accumulators, the incremental updates and the output neuron (see the module docs of
//! [`super`]). Every function here is generic over `H`, so each supported size gets loops of a
//! length known to the compiler, which it vectorises for the processor it builds for.

use super::inputs::KingInputs;
use super::{EVAL_LIMIT, QA, bucket};
use vidle_core::{Bitboard, Color, Piece, Position, Role, Square};

/// One input's accumulator weights, aligned for vector loads.
#[repr(C, align(64))]
#[derive(Clone, Copy)]
struct Row<const H: usize>([i16; H]);

/// Quantised weights of a network with `H` hidden units per side.
#[repr(C, align(64))]
pub struct Network<const H: usize> {
    /// One row per input (768 per king bucket), on the heap: 768 rows of 1024 units are
    /// 1.5 MiB, which built on the stack first (as an array field would be) overflowed a 2 MiB
    /// thread stack.
    ft_w: Box<[Row<H>]>,
    /// How the inputs depend on each side's king ([`KingInputs`]).
    kings: KingInputs,
    ft_b: [i16; H],
    /// Output weights of each bucket: the side to move's half, then the other side's.
    out_w: Box<[[[i16; H]; 2]]>,
    /// Output bias of each bucket.
    out_b: Box<[i32]>,
}

impl<const H: usize> Network<H> {
    /// Bytes of the weights of a network of this size with `buckets` output buckets and
    /// `rows` input rows ([`KingInputs::rows`]; the header not included).
    pub const fn weight_bytes(buckets: usize, rows: usize) -> usize {
        2 * (rows * H + H + buckets * 2 * H) + 4 * buckets
    }

    /// Reads `buckets` buckets' weights; `bytes` are exactly [`Self::weight_bytes`] long. The
    /// output weights and biases are multiplied by `out_scale` (16 for the files that scaled
    /// them by [`super::LEGACY_QB`]).
    pub(super) fn read(
        bytes: &[u8],
        buckets: usize,
        out_scale: i32,
        kings: KingInputs,
    ) -> Box<Network<H>> {
        debug_assert_eq!(bytes.len(), Self::weight_bytes(buckets, kings.rows()));
        let mut net = Box::new(Network {
            ft_w: vec![Row([0; H]); kings.rows()].into_boxed_slice(),
            kings,
            ft_b: [0; H],
            out_w: vec![[[0; H]; 2]; buckets].into_boxed_slice(),
            out_b: vec![0; buckets].into_boxed_slice(),
        });
        let (words, biases) = bytes.split_at(bytes.len() - 4 * buckets);
        let mut words = words.chunks_exact(2);
        let mut next = || words.next().map_or(0, |w| i16::from_le_bytes([w[0], w[1]]));
        for row in net.ft_w.iter_mut() {
            row.0.iter_mut().for_each(|w| *w = next());
        }
        net.ft_b.iter_mut().for_each(|w| *w = next());
        for w in net.out_w.iter_mut().flatten().flatten() {
            *w = (i32::from(next()) * out_scale).clamp(-32768, 32767) as i16;
        }
        for (b, bytes) in net.out_b.iter_mut().zip(biases.chunks_exact(4)) {
            *b = i32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
                .wrapping_mul(out_scale);
        }
        net
    }

    /// Output buckets.
    pub fn buckets(&self) -> usize {
        self.out_b.len()
    }

    /// How the inputs depend on each side's king.
    pub fn kings(&self) -> &KingInputs {
        &self.kings
    }

    /// The evaluation of `pos` from scratch, from the side to move's view.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.output(&Accumulator::refresh(self, pos), pos)
    }

    /// The output for the accumulators of `pos`, in centipawns from the side to move's view,
    /// with the output bucket of its number of pieces: `Σ ⌊v² / 4⌋ w` over both sides' units,
    /// with `v = clamp(acc, 0, QA)` (module docs of [`super`]). The sum wraps: its true value
    /// fits an `i32` for any evaluation within ±50,000 cp, and a file with absurd weights
    /// evaluates wrongly rather than stopping the program.
    #[inline(always)]
    fn output(&self, acc: &Accumulator<H>, pos: &Position) -> i32 {
        let turn = pos.turn();
        let b = bucket(pos.occupied().count() as usize, self.out_b.len());
        let us = &acc.v[turn as usize];
        let them = &acc.v[!turn as usize];
        let mut sum: i32 = 0;
        for (side, weights) in [us, them].into_iter().zip(&self.out_w[b]) {
            for (&a, &w) in side.iter().zip(weights) {
                let v = a.clamp(0, QA as i16) as u16;
                let square = (v.wrapping_mul(v) >> 2) as i16;
                sum = sum.wrapping_add(i32::from(square) * i32::from(w));
            }
        }
        super::to_centipawns(sum, self.out_b[b]).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }
}

/// The input feature of `piece` on `sq` as `view` sees it, one of the 768 of a network without
/// king buckets.
#[inline(always)]
fn feature(view: Color, piece: Piece, sq: Square) -> usize {
    let own = usize::from(piece.color != view);
    let sq = if view == Color::White { sq.index() } else { sq.index() ^ 56 };
    own * 384 + piece.role.index() * 64 + sq
}

/// Each side's [`KingInputs::key`] in `pos` (indexed by `Color as usize`).
#[inline(always)]
fn king_keys(kings: &KingInputs, pos: &Position) -> [(usize, usize); 2] {
    if kings.count() == 0 {
        // No king buckets (vidle-5): no king to look up on every evaluation.
        return [(0, 0); 2];
    }
    Color::ALL.map(|view| {
        let king = pos.pieces(view, Role::King).into_iter().next().map_or(0, |sq| sq.index());
        kings.key(if view == Color::White { king } else { king ^ 56 })
    })
}

/// Both sides' accumulators (indexed by `Color as usize`).
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Accumulator<const H: usize> {
    v: [[i16; H]; 2],
}

#[inline(always)]
fn add_row<const H: usize>(acc: &mut [i16; H], row: &[i16; H]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

#[inline(always)]
fn sub_row<const H: usize>(acc: &mut [i16; H], row: &[i16; H]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(*w);
    }
}

impl<const H: usize> Accumulator<H> {
    /// Sums every piece of `pos` from scratch.
    fn refresh(net: &Network<H>, pos: &Position) -> Accumulator<H> {
        let mut acc = Accumulator { v: [net.ft_b; 2] };
        let keys = king_keys(&net.kings, pos);
        for c in Color::ALL {
            for r in Role::ALL {
                let piece = Piece { color: c, role: r };
                for sq in pos.pieces(c, r) {
                    for view in Color::ALL {
                        let row = KingInputs::row(keys[view as usize], feature(view, piece, sq));
                        add_row(&mut acc.v[view as usize], &net.ft_w[row].0);
                    }
                }
            }
        }
        acc
    }

    /// `prev` with piece changes applied: `added` and `removed` (piece, square) pairs, each
    /// side's inputs by its king key `keys` (the same before and after: a side whose key the
    /// move changes is refreshed instead, see [`Delta::refresh`]), for the sides `views` marks.
    /// Each
    /// unit is read once from `prev` and written once here, the rows of the changed pieces
    /// added and subtracted on the way (rather than copying `prev` first and then passing over
    /// the copy once per change). The sums wrap, so the order of the terms changes nothing.
    #[inline(always)]
    fn update_from(
        &mut self,
        prev: &Accumulator<H>,
        net: &Network<H>,
        keys: [(usize, usize); 2],
        views: [bool; 2],
        added: &[(Piece, Square)],
        removed: &[(Piece, Square)],
    ) {
        for view in Color::ALL {
            if !views[view as usize] {
                continue;
            }
            let key = keys[view as usize];
            let row = |&(p, sq): &(Piece, Square)| {
                &net.ft_w[KingInputs::row(key, feature(view, p, sq))].0
            };
            let out = &mut self.v[view as usize];
            let prev = &prev.v[view as usize];
            match (added, removed) {
                // A quiet move or a promotion.
                ([a], [r]) => {
                    let (a, r) = (row(a), row(r));
                    for i in 0..H {
                        out[i] = prev[i].wrapping_add(a[i]).wrapping_sub(r[i]);
                    }
                }
                // A capture (a capturing promotion too).
                ([a], [r, s]) => {
                    let (a, r, s) = (row(a), row(r), row(s));
                    for i in 0..H {
                        out[i] = prev[i].wrapping_add(a[i]).wrapping_sub(r[i]).wrapping_sub(s[i]);
                    }
                }
                // Anything else (castling, the null move): copy, then each change in turn.
                _ => {
                    *out = *prev;
                    for a in added {
                        add_row(out, row(a));
                    }
                    for r in removed {
                        sub_row(out, row(r));
                    }
                }
            }
        }
    }
}

/// The pieces a move added and removed (at most two each: castling moves two pieces, a
/// capturing promotion removes two and adds one).
#[derive(Clone, Copy)]
pub(super) struct Delta {
    added: [(Piece, Square); 2],
    removed: [(Piece, Square); 2],
    na: u8,
    nr: u8,
    /// Whether this delta leads from the ply before (false at the root, and after a change
    /// larger than a move makes: that position is refreshed when evaluated).
    linked: bool,
    /// The sides (by `Color as usize`) whose king bucket or mirror the move changes: every
    /// input of theirs changes, so their accumulator is refreshed ([`RefreshCache`]).
    refresh: [bool; 2],
}

const NO_CHANGE: (Piece, Square) = (Piece { color: Color::White, role: Role::Pawn }, Square::A1);

impl Delta {
    pub(super) const NONE: Delta = Delta {
        added: [NO_CHANGE; 2],
        removed: [NO_CHANGE; 2],
        na: 0,
        nr: 0,
        linked: false,
        refresh: [false; 2],
    };

    /// How `child` differs from `parent`, read off the two positions' piece sets, so castling
    /// (Chess960 too), en passant, promotion and the null move need no special cases; `kings`
    /// is the network's ([`KingInputs`]).
    #[inline]
    pub(super) fn between(parent: &Position, child: &Position, kings: &KingInputs) -> Delta {
        let mut d = Delta::NONE;
        let (mut na, mut nr) = (0usize, 0usize);
        for c in Color::ALL {
            // Role by role: a side's squares can stay the same while its pieces change
            // (Chess960 castling that swaps the king and the rook, as Kf1 Rg1 to Kg1 Rf1).
            for r in Role::ALL {
                let (b, a) = (parent.pieces(c, r), child.pieces(c, r));
                if b == a {
                    continue;
                }
                let piece = Piece { color: c, role: r };
                for sq in b & !a {
                    if nr < 2 {
                        d.removed[nr] = (piece, sq);
                    }
                    nr += 1;
                }
                for sq in a & !b {
                    if na < 2 {
                        d.added[na] = (piece, sq);
                    }
                    na += 1;
                }
            }
        }
        d.linked = na <= 2 && nr <= 2;
        if kings.count() > 0
            && (parent.pieces(Color::White, Role::King) != child.pieces(Color::White, Role::King)
                || parent.pieces(Color::Black, Role::King)
                    != child.pieces(Color::Black, Role::King))
        {
            let (before, after) = (king_keys(kings, parent), king_keys(kings, child));
            d.refresh = [before[0] != after[0], before[1] != after[1]];
        }
        d.na = na.min(2) as u8;
        d.nr = nr.min(2) as u8;
        d
    }
}

/// The refresh cache (a "Finny table"): for each side and each of its king keys (bucket and
/// mirror), the accumulator of the pieces it last summed there. A side refreshed under a key
/// starts from that entry and adds and subtracts only the pieces that differ, which after a
/// king move across a bucket is a handful of rows rather than all of them.
struct RefreshCache<const H: usize> {
    /// `entries[slot][side]`, `slot = bucket × 2 + mirrored`.
    entries: Box<[[CacheEntry<H>; 2]]>,
}

#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct CacheEntry<const H: usize> {
    acc: [i16; H],
    /// The pieces summed in `acc`, by colour and role.
    pieces: [[Bitboard; 6]; 2],
}

impl<const H: usize> RefreshCache<H> {
    /// Entries of nothing but the biases, for every key of `net`.
    fn new(net: &Network<H>) -> RefreshCache<H> {
        let empty = CacheEntry { acc: net.ft_b, pieces: [[Bitboard::EMPTY; 6]; 2] };
        RefreshCache { entries: vec![[empty; 2]; 2 * net.kings.count().max(1)].into_boxed_slice() }
    }

    /// Sets `out` to the accumulator of side `view` of `pos`, whose key is `key`.
    #[inline]
    fn refresh(
        &mut self,
        net: &Network<H>,
        view: Color,
        key: (usize, usize),
        pos: &Position,
        out: &mut [i16; H],
    ) {
        let slot = key.0 / super::INPUTS * 2 + usize::from(key.1 != 0);
        let e = &mut self.entries[slot][view as usize];
        for c in Color::ALL {
            for r in Role::ALL {
                let (now, was) = (pos.pieces(c, r), e.pieces[c as usize][r.index()]);
                if now == was {
                    continue;
                }
                let piece = Piece { color: c, role: r };
                let row = |sq| &net.ft_w[KingInputs::row(key, feature(view, piece, sq))].0;
                for sq in now & !was {
                    add_row(&mut e.acc, row(sq));
                }
                for sq in was & !now {
                    sub_row(&mut e.acc, row(sq));
                }
                e.pieces[c as usize][r.index()] = now;
            }
        }
        *out = e.acc;
    }
}

/// Per-ply accumulators of one network size, updated lazily (see [`super::AccStack`]).
pub(super) struct Stack<const H: usize> {
    stack: Box<[Accumulator<H>]>,
    /// Whether `stack[ply]` holds the accumulators of the position at `ply`.
    valid: Box<[bool]>,
    /// For refreshes (made afresh at [`Stack::set_root`], when the network may change).
    cache: Option<RefreshCache<H>>,
}

impl<const H: usize> Stack<H> {
    pub(super) fn new(plies: usize) -> Stack<H> {
        Stack {
            stack: vec![Accumulator { v: [[0; H]; 2] }; plies].into_boxed_slice(),
            valid: vec![false; plies].into_boxed_slice(),
            cache: None,
        }
    }

    pub(super) fn set_root(&mut self, net: &Network<H>, pos: &Position) {
        self.cache = Some(RefreshCache::new(net));
        self.stack[0] = Accumulator::refresh(net, pos);
        self.valid[0] = true;
    }

    /// The position at `ply` changed: its accumulators are computed when it is evaluated.
    #[inline(always)]
    pub(super) fn invalidate(&mut self, ply: usize) {
        self.valid[ply] = false;
    }

    /// The evaluation of `pos`, the position at `ply`, from the nearest ancestor that has
    /// accumulators over linked plies (`deltas[j]` leads from `j - 1` to `j`), or refreshed.
    /// A side whose king key changed on the way is refreshed from the cache, the other side
    /// updated; the plies between then hold one side only and stay invalid.
    #[inline]
    pub(super) fn evaluate(
        &mut self,
        net: &Network<H>,
        deltas: &[Delta],
        ply: usize,
        pos: &Position,
    ) -> i32 {
        if !self.valid[ply] {
            let mut k = ply;
            let mut refresh = [false; 2];
            while !self.valid[k] && deltas[k].linked {
                refresh[0] |= deltas[k].refresh[0];
                refresh[1] |= deltas[k].refresh[1];
                k -= 1;
            }
            let keys = king_keys(&net.kings, pos);
            if !self.valid[k] {
                refresh = [true; 2];
            } else {
                // The sides not refreshed have the king keys of `pos` from `k` to `ply`.
                let update = [!refresh[0], !refresh[1]];
                let whole = update == [true; 2];
                for (j, d) in deltas.iter().enumerate().take(ply + 1).skip(k + 1) {
                    let (done, rest) = self.stack.split_at_mut(j);
                    rest[0].update_from(
                        &done[j - 1],
                        net,
                        keys,
                        update,
                        &d.added[..d.na as usize],
                        &d.removed[..d.nr as usize],
                    );
                    self.valid[j] = whole;
                }
            }
            if refresh != [false; 2] {
                let cache = self.cache.get_or_insert_with(|| RefreshCache::new(net));
                for view in Color::ALL {
                    if refresh[view as usize] {
                        let out = &mut self.stack[ply].v[view as usize];
                        cache.refresh(net, view, keys[view as usize], pos, out);
                    }
                }
            }
            self.valid[ply] = true;
        }
        net.output(&self.stack[ply], pos)
    }
}
