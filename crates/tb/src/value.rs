//! Table entries: the packed code shared by generator and files, and the public value types.

use std::cmp::Ordering;
use std::fmt;

/// Packed entry, shared by the generator and the files:
/// `0` unknown (generation only), `1` draw, `2 + 2d` win in `d` plies, `3 + 2d` loss in `d`
/// plies, [`ILLEGAL`] for broken indices and illegal positions. In DTM tables `d` counts plies
/// to mate; in DTZ tables plies to the next capture or pawn move, where a distance above 100
/// means the result cannot be forced within the fifty-move rule (cursed win / blessed loss).
pub type Code = u16;

/// Not resolved yet: exists only during generation (a 0 read from a file counts as
/// [`ILLEGAL`]).
pub const UNKNOWN: Code = 0;
/// A draw with best play; in DTZ tables a true draw (cursed wins and blessed losses are
/// wins and losses beyond [`FIFTY_MOVE_PLIES`]).
pub const DRAW: Code = 1;
/// No position: a broken index, or the side not to move in check. Also what the readers of
/// [`crate::format`] return for a stored 0 and for a side the file does not store.
pub const ILLEGAL: Code = u16::MAX;
/// DTZ distances above this many plies are cursed wins / blessed losses.
pub const FIFTY_MOVE_PLIES: u16 = 100;

/// The code of a win for the side to move in `d` plies (`2 + 2d`).
#[inline]
pub const fn win(d: u16) -> Code {
    2 + 2 * d
}

/// The code of a loss for the side to move in `d` plies (`3 + 2d`; `loss(0)`: checkmated).
#[inline]
pub const fn loss(d: u16) -> Code {
    3 + 2 * d
}

/// A decisive or drawn value in plies, from the side to move's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TbValue {
    /// The side to move wins in this many plies (DTM: to mate; DTZ: to zeroing).
    Win(u16),
    /// Neither side can force a win (stalemate and dead positions included).
    Draw,
    /// The side to move loses in this many plies.
    Loss(u16),
}

/// Distance to mate in plies (no fifty-move rule), side to move's view.
pub type Dtm = TbValue;

impl TbValue {
    /// Decodes a table entry; `None` for unknown or illegal.
    #[inline]
    pub fn from_code(c: Code) -> Option<TbValue> {
        match c {
            UNKNOWN | ILLEGAL => None,
            DRAW => Some(TbValue::Draw),
            c if c % 2 == 0 => Some(TbValue::Win((c - 2) / 2)),
            c => Some(TbValue::Loss((c - 3) / 2)),
        }
    }

    /// Encodes as a table entry ([`win`], [`DRAW`] or [`loss`]); the inverse of
    /// [`TbValue::from_code`].
    #[inline]
    pub fn to_code(self) -> Code {
        match self {
            TbValue::Win(d) => win(d),
            TbValue::Draw => DRAW,
            TbValue::Loss(d) => loss(d),
        }
    }

    /// The value one ply earlier, seen by the other side.
    #[inline]
    pub fn parent(self) -> TbValue {
        match self {
            TbValue::Win(d) => TbValue::Loss(d + 1),
            TbValue::Draw => TbValue::Draw,
            TbValue::Loss(d) => TbValue::Win(d + 1),
        }
    }

    /// Signed plies: positive wins, negative losses, zero draws (a mated side gets `-0`, i.e. 0;
    /// use the enum where that matters).
    pub fn signed(self) -> i32 {
        match self {
            TbValue::Win(d) => d as i32,
            TbValue::Draw => 0,
            TbValue::Loss(d) => -(d as i32),
        }
    }

    /// Full moves as players count them: a win in `d` plies is mate in `(d + 1) / 2`, a loss in
    /// `d` plies lasts `d / 2` moves.
    pub fn moves(self) -> u16 {
        match self {
            TbValue::Win(d) => d.div_ceil(2),
            TbValue::Draw => 0,
            TbValue::Loss(d) => d / 2,
        }
    }
}

impl Ord for TbValue {
    /// Better for the side to move is greater: faster wins, then draws, then slower losses.
    fn cmp(&self, other: &Self) -> Ordering {
        fn key(v: &TbValue) -> (i8, i32) {
            match *v {
                TbValue::Win(d) => (1, -(d as i32)),
                TbValue::Draw => (0, 0),
                TbValue::Loss(d) => (-1, d as i32),
            }
        }
        key(self).cmp(&key(other))
    }
}

impl PartialOrd for TbValue {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Win/draw/loss under the fifty-move rule, as Syzygy's five values.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Wdl {
    /// The side to move loses within the fifty-move rule.
    Loss = -2,
    /// Lost, but the fifty-move rule saves the side to move.
    BlessedLoss = -1,
    /// A draw with best play, fifty-move rule or not.
    Draw = 0,
    /// Won, but not within the fifty-move rule.
    CursedWin = 1,
    /// The side to move wins within the fifty-move rule.
    Win = 2,
}

impl Wdl {
    /// From a DTZ value (counter at zero).
    pub fn from_dtz(v: TbValue) -> Wdl {
        match v {
            TbValue::Win(d) if d <= FIFTY_MOVE_PLIES => Wdl::Win,
            TbValue::Win(_) => Wdl::CursedWin,
            TbValue::Draw => Wdl::Draw,
            TbValue::Loss(d) if d <= FIFTY_MOVE_PLIES => Wdl::Loss,
            TbValue::Loss(_) => Wdl::BlessedLoss,
        }
    }

    /// The same result from the other side's point of view (win ↔ loss, cursed win ↔
    /// blessed loss).
    pub fn negate(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }
}

/// The DTZ value, for the mover, of a zeroing move (capture, pawn move, promotion) from the
/// value of the position it leads to: the fifty-move counter restarts, so only the 5-valued
/// result matters, at distance 1 (a real win or loss) or 101 (beyond the fifty-move horizon).
/// Shared by the generator and the prober so that both score exits the same way.
pub(crate) fn zeroing_value(child: TbValue) -> TbValue {
    match Wdl::from_dtz(child) {
        Wdl::Loss => TbValue::Win(1),
        Wdl::BlessedLoss => TbValue::Win(101),
        Wdl::Draw => TbValue::Draw,
        Wdl::CursedWin => TbValue::Loss(101),
        Wdl::Win => TbValue::Loss(1),
    }
}

impl fmt::Display for TbValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TbValue::Win(d) => write!(f, "mate in {}", self.moves().max(d.min(1))),
            TbValue::Draw => write!(f, "draw"),
            TbValue::Loss(0) => write!(f, "mated"),
            TbValue::Loss(_) => write!(f, "loses in {}", self.moves()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_order() {
        for v in
            [TbValue::Win(1), TbValue::Win(37), TbValue::Draw, TbValue::Loss(0), TbValue::Loss(8)]
        {
            assert_eq!(TbValue::from_code(v.to_code()), Some(v));
        }
        assert!(TbValue::Win(1) > TbValue::Win(3));
        assert!(TbValue::Win(99) > TbValue::Draw);
        assert!(TbValue::Loss(10) > TbValue::Loss(2));
        assert_eq!(TbValue::Loss(0).parent(), TbValue::Win(1));
        assert_eq!(TbValue::Win(31).moves(), 16);
    }
}
