//! Chess clocks for terminal and browser play: base time plus an increment per move
//! (`--clock 5+3`, the web page's time control). The running side's time is counted from an
//! `Instant`, so whoever asks (a redrawn terminal line, a reloaded page) sees the true time.

use std::time::{Duration, Instant};
use vidle_core::Color;

#[derive(Debug, Clone)]
pub struct Clock {
    remaining: [Duration; 2],
    increment: Duration,
    running: Option<(Color, Instant)>,
    spec: String,
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
        })
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
        self.running = Some((side, Instant::now()));
    }

    /// The side whose clock is running.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    /// Stops the clock without charging anyone more (game over, closed tab).
    pub fn pause(&mut self) {
        if let Some((side, since)) = self.running.take() {
            let r = &mut self.remaining[side.index()];
            *r = r.saturating_sub(since.elapsed());
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
        let used = since.elapsed();
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
            Some((s, since)) if s == side => r.saturating_sub(since.elapsed()),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_charges_and_flags() {
        let mut c = Clock::parse("5+3").unwrap();
        assert_eq!(c.remaining(Color::White), Duration::from_secs(300));
        assert!(c.charge(Color::White), "a clock that is not running charges nothing");
        c.start(Color::White);
        assert!(c.charge(Color::Black), "only the running side is charged");
        assert_eq!(c.running(), Some(Color::White));
        assert!(c.charge(Color::White));
        assert!(c.remaining(Color::White) > Duration::from_secs(302));
        assert_eq!(c.running(), None);
        c.start(Color::Black);
        assert!(c.stop_after_move());
        assert!(c.remaining(Color::Black) > Duration::from_secs(302));
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
        let mut c = Clock::parse("0.001+0").unwrap(); // 60 ms
        c.start(Color::White);
        std::thread::sleep(Duration::from_millis(80));
        assert_eq!(c.flagged(), Some(Color::White));
        assert!(!c.charge(Color::White));
        assert_eq!(c.remaining(Color::White), Duration::ZERO);
        let mut c = Clock::parse("1+0").unwrap();
        c.start(Color::Black);
        c.pause();
        assert_eq!(c.running(), None);
        assert!(c.remaining(Color::Black) <= Duration::from_secs(60));
    }
}
