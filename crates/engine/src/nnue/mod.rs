//! The evaluation network (NNUE): a small neural network trained only on Vidle's own self-play,
//! the default evaluation (`Use NNUE`, on by default; off selects the hand-crafted evaluation
//! of `crate::eval`). The network built in is `nets/vidle-5.nnue` ([`EMBEDDED_FILE`]: 18.4 M
//! training positions of vidle-4's self-play, 256 units per side, 8 output buckets, its
//! evaluations scaled by 0.85 for the search); its provenance and strength are in
//! `nets/README.md`.
//!
//! # Architecture
//! Each side has an accumulator of `hidden` units (128, 256, 512 or 1024: [`SIZES`]; the
//! file says which). Its inputs are the 768 (colour, role, square) features seen from that
//! side: colour is "own" or "their", and Black's squares are mirrored vertically, so one set
//! of weights serves both sides. The output is one linear neuron over the SCReLU
//! (`clamp(x, 0, 1)²`) of the side to move's accumulator followed by the other side's, scaled
//! to centipawns by [`SCALE`]. A network may have several output neurons, *buckets*, of which
//! the number of pieces on the board picks one ([`bucket`]): the same accumulators are read
//! differently in the opening, the middlegame and the endgame.
//!
//! A network may also have *king buckets* ([`inputs`]): a set of the 768 inputs for each region
//! of the board the side's own king stands in, each side's board mirrored so that its king is
//! on files a–d (the "HalfKA" family of inputs, in a small form). vidle-5 has none.
//!
//! # Arithmetic
//! Quantised as the trainer (`vidle train`, `vidle-train`'s `train`) writes it: accumulator
//! weights and biases are `i16` scaled by [`QA`], output weights `i16` scaled by [`QB`] (1024),
//! the output bias `i32` scaled by `QA * QB`. A unit's activation `v = clamp(acc, 0, QA)` is
//! squared as `⌊v² / 4⌋`, which fits an `i16` (at most 16,256), so that the vector instructions'
//! 16-bit multiply-and-add takes it times the weight into `i32` sums ([`to_centipawns`] scales
//! the sum back). Dropping two bits of `v²` costs little: on vidle-2's check positions the mean
//! error against the float network is 2.139 cp with it and 2.132 cp with the exact square.
//! Until file version 3 the output weights were scaled by 64 and `v * w` was taken first: their
//! rounding moved the evaluation by 8 cp on average, against 2 cp now (`nets/README.md`).
//!
//! # Vector instructions
//! The loops are plain Rust over arrays whose length is a compile-time constant (one copy per
//! size, [`layer`]); the build targets the processor it runs on (`.cargo/config.toml`), so
//! the compiler emits AVX2 or AVX-512 where the processor has them and SSE2 elsewhere. There
//! is one source for every instruction set, so there is no second path to keep equal; the
//! tests compare the incremental updates with a refresh and the engine with the trainer.
//!
//! # Accumulators
//! The search keeps one accumulator pair per ply ([`AccStack`]) and updates a child's from its
//! parent's by the pieces the move added and removed, which is much cheaper than summing all
//! pieces again (the reference the tests compare with).
//!
//! # File format
//! `b"VDNN"`, `u32` version, `u32` hidden size, from version 2 a `u32` number of output
//! buckets (version 1 has one), then the accumulator weights (768 × hidden, feature-major),
//! the accumulator biases (hidden), the output weights (buckets × 2 × hidden), all `i16`, and
//! the output biases (buckets × `i32`), little endian. Version 4 (what `vidle train` writes for a
//! network with king buckets) has after the buckets word a `u32` number of king buckets (1 to
//! [`MAX_KING_BUCKETS`]) and 64 bytes, the bucket of each king square (a1 first, as the side
//! sees the board; files e–h are read as their mirror image), and then the same weights with
//! 768 accumulator rows per king bucket (bucket-major). Version 3 (what `vidle train` writes)
//! scales the output weights by [`QB`] = 1024; versions 1 and 2 (`tools/nnue/train.py` writes
//! version 1) by [`LEGACY_QB`] = 64, and are read by scaling their output weights and biases
//! up by 16 (the same network; an evaluation may differ by 1 cp from the old arithmetic's, which
//! truncated at a coarser scale). The network in `nets/` is built into the binary; its
//! provenance is in `nets/README.md`.

pub mod inputs;
mod layer;

pub use inputs::{KING_PRESETS, KingInputs, MAX_KING_BUCKETS};
pub use layer::Network as SizedNetwork;
use layer::{Delta, Stack};
use std::sync::{Arc, LazyLock};
use vidle_core::Position;

/// The hidden sizes this build reads.
pub const SIZES: [usize; 4] = [128, 256, 512, 1024];
/// Input features per side: 2 colours × 6 roles × 64 squares.
pub const INPUTS: usize = 768;
/// Scale of the accumulator weights (and of a unit's activation at its top, 1.0).
pub const QA: i32 = 255;
/// Scale of the output weights (file version 3).
pub const QB: i32 = 1024;
/// Scale of the output weights in file versions 1 and 2.
pub const LEGACY_QB: i32 = 64;
/// The largest magnitude the trainer lets a weight reach (accumulator and output weights; as
/// in the files before version 3, whose `v * w` had to fit an `i16`).
pub const WEIGHT_LIMIT: f32 = 127.0 / LEGACY_QB as f32;

/// Network output 1.0 in centipawns.
pub const SCALE: i32 = 400;
/// Evaluations are clamped to this, far from the mate and tablebase scores.
const EVAL_LIMIT: i32 = 20_000;
/// The most output buckets a file may have.
pub const MAX_BUCKETS: usize = 16;

/// The evaluation in centipawns for an output sum `Σ ⌊v² / 4⌋ w` and the output bias (scaled
/// by `QA * QB`), truncating toward zero as the trainer's reference does.
#[inline(always)]
pub fn to_centipawns(sum: i32, bias: i32) -> i32 {
    let v = i64::from(sum) * 4 / i64::from(QA) + i64::from(bias);
    (v * i64::from(SCALE) / i64::from(QA * QB)) as i32
}

/// The output bucket of a position with `pieces` pieces (kings included) in a network of
/// `buckets` buckets: the range 2–32 cut into equal parts (with 8 buckets, 2–5 pieces are the
/// first and 30–32 the last).
#[inline(always)]
pub fn bucket(pieces: usize, buckets: usize) -> usize {
    (pieces.saturating_sub(2) * buckets / 32).min(buckets - 1)
}

/// The name of the network built into the binary: `nets/NAME.nnue`, with its check file
/// `nets/NAME.check` (one place to change when another network is built in).
macro_rules! embedded_name {
    () => {
        "vidle-5"
    };
}

/// The file name of the network built into the binary (in `crates/engine/nets/`).
pub const EMBEDDED_FILE: &str = concat!(embedded_name!(), ".nnue");

/// The network built into the binary.
static EMBEDDED: &[u8] = include_bytes!(concat!("../../nets/", embedded_name!(), ".nnue"));

/// The network built into the binary, parsed once per process and shared by every engine
/// that evaluates with it.
static EMBEDDED_NET: LazyLock<Arc<Network>> =
    LazyLock::new(|| Network::from_bytes(EMBEDDED).expect("the embedded network is valid").into());

/// The network built into the binary (every engine's network until `EvalFile` names another).
pub fn embedded() -> Arc<Network> {
    EMBEDDED_NET.clone()
}

/// Why a network file cannot be used; the network in use stays.
#[derive(Debug)]
pub enum NetError {
    /// The file cannot be read: missing, unreadable, not a regular file (a FIFO would block,
    /// `/dev/zero` never end) or larger than [`vidle_core::files::MAX_NET_BYTES`].
    Read(std::io::Error),
    /// The bytes do not start with the `VDNN` magic.
    NotANetwork,
    /// The file ends inside its header.
    TruncatedHeader,
    /// A file version this build does not read (it reads 1 to 4).
    Version(u32),
    /// A king bucket map this build does not read (the reason).
    Kings(String),
    /// A number of output buckets outside 1 to [`MAX_BUCKETS`].
    Buckets(usize),
    /// A hidden layer size this build has no code for (see [`SIZES`]).
    Hidden(u32),
    /// The file's length does not match its header's shape.
    Length {
        /// The file's length in bytes.
        found: usize,
        /// The length the header's shape needs.
        expected: usize,
    },
}

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetError::Read(e) => write!(f, "{e}"),
            NetError::NotANetwork => write!(f, "not a Vidle network (no VDNN header)"),
            NetError::TruncatedHeader => write!(f, "network file ends inside its header"),
            NetError::Version(v) => write!(f, "network version {v}, this build reads 1 to 4"),
            NetError::Kings(why) => write!(f, "network has {why}"),
            NetError::Buckets(b) => {
                write!(f, "network has {b} output buckets, this build reads 1 to {MAX_BUCKETS}")
            }
            NetError::Hidden(h) => {
                write!(f, "network has {h} hidden units, this build reads {SIZES:?}")
            }
            NetError::Length { found, expected } => {
                write!(f, "network file is {found} bytes, expected {expected}")
            }
        }
    }
}

impl std::error::Error for NetError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NetError::Read(e) => Some(e),
            _ => None,
        }
    }
}

/// Reads the network in `path` (bounded, regular files only).
///
/// # Errors
/// [`NetError`]: the file cannot be read or is not a network this build reads.
pub fn load_file(path: &std::path::Path) -> Result<Arc<Network>, NetError> {
    let bytes = vidle_core::files::read_bounded(path, vidle_core::files::MAX_NET_BYTES)
        .map_err(NetError::Read)?;
    Ok(Arc::new(Network::from_bytes(&bytes)?))
}

/// Runs `$body` with `$n` bound to the sized network inside `$net`.
macro_rules! each_size {
    ($net:expr, $n:ident => $body:expr) => {
        match $net {
            Network::H128($n) => $body,
            Network::H256($n) => $body,
            Network::H512($n) => $body,
            Network::H1024($n) => $body,
        }
    };
}

/// A network of one of the [`SIZES`].
pub enum Network {
    /// 128 hidden units per side.
    H128(Box<SizedNetwork<128>>),
    /// 256 hidden units per side.
    H256(Box<SizedNetwork<256>>),
    /// 512 hidden units per side.
    H512(Box<SizedNetwork<512>>),
    /// 1024 hidden units per side.
    H1024(Box<SizedNetwork<1024>>),
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Network({} hidden units, {} output buckets, {} king buckets)",
            self.hidden(),
            self.buckets(),
            self.kings().count()
        )
    }
}

impl Network {
    /// Parses a network file, checking its header and size.
    ///
    /// # Errors
    /// [`NetError`] names what does not fit: the magic, the header, the version, the shape or
    /// the length.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < 12 || &bytes[..4] != b"VDNN" {
            return Err(NetError::NotANetwork);
        }
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        let (version, hidden) = (word(4), word(8));
        let (header, buckets) = match version {
            1 => (12, 1),
            2 | 3 if bytes.len() >= 16 => (16, word(12) as usize),
            4 if bytes.len() >= 16 + KingInputs::HEADER_BYTES => {
                (16 + KingInputs::HEADER_BYTES, word(12) as usize)
            }
            2..=4 => return Err(NetError::TruncatedHeader),
            _ => return Err(NetError::Version(version)),
        };
        let kings = if version == 4 {
            let h = bytes[16..header].try_into().expect("the king buckets' header");
            KingInputs::from_header(h).map_err(NetError::Kings)?
        } else {
            KingInputs::NONE
        };
        // Versions 1 and 2 scaled the output layer by 64 instead of 1024.
        let out_scale = if version < 3 { QB / LEGACY_QB } else { 1 };
        if !(1..=MAX_BUCKETS).contains(&buckets) {
            return Err(NetError::Buckets(buckets));
        }
        let rows = kings.rows();
        let weights = match hidden {
            128 => SizedNetwork::<128>::weight_bytes(buckets, rows),
            256 => SizedNetwork::<256>::weight_bytes(buckets, rows),
            512 => SizedNetwork::<512>::weight_bytes(buckets, rows),
            1024 => SizedNetwork::<1024>::weight_bytes(buckets, rows),
            _ => return Err(NetError::Hidden(hidden)),
        };
        let expected = header + weights;
        if bytes.len() != expected {
            return Err(NetError::Length { found: bytes.len(), expected });
        }
        let w = &bytes[header..];
        Ok(match hidden {
            128 => Network::H128(SizedNetwork::read(w, buckets, out_scale, kings)),
            256 => Network::H256(SizedNetwork::read(w, buckets, out_scale, kings)),
            512 => Network::H512(SizedNetwork::read(w, buckets, out_scale, kings)),
            _ => Network::H1024(SizedNetwork::read(w, buckets, out_scale, kings)),
        })
    }

    /// How the inputs depend on each side's king ([`KingInputs::NONE`] for none).
    pub fn kings(&self) -> KingInputs {
        each_size!(self, n => *n.kings())
    }

    /// Output buckets.
    pub fn buckets(&self) -> usize {
        each_size!(self, n => n.buckets())
    }

    /// Hidden units per side.
    pub fn hidden(&self) -> usize {
        match self {
            Network::H128(_) => 128,
            Network::H256(_) => 256,
            Network::H512(_) => 512,
            Network::H1024(_) => 1024,
        }
    }

    /// The evaluation of `pos` from scratch, from the side to move's view.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        each_size!(self, n => n.evaluate(pos))
    }
}

/// The accumulators of one size.
enum Stacks {
    H128(Stack<128>),
    H256(Stack<256>),
    H512(Stack<512>),
    H1024(Stack<1024>),
}

/// Per-ply accumulators for one search thread, updated lazily: making a move records only
/// what it changed ([`AccStack::push`]); the accumulators are computed when a position is
/// evaluated, from the nearest ancestor that has them.
pub struct AccStack {
    stacks: Stacks,
    /// `deltas[ply]` leads from the position at `ply - 1` to the one at `ply`.
    deltas: Box<[Delta]>,
    /// The network of the current search (taken at [`AccStack::set_root`]).
    net: Arc<Network>,
    /// Its king inputs (kept here for [`AccStack::push`]).
    kings: KingInputs,
}

impl AccStack {
    pub fn new(plies: usize) -> AccStack {
        let net = embedded();
        AccStack {
            stacks: Self::stacks_for(&net, plies),
            deltas: vec![Delta::NONE; plies].into_boxed_slice(),
            kings: net.kings(),
            net,
        }
    }

    fn stacks_for(net: &Network, plies: usize) -> Stacks {
        match net {
            Network::H128(_) => Stacks::H128(Stack::new(plies)),
            Network::H256(_) => Stacks::H256(Stack::new(plies)),
            Network::H512(_) => Stacks::H512(Stack::new(plies)),
            Network::H1024(_) => Stacks::H1024(Stack::new(plies)),
        }
    }

    /// Sets the root position (ply 0) and the network to evaluate with (the engine's).
    pub(crate) fn set_root(&mut self, net: Arc<Network>, pos: &Position) {
        if net.hidden() != self.net.hidden() {
            self.stacks = Self::stacks_for(&net, self.deltas.len());
        }
        self.kings = net.kings();
        self.net = net;
        self.deltas[0] = Delta::NONE;
        match (&mut self.stacks, &*self.net) {
            (Stacks::H128(s), Network::H128(n)) => s.set_root(n, pos),
            (Stacks::H256(s), Network::H256(n)) => s.set_root(n, pos),
            (Stacks::H512(s), Network::H512(n)) => s.set_root(n, pos),
            (Stacks::H1024(s), Network::H1024(n)) => s.set_root(n, pos),
            _ => unreachable!("the stacks are made for the network's size"),
        }
    }

    /// The network of the current search.
    pub(crate) fn net(&self) -> &Network {
        &self.net
    }

    /// Records how `child`, at `ply + 1`, differs from `parent`, at `ply`.
    #[inline]
    pub fn push(&mut self, ply: usize, parent: &Position, child: &Position) {
        self.deltas[ply + 1] = Delta::between(parent, child, &self.kings);
        match &mut self.stacks {
            Stacks::H128(s) => s.invalidate(ply + 1),
            Stacks::H256(s) => s.invalidate(ply + 1),
            Stacks::H512(s) => s.invalidate(ply + 1),
            Stacks::H1024(s) => s.invalidate(ply + 1),
        }
    }

    /// The evaluation of `pos`, the position at `ply`, from the side to move's view.
    #[inline]
    pub fn evaluate(&mut self, ply: usize, pos: &Position) -> i32 {
        let d = &self.deltas;
        match (&mut self.stacks, &*self.net) {
            (Stacks::H128(s), Network::H128(n)) => s.evaluate(n, d, ply, pos),
            (Stacks::H256(s), Network::H256(n)) => s.evaluate(n, d, ply, pos),
            (Stacks::H512(s), Network::H512(n)) => s.evaluate(n, d, ply, pos),
            (Stacks::H1024(s), Network::H1024(n)) => s.evaluate(n, d, ply, pos),
            _ => unreachable!("the stacks are made for the network's size"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vidle_core::{Role, Square, parse_fen};

    /// The file of an untrained network, byte for byte what the trainer (`vidle-train`) writes
    /// for `Net::with_buckets(hidden, buckets, seed)`: accumulator weights normal with standard
    /// deviation 0.1, accumulator biases zero, output weights and biases uniform in
    /// ±1/√(2·hidden), all from a SplitMix64 seeded with `seed`, quantised by [`QA`] and [`QB`]
    /// (random weights: every unit, input and bucket matters).
    fn random_network(hidden: usize, buckets: usize, seed: u64) -> Vec<u8> {
        random_network_with(hidden, buckets, KingInputs::NONE, seed)
    }

    /// [`random_network`] with king inputs `kings` (a version-4 file when it has buckets), as
    /// the trainer writes `Net::with_inputs(hidden, buckets, kings, seed)`.
    fn random_network_with(hidden: usize, buckets: usize, kings: KingInputs, seed: u64) -> Vec<u8> {
        let mut rng = vidle_core::rng::SplitMix64::new(seed);
        let q = |x: f32, scale: i32| (x * scale as f32).round().clamp(-32768.0, 32767.0) as i16;
        let mut out = b"VDNN".to_vec();
        if kings.count() == 0 {
            for word in [3, hidden as u32, buckets as u32] {
                out.extend_from_slice(&word.to_le_bytes());
            }
        } else {
            for word in [4, hidden as u32, buckets as u32, kings.count() as u32] {
                out.extend_from_slice(&word.to_le_bytes());
            }
            out.extend_from_slice(kings.map());
        }
        for _ in 0..kings.rows() * hidden {
            // Box–Muller, as the trainer draws them.
            let u1 = rng.unit().max(f64::MIN_POSITIVE);
            let u2 = rng.unit();
            let w = ((-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos() * 0.1) as f32;
            out.extend_from_slice(&q(w, QA).to_le_bytes());
        }
        out.resize(out.len() + 2 * hidden, 0);
        let bound = 1.0 / (2.0 * hidden as f64).sqrt();
        let mut uniform = || ((rng.unit() * 2.0 - 1.0) * bound) as f32;
        for _ in 0..buckets * 2 * hidden {
            out.extend_from_slice(&q(uniform(), QB).to_le_bytes());
        }
        for _ in 0..buckets {
            let b = (f64::from(uniform()) * f64::from(QA * QB)).round() as i32;
            out.extend_from_slice(&b.to_le_bytes());
        }
        out
    }

    /// FNV-1a over the files of the untrained networks [`networks`] builds, in its order: the
    /// trainer's tests (`vidle-train`, `train/tests.rs`) find the same for the files it writes,
    /// so the two stay the same networks.
    const UNTRAINED_FINGERPRINT: u64 = 0x3788_29ca_d89c_431b;

    /// The same for the networks with king buckets that [`king_networks`] builds (the trainer's
    /// `untrained_networks_with_king_buckets_are_read`).
    const UNTRAINED_KINGS_FINGERPRINT: u64 = 0x80f5_fb23_1797_6605;

    /// Untrained networks with king buckets: (hidden, output buckets, king buckets, seed).
    const KING_SHAPES: [(usize, usize, usize, u64); 4] =
        [(128, 1, 1, 200), (128, 8, 4, 201), (256, 8, 8, 202), (512, 4, 16, 203)];

    fn king_networks() -> Vec<Vec<u8>> {
        KING_SHAPES
            .iter()
            .map(|&(h, b, k, seed)| {
                random_network_with(h, b, KingInputs::preset(k).expect("a preset"), seed)
            })
            .collect()
    }

    /// [`UNTRAINED_FINGERPRINT`]'s hash.
    fn fnv1a(hash: u64, bytes: &[u8]) -> u64 {
        bytes.iter().fold(hash, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
    }

    #[test]
    fn untrained_networks_are_the_trainers() {
        let mut hash = 0xcbf2_9ce4_8422_2325;
        for (i, h) in SIZES.into_iter().enumerate() {
            for buckets in [1, 8] {
                hash = fnv1a(hash, &random_network(h, buckets, 100 + i as u64));
            }
        }
        assert_eq!(hash, UNTRAINED_FINGERPRINT, "{hash:#x}");
        let hash = king_networks().iter().fold(0xcbf2_9ce4_8422_2325, |h, b| fnv1a(h, b));
        assert_eq!(hash, UNTRAINED_KINGS_FINGERPRINT, "{hash:#x}");
    }

    /// Networks of every size this build reads, with one and with eight output buckets, and
    /// with king buckets: the embedded one and untrained ones as the trainer writes them
    /// ([`random_network`], [`king_networks`]).
    fn networks() -> Vec<Arc<Network>> {
        let mut nets = vec![embedded()];
        for (i, h) in SIZES.into_iter().enumerate() {
            for buckets in [1, 8] {
                let net = Network::from_bytes(&random_network(h, buckets, 100 + i as u64))
                    .expect("a valid network");
                assert_eq!((net.hidden(), net.buckets()), (h, buckets));
                nets.push(Arc::new(net));
            }
        }
        for (bytes, &(h, b, k, _)) in king_networks().iter().zip(&KING_SHAPES) {
            let net = Network::from_bytes(bytes).expect("a valid network");
            assert_eq!((net.hidden(), net.buckets(), net.kings().count()), (h, b, k));
            nets.push(Arc::new(net));
        }
        nets
    }

    /// With king buckets each side sees the board mirrored so that its king is on files a–d:
    /// a position and its mirror image (files a↔h, no castling rights) evaluate the same,
    /// whichever wing the kings are on; without them they differ (the test can fail).
    #[test]
    fn king_buckets_mirror_each_side() {
        let pairs = [
            (
                "6k1/5ppp/8/3q4/8/2N5/PP3PPP/6K1 w - - 0 1",
                "1k6/ppp5/8/4q3/8/5N2/PPP3PP/1K6 w - - 0 1",
            ),
            (
                "r4rk1/pp3ppp/8/8/8/8/PPP2PPP/2KR3R b - - 0 1",
                "1kr4r/ppp3pp/8/8/8/8/PPP2PPP/R3RK2 b - - 0 1",
            ),
            ("8/8/4k3/8/2P5/8/3K4/8 w - - 0 1", "8/8/3k4/8/5P2/8/4K3/8 w - - 0 1"),
        ];
        let plain = Network::from_bytes(&random_network(128, 1, 7)).expect("valid");
        let mut differ = false;
        for (a, b) in pairs {
            let (a, b) = (parse_fen(a).expect("valid"), parse_fen(b).expect("valid"));
            for bytes in king_networks() {
                let net = Network::from_bytes(&bytes).expect("valid");
                assert_eq!(net.evaluate(&a), net.evaluate(&b), "{net:?}");
            }
            differ |= plain.evaluate(&a) != plain.evaluate(&b);
        }
        assert!(differ, "a network without king buckets is not mirrored");
    }

    /// A king move across a bucket (or the mirror's) border changes every input of its side:
    /// the evaluation after it is the refreshed one (the random games of
    /// [`incremental_matches_refresh`] cross borders too; here every king step is checked).
    #[test]
    fn king_moves_across_buckets_update() {
        let net = Arc::new(Network::from_bytes(&king_networks()[3]).expect("valid"));
        let mut pos = parse_fen("4k3/8/8/8/8/8/3P4/3K4 w - - 0 1").expect("valid");
        let mut stack = AccStack::new(16);
        stack.set_root(net.clone(), &pos);
        // d1-e1 (the mirror), e1-e2 (rank 2), e2-e3, e3-f4, f4-e5 and the black king about.
        for (ply, mv) in ["d1e1", "e8d8", "e1e2", "d8c7", "e2e3", "c7b6", "e3f4", "b6a5", "f4e5"]
            .into_iter()
            .enumerate()
        {
            let m = vidle_core::notation::parse_uci(&pos, mv, false).expect("a legal move");
            let child = pos.played(m);
            stack.push(ply, &pos, &child);
            assert_eq!(stack.evaluate(ply + 1, &child), net.evaluate(&child), "after {mv}");
            pos = child;
        }
    }

    /// Lazily updated accumulators give the same evaluation as a refresh, with a network of
    /// each size, along random games from positions rich in castling, en passant and
    /// promotions, null moves included; one stack changes size when the network does.
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
        let mut differs = false;
        for net in networks() {
            for fen in fens {
                for _ in 0..8 {
                    let mut pos = parse_fen(fen).expect("valid FEN");
                    stack.set_root(net.clone(), &pos);
                    assert_eq!(stack.evaluate(0, &pos), net.evaluate(&pos));
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
                            let i = (rng % moves.len() as u64) as usize;
                            pos.played(moves.get(i).expect("index"))
                        };
                        stack.push(ply, &pos, &child);
                        // Evaluate only some plies, so that updates also span several moves.
                        if rng.is_multiple_of(3) {
                            let e = stack.evaluate(ply + 1, &child);
                            assert_eq!(e, net.evaluate(&child), "{fen}, {:?}", net);
                            differs |= e != net.evaluate(&pos);
                        }
                        // The parent again, after its child (as a search may evaluate it on
                        // the way back): a side refreshed for the child must not leave the
                        // plies between with one side's accumulator stale.
                        if rng.is_multiple_of(7) {
                            assert_eq!(stack.evaluate(ply, &pos), net.evaluate(&pos), "{fen}");
                        }
                        pos = child;
                    }
                }
            }
        }
        assert!(differs, "the evaluations must depend on the position");
    }

    /// Chess960 castling that swaps the king and the rook leaves the side's squares as they
    /// were: the update still moves both pieces (it once saw no change there).
    #[test]
    fn castling_that_swaps_king_and_rook_updates() {
        for (fen, king_to) in [
            ("1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1", Square::G1),
            ("2rk2r1/pppppppp/8/8/8/8/PPPPPPPP/2RK2R1 w GCgc - 0 1", Square::C1),
        ] {
            let pos = parse_fen(fen).expect("valid");
            let castle = pos
                .legal_moves()
                .iter()
                .map(|m| pos.played(m))
                .find(|c| c.pieces(pos.turn(), Role::King).contains(king_to))
                .expect("the castling move");
            assert_eq!(pos.by_color(pos.turn()), castle.by_color(pos.turn()), "{fen}");
            for net in networks() {
                let mut stack = AccStack::new(4);
                stack.set_root(net.clone(), &pos);
                stack.push(0, &pos, &castle);
                assert_eq!(stack.evaluate(1, &castle), net.evaluate(&castle), "{fen}");
            }
        }
    }

    #[test]
    fn bad_files_are_rejected_with_reasons() {
        assert!(Network::from_bytes(b"").unwrap_err().to_string().contains("VDNN"));
        assert!(Network::from_bytes(b"NOPE00000000").unwrap_err().to_string().contains("VDNN"));
        let mut bytes = EMBEDDED.to_vec();
        bytes[4] = 9;
        assert!(Network::from_bytes(&bytes).unwrap_err().to_string().contains("version 9"));
        let mut bytes = random_network(128, 8, 1);
        bytes[12] = 0;
        assert!(Network::from_bytes(&bytes).unwrap_err().to_string().contains("0 output buckets"));
        bytes[12] = 17;
        assert!(Network::from_bytes(&bytes).unwrap_err().to_string().contains("17 output buckets"));
        assert!(Network::from_bytes(&bytes[..14]).unwrap_err().to_string().contains("header"));
        let mut bytes = EMBEDDED.to_vec();
        bytes[8] = 7;
        assert!(Network::from_bytes(&bytes).unwrap_err().to_string().contains("hidden units"));
        let bytes = &EMBEDDED[..EMBEDDED.len() - 1];
        assert!(Network::from_bytes(bytes).unwrap_err().to_string().contains("bytes"));
        // Version 4: the king buckets' count and map are checked, and the rows they need.
        let kinged = random_network_with(128, 1, KingInputs::preset(4).unwrap(), 5);
        assert!(Network::from_bytes(&kinged[..60]).unwrap_err().to_string().contains("header"));
        let mut bytes = kinged.clone();
        bytes[16] = 0;
        assert!(Network::from_bytes(&bytes).unwrap_err().to_string().contains("0 king buckets"));
        let mut bytes = kinged.clone();
        bytes[20] = 9;
        assert!(
            Network::from_bytes(&bytes).unwrap_err().to_string().contains("bucket 9"),
            "{bytes:?}"
        );
        let mut bytes = kinged.clone();
        bytes[16] = 8;
        assert!(Network::from_bytes(&bytes).unwrap_err().to_string().contains("expected"));
        assert!(Network::from_bytes(&kinged).is_ok());
        assert!(Network::from_bytes(EMBEDDED).is_ok());
        // Files that are not regular, or too large to be a network, are not read at all.
        #[cfg(unix)]
        {
            let err = load_file(std::path::Path::new("/dev/zero")).unwrap_err();
            assert!(matches!(err, NetError::Read(_)), "{err:?}");
            assert!(err.to_string().contains("not a regular file"), "{err}");
        }
        assert!(matches!(Network::from_bytes(b"NOPE00000000"), Err(NetError::NotANetwork)));
        let big = std::env::temp_dir().join(format!("vidle-big-net-{}", std::process::id()));
        std::fs::File::create(&big).unwrap().set_len(vidle_core::files::MAX_NET_BYTES + 1).unwrap();
        let err = load_file(&big).unwrap_err();
        let _ = std::fs::remove_file(&big);
        assert!(err.to_string().contains("larger than the limit"), "{err}");
    }

    /// The trainer's integer arithmetic (`vidle train`, `vidle-train`'s `train`) and the
    /// engine's agree on the positions the trainer wrote with the embedded network.
    #[test]
    fn matches_the_trainer() {
        let text = include_str!(concat!("../../nets/", embedded_name!(), ".check"));
        let mut n = 0;
        for line in text.lines() {
            let fields: Vec<&str> = line.split(" | ").collect();
            let pos = parse_fen(fields[0]).expect("the trainer writes valid FENs");
            let expected: i32 = fields[1].parse().expect("an integer");
            assert_eq!(embedded().evaluate(&pos), expected, "{line}");
            n += 1;
        }
        assert!(n >= 100, "{n} check positions");
    }

    /// Mirroring the board and swapping the colours (side to move too) leaves the evaluation
    /// unchanged: both sides share the weights (with king buckets too).
    #[test]
    fn colour_symmetric() {
        let pairs = [
            (
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3",
            ),
            ("8/5k2/8/8/3Q4/8/2K5/8 w - - 0 1", "8/2k5/8/3q4/8/8/5K2/8 b - - 0 1"),
        ];
        let mut nets = vec![embedded()];
        for bytes in king_networks() {
            nets.push(Arc::new(Network::from_bytes(&bytes).expect("valid")));
        }
        for (a, b) in pairs {
            let (a, b) = (parse_fen(a).expect("valid"), parse_fen(b).expect("valid"));
            for net in &nets {
                assert_eq!(net.evaluate(&a), net.evaluate(&b), "{net:?}");
            }
        }
    }
}
