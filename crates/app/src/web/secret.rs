//! Unguessable values from the operating system's random generator: game ids and the access
//! token of a server reachable from other computers.

use std::fmt;

/// Fills `buf` from the operating system's random generator (`getrandom`).
///
/// # Errors
/// The generator is not available (practically never on a supported system).
pub fn fill(buf: &mut [u8]) -> Result<(), String> {
    getrandom::fill(buf).map_err(|e| format!("the system's random generator failed: {e}"))
}

/// `n` random bytes as lowercase hexadecimal (`2 n` characters).
///
/// # Errors
/// As [`fill`].
pub fn random_hex(n: usize) -> Result<String, String> {
    let mut buf = vec![0u8; n];
    fill(&mut buf)?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

/// A game id: 128 random bits, written as 32 lowercase hexadecimal digits. Knowing one game's id
/// says nothing about another's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub u128);

/// Length of a game id in text.
pub const GAME_ID_LEN: usize = 32;

impl GameId {
    /// A fresh random id.
    ///
    /// # Errors
    /// As [`fill`].
    pub fn random() -> Result<GameId, String> {
        let mut b = [0u8; 16];
        fill(&mut b)?;
        Ok(GameId(u128::from_le_bytes(b)))
    }

    /// Reads an id as [`GameId`]'s `Display` writes it (exactly 32 lowercase hex digits).
    pub fn parse(text: &str) -> Option<GameId> {
        let lower_hex = |c: u8| c.is_ascii_digit() || (b'a'..=b'f').contains(&c);
        if text.len() != GAME_ID_LEN || !text.bytes().all(lower_hex) {
            return None;
        }
        u128::from_str_radix(text, 16).ok().map(GameId)
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:032x}", self.0)
    }
}

impl serde::Serialize for GameId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Compares two secrets in time that depends only on their lengths.
pub fn same_secret(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_differ() {
        let a = GameId::random().expect("rng");
        let b = GameId::random().expect("rng");
        assert_ne!(a, b);
        let text = a.to_string();
        assert_eq!(text.len(), GAME_ID_LEN);
        assert_eq!(GameId::parse(&text), Some(a));
        assert_eq!(GameId::parse(&text.to_uppercase()), None);
        assert_eq!(GameId::parse("12"), None);
        assert_eq!(GameId::parse(&format!("+{}", &text[1..])), None);
        assert_eq!(GameId::parse(&"0".repeat(32)), Some(GameId(0)));
        // 64 ids share no fixed pattern: every bit position takes both values.
        let ids: Vec<u128> = (0..64).map(|_| GameId::random().expect("rng").0).collect();
        let (or, and) = ids.iter().fold((0u128, u128::MAX), |(o, a), &x| (o | x, a & x));
        assert_eq!((or, and), (u128::MAX, 0));
    }

    #[test]
    fn secrets_compare() {
        assert!(same_secret(b"abc", b"abc"));
        assert!(!same_secret(b"abc", b"abd"));
        assert!(!same_secret(b"abc", b"abcd"));
        assert_eq!(random_hex(24).expect("rng").len(), 48);
    }
}
