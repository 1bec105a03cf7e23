//! Chess clocks for terminal and browser play: base time plus an increment per move
//! (`--clock 5+3`, the web page's time control). The running side's time is counted from an
//! `Instant`, so whoever asks (a redrawn terminal line, a reloaded page) sees the true time.
//! The clock reads "now" from its [`TimeSource`]: the monotonic clock, or in the tests a fake
//! one that they advance by hand.

use std::sync::Arc;
use std::time::{Duration, Instant};
use vidle_core::Color;

/// Where a [`Clock`] reads the time: the monotonic clock ([`Instant::now`]) by default; a test
/// gives it a fake one that it advances exactly (`fake::FakeTime`).
#[derive(Clone, Default)]
pub struct TimeSource(Option<Arc<dyn Fn() -> Instant + Send + Sync>>);

impl TimeSource {
    /// A source that reads `now` instead of the monotonic clock.
    #[cfg(test)]
    pub fn new(now: impl Fn() -> Instant + Send + Sync + 'static) -> TimeSource {
        TimeSource(Some(Arc::new(now)))
    }

    /// The time now.
    pub fn now(&self) -> Instant {
        match &self.0 {
            Some(now) => now(),
            None => Instant::now(),
        }
    }
}

impl std::fmt::Debug for TimeSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "TimeSource(custom)" } else { "TimeSource(monotonic)" })
    }
}

/// Both sides' clocks: base time plus an increment per move, one side's running at a time.
#[derive(Debug, Clone)]
pub struct Clock {
    remaining: [Duration; 2],
    increment: Duration,
    running: Option<(Color, Instant)>,
    spec: String,
    now: TimeSource,
}

impl Clock {
    /// Parses `MINUTES+SECONDS` (`5+3`, `0.5+0`, `15`).
    ///
    /// # Errors
    /// Text that is not of that form, or times outside (0, 600] minutes and [0, 600] seconds.
    pub fn parse(spec: &str) -> Result<Clock, String> {
        let spec = spec.trim();
        let (base, inc) = spec.split_once('+').unwrap_or((spec, "0"));
        let minutes: f64 = base.trim().parse().map_err(|_| {
            format!("time control '{spec}': '{base}' is not a number of minutes (try 5+3)")
        })?;
        let seconds: f64 = inc.trim().parse().map_err(|_| {
            format!("time control '{spec}': '{inc}' is not a number of seconds (try 5+3)")
        })?;
        if !(minutes > 0.0 && minutes <= 600.0 && (0.0..=600.0).contains(&seconds)) {
            return Err(format!(
                "time control '{spec}': minutes must be in (0, 600] and seconds in [0, 600]"
            ));
        }
        Ok(Clock {
            remaining: [Duration::from_secs_f64(minutes * 60.0); 2],
            increment: Duration::from_secs_f64(seconds),
            running: None,
            spec: spec.to_string(),
            now: TimeSource::default(),
        })
    }

    /// The same clock reading the time from `now` (a test's fake clock).
    #[cfg(test)]
    pub fn with_time_source(mut self, now: TimeSource) -> Clock {
        self.now = now;
        self
    }

    /// Back to the start of a game: both sides' full base time, no clock running; the time
    /// control and the time source stay.
    pub fn reset(&mut self) {
        if let Ok(fresh) = Clock::parse(&self.spec) {
            *self = Clock { now: self.now.clone(), ..fresh };
        }
    }

    /// Sets both sides' remaining time, no clock running (a stored game continued).
    pub fn set_remaining(&mut self, white: Duration, black: Duration) {
        self.remaining[Color::White.index()] = white;
        self.remaining[Color::Black.index()] = black;
        self.running = None;
    }

    /// How long ago `since` was, by this clock's time source.
    fn elapsed(&self, since: Instant) -> Duration {
        self.now.now().saturating_duration_since(since)
    }

    /// The time control as given (`5+3`).
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// The PGN `TimeControl` value (`300+3`).
    pub fn pgn_time_control(&self) -> String {
        let (base, inc) = self.spec.split_once('+').unwrap_or((&self.spec, "0"));
        let secs = (base.trim().parse::<f64>().unwrap_or(0.0) * 60.0).round();
        format!("{secs}+{}", inc.trim())
    }

    /// Starts `side`'s clock.
    pub fn start(&mut self, side: Color) {
        self.running = Some((side, self.now.now()));
    }

    /// The side whose clock is running.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    /// Stops the clock without charging anyone more (game over, closed tab).
    pub fn pause(&mut self) {
        if let Some((side, since)) = self.running.take() {
            let used = self.elapsed(since);
            let r = &mut self.remaining[side.index()];
            *r = r.saturating_sub(used);
        }
    }

    /// Charges `side` for the move it has just made and adds the increment; `false` if its time
    /// had run out. A side whose clock was not running (the first moves) is not charged.
    pub fn charge(&mut self, side: Color) -> bool {
        match self.running {
            Some((running, _)) if running == side => self.stop_after_move(),
            _ => true,
        }
    }

    /// Stops the running clock after a move: charges the time used and adds the increment.
    /// Returns `false` if the side had run out of time.
    pub fn stop_after_move(&mut self) -> bool {
        let Some((side, since)) = self.running.take() else { return true };
        let used = self.elapsed(since);
        let r = &mut self.remaining[side.index()];
        if used >= *r {
            *r = Duration::ZERO;
            return false;
        }
        *r = *r - used + self.increment;
        true
    }

    /// Time left for `side`, counting the running clock.
    pub fn remaining(&self, side: Color) -> Duration {
        let r = self.remaining[side.index()];
        match self.running {
            Some((s, since)) if s == side => r.saturating_sub(self.elapsed(since)),
            _ => r,
        }
    }

    /// The side whose running clock has reached zero.
    pub fn flagged(&self) -> Option<Color> {
        let (side, _) = self.running?;
        self.remaining(side).is_zero().then_some(side)
    }

    pub fn increment(&self) -> Duration {
        self.increment
    }

    /// `m:ss`, with tenths below ten seconds.
    pub fn format(d: Duration) -> String {
        let s = d.as_secs();
        if s < 10 {
            format!("{}:{:02}.{}", s / 60, s % 60, d.subsec_millis() / 100)
        } else {
            format!("{}:{:02}", s / 60, s % 60)
        }
    }
}

/// A hand-advanced time source for the tests.
#[cfg(test)]
pub mod fake {
    use super::TimeSource;
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};

    /// A fake clock: it stands still from the moment it is made until [`FakeTime::advance`]
    /// moves it, so a test knows to the nanosecond how much time has passed.
    #[derive(Clone)]
    pub struct FakeTime {
        start: Instant,
        elapsed: Arc<Mutex<Duration>>,
    }

    impl FakeTime {
        /// A fake clock at zero.
        pub fn new() -> FakeTime {
            FakeTime { start: Instant::now(), elapsed: Arc::new(Mutex::new(Duration::ZERO)) }
        }

        /// Moves the time on by `d`.
        pub fn advance(&self, d: Duration) {
            *self.elapsed.lock().unwrap() += d;
        }

        /// A [`TimeSource`] reading this clock (clones share the time).
        pub fn source(&self) -> TimeSource {
            let me = self.clone();
            TimeSource::new(move || me.start + *me.elapsed.lock().unwrap())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::fake::FakeTime;
    use super::*;

    const NS: Duration = Duration::from_nanos(1);

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// A clock of `spec` on a fake time source, and the source.
    fn fake_clock(spec: &str) -> (Clock, FakeTime) {
        let time = FakeTime::new();
        (Clock::parse(spec).unwrap().with_time_source(time.source()), time)
    }

    #[test]
    fn parses_charges_and_flags() {
        let (mut c, time) = fake_clock("5+3");
        assert_eq!(c.remaining(Color::White), Duration::from_secs(300));
        assert!(c.charge(Color::White), "a clock that is not running charges nothing");
        time.advance(ms(10_000));
        assert_eq!(c.remaining(Color::White), ms(300_000), "a clock that is not running stands");
        c.start(Color::White);
        time.advance(ms(1_500));
        assert_eq!(c.remaining(Color::White), ms(298_500), "the side to move has 1.5 s less");
        assert_eq!(c.remaining(Color::Black), ms(300_000), "the other side's clock stands");
        assert!(c.charge(Color::Black), "only the running side is charged");
        assert_eq!(c.remaining(Color::Black), ms(300_000));
        assert_eq!(c.running(), Some(Color::White));
        assert!(c.charge(Color::White));
        assert_eq!(c.remaining(Color::White), ms(301_500), "1.5 s used, 3 s increment added");
        assert_eq!(c.running(), None);
        c.start(Color::Black);
        time.advance(ms(250));
        assert!(c.stop_after_move());
        assert_eq!(c.remaining(Color::Black), ms(302_750));
        time.advance(ms(5_000));
        assert_eq!(
            (c.remaining(Color::White), c.remaining(Color::Black)),
            (ms(301_500), ms(302_750)),
            "no clock runs between a move and the next start"
        );
        assert_eq!(c.pgn_time_control(), "300+3");
        assert_eq!(Clock::parse("0.5").unwrap().pgn_time_control(), "30+0");
        // Fractions of a minute, as lichess gives them: 0.25+0 is a 15-second game.
        let quarter = Clock::parse("0.25+0").unwrap();
        assert_eq!(quarter.remaining(Color::Black), Duration::from_secs(15));
        assert_eq!(quarter.pgn_time_control(), "15+0");
        assert_eq!(Clock::parse("0.05").unwrap().remaining(Color::White), Duration::from_secs(3));
        assert!(c.flagged().is_none());
        for bad in ["x+1", "0+1", "5+-1", "", "700"] {
            assert!(Clock::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Clock::format(Duration::from_millis(9_345)), "0:09.3");
        assert_eq!(Clock::format(Duration::from_millis(12_345)), "0:12");
        assert_eq!(Clock::format(Duration::from_secs(185)), "3:05");
    }

    #[test]
    fn running_out_flags_and_pause_keeps_the_time() {
        let (mut c, time) = fake_clock("0.001+0"); // 60 ms
        assert_eq!(c.remaining(Color::White), ms(60));
        c.start(Color::White);
        time.advance(ms(60) - NS);
        assert_eq!(c.flagged(), None, "a nanosecond left");
        assert_eq!(c.remaining(Color::White), NS);
        time.advance(NS);
        assert_eq!(c.flagged(), Some(Color::White), "the flag falls exactly at zero");
        assert_eq!(c.remaining(Color::White), Duration::ZERO);
        time.advance(ms(1_000));
        assert_eq!(c.remaining(Color::White), Duration::ZERO, "never below zero");
        assert_eq!(c.remaining(Color::Black), ms(60));
        assert!(!c.charge(Color::White));
        assert_eq!(c.remaining(Color::White), Duration::ZERO);
        assert_eq!(c.running(), None);

        // A move made a nanosecond before the flag falls counts (and earns the increment); one
        // made exactly at zero loses.
        let (mut c, time) = fake_clock("0.05+2"); // 3 s + 2 s
        c.start(Color::Black);
        time.advance(ms(3_000) - NS);
        assert!(c.stop_after_move());
        assert_eq!(c.remaining(Color::Black), ms(2_000) + NS);
        c.start(Color::Black);
        time.advance(ms(2_000) + NS);
        assert!(!c.stop_after_move());
        assert_eq!(c.remaining(Color::Black), Duration::ZERO);

        let (mut c, time) = fake_clock("1+0");
        c.start(Color::Black);
        time.advance(ms(1_500));
        c.pause();
        assert_eq!(c.running(), None);
        assert_eq!(c.remaining(Color::Black), ms(58_500), "the time used before the pause");
        time.advance(ms(120_000));
        assert_eq!(c.remaining(Color::Black), ms(58_500), "a paused clock stands");
        assert_eq!(c.flagged(), None);
    }

    #[test]
    fn reset_gives_the_base_time_back_and_keeps_the_time_source() {
        let (mut c, time) = fake_clock("1+5");
        c.start(Color::White);
        time.advance(ms(20_000));
        assert!(c.stop_after_move());
        c.start(Color::Black);
        c.reset();
        assert_eq!(c.running(), None);
        assert_eq!(
            (c.remaining(Color::White), c.remaining(Color::Black)),
            (ms(60_000), ms(60_000))
        );
        assert_eq!(c.spec(), "1+5");
        c.start(Color::White);
        time.advance(ms(1_000));
        assert_eq!(c.remaining(Color::White), ms(59_000), "still on the fake time");
    }

    /// Without a source of its own a clock reads the monotonic clock.
    #[test]
    fn the_default_time_source_is_the_monotonic_clock() {
        let before = Instant::now();
        let now = TimeSource::default().now();
        assert!(before <= now && now <= Instant::now());
        let c = Clock::parse("1+0").unwrap();
        assert!(format!("{c:?}").contains("TimeSource(monotonic)"), "{c:?}");
    }
}
