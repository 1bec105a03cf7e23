//! The shared transposition table: fixed-size buckets of lock-free entries.
//!
//! Layout. The table is an array of buckets (in memory advised for huge pages); a bucket is
//! one 64-byte cache line holding four entries of two `AtomicU64` words each:
//!
//! ```text
//! word 0: check = key ^ data         (verification: the full 64-bit Zobrist key, hidden by XOR)
//! word 1: data, packed as
//!   bits  0..16  move     (u16 code, 0 = none; validated with Position::is_legal before use)
//!   bits 16..32  score    (i16, mate scores relative to the node: see score::to_tt)
//!   bits 32..48  eval     (i16, static evaluation)
//!   bits 48..56  depth    (u8, depth + DEPTH_OFFSET so that quiescence depths fit)
//!   bits 56..58  bound    (0 empty, 1 upper, 2 lower, 3 exact)
//!   bits 58..63  age      (5-bit search generation)
//!   bit  63      pv       (the position was on a principal variation when searched: "TT PV")
//! ```
//!
//! The bucket index comes from the high bits of the key (a multiply-shift of the whole key by
//! the bucket count); the check is the whole key. Threads write the two words without locks;
//! a torn write (words from two different stores) fails the `check ^ data == key` test and is
//! seen as a miss, which is the lockless hashing scheme of Hyatt and Mann. All accesses are
//! atomic (relaxed), so there is no data race; the two `unsafe` blocks are the prefetch hint
//! and the view of the table's memory as buckets.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};
use vidle_core::Move;

const ENTRIES_PER_BUCKET: usize = 4;
/// Stored depth = search depth + this, so quiescence entries (depth 0 and -1) fit in a `u8`.
const DEPTH_OFFSET: i32 = 2;
const AGE_MASK: u8 = 31;
/// How many plies of depth one generation of age is worth when choosing what to replace.
const AGE_WEIGHT: i32 = 8;
/// A same-position store keeps the old entry if that was this much deeper (and not exact).
const SAME_KEY_DEPTH_MARGIN: i32 = 4;

/// What a stored score says about the true score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// At most this (failed low).
    Upper = 1,
    /// At least this (failed high).
    Lower = 2,
    Exact = 3,
}

/// One probed entry, unpacked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TtHit {
    pub mv: Option<Move>,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
    /// The position was on a principal variation (a PV node, or stored from one before).
    pub pv: bool,
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

#[repr(C, align(64))]
#[derive(Default)]
struct Bucket {
    entries: [Entry; ENTRIES_PER_BUCKET],
}

const _: () = assert!(size_of::<Entry>() == 16);
const _: () = assert!(size_of::<Bucket>() == 64);
const _: () = assert!(align_of::<Bucket>() == 64);

fn pack(
    mv: Option<Move>,
    score: i32,
    eval: i32,
    depth: i32,
    bound: Bound,
    pv: bool,
    age: u8,
) -> u64 {
    let m = mv.map_or(0, Move::to_u16) as u64;
    let s = score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
    let e = eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
    let d = (depth + DEPTH_OFFSET).clamp(0, 255) as u64;
    m | s << 16
        | e << 32
        | d << 48
        | (bound as u64) << 56
        | ((age & AGE_MASK) as u64) << 58
        | (pv as u64) << 63
}

fn unpack(data: u64) -> Option<TtHit> {
    let bound = match (data >> 56) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => return None,
    };
    Some(TtHit {
        mv: Move::from_u16(data as u16),
        score: (data >> 16) as u16 as i16 as i32,
        eval: (data >> 32) as u16 as i16 as i32,
        depth: ((data >> 48) & 0xFF) as i32 - DEPTH_OFFSET,
        bound,
        pv: data >> 63 != 0,
    })
}

#[inline]
fn age_of(data: u64) -> u8 {
    (data >> 58) as u8 & AGE_MASK
}

#[inline]
fn depth_of(data: u64) -> i32 {
    ((data >> 48) & 0xFF) as i32 - DEPTH_OFFSET
}

/// The transposition table, shared by all search threads.
pub struct Tt {
    buckets: Buckets,
    generation: AtomicU8,
}

/// Transparent huge pages are this large on x86-64 and most arm64 kernels.
const HUGE_PAGE: usize = 2 * 1024 * 1024;

/// The bucket array, in anonymous memory aligned to [`HUGE_PAGE`] and advised to use
/// transparent huge pages (where the kernel has them on `madvise`, as most distributions ship
/// it). The table is read at random, so with 4 KiB pages nearly every probe of a table larger
/// than the TLB reaches also waits for a page walk.
struct Buckets {
    slice: &'static [Bucket],
    /// Owns the memory `slice` points into; never touched otherwise, dropped with it.
    _map: memmap2::MmapMut,
}

impl Buckets {
    /// `n` empty buckets (zero bytes are empty entries).
    fn new(n: usize) -> std::io::Result<Buckets> {
        let too_big = || std::io::Error::other("more than the address space");
        let bytes = n.max(1).checked_mul(size_of::<Bucket>()).ok_or_else(too_big)?;
        // One huge page more, so that the array can start on a huge-page boundary; the pages
        // before and after it are never touched, so they take no memory.
        let mut map =
            memmap2::MmapMut::map_anon(bytes.checked_add(HUGE_PAGE).ok_or_else(too_big)?)?;
        let offset = (HUGE_PAGE - map.as_ptr() as usize % HUGE_PAGE) % HUGE_PAGE;
        #[cfg(target_os = "linux")]
        let _ = map.advise_range(memmap2::Advice::HugePage, offset, bytes); // only a hint
        // SAFETY: `offset + bytes` lies within the mapping; the start is 2 MiB aligned (more
        // than `Bucket`'s 64); the memory is zero-filled, and all-zero words are valid
        // `AtomicU64`s (an empty entry); the pointer comes from `as_mut_ptr`, so writes through
        // the atomics are allowed; the mapping does not move when `MmapMut` moves and lives
        // exactly as long as this struct, which lends `slice` out only for its own lifetime.
        let slice = unsafe {
            std::slice::from_raw_parts(map.as_mut_ptr().add(offset).cast::<Bucket>(), n.max(1))
        };
        Ok(Buckets { slice, _map: map })
    }
}

impl std::ops::Deref for Buckets {
    type Target = [Bucket];

    #[inline]
    fn deref(&self) -> &[Bucket] {
        self.slice
    }
}

impl Tt {
    /// A table of `mb` megabytes (at least one bucket). All memory is allocated here; nothing
    /// is allocated while searching.
    pub fn new(mb: usize) -> Tt {
        // Without the memory asked for, a one-bucket table still plays (badly) instead of aborting.
        Tt::try_new(mb).unwrap_or_else(|_| Tt {
            buckets: Buckets::new(1).expect("memory for one bucket"),
            generation: AtomicU8::new(0),
        })
    }

    /// Like [`Tt::new`], but reports a failed allocation instead of aborting (a GUI may ask
    /// for more memory than the machine has).
    ///
    /// # Errors
    /// The memory could not be reserved.
    pub fn try_new(mb: usize) -> Result<Tt, String> {
        let n = (mb.max(1).saturating_mul(1024 * 1024) / size_of::<Bucket>()).max(1);
        let buckets = Buckets::new(n).map_err(|e| format!("cannot allocate {mb} MB: {e}"))?;
        let tt = Tt { buckets, generation: AtomicU8::new(0) };
        // The mapping is lazy: writing every entry now makes the kernel supply (and zero) the
        // pages here rather than in the middle of the first search.
        tt.clear();
        Ok(tt)
    }

    /// Empties every entry. Must not run concurrently with a search (it would still be sound,
    /// only useless).
    pub fn clear(&self) {
        for b in self.buckets.iter() {
            for e in &b.entries {
                e.check.store(0, Relaxed);
                e.data.store(0, Relaxed);
            }
        }
        self.generation.store(0, Relaxed);
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        let g = self.generation.load(Relaxed);
        self.generation.store(g.wrapping_add(1) & AGE_MASK, Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    /// Hints the CPU to load the bucket of `key` (called right after making a move).
    ///
    /// On x86-64 this is the `prefetcht0` instruction, which retires at once. The portable
    /// fallback is a plain read: it also starts the cache miss early, but a load cannot retire
    /// before its data arrives, so a miss to memory holds up every instruction behind it once
    /// the reorder buffer is full (the profile of `vidle bench` charged that wait with about a
    /// sixth of the samples).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let bucket = self.bucket(key);
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            // SAFETY: a prefetch is only a hint: it never faults and changes no memory, and
            // the pointer is to a live bucket of this table besides.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(bucket).cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = bucket.entries[0].check.load(Relaxed);
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<TtHit> {
        for e in &self.bucket(key).entries {
            let data = e.data.load(Relaxed);
            let check = e.check.load(Relaxed);
            if check ^ data == key {
                return unpack(data);
            }
        }
        None
    }

    /// Stores a search result. `score` must already be node-relative (`score::to_tt`); `pv`
    /// marks a position on a principal variation.
    #[allow(clippy::too_many_arguments)] // one entry's fields, kept flat
    pub fn store(
        &self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        pv: bool,
    ) {
        let generation = self.generation.load(Relaxed);
        let bucket = self.bucket(key);
        let mut victim = &bucket.entries[0];
        let mut victim_worth = i32::MAX;
        for e in &bucket.entries {
            let data = e.data.load(Relaxed);
            let check = e.check.load(Relaxed);
            if check ^ data == key && unpack(data).is_some() {
                // The same position: keep a much deeper result of this search unless the new
                // one is exact, and keep the old move if the new store has none.
                let old_depth = depth_of(data);
                if bound != Bound::Exact
                    && age_of(data) == generation
                    && depth + SAME_KEY_DEPTH_MARGIN <= old_depth
                {
                    return;
                }
                let mv = mv.or_else(|| Move::from_u16(data as u16));
                write(e, key, pack(mv, score, eval, depth, bound, pv, generation));
                return;
            }
            if unpack(data).is_none() {
                victim = e;
                victim_worth = i32::MIN;
                continue;
            }
            let age_distance = (generation.wrapping_sub(age_of(data)) & AGE_MASK) as i32;
            let worth = depth_of(data) - AGE_WEIGHT * age_distance;
            if worth < victim_worth {
                victim = e;
                victim_worth = worth;
            }
        }
        write(victim, key, pack(mv, score, eval, depth, bound, pv, generation));
    }

    /// Per mille of entries written by the current search (sampled from the first buckets).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Relaxed);
        let sample = self.buckets.len().min(250);
        let mut used = 0;
        for b in &self.buckets[..sample] {
            for e in &b.entries {
                let data = e.data.load(Relaxed);
                if unpack(data).is_some() && age_of(data) == generation {
                    used += 1;
                }
            }
        }
        (used * 1000 / (sample * ENTRIES_PER_BUCKET).max(1)) as u32
    }
}

#[inline]
fn write(e: &Entry, key: u64, data: u64) {
    e.check.store(key ^ data, Relaxed);
    e.data.store(data, Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;
    use vidle_core::{Role, Square};

    #[test]
    fn entry_pack_unpack_round_trips() {
        let mv =
            Move::promotion(Square::from_coords(1, 6), Square::from_coords(0, 7), Role::Knight);
        for (m, score, eval, depth, bound, pv, age) in [
            (Some(mv), -31_990, 250, 37, Bound::Lower, true, 5u8),
            (None, 0, -32_000, -1, Bound::Upper, false, 31),
            (Some(Move::normal(Square::E1, Square::H8)), 31_999, 0, 127, Bound::Exact, true, 0),
        ] {
            let data = pack(m, score, eval, depth, bound, pv, age);
            let hit = unpack(data).expect("a stored entry");
            assert_eq!(hit, TtHit { mv: m, score, eval, depth, bound, pv });
            assert_eq!(age_of(data), age);
        }
        assert_eq!(unpack(0), None, "an all-zero word is an empty entry");
    }

    #[test]
    fn impossible_sizes_are_errors_not_aborts() {
        assert!(Tt::try_new(usize::MAX / 1024).is_err());
        // Sizes whose byte count (or that plus the alignment slack) overflows a usize.
        assert!(Buckets::new(usize::MAX / 64 + 1).is_err());
        assert!(Buckets::new(usize::MAX / 64).is_err());
        assert!(Tt::try_new(1).is_ok());
    }

    #[test]
    fn the_table_is_huge_page_aligned_and_empty() {
        for mb in [1, 3, 16] {
            let tt = Tt::new(mb);
            assert_eq!(tt.buckets.len(), mb * 1024 * 1024 / 64);
            assert_eq!(tt.buckets.as_ptr() as usize % HUGE_PAGE, 0);
            let empty = |e: &Entry| e.check.load(Relaxed) == 0 && e.data.load(Relaxed) == 0;
            assert!(tt.buckets.iter().all(|b| b.entries.iter().all(empty)));
            assert_eq!(tt.probe(0x1234_5678_9abc_def0), None);
        }
    }

    #[test]
    fn store_probe_and_replacement() {
        let tt = Tt::new(1);
        let key = 0x0034_5678_9abc_def0; // in the first buckets, which `hashfull` samples
        assert!(tt.probe(key).is_none());
        tt.store(key, None, 10, 5, 4, Bound::Lower, true);
        let hit = tt.probe(key).expect("stored");
        assert_eq!((hit.score, hit.depth, hit.bound, hit.pv), (10, 4, Bound::Lower, true));
        // A shallow non-exact store does not replace a much deeper one of the same search.
        tt.store(key, None, 99, 5, 8, Bound::Upper, false);
        tt.store(key, None, -7, 5, 1, Bound::Upper, false);
        assert_eq!(tt.probe(key).map(|h| h.score), Some(99));
        // Fill the bucket with other keys that map to it: the deepest entry survives.
        let n = tt.buckets.len() as u128;
        let same_bucket = |k: u64| (k as u128 * n) >> 64 == (key as u128 * n) >> 64;
        let others: Vec<u64> = (1..u64::MAX)
            .map(|i| key.wrapping_add(i))
            .filter(|&k| same_bucket(k))
            .take(6)
            .collect();
        for (i, &k) in others.iter().enumerate() {
            tt.store(k, None, i as i32, 0, 1, Bound::Exact, false);
        }
        assert_eq!(tt.probe(key).map(|h| h.depth), Some(8));
        assert!(tt.hashfull() > 0);
        tt.clear();
        assert!(tt.probe(key).is_none());
        assert_eq!(tt.hashfull(), 0);
    }
}
