//! Statistics of a finished table over the full board, and the independent consistency check.

use rayon::prelude::*;
use std::collections::BTreeMap;

use vidle_core::fen::Setup;
use vidle_core::{Color, Position};

use crate::board::{Board, sym};
use crate::error::TbError;
use crate::format::{self, MetricKind};
use crate::index::Layout;
use crate::material::Material;
use crate::probe::Tablebases;
use crate::value::{Code, TbValue};

/// Counts for one side to move, from that side's point of view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideStats {
    /// Legal full-board positions, each index weighted by its symmetry orbit (2 with pawns,
    /// 4 or 8 without).
    pub legal: u64,
    /// Of those, won by the side to move (same weighting).
    pub win: u64,
    /// Of those, drawn.
    pub draw: u64,
    /// Of those, lost by the side to move, checkmates included.
    pub loss: u64,
    /// The longest win in full moves ([`TbValue::moves`]); 0 without wins.
    pub longest_win_moves: u16,
    /// FEN of a position with that longest win; `None` without wins.
    pub longest_win_example: Option<String>,
    /// The longest loss in full moves the loser lasts; 0 without losses.
    pub longest_loss_moves: u16,
    /// FEN of a position with that longest loss; `None` without losses.
    pub longest_loss_example: Option<String>,
    /// DTM in plies → positions (wins positive plies, losses negative, draws absent).
    pub histogram: BTreeMap<i32, u64>,
}

/// How many full-board positions an index stands for: the size of its symmetry orbit.
fn orbit(layout_pawns: bool, b: &Board) -> u64 {
    if layout_pawns {
        return 2;
    }
    let transposed = b.bb.map(|side| side.map(|x| sym::bitboard(sym::DIAG, x)));
    if transposed == b.bb { 4 } else { 8 }
}

/// A finished table's exact DTM codes: the generator's full copy when it is there
/// ([`format::resolved_path`]), else the table file with bounded entries and a side it does not
/// store resolved through the prober (one probe per position and exit or move: slower, same
/// values).
pub fn exact_dtm(dir: &std::path::Path, material: Material) -> Result<[Vec<Code>; 2], TbError> {
    let copy = format::resolved_path(dir, &material);
    if let Ok((h, codes)) = format::read_table(&copy)
        && h.flags == 0
        && h.material == material
    {
        return Ok(codes);
    }
    let (h, mut codes) = format::read_table(&format::table_path(dir, &material, MetricKind::Dtm))?;
    if h.flags & format::FLAG_EXIT_BOUND == 0 && h.sides == format::SIDES_BOTH {
        return Ok(codes);
    }
    let tb = Tablebases::open(dir)?;
    let layout = Layout::new(material);
    for (side, codes) in codes.iter_mut().enumerate() {
        // Bounded entries and a side the file does not store, through the prober.
        if h.flags & format::FLAG_EXIT_BOUND == 0 && h.stores(side) {
            continue;
        }
        codes.par_iter_mut().enumerate().try_for_each(|(idx, c)| -> Result<(), TbError> {
            if let Some(b) = layout.decode(idx as u64).filter(|b| b.legal_with(side)) {
                *c = tb.code(&b, side, MetricKind::Dtm).ok_or_else(|| TbError::Missing {
                    table: format!("a sub-table of {material}"),
                })??;
            }
            Ok(())
        })?;
    }
    Ok(codes)
}

/// Full-board statistics of one table's exact DTM codes ([`exact_dtm`]).
pub fn table_stats(codes: &[Vec<Code>; 2], material: Material) -> [SideStats; 2] {
    let layout = Layout::new(material);
    let pawns = material.has_pawns();
    let per_side = |side: usize| -> SideStats {
        let turn = if side == 0 { Color::White } else { Color::Black };
        let mut s = (0..layout.size)
            .into_par_iter()
            .fold(SideStats::default, |mut s, idx| {
                // Legality comes from the index and the board: the file's entries for illegal
                // positions are filler.
                let Some(b) = layout.decode(idx).filter(|b| b.legal_with(side)) else { return s };
                let Some(v) = TbValue::from_code(codes[side][idx as usize]) else { return s };
                let w = orbit(pawns, &b);
                s.legal += w;
                match v {
                    TbValue::Win(d) => {
                        s.win += w;
                        *s.histogram.entry(d as i32).or_default() += w;
                        if v.moves() > s.longest_win_moves || s.longest_win_example.is_none() {
                            s.longest_win_moves = v.moves();
                            s.longest_win_example = Some(b.fen(turn));
                        }
                    }
                    TbValue::Loss(d) => {
                        s.loss += w;
                        *s.histogram.entry(-(d as i32)).or_default() += w;
                        if v.moves() > s.longest_loss_moves || s.longest_loss_example.is_none() {
                            s.longest_loss_moves = v.moves();
                            s.longest_loss_example = Some(b.fen(turn));
                        }
                    }
                    TbValue::Draw => s.draw += w,
                }
                s
            })
            .reduce(SideStats::default, |mut a, b| {
                a.legal += b.legal;
                a.win += b.win;
                a.draw += b.draw;
                a.loss += b.loss;
                for (k, v) in b.histogram {
                    *a.histogram.entry(k).or_default() += v;
                }
                if b.longest_win_example.is_some()
                    && (a.longest_win_example.is_none()
                        || b.longest_win_moves > a.longest_win_moves)
                {
                    a.longest_win_moves = b.longest_win_moves;
                    a.longest_win_example = b.longest_win_example;
                }
                if b.longest_loss_example.is_some()
                    && (a.longest_loss_example.is_none()
                        || b.longest_loss_moves > a.longest_loss_moves)
                {
                    a.longest_loss_moves = b.longest_loss_moves;
                    a.longest_loss_example = b.longest_loss_example;
                }
                a
            });
        if s.win == 0 {
            s.longest_win_example = None;
        }
        if s.loss == 0 {
            s.longest_loss_example = None;
        }
        s
    };
    [per_side(0), per_side(1)]
}

/// Builds a rules-core position from a board (no castling, no en passant).
pub fn to_position(b: &Board, stm: usize) -> Option<Position> {
    let mut board = [None; 64];
    for (s, slot) in board.iter_mut().enumerate() {
        *slot = b.piece_at(s as u32);
    }
    let turn = if stm == 0 { Color::White } else { Color::Black };
    let setup = Setup { board, turn, castling: Vec::new(), ep: None, halfmove: 0, fullmove: 1 };
    Position::from_setup(&setup).ok()
}

/// The result of [`verify_table`].
#[derive(Clone, Debug, Default)]
pub struct VerifyReport {
    /// (Index, side to move) pairs checked: legal and valued, not weighted by symmetry.
    pub positions: u64,
    /// The first 20 disagreements, one line each (FEN, stored and recomputed value).
    pub errors: Vec<String>,
    /// Every disagreement, also those not listed in `errors`.
    pub error_count: u64,
}

/// Checks every block's checksum, then that every position's DTM is the best of its successors'
/// values, through the rules core's move generator and the prober (not the generator's code).
/// `step` > 1 re-derives the positions of one index entry in `step` only (a 5-piece table has
/// up to 710 M positions); the checksums are always checked in full.
pub fn verify_table(
    tb: &Tablebases,
    material: Material,
    step: u64,
) -> Result<VerifyReport, TbError> {
    for metric in [MetricKind::Dtm, MetricKind::Dtz] {
        let t = tb
            .table(material, metric)?
            .ok_or_else(|| TbError::Missing { table: format::file_name(&material, metric) })?;
        t.verify_blocks()?;
    }
    let layout = Layout::new(material);
    let step = step.max(1);
    let (positions, errors) = (0..layout.size.div_ceil(step))
        .into_par_iter()
        .map(|k| k * step)
        .map(|idx| -> Result<(u64, Vec<String>), TbError> {
            let Some(b) = layout.decode(idx) else { return Ok((0, Vec::new())) };
            let mut n = 0;
            let mut errs = Vec::new();
            for stm in 0..2 {
                // Illegal positions hold filler in the file: the rules core decides legality,
                // and every legal position must have a value.
                let Some(pos) = to_position(&b, stm) else { continue };
                // The prober's value: the entry, or its best exit where the file bounds it.
                let stored = match tb.probe_dtm(&pos) {
                    Some(Ok(v)) => v,
                    Some(Err(TbError::CorruptBlock { reason, .. }))
                        if reason.contains("illegal") =>
                    {
                        errs.push(format!("{}: legal but no value stored", b.fen(Color::ALL[stm])));
                        continue;
                    }
                    Some(Err(e)) => return Err(e),
                    None => {
                        return Err(TbError::Missing {
                            table: format!("a sub-table of {material}"),
                        });
                    }
                };
                n += 1;
                let moves = pos.legal_moves();
                let expected = if moves.is_empty() {
                    if pos.is_check() { TbValue::Loss(0) } else { TbValue::Draw }
                } else {
                    let mut best = TbValue::Loss(0);
                    for m in moves.iter() {
                        let v = tb.probe_dtm(&pos.played(m)).ok_or_else(|| {
                            TbError::Missing { table: format!("successor of {material}") }
                        })??;
                        best = best.max(v.parent());
                    }
                    best
                };
                if expected != stored {
                    errs.push(format!(
                        "{}: stored {stored:?}, successors give {expected:?}",
                        b.fen(Color::ALL[stm])
                    ));
                }
            }
            Ok((n, errs))
        })
        .try_reduce(
            || (0, Vec::new()),
            |mut a, b| {
                a.0 += b.0;
                a.1.extend(b.1);
                Ok(a)
            },
        )?;
    let error_count = errors.len() as u64;
    Ok(VerifyReport { positions, errors: errors.into_iter().take(20).collect(), error_count })
}
