//! A fixed-capacity list whose storage is not initialised when it is created.

use std::mem::MaybeUninit;

/// Up to `N` (a power of two) `Copy` values, stored inline, with an uninitialised tail.
///
/// The search creates move lists and score arrays at every node and typically fills a few
/// dozen entries; zeroing the whole array each time cost ~13% of the engine's instructions
/// (`memset`), so the storage starts uninitialised.
///
/// Invariant: every index below `min(len, N)` has been written. `push` writes index `len % N`
/// before incrementing `len`, and everything else only lowers `len` or moves written values
/// around, so it holds inductively; reads are only made at indices below `len` (and `N`, by the
/// array's own bounds check). Past `N` pushes wrap around (overwriting, never unsound);
/// callers size `N` above the most they ever push.
#[derive(Clone, Copy)]
pub struct FixedList<T: Copy, const N: usize> {
    items: [MaybeUninit<T>; N],
    len: usize,
}

impl<T: Copy, const N: usize> Default for FixedList<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy, const N: usize> FixedList<T, N> {
    const CAPACITY_IS_POWER_OF_TWO: () = assert!(N.is_power_of_two());

    /// An empty list; nothing is written to the storage.
    ///
    /// Not `FixedList { items: [MaybeUninit::uninit(); N], len: 0 }`: rustc (1.93 and later) folds that
    /// into a constant whose copy LLVM turns into a `memset` of the whole struct, and of any
    /// struct containing one (rust-lang/rust#152541); writing `len` alone avoids it.
    #[inline]
    pub fn new() -> Self {
        let () = Self::CAPACITY_IS_POWER_OF_TWO;
        let mut list = MaybeUninit::<Self>::uninit();
        // SAFETY: `len` is written through a raw pointer, without a reference to the
        // uninitialised struct; then every field is valid: `len` is written and `items`, an
        // array of `MaybeUninit`, needs no initialisation. An empty list has nothing written.
        unsafe {
            std::ptr::addr_of_mut!((*list.as_mut_ptr()).len).write(0);
            list.assume_init()
        }
    }

    /// Writes `value` at index `len % N` and increments `len`: past `N` values it wraps
    /// around and overwrites the oldest.
    #[inline]
    pub fn push(&mut self, value: T) {
        self.items[self.len & (N - 1)] = MaybeUninit::new(value);
        self.len += 1;
    }

    /// The number of values pushed and not since removed; after wrapping it exceeds `N`, and
    /// only the first `N` entries can be read.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list holds no values (`len() == 0`).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Empties the list by resetting `len`; the storage is left as it is and never read.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The value at `i`, or `None` if `i >= len`.
    #[inline]
    pub fn get(&self, i: usize) -> Option<T> {
        if i < self.len {
            // SAFETY: `i < len`, and the type invariant says every index below `min(len, N)`
            // has been written (an `i >= N` panics in the indexing first).
            Some(unsafe { self.items[i].assume_init() })
        } else {
            None
        }
    }

    /// Swaps two written entries.
    ///
    /// # Panics
    /// When `a` or `b` is not below `len()` (capped at `N`): swapping an unwritten slot into
    /// the written part would let safe code read uninitialised memory.
    #[inline]
    pub fn swap(&mut self, a: usize, b: usize) {
        self.items[..self.len.min(N)].swap(a, b);
    }

    /// The written entries as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        let init = &self.items[..self.len.min(N)];
        // SAFETY: the entries below `min(len, N)` are initialised (type invariant), and
        // `MaybeUninit<T>` has the same size, alignment and layout as `T`.
        unsafe { std::slice::from_raw_parts(init.as_ptr().cast::<T>(), init.len()) }
    }

    /// Keeps only the values for which `f` is true, in order.
    pub fn retain(&mut self, mut f: impl FnMut(T) -> bool) {
        let mut j = 0;
        for i in 0..self.len.min(N) {
            // SAFETY: `i < min(len, N)`, which the type invariant says is written.
            let v = unsafe { self.items[i].assume_init() };
            if f(v) {
                self.items[j] = MaybeUninit::new(v);
                j += 1;
            }
        }
        self.len = j;
    }
}

#[cfg(test)]
mod tests {
    use super::FixedList;

    #[test]
    fn reads_only_what_was_written() {
        let mut l = FixedList::<u32, 8>::new();
        assert_eq!(l.get(0), None);
        for v in 0..5 {
            l.push(v * 10);
        }
        assert_eq!(l.as_slice(), &[0, 10, 20, 30, 40]);
        l.swap(0, 4);
        assert_eq!(l.get(0), Some(40));
        assert_eq!(l.get(5), None);
        l.retain(|v| v != 20);
        assert_eq!(l.as_slice(), &[40, 10, 30, 0]);
        l.clear();
        assert!(l.is_empty() && l.as_slice().is_empty());
    }

    #[test]
    #[should_panic(expected = "index out of bounds")]
    fn swapping_an_unwritten_slot_in_panics() {
        // Found by the documentation review of 2026-12-06: `swap(0, 5)` used to move the
        // unwritten slot 5 to index 0, where `get`/`as_slice` would read it.
        let mut l = FixedList::<u64, 8>::new();
        l.push(1);
        l.push(2);
        l.swap(0, 5);
    }

    #[test]
    fn pushes_past_capacity_wrap_without_reading_garbage() {
        let mut l = FixedList::<u8, 4>::new();
        for v in 0..6 {
            l.push(v);
        }
        assert_eq!(l.len(), 6);
        assert_eq!(l.as_slice(), &[4, 5, 2, 3]);
        assert_eq!(l.get(3), Some(3));
    }
}
