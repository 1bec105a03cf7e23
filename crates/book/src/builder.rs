//! Building a book from PGN games, with the statistics `polyglot make-book` keeps.
//!
//! For every move of every game (up to `max_ply`), the entry (position key, move) gets
//! `n += 1` and `sum += 2` for a win of the side that moved, `1` for a draw **or an unknown
//! result** (`*`, no `Result` tag), `0` for a loss; the result comes from the `Result` tag (the
//! termination marker if the tag is missing). When an entry reaches 16384 occurrences, all
//! entries of its position are halved (rounding up), as Polyglot does to fit 16 bits. At the
//! end an entry is kept if `n >= min_games`, `sum > 0`, `sum / (2n) >= min_score` and its side
//! passes the colour filter; its weight is `sum` (or 1 with `uniform`).
//!
//! Extensions over Polyglot: games starting from a `FEN` tag are replayed from that position
//! (Polyglot ignores the tag), games with an illegal move are skipped with a reason (Polyglot
//! stops), and `winners_only` counts only the moves of the side that won.

use crate::book::Book;
use crate::format::{Entry, encode_move};
use crate::key::{double_push_target, polyglot_key_with_ep};
use crate::pgn::{PgnGame, PgnReader};
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};
use std::io::Read;
use vidle_core::fen::Setup;
use vidle_core::notation::parse_move;
use vidle_core::{Color, Position, Role};

/// Polyglot halves a position's statistics when one move reaches this count.
const COUNT_MAX: u32 = 16_384;
/// How many skipped games are described individually in the summary.
const MAX_EXAMPLES: usize = 10;

/// Settings of a book build (the defaults are `polyglot make-book`'s).
#[derive(Debug, Clone, PartialEq)]
pub struct BuildOptions {
    /// Only the first `max_ply` half-moves of each game are used.
    pub max_ply: u32,
    /// An entry needs at least this many occurrences.
    pub min_games: u32,
    /// Minimum score of a move, 0.0 to 1.0 (Polyglot's `-min-score` divided by 100).
    pub min_score: f64,
    /// Keep only the moves of this side.
    pub only: Option<Color>,
    /// Count only the moves of the side that won the game (draws and losses add nothing).
    pub winners_only: bool,
    /// Give every kept move weight 1.
    pub uniform: bool,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            max_ply: 1024,
            min_games: 3,
            min_score: 0.0,
            only: None,
            winners_only: false,
            uniform: false,
        }
    }
}

/// What a build did.
#[derive(Debug, Clone, Default)]
pub struct BuildSummary {
    /// Games in the input, used or skipped.
    pub games_read: u64,
    /// Games whose moves were counted.
    pub games_used: u64,
    /// Skipped games by reason.
    pub skipped: BTreeMap<&'static str, u64>,
    /// The first few skipped games, described.
    pub skip_examples: Vec<String>,
    /// Half-moves counted.
    pub plies: u64,
    /// Distinct (position, move) pairs seen before filtering.
    pub candidates: usize,
    /// Positions and entries in the finished book.
    pub positions: usize,
    /// Entries in the finished book, after filtering.
    pub entries: usize,
}

impl BuildSummary {
    /// Games skipped, all reasons together (`games_read - games_used`).
    pub fn games_skipped(&self) -> u64 {
        self.skipped.values().sum()
    }
}

/// Progress of [`BookBuilder::add_pgn`].
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    /// Bytes of the PGN stream read so far.
    pub bytes: u64,
    /// Games read so far, used or skipped.
    pub games: u64,
}

/// Keys are already uniformly random, so the hash map can use them as they are.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

#[derive(Clone, Copy)]
struct Stat {
    raw_move: u16,
    n: u32,
    sum: u32,
}

struct Node {
    turn: Color,
    moves: Vec<Stat>,
}

/// Accumulates games into book statistics.
///
/// ```
/// use vidle_book::{BookBuilder, BuildOptions};
/// let pgn = "[Result \"1-0\"]\n1. e4 e5 2. Nf3 1-0\n[Result \"1/2-1/2\"]\n1. e4 c5 1/2-1/2\n";
/// let mut builder = BookBuilder::new(BuildOptions { min_games: 1, ..Default::default() });
/// builder.add_pgn(pgn.as_bytes(), &mut |_| {}).unwrap();
/// let (book, summary) = builder.finish();
/// assert_eq!(summary.games_used, 2);
/// let start = vidle_core::Position::startpos();
/// assert_eq!(book.entries(&start)[0].weight, 3); // e4: 2 for the win + 1 for the draw
/// ```
pub struct BookBuilder {
    opts: BuildOptions,
    table: HashMap<u64, Node, BuildHasherDefault<KeyHasher>>,
    summary: BuildSummary,
    /// Reused per game: (key, side to move, raw move).
    line: Vec<(u64, Color, u16)>,
}

impl BookBuilder {
    /// An empty builder with these settings.
    pub fn new(opts: BuildOptions) -> BookBuilder {
        BookBuilder {
            opts,
            table: HashMap::default(),
            summary: BuildSummary::default(),
            line: Vec::new(),
        }
    }

    /// Reads every game of a PGN stream; `progress` is called every few hundred games.
    ///
    /// # Errors
    /// I/O errors of the stream (bad PGN text only skips games).
    pub fn add_pgn<R: Read>(
        &mut self,
        input: R,
        progress: &mut dyn FnMut(Progress),
    ) -> std::io::Result<()> {
        let mut reader = PgnReader::new(input).with_max_moves(self.opts.max_ply as usize);
        while let Some(game) = reader.next_game()? {
            self.add_game(&game);
            if self.summary.games_read.is_multiple_of(256) {
                progress(Progress { bytes: reader.bytes_read(), games: self.summary.games_read });
            }
        }
        progress(Progress { bytes: reader.bytes_read(), games: self.summary.games_read });
        Ok(())
    }

    /// Adds one game; returns whether it was used (otherwise the summary says why not).
    pub fn add_game(&mut self, game: &PgnGame) -> bool {
        self.summary.games_read += 1;
        match self.replay(game) {
            Ok(()) => {
                self.summary.games_used += 1;
                self.record(game);
                true
            }
            Err((reason, detail)) => {
                *self.summary.skipped.entry(reason).or_insert(0) += 1;
                if self.summary.skip_examples.len() < MAX_EXAMPLES {
                    self.summary.skip_examples.push(format!(
                        "game {} (line {}): {reason}: {detail}",
                        self.summary.games_read, game.line
                    ));
                }
                false
            }
        }
    }

    /// Replays the game into `self.line`, or says why it cannot be used.
    fn replay(&mut self, game: &PgnGame) -> Result<(), (&'static str, String)> {
        self.line.clear();
        if let Some(e) = &game.error {
            return Err(("unclosed comment or variation", e.clone()));
        }
        if let Some(v) = game.tag("Variant") {
            let v = v.trim().to_ascii_lowercase();
            if !matches!(v.as_str(), "" | "standard" | "chess" | "normal") {
                return Err(("non-standard variant", v));
            }
        }
        let (mut pos, mut ep) = match game.tag("FEN") {
            None => (Position::startpos(), None),
            Some(fen) => start_from_fen(fen)?,
        };
        for (ply, text) in game.moves.iter().enumerate() {
            if ply >= self.opts.max_ply as usize {
                break;
            }
            if matches!(text.as_str(), "e" | "p" | "ep") {
                continue; // the pieces of an "e.p." suffix
            }
            let m = parse_move(&pos, text)
                .map_err(|e| ("illegal or unreadable move", format!("ply {}: {e}", ply + 1)))?;
            let key = polyglot_key_with_ep(&pos, ep);
            self.line.push((key, pos.turn(), encode_move(m)));
            ep = double_push_target(&pos, m);
            pos = pos.played(m);
        }
        Ok(())
    }

    fn record(&mut self, game: &PgnGame) {
        let result = game.tag("Result").or(game.termination.as_deref()).unwrap_or("*");
        let winner = match result.trim() {
            "1-0" => Some(Color::White),
            "0-1" => Some(Color::Black),
            _ => None,
        };
        for &(key, turn, raw_move) in &self.line {
            let gain = match winner {
                Some(w) if w == turn => 2,
                Some(_) => 0,
                None => 1,
            };
            if self.opts.winners_only && gain != 2 {
                continue;
            }
            self.summary.plies += 1;
            let node = self.table.entry(key).or_insert_with(|| Node { turn, moves: Vec::new() });
            let i = match node.moves.iter().position(|s| s.raw_move == raw_move) {
                Some(i) => i,
                None => {
                    node.moves.push(Stat { raw_move, n: 0, sum: 0 });
                    node.moves.len() - 1
                }
            };
            let stat = &mut node.moves[i];
            stat.n += 1;
            stat.sum += gain;
            if stat.n >= COUNT_MAX {
                for s in &mut node.moves {
                    s.n = s.n.div_ceil(2);
                    s.sum = s.sum.div_ceil(2);
                }
            }
        }
    }

    /// The book and the summary.
    pub fn finish(mut self) -> (Book, BuildSummary) {
        let o = &self.opts;
        let mut entries = Vec::new();
        for (&key, node) in &self.table {
            self.summary.candidates += node.moves.len();
            if key == 0 || o.only.is_some_and(|c| c != node.turn) {
                continue;
            }
            for s in &node.moves {
                let score = f64::from(s.sum) / f64::from(s.n.max(1)) / 2.0;
                if s.n < o.min_games || s.sum == 0 || score < o.min_score {
                    continue;
                }
                let weight = if o.uniform { 1 } else { u16::try_from(s.sum).unwrap_or(u16::MAX) };
                entries.push(Entry { key, raw_move: s.raw_move, weight, learn: 0 });
            }
        }
        let book = Book::from_entries(entries);
        self.summary.entries = book.len();
        self.summary.positions = book.positions();
        (book, self.summary)
    }
}

/// The start position and en passant target of a FEN-start game; Chess960 castling rights
/// cannot be expressed in Polyglot keys, so such games are refused.
fn start_from_fen(
    fen: &str,
) -> Result<(Position, Option<vidle_core::Square>), (&'static str, String)> {
    let setup = Setup::parse(fen).map_err(|e| ("invalid FEN", format!("{fen}: {e}")))?;
    let pos = Position::from_setup(&setup).map_err(|e| ("invalid FEN", format!("{fen}: {e}")))?;
    for sq in pos.castling_rooks() {
        let color = if sq.rank() == 0 { Color::White } else { Color::Black };
        let king = pos.king(color);
        let standard = king.file() == 4
            && king.rank() == color.back_rank()
            && (sq.file() == 0 || sq.file() == 7)
            && pos.role_at(sq) == Some(Role::Rook);
        if !standard {
            return Err(("Chess960 castling rights", fen.to_string()));
        }
    }
    Ok((pos, setup.ep))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::polyglot_key;

    fn build(pgn: &str, opts: BuildOptions) -> (Book, BuildSummary) {
        let mut b = BookBuilder::new(opts);
        b.add_pgn(pgn.as_bytes(), &mut |_| {}).unwrap();
        b.finish()
    }

    #[test]
    fn weights_follow_results_and_filters() {
        let pgn = "[Result \"1-0\"]\n1. e4 e5 1-0\n[Result \"0-1\"]\n1. e4 e5 0-1\n\
                   [Result \"1/2-1/2\"]\n1. d4 d5 1/2-1/2\n[Result \"*\"]\n1. d4 d5 *\n";
        let one = BuildOptions { min_games: 1, ..Default::default() };
        let (book, s) = build(pgn, one.clone());
        assert_eq!(s.games_used, 4);
        let start = Position::startpos();
        let w: Vec<_> = book.entries(&start).iter().map(|b| b.weight).collect();
        assert_eq!(w, [2, 2], "e4: 2+0, d4: 1+1");
        let white = BuildOptions { only: Some(Color::White), ..one };
        assert_eq!(build(pgn, white).0.positions(), 1);
        let winners = BuildOptions { winners_only: true, ..one };
        let (book, _) = build(pgn, winners);
        assert_eq!(book.len(), 2, "1.e4 (won once) and 1...e5 (won once)");
        let two = BuildOptions { min_games: 3, ..one };
        assert!(build(pgn, two).0.is_empty());
    }

    #[test]
    fn skips_bad_games_with_reasons() {
        let pgn = "[Result \"1-0\"]\n1. e4 e5 2. Ke3 1-0\n\
                   [Variant \"chess 960\"]\n1. e4 *\n\
                   [FEN \"not a fen\"]\n1. e4 *\n\
                   [FEN \"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1\"]\n1. e4 *\n\
                   [SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n1. e4 Kd7 1-0\n";
        let (book, s) = build(pgn, BuildOptions { min_games: 1, ..Default::default() });
        assert_eq!(s.games_read, 5);
        assert_eq!(s.games_used, 1);
        assert_eq!(s.games_skipped(), 4);
        assert_eq!(s.skip_examples.len(), 4);
        assert!(s.skip_examples[0].contains("Ke3"), "{:?}", s.skip_examples);
        let pos = vidle_core::parse_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        assert_eq!(book.entries(&pos).len(), 1);
        assert_eq!(book.entries_for_key(polyglot_key(&pos)).len(), 1);
    }

    #[test]
    fn an_unclosed_variation_or_comment_costs_one_game() {
        // The issue's case: the variation after 1. e4 is never closed.
        let pgn = "[Event \"broken\"]\n[Result \"*\"]\n\n1. e4 ( e5 2. Nf3 *\n\n\
                   [Event \"2\"]\n[Result \"1-0\"]\n\n1. d4 d5 1-0\n\n\
                   [Event \"3\"]\n[Result \"0-1\"]\n\n1. c4 {unclosed comment 0-1\n\n\
                   [Event \"4\"]\n[Result \"1-0\"]\n\n1. Nf3 1-0\n";
        let (book, s) = build(pgn, BuildOptions { min_games: 1, ..Default::default() });
        assert_eq!((s.games_read, s.games_used, s.games_skipped()), (4, 2, 2), "{s:?}");
        assert_eq!(s.skipped.get("unclosed comment or variation"), Some(&2));
        assert!(s.skip_examples[0].contains("game 1 (line 1)"), "{:?}", s.skip_examples);
        assert!(s.skip_examples[0].contains("variation '(' at line 4"), "{:?}", s.skip_examples);
        assert!(s.skip_examples[1].contains("comment '{' at line 14"), "{:?}", s.skip_examples);
        let start = Position::startpos();
        let moves: Vec<String> = book
            .entries(&start)
            .iter()
            .map(|b| vidle_core::notation::to_uci(b.mv, false))
            .collect();
        assert_eq!(moves.len(), 2, "{moves:?}");
        assert!(moves.contains(&"d2d4".to_string()) && moves.contains(&"g1f3".to_string()));
    }

    #[test]
    fn random_movetext_never_panics() {
        let tokens = [
            "e4",
            "e5",
            "Nf3",
            "Nc6",
            "O-O",
            "O-O-O",
            "0-0",
            "exd6",
            "e8=Q",
            "e7e8q",
            "e1h1",
            "Kxa9",
            "=",
            "Q",
            "a1a1",
            "h7h8n+",
            "Bb5+",
            "--",
            "Z0",
            "1.",
            "2...",
            "[FEN",
            "\"8/8/8/8/8/8/8/8 w - - 0 1\"]",
            "[Variant \"x\"]",
            "{",
            "}",
            "(",
            ")",
            "1-0",
            "*",
            "\u{e9}",
            "P@e4",
            "Nbd7",
            "R1a3",
            "dxe5",
            "c8=N#",
            "\n",
        ];
        let mut rng = crate::BookRng::seeded(9);
        for _ in 0..300 {
            let mut text = String::new();
            for _ in 0..(rng.next_u64() % 60) {
                text.push_str(tokens[(rng.next_u64() % tokens.len() as u64) as usize]);
                text.push(' ');
            }
            let (book, s) = build(&text, BuildOptions { min_games: 1, ..Default::default() });
            assert_eq!(s.games_read, s.games_used + s.games_skipped());
            let start = Position::startpos();
            assert!(book.entries(&start).iter().all(|b| start.legal_moves().contains(b.mv)));
        }
    }

    #[test]
    fn halving_keeps_weights_in_16_bits() {
        let mut pgn = String::new();
        for _ in 0..20_000 {
            pgn.push_str("[Result \"1-0\"]\n1. e4 1-0\n");
        }
        let (book, _) = build(&pgn, BuildOptions::default());
        let w = book.entries(&Position::startpos())[0].weight;
        // 16384 wins halve to 8192 (sum 16384); 3616 more wins add 7232.
        assert_eq!(w, 16_384 + 7_232);
    }
}
