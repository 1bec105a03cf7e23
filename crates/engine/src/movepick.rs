//! The staged move picker: moves come out best-first, generated only when needed, so a cutoff on
//! the TT move or a good capture never pays for quiet-move generation.
//!
//! Stages (main search, also used for all evasions when in check):
//! TT move (validated with `is_legal`) → captures and queen promotions, good ones by MVV-LVA
//! plus capture history, with a SEE test (losing ones set aside) → killer 1 → killer 2 →
//! countermove → quiet moves by butterfly (read by whether the from and to squares are
//! attacked) and continuation history → the losing captures.
//! Quiescence out of check uses: TT move if noisy → all noisy moves by the same capture order
//! (the search applies SEE itself).

use crate::history::{Conts, History};
use crate::see::{see_ge, value};
use vidle_core::movegen::gen_kind::{NOISY, QUIET};
use vidle_core::{Bitboard, Color, FixedList, Move, MoveList, Position, Role};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    TtMove,
    GenNoisy,
    GoodNoisy,
    Killer1,
    Killer2,
    Counter,
    GenQuiet,
    Quiet,
    BadNoisy,
    Done,
}

/// Captures and queen promotions: the moves `Position::noisy_moves` generates.
#[inline]
pub fn is_noisy(pos: &Position, m: Move) -> bool {
    pos.is_capture(m) || m.promotion_role() == Some(Role::Queen)
}

pub struct MovePicker {
    stage: Stage,
    tt_move: Option<Move>,
    killers: [Option<Move>; 2],
    counter: Option<Move>,
    /// The moves one, two and four plies back, for continuation history.
    conts: Conts,
    /// The position's checkers, which the search knows (they are not stored in `Position`).
    checkers: Bitboard,
    /// The squares the opponent attacks (for the butterfly history of quiet moves).
    threats: Bitboard,
    /// Only noisy moves (quiescence out of check).
    noisy_only: bool,
    skip_quiets: bool,
    list: MoveList,
    /// `scores.get(i)` is the score of `list.get(i)` (uninitialised storage, see `FixedList`).
    scores: FixedList<i32, 256>,
    cur: usize,
    bad: MoveList,
    bad_cur: usize,
}

impl MovePicker {
    /// A picker for a main-search node (or any node in check).
    /// `conts` are the moves one, two and four plies back; `checkers` are the position's
    /// (`Position::checkers`); `threats` the squares the opponent attacks
    /// (`threats::attacked_by_them`).
    pub fn new(
        tt_move: Option<Move>,
        killers: [Option<Move>; 2],
        counter: Option<Move>,
        conts: Conts,
        checkers: Bitboard,
        threats: Bitboard,
    ) -> MovePicker {
        MovePicker {
            stage: Stage::TtMove,
            tt_move,
            killers,
            counter,
            conts,
            checkers,
            threats,
            noisy_only: false,
            skip_quiets: false,
            list: MoveList::new(),
            scores: FixedList::new(),
            cur: 0,
            bad: MoveList::new(),
            bad_cur: 0,
        }
    }

    /// A picker for quiescence: noisy moves only, unless in check (then all evasions, ordered
    /// by history with `threats`).
    pub fn quiescence(
        pos: &Position,
        tt_move: Option<Move>,
        checkers: Bitboard,
        threats: Bitboard,
    ) -> MovePicker {
        let mut p = MovePicker::new(tt_move, [None; 2], None, [None; 3], checkers, threats);
        if checkers.is_empty() {
            p.noisy_only = true;
            p.tt_move = tt_move.filter(|&m| is_noisy(pos, m));
        }
        p
    }

    /// Stops yielding quiet moves (late move pruning); losing captures still come.
    pub fn skip_quiets(&mut self) {
        self.skip_quiets = true;
    }

    /// Whether the picker has reached the quiet stages (used to tell killers apart).
    fn valid_special(&self, pos: &Position, m: Option<Move>) -> Option<Move> {
        let m = m?;
        if Some(m) == self.tt_move
            || is_noisy(pos, m)
            || !pos.is_legal_with_checkers(m, self.checkers)
        {
            return None;
        }
        Some(m)
    }

    /// Picks the highest-scored remaining move of the current list.
    fn best_remaining(&mut self) -> Option<Move> {
        let len = self.list.len();
        if self.cur >= len {
            return None;
        }
        // Two passes that vectorise, rather than one whose every step waits on a compare: the
        // highest score, then the first move that has it (as the one-pass scan picks).
        let rest = &self.scores.as_slice()[self.cur..len];
        let top = rest.iter().fold(i32::MIN, |a, &s| a.max(s));
        let best = self.cur + rest.iter().position(|&s| s == top).unwrap_or(0);
        self.list.swap(self.cur, best);
        self.scores.swap(self.cur, best);
        let m = self.list.get(self.cur);
        self.cur += 1;
        m
    }

    /// The next move to search, or `None` when all have been given.
    pub fn next(&mut self, pos: &Position, history: &History) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenNoisy;
                    if let Some(m) = self.tt_move {
                        if pos.is_legal_with_checkers(m, self.checkers) {
                            return Some(m);
                        }
                        self.tt_move = None;
                    }
                }
                Stage::GenNoisy => {
                    self.list.clear();
                    pos.generate_with_checkers::<NOISY, _>(&mut self.list, self.checkers);
                    self.scores.clear();
                    for m in self.list.iter() {
                        self.scores.push(noisy_score(pos, history, m));
                    }
                    self.cur = 0;
                    self.stage = Stage::GoodNoisy;
                }
                Stage::GoodNoisy => match self.best_remaining() {
                    Some(m) if Some(m) == self.tt_move => {}
                    Some(m) => {
                        if self.noisy_only || see_ge(pos, m, 0) {
                            return Some(m);
                        }
                        self.bad.push(m);
                    }
                    None => {
                        self.stage = if self.noisy_only { Stage::Done } else { Stage::Killer1 };
                    }
                },
                Stage::Killer1 => {
                    self.stage = Stage::Killer2;
                    self.killers[0] = self.valid_special(pos, self.killers[0]);
                    if !self.skip_quiets && self.killers[0].is_some() {
                        return self.killers[0];
                    }
                }
                Stage::Killer2 => {
                    self.stage = Stage::Counter;
                    let k = self.valid_special(pos, self.killers[1]);
                    self.killers[1] = k.filter(|&m| Some(m) != self.killers[0]);
                    if !self.skip_quiets && self.killers[1].is_some() {
                        return self.killers[1];
                    }
                }
                Stage::Counter => {
                    self.stage = Stage::GenQuiet;
                    let c = self.valid_special(pos, self.counter);
                    self.counter = c.filter(|&m| !self.killers.contains(&Some(m)));
                    if !self.skip_quiets && self.counter.is_some() {
                        return self.counter;
                    }
                }
                Stage::GenQuiet => {
                    self.stage = Stage::Quiet;
                    if !self.skip_quiets {
                        self.list.clear();
                        pos.generate_with_checkers::<QUIET, _>(&mut self.list, self.checkers);
                        let us: Color = pos.turn();
                        self.scores.clear();
                        for m in self.list.iter() {
                            let s = quiet_score(pos, history, us, m, &self.conts, self.threats);
                            self.scores.push(s);
                        }
                        self.cur = 0;
                    } else {
                        self.list.clear();
                        self.cur = 0;
                    }
                }
                Stage::Quiet => {
                    if self.skip_quiets {
                        self.stage = Stage::BadNoisy;
                        continue;
                    }
                    match self.best_remaining() {
                        Some(m)
                            if Some(m) == self.tt_move
                                || self.killers.contains(&Some(m))
                                || Some(m) == self.counter => {}
                        Some(m) => return Some(m),
                        None => self.stage = Stage::BadNoisy,
                    }
                }
                Stage::BadNoisy => {
                    if let Some(m) = self.bad.get(self.bad_cur) {
                        self.bad_cur += 1;
                        return Some(m);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }
}

/// Most valuable victim first, then least valuable attacker; promotions add the new piece.
fn mvv_lva(pos: &Position, m: Move) -> i32 {
    let victim = pos.captured_role(m).map_or(0, value);
    let attacker = pos.role_at(m.from()).map_or(0, |r| r.index() as i32);
    let promo = m.promotion_role().map_or(0, |r| value(r) - value(Role::Pawn));
    16 * (victim + promo) - attacker
}

/// Capture history moves a capture within its victim's band, never past the next victim up or
/// down: `16 * value` bands are at least 16 × 220 apart, the scaled history at most ±2048.
const CAPTURE_HISTORY_DIVISOR: i32 = 8;

/// Noisy-move order: MVV-LVA, adjusted by what this capture achieved before.
fn noisy_score(pos: &Position, history: &History, m: Move) -> i32 {
    let hist = pos.piece_at(m.from()).map_or(0, |p| history.capture(p, m, pos.captured_role(m)));
    mvv_lva(pos, m) + hist / CAPTURE_HISTORY_DIVISOR
}

/// Quiet-move order: butterfly and continuation history.
#[inline]
fn quiet_score(
    pos: &Position,
    history: &History,
    us: Color,
    m: Move,
    conts: &Conts,
    threats: Bitboard,
) -> i32 {
    match pos.piece_at(m.from()) {
        Some(p) => history.quiet_score(us, p, m, conts, threats),
        None => history.quiet(us, m, threats),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::threats::attacked_by_them;
    use vidle_core::perft::perft;
    use vidle_core::{Piece, Square, parse_fen};

    fn sq(name: &str) -> Square {
        Square::parse(name).expect("square name")
    }

    /// Perft through the picker, with TT moves, killers and countermoves taken from arbitrary
    /// (often illegal) codes, and a history that has seen some updates.
    fn picker_perft(pos: &Position, depth: u32, seed: &mut u64, h: &History) -> u64 {
        let mut next = || {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed
        };
        let (a, b, c, d) = (next(), next(), next(), next());
        let legal = pos.legal_moves();
        let pick_legal = |i: u64| legal.get(i as usize % legal.len().max(1));
        let tt = if a % 3 == 0 { pick_legal(a >> 8) } else { Move::from_u16(a as u16) };
        let killers = [Move::from_u16(b as u16), pick_legal(c >> 16)];
        let counter = pick_legal(d >> 24);
        let conts = [
            Some((Piece::new(Color::Black, Role::Pawn), Move::normal(sq("e7"), sq("e5")))),
            None,
            None,
        ];
        let mut picker =
            MovePicker::new(tt, killers, counter, conts, pos.checkers(), attacked_by_them(pos));
        let mut seen = MoveList::new();
        let mut total = 0;
        while let Some(m) = picker.next(pos, h) {
            assert!(legal.contains(m), "picker gave illegal {m:?} in {pos:?}");
            assert!(!seen.contains(m), "picker gave {m:?} twice in {pos:?}");
            seen.push(m);
            total += if depth <= 1 { 1 } else { picker_perft(&pos.played(m), depth - 1, seed, h) };
        }
        assert_eq!(seen.len(), legal.len(), "picker missed moves in {pos:?}");
        total
    }

    #[test]
    fn perft_through_the_picker_matches_the_suite() {
        let text = vidle_core::testdata::read_fixture("perft/standard.epd");
        let mut h = History::default();
        h.update_quiet(Color::White, Move::normal(Square::E1, Square::F1), Bitboard::EMPTY, 500);
        h.update_quiet(Color::Black, Move::normal(Square::E8, Square::H8), Bitboard::EMPTY, -500);
        let e5 = [
            Some((Piece::new(Color::Black, Role::Pawn), Move::normal(sq("e7"), sq("e5")))),
            None,
            None,
        ];
        let knight = Piece::new(Color::White, Role::Knight);
        let nf3 = (Move::normal(Square::G1, sq("f3")), Bitboard::EMPTY);
        h.update_quiet_all(Color::White, knight, nf3, &e5, 900);
        let queen = Piece::new(Color::White, Role::Queen);
        h.update_capture(queen, Move::normal(sq("f3"), sq("f7")), Some(Role::Pawn), 700);
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for line in text.lines().step_by(8) {
            let fields: Vec<&str> = line.split(';').collect();
            let pos = vidle_core::parse_fen_relaxed(fields[0].trim()).expect("suite FEN");
            // ";D3 n" is the third field after the FEN.
            let d3: u64 = fields
                .iter()
                .find_map(|f| f.trim().strip_prefix("D3 "))
                .and_then(|n| n.trim().parse().ok())
                .expect("D3 count");
            assert_eq!(picker_perft(&pos, 3, &mut seed, &h), d3, "{line}");
            assert_eq!(perft(&pos, 3), d3);
        }
    }

    #[test]
    fn quiescence_picker_gives_exactly_the_noisy_moves() {
        let pos = parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .expect("kiwipete");
        let mut noisy = MoveList::new();
        pos.noisy_moves(&mut noisy);
        let mut p = MovePicker::quiescence(&pos, None, pos.checkers(), Bitboard::EMPTY);
        let h = History::default();
        let mut n = 0;
        let mut last = i32::MAX;
        while let Some(m) = p.next(&pos, &h) {
            assert!(noisy.contains(m));
            let s = mvv_lva(&pos, m);
            assert!(s <= last, "MVV-LVA order");
            last = s;
            n += 1;
        }
        assert_eq!(n, noisy.len());
    }
}
