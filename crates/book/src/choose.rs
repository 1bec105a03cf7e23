//! Choosing one book move: by weight (Polyglot's rule), best only, or with a temperature.

use crate::book::{Book, BookMove};
use std::hash::{BuildHasher, Hasher};
use vidle_core::{Game, Move, Position};

/// How to pick a move among a position's book moves.
///
/// The default is Polyglot's rule: a move is played with probability weight / sum of weights.
#[derive(Debug, Clone, PartialEq)]
pub struct ChooseOptions {
    /// Always play the highest-weighted move (ties: the first in book order).
    pub best_only: bool,
    /// Ignore moves whose weight is below this (moves of weight 0 are never played).
    pub min_weight: u16,
    /// Variety: each weight is raised to the power `1 / temperature` before drawing. 1 is
    /// Polyglot's proportional choice, values towards 0 favour the best moves more and more,
    /// large values make all moves nearly equally likely (XBoard's "book depth" power N = 1/T).
    /// Values that are not finite and positive are treated as 1.
    pub temperature: f64,
}

impl Default for ChooseOptions {
    fn default() -> Self {
        ChooseOptions { best_only: false, min_weight: 1, temperature: 1.0 }
    }
}

impl ChooseOptions {
    /// Picks one of `moves` (any order), or `None` if no move passes the filters.
    ///
    /// ```
    /// use vidle_book::{BookMove, BookRng, ChooseOptions};
    /// use vidle_core::{Move, Square};
    /// let e4 = Move::normal(Square::E1.offset(12).unwrap(), Square::E1.offset(28).unwrap());
    /// let moves = [BookMove { mv: e4, weight: 10, learn: 0 }];
    /// let mut rng = BookRng::seeded(1);
    /// assert_eq!(ChooseOptions::default().pick(&moves, &mut rng).map(|b| b.mv), Some(e4));
    /// ```
    pub fn pick(&self, moves: &[BookMove], rng: &mut BookRng) -> Option<BookMove> {
        let candidates: Vec<&BookMove> =
            moves.iter().filter(|b| b.weight > 0 && b.weight >= self.min_weight).collect();
        if self.best_only {
            // max_by_key returns the last maximum; keep the first instead.
            let best = candidates.iter().map(|b| b.weight).max()?;
            return candidates.into_iter().find(|b| b.weight == best).copied();
        }
        let t = if self.temperature.is_finite() && self.temperature > 0.0 {
            self.temperature
        } else {
            1.0
        };
        let max = f64::from(candidates.iter().map(|b| b.weight).max()?);
        // Normalise by the largest weight so that small temperatures cannot overflow.
        let scores: Vec<f64> =
            candidates.iter().map(|b| (f64::from(b.weight) / max).powf(1.0 / t)).collect();
        let total: f64 = scores.iter().sum();
        if total.is_nan() || total <= 0.0 {
            // Every score underflowed: only the best moves matter at such a temperature.
            return candidates.into_iter().find(|b| f64::from(b.weight) == max).copied();
        }
        let mut x = rng.next_f64() * total;
        for (b, s) in candidates.iter().zip(&scores) {
            if x < *s {
                return Some(**b);
            }
            x -= s;
        }
        candidates.last().map(|b| **b)
    }
}

/// A small, fast, seedable random number generator (xoshiro256** seeded by SplitMix64), so that
/// tests can replay choices and the book crate needs no `rand` dependency.
#[derive(Debug, Clone)]
pub struct BookRng {
    s: [u64; 4],
}

impl BookRng {
    /// A generator that always yields the same sequence for the same seed.
    pub fn seeded(seed: u64) -> BookRng {
        let mut sm = vidle_core::rng::SplitMix64::new(seed);
        BookRng { s: [sm.next_u64(), sm.next_u64(), sm.next_u64(), sm.next_u64()] }
    }

    /// A generator seeded from the operating system's randomness (through the standard
    /// library's randomly keyed hasher) and the clock.
    pub fn from_entropy() -> BookRng {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        if let Ok(d) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
            h.write_u128(d.as_nanos());
        }
        BookRng::seeded(h.finish())
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform number in `[0, 1)`.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

/// Choosing from a [`Book`]: the book's moves for a position, picked by [`ChooseOptions`].
impl Book {
    /// Picks a book move for `pos` (always legal), or `None` when the book has none.
    pub fn choose(&self, pos: &Position, opts: &ChooseOptions, rng: &mut BookRng) -> Option<Move> {
        opts.pick(&self.entries(pos), rng).map(|b| b.mv)
    }

    /// [`Book::choose`] for a game's current position, with the exact key.
    pub fn choose_in_game(
        &self,
        game: &Game,
        opts: &ChooseOptions,
        rng: &mut BookRng,
    ) -> Option<Move> {
        opts.pick(&self.entries_in_game(game), rng).map(|b| b.mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vidle_core::{Move, Square};

    fn mv(i: u8) -> Move {
        Move::normal(Square::new(8 + i).unwrap(), Square::new(16 + i).unwrap())
    }

    fn book(weights: &[u16]) -> Vec<BookMove> {
        weights
            .iter()
            .enumerate()
            .map(|(i, &w)| BookMove { mv: mv(i as u8), weight: w, learn: 0 })
            .collect()
    }

    fn frequencies(opts: &ChooseOptions, moves: &[BookMove], n: usize) -> Vec<usize> {
        let mut rng = BookRng::seeded(42);
        let mut count = vec![0; moves.len()];
        for _ in 0..n {
            let b = opts.pick(moves, &mut rng).unwrap();
            let i = moves.iter().position(|x| x.mv == b.mv).unwrap();
            count[i] += 1;
        }
        count
    }

    #[test]
    fn proportional_to_weight() {
        let moves = book(&[60, 30, 10, 0]);
        let f = frequencies(&ChooseOptions::default(), &moves, 20_000);
        assert!((11_400..12_600).contains(&f[0]), "{f:?}");
        assert!((5_500..6_500).contains(&f[1]), "{f:?}");
        assert!((1_700..2_300).contains(&f[2]), "{f:?}");
        assert_eq!(f[3], 0, "weight 0 is never played");
    }

    #[test]
    fn best_only_min_weight_and_temperature() {
        let moves = book(&[5, 60, 30, 60]);
        let best = ChooseOptions { best_only: true, ..Default::default() };
        assert_eq!(frequencies(&best, &moves, 100), vec![0, 100, 0, 0]);
        let min = ChooseOptions { min_weight: 31, ..Default::default() };
        let f = frequencies(&min, &moves, 1000);
        assert_eq!(f[0] + f[2], 0);
        let cold = ChooseOptions { temperature: 0.01, ..Default::default() };
        let f = frequencies(&cold, &moves, 1000);
        assert_eq!(f[0] + f[2], 0, "{f:?}");
        let hot = ChooseOptions { temperature: 1000.0, ..Default::default() };
        let f = frequencies(&hot, &moves, 8000);
        assert!(f.iter().all(|&c| (1700..2300).contains(&c)), "{f:?}");
        assert_eq!(ChooseOptions::default().pick(&book(&[0, 0]), &mut BookRng::seeded(1)), None);
        assert_eq!(ChooseOptions::default().pick(&[], &mut BookRng::seeded(1)), None);
    }

    #[test]
    fn seeded_rng_is_reproducible() {
        let mut a = BookRng::seeded(7);
        let mut b = BookRng::seeded(7);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        let x = BookRng::seeded(8).next_f64();
        assert!((0.0..1.0).contains(&x));
    }
}
