//! Where a table's generation time goes: wall-clock and CPU time per phase (loading the
//! sub-tables, listing the pawn slices, the forward pass, each metric's retrograde passes,
//! compression and writing). CPU time over wall time says how many cores a phase kept busy, so
//! serial phases show up as about 1 on a quiet 2-core machine (`vidle tb gen --timings`).

use std::time::Instant;

/// One phase of one table (phases that recur, such as the forward pass of each pawn slice, are
/// summed under one name, in the order they first began).
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseTime {
    /// The phase's name as the generator reports it (`forward`, `retrograde DTM`,
    /// `write DTZ`, …).
    pub phase: &'static str,
    /// Wall-clock seconds.
    pub wall: f64,
    /// CPU seconds of the whole process (all threads, user and system) over the same spans;
    /// 0 where the platform does not tell ([`cpu_seconds`]).
    pub cpu: f64,
}

impl PhaseTime {
    /// Cores kept busy on average (CPU over wall time).
    pub fn cores(&self) -> f64 {
        if self.wall > 0.0 { self.cpu / self.wall } else { 0.0 }
    }
}

/// The process's CPU time so far in seconds, user and system, all threads: from
/// `/proc/self/stat` on Linux (clock ticks of 1/100 s, the fixed `USER_HZ` of Linux's
/// user interface); 0 elsewhere.
pub fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else { return 0.0 };
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    let Some((_, rest)) = stat.rsplit_once(')') else { return 0.0 };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // `rest` starts at field 3 (state); utime and stime are fields 14 and 15.
    let ticks = |i: usize| fields.get(i - 3).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
    (ticks(14) + ticks(15)) as f64 / 100.0
}

/// A stopwatch over consecutive phases: [`PhaseClock::start`] ends the phase running (if any)
/// and begins the next at the same reading of the clocks, so the phases follow one another
/// with no time between them.
#[derive(Default)]
pub struct PhaseClock {
    running: Option<(&'static str, Instant, f64)>,
    done: Vec<PhaseTime>,
    /// Where the time is read; `None`: [`Instant::now`] and [`cpu_seconds`].
    source: Option<Box<dyn FnMut() -> (Instant, f64) + Send>>,
}

impl PhaseClock {
    /// A stopwatch that reads the wall clock and the process's CPU seconds from `now` instead
    /// of [`Instant::now`] and [`cpu_seconds`] (a test's fake clock, advanced by hand).
    pub fn with_source(now: impl FnMut() -> (Instant, f64) + Send + 'static) -> PhaseClock {
        PhaseClock { source: Some(Box::new(now)), ..PhaseClock::default() }
    }

    /// The wall clock and the CPU seconds now.
    fn now(&mut self) -> (Instant, f64) {
        match &mut self.source {
            Some(now) => now(),
            None => (Instant::now(), cpu_seconds()),
        }
    }

    /// Ends the phase running (if any) and starts timing `phase`; a name seen before adds
    /// to its first entry.
    pub fn start(&mut self, phase: &'static str) {
        let now = self.now();
        self.end_at(now);
        self.running = Some((phase, now.0, now.1));
    }

    /// Ends the phase running, if any.
    pub fn stop(&mut self) {
        if self.running.is_some() {
            let now = self.now();
            self.end_at(now);
        }
    }

    /// Ends the phase running, if any, at `(wall, cpu)`.
    fn end_at(&mut self, (wall_now, cpu_now): (Instant, f64)) {
        let Some((phase, since, cpu)) = self.running.take() else { return };
        let wall = wall_now.saturating_duration_since(since).as_secs_f64();
        let cpu = (cpu_now - cpu).max(0.0);
        match self.done.iter_mut().find(|p| p.phase == phase) {
            Some(p) => {
                p.wall += wall;
                p.cpu += cpu;
            }
            None => self.done.push(PhaseTime { phase, wall, cpu }),
        }
    }

    /// The phases so far (the running one ended).
    pub fn finish(mut self) -> Vec<PhaseTime> {
        self.stop();
        self.done
    }
}

/// Sums phases of several tables by name, in the order names first appear.
pub fn total<'a>(tables: impl IntoIterator<Item = &'a [PhaseTime]>) -> Vec<PhaseTime> {
    let mut sum: Vec<PhaseTime> = Vec::new();
    for phases in tables {
        for p in phases {
            match sum.iter_mut().find(|s| s.phase == p.phase) {
                Some(s) => {
                    s.wall += p.wall;
                    s.cpu += p.cpu;
                }
                None => sum.push(p.clone()),
            }
        }
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    /// Recurring phases add up under their first name, in the order they first began, with
    /// exactly the wall and CPU time that passed while each ran (a fake clock, advanced by
    /// hand): nothing between phases is lost, nothing after [`PhaseClock::stop`] is counted.
    #[test]
    fn phases_sum_and_cpu_follows_work() {
        // Wall time since the start and CPU seconds, as the test sets them.
        let now = Arc::new(Mutex::new((Duration::ZERO, 0.0)));
        let base = Instant::now();
        let reads = Arc::clone(&now);
        let mut clock = PhaseClock::with_source(move || {
            let (wall, cpu) = *reads.lock().unwrap();
            (base + wall, cpu)
        });
        let advance = |ms: u64, cpu: f64| {
            let mut t = now.lock().unwrap();
            t.0 += Duration::from_millis(ms);
            t.1 += cpu;
        };
        advance(1_000, 1.0); // before the first phase: not counted
        clock.start("sleep");
        advance(250, 0.0);
        clock.start("spin");
        advance(500, 1.0);
        clock.start("sleep");
        advance(125, 0.125);
        clock.stop();
        clock.stop();
        advance(4_000, 2.0); // between phases after a stop: not counted
        clock.start("write");
        advance(250, 0.25);
        let phases = clock.finish();
        let p = |phase, wall, cpu| PhaseTime { phase, wall, cpu };
        assert_eq!(phases, [p("sleep", 0.375, 0.125), p("spin", 0.5, 1.0), p("write", 0.25, 0.25)]);
        assert_eq!(phases.iter().map(PhaseTime::cores).collect::<Vec<_>>(), [1.0 / 3.0, 2.0, 1.0]);
        assert_eq!(p("idle", 0.0, 0.0).cores(), 0.0);
        let both = total([&phases[..], &phases[..], &phases[1..2]]);
        assert_eq!(both, [p("sleep", 0.75, 0.25), p("spin", 1.5, 3.0), p("write", 0.5, 0.5)]);
    }

    /// On the real clocks, a phase's wall time covers the span it ran and its CPU time the work
    /// done in it: the spin runs until the process has used 0.1 s more CPU (other tests'
    /// threads in the same process may add to it, so there is no upper bound).
    #[test]
    fn the_real_clocks_count_wall_and_cpu_time() {
        let mut clock = PhaseClock::default();
        clock.start("spin");
        let (t, cpu) = (Instant::now(), cpu_seconds());
        let mut x = 1u64;
        while cfg!(target_os = "linux") && cpu_seconds() - cpu < 0.1 && t.elapsed().as_secs() < 20 {
            for _ in 0..10_000 {
                x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
            }
        }
        let spun = t.elapsed().as_secs_f64();
        let phases = clock.finish();
        assert_eq!(phases.len(), 1);
        assert_eq!(phases[0].phase, "spin");
        assert!(phases[0].wall >= spun, "{phases:?} over {spun} s");
        if cfg!(target_os = "linux") {
            assert!(phases[0].cpu >= 0.099, "{phases:?}");
            assert!(phases[0].cores() > 0.0);
        }
    }
}
