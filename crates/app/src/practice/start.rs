//! Where an exercise starts: the endgame's name read, its tables made when missing, and a
//! random position of it drawn from the tables (or the player's FEN checked).

use super::PracticeError;
use std::path::Path;
use vidle_core::fen::Setup;
use vidle_core::rng::SplitMix64;
use vidle_core::{Color, Piece, Position, Role};
use vidle_tb::{DependencyGraph, GenOptions, Material, MetricKind, Tablebases, TbValue, format};

/// Random positions tried before giving up on finding one that fits.
pub const MAX_TRIES: u32 = 2_000_000;

/// How to choose the exercise.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Practise holding a draw with the weaker side (else: mating with the stronger side).
    pub draw: bool,
    /// The least mate, in moves, of a won position; `None`: half the table's longest mate.
    pub min_mate: Option<u16>,
    /// The seed of the position's choice and of the defender's choice among equal moves.
    pub seed: u64,
}

/// Reads an endgame's name (`KBNvK`, `KRKB`; the first side is White) and checks that the
/// practice covers it (3 to 5 pieces).
pub fn parse_material(text: &str) -> Result<Material, PracticeError> {
    let m: Material = text.parse().map_err(|_| PracticeError::Material(text.trim().to_string()))?;
    if !(3..=5).contains(&m.total()) {
        return Err(PracticeError::Pieces(m));
    }
    Ok(m)
}

/// The material of `pos`, White's pieces first.
pub fn material_of(pos: &Position) -> Material {
    vidle_tb::board::Board::from_position(pos).material()
}

/// The tables `m` needs for its DTM probes (its own and those its captures and promotions lead
/// to) that are missing in `dir`, in the order they are made.
pub fn missing_tables(dir: &Path, m: Material) -> Vec<Material> {
    let graph = DependencyGraph::closure(&[m.normalized().0]);
    graph
        .order()
        .into_iter()
        .filter(|t| t.total() > 2 && !format::table_path(dir, t, MetricKind::Dtm).is_file())
        .collect()
}

/// Makes the missing tables of `m` in `dir` (both metrics, as `vidle tb gen` does), calling
/// `announce` with their names first when there are any; the tables are then used by every
/// open `Tablebases` of `dir` in this process.
pub fn ensure_tables(
    dir: &Path,
    m: Material,
    progress: bool,
    announce: impl FnOnce(&[Material]),
) -> Result<(), PracticeError> {
    if !(3..=5).contains(&m.total()) {
        return Err(PracticeError::Pieces(m));
    }
    let missing = missing_tables(dir, m);
    if missing.is_empty() {
        return Ok(());
    }
    announce(&missing);
    let threads = vidle_engine::hardware_threads().max(1);
    let opts = GenOptions::new(dir.to_path_buf(), threads, progress);
    vidle_tb::generate(&[m.normalized().0], &opts, |_| {})
        .map_err(|e| PracticeError::Table(format!("{}: {e}", dir.display())))?;
    crate::tb_source::refresh(dir);
    Ok(())
}

/// The position of `fen`, checked for the practice: legal, 3 to 5 pieces, no castling rights.
pub fn from_fen(fen: &str) -> Result<Position, PracticeError> {
    let pos = vidle_core::parse_fen(fen).map_err(|e| PracticeError::Fen(e.to_string()))?;
    let m = material_of(&pos);
    if !(3..=5).contains(&m.total()) {
        return Err(PracticeError::Pieces(m));
    }
    if pos.castling_rooks().is_nonempty() {
        return Err(PracticeError::Castling);
    }
    Ok(pos)
}

/// A random position of `material` for the exercise `opts` asks for, with the player to move:
/// the stronger side (as the tables store it: more pieces, then stronger ones) to win with a
/// mate of at least `min_mate` moves, or with `draw` the weaker side in a drawn position where
/// at least one of its moves loses. Pieces are placed at random (pawns on ranks 2 to 7) until
/// a legal position fits.
pub fn random_position(
    tables: &Tablebases,
    material: Material,
    opts: &Options,
    rng: &mut SplitMix64,
) -> Result<Position, PracticeError> {
    let (norm, flipped) = material.normalized();
    let stronger = if flipped { Color::Black } else { Color::White };
    let user = if opts.draw { !stronger } else { stronger };
    let table = tables
        .table(norm, MetricKind::Dtm)
        .map_err(|e| PracticeError::Table(e.to_string()))?
        .ok_or_else(|| PracticeError::NotCovered(tables.dir().display().to_string()))?;
    // The table's side to move for the player (the tables store the stronger side as white).
    let side = usize::from(opts.draw);
    let [wins, draws, ..] = table.header.counts[side];
    let nothing = PracticeError::NothingToPractise { material, color: user, draw: opts.draw };
    if (opts.draw && draws == 0) || (!opts.draw && wins == 0) {
        return Err(nothing);
    }
    let longest = table.header.max_distance.div_ceil(2);
    let min_mate = opts.min_mate.unwrap_or(longest.div_ceil(2)).max(1);
    if !opts.draw && min_mate > longest {
        return Err(PracticeError::MinMate { material, longest, asked: min_mate });
    }
    for _ in 0..MAX_TRIES {
        let Some(pos) = place(material, user, rng) else { continue };
        let fits = match tables.probe_dtm(&pos) {
            Some(Ok(TbValue::Win(d))) if !opts.draw => TbValue::Win(d).moves() >= min_mate,
            Some(Ok(TbValue::Draw)) if opts.draw => {
                !pos.is_stalemate()
                    && matches!(tables.root_moves(&pos), Some(Ok(moves))
                        if moves.iter().any(|(_, v)| *v < TbValue::Draw))
            }
            Some(Err(e)) => return Err(PracticeError::Table(e.to_string())),
            _ => false,
        };
        if fits {
            return Ok(pos);
        }
    }
    if opts.draw {
        return Err(nothing);
    }
    Err(PracticeError::NotFound { material, tries: MAX_TRIES })
}

/// The pieces of `material` on random squares with `turn` to move; `None` when they make no
/// legal position (the side not to move in check, kings side by side).
fn place(material: Material, turn: Color, rng: &mut SplitMix64) -> Option<Position> {
    let mut board: [Option<Piece>; 64] = [None; 64];
    for color in Color::ALL {
        for role in Role::ALL {
            for _ in 0..material.count(color, role) {
                let sq = loop {
                    let sq = if role == Role::Pawn { 8 + rng.below(48) } else { rng.below(64) };
                    if board[sq].is_none() {
                        break sq;
                    }
                };
                board[sq] = Some(Piece::new(color, role));
            }
        }
    }
    let setup = Setup { board, turn, castling: Vec::new(), ep: None, halfmove: 0, fullmove: 1 };
    Position::from_setup(&setup).ok()
}
