//! Singular extensions (part of step 10 of [`Worker::search`]): whether the table's move is the
//! only one that holds the table's score, and what follows from the answer.

use super::{Ctx, Worker};
use vidle_core::{Move, Position};

impl Worker {
    /// The singular-extension test of the table's move `m` with table score `tts`: a reduced
    /// search of the other moves against a margin below it. `Ok(extension)`: 2 when the
    /// others fail far below (a bounded number of times per path), 1 when they fail low, −1
    /// when the table's score alone beats beta or the node is expected to fail high, else 0.
    /// `Err(score)` ends the node: the others beat beta too (multi-cut), or the search
    /// stopped (score 0).
    #[allow(clippy::too_many_arguments)] // the node's window and place, as `search` has them
    #[inline]
    pub(super) fn singular<const PV: bool>(
        &mut self,
        ctx: &Ctx<'_>,
        pos: &Position,
        m: Move,
        tts: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> Result<i32, i32> {
        let s_beta = tts - self.p.se_margin_per_depth * depth;
        self.excluded[ply] = Some(m);
        let s = self.search::<false>(ctx, pos, s_beta - 1, s_beta, (depth - 1) / 2, ply, cut_node);
        self.excluded[ply] = None;
        if self.stopped {
            return Err(0);
        }
        if s < s_beta {
            let double = !PV
                && s < s_beta - self.p.se_double_margin
                && self.double_ext[ply] < self.p.se_max_double;
            Ok(if double { 2 } else { 1 })
        } else if s_beta >= beta {
            Err(s_beta)
        } else if tts >= beta || cut_node {
            Ok(-1)
        } else {
            Ok(0)
        }
    }
}
