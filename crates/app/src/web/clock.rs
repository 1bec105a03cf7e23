//! Server-side chess clocks for browser games: base time plus increment, the running side's time
//! counted from an `Instant`, so a page that reloads or lags still sees the true time.

use super::game::color_name;
use std::time::{Duration, Instant};
use vidle_core::Color;

#[derive(Debug, Clone)]
pub struct WebClock {
    remaining: [Duration; 2],
    increment: Duration,
    running: Option<(Color, Instant)>,
    spec: String,
}

impl WebClock {
    /// Parses `MINUTES+SECONDS` (`5+3`, `0.5+0`, `15`).
    ///
    /// # Errors
    /// Text that is not of that form, or times outside (0, 600] minutes and [0, 600] seconds.
    pub fn parse(spec: &str) -> Result<WebClock, String> {
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
        Ok(WebClock {
            remaining: [Duration::from_secs_f64(minutes * 60.0); 2],
            increment: Duration::from_secs_f64(seconds),
            running: None,
            spec: spec.to_string(),
        })
    }

    /// The PGN `TimeControl` value (`300+3`).
    pub fn pgn_time_control(&self) -> String {
        format!("{}+{}", self.remaining_base_secs(), self.increment.as_secs())
    }

    fn remaining_base_secs(&self) -> u64 {
        let (base, _) = self.spec.split_once('+').unwrap_or((&self.spec, "0"));
        (base.trim().parse::<f64>().unwrap_or(0.0) * 60.0).round() as u64
    }

    pub fn start(&mut self, side: Color) {
        self.running = Some((side, Instant::now()));
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
        let Some((running, since)) = self.running else { return true };
        if running != side {
            return true;
        }
        self.running = None;
        let r = &mut self.remaining[side.index()];
        let used = since.elapsed();
        if used >= *r {
            *r = Duration::ZERO;
            return false;
        }
        *r = *r - used + self.increment;
        true
    }

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

    pub fn view(&self) -> super::game::ClockView {
        let ms = |c| self.remaining(c).as_millis() as u64;
        super::game::ClockView {
            white_ms: ms(Color::White),
            black_ms: ms(Color::Black),
            increment_ms: self.increment.as_millis() as u64,
            running: self.running.map(|(c, _)| color_name(c)),
            spec: self.spec.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_charges_and_flags() {
        let mut c = WebClock::parse("5+3").unwrap();
        assert_eq!(c.remaining(Color::White), Duration::from_secs(300));
        assert!(c.charge(Color::White), "a clock that is not running charges nothing");
        c.start(Color::White);
        assert!(c.charge(Color::White));
        assert!(c.remaining(Color::White) > Duration::from_secs(302));
        assert_eq!(c.pgn_time_control(), "300+3");
        assert!(c.flagged().is_none());
        for bad in ["x+1", "0+1", "5+-1", "", "700"] {
            assert!(WebClock::parse(bad).is_err(), "{bad}");
        }
    }
}
