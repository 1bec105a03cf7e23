//! Evaluation tests: colour symmetry, trace consistency, pawn cache consistency.

use super::*;
use vidle_core::{fen, parse_fen};

/// The FEN of the colour-flipped mirror: board upside down, colours and side to move swapped.
pub fn mirror_fen(text: &str) -> String {
    let f: Vec<&str> = text.split_whitespace().collect();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|ch| {
                if ch.is_ascii_uppercase() {
                    ch.to_ascii_lowercase()
                } else {
                    ch.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let board: Vec<String> = f[0].split('/').rev().map(swap).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let castling = if f[2] == "-" { "-".to_string() } else { swap(f[2]) };
    let ep = match f.get(3) {
        Some(&"-") | None => "-".to_string(),
        Some(ep) => {
            let b = ep.as_bytes();
            format!("{}{}", b[0] as char, if b[1] == b'3' { '6' } else { '3' })
        }
    };
    let rest = f.get(4..).map(|r| r.join(" ")).unwrap_or_default();
    format!("{} {side} {castling} {ep} {rest}", board.join("/")).trim().to_string()
}

fn suite() -> Vec<String> {
    let text = vidle_core::testdata::read_fixture("perft/standard.epd");
    text.lines()
        .filter_map(|l| l.split(';').next())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

#[test]
fn evaluation_is_colour_symmetric() {
    let mut table = PawnTable::default();
    let mut n = 0;
    for fen_text in suite() {
        let Ok(pos) = parse_fen(&fen_text) else { continue };
        let mirrored = parse_fen(&mirror_fen(&fen::to_fen(&pos, false))).expect("mirror parses");
        let a = evaluate(&pos, &mut table);
        let b = evaluate(&mirrored, &mut table);
        assert_eq!(a, b, "{fen_text} vs its mirror");
        n += 1;
    }
    assert!(n > 100);
}

#[test]
fn traced_evaluation_matches_cached_one() {
    let mut table = PawnTable::default();
    let mut dangers = 0;
    for fen_text in suite().iter().take(60) {
        let Ok(pos) = parse_fen(fen_text) else { continue };
        let mut coeffs = Coefficients::new();
        let info = evaluate_traced(&pos, &mut coeffs);
        assert_eq!(info.score, evaluate(&pos, &mut table), "{fen_text}");
        // The coefficients reproduce the unblended sums exactly.
        let mut mg: i32 = coeffs.0.iter().zip(WEIGHTS.iter()).map(|(n, w)| n * w.0).sum();
        let mut eg: i32 = coeffs.0.iter().zip(WEIGHTS.iter()).map(|(n, w)| n * w.1).sum();
        // Plus the non-linear king danger of each side whose attack counted.
        for (side, sign) in [(0, 1), (1, -1)] {
            let Some(f) = coeffs.1[side] else { continue };
            let w = &WEIGHTS[idx::KING_SAFETY..idx::KING_SAFETY + SAFETY_TERMS];
            let dm: i32 = f.iter().zip(w).map(|(n, w)| n * w.0).sum();
            let de: i32 = f.iter().zip(w).map(|(n, w)| n * w.1).sum();
            mg += sign * dm.max(0).pow(2) / SAFETY_MG_DIV;
            eg += sign * de.max(0) / SAFETY_EG_DIV;
            dangers += 1;
        }
        // Then the complexity adjusts the endgame score's size, never its sign.
        let c: i32 = coeffs
            .2
            .iter()
            .zip(&WEIGHTS[idx::COMPLEXITY..idx::COMPLEXITY + COMPLEXITY_TERMS])
            .map(|(n, w)| n * w.1)
            .sum();
        eg += eg.signum() * c.max(-eg.abs());
        let eg = eg * info.scale / SCALE_NORMAL;
        // And the bare-king term, which no weight traces.
        let white = (mg * info.phase + eg * (PHASE_MAX - info.phase)) / PHASE_MAX + lone_king(&pos);
        assert_eq!(if info.white_to_move { white } else { -white }, info.score);
    }
    assert!(dangers > 10, "the king danger counted in only {dangers} of 60 positions");
}

#[test]
fn sane_values() {
    let mut table = PawnTable::default();
    let start = Position::startpos();
    let e = evaluate(&start, &mut table);
    assert!((0..40).contains(&e), "start position {e}");
    // White a queen up is clearly better for White, whoever moves.
    let up = parse_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").expect("fen");
    assert!(evaluate(&up, &mut table) < -700);
    assert!(trace_text(&up).contains("MATERIAL"));
}

#[test]
fn mirror_helper_round_trips() {
    let f = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(mirror_fen(&mirror_fen(f)), f);
    assert_eq!(
        mirror_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"),
        "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1"
    );
}

/// The coefficients `evaluate_traced` reports for `fen_text` (White's count minus Black's).
fn coefficients(fen_text: &str) -> Vec<i32> {
    let pos = parse_fen(fen_text).expect("fen");
    let mut coeffs = Coefficients::new();
    evaluate_traced(&pos, &mut coeffs);
    coeffs.0
}

#[test]
fn passed_pawn_terms_count_what_they_name() {
    // White's e6 pawn: stop square e7 empty and not attacked (Black's king on a8 is far), the
    // path e7-e8 empty and unattacked; White's king on e1 is 6 squares from e7, Black's 4.
    let c = coefficients("k7/8/4P3/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(c[idx::PASSED_FREE + 5], 1);
    assert_eq!(c[idx::PASSED_SAFE_STOP + 5], 1);
    assert_eq!(c[idx::PASSED_SAFE_PATH + 5], 1);
    assert_eq!(c[idx::PASSED_OWN_KING + 5], 6);
    assert_eq!(c[idx::PASSED_THEIR_KING + 5], 4);
    // Black's king on d8 guards e7 (and e8): the stop square and the path are no longer safe.
    let c = coefficients("3k4/8/4P3/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(c[idx::PASSED_FREE + 5], 1);
    assert_eq!(c[idx::PASSED_SAFE_STOP + 5], 0);
    assert_eq!(c[idx::PASSED_SAFE_PATH + 5], 0);
    assert_eq!(c[idx::PASSED_THEIR_KING + 5], 1);
    // A piece on e8 blocks the path but not the stop square.
    let c = coefficients("k3n3/8/4P3/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(c[idx::PASSED_SAFE_PATH + 5], 0);
}

#[test]
fn pawn_push_threats_need_a_safe_square() {
    // d3-d4 would hit both knights; no black piece attacks d4.
    assert_eq!(coefficients("4k3/8/8/2n1n3/8/3P4/8/4K3 w - - 0 1")[idx::THREAT_PAWN_PUSH], 2);
    // A black pawn on e5 guards d4: no safe push, no threat.
    assert_eq!(coefficients("4k3/8/8/2n1p3/8/3P4/8/4K3 w - - 0 1")[idx::THREAT_PAWN_PUSH], 0);
    // Two squares from the second rank: d2-d4 hits the rook on c5.
    assert_eq!(coefficients("4k3/8/8/2r5/8/8/3P4/4K3 w - - 0 1")[idx::THREAT_PAWN_PUSH], 1);
    // d4 is attacked by Black's king but held by White's: safe, yet the king is no target.
    assert_eq!(coefficients("8/8/8/4k3/8/3PK3/8/8 w - - 0 1")[idx::THREAT_PAWN_PUSH], 0);
}

#[test]
fn king_danger_features_count_what_they_name() {
    // Queen h5 and knight g5 against the castled king on g8: each hits f7 and h7 (two zone
    // squares each, two attackers); f7 and h7 are held by the king alone (weak); no check
    // square is safe; g7 is the one defending pawn that is not weak.
    let pos = parse_fen("6k1/5ppp/8/6NQ/8/8/8/6K1 w - - 0 1").expect("fen");
    let mut coeffs = Coefficients::new();
    evaluate_traced(&pos, &mut coeffs);
    assert_eq!(coeffs.1[0], Some([2, 0, 0, 2, 2, 2, 0, 0, 0, 0, 1, 0, 1]));
    // Black has nothing to attack with: its danger does not count at all.
    assert_eq!(coeffs.1[1], None);
    // Without the queen one attacker is not enough.
    let pos = parse_fen("6k1/5ppp/8/6N1/8/8/8/6K1 w - - 0 1").expect("fen");
    let mut coeffs = Coefficients::new();
    evaluate_traced(&pos, &mut coeffs);
    assert_eq!(coeffs.1[0], None);
    // A safe queen check (h5-e8 is open once f7 is gone) counts its squares.
    let pos = parse_fen("6k1/6pp/8/6NQ/8/8/8/6K1 w - - 0 1").expect("fen");
    let mut coeffs = Coefficients::new();
    evaluate_traced(&pos, &mut coeffs);
    let f = coeffs.1[0].expect("white attacks");
    assert!(f[ks::SAFE_CHECKS + 3] >= 1, "{f:?}");
}

#[test]
fn complexity_features_count_what_they_name() {
    // Pawns a2, b3 (queen's wing), g4, h7 (king's wing), nothing else but kings. Passed: a2
    // and b3 (no black pawn ahead on their or the next files); g4 and h7 stop each other.
    let pos = parse_fen("7k/7p/8/8/6P1/1P6/P7/K7 w - - 0 1").expect("fen");
    let mut coeffs = Coefficients::new();
    evaluate_traced(&pos, &mut coeffs);
    // Kings a1 and h8: files 7 apart, ranks 7 apart.
    assert_eq!(coeffs.2, [4, 1, 1, 2, 0, 1]);
    // A rook on the board ends the pure pawn ending; pawns on one wing only; kings a5 and h8
    // are 7 files and 3 ranks apart.
    let pos = parse_fen("7k/7p/8/K7/6P1/8/8/7R w - - 0 1").expect("fen");
    let mut coeffs = Coefficients::new();
    evaluate_traced(&pos, &mut coeffs);
    assert_eq!(coeffs.2, [2, 0, 0, 0, 4, 1]);
}

#[test]
fn shelter_and_storm_count_per_file() {
    // White: king g1, shelter f2 g2 h3; Black storms with g4 (free) and h4 (blocked by h3).
    // Black's king on a8 has no pawns in front of it on a, b or c.
    let c = coefficients("k7/8/8/8/6pp/7P/5PP1/6K1 w - - 0 1");
    // Files f, g, h are 2, 1 and 0 from the edge; ranks count from White's side (f2 = 1).
    assert_eq!(c[idx::SHELTER + 16 + 1], 1, "f2");
    assert_eq!(c[idx::SHELTER + 8 + 1], 1, "g2");
    assert_eq!(c[idx::SHELTER + 2], 1, "h3");
    // Black's open a, b and c files.
    assert_eq!(c[idx::SHELTER], -1);
    assert_eq!(c[idx::SHELTER + 8], -1);
    assert_eq!(c[idx::SHELTER + 16], -1);
    assert_eq!(c[idx::KING_STORM + 8 + 3], 1, "g4 storms");
    assert_eq!(c[idx::KING_STORM_BLOCKED + 3], 1, "h4 is blocked by h3");
    assert_eq!(c[idx::KING_STORM + 3], 0, "a blocked pawn is not also an open storm");
    // A king on the edge file is judged on the b or g file's neighbours too.
    let c = coefficients("7k/8/8/8/8/8/PPP5/K7 w - - 0 1");
    assert_eq!(c[idx::SHELTER + 1] + c[idx::SHELTER + 8 + 1] + c[idx::SHELTER + 16 + 1], 3);
}

#[test]
fn closedness_ranges_from_open_to_locked() {
    let pos = |f: &str| parse_fen(f).unwrap();
    assert_eq!(closedness(&pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1")), 0);
    // 16 pawns, none rammed, no open file: 16 / 3.
    assert_eq!(closedness(&pos(fen::STARTPOS)), 5);
    // Eight rammed pairs: the top of the scale.
    assert_eq!(closedness(&pos("4k3/8/8/pppppppp/PPPPPPPP/8/8/4K3 w - - 0 1")), 8);
    // Two pawns on one file, seven open files: below zero, clamped.
    assert_eq!(closedness(&pos("4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1")), 0);
    let c = coefficients("4k3/8/8/pppppppp/PPPPPPPP/8/8/1N2K2R w - - 0 1");
    assert_eq!(c[idx::CLOSED_KNIGHT + 8], 1);
    assert_eq!(c[idx::CLOSED_ROOK + 8], 1);
}

#[test]
fn king_relative_terms_count_what_they_name() {
    // Queen-side PSTs apply to the side whose king stands on files a-d only.
    let c = coefficients("6k1/8/8/8/8/8/8/2K5 w - - 0 1");
    assert_eq!(c[idx::PST_QUEEN_SIDE + 64 * Role::King.index() + Square::C1.index()], 1);
    let queen_side: i32 = c[idx::PST_QUEEN_SIDE..idx::PST_QUEEN_SIDE + 384].iter().sum();
    assert_eq!(queen_side, 1, "Black's king on g8 adds nothing");
    // Knight f3 and bishop e2 next to the king on g1: distances 2 and 2.
    let c = coefficients("6k1/8/8/8/8/5N2/4B3/6K1 w - - 0 1");
    assert_eq!(c[idx::KING_PROTECTOR + 2], 1);
    assert_eq!(c[idx::KING_PROTECTOR + 8 + 2], 1);
    // White's king on g1 has no pawn on files e-h; Black's on a8 has a7 on its flank.
    assert_eq!(coefficients("k7/p7/8/8/8/8/P7/6K1 w - - 0 1")[idx::PAWNLESS_FLANK], 1);
    // Queen h5 and knight g5 hit e4 e6 f7 g4 g5 g6 h4 h6 h7 on the black king's flank (files
    // e-h, ranks 4-8); Black hits nothing of White's. Both attack f7 h7 (White's restricted
    // squares: no black pawn guards them) and e6 g6 h6 f7 h7 (Black's: no white pawns).
    let c = coefficients("6k1/5ppp/8/6NQ/8/8/8/6K1 w - - 0 1");
    assert_eq!(c[idx::FLANK_ATTACK], 9);
    assert_eq!(c[idx::RESTRICTED], 2 - 5);
    assert_eq!(pawns::king_flank(0), pawns::king_flank(2));
    assert_eq!(pawns::king_flank(3).0, 0x3C3C_3C3C_3C3C_3C3C);
}

#[test]
fn pawn_detail_terms_count_what_they_name() {
    // c4 and d4 stand side by side (relative rank index 3); no pawn defends either.
    let c = coefficients("4k3/8/8/8/2PP4/8/8/4K3 w - - 0 1");
    assert_eq!(c[idx::PHALANX + 3], 2);
    assert_eq!(c[idx::SUPPORTED_TWICE], 0);
    // d4 defended by c3 and e3.
    let c = coefficients("4k3/8/8/8/3P4/2P1P3/8/4K3 w - - 0 1");
    assert_eq!(c[idx::SUPPORTED_TWICE], 1);
    assert_eq!(c[idx::PHALANX + 2], 0, "c3 and e3 are not neighbours");
    // e5 and e6 block each other: White's on rank index 4, Black's on rank index 2.
    let c = coefficients("4k3/8/4p3/4P3/8/8/8/4K3 w - - 0 1");
    assert_eq!(c[idx::BLOCKED_PAWN + 4], 1);
    assert_eq!(c[idx::BLOCKED_PAWN + 2], -1);
    // Doubled, isolated a-pawns with no enemy pawn ahead: weak and unopposed, both of them.
    let c = coefficients("4k3/8/8/8/8/P7/P7/4K3 w - - 0 1");
    assert_eq!(c[idx::DOUBLED_ISOLATED], 1);
    assert_eq!(c[idx::WEAK_UNOPPOSED], 2);
    // A black pawn on a7 opposes them (and is weak and opposed itself).
    let c = coefficients("4k3/p7/8/8/8/P7/P7/4K3 w - - 0 1");
    assert_eq!(c[idx::WEAK_UNOPPOSED], 0);
    // A passed pawn on the h file counts on the edge file (a/h), one on d on the d/e files.
    let c = coefficients("4k3/8/8/7P/8/8/3P4/4K3 w - - 0 1");
    assert_eq!(c[idx::PASSED_FILE], 1);
    assert_eq!(c[idx::PASSED_FILE + 3], 1);
}

#[test]
fn piece_detail_terms_count_what_they_name() {
    // Knight b1 can go to c3, which hits the queen on d5 and which Black does not guard.
    let c = coefficients("4k3/8/8/3q4/8/8/8/1N2K3 w - - 0 1");
    assert_eq!(c[idx::KNIGHT_ON_QUEEN], 1);
    // A black pawn on b4 guards c3: no longer safe.
    let c = coefficients("4k3/8/8/3q4/1p6/8/8/1N2K3 w - - 0 1");
    assert_eq!(c[idx::KNIGHT_ON_QUEEN], 0);
    // Rook a4 and king e3 both hold d4, on the queen's file.
    let c = coefficients("4k3/8/8/3q4/R7/4K3/8/8 w - - 0 1");
    assert_eq!(c[idx::SLIDER_ON_QUEEN], 1);
    // Without the king's support d4 is held once only.
    let c = coefficients("4k3/8/8/3q4/R7/8/8/7K w - - 0 1");
    assert_eq!(c[idx::SLIDER_ON_QUEEN], 0);
    // Knight c3 is a move from d5 and b5, outposts held by the c4 pawn.
    let c = coefficients("4k3/8/8/8/2P5/2N5/8/4K3 w - - 0 1");
    assert_eq!(c[idx::REACHABLE_OUTPOST], 1);
    // A black pawn on e6 can hit d5 but not b5, which is still an outpost.
    let c = coefficients("4k3/8/4p3/8/2P5/2N5/8/4K3 w - - 0 1");
    assert_eq!(c[idx::REACHABLE_OUTPOST], 1, "b5 is still an outpost");
    // Pawns on a7 and e7 can chase a knight from b5 and d5 alike.
    let c = coefficients("4k3/p3p3/8/8/2P5/2N5/8/4K3 w - - 0 1");
    assert_eq!(c[idx::REACHABLE_OUTPOST], 0);
    // Rook g1 behind its own knight g3 sees the king ring through the g7 pawn only by x-ray.
    let c = coefficients("6k1/5ppp/8/8/8/6N1/8/4K1R1 w - - 0 1");
    assert_eq!(c[idx::ROOK_ON_KING_RING], 1);
    // Bishop b2 behind the knight d4 aims at g7; g7 is also an enemy pawn on its diagonal.
    let c = coefficients("6k1/5ppp/8/8/3N4/8/1B6/4K3 w - - 0 1");
    assert_eq!(c[idx::BISHOP_ON_KING_RING], 1);
    assert_eq!(c[idx::BISHOP_XRAY_PAWNS], 1);
    // A queen on e6 with no black pawn able to reach d7 or f7; then with one on d7.
    assert_eq!(coefficients("k7/8/4Q3/8/8/8/8/4K3 w - - 0 1")[idx::QUEEN_INFILTRATION], 1);
    assert_eq!(coefficients("k7/3p4/4Q3/8/8/8/8/4K3 w - - 0 1")[idx::QUEEN_INFILTRATION], 0);
    // Distances to the enemy king (g8): knight f3 5, bishop b2 6, rook a6 6, queen h4 4.
    let c = coefficients("6k1/8/R7/8/7Q/5N2/1B6/4K3 w - - 0 1");
    assert_eq!(c[idx::TROPISM + 5], 1);
    assert_eq!(c[idx::TROPISM + 8 + 6], 1);
    assert_eq!(c[idx::TROPISM + 16 + 6], 1);
    assert_eq!(c[idx::TROPISM + 24 + 4], 1);
}

fn lone_king_of(text: &str) -> i32 {
    lone_king(&parse_fen(text).expect("test FEN"))
}

#[test]
fn bare_king_terms_drive_it_to_the_right_corner() {
    // Mating material against a bare king: the known-win bonus and more, from White's view,
    // and the same for Black in the colour-flipped position.
    for text in [
        "8/8/8/3k4/8/8/8/KQ6 w - - 0 1",
        "8/8/8/3k4/8/8/8/KR6 w - - 0 1",
        "8/8/8/3k4/8/8/8/KBBN4 w - - 0 1",
    ] {
        assert!(lone_king_of(text) >= LONE_KING_WIN, "{text}");
        assert_eq!(lone_king_of(&mirror_fen(text)), -lone_king_of(text), "{text}");
    }
    // Not enough to force mate, or material on both sides: nothing.
    for text in [
        "8/8/8/3k4/8/8/8/KNN5 w - - 0 1",
        "8/8/8/3k4/8/8/8/KB1B4 w - - 0 1",
        "8/8/8/3k4/8/8/PPPP4/K7 w - - 0 1",
        "8/8/8/3k4/8/8/3p4/KQ6 w - - 0 1",
    ] {
        assert_eq!(lone_king_of(text), 0, "{text}");
    }
    // The `eval` breakdown shows the term, and only where it counts.
    let text = trace_text(&parse_fen("8/8/8/3k4/8/8/8/KR6 w - - 0 1").unwrap());
    let shown = lone_king_of("8/8/8/3k4/8/8/8/KR6 w - - 0 1");
    assert!(text.contains(&format!("bare king (mating it): {shown} cp")), "{text}");
    assert!(!trace_text(&parse_fen(fen::STARTPOS).unwrap()).contains("bare king"));
    // Nearer the edge, nearer the winning king: more.
    let centre = lone_king_of("8/8/8/3k4/8/8/8/K6R w - - 0 1");
    let edge = lone_king_of("3k4/8/8/8/8/8/8/K6R w - - 0 1");
    let close = lone_king_of("3k4/8/3K4/8/8/8/8/7R w - - 0 1");
    assert!(centre < edge && edge < close, "{centre} {edge} {close}");
    // Bishop (dark, c1) and knight: the dark corners a1 and h8 are worth most, the light ones
    // least, and every step along the edge from a8 to a1 gains (the way out of a wrong corner).
    let bn = |king: &str| {
        let mut board = [['1'; 8]; 8];
        for (sq, piece) in [(king, 'k'), ("e2", 'K'), ("c1", 'B'), ("e1", 'N')] {
            let b = sq.as_bytes();
            board[(b'8' - b[1]) as usize][(b[0] - b'a') as usize] = piece;
        }
        let ranks: Vec<String> = board.iter().map(|r| r.iter().collect()).collect();
        lone_king_of(&format!("{} b - - 0 1", ranks.join("/")))
    };
    let along_a_file = ["a8", "a7", "a6", "a5", "a4", "a3", "a2"].map(bn);
    assert!(along_a_file.windows(2).all(|w| w[0] < w[1]), "{along_a_file:?}");
    assert!(bn("h8") > bn("a8") + 5 * LONE_KING_BN_CORNER, "{} {}", bn("h8"), bn("a8"));
    assert!(bn("h8") > bn("h1") + 5 * LONE_KING_BN_CORNER, "{} {}", bn("h8"), bn("h1"));
}
