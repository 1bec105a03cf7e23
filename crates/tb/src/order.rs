//! The order of the index digits in a table file.
//!
//! An index is a mixed-radix number whose digits are the king pair and one number per group of
//! identical pieces ([`Layout::digits`], most significant first). The generator and the prober
//! compute it in that standard order; a file may store its entries with the digits in another
//! order, chosen per table by the writer because it compresses better (equal values closer
//! together: KRvKN's DTM file is 22 % smaller with the black knight's square as the most
//! significant digit). The header records the order ([`crate::format`], version 4).

use crate::index::Layout;

/// A permutation of a layout's digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DigitOrder {
    /// `perm[k]`: the standard digit that comes `k`-th (most significant first) in the file.
    perm: Vec<u8>,
    /// Radix of each standard digit.
    radix: Vec<u64>,
    /// Place value of each standard digit in the file's index.
    file_mult: Vec<u64>,
    /// Place value of each standard digit in the standard index.
    std_mult: Vec<u64>,
    identity: bool,
}

/// Place values of `digits` (radices, most significant first) taken in the order `perm`, per
/// digit of the standard order.
fn place_values(radix: &[u64], perm: &[u8]) -> Vec<u64> {
    let mut mult = vec![0; radix.len()];
    let mut m = 1;
    for &d in perm.iter().rev() {
        mult[d as usize] = m;
        m *= radix[d as usize];
    }
    mult
}

impl DigitOrder {
    /// The order `perm` of `layout`'s digits, if it is a permutation of them.
    pub fn new(layout: &Layout, perm: &[u8]) -> Option<DigitOrder> {
        let radix = layout.digits();
        let mut seen = vec![false; radix.len()];
        if perm.len() != radix.len() {
            return None;
        }
        for &d in perm {
            if std::mem::replace(seen.get_mut(d as usize)?, true) {
                return None;
            }
        }
        let standard: Vec<u8> = (0..radix.len() as u8).collect();
        Some(DigitOrder {
            identity: perm.iter().enumerate().all(|(k, &d)| k == d as usize),
            perm: perm.to_vec(),
            file_mult: place_values(&radix, perm),
            std_mult: place_values(&radix, &standard),
            radix,
        })
    }

    /// The standard order.
    pub fn identity(layout: &Layout) -> DigitOrder {
        let n = layout.digits().len() as u8;
        DigitOrder::new(layout, &(0..n).collect::<Vec<_>>()).expect("a permutation")
    }

    /// Every order of `layout`'s digits (the standard one first); only the standard one where
    /// there are more than five digits (6- and 7-piece tables: too many to try).
    pub fn all(layout: &Layout) -> Vec<DigitOrder> {
        let n = layout.digits().len() as u8;
        let mut perms: Vec<Vec<u8>> = vec![Vec::new()];
        if n > 5 {
            return vec![DigitOrder::identity(layout)];
        }
        for _ in 0..n {
            perms = perms
                .into_iter()
                .flat_map(|p| {
                    let next: Vec<u8> = (0..n).filter(|d| !p.contains(d)).collect();
                    next.into_iter().map(move |d| [&p[..], &[d]].concat())
                })
                .collect();
        }
        perms.iter().map(|p| DigitOrder::new(layout, p).expect("a permutation")).collect()
    }

    /// The order as the header stores it: `perm()[k]` is the standard digit that comes `k`-th,
    /// most significant first.
    pub fn perm(&self) -> &[u8] {
        &self.perm
    }

    /// Whether this is the standard order (which a file records as an empty digit order).
    pub fn is_identity(&self) -> bool {
        self.identity
    }

    /// The file's index of the standard index `idx`.
    #[inline]
    pub fn to_file(&self, idx: u64) -> u64 {
        self.convert(idx, &self.std_mult, &self.file_mult)
    }

    /// The standard index of the file's index `idx`.
    #[inline]
    pub fn to_standard(&self, idx: u64) -> u64 {
        self.convert(idx, &self.file_mult, &self.std_mult)
    }

    /// The standard indices of the file's indices `start..start + len` (all below the index
    /// size), in order: the digits are counted up like an odometer, no division per index
    /// (the writer's inner loop).
    pub fn standard_run(&self, start: u64, len: usize) -> impl Iterator<Item = u64> + '_ {
        let mut digit: Vec<u64> = self
            .perm
            .iter()
            .map(|&d| start / self.file_mult[d as usize] % self.radix[d as usize])
            .collect();
        let mut std = self.to_standard(start);
        (0..len).map(move |k| {
            if k > 0 {
                if self.identity {
                    std += 1;
                } else {
                    // The least significant digit steps; a digit that wraps carries.
                    for p in (0..digit.len()).rev() {
                        let d = self.perm[p] as usize;
                        digit[p] += 1;
                        std += self.std_mult[d];
                        if digit[p] < self.radix[d] {
                            break;
                        }
                        digit[p] = 0;
                        std -= self.radix[d] * self.std_mult[d];
                    }
                }
            }
            std
        })
    }

    /// Each digit read with place values `from` and placed with place values `to`.
    #[inline]
    fn convert(&self, idx: u64, from: &[u64], to: &[u64]) -> u64 {
        if self.identity {
            return idx;
        }
        (0..self.radix.len()).map(|d| idx / from[d] % self.radix[d] * to[d]).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_order_is_a_bijection_inverted_by_to_standard() {
        // KRvKN in full: every file index is hit exactly once.
        let layout = Layout::new("KRvKN".parse().unwrap());
        let orders = DigitOrder::all(&layout);
        assert_eq!(orders.len(), 6);
        assert!(orders[0].is_identity() && orders[1..].iter().all(|o| !o.is_identity()));
        for o in &orders {
            let mut hit = vec![false; layout.size as usize];
            for idx in 0..layout.size {
                let f = o.to_file(idx);
                assert!(
                    !std::mem::replace(&mut hit[f as usize], true),
                    "{:?}: {f} twice",
                    o.perm()
                );
                assert_eq!(o.to_standard(f), idx);
            }
            assert_eq!(o.is_identity(), (0..layout.size).all(|i| o.to_file(i) == i));
        }
        // A 5-piece table's 24 orders, sampled.
        let layout = Layout::new("KRPvKR".parse().unwrap());
        for o in DigitOrder::all(&layout) {
            for idx in (0..layout.size).step_by(99_991).chain([layout.size - 1]) {
                let f = o.to_file(idx);
                assert!(f < layout.size && o.to_standard(f) == idx, "{:?}: {idx}", o.perm());
            }
        }
    }

    #[test]
    fn runs_count_like_single_conversions() {
        let layout = Layout::new("KRPvKR".parse().unwrap());
        for o in DigitOrder::all(&layout) {
            for start in [0, 1, 4095, 123_456, layout.size - 3000] {
                let run: Vec<u64> = o.standard_run(start, 3000).collect();
                let single: Vec<u64> = (start..start + 3000).map(|f| o.to_standard(f)).collect();
                assert_eq!(run, single, "{:?} from {start}", o.perm());
            }
        }
    }

    #[test]
    fn only_permutations_are_orders() {
        let layout = Layout::new("KRvKN".parse().unwrap());
        assert!(DigitOrder::new(&layout, &[2, 0, 1]).is_some());
        assert!(DigitOrder::new(&layout, &[2, 0, 0]).is_none());
        assert!(DigitOrder::new(&layout, &[0, 1]).is_none());
        assert!(DigitOrder::new(&layout, &[0, 1, 3]).is_none());
    }
}
