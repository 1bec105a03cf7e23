//! The retrograde solver shared by DTM and DTZ: a forward pass counts moves and resolves the ones
//! that leave the table, then level by level only the frontier's predecessors are touched.

use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, AtomicU16, Ordering::Relaxed};

use crate::board::{Board, MoveClass};
use crate::index::Layout;
use crate::value::{Code, DRAW, ILLEGAL, TbValue, UNKNOWN, loss, win};

/// How a metric sees one move (for the forward pass).
pub trait Metric: Sync {
    /// `None`: an in-table move whose value comes from the retrograde passes. `Some(v)`: the move's
    /// value for the mover, known already (from a sub-table or an earlier slice of this table).
    fn resolve(&self, child: &Board, child_stm: usize, class: MoveClass) -> Option<TbValue>;
    /// Whether pawn un-pushes belong to the in-table graph.
    const PAWN_UNMOVES: bool;
}

/// The working arrays of one table: `vals[side][idx]` and the solver's scratch.
pub struct Solver<'a> {
    pub layout: &'a Layout,
    pub vals: [Vec<AtomicU16>; 2],
    cnt: [Vec<AtomicU8>; 2],
    exit: [Vec<AtomicU16>; 2],
}

fn atomic_vec16(n: usize, v: u16) -> Vec<AtomicU16> {
    (0..n).into_par_iter().map(|_| AtomicU16::new(v)).collect()
}

impl<'a> Solver<'a> {
    pub fn new(layout: &'a Layout) -> Solver<'a> {
        let n = layout.size as usize;
        let cnt = || (0..n).into_par_iter().map(|_| AtomicU8::new(0)).collect();
        Solver {
            layout,
            vals: [atomic_vec16(n, UNKNOWN), atomic_vec16(n, UNKNOWN)],
            cnt: [cnt(), cnt()],
            exit: [atomic_vec16(n, UNKNOWN), atomic_vec16(n, UNKNOWN)],
        }
    }

    /// Bytes held by the solver's arrays.
    pub fn memory(&self) -> u64 {
        self.layout.size * 2 * (2 + 1 + 2)
    }

    /// Solves the positions in `universe` (a set closed under in-table moves), given that every
    /// value its exits need is final. Unresolved positions become draws.
    pub fn solve<M: Metric>(&self, metric: &M, universe: &[u32], mut on_level: impl FnMut(usize)) {
        let mut buckets: Vec<Vec<u64>> = Vec::new();
        // Forward pass.
        let seeds: Vec<(u16, u64)> = universe
            .par_chunks(4096)
            .flat_map_iter(|chunk| {
                let mut out = Vec::new();
                let mut kids: Vec<u64> = Vec::with_capacity(64);
                for &idx in chunk {
                    let Some(b) = self.layout.decode(idx as u64) else {
                        self.vals[0][idx as usize].store(ILLEGAL, Relaxed);
                        self.vals[1][idx as usize].store(ILLEGAL, Relaxed);
                        continue;
                    };
                    for stm in 0..2 {
                        if let Some(level) = self.init_one(metric, &b, stm, idx as usize, &mut kids)
                        {
                            out.push((level, (idx as u64) << 1 | stm as u64));
                        }
                    }
                }
                out
            })
            .collect();
        for (d, entry) in seeds {
            let d = d as usize;
            if buckets.len() <= d {
                buckets.resize_with(d + 1, Vec::new);
            }
            buckets[d].push(entry);
        }

        let mut frontier: Vec<u64> = Vec::new();
        let mut d = 0usize;
        loop {
            if let Some(seeds) = buckets.get_mut(d) {
                for e in std::mem::take(seeds) {
                    let (side, idx) = ((e & 1) as usize, (e >> 1) as usize);
                    let code = self.seed_code(side, idx, d as u16);
                    if self.vals[side][idx]
                        .compare_exchange(UNKNOWN, code, Relaxed, Relaxed)
                        .is_ok()
                    {
                        frontier.push(e);
                    }
                }
            }
            if frontier.is_empty() && d >= buckets.len() {
                break;
            }
            on_level(d);
            let results: Vec<(u16, u64)> = frontier
                .par_chunks(1024)
                .flat_map_iter(|chunk| self.expand::<M>(chunk, d as u16))
                .collect();
            frontier.clear();
            for (level, e) in results {
                if level as usize == d + 1 {
                    frontier.push(e);
                } else {
                    let l = level as usize;
                    if buckets.len() <= l {
                        buckets.resize_with(l + 1, Vec::new);
                    }
                    buckets[l].push(e);
                }
            }
            d += 1;
        }
        universe.par_iter().for_each(|&idx| {
            for side in 0..2 {
                let _ =
                    self.vals[side][idx as usize].compare_exchange(UNKNOWN, DRAW, Relaxed, Relaxed);
            }
        });
    }

    /// The code a seed at level `d` takes: a win if the position's best exit wins in `d`,
    /// otherwise a loss in `d` (all moves lose, the longest takes `d`).
    fn seed_code(&self, side: usize, idx: usize, d: u16) -> Code {
        match TbValue::from_code(self.exit[side][idx].load(Relaxed)) {
            Some(TbValue::Win(w)) if w == d => win(d),
            _ => loss(d),
        }
    }

    /// Forward pass for one position; returns a seed level if the position's value may be
    /// decided by its exits alone.
    fn init_one<M: Metric>(
        &self,
        metric: &M,
        b: &Board,
        stm: usize,
        idx: usize,
        kids: &mut Vec<u64>,
    ) -> Option<u16> {
        if !b.legal_with(stm) {
            self.vals[stm][idx].store(ILLEGAL, Relaxed);
            return None;
        }
        kids.clear();
        let mut best: Option<TbValue> = None;
        let mut any = false;
        b.for_each_move(stm, |child, class| {
            any = true;
            match metric.resolve(child, 1 - stm, class) {
                Some(v) => {
                    if best.is_none_or(|b| v > b) {
                        best = Some(v);
                    }
                }
                None => kids.push(self.layout.encode(child)),
            }
        });
        if !any {
            if b.in_check(stm) {
                return Some(0); // mated: a loss seed at level 0
            }
            self.vals[stm][idx].store(DRAW, Relaxed);
            return None;
        }
        kids.sort_unstable();
        kids.dedup();
        debug_assert!(kids.len() < 256);
        self.cnt[stm][idx].store(kids.len() as u8, Relaxed);
        if let Some(v) = best {
            self.exit[stm][idx].store(v.to_code(), Relaxed);
        }
        match best {
            Some(TbValue::Win(d)) => Some(d),
            Some(TbValue::Loss(d)) if kids.is_empty() => Some(d),
            Some(TbValue::Draw) if kids.is_empty() => {
                self.vals[stm][idx].store(DRAW, Relaxed);
                None
            }
            _ => None,
        }
    }

    /// Predecessors of the frontier positions (all resolved at level `d`): returns the newly
    /// resolved ones with their level.
    fn expand<M: Metric>(&self, chunk: &[u64], d: u16) -> Vec<(u16, u64)> {
        let mut out = Vec::new();
        let mut preds: Vec<u64> = Vec::with_capacity(64);
        for &e in chunk {
            let (side, idx) = ((e & 1) as usize, (e >> 1) as usize);
            let Some(b) = self.layout.decode(idx as u64) else { continue };
            let is_loss = self.vals[side][idx].load(Relaxed) % 2 == 1;
            let mover = 1 - side;
            preds.clear();
            b.for_each_unmove(mover, M::PAWN_UNMOVES, |p| preds.push(self.layout.encode(p)));
            preds.sort_unstable();
            preds.dedup();
            for &p in &preds {
                let p = p as usize;
                let val = &self.vals[mover][p];
                if val.load(Relaxed) != UNKNOWN {
                    continue;
                }
                let entry = (p as u64) << 1 | mover as u64;
                if is_loss {
                    if val.compare_exchange(UNKNOWN, win(d + 1), Relaxed, Relaxed).is_ok() {
                        out.push((d + 1, entry));
                    }
                } else if self.cnt[mover][p].fetch_sub(1, Relaxed) == 1 {
                    let level = match TbValue::from_code(self.exit[mover][p].load(Relaxed)) {
                        Some(TbValue::Win(_) | TbValue::Draw) => continue,
                        Some(TbValue::Loss(l)) => l.max(d + 1),
                        None => d + 1,
                    };
                    if level == d + 1 {
                        if val.compare_exchange(UNKNOWN, loss(d + 1), Relaxed, Relaxed).is_ok() {
                            out.push((level, entry));
                        }
                    } else {
                        out.push((level, entry));
                    }
                }
            }
        }
        out
    }

    /// The finished values.
    pub fn into_codes(self) -> [Vec<Code>; 2] {
        self.vals.map(|v| v.into_iter().map(AtomicU16::into_inner).collect())
    }
}
