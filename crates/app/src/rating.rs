//! A player's personal rating from their results against Vidle's levels: Glicko-2, as in
//! Glickman's "Example of the Glicko-2 system" (2012, revised 2022). Pure logic, no I/O: the game
//! store feeds [`history`] the player's games in time order and shows the last entry.
//!
//! Choices (docs/architecture.md, "Personal rating"):
//! - **Each game is its own rating period** (as lichess does): the rating moves after every game,
//!   which is what a person expects to see after it. Glicko-2 wants several games a period for
//!   its volatility estimate; with one, [`TAU`] keeps the volatility from jumping.
//! - **The levels are opponents of known strength**: a level's Elo (calibrated against
//!   Stockfish's `UCI_Elo`, docs/strength.md) with an RD of [`LEVEL_RD`].
//! - **A new player** starts at 1500 ± 350 with volatility 0.06, the paper's values for an
//!   unrated player; the RD never grows above 350 (Glicko's "unrated" uncertainty).

use crate::game::strength::{LEVELS, Strength};
use crate::i18n::{Msg, Text};

/// Glicko-2's scale factor between the Glicko scale and its internal one (400 / ln 10).
const SCALE: f64 = 173.7178;

/// The system constant τ, which bounds how fast the volatility may change. The paper advises
/// 0.3–1.2; 0.5 is the paper's own example value, in the lower half because a person's strength
/// changes slowly and, with one game a period, a larger τ lets a single surprising result move the
/// volatility (and so every later rating) too far.
pub const TAU: f64 = 0.5;

/// The RD given to a named level as an opponent. The levels are measured engines, not people:
/// their strength does not drift, but their Elo is known only to the calibration's error (each
/// level within ±100 Elo of its name, docs/strength.md). ±100 as a 95% bound is about two RDs,
/// so 50; a level's RD never grows since it does not change between games.
pub const LEVEL_RD: f64 = 50.0;

/// The convergence tolerance ε of the volatility iteration (the paper's 0.000001).
pub const EPSILON: f64 = 1e-6;

/// Rating, RD and volatility of a new player (the paper's suggestion for an unrated player).
pub const START: Rating = Rating { rating: 1500.0, rd: 350.0, volatility: 0.06 };

/// How much above the player's rating [`suggest_level`] aims: at +100 Elo one scores about 36%,
/// a level that stretches without crushing.
pub const PRACTICE_MARGIN: f64 = 100.0;

/// An RD above this is a provisional rating (lichess's threshold is 110): the suggestion then
/// says so.
pub const PROVISIONAL_RD: f64 = 110.0;

/// A player's Glicko-2 rating on the Glicko (Elo-like) scale.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// The rating (1500 for a new player).
    pub rating: f64,
    /// The rating deviation: one standard deviation of the rating's uncertainty.
    pub rd: f64,
    /// The volatility σ: how erratic the player's results have been.
    pub volatility: f64,
}

/// One game of a rating period: the opponent's rating and RD, and the player's score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Opponent {
    /// The opponent's rating.
    pub rating: f64,
    /// The opponent's RD.
    pub rd: f64,
    /// The player's score: 1 a win, 0.5 a draw, 0 a loss.
    pub score: f64,
}

/// Why a game cannot be rated.
#[derive(Debug, Clone, PartialEq)]
pub enum RatingError {
    /// A score that is not 0, 0.5 or 1 (the game's index in the series, and the score).
    BadScore(usize, f64),
}

impl std::fmt::Display for RatingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RatingError::BadScore(i, s) => {
                write!(f, "game {}: score {s} is not 0, 0.5 or 1", i + 1)
            }
        }
    }
}

impl std::error::Error for RatingError {}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Default for Rating {
    fn default() -> Self {
        START
    }
}

impl Rating {
    /// The rating after one rating period in which the player met `games` (the paper's steps
    /// 2–8). With no games only the RD grows (step 6), up to [`START`]'s RD.
    pub fn update(self, games: &[Opponent]) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.rd / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            return self.idle();
        }
        // Step 3 and 4: the estimated variance v and the improvement Δ.
        let mut inv_v = 0.0;
        let mut sum = 0.0;
        for o in games {
            let mu_j = (o.rating - 1500.0) / SCALE;
            let phi_j = o.rd / SCALE;
            let e = expected(mu, mu_j, phi_j);
            inv_v += g(phi_j) * g(phi_j) * e * (1.0 - e);
            sum += g(phi_j) * (o.score - e);
        }
        let v = 1.0 / inv_v;
        let delta = v * sum;
        // Step 5: the new volatility.
        let sigma = new_volatility(sigma, phi, v, delta);
        // Steps 6 and 7.
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        // Step 8, with the RD bounded by a new player's.
        Rating {
            rating: SCALE * mu_new + 1500.0,
            rd: (SCALE * phi_new).min(START.rd),
            volatility: sigma,
        }
    }

    /// The rating after a rating period without games: the RD grows by the volatility
    /// (`φ* = √(φ² + σ²)`), up to [`START`]'s RD; rating and volatility stay.
    pub fn idle(self) -> Rating {
        let phi = self.rd / SCALE;
        let phi_star = (phi * phi + self.volatility * self.volatility).sqrt();
        Rating { rd: (SCALE * phi_star).min(START.rd), ..self }
    }
}

/// Step 5 of the paper: the new volatility σ', the zero of `f` found by the Illinois variant of
/// regula falsi, to within [`EPSILON`].
fn new_volatility(sigma: f64, phi: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        // Step down from a by τ until f is negative (the paper's loop; bounded so that no
        // input can spin it forever).
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let mut fa = f(big_a);
    let mut fb = f(big_b);
    // Each round at least halves the bracket in practice; 200 rounds is far beyond the usual
    // ten and only guards against a non-finite input.
    for _ in 0..200 {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    (big_a / 2.0).exp()
}

/// The player's rating after each of their games, each game its own rating period. `games` are
/// (the level's Elo, the player's score 0 / 0.5 / 1) in the order they were played; the result
/// has one rating per game (the first game's rating starts from [`START`]).
///
/// # Errors
/// [`RatingError::BadScore`] for a score that is not 0, 0.5 or 1.
pub fn history(games: impl IntoIterator<Item = (u32, f64)>) -> Result<Vec<Rating>, RatingError> {
    let mut now = START;
    let mut out = Vec::new();
    for (i, (elo, score)) in games.into_iter().enumerate() {
        if ![0.0, 0.5, 1.0].contains(&score) {
            return Err(RatingError::BadScore(i, score));
        }
        now = now.update(&[Opponent { rating: f64::from(elo), rd: LEVEL_RD, score }]);
        out.push(now);
    }
    Ok(out)
}

/// The rating after all of `games` (as [`history`] takes them) and how many there were;
/// [`START`] after none.
///
/// # Errors
/// As [`history`].
pub fn latest(games: impl IntoIterator<Item = (u32, f64)>) -> Result<(Rating, usize), RatingError> {
    let all = history(games)?;
    Ok((all.last().copied().unwrap_or(START), all.len()))
}

/// The expected score of a player rated `rating` against an opponent rated `opponent` (Elo's
/// logistic curve, which Glicko shares when the RDs are small).
pub fn expected_score(rating: f64, opponent: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((opponent - rating) / 400.0))
}

/// The level [`suggest_level`] proposes, and why.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Suggestion {
    /// The named level (an index into [`LEVELS`]).
    pub level: Strength,
    /// Its Elo.
    pub elo: u32,
    /// The share of the points the player can expect against it (0–1).
    pub expected: f64,
    /// Whether the player's rating is still provisional (RD above [`PROVISIONAL_RD`]).
    pub provisional: bool,
}

/// The named level to play next: the one nearest to the player's rating plus
/// [`PRACTICE_MARGIN`] (a little above, for practice), but the one nearest the rating itself
/// while the rating is provisional (the first games should measure, not stretch). `max` is never
/// suggested: it has no Elo.
pub fn suggest_level(r: Rating) -> Suggestion {
    let provisional = r.rd > PROVISIONAL_RD;
    let target = if provisional { r.rating } else { r.rating + PRACTICE_MARGIN };
    let (level, elo) = LEVELS
        .iter()
        .filter_map(|&(_, e)| e)
        .map(|e| (Strength(Some(e)), e))
        .min_by(|a, b| (f64::from(a.1) - target).abs().total_cmp(&(f64::from(b.1) - target).abs()))
        .unwrap_or((Strength(Some(1500)), 1500));
    Suggestion { level, elo, expected: expected_score(r.rating, f64::from(elo)), provisional }
}

/// "Your rating: 1523 ± 84 (after 12 games); next: Club (1700)", from the rating after `games`
/// games (no games: "No rating yet…").
pub fn rating_text(r: Rating, games: usize) -> Text {
    if games == 0 {
        return Msg::RatingNone.into();
    }
    let s = suggest_level(r);
    Text::new(Msg::RatingLine)
        .arg("rating", format!("{:.0}", r.rating))
        .arg("rd", format!("{:.0}", r.rd))
        .arg("n", games)
        .arg_text("level", crate::i18n::level(s.level))
}

/// Why the suggested level: the share of the points to expect against it, and whether the
/// rating is still provisional.
pub fn suggestion_text(r: Rating) -> Text {
    let s = suggest_level(r);
    let msg = if s.provisional { Msg::RatingWhyProvisional } else { Msg::RatingWhy };
    Text::new(msg)
        .arg_text("level", crate::i18n::level(s.level))
        .arg("pct", format!("{:.0}", 100.0 * s.expected))
}

#[cfg(test)]
mod tests;
