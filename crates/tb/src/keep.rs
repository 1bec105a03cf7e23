//! Partial reads of a table: which entries of one side to move the generator keeps of a
//! sub-table ([`Keep`]), and where a kept index lies among them.

/// The entries of one side to move that a partial read of a table keeps, in index order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// Every entry.
    All,
    /// The entries whose digit of place value `place` (the square of a piece alone in its
    /// group, radix 64) lies in `first..first + 8`: one rank of that piece's squares.
    Rank {
        /// Place value of the piece's square digit in the index.
        place: u64,
        /// The first square kept, i.e. of the rank: 56 (rank 8) or 0 (rank 1).
        first: u64,
    },
}

impl Keep {
    /// Entries kept of a side of `size` indices.
    pub fn len(self, size: u64) -> u64 {
        self.kept_before(size)
    }

    /// Entries kept among the indices below `x`.
    pub fn kept_before(self, x: u64) -> u64 {
        match self {
            Keep::All => x,
            Keep::Rank { place, first } => {
                let period = 64 * place;
                let into = (x % period).saturating_sub(first * place).min(8 * place);
                x / period * 8 * place + into
            }
        }
    }

    /// Where index `i` lies among the kept entries, if it is kept.
    #[inline]
    pub fn compact(self, i: u64) -> Option<u64> {
        match self {
            Keep::All => Some(i),
            Keep::Rank { place, first } => {
                let digit = i / place % 64;
                (first..first + 8).contains(&digit).then(|| self.kept_before(i))
            }
        }
    }

    /// Calls `f(a, b)` for each run `a..b` of kept indices within `from..to`, in order.
    pub fn for_each_run(self, from: u64, to: u64, mut f: impl FnMut(u64, u64)) {
        match self {
            Keep::All => {
                if from < to {
                    f(from, to);
                }
            }
            Keep::Rank { place, first } => {
                let period = 64 * place;
                let mut cycle = from / period * period;
                while cycle < to {
                    let a = from.max(cycle + first * place);
                    let b = to.min(cycle + (first + 8) * place);
                    if a < b {
                        f(a, b);
                    }
                    cycle += period;
                }
            }
        }
    }
}

/// Entries kept of both sides of a table of `size` indices per side (`None`: a side left out).
pub fn kept_entries(parts: [Option<Keep>; 2], size: u64) -> u64 {
    parts.iter().flatten().map(|k| k.len(size)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::Layout;

    #[test]
    fn promotion_keep_selects_the_new_piece_on_its_last_rank() {
        // (table, colour and role of the promoted piece, whether only part is kept)
        let cases = [
            ("KQvKP", 0, 4, true),
            ("KPvKN", 1, 1, true),
            ("KRPvKB", 1, 2, true),
            ("KRRvKP", 0, 3, false),
            ("KQvKR", 0, 4, false),
        ];
        for (name, color, role, partial) in cases {
            let layout = Layout::new(name.parse().unwrap());
            let keep = layout.promotion_keep(color, role);
            assert_eq!(keep != Keep::All, partial, "{name}");
            let rank = if color == 0 { 7 } else { 0 };
            let mut kept = 0;
            let mut runs = Vec::new();
            keep.for_each_run(0, layout.size, |a, b| runs.push((a, b)));
            let mut run = runs.iter().peekable();
            for idx in 0..layout.size {
                let compact = keep.compact(idx);
                while run.peek().is_some_and(|r| r.1 <= idx) {
                    run.next();
                }
                let in_run = run.peek().is_some_and(|r| r.0 <= idx);
                assert_eq!(compact.is_some(), in_run, "{name} {idx}");
                if let Some(c) = compact {
                    assert_eq!(c, kept, "{name} {idx}");
                    kept += 1;
                }
                assert_eq!(keep.kept_before(idx + 1), kept, "{name} {idx}");
                if let (true, Some(b)) = (partial, layout.decode(idx)) {
                    let on_rank = (b.bb[color][role].trailing_zeros() / 8) as usize == rank;
                    assert_eq!(compact.is_some(), on_rank, "{name} {idx}");
                }
            }
            assert_eq!(keep.len(layout.size), kept, "{name}");
            if partial {
                assert_eq!(kept * 8, layout.size, "{name}");
            }
        }
    }
}
