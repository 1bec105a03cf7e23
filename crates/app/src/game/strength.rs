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

/// The level a person plays when they name none, in the terminal and on the web alike: `club`
/// (1700), a fair game for a casual player; full strength crushes a newcomer. (UCI's default stays
/// full strength: a GUI or a match asks for what it wants.)
pub const DEFAULT_LEVEL: Strength = Strength(Some(1700));

/// The Czech names of the levels, in the order of [`LEVELS`] (accepted with or without
/// diacritics).
pub const CZECH_LEVELS: [&str; 8] =
    ["začátečník", "nováček", "rekreační", "klubový", "silný", "expert", "mistr", "max"];

/// Why a level is not understood; the front ends word it from the message catalogue
/// (`i18n::level_error`); its `Display`, in the catalogue's module, is the English text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LevelError {
    /// A rating outside 600–2800.
    OutOfRange(u32),
    /// Neither a level's name nor a number.
    Unknown(String),
}

impl std::error::Error for LevelError {}

/// A strength setting: `None` is full strength.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Strength(pub Option<u32>);

impl Strength {
    /// Parses a level name (English, or Czech with or without diacritics) or an Elo number.
    ///
    /// # Errors
    /// [`LevelError`]: a rating out of range, or an unknown word.
    pub fn parse(s: &str) -> Result<Strength, LevelError> {
        let s = s.trim().to_lowercase();
        let folded = crate::text::fold(&s);
        let czech = CZECH_LEVELS.iter().position(|n| crate::text::fold(n) == folded);
        if let Some(i) = LEVELS.iter().position(|(n, _)| *n == s).or(czech) {
            return Ok(Strength(LEVELS[i].1));
        }
        match s.parse::<u32>() {
            Ok(e) if (600..=2800).contains(&e) => Ok(Strength(Some(e))),
            Ok(e) => Err(LevelError::OutOfRange(e)),
            Err(_) => Err(LevelError::Unknown(s.chars().take(40).collect())),
        }
    }

    /// The index of this level in [`LEVELS`] and [`CZECH_LEVELS`], when it is a named one.
    pub fn level_index(self) -> Option<usize> {
        LEVELS.iter().position(|(_, e)| *e == self.0)
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
        assert_eq!(Strength::parse("5000"), Err(LevelError::OutOfRange(5000)));
        assert!(Strength::parse("grandmaster").unwrap_err().to_string().contains("beginner"));
        assert_eq!(Strength::parse("Klubový"), Ok(Strength(Some(1700))));
        assert_eq!(Strength::parse("zacatecnik"), Ok(Strength(Some(800))));
    }
}
