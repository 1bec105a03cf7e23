//! Chess clocks for terminal play: base time plus increment per move (`--clock 5+3`).

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
    pub fn parse(spec: &str) -> Result<Clock, String> {
        let (base, inc) = spec.split_once('+').unwrap_or((spec, "0"));
        let minutes: f64 = base
            .trim()
            .parse()
            .map_err(|_| format!("--clock: bad minutes '{base}' in '{spec}'"))?;
        let seconds: f64 = inc
            .trim()
            .parse()
            .map_err(|_| format!("--clock: bad increment '{inc}' in '{spec}'"))?;
        if !(minutes > 0.0 && minutes <= 600.0 && (0.0..=600.0).contains(&seconds)) {
            return Err(format!(
                "--clock '{spec}': expected minutes in (0, 600] and seconds in [0, 600]"
            ));
        }
        let base = Duration::from_secs_f64(minutes * 60.0);
        Ok(Clock {
            remaining: [base; 2],
            increment: Duration::from_secs_f64(seconds),
            running: None,
            spec: spec.to_string(),
        })
    }

    /// The PGN `TimeControl` value (`300+3`).
    pub fn pgn_time_control(&self) -> String {
        let (base, inc) = self.spec.split_once('+').unwrap_or((&self.spec, "0"));
        let secs = base.trim().parse::<f64>().unwrap_or(0.0) * 60.0;
        format!("{}+{}", secs.round(), inc.trim())
    }

    /// Starts `side`'s clock.
    pub fn start(&mut self, side: Color) {
        self.running = Some((side, Instant::now()));
    }

    /// Stops the running clock after a move: charges the time used and adds the increment.
    /// Returns `false` if the side had run out of time.
    pub fn stop_after_move(&mut self) -> bool {
        let Some((side, since)) = self.running.take() else { return true };
        let used = since.elapsed();
        let r = &mut self.remaining[side.index()];
        if used > *r {
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

    pub fn increment(&self) -> Duration {
        self.increment
    }

    pub fn format(d: Duration) -> String {
        let s = d.as_secs();
        if s < 20 {
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
    fn parses_and_charges() {
        let mut c = Clock::parse("5+3").unwrap();
        assert_eq!(c.remaining(Color::White), Duration::from_secs(300));
        c.start(Color::White);
        assert!(c.stop_after_move());
        assert!(c.remaining(Color::White) > Duration::from_secs(302));
        assert_eq!(c.pgn_time_control(), "300+3");
        assert!(Clock::parse("x+1").is_err());
        assert!(Clock::parse("0+1").is_err());
    }
}
