//! The retrograde solver shared by DTM and DTZ: a forward pass counts moves and resolves the ones
//! that leave the table, then level by level only the frontier's predecessors are touched.

use rayon::prelude::*;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use crate::board::{Board, MoveClass, Step};
use crate::index::{Decoder, Layout};
use crate::value::{Code, DRAW, ILLEGAL, TbValue, UNKNOWN, loss, win};
use crate::write::Bits;

/// Frontier positions whose predecessors are listed (and their states prefetched) before those
/// are updated: about 16 predecessors each, so the batch's cache lines (64 KiB) stay in L2.
const EXPAND_BATCH: usize = 64;

/// Asks the CPU to bring the cache line holding `*p` closer (a hint: no fault, no effect on
/// values).
#[inline(always)]
fn prefetch<T>(p: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing architecturally (it cannot fault, whatever the address),
    // and SSE, which provides it, is part of every x86-64 CPU.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>((p as *const T).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// Frontiers up to this size are expanded on the calling thread.
const SERIAL_FRONTIER: usize = 2048;

/// How a metric sees one move (for the forward pass).
pub trait Metric: Sync {
    /// Where the values of a leaving move are found (indices), the same for every metric of one
    /// table: computed once per move by the first metric and read by each.
    type At: Copy;
    /// Where the positions a move that is not [`MoveClass::Quiet`] leads to lie (quiet moves
    /// stay in the retrograde graph): a sub-table or an earlier slice of this table.
    fn locate(&self, child: &Board, child_stm: usize, class: MoveClass) -> Self::At;
    /// The mover's value of that move, known already.
    fn value(&self, at: Self::At) -> TbValue;
    /// Whether pawn un-pushes belong to the in-table graph.
    const PAWN_UNMOVES: bool;
}

/// The in-table neighbours (successors or predecessors) of one position, as
/// [`Layout::encode_step`] gives them: the indices no symmetry brought back, which are distinct,
/// and the others, which may repeat one another or the first kind (without pawns, two boards one
/// step from the same board can be images of each other). Deduplicating only the second kind
/// saves sorting every list.
#[derive(Default)]
struct Neighbours {
    plain: Vec<u64>,
    mirrored: Vec<u64>,
}

impl Neighbours {
    fn clear(&mut self) {
        self.plain.clear();
        self.mirrored.clear();
    }

    #[inline]
    fn push(&mut self, (idx, may_repeat): (u64, bool)) {
        if may_repeat { self.mirrored.push(idx) } else { self.plain.push(idx) }
    }

    /// Drops repeated indices.
    fn dedup(&mut self) {
        if self.mirrored.is_empty() {
            return;
        }
        self.mirrored.sort_unstable();
        self.mirrored.dedup();
        let plain = &self.plain;
        self.mirrored.retain(|i| !plain.contains(i));
    }

    fn len(&self) -> usize {
        self.plain.len() + self.mirrored.len()
    }

    fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        self.plain.iter().chain(&self.mirrored).copied()
    }
}

/// The in-table successors of one position in the forward pass, which needs only their number:
/// those no symmetry brings back are distinct and only counted (their steps kept); only where a
/// symmetry brought one back are indices computed, for every successor, to deduplicate them.
#[derive(Default)]
struct Successors {
    plain: Vec<Step>,
    mirrored: Neighbours,
}

/// Quiet moves of one piece as one bitboard, `(role, from, targets)`, from
/// [`Board::for_each_move_grouped`]: they keep both kings where they are, so they need no symmetry
/// wherever the board itself needs none (`Layout::may_repeat` reads only the kings), which is when
/// the forward pass groups them; they are counted, and listed only where another successor needed
/// a symmetry.
type Grouped = (usize, u32, u64);

impl Successors {
    fn clear(&mut self) {
        self.plain.clear();
        self.mirrored.clear();
    }

    #[inline]
    fn add(&mut self, layout: &Layout, child: &Board, step: Step) {
        if layout.may_repeat(child) {
            self.mirrored.push((layout.encode(child), true));
        } else {
            self.plain.push(step);
        }
    }

    /// The number of distinct successors of `b` (at `idx`, `stm` to move), those added and those
    /// `grouped`.
    fn distinct(
        &mut self,
        layout: &Layout,
        b: &Board,
        idx: u64,
        stm: usize,
        grouped: &[Grouped],
    ) -> usize {
        if self.mirrored.len() == 0 {
            let bulk: u32 = grouped.iter().map(|g| g.2.count_ones()).sum();
            return self.plain.len() + bulk as usize;
        }
        for &step in &self.plain {
            self.mirrored.push(layout.encode_step(idx, stm, step, &b.stepped(stm, step)));
        }
        for &(role, from, mut targets) in grouped {
            while targets != 0 {
                let step = Step { role, from, to: targets.trailing_zeros() };
                targets &= targets - 1;
                self.mirrored.push(layout.encode_step(idx, stm, step, &b.stepped(stm, step)));
            }
        }
        self.mirrored.dedup();
        self.mirrored.len()
    }
}

/// One position's solver state, packed into one atomic word so that touching a predecessor
/// costs one cache miss, not three. The forward pass writes every position's state before
/// anything reads it, so the arrays need no clearing and are reused from table to table
/// ([`Workspace`]):
///
/// ```text
/// bit  31     RESOLVED
///      30     (resolved) BOUNDED: the final value is what the best exit of class
///             [`MoveClass::Exit`] (a capture or promotion) gives
///      24     (pending) EXIT_BEST: the best exit is of class [`MoveClass::Exit`], not a pawn push
///      23..16 (pending) distinct in-table successors not yet known to win for the opponent
///      15..0  (pending) the best exit's code (UNKNOWN: none); (resolved) the final code
/// ```
///
/// BOUNDED feeds [`crate::format::FLAG_EXIT_BOUND`]: it is set where a position resolves to its
/// pending best exit's value and that exit is a capture or promotion (when a pawn push ties
/// with it, the capture or promotion counts).
const RESOLVED: u32 = 1 << 31;
const BOUNDED: u32 = 1 << 30;
const EXIT_BEST: u32 = 1 << 24;
const COUNT_SHIFT: u32 = 16;
const COUNT_ONE: u32 = 1 << COUNT_SHIFT;

/// The resolved state with `code` of a position whose pending state was `pending`.
#[inline]
fn resolved(pending: u32, code: Code) -> u32 {
    let bounded = pending & EXIT_BEST != 0 && low_code(pending) == code;
    RESOLVED | if bounded { BOUNDED } else { 0 } | code as u32
}

#[inline]
fn pending(state: u32) -> bool {
    state & RESOLVED == 0
}

#[inline]
fn low_code(state: u32) -> Code {
    state as Code
}

#[inline]
fn count(state: u32) -> u32 {
    (state >> COUNT_SHIFT) & 0xff
}

/// A work-list entry: index, side to move, and (in the frontier) whether the position is lost.
/// Deferred seeds carry `false`; the flag is set when they are resolved.
#[inline]
fn entry(idx: u64, side: usize, lost: bool) -> u64 {
    idx << 2 | (lost as u64) << 1 | side as u64
}

#[inline]
fn unpack(e: u64) -> (u64, usize, bool) {
    let e = e & ENTRY_MASK;
    (e >> 2, (e & 1) as usize, e & 2 != 0)
}

/// A work-list entry with the level (plies) it resolves at, in one word: the level in the top
/// 16 bits. Seeds and a level's results are held in their millions (a 5-piece pawn table's
/// slice), so they take 8 bytes each, not 16 for a `(u16, u64)` pair.
const LEVEL_SHIFT: u32 = 48;
const ENTRY_MASK: u64 = (1 << LEVEL_SHIFT) - 1;

#[inline]
fn at_level(level: u16, e: u64) -> u64 {
    (level as u64) << LEVEL_SHIFT | e
}

#[inline]
fn level_of(e: u64) -> usize {
    (e >> LEVEL_SHIFT) as usize
}

/// An array of atomic words in anonymous memory, advised to use transparent huge pages: the
/// solver reads it at random, and with 4 KiB pages nearly every access would also miss the TLB.
struct StateArray {
    words: &'static [AtomicU32],
    /// Owns the memory `words` points into; never touched otherwise, dropped with it.
    _map: memmap2::MmapMut,
}

impl StateArray {
    fn new(len: usize) -> StateArray {
        let mut map = memmap2::MmapMut::map_anon((len * 4).max(4)).expect("solver memory");
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage); // only a hint
        // SAFETY: the mapping is page aligned (enough for `AtomicU32`), `len * 4` bytes long and
        // zero-filled (a valid `AtomicU32`); the pointer comes from `as_mut_ptr`, so writes
        // through the atomics are allowed; the mapping does not move when `MmapMut` moves and
        // lives exactly as long as this struct, which hands `words` out only for its own lifetime.
        let words =
            unsafe { std::slice::from_raw_parts(map.as_mut_ptr().cast::<AtomicU32>(), len) };
        StateArray { words, _map: map }
    }

    /// Turns the first `len` states into their codes in place (one [`Code`] per state, packed
    /// into the first half of the memory: no second array of finished values) and returns them.
    ///
    /// Code `i` is written over bytes `2i..2i+2`, which belong to state `i / 2`, read before.
    /// After a serial start, ranges `[l, 2l)` are converted in parallel: they read states
    /// `[l, 2l)` and write over states `[l/2, l)`, all converted in earlier rounds.
    fn pack_codes(&mut self, len: usize) -> &[Code] {
        assert!(len <= self.words.len());
        let base = self._map.as_mut_ptr() as usize;
        let convert = |range: std::ops::Range<usize>| {
            let (states, codes) = (base as *const u32, base as *mut Code);
            for i in range {
                // SAFETY: `i < len` states of 4 bytes lie in the mapping; this call reads state
                // `i` before it writes code `i` (bytes `2i..2i+2`, inside states already read:
                // by this loop for `i / 2 < i`, by an earlier round otherwise); no other thread
                // touches these bytes (see above), and `&mut self` excludes every other access.
                unsafe {
                    let s = states.add(i).read();
                    codes.add(i).write(if pending(s) { UNKNOWN } else { low_code(s) });
                }
            }
        };
        const FIRST: usize = 1 << 16;
        convert(0..len.min(FIRST));
        let mut l = FIRST;
        while l < len {
            let end = (2 * l).min(len);
            (l..end).into_par_iter().step_by(FIRST).for_each(|a| convert(a..(a + FIRST).min(end)));
            l = end;
        }
        // SAFETY: the first `len` codes were all written above; the mapping is aligned and
        // lives as long as `self`, which this borrow keeps.
        unsafe { std::slice::from_raw_parts(base as *const Code, len) }
    }
}

/// The solver arrays (two per metric: one per side), kept from one table to the next.
///
/// A fresh mapping costs the kernel's zeroing of every page at its first touch: a tenth of a
/// 5-piece table's time in `perf` (KRPvKN). An array is kept while a table needs at least half
/// of it, so memory held stays within twice a table's need.
///
/// A solved table's values are packed over its state arrays ([`Workspace::codes`]): no second
/// array for them (before: 4 more bytes per index entry and metric, 2.6 GiB for KRPvKR).
#[derive(Default)]
pub struct Workspace {
    arrays: Vec<StateArray>,
    /// The last table's sub-tables, decoded into again by the next table's loads.
    subs: Vec<Vec<Code>>,
}

/// Whether an array of `held` entries serves a table of `len` indices.
fn fits(held: usize, len: usize) -> bool {
    held >= len && held / 2 <= len
}

impl Workspace {
    /// Drops what a table of `len` indices solving `metrics` metrics at once cannot use: called
    /// before its sub-tables are loaded, so that they do not meet the last table's arrays.
    pub fn prepare(&mut self, len: usize, metrics: usize) {
        self.arrays.retain(|a| fits(a.words.len(), len));
        self.arrays.truncate(2 * metrics);
    }

    /// `metrics` solvers for one table.
    pub fn solvers<'a>(&'a mut self, layout: &'a Layout, metrics: usize) -> Vec<Solver<'a>> {
        let len = layout.size as usize;
        self.prepare(len, metrics);
        if cfg!(debug_assertions) {
            // Debug builds poison kept arrays, so a state read before the forward pass wrote it
            // shows up in the tests as a wrong value rather than passing by luck.
            for a in &self.arrays {
                a.words.par_iter().for_each(|w| w.store(POISON, Relaxed));
            }
        }
        while self.arrays.len() < 2 * metrics {
            self.arrays.push(StateArray::new(len));
        }
        let a = &self.arrays;
        (0..metrics)
            .map(|k| Solver { layout, state: [&a[2 * k].words[..len], &a[2 * k + 1].words[..len]] })
            .collect()
    }

    /// The finished values of solver `k` (as [`Workspace::solvers`] made them) for a table of
    /// `len` indices, both sides, packed over its state arrays: the solver is spent.
    pub fn codes(&mut self, k: usize, len: usize) -> [&[Code]; 2] {
        let [white, black] = &mut self.arrays[2 * k..2 * k + 2] else {
            panic!("two state arrays per solver")
        };
        [white.pack_codes(len), black.pack_codes(len)]
    }

    /// Buffers to load sub-tables of `lens` entries into: kept ones where they fit (the
    /// smallest that does), new ones otherwise. Kept buffers that fit none are dropped first.
    pub fn take_sub_buffers(&mut self, lens: &[usize]) -> Vec<Vec<Code>> {
        let mut kept = std::mem::take(&mut self.subs);
        kept.sort_by_key(|v| v.capacity());
        let mut out: Vec<Option<Vec<Code>>> = vec![None; lens.len()];
        let mut order: Vec<usize> = (0..lens.len()).collect();
        order.sort_by_key(|&k| std::cmp::Reverse(lens[k]));
        for k in order {
            if let Some(i) = kept.iter().position(|v| fits(v.capacity(), lens[k])) {
                out[k] = Some(kept.remove(i));
            }
        }
        drop(kept);
        out.into_iter().map(Option::unwrap_or_default).collect()
    }

    /// Sub-table buffers to keep for the next table.
    pub fn recycle_subs(&mut self, bufs: impl IntoIterator<Item = Vec<Code>>) {
        self.subs.extend(bufs);
    }
}

/// What debug builds fill kept arrays with: a resolved, exit-bounded win in 1, like the states a
/// finished table leaves behind, so that a state read before it is written gives a wrong value.
const POISON: u32 = RESOLVED | BOUNDED | win(1) as u32;

/// The working arrays of one table: one packed state per side and index.
pub struct Solver<'a> {
    pub layout: &'a Layout,
    state: [&'a [AtomicU32]; 2],
}

impl<'a> Solver<'a> {
    /// Bytes held by the solver's arrays.
    pub fn memory(&self) -> u64 {
        self.layout.size * 2 * 4
    }

    /// The code of a position; [`UNKNOWN`] while it is not resolved.
    #[inline]
    pub fn code(&self, side: usize, idx: usize) -> Code {
        let s = self.state[side][idx].load(Relaxed);
        if pending(s) { UNKNOWN } else { low_code(s) }
    }

    #[inline]
    fn resolve_now(&self, side: usize, idx: usize, code: Code) {
        self.state[side][idx].store(RESOLVED | code as u32, Relaxed);
    }

    /// The level-by-level passes over `universe` (a set closed under in-table moves) after its
    /// [`forward`] pass found `seeds`, given that every value its exits need is final.
    /// Unresolved positions become draws. `on_level` hears of each level and the number of
    /// positions resolved so far.
    pub fn retrograde<M: Metric>(
        &self,
        seeds: impl Iterator<Item = u64>,
        universe: &[u32],
        mut on_level: impl FnMut(usize, u64),
    ) {
        let mut resolved_so_far = 0u64;
        let mut buckets: Vec<Vec<u64>> = Vec::new();
        let place = |buckets: &mut Vec<Vec<u64>>, e: u64| {
            let d = level_of(e);
            if buckets.len() <= d {
                buckets.resize_with(d + 1, Vec::new);
            }
            buckets[d].push(e & ENTRY_MASK);
        };
        for e in seeds {
            place(&mut buckets, e);
        }

        let mut frontier: Vec<u64> = Vec::new();
        let mut d = 0usize;
        loop {
            if let Some(seeds) = buckets.get_mut(d) {
                // Serial: no expansion runs while seeds are placed.
                for e in std::mem::take(seeds) {
                    let (idx, side, _) = unpack(e);
                    let s = self.state[side][idx as usize].load(Relaxed);
                    if pending(s) {
                        let code = seed_code(s, d as u16);
                        self.state[side][idx as usize].store(resolved(s, code), Relaxed);
                        frontier.push(entry(idx, side, code % 2 == 1));
                    }
                }
            }
            if frontier.is_empty() && d >= buckets.len() {
                break;
            }
            resolved_so_far += frontier.len() as u64;
            on_level(d, resolved_so_far);
            // Small frontiers (the first and last levels) are not worth waking the pool for.
            // One vector per chunk, read in place: collecting them into one would hold the
            // level's results twice.
            let results: Vec<Vec<u64>> = if frontier.len() <= SERIAL_FRONTIER {
                vec![self.expand::<M>(&frontier, d as u16)]
            } else {
                frontier.par_chunks(1024).map(|chunk| self.expand::<M>(chunk, d as u16)).collect()
            };
            frontier.clear();
            for e in results.into_iter().flatten() {
                if level_of(e) == d + 1 {
                    frontier.push(e & ENTRY_MASK);
                } else {
                    place(&mut buckets, e);
                }
            }
            d += 1;
        }
        universe.par_iter().for_each(|&idx| {
            for side in 0..2 {
                let cell = &self.state[side][idx as usize];
                let s = cell.load(Relaxed);
                if pending(s) {
                    cell.store(resolved(s, DRAW), Relaxed);
                }
            }
        });
    }

    /// The end of one position's forward pass: stores its successor count and best exit, and
    /// returns a seed level if the position's value may be decided by its exits alone. `best`: the
    /// best exit's value, and whether a capture or promotion (not only a pawn push) gives it.
    fn init_one(
        &self,
        stm: usize,
        idx: usize,
        moves: bool,
        mated: bool,
        kids: usize,
        (best, best_is_exit): (Option<TbValue>, bool),
    ) -> Option<u16> {
        if !moves {
            if mated {
                self.state[stm][idx].store(0, Relaxed); // pending, no successors, no exit
                return Some(0); // a loss seed at level 0
            }
            self.resolve_now(stm, idx, DRAW);
            return None;
        }
        debug_assert!(kids < 256);
        let exit = best.map_or(UNKNOWN, TbValue::to_code);
        let flag = if best_is_exit { EXIT_BEST } else { 0 };
        let state = (kids as u32) << COUNT_SHIFT | flag | exit as u32;
        self.state[stm][idx].store(state, Relaxed);
        match best {
            Some(TbValue::Win(d)) => Some(d),
            Some(TbValue::Loss(d)) if kids == 0 => Some(d),
            Some(TbValue::Draw) if kids == 0 => {
                self.state[stm][idx].store(resolved(state, DRAW), Relaxed);
                None
            }
            _ => None,
        }
    }

    /// Predecessors of the frontier positions (all resolved at level `d`): returns the newly
    /// resolved ones with their level.
    ///
    /// The predecessors' states are scattered (nearly every one is a cache miss): each is
    /// prefetched as soon as its index is known, while the next positions' un-moves are worked
    /// out, and updated a batch of positions later, when its line has arrived. The misses
    /// overlap with the arithmetic and with one another (waiting for each in its update, with
    /// a branch on it and a locked instruction, would serialise them).
    fn expand<M: Metric>(&self, chunk: &[u64], d: u16) -> Vec<u64> {
        let mut out = Vec::new();
        let mut preds = Neighbours::default();
        let mut todo: Vec<u64> = Vec::with_capacity(EXPAND_BATCH * 32);
        let mut b = Board::default();
        for batch in chunk.chunks(EXPAND_BATCH) {
            todo.clear();
            for &e in batch {
                let (idx, side, is_loss) = unpack(e);
                if !self.layout.decode_into(idx, &mut b) {
                    continue;
                }
                let mover = 1 - side;
                preds.clear();
                b.for_each_unmove(mover, M::PAWN_UNMOVES, |p, step| {
                    // The un-move goes from `step.to` back to `step.from`.
                    let back = step.reversed();
                    preds.push(self.layout.encode_step(idx, mover, back, p));
                });
                preds.dedup();
                for p in preds.iter() {
                    prefetch(&self.state[mover][p as usize]);
                    todo.push(entry(p, mover, is_loss));
                }
            }
            for &t in &todo {
                self.update(t, d, &mut out);
            }
        }
        out
    }

    /// One predecessor `t` of a position resolved at level `d`.
    #[inline]
    fn update(&self, t: u64, d: u16, out: &mut Vec<u64>) {
        let (p, mover, child_lost) = unpack(t);
        let cell = &self.state[mover][p as usize];
        let mut cur = cell.load(Relaxed);
        // Compare-and-swap loop: another thread may update the same predecessor.
        while pending(cur) {
            let (new, push) = if child_lost {
                (resolved(cur, win(d + 1)), Some((d + 1, false)))
            } else {
                debug_assert!(count(cur) > 0, "more in-table successors than counted");
                if count(cur) == 0 {
                    break;
                }
                if count(cur) > 1 {
                    (cur - COUNT_ONE, None)
                } else {
                    // The last in-table successor wins for the opponent.
                    match TbValue::from_code(low_code(cur)) {
                        Some(TbValue::Win(_) | TbValue::Draw) => (cur - COUNT_ONE, None),
                        Some(TbValue::Loss(l)) if l > d + 1 => (cur - COUNT_ONE, Some((l, false))),
                        _ => (resolved(cur, loss(d + 1)), Some((d + 1, true))),
                    }
                }
            };
            match cell.compare_exchange_weak(cur, new, Relaxed, Relaxed) {
                Ok(_) => {
                    if let Some((level, lost)) = push {
                        out.push(at_level(level, entry(p, mover, lost)));
                    }
                    break;
                }
                Err(now) => cur = now,
            }
        }
    }

    /// Which positions resolved to the value of their best capture or promotion (`BOUNDED`),
    /// one bit per index and side.
    pub fn bounded(&self) -> [Bits; 2] {
        std::array::from_fn(|side| {
            Bits::from_fn(self.state[side].len(), |i| {
                self.state[side][i].load(Relaxed) & (RESOLVED | BOUNDED) == RESOLVED | BOUNDED
            })
        })
    }
}

/// The forward pass over `universe` for `N` metrics of one table at once (DTM and DTZ): they
/// share decoding, legality, move generation and the in-table successors, and differ only in
/// how they value the moves that leave the graph. Returns the seeds (entries with their level)
/// per chunk of the universe, each chunk's per solver: kept apart, not collected into one
/// vector, which would hold them twice. `on_chunk` hears of every chunk of index entries done.
pub fn forward<M: Metric, const N: usize>(
    solvers: [(&Solver<'_>, &M); N],
    universe: &[u32],
    on_chunk: &(dyn Fn(u64) + Sync),
) -> Vec<[Vec<u64>; N]> {
    let layout = solvers[0].0.layout;
    assert!(layout.size < 1 << (LEVEL_SHIFT - 2), "index too large for a work-list entry");
    universe
        .par_chunks(4096)
        .map(|chunk| {
            let mut out: [Vec<u64>; N] = std::array::from_fn(|_| Vec::new());
            let mut kids = Successors::default();
            let mut grouped: Vec<Grouped> = Vec::with_capacity(8);
            // The moves that leave the in-table graph, located (in the first metric's
            // sub-tables, the same places for every metric) as they are generated: listing
            // their boards would copy each right after its last word was written, which the
            // processor cannot serve from the pending write (see `Board::capture_on`).
            let mut leaving: Vec<(M::At, bool)> = Vec::with_capacity(32);
            let first = solvers[0].1;
            let mut decoder = Decoder::new(layout);
            let mut b = Board::default();
            for &idx in chunk {
                let i = idx as usize;
                if !decoder.decode_into(idx as u64, &mut b) {
                    for (s, _) in &solvers {
                        s.resolve_now(0, i, ILLEGAL);
                        s.resolve_now(1, i, ILLEGAL);
                    }
                    continue;
                };
                // Moves that keep the kings need a symmetry only where the board does.
                let group = !layout.may_repeat(&b);
                for stm in 0..2 {
                    if !b.legal_with(stm) {
                        for (s, _) in &solvers {
                            s.resolve_now(stm, i, ILLEGAL);
                        }
                        continue;
                    }
                    kids.clear();
                    grouped.clear();
                    leaving.clear();
                    let mut moves = false;
                    // A small callback (inlined at each of the generator's call sites): moves
                    // that leave the in-table graph are valued after generation.
                    b.for_each_move_grouped(
                        stm,
                        group,
                        |role, from, targets| grouped.push((role, from, targets)),
                        |child, class, step| {
                            moves = true;
                            if class == MoveClass::Quiet {
                                kids.add(layout, child, step);
                            } else {
                                let exit = class == MoveClass::Exit;
                                leaving.push((first.locate(child, 1 - stm, class), exit));
                            }
                        },
                    );
                    let mut best: [Option<TbValue>; N] = [None; N];
                    let mut best_is_exit = [false; N];
                    for &(at, exit) in &leaving {
                        for (k, (_, metric)) in solvers.iter().enumerate() {
                            let v = metric.value(at);
                            match best[k] {
                                Some(b) if v < b => {}
                                Some(b) if v == b => best_is_exit[k] |= exit,
                                _ => (best[k], best_is_exit[k]) = (Some(v), exit),
                            }
                        }
                    }
                    moves |= !grouped.is_empty();
                    let n = kids.distinct(layout, &b, idx as u64, stm, &grouped);
                    let mated = !moves && b.in_check(stm);
                    for (k, (s, _)) in solvers.iter().enumerate() {
                        let b = (best[k], best_is_exit[k]);
                        if let Some(level) = s.init_one(stm, i, moves, mated, n, b) {
                            out[k].push(at_level(level, entry(idx as u64, stm, false)));
                        }
                    }
                }
            }
            on_chunk(chunk.len() as u64);
            out
        })
        .collect()
}

/// The code a seed at level `d` takes (from its pending state): a win if the position's best exit
/// wins in `d`, otherwise a loss in `d` (all moves lose, the longest takes `d`).
fn seed_code(state: u32, d: u16) -> Code {
    match TbValue::from_code(low_code(state)) {
        Some(TbValue::Win(w)) if w == d => win(d),
        _ => loss(d),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::MoveClass;

    /// The successor count and the predecessor list against a second computation: every
    /// neighbour fully encoded, sorted and deduplicated (what the passes did before).
    #[test]
    fn neighbour_lists_match_sorting_full_encodings() {
        for name in ["KQvKR", "KBBvK", "KRRvKR", "KQvK", "KRvKP", "KPPvK"] {
            let layout = Layout::new(name.parse().unwrap());
            let (mut checked, mut repeated, mut mixed) = (0, 0, 0);
            for idx in (0..layout.size).step_by((layout.size / 30_000).max(1) as usize) {
                let Some(b) = layout.decode(idx) else { continue };
                for stm in 0..2 {
                    let mut kids = Successors::default();
                    let mut full = Vec::new();
                    b.for_each_move(stm, |child, class, step| {
                        if class == MoveClass::Quiet {
                            kids.add(&layout, child, step);
                            full.push(layout.encode(child));
                        }
                    });
                    let moves = full.len();
                    full.sort_unstable();
                    full.dedup();
                    repeated += moves - full.len();
                    assert_eq!(
                        kids.distinct(&layout, &b, idx, stm, &[]),
                        full.len(),
                        "{name} {idx}"
                    );

                    // The forward pass's way: the quiet moves of free pieces grouped wherever the
                    // board needs no symmetry.
                    let mut kids = Successors::default();
                    let mut grouped: Vec<Grouped> = Vec::new();
                    b.for_each_move_grouped(
                        stm,
                        !layout.may_repeat(&b),
                        |role, from, targets| grouped.push((role, from, targets)),
                        |child, class, step| {
                            if class == MoveClass::Quiet {
                                kids.add(&layout, child, step);
                            }
                        },
                    );
                    mixed += usize::from(!grouped.is_empty() && kids.mirrored.len() > 0);
                    let n = kids.distinct(&layout, &b, idx, stm, &grouped);
                    assert_eq!(n, full.len(), "{name} {idx}, grouped");

                    let mut preds = Neighbours::default();
                    let mut full = Vec::new();
                    b.for_each_unmove(stm, layout.has_pawns(), |p, step| {
                        let back = step.reversed();
                        preds.push(layout.encode_step(idx, stm, back, p));
                        full.push(layout.encode(p));
                    });
                    full.sort_unstable();
                    full.dedup();
                    preds.dedup();
                    let mut listed: Vec<u64> = preds.iter().collect();
                    listed.sort_unstable();
                    assert_eq!(listed, full, "{name} {idx}");
                    checked += 1;
                }
            }
            assert!(checked > 1000, "{name}: {checked} positions");
            if !layout.has_pawns() {
                assert!(repeated > 0, "{name}: no repeated successor index was met");
                assert!(mixed > 0, "{name}: grouped moves were never listed for deduplication");
            }
        }
    }
}
