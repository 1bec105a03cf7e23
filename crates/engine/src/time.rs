//! Time management: a soft limit (do not start another iteration after it) and a hard limit
//! (abort the search) from the clock, with a safety margin for `Move Overhead`.

use crate::SearchLimits;
use std::time::Instant;
use vidle_core::Color;

/// Moves we plan for when the GUI does not say how many remain until the next time control.
const DEFAULT_MOVES_TO_GO: u64 = 25;
/// The share of the increment we count on spending now (in 1/4ths).
const INCREMENT_SHARE_X4: u64 = 3;
/// The hard limit is this many soft limits, but never above `HARD_SHARE_X10` tenths of the clock.
const HARD_PER_SOFT: u64 = 4;
const HARD_SHARE_X10: u64 = 4;
/// With one move to the time control, the hard limit may use this many tenths of the clock.
const LAST_MOVE_SHARE_X10: u64 = 8;

#[derive(Debug, Clone, Copy)]
pub struct TimeManager {
    pub start: Instant,
    /// Stop deepening after this many ms (scaled by best-move stability).
    pub soft_ms: Option<u64>,
    /// Abort the search after this many ms.
    pub hard_ms: Option<u64>,
}

impl TimeManager {
    pub fn new(limits: &SearchLimits, us: Color, overhead_ms: u64, start: Instant) -> Self {
        if let Some(mt) = limits.movetime {
            let t = mt.saturating_sub(overhead_ms).max(1);
            return TimeManager { start, soft_ms: Some(t), hard_ms: Some(t) };
        }
        let (time, inc) = match us {
            Color::White => (limits.wtime, limits.winc),
            Color::Black => (limits.btime, limits.binc),
        };
        let Some(time) = time else {
            return TimeManager { start, soft_ms: None, hard_ms: None };
        };
        let inc = inc.unwrap_or(0);
        // What we may spend at all, keeping the overhead in reserve (and never nothing).
        let safe = time.saturating_sub(overhead_ms).max(time / 4).max(1);
        let mtg = limits.movestogo.map_or(DEFAULT_MOVES_TO_GO, |m| (m as u64).clamp(1, 50));
        let base = safe / mtg + inc * INCREMENT_SHARE_X4 / 4;
        let cap =
            if mtg == 1 { safe * LAST_MOVE_SHARE_X10 / 10 } else { safe * HARD_SHARE_X10 / 10 };
        let hard = (base * HARD_PER_SOFT).min(cap).max(1);
        let soft = base.clamp(1, hard);
        TimeManager { start, soft_ms: Some(soft), hard_ms: Some(hard) }
    }

    #[inline]
    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_stay_inside_the_clock() {
        let now = Instant::now();
        for (time, inc, mtg) in
            [(1000, 10, None), (50, 10, None), (5, 0, None), (60_000, 0, Some(1))]
        {
            let limits = SearchLimits {
                wtime: Some(time),
                winc: Some(inc),
                movestogo: mtg,
                ..Default::default()
            };
            let tm = TimeManager::new(&limits, Color::White, 30, now);
            let (soft, hard) = (tm.soft_ms.unwrap_or(0), tm.hard_ms.unwrap_or(0));
            assert!(soft >= 1 && soft <= hard, "{time}: {soft} {hard}");
            assert!(hard < time.max(2), "{time}: hard {hard}");
        }
        let tm = TimeManager::new(&SearchLimits::default(), Color::Black, 30, now);
        assert_eq!(tm.hard_ms, None);
        let mt = SearchLimits { movetime: Some(500), ..Default::default() };
        assert_eq!(TimeManager::new(&mt, Color::Black, 30, now).hard_ms, Some(470));
    }
}
