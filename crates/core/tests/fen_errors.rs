//! Malformed and illegal FEN/EPD input: each gets its own error variant, never a panic.

mod common;

use common::Rng;
use vidle_core::fen::{FenSyntaxError as S, PositionError as P, parse_epd, to_fen};
use vidle_core::{Color, FenError, Square, parse_fen};

fn syntax(fen: &str) -> S {
    match parse_fen(fen) {
        Err(FenError::Syntax(e)) => {
            assert!(!e.to_string().is_empty());
            e
        }
        other => panic!("{fen:?}: expected a syntax error, got {other:?}"),
    }
}

fn illegal(fen: &str) -> P {
    match parse_fen(fen) {
        Err(FenError::Illegal(e)) => {
            assert!(!e.to_string().is_empty());
            e
        }
        other => panic!("{fen:?}: expected an illegal-position error, got {other:?}"),
    }
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

const START_BOARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

#[test]
fn field_counts() {
    assert_eq!(syntax(""), S::Empty);
    assert_eq!(syntax("   "), S::Empty);
    assert_eq!(syntax(START_BOARD), S::FieldCount(1));
    assert_eq!(syntax(&format!("{START_BOARD} w KQkq")), S::FieldCount(3));
    assert_eq!(syntax(&format!("{START_BOARD} w KQkq - 0 1 extra")), S::FieldCount(7));
    // Four and five fields are fine (clocks default to 0 1).
    let four = parse_fen(&format!("{START_BOARD} w KQkq -")).unwrap();
    assert_eq!(to_fen(&four, false), vidle_core::fen::STARTPOS);
    assert!(parse_fen(&format!("{START_BOARD} w KQkq - 3")).is_ok());
}

#[test]
fn board_field() {
    // Bad characters, including digits 0 and 9.
    let bad = |fen: &str, rank: u8, c: char| assert_eq!(syntax(fen), S::PieceChar { rank, c });
    bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1", 0, 'X');
    bad("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 6, 'x');
    bad("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 5, '9');
    bad("rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 5, '0');
    // A space inside the board splits it into two fields.
    assert_eq!(syntax("rnbqkbnr/pppppppp/8/8/4 4/8/PPPPPPPP/RNBQKBNR w - - 0 1"), S::FieldCount(7));
    // Nine files in a rank, by pieces or by digits; seven files.
    let len = |fen: &str, rank: u8, squares: usize| match syntax(fen) {
        S::RankLength { rank: r, squares: n, .. } => assert_eq!((r, n), (rank, squares), "{fen}"),
        e => panic!("{fen}: {e:?}"),
    };
    len("rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 7, 9);
    len("rnbqkbnr/pppppppp/8/8/4P4/8/PPPP1PPP/RNBQKBNR w - - 0 1", 3, 9);
    len("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w - - 0 1", 0, 7);
    // Adjacent digits are unusual but describe eight squares.
    assert!(parse_fen("rnbqkbnr/pppppppp/8/8/8/44/PPPPPPPP/RNBQKBNR w KQkq - 0 1").is_ok());
    len("rnbqkbnr/pppppppp/8/8/8/81/PPPPPPPP/RNBQKBNR w - - 0 1", 2, 9);
    len("rnbqkbnr/pppppppp/8/8/8//PPPPPPPP/RNBQKBNR w - - 0 1", 2, 0);
    // Seven and nine ranks.
    assert_eq!(syntax("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"), S::RankCount(7));
    assert_eq!(syntax("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"), S::RankCount(9));
}

#[test]
fn other_fields() {
    let with = |turn: &str, castling: &str, ep: &str, half: &str, full: &str| {
        format!("{START_BOARD} {turn} {castling} {ep} {half} {full}")
    };
    assert_eq!(syntax(&with("x", "KQkq", "-", "0", "1")), S::Turn("x".into()));
    assert_eq!(syntax(&with("white", "KQkq", "-", "0", "1")), S::Turn("white".into()));
    for castling in ["KQkqX", "KK", "KQkqA", "K-", "1"] {
        assert_eq!(syntax(&with("w", castling, "-", "0", "1")), S::Castling(castling.into()));
    }
    for ep in ["e9", "z3", "e", "e33", "--"] {
        assert_eq!(syntax(&with("w", "KQkq", ep, "0", "1")), S::EnPassant(ep.into()));
    }
    for half in ["-1", "abc", "99999999"] {
        assert_eq!(syntax(&with("w", "KQkq", "-", half, "1")), S::Halfmove(half.into()));
    }
    for full in ["x", "-3", "1.5"] {
        assert_eq!(syntax(&with("w", "KQkq", "-", "0", full)), S::Fullmove(full.into()));
    }
    // A fullmove number of 0 (written by some tools) is read as 1.
    assert_eq!(parse_fen(&with("w", "KQkq", "-", "0", "0")).unwrap().fullmove_number(), 1);
}

#[test]
fn kings() {
    assert_eq!(illegal("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"), P::TooManyKings(Color::White));
    assert_eq!(illegal("kk6/8/8/8/8/8/8/4K3 b - - 0 1"), P::TooManyKings(Color::Black));
    assert_eq!(illegal("4k3/8/8/8/8/8/8/8 w - - 0 1"), P::MissingKing(Color::White));
    assert_eq!(illegal("8/8/8/8/8/8/8/4K3 w - - 0 1"), P::MissingKing(Color::Black));
    assert_eq!(illegal("8/8/8/8/8/8/8/8 w - - 0 1"), P::MissingKing(Color::White));
}

#[test]
fn pawns_and_piece_counts() {
    assert_eq!(illegal("4k3/8/8/8/8/8/8/P3K3 w - - 0 1"), P::PawnOnBackRank(sq("a1")));
    assert_eq!(illegal("4k2p/8/8/8/8/8/8/4K3 w - - 0 1"), P::PawnOnBackRank(sq("h8")));
    assert_eq!(illegal("4k3/8/8/8/8/1P6/PPPPPPPP/4K3 w - - 0 1"), P::TooManyPawns(Color::White));
    assert_eq!(illegal("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1"), P::TooManyPawns(Color::Black));
    // Seventeen white pieces.
    assert_eq!(
        illegal("4k3/8/8/8/7N/NNNNNNNN/NNNNNNN1/4K3 w - - 0 1"),
        P::TooManyPieces(Color::White)
    );
    // Three queens beside eight pawns: two promotions that no missing pawn could have made.
    assert_eq!(
        illegal("4k3/8/8/8/8/QQQ5/PPPPPPPP/4K3 w - - 0 1"),
        P::TooManyPromoted(Color::White)
    );
    // Nine queens and no pawns is possible.
    assert!(parse_fen("7k/6pp/8/8/8/8/QQQQQQQQ/Q3K3 w - - 0 1").is_ok());
}

#[test]
fn side_not_to_move_in_check() {
    assert_eq!(illegal("4k3/8/8/8/8/8/8/4RK2 w - - 0 1"), P::OpponentInCheck);
    assert_eq!(illegal("4k3/3P4/8/8/8/8/8/4K3 w - - 0 1"), P::OpponentInCheck);
    // Three checkers at once cannot arise from one move.
    assert_eq!(illegal("k3r3/8/8/8/r3K3/8/8/7b w - - 0 1"), P::TooManyCheckers);
    // Two are fine (a discovered double check).
    assert!(parse_fen("k3r3/8/8/8/4K3/8/8/7b w - - 0 1").is_ok());
}

#[test]
fn impossible_double_checks() {
    let impossible = |fen: &str| match illegal(fen) {
        P::ImpossibleCheck(why) => assert!(!why.is_empty()),
        other => panic!("{fen}: expected an impossible check, got {other:?}"),
    };
    // Rook b1 and queen f1 on both sides of the king on d1: no move gives both checks.
    impossible("3k4/2r3b1/1pP5/p1P2P2/P2p3p/5P2/N7/1r1K1q2 w - - 0 57");
    // A rook and a queen on one file, on both sides of the king.
    impossible("4r1k1/8/8/8/4K3/8/8/4q3 w - - 0 1");
    // A pawn and a knight, two knights: neither can have been uncovered.
    impossible("4k3/8/8/8/8/3p2n1/4K3/8 w - - 0 1");
    impossible("4k3/8/8/8/8/6n1/4K3/2n5 w - - 0 1");
    // A knight that moved off the e-file uncovering a rook; a bishop that left c1 uncovering
    // the rook on a1: real double checks.
    assert!(parse_fen("4r1k1/8/8/8/8/3n4/8/4K3 w - - 0 1").is_ok());
    assert!(parse_fen("4k3/8/8/8/8/8/3b4/r3K3 w - - 0 1").is_ok());
}

#[test]
fn castling_rights() {
    let castling = |fen: &str, color: Color| match illegal(fen) {
        P::CastlingRights { color: c, detail } => {
            assert_eq!(c, color, "{fen}");
            assert!(!detail.is_empty());
        }
        e => panic!("{fen}: {e:?}"),
    };
    castling("4k3/8/8/8/8/8/8/4K3 w K - 0 1", Color::White); // no rook
    castling("4k3/8/8/8/8/8/8/4K3 w Q - 0 1", Color::White);
    castling("4k3/8/8/8/8/8/8/R3K3 w K - 0 1", Color::White); // rook on the other side
    castling("r3k3/8/8/8/8/8/8/4K3 w k - 0 1", Color::Black);
    castling("4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1", Color::White); // king off its back rank
    castling("4k3/8/8/8/8/8/8/R3K2R w E - 0 1", Color::White); // the king's own file
    castling("4k3/8/8/8/8/8/8/R3K2R w B - 0 1", Color::White); // no rook on b1
    castling("r3k2r/8/8/8/8/8/8/4K3 w kqc - 0 1", Color::Black);
    // Rooks in place: X-FEN, Shredder-FEN and inner-rook files all work.
    for rights in ["KQkq", "HAha", "KQ", "A", "k"] {
        assert!(parse_fen(&format!("r3k2r/8/8/8/8/8/8/R3K2R w {rights} - 0 1")).is_ok());
    }
    assert!(parse_fen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1").is_ok());
}

#[test]
fn en_passant_square() {
    let ep = |fen: &str, square: &str| match illegal(fen) {
        P::EnPassant { square: s, reason } => {
            assert_eq!(s, sq(square), "{fen}");
            assert!(!reason.is_empty());
        }
        e => panic!("{fen}: {e:?}"),
    };
    ep("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", "e3"); // the mover's own third rank
    ep("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "e6"); // no pawn on e5
    ep("4k3/8/8/4p3/8/8/8/4K3 w - d6 0 1", "d6"); // no pawn on d5
    ep("4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1", "e6"); // e7 is occupied
    ep("4k3/8/4n3/4p3/8/8/8/4K3 w - e6 0 1", "e6"); // e6 is occupied
    ep("4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1", "e4"); // wrong rank for black to move
    ep("4k3/8/8/8/8/8/8/4K3 w - a1 0 1", "a1");
    // A possible but uncapturable en passant square is accepted and dropped.
    let pos = parse_fen("4k3/8/8/4p3/8/8/8/4K3 w - e6 0 1").unwrap();
    assert_eq!(pos.ep_square(), None);
    let pos = parse_fen("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1").unwrap();
    assert_eq!(pos.ep_square(), Some(sq("e6")));
}

#[test]
fn epd_errors() {
    assert!(matches!(parse_epd(""), Err(FenError::Syntax(S::FieldCount(0)))));
    assert!(matches!(parse_epd("8/8/8 w"), Err(FenError::Syntax(S::FieldCount(2)))));
    assert!(matches!(
        parse_epd("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;"),
        Ok(ref e) if e.op("bm") == Some("Kd2")
    ));
    assert!(matches!(
        parse_epd("4k3/8/8/8/8/8/8/4K3 w - - hmvc x;"),
        Err(FenError::Syntax(S::Halfmove(_)))
    ));
    assert!(matches!(
        parse_epd("4k3/8/8/8/8/8/8/4KK2 w - - id \"x\";"),
        Err(FenError::Illegal(P::TooManyKings(Color::White)))
    ));
}

/// Random mutations of valid FENs and random text: parsing never panics, and whatever parses
/// round-trips.
#[test]
fn random_fen_text_never_panics() {
    let alphabet: Vec<char> = "pnbrqkPNBRQK12345678/ -wbKQkqAHah0e3e6x9\u{e9}\t".chars().collect();
    let seeds: Vec<String> = common::spread(&common::data_lines("openings/FRC_openings.epd"), 20)
        .into_iter()
        .chain(common::perft_suite("perft/standard.epd").into_iter().map(|(f, _)| f))
        .collect();
    let mut rng = Rng(0xFE2);
    let mut parsed = 0;
    for i in 0..100_000 {
        let mut chars: Vec<char> = seeds[i % seeds.len()].chars().collect();
        for _ in 0..=rng.below(4) {
            let c = alphabet[rng.below(alphabet.len())];
            let at = rng.below(chars.len() + 1);
            match rng.below(3) {
                0 => chars.insert(at, c),
                1 if at < chars.len() => chars[at] = c,
                _ if at < chars.len() => {
                    chars.remove(at);
                }
                _ => {}
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(pos) = parse_fen(&text) {
            parsed += 1;
            for shredder in [false, true] {
                assert_eq!(parse_fen(&to_fen(&pos, shredder)), Ok(pos), "{text}");
            }
        }
        let _ = parse_epd(&text);
    }
    assert!(parsed > 1_000, "only {parsed} mutated FENs parsed");
}
