//! Playing strength: named levels and Elo ratings mapped onto the engine's own strength options.

/// Named levels and the Elo each stands for (`max` is full strength).
pub const LEVELS: [(&str, Option<u32>); 8] = [
    ("beginner", Some(800)),
    ("novice", Some(1100)),
    ("casual", Some(1400)),
    ("club", Some(1700)),
    ("strong", Some(2000)),
    ("expert", Some(2300)),
    ("master", Some(2600)),
    ("max", None),
];

/// A strength setting: `None` is full strength.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Strength(pub Option<u32>);

impl Strength {
    /// Parses a level name or an Elo number.
    pub fn parse(s: &str) -> Result<Strength, String> {
        let s = s.trim().to_ascii_lowercase();
        if let Some((_, elo)) = LEVELS.iter().find(|(n, _)| *n == s) {
            return Ok(Strength(*elo));
        }
        match s.parse::<u32>() {
            Ok(e) if (600..=2800).contains(&e) => Ok(Strength(Some(e))),
            Ok(e) => Err(format!("Elo {e} is outside 600–2800")),
            Err(_) => Err(format!(
                "unknown level '{s}': use an Elo (600–2800) or one of {}",
                LEVELS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
            )),
        }
    }

    /// The level's name (`club`, `max`), or `Elo 1234` for a rating without one.
    pub fn name(self) -> String {
        match LEVELS.iter().find(|(_, e)| *e == self.0) {
            Some((n, _)) => n.to_string(),
            None => format!("Elo {}", self.0.unwrap_or(0)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_levels_and_elo() {
        assert_eq!(Strength::parse("club"), Ok(Strength(Some(1700))));
        assert_eq!(Strength::parse("MAX"), Ok(Strength(None)));
        assert_eq!(Strength::parse("1234"), Ok(Strength(Some(1234))));
        assert!(Strength::parse("5000").is_err());
        assert!(Strength::parse("grandmaster").unwrap_err().contains("beginner"));
    }
}
