//! Differential testing against shakmaty: seeded random playouts from the opening books, comparing
//! legal moves, check/mate/stalemate/insufficient material, FEN and SAN at every position.

mod common;

use common::Rng;
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};
use vidle_core::game::{Outcome, position_status};
use vidle_core::notation::{parse_move, parse_san, parse_uci, to_san, to_uci};
use vidle_core::{Move, MoveList, Position, fen, parse_fen_relaxed};

/// What the comparisons covered, so a test can insist that the rare cases really occurred.
#[derive(Default, Debug)]
struct Coverage {
    positions: u64,
    moves: u64,
    checks: u64,
    mates: u64,
    stalemates: u64,
    insufficient: u64,
    fifty: u64,
    en_passant: u64,
    castles: u64,
    promotions: u64,
    disambiguated: u64,
}

impl Coverage {
    fn add(&mut self, o: &Coverage) {
        self.positions += o.positions;
        self.moves += o.moves;
        self.checks += o.checks;
        self.mates += o.mates;
        self.stalemates += o.stalemates;
        self.insufficient += o.insufficient;
        self.fifty += o.fifty;
        self.en_passant += o.en_passant;
        self.castles += o.castles;
        self.promotions += o.promotions;
        self.disambiguated += o.disambiguated;
    }
}

/// Czech piece letters in place of English ones (`Nf3` → `Jf3`, `e8=Q` → `e8=D`).
fn czech(san: &str) -> String {
    san.chars()
        .map(|c| match c {
            'N' => 'J',
            'B' => 'S',
            'R' => 'V',
            'Q' => 'D',
            c => c,
        })
        .collect()
}

/// Compares one position in every respect; returns the legal moves paired with shakmaty's.
fn compare(
    ours: &Position,
    theirs: &Chess,
    mode: CastlingMode,
    cov: &mut Coverage,
) -> Vec<(Move, shakmaty::Move)> {
    let chess960 = mode == CastlingMode::Chess960;
    let our_fen = fen::to_fen(ours, false);
    let ctx = || format!("position {our_fen}");
    cov.positions += 1;

    // FEN: ours (X-FEN) equals shakmaty's with a legal-only en passant square, and round-trips
    // in both castling notations.
    let their_fen = Fen::from_position(theirs, EnPassantMode::Legal).to_string();
    assert_eq!(our_fen, their_fen, "FEN differs");
    assert_eq!(parse_fen_relaxed(&our_fen).as_ref(), Ok(ours), "X-FEN round trip of {our_fen}");
    let shredder = fen::to_fen(ours, true);
    assert_eq!(
        parse_fen_relaxed(&shredder).as_ref(),
        Ok(ours),
        "Shredder-FEN round trip of {shredder}"
    );
    assert_eq!(ours.key(), ours.compute_key(), "{}", ctx());

    // Status.
    assert_eq!(ours.is_check(), theirs.is_check(), "check in {}", ctx());
    assert_eq!(
        ours.checkers().count() as usize,
        theirs.checkers().count(),
        "checkers in {}",
        ctx()
    );
    assert_eq!(ours.is_checkmate(), theirs.is_checkmate(), "mate in {}", ctx());
    assert_eq!(ours.is_stalemate(), theirs.is_stalemate(), "stalemate in {}", ctx());
    let insufficient = ours.is_insufficient_material();
    assert_eq!(insufficient, theirs.is_insufficient_material(), "material in {}", ctx());
    let expected_status = if ours.is_checkmate() {
        Some(Outcome::Checkmate { winner: !ours.turn() })
    } else if ours.is_stalemate() {
        Some(Outcome::Stalemate)
    } else if insufficient {
        Some(Outcome::InsufficientMaterial)
    } else if theirs.halfmoves() >= 100 {
        Some(Outcome::FiftyMoves)
    } else {
        None
    };
    assert_eq!(position_status(ours), expected_status, "status of {}", ctx());
    cov.checks += ours.is_check() as u64;
    cov.mates += ours.is_checkmate() as u64;
    cov.stalemates += ours.is_stalemate() as u64;
    cov.insufficient += insufficient as u64;
    cov.fifty += (ours.halfmove_clock() >= 100) as u64;
    cov.en_passant += ours.ep_square().is_some() as u64;

    // Legal moves, as UCI strings.
    let our_moves = ours.legal_moves();
    let their_moves = theirs.legal_moves();
    assert_eq!(our_moves.len() as u64, ours.count_legal(), "count_legal in {}", ctx());
    let mut our_uci: Vec<String> = our_moves.iter().map(|m| to_uci(m, chess960)).collect();
    let mut their_uci: Vec<String> =
        their_moves.iter().map(|m| m.to_uci(mode).to_string()).collect();
    our_uci.sort();
    their_uci.sort();
    assert_eq!(our_uci, their_uci, "legal moves in {}", ctx());
    our_uci.dedup();
    assert_eq!(our_uci.len(), our_moves.len(), "duplicate moves in {}", ctx());

    // Noisy and quiet moves partition the legal moves.
    let (mut noisy, mut quiet) = (MoveList::new(), MoveList::new());
    ours.noisy_moves(&mut noisy);
    ours.quiet_moves(&mut quiet);
    assert_eq!(noisy.len() + quiet.len(), our_moves.len(), "noisy+quiet in {}", ctx());
    for m in noisy.iter() {
        assert!(
            ours.is_capture(m) || m.promotion_role() == Some(vidle_core::Role::Queen),
            "noisy {m:?} in {}",
            ctx()
        );
        assert!(our_moves.contains(m) && !quiet.contains(m), "noisy {m:?} in {}", ctx());
    }

    // Every move: SAN both ways, UCI back, legality.
    let mut pairs = Vec::with_capacity(our_moves.len());
    for m in our_moves.iter() {
        cov.moves += 1;
        let uci = to_uci(m, chess960);
        let tm = UciMove::from_ascii(uci.as_bytes())
            .expect("our UCI is well-formed")
            .to_move(theirs)
            .unwrap_or_else(|e| panic!("shakmaty rejects {uci} ({e}) in {}", ctx()));
        assert!(ours.is_legal(m), "is_legal({m:?}) in {}", ctx());
        assert_eq!(parse_uci(ours, &uci, chess960), Ok(m), "parse_uci {uci} in {}", ctx());

        let their_san = SanPlus::from_move(theirs.clone(), tm).to_string();
        let our_san = to_san(ours, m);
        assert_eq!(our_san, their_san, "SAN of {uci} in {}", ctx());
        assert_eq!(parse_san(ours, &their_san), Ok(m), "parse_san {their_san} in {}", ctx());
        assert_eq!(parse_move(ours, &czech(&their_san)), Ok(m), "Czech {their_san} in {}", ctx());
        // And shakmaty reads our SAN back to its move.
        let back = San::from_ascii(our_san.trim_end_matches(['+', '#']).as_bytes())
            .expect("our SAN is well-formed")
            .to_move(theirs);
        assert_eq!(back.ok(), Some(tm), "shakmaty reads {our_san} in {}", ctx());

        cov.castles += m.is_castle() as u64;
        cov.promotions += m.is_promotion() as u64;
        let body = our_san.trim_end_matches(['+', '#']);
        cov.disambiguated += (body.len() >= 4
            && body.as_bytes()[0].is_ascii_uppercase()
            && !body.starts_with('O')
            && !(body.len() == 4 && body.as_bytes()[1] == b'x'))
            as u64;
        pairs.push((m, tm));
    }
    pairs
}

/// Plays a seeded random game from the given pair of equal positions, comparing every position.
/// Captures are preferred half of the time so that playouts reach endgames, mates and promotions.
fn playout(
    mut ours: Position,
    mut theirs: Chess,
    mode: CastlingMode,
    max_plies: usize,
    rng: &mut Rng,
    cov: &mut Coverage,
) {
    for _ in 0..=max_plies {
        let pairs = compare(&ours, &theirs, mode, cov);
        if pairs.is_empty() || ours.is_insufficient_material() && rng.chance(1, 4) {
            return;
        }
        let captures: Vec<usize> =
            (0..pairs.len()).filter(|&i| ours.is_capture(pairs[i].0)).collect();
        let pick = if !captures.is_empty() && rng.chance(1, 2) {
            captures[rng.below(captures.len())]
        } else {
            rng.below(pairs.len())
        };
        let (m, tm) = pairs[pick];
        ours = ours.played(m);
        theirs.play_unchecked(tm);
    }
}

fn both_from_fen(text: &str, mode: CastlingMode) -> (Position, Chess) {
    let ours = parse_fen_relaxed(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let theirs = Fen::from_ascii(text.as_bytes())
        .unwrap()
        .into_position(mode)
        .unwrap_or_else(|e| panic!("shakmaty rejects {text}: {e}"));
    (ours, theirs)
}

/// Playouts from EPD openings, several per opening with different seeds.
fn epd_playouts(lines: &[String], mode: CastlingMode, per_opening: usize, seed: u64) -> Coverage {
    let mut cov = Coverage::default();
    for (i, line) in lines.iter().enumerate() {
        let (ours, theirs) = both_from_fen(line, mode);
        for k in 0..per_opening {
            let mut rng = Rng(seed ^ (i as u64) << 8 ^ k as u64);
            playout(ours, theirs.clone(), mode, 400, &mut rng, &mut cov);
        }
    }
    cov
}

/// The PGN openings: each SAN move read by both libraries must give the same move, then a playout
/// continues from the end of the line.
fn pgn_playouts(games: &[Vec<String>], seed: u64) -> Coverage {
    let mut cov = Coverage::default();
    for (i, sans) in games.iter().enumerate() {
        let mut ours = Position::startpos();
        let mut theirs = Chess::default();
        for san in sans {
            compare(&ours, &theirs, CastlingMode::Standard, &mut cov);
            let m = parse_san(&ours, san).unwrap_or_else(|e| panic!("game {i}: {e}"));
            let tm = San::from_ascii(san.as_bytes()).unwrap().to_move(&theirs).unwrap();
            assert_eq!(to_uci(m, false), tm.to_uci(CastlingMode::Standard).to_string(), "{san}");
            ours = ours.played(m);
            theirs.play_unchecked(tm);
        }
        let mut rng = Rng(seed ^ i as u64);
        playout(ours, theirs, CastlingMode::Standard, 400, &mut rng, &mut cov);
    }
    cov
}

/// Runs the three sources; `scale` openings from each book (spread over the whole file).
fn run_all(two_moves: usize, frc: usize, eight_moves: usize, per_opening: usize) -> Coverage {
    let mut cov = Coverage::default();
    let lines = common::data_lines("openings/2moves_v1.epd");
    cov.add(&epd_playouts(
        &common::spread(&lines, two_moves),
        CastlingMode::Standard,
        per_opening,
        0x2A0E,
    ));
    let lines = common::data_lines("openings/FRC_openings.epd");
    cov.add(&epd_playouts(
        &common::spread(&lines, frc),
        CastlingMode::Chess960,
        per_opening,
        0x960,
    ));
    let games = common::pgn_games("openings/8moves_v3.pgn");
    assert!(games.len() == 100 && games.iter().all(|g| g.len() == 16), "8moves_v3.pgn misread");
    cov.add(&pgn_playouts(&common::spread(&games, eight_moves), 0x8A0E));
    cov
}

fn assert_coverage(cov: &Coverage, min_positions: u64) {
    eprintln!("{cov:?}");
    assert!(cov.positions >= min_positions, "only {} positions", cov.positions);
    for (what, n) in [
        ("checks", cov.checks),
        ("mates", cov.mates),
        ("stalemates", cov.stalemates),
        ("insufficient material", cov.insufficient),
        ("en passant", cov.en_passant),
        ("castling", cov.castles),
        ("promotions", cov.promotions),
        ("disambiguated SAN", cov.disambiguated),
    ] {
        assert!(n > 0, "no {what} reached: the playouts are not covering enough");
    }
}

#[test]
fn differential_against_shakmaty() {
    // About 100,000 positions and 1.7 million moves in a few seconds.
    let cov = run_all(300, 150, 100, 1);
    assert_coverage(&cov, 80_000);
}

/// Millions of positions; run with `cargo test -p vidle-core --test differential -- --ignored`.
/// Uses every core: the openings are split between threads.
#[test]
#[ignore = "millions of positions: minutes"]
fn differential_against_shakmaty_full() {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let check = "the full differential test";
    let (Some(two), Some(frc), Some(games)) = (
        common::shared_lines("openings/2moves_v1.epd", check),
        common::shared_lines("openings/FRC_openings.epd", check),
        common::shared_pgn_games("openings/8moves_v3.pgn", check),
    ) else {
        return;
    };
    let per_opening: usize =
        std::env::var("VIDLE_DIFF_PER_OPENING").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let total = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (two, frc, games) = (&two, &frc, &games);
                s.spawn(move || {
                    let pick = |v: &[String]| -> Vec<String> {
                        v.iter().skip(t).step_by(threads).cloned().collect()
                    };
                    let mut cov = Coverage::default();
                    cov.add(&epd_playouts(&pick(two), CastlingMode::Standard, per_opening, 7));
                    cov.add(&epd_playouts(&pick(frc), CastlingMode::Chess960, per_opening * 20, 9));
                    let mine: Vec<Vec<String>> =
                        games.iter().skip(t).step_by(threads).cloned().collect();
                    cov.add(&pgn_playouts(&mine, 11));
                    cov
                })
            })
            .collect();
        let mut total = Coverage::default();
        for h in handles {
            total.add(&h.join().expect("a playout thread failed"));
        }
        total
    });
    assert_coverage(&total, 1_000_000);
}
