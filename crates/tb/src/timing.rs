//! Where a table's generation time goes: wall-clock and CPU time per phase (loading the
//! sub-tables, listing the pawn slices, the forward pass, each metric's retrograde passes,
//! compression and writing). CPU time over wall time says how many cores a phase kept busy, so
//! serial phases show up as about 1 on a quiet 2-core machine (`vidle tb gen --timings`).

use std::time::Instant;

/// One phase of one table (phases that recur, such as the forward pass of each pawn slice, are
/// summed under one name, in the order they first began).
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseTime {
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
/// and begins the next.
#[derive(Default)]
pub struct PhaseClock {
    running: Option<(&'static str, Instant, f64)>,
    done: Vec<PhaseTime>,
}

impl PhaseClock {
    pub fn start(&mut self, phase: &'static str) {
        self.stop();
        self.running = Some((phase, Instant::now(), cpu_seconds()));
    }

    /// Ends the phase running, if any.
    pub fn stop(&mut self) {
        let Some((phase, since, cpu)) = self.running.take() else { return };
        let wall = since.elapsed().as_secs_f64();
        let cpu = (cpu_seconds() - cpu).max(0.0);
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

    /// Recurring phases add up under their first name, and CPU time is counted to the phase
    /// that used it (the spin runs until the process has used 0.1 s more; other tests' threads
    /// in the same process may add to any phase, so the sleeps have no upper bound).
    #[test]
    fn phases_sum_and_cpu_follows_work() {
        let mut clock = PhaseClock::default();
        clock.start("sleep");
        std::thread::sleep(std::time::Duration::from_millis(120));
        clock.start("spin");
        let (t, cpu) = (Instant::now(), cpu_seconds());
        let mut x = 1u64;
        while cfg!(target_os = "linux") && cpu_seconds() - cpu < 0.1 && t.elapsed().as_secs() < 20 {
            for _ in 0..10_000 {
                x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
            }
        }
        clock.start("sleep");
        std::thread::sleep(std::time::Duration::from_millis(30));
        let phases = clock.finish();
        let names: Vec<&str> = phases.iter().map(|p| p.phase).collect();
        assert_eq!(names, ["sleep", "spin"]);
        assert!(phases[0].wall >= 0.149, "{phases:?}");
        if cfg!(target_os = "linux") {
            assert!(phases[1].cpu >= 0.099, "{phases:?}");
            assert!(phases[1].cores() > 0.0);
        }
        let both = total([&phases[..], &phases[..]]);
        assert_eq!(both.len(), 2);
        assert!((both[1].wall - 2.0 * phases[1].wall).abs() < 1e-9);
        assert!((both[0].cpu - 2.0 * phases[0].cpu).abs() < 1e-9);
    }
}
