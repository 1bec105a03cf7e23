//! The one tablebase answer for people (`vidle tb probe`, the panels of terminal and web play):
//! our tables first, Syzygy tables where ours are missing, every value as a catalogue text the
//! front end renders in its language. The tables themselves come from `crate::tb_source`.

use crate::i18n::{Msg, Text, color_msg};
use crate::syzygy_source::SyzygySource;
use crate::tb_source::{shared, syzygy};
use std::path::Path;
use vidle_core::Position;
use vidle_core::notation::to_san;
use vidle_engine::Tablebase;
use vidle_tb::{TbValue, Wdl};

/// A tablebase's answer for a person: which tables answered, the value of the position, and
/// every legal move with its result, best first. The words are catalogue texts, rendered in
/// the player's language by play and in English by `vidle tb probe`.
#[derive(Clone, Debug, PartialEq)]
pub struct TbAnswer {
    /// "Vidle tables (DTM, DTZ)" or "Syzygy tables (WDL, DTZ)".
    pub source: Msg,
    /// The result in a few words for the side to move ("White wins", "draw").
    pub verdict: Text,
    /// The value with its distance ("mate in 12", "win, DTZ 7").
    pub value: Text,
    /// (move in SAN, its result for the mover).
    pub moves: Vec<(String, Text)>,
    /// Problems met on the way (a Syzygy directory missing, incomplete or corrupt).
    pub notes: Vec<String>,
}

/// The tablebase answer for `pos`: the Vidle tables of `dir` first, then the Syzygy tables of
/// `syzygy_path` (see `crate::tb_source::user_syzygy_path`). `Err` says why no table answered (and names any
/// problem with the Syzygy tables); nothing here stops the program.
pub fn lookup(pos: &Position, dir: &Path, syzygy_path: Option<&str>) -> Result<TbAnswer, String> {
    let mut notes = Vec::new();
    match own_answer(pos, dir) {
        Ok(Some(answer)) => return Ok(answer),
        Ok(None) => {}
        Err(e) => notes.push(format!("Vidle tables in {}: {e}", dir.display())),
    }
    if let Some(path) = syzygy_path {
        match syzygy(path) {
            Ok(sz) => {
                let answer = syzygy_answer(&sz, pos);
                notes.extend(sz.take_messages());
                if let Some(mut a) = answer {
                    a.notes = notes;
                    return Ok(a);
                }
            }
            Err(e) => notes.push(e),
        }
    }
    let mut why = format!("no table covers this position (Vidle tables in {}", dir.display());
    why.push_str(&match syzygy_path {
        Some(p) => format!(", Syzygy tables in {p})"),
        None => ", no Syzygy tables)".to_string(),
    });
    notes.insert(0, why);
    Err(notes.join("; "))
}

fn verdict(pos: &Position, wdl: i32) -> Text {
    match wdl {
        0 => Msg::TbVerdictDraw.into(),
        w if w > 0 => Text::new(Msg::TbWins).arg_text("color", color_msg(pos.turn())),
        _ => Text::new(Msg::TbWins).arg_text("color", color_msg(!pos.turn())),
    }
}

/// A DTM value in words: "mate in 6", "draw", "mated", "loses in 4".
fn value_text(v: TbValue) -> Text {
    match v {
        TbValue::Win(d) => Text::new(Msg::TbMateIn).arg("n", v.moves().max(d.min(1))),
        TbValue::Draw => Msg::TbVerdictDraw.into(),
        TbValue::Loss(0) => Msg::TbMated.into(),
        TbValue::Loss(_) => Text::new(Msg::TbLosesIn).arg("n", v.moves()),
    }
}

/// Our tables' answer: DTM per move, with the fifty-move rule from the DTZ tables.
fn own_answer(pos: &Position, dir: &Path) -> Result<Option<TbAnswer>, vidle_tb::TbError> {
    let tb = shared(dir);
    let probe = || (pos.occupied().count() <= tb.max_pieces()).then(|| tb.probe_dtm(pos)).flatten();
    let mut value = probe();
    // Tables another process made since (`vidle tb gen` beside a running `vidle serve`) are
    // found by looking at the directory again, at most every few seconds.
    if value.is_none() && crate::tb_source::rescan_due(dir) {
        crate::tb_source::refresh(dir);
        value = probe();
    }
    let Some(value) = value.transpose()? else { return Ok(None) };
    let dtz = tb.probe_dtz(pos).transpose()?;
    let Some(moves) = tb.root_moves(pos).transpose()? else { return Ok(None) };
    let mut out = Vec::with_capacity(moves.len());
    for (m, v) in moves {
        let child = pos.played(m);
        let child_dtz = tb.probe_dtz(&child).transpose()?;
        let zeroing = child.halfmove_clock() == 0;
        let z = child_dtz.map(|c| {
            if !zeroing {
                return c.parent();
            }
            match Wdl::from_dtz(c).negate() {
                Wdl::CursedWin => TbValue::Win(101),
                Wdl::BlessedLoss => TbValue::Loss(101),
                _ => TbValue::Draw,
            }
        });
        out.push((to_san(pos, m), describe(v, z)));
    }
    Ok(Some(TbAnswer {
        source: Msg::TbSourceOwn,
        verdict: verdict(
            pos,
            match (dtz.map(Wdl::from_dtz), value) {
                (Some(Wdl::Win), _) | (None, TbValue::Win(_)) => 1,
                (Some(Wdl::Loss), _) | (None, TbValue::Loss(_)) => -1,
                _ => 0,
            },
        ),
        value: describe_position(value, dtz),
        moves: out,
        notes: Vec::new(),
    }))
}

/// The position's value in the verdict's terms, whoever is to move: the winner mates in N
/// ("White wins, mate in 14" also with Black to move; it read "White wins, loses in 14").
fn describe_position(v: TbValue, dtz: Option<TbValue>) -> Text {
    match v {
        TbValue::Loss(d) if d > 0 => {
            fifty_move_words(Text::new(Msg::TbMateIn).arg("n", v.moves()), dtz)
        }
        _ => describe(v, dtz),
    }
}

/// A DTM value with what the fifty-move rule makes of it (from the DTZ value, if known).
pub fn describe(v: TbValue, dtz: Option<TbValue>) -> Text {
    fifty_move_words(value_text(v), dtz)
}

/// `s` with what the fifty-move rule makes of the value (from the DTZ value, if known).
fn fifty_move_words(s: Text, dtz: Option<TbValue>) -> Text {
    match dtz.map(Wdl::from_dtz) {
        Some(Wdl::CursedWin) => Text::new(Msg::TbCursed).arg_text("value", s),
        Some(Wdl::BlessedLoss) => Text::new(Msg::TbBlessed).arg_text("value", s),
        _ => s,
    }
}

/// A Syzygy DTZ value (mover's view, signed plies to zeroing) at halfmove clock `clock`.
fn dtz_text(dtz: i32, clock: u32, zeroing: bool) -> Text {
    let plies = dtz.unsigned_abs();
    let within = plies + clock <= 100;
    let word = match (dtz.signum(), within) {
        (0, _) => return Msg::TbVerdictDraw.into(),
        (1, true) => Msg::TbWin,
        (1, false) => Msg::TbCursedWin,
        (_, true) => Msg::TbLoss,
        (_, false) => Msg::TbBlessedLoss,
    };
    if zeroing {
        Text::new(Msg::TbResets).arg_text("value", word)
    } else {
        Text::new(Msg::TbDtz).arg_text("value", word).arg("n", plies)
    }
}

/// Sort key of [`dtz_text`]'s inputs for the mover: wins first (shortest DTZ), losses last.
fn dtz_rank(dtz: i32, clock: u32) -> (i32, i32) {
    let within = dtz.unsigned_abs() + clock <= 100;
    match dtz.signum() {
        0 => (0, 0),
        1 => (if within { 2 } else { 1 }, -dtz),
        _ => (if within { -2 } else { -1 }, -dtz),
    }
}

/// Syzygy's answer: WDL and DTZ, no distance to mate.
fn syzygy_answer(sz: &SyzygySource, pos: &Position) -> Option<TbAnswer> {
    if pos.occupied().count() > sz.max_pieces() || pos.castling_rooks().is_nonempty() {
        return None;
    }
    let clock = u32::from(pos.halfmove_clock());
    let dtz = sz.dtz(pos)?;
    let mut moves = Vec::new();
    for m in pos.legal_moves().iter() {
        let child = pos.played(m);
        let (d, zeroing) = if child.is_checkmate() {
            (1, false)
        } else if child.halfmove_clock() == 0 {
            // Right after a capture or pawn move WDL is exact; as a DTZ of 1 ply.
            let w = sz.wdl(&child)? as i32;
            (
                match w {
                    2 => -1,
                    1 => -101,
                    -1 => 101,
                    -2 => 1,
                    _ => 0,
                },
                true,
            )
        } else {
            let c = sz.dtz(&child)?;
            (
                if c > 0 {
                    -(c + 1)
                } else if c < 0 {
                    -c + 1
                } else {
                    0
                },
                false,
            )
        };
        let clock = if zeroing { 0 } else { clock };
        let text =
            if child.is_checkmate() { Msg::TbMate.into() } else { dtz_text(d, clock, zeroing) };
        moves.push((dtz_rank(d, clock), to_san(pos, m), text));
    }
    moves.sort_by_key(|(rank, ..)| std::cmp::Reverse(*rank));
    let class = dtz_rank(dtz, clock).0;
    Some(TbAnswer {
        source: Msg::TbSourceSyzygy,
        verdict: verdict(pos, if class.abs() == 2 { class.signum() } else { 0 }),
        value: dtz_text(dtz, clock, false),
        moves: moves.into_iter().map(|(_, m, t)| (m, t)).collect(),
        notes: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tables made by another process after the first lookup (`vidle tb gen` beside a running
    /// `vidle serve`) are found by a later lookup: the directory is looked at again.
    #[test]
    fn tables_made_later_by_another_process_are_found() {
        let dir = std::env::temp_dir().join(format!("vidle-tb-later-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let pos = vidle_core::parse_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1").unwrap();
        assert!(lookup(&pos, &dir, None).is_err(), "nothing there yet");
        // Written behind the shared instance's back, as another process would.
        let krvk: vidle_tb::Material = "KRvK".parse().unwrap();
        let opts = vidle_tb::GenOptions::new(dir.clone(), 1, false);
        vidle_tb::generate(&[krvk], &opts, |_| {}).unwrap();
        let start = std::time::Instant::now();
        while lookup(&pos, &dir, None).is_err() {
            assert!(start.elapsed().as_secs() < 30, "the new table was never found");
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
