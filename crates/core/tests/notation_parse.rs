//! Reading moves people and GUIs type: SAN with its sloppy variants and Czech letters, long
//! algebraic, UCI (both castling forms); errors say what is ambiguous or why a move is illegal.

mod common;

use common::Rng;
use vidle_core::notation::{MoveParseError, parse_move, parse_san, parse_uci, to_san, to_uci};
use vidle_core::{Move, Position, parse_fen_relaxed};

fn pos(fen: &str) -> Position {
    parse_fen_relaxed(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The SAN of what `text` parses to (so expectations read naturally).
fn reads_as(p: &Position, text: &str) -> String {
    let m = parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    to_san(p, m)
}

fn uci(p: &Position, text: &str, chess960: bool) -> Result<String, MoveParseError> {
    parse_uci(p, text, chess960).map(|m| to_uci(m, chess960))
}

#[test]
fn ambiguity_lists_the_candidates() {
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    let err = parse_san(&p, "Nd2").unwrap_err();
    match &err {
        MoveParseError::Ambiguous { text, candidates } => {
            assert_eq!(text, "Nd2");
            let mut c = candidates.clone();
            c.sort();
            assert_eq!(c, ["Nbd2", "Nfd2"]);
        }
        e => panic!("{e:?}"),
    }
    let msg = err.to_string();
    assert!(msg.contains("ambiguous") && msg.contains("Nbd2") && msg.contains("Nfd2"), "{msg}");
    assert_eq!(reads_as(&p, "Nbd2"), "Nbd2");
    assert_eq!(reads_as(&p, "Nfd2"), "Nfd2");
    assert_eq!(reads_as(&p, "N1d2"), "Nbd2");
    assert_eq!(reads_as(&p, "Nf3d2"), "Nfd2");
    // Rank disambiguation and both coordinates, as SAN writes them.
    let p = pos("4k3/8/8/8/R7/8/8/R3K3 w - - 0 1");
    assert!(matches!(parse_san(&p, "Ra3"), Err(MoveParseError::Ambiguous { .. })));
    assert_eq!(reads_as(&p, "R1a3"), "R1a3");
    let p = pos("k7/8/8/8/8/2Q1Q3/8/4Q1K1 w - - 0 1");
    assert_eq!(reads_as(&p, "Qe3d2"), "Qe3d2");
    assert!(matches!(parse_san(&p, "Qed2"), Err(MoveParseError::Ambiguous { .. })));
    // A pinned piece does not count: no disambiguation needed or accepted as ambiguous.
    let p = pos("4k3/4r3/8/8/8/5N2/4N3/4K3 w - - 0 1");
    assert_eq!(reads_as(&p, "Nd4"), "Nd4");
    assert_eq!(reads_as(&p, "Nfd4"), "Nd4");
    assert!(matches!(parse_san(&p, "Ned4"), Err(MoveParseError::Illegal { .. })));
}

#[test]
fn illegal_moves_say_why() {
    let reason = |p: &Position, text: &str| match parse_move(p, text) {
        Err(MoveParseError::Illegal { text: t, reason }) => {
            assert_eq!(t, text);
            reason.to_string()
        }
        other => panic!("{text}: expected illegal, got {other:?}"),
    };
    let start = Position::startpos();
    assert!(reason(&start, "e5").contains("no pawn can move to e5"));
    assert!(reason(&start, "Nd4").contains("no knight can move to d4"));
    assert!(reason(&start, "O-O").contains("castling"));
    let p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(reason(&p, "Nf3").contains("White has no knight"), "{}", reason(&p, "Nf3"));
    let p = pos("4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1");
    assert!(reason(&p, "Ra8").contains("check"));
    let p = pos("4k3/8/8/8/8/8/1P6/4K3 w - - 0 1");
    assert!(reason(&p, "b3=Q").contains("promotes"));
    // Long algebraic and UCI name the square.
    assert!(reason(&start, "e3e4").contains("no piece on e3"));
    assert!(reason(&start, "e7e5").contains("belongs to Black"));
    assert!(parse_uci(&start, "e2e5", false).is_err());
    // Text that is not a move at all.
    for text in ["", "hello", "Z9", "Nz3", "e", "O-O-O-O", "Ke", "e2e4e"] {
        assert!(
            matches!(parse_move(&start, text), Err(MoveParseError::Syntax { .. })),
            "{text:?}: {:?}",
            parse_move(&start, text)
        );
    }
}

#[test]
fn sloppy_san() {
    let start = Position::startpos();
    assert_eq!(reads_as(&start, "Nf3+"), "Nf3"); // an extra check sign
    assert_eq!(reads_as(&start, "Nf3!?"), "Nf3");
    assert_eq!(reads_as(&start, "Ng1f3"), "Nf3");
    assert_eq!(reads_as(&start, "Ng1-f3"), "Nf3");
    assert_eq!(reads_as(&start, "g1f3"), "Nf3");
    assert_eq!(reads_as(&start, "e2-e4"), "e4");
    assert_eq!(reads_as(&start, "Pe4"), "e4");
    // Capture sign missing, or present on a quiet move.
    let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert_eq!(reads_as(&p, "exd5"), "exd5");
    assert_eq!(reads_as(&p, "ed5"), "exd5");
    assert_eq!(reads_as(&p, "e4d5"), "exd5");
    assert_eq!(reads_as(&p, "Bxb5+"), "Bb5+");
    // Promotions.
    let p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    for (text, san) in [
        ("b8=Q", "b8=Q+"),
        ("b8Q", "b8=Q+"),
        ("b8q", "b8=Q+"),
        ("b8(Q)", "b8=Q+"),
        ("b8/N", "b8=N"),
        ("b8=R+", "b8=R+"),
        ("b7b8n", "b8=N"),
        ("b8=D", "b8=Q+"),
        ("b8V", "b8=R+"),
        ("b8=S", "b8=B"),
        ("b8J", "b8=N"),
    ] {
        assert_eq!(reads_as(&p, text), san, "{text}");
    }
    assert!(matches!(parse_move(&p, "b8"), Err(MoveParseError::Ambiguous { .. })));
    // Castling written with zeros or letters, with or without a check sign.
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (text, san) in [
        ("O-O", "O-O"),
        ("0-0", "O-O"),
        ("O-O-O", "O-O-O"),
        ("0-0-0", "O-O-O"),
        ("O-O+", "O-O"),
        ("e1g1", "O-O"),
        ("e1h1", "O-O"),
        ("e1c1", "O-O-O"),
    ] {
        assert_eq!(reads_as(&p, text), san, "{text}");
    }
    // En passant with its optional suffix.
    let p = pos("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
    assert_eq!(reads_as(&p, "dxe6"), "dxe6");
    assert_eq!(reads_as(&p, "dxe6 e.p."), "dxe6");
    assert_eq!(reads_as(&p, "dxe6ep"), "dxe6");
}

#[test]
fn czech_piece_letters() {
    let start = Position::startpos();
    assert_eq!(reads_as(&start, "Jf3"), "Nf3");
    assert_eq!(reads_as(&start, "Jc3"), "Nc3");
    let p = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert_eq!(reads_as(&p, "Sb5"), "Bb5");
    assert_eq!(reads_as(&p, "Dh5"), "Qh5");
    assert_eq!(reads_as(&p, "Ke2"), "Ke2");
    let p = pos("4k3/8/n7/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(reads_as(&p, "Vxa6"), "Rxa6");
    assert_eq!(reads_as(&p, "Va6"), "Rxa6");
    let p = pos("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(reads_as(&p, "Dd1d4"), "Qd4");
    let p = pos("4k3/8/8/8/8/8/8/2Q1K3 w - - 0 1");
    assert_eq!(reads_as(&p, "Dd1"), "Qd1");
    // A Czech letter for a piece that cannot go there is reported in English terms.
    assert!(matches!(parse_move(&start, "Se3"), Err(MoveParseError::Illegal { .. })));
}

#[test]
fn uci_moves_and_castling_forms() {
    let start = Position::startpos();
    assert_eq!(uci(&start, "e2e4", false).unwrap(), "e2e4");
    assert_eq!(uci(&start, "g1f3", true).unwrap(), "g1f3");
    for bad in ["e2e9", "e2e4x", "e2", "e2e4qq", "E2E4", "e2e4k", "e2e4p", "é2e4", "0000"] {
        assert!(
            matches!(parse_uci(&start, bad, false), Err(MoveParseError::Syntax { .. })),
            "{bad}"
        );
    }
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // Standard mode: e1g1, and king-takes-rook e1h1 is accepted too.
    assert_eq!(uci(&p, "e1g1", false).unwrap(), "e1g1");
    assert_eq!(uci(&p, "e1h1", false).unwrap(), "e1g1");
    assert_eq!(uci(&p, "e1c1", false).unwrap(), "e1c1");
    assert_eq!(uci(&p, "e1a1", false).unwrap(), "e1c1");
    // Chess960 mode: only king-takes-rook.
    assert_eq!(uci(&p, "e1h1", true).unwrap(), "e1h1");
    assert_eq!(uci(&p, "e1a1", true).unwrap(), "e1a1");
    assert!(matches!(parse_uci(&p, "e1g1", true), Err(MoveParseError::Illegal { .. })));
    // Chess960 where the king stands next to its rook: b1 king, a1 rook; g1 king, h1 rook.
    let p = pos("rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1");
    let castles: Vec<String> =
        p.legal_moves().iter().filter(|m| m.is_castle()).map(|m| to_uci(m, true)).collect();
    assert_eq!(castles.len(), 2, "{castles:?}");
    assert_eq!(uci(&p, "b1a1", true).unwrap(), "b1a1");
    assert_eq!(uci(&p, "b1g1", true).unwrap(), "b1g1");
    assert_eq!(reads_as(&p, "O-O-O"), "O-O-O");
    // Promotions need their piece.
    let p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(uci(&p, "b7b8q", false).unwrap(), "b7b8q");
    assert_eq!(uci(&p, "b7b8n", false).unwrap(), "b7b8n");
    assert!(matches!(parse_uci(&p, "b7b8", false), Err(MoveParseError::Illegal { .. })));
    assert!(parse_uci(&Position::startpos(), "e2e4q", false).is_err());
}

/// Random text (mutations of real SAN and UCI plus noise) against a few positions: the parsers
/// return errors, never panic, and any move they return is legal.
#[test]
fn random_move_text_never_panics() {
    let positions = [
        Position::startpos(),
        pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        pos("4k3/1P6/8/3Pp3/8/8/8/R3K2R w KQ e6 0 1"),
        pos("rk4r1/8/8/8/8/8/8/RK4R1 w GAga - 0 1"),
    ];
    let words = ["Nf3", "O-O", "0-0-0", "exd5", "e8=Q", "Jf3", "e1g1", "b7b8q", "Kxe2+", "h1"];
    let noise: Vec<char> = "abcdefgh12345678NBRQKJSVDPOo0x-=+#:()/!? epé".chars().collect();
    let mut rng = Rng(0x5A4);
    for i in 0..200_000 {
        let p = &positions[i % positions.len()];
        let mut text: Vec<char> = words[rng.below(words.len())].chars().collect();
        for _ in 0..rng.below(4) {
            let c = noise[rng.below(noise.len())];
            let at = rng.below(text.len() + 1);
            if rng.chance(1, 2) || at == text.len() {
                text.insert(at, c);
            } else {
                text[at] = c;
            }
        }
        let text: String = text.into_iter().collect();
        for result in [
            parse_move(p, &text),
            parse_san(p, &text),
            parse_uci(p, &text, false),
            parse_uci(p, &text, true),
        ] {
            match result {
                Ok(m) => assert!(p.is_legal(m), "{text} gave illegal {m:?}"),
                Err(e) => assert!(!e.to_string().is_empty()),
            }
        }
    }
}

/// SAN written for every legal move reads back, in a handful of tricky positions.
#[test]
fn san_round_trip_in_tricky_positions() {
    for (fen, _) in common::perft_suite("perft/standard.epd") {
        let p = pos(&fen);
        for m in p.legal_moves().iter() {
            let san = to_san(&p, m);
            assert_eq!(parse_san(&p, &san), Ok(m), "{san} in {fen}");
            assert_eq!(parse_move(&p, &san), Ok(m), "{san} in {fen}");
            let uci = to_uci(m, false);
            assert_eq!(parse_move(&p, &uci), Ok::<Move, _>(m), "{uci} in {fen}");
        }
    }
}
