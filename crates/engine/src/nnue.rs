//! The evaluation network (NNUE): a small neural network trained on Vidle's own self-play,
//! used instead of the hand-crafted evaluation when the `Use NNUE` option is on. It is off by
//! default: the network built in (`nets/vidle-1.nnue`, 2.1 M training positions) plays far
//! weaker than the hand-crafted evaluation (see `nets/README.md`); the code, the trainer and
//! the data generator are in place for a network trained on much more data.
//!
//! # Architecture
//! Each side has an accumulator of [`HIDDEN`] units. Its inputs are the 768 (colour, role,
//! square) features seen from that side: colour is "own" or "their", and Black's squares are
//! mirrored vertically, so one set of weights serves both sides. The output is one linear
//! neuron over the SCReLU (`clamp(x, 0, 1)²`) of the side to move's accumulator followed by the
//! other side's, scaled to centipawns by [`SCALE`].
//!
//! # Arithmetic
//! Quantised as the trainer (`tools/nnue/train.py`) writes it: accumulator weights and biases
//! are `i16` scaled by [`QA`], output weights `i16` scaled by [`QB`], the output bias `i32`
//! scaled by `QA * QB`. A unit's activation `v = clamp(acc, 0, QA)` is squared as `(v * w) * v`:
//! `v * w` fits an `i16` because the trainer clips weights to `127 / QB`, and the product sum is
//! an `i32`.
//!
//! # Accumulators
//! The search keeps one accumulator pair per ply ([`AccStack`]) and updates a child's from its
//! parent's by the pieces the move added and removed, which is much cheaper than summing all
//! pieces again ([`Accumulator::refresh`], the reference the tests compare with).
//!
//! # File format
//! `b"VDNN"`, `u32` version (1), `u32` hidden size, then the accumulator weights (768 ×
//! hidden, feature-major), the accumulator biases (hidden), the output weights (2 × hidden),
//! all `i16`, and the output bias (`i32`), little endian. The network in `nets/` is built into
//! the binary; its provenance is in `nets/README.md`.

use std::sync::{Arc, LazyLock, RwLock};
use vidle_core::{Color, Piece, Position, Role, Square};

/// Accumulator units per side.
pub const HIDDEN: usize = 256;
/// Input features per side: 2 colours × 6 roles × 64 squares.
pub const INPUTS: usize = 768;
/// Scale of the accumulator weights (and of a unit's activation at its top, 1.0).
pub const QA: i32 = 255;
/// Scale of the output weights.
pub const QB: i32 = 64;
/// Network output 1.0 in centipawns.
pub const SCALE: i32 = 400;

/// The network built into the binary.
static EMBEDDED: &[u8] = include_bytes!("../nets/vidle-1.nnue");

/// The network in use: the embedded one unless [`use_file`] loaded another. One per process
/// (like Stockfish's `EvalFile`): every engine of the process evaluates with it.
static NET: LazyLock<RwLock<Arc<Network>>> = LazyLock::new(|| RwLock::new(embedded()));

fn embedded() -> Arc<Network> {
    Network::from_bytes(EMBEDDED).expect("the embedded network is valid").into()
}

/// The network in use now.
pub fn current() -> Arc<Network> {
    NET.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
}

/// Evaluates with the network in `path` from now on (searches started later use it), or with
/// the embedded one again for `None`.
///
/// # Errors
/// An unreadable file or one that is not a network of this build's size; the network in use
/// stays.
pub fn use_file(path: Option<&std::path::Path>) -> Result<(), String> {
    let net = match path {
        None => embedded(),
        Some(p) => {
            let bytes = std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()))?;
            Arc::from(Network::from_bytes(&bytes).map_err(|e| format!("{}: {e}", p.display()))?)
        }
    };
    *NET.write().unwrap_or_else(std::sync::PoisonError::into_inner) = net;
    Ok(())
}

/// Quantised weights (see the module docs).
#[repr(C, align(64))]
pub struct Network {
    ft_w: [[i16; HIDDEN]; INPUTS],
    ft_b: [i16; HIDDEN],
    out_w: [[i16; HIDDEN]; 2],
    out_b: i32,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Network({HIDDEN} hidden units)")
    }
}

impl Network {
    /// Parses a network file, checking its header and size.
    pub fn from_bytes(bytes: &[u8]) -> Result<Box<Network>, String> {
        let expected = 12 + 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;
        if bytes.len() < 12 || &bytes[..4] != b"VDNN" {
            return Err("not a Vidle network (no VDNN header)".into());
        }
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        let (version, hidden) = (word(4), word(8));
        if version != 1 {
            return Err(format!("network version {version}, this build reads version 1"));
        }
        if hidden as usize != HIDDEN {
            return Err(format!("network has {hidden} hidden units, this build needs {HIDDEN}"));
        }
        if bytes.len() != expected {
            return Err(format!("network file is {} bytes, expected {expected}", bytes.len()));
        }
        let mut net = Box::new(Network {
            ft_w: [[0; HIDDEN]; INPUTS],
            ft_b: [0; HIDDEN],
            out_w: [[0; HIDDEN]; 2],
            out_b: 0,
        });
        let mut at = 12;
        let mut next = || {
            let v = i16::from_le_bytes([bytes[at], bytes[at + 1]]);
            at += 2;
            v
        };
        for row in net.ft_w.iter_mut() {
            row.iter_mut().for_each(|w| *w = next());
        }
        net.ft_b.iter_mut().for_each(|w| *w = next());
        for row in net.out_w.iter_mut() {
            row.iter_mut().for_each(|w| *w = next());
        }
        net.out_b = word(expected - 4) as i32;
        Ok(net)
    }
}

/// The input feature of `piece` on `sq` as `view` sees it.
#[inline(always)]
fn feature(view: Color, piece: Piece, sq: Square) -> usize {
    let own = usize::from(piece.color != view);
    let sq = if view == Color::White { sq.index() } else { sq.index() ^ 56 };
    own * 384 + piece.role.index() * 64 + sq
}

/// Both sides' accumulators (indexed by `Color as usize`).
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub struct Accumulator {
    v: [[i16; HIDDEN]; 2],
}

#[inline(always)]
fn add_row(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

#[inline(always)]
fn sub_row(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(*w);
    }
}

impl Accumulator {
    /// Sums every piece of `pos` from scratch.
    pub fn refresh(net: &Network, pos: &Position) -> Accumulator {
        let mut acc = Accumulator { v: [net.ft_b; 2] };
        for c in Color::ALL {
            for r in Role::ALL {
                let piece = Piece { color: c, role: r };
                for sq in pos.pieces(c, r) {
                    for view in Color::ALL {
                        add_row(&mut acc.v[view as usize], &net.ft_w[feature(view, piece, sq)]);
                    }
                }
            }
        }
        acc
    }

    /// Applies piece changes: `added` and `removed` (piece, square) pairs.
    #[inline(always)]
    fn apply(&mut self, net: &Network, added: &[(Piece, Square)], removed: &[(Piece, Square)]) {
        for view in Color::ALL {
            let acc = &mut self.v[view as usize];
            for &(p, sq) in added {
                add_row(acc, &net.ft_w[feature(view, p, sq)]);
            }
            for &(p, sq) in removed {
                sub_row(acc, &net.ft_w[feature(view, p, sq)]);
            }
        }
    }
}

/// The network's output for the accumulators of a position with `turn` to move, in
/// centipawns from the side to move's view.
#[inline(always)]
fn output(net: &Network, acc: &Accumulator, turn: Color) -> i32 {
    let us = &acc.v[turn as usize];
    let them = &acc.v[!turn as usize];
    let mut sum: i32 = 0;
    for (side, weights) in [us, them].into_iter().zip(&net.out_w) {
        for (&a, &w) in side.iter().zip(weights) {
            let v = a.clamp(0, QA as i16);
            sum += i32::from(v.wrapping_mul(w)) * i32::from(v);
        }
    }
    ((sum / QA + net.out_b) * SCALE / (QA * QB)).clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// Evaluations are clamped to this, far from the mate and tablebase scores.
const EVAL_LIMIT: i32 = 20_000;

/// The evaluation of `pos` from scratch (no incremental state), from the side to move's view.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(&current(), pos)
}

/// [`evaluate`] with another network (the trainer's tests).
pub(crate) fn evaluate_with(net: &Network, pos: &Position) -> i32 {
    output(net, &Accumulator::refresh(net, pos), pos.turn())
}

/// The pieces a move added and removed (at most two each: castling moves two pieces, a
/// capturing promotion removes two and adds one).
#[derive(Clone, Copy)]
struct Delta {
    added: [(Piece, Square); 2],
    removed: [(Piece, Square); 2],
    na: u8,
    nr: u8,
}

const NO_CHANGE: (Piece, Square) = (Piece { color: Color::White, role: Role::Pawn }, Square::A1);

/// Per-ply accumulators for one search thread, updated lazily: making a move records only
/// what it changed ([`AccStack::push`]); the accumulators are computed when a position is
/// evaluated, from the nearest ancestor that has them.
pub struct AccStack {
    stack: Box<[Accumulator]>,
    deltas: Box<[Delta]>,
    /// Whether `stack[ply]` holds the accumulators of the position at `ply`.
    valid: Box<[bool]>,
    /// Whether `deltas[ply]` leads from ply - 1 to ply (false at the root).
    linked: Box<[bool]>,
    /// The network of the current search (taken at [`AccStack::set_root`]).
    net: Arc<Network>,
}

impl AccStack {
    pub fn new(plies: usize) -> AccStack {
        let delta = Delta { added: [NO_CHANGE; 2], removed: [NO_CHANGE; 2], na: 0, nr: 0 };
        AccStack {
            stack: vec![Accumulator { v: [[0; HIDDEN]; 2] }; plies].into_boxed_slice(),
            deltas: vec![delta; plies].into_boxed_slice(),
            valid: vec![false; plies].into_boxed_slice(),
            linked: vec![false; plies].into_boxed_slice(),
            net: current(),
        }
    }

    /// Sets the root position (ply 0).
    pub fn set_root(&mut self, pos: &Position) {
        self.net = current();
        self.stack[0] = Accumulator::refresh(&self.net, pos);
        self.valid[0] = true;
        self.linked[0] = false;
    }

    /// Records how `child`, at `ply + 1`, differs from `parent`, at `ply`. What changed is read
    /// off the two positions' piece sets, so castling (Chess960 too), en passant, promotion and
    /// the null move need no special cases.
    #[inline]
    pub fn push(&mut self, ply: usize, parent: &Position, child: &Position) {
        let d = &mut self.deltas[ply + 1];
        let (mut na, mut nr) = (0usize, 0usize);
        for c in Color::ALL {
            // No piece changes its role in place, so an unchanged set is unchanged.
            if parent.by_color(c) == child.by_color(c) {
                continue;
            }
            for r in Role::ALL {
                let (b, a) = (parent.pieces(c, r), child.pieces(c, r));
                if b == a {
                    continue;
                }
                let piece = Piece { color: c, role: r };
                for sq in b & !a {
                    if nr < 2 {
                        d.removed[nr] = (piece, sq);
                    }
                    nr += 1;
                }
                for sq in a & !b {
                    if na < 2 {
                        d.added[na] = (piece, sq);
                    }
                    na += 1;
                }
            }
        }
        self.valid[ply + 1] = false;
        // More changes than a move makes (not a move): the child is refreshed when evaluated.
        self.linked[ply + 1] = na <= 2 && nr <= 2;
        d.na = na.min(2) as u8;
        d.nr = nr.min(2) as u8;
    }

    /// The evaluation of `pos`, the position at `ply`, from the side to move's view.
    #[inline]
    pub fn evaluate(&mut self, ply: usize, pos: &Position) -> i32 {
        if !self.valid[ply] {
            // The nearest ancestor with accumulators, over linked plies only.
            let mut k = ply;
            while !self.valid[k] && self.linked[k] {
                k -= 1;
            }
            if self.valid[k] {
                for j in k + 1..=ply {
                    let d = self.deltas[j];
                    self.stack[j] = self.stack[j - 1];
                    self.stack[j].apply(
                        &self.net,
                        &d.added[..d.na as usize],
                        &d.removed[..d.nr as usize],
                    );
                    self.valid[j] = true;
                }
            } else {
                self.stack[ply] = Accumulator::refresh(&self.net, pos);
                self.valid[ply] = true;
            }
        }
        output(&self.net, &self.stack[ply], pos.turn())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vidle_core::parse_fen;

    /// Lazily updated accumulators give the same evaluation as a refresh, along random games
    /// from positions rich in castling, en passant and promotions, null moves included.
    #[test]
    fn incremental_matches_refresh() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ];
        let mut stack = AccStack::new(64);
        let mut rng = 0x1234_5678_u64;
        for fen in fens {
            for _ in 0..20 {
                let mut pos = parse_fen(fen).expect("valid FEN");
                stack.set_root(&pos);
                assert_eq!(stack.evaluate(0, &pos), evaluate(&pos));
                for ply in 0..40 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    let child = if rng.is_multiple_of(10) && !pos.is_check() {
                        let mut c = pos;
                        c.play_null();
                        c
                    } else {
                        pos.played(moves.get((rng % moves.len() as u64) as usize).expect("index"))
                    };
                    stack.push(ply, &pos, &child);
                    // Evaluate only some plies, so that updates also span several moves.
                    if rng.is_multiple_of(3) {
                        assert_eq!(stack.evaluate(ply + 1, &child), evaluate(&child), "{fen}");
                    }
                    pos = child;
                }
            }
        }
    }

    #[test]
    fn bad_files_are_rejected_with_reasons() {
        assert!(Network::from_bytes(b"").unwrap_err().contains("VDNN"));
        assert!(Network::from_bytes(b"NOPE00000000").unwrap_err().contains("VDNN"));
        let mut bytes = EMBEDDED.to_vec();
        bytes[4] = 9;
        assert!(Network::from_bytes(&bytes).unwrap_err().contains("version 9"));
        let mut bytes = EMBEDDED.to_vec();
        bytes[8] = 7;
        assert!(Network::from_bytes(&bytes).unwrap_err().contains("hidden units"));
        let bytes = &EMBEDDED[..EMBEDDED.len() - 1];
        assert!(Network::from_bytes(bytes).unwrap_err().contains("bytes"));
        assert!(Network::from_bytes(EMBEDDED).is_ok());
    }

    /// The trainer's integer arithmetic (tools/nnue/train.py) and the engine's agree on the
    /// positions the trainer wrote with the embedded network.
    #[test]
    fn matches_the_trainer() {
        let text = include_str!("../nets/vidle-1.check");
        let mut n = 0;
        for line in text.lines() {
            let fields: Vec<&str> = line.split(" | ").collect();
            let pos = parse_fen(fields[0]).expect("the trainer writes valid FENs");
            let expected: i32 = fields[1].parse().expect("an integer");
            assert_eq!(evaluate(&pos), expected, "{line}");
            n += 1;
        }
        assert!(n >= 100, "{n} check positions");
    }

    /// Mirroring the board and swapping the colours (side to move too) leaves the evaluation
    /// unchanged: both sides share the weights.
    #[test]
    fn colour_symmetric() {
        let pairs = [
            (
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3",
            ),
            ("8/5k2/8/8/3Q4/8/2K5/8 w - - 0 1", "8/2k5/8/3q4/8/8/5K2/8 b - - 0 1"),
        ];
        for (a, b) in pairs {
            let (a, b) = (parse_fen(a).expect("valid"), parse_fen(b).expect("valid"));
            assert_eq!(evaluate(&a), evaluate(&b));
        }
    }
}
