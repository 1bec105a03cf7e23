//! End-of-game rules: checkmate, stalemate, threefold repetition, the fifty-move rule and
//! insufficient material, through `Game::status` and `position_status`.

use vidle_core::game::{Outcome, position_status};
use vidle_core::notation::parse_move;
use vidle_core::{Color, Game, parse_fen};

fn play(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        let m = parse_move(game.position(), text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(game.play(m), "{text}");
    }
}

fn status(fen: &str) -> Option<Outcome> {
    position_status(&parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
}

#[test]
fn checkmate() {
    let mut game = Game::new(vidle_core::Position::startpos());
    play(&mut game, "f3 e5 g4");
    assert_eq!(game.status(), None);
    play(&mut game, "Qh4");
    assert_eq!(game.status(), Some(Outcome::Checkmate { winner: Color::Black }));
    assert_eq!(game.status().unwrap().result(), "0-1");
    assert_eq!(game.san_line(), "1. f3 e5 2. g4 Qh4#");
    assert!(game.position().is_checkmate() && !game.position().is_stalemate());
    // Back-rank mate for white.
    assert_eq!(status("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), None);
    assert_eq!(
        status("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1"),
        Some(Outcome::Checkmate { winner: Color::White })
    );
}

#[test]
fn stalemate() {
    assert_eq!(status("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), Some(Outcome::Stalemate));
    assert_eq!(status("k7/P7/K7/8/8/8/8/8 b - - 0 1"), Some(Outcome::Stalemate));
    // Not stalemate when it is the other side's move.
    assert_eq!(status("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"), None);
    // A pinned piece cannot move, so this is stalemate too.
    assert_eq!(status("k7/8/1Q6/8/8/8/8/7K b - - 0 1"), Some(Outcome::Stalemate));
    assert_eq!(status("kb6/8/1QK5/8/8/8/8/8 b - - 0 1"), None);
}

#[test]
fn threefold_repetition() {
    let mut game = Game::new(vidle_core::Position::startpos());
    assert_eq!(game.repetitions(), 1);
    play(&mut game, "Nf3 Nf6 Ng1 Ng8");
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.status(), None);
    play(&mut game, "Nf3 Nf6 Ng1");
    assert_eq!(game.status(), None);
    play(&mut game, "Ng8");
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.status(), Some(Outcome::ThreefoldRepetition));
    assert_eq!(game.status().unwrap().result(), "1/2-1/2");
    // Taking a move back undoes the claim.
    game.undo();
    assert_eq!(game.status(), None);
}

#[test]
fn repetition_needs_the_same_rights() {
    // The start position recurs on the board, but the castling rights are gone after Ke2/Ke1.
    let mut game = Game::new(vidle_core::Position::startpos());
    play(&mut game, "e4 e5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8");
    // Positions after 1...e5 (with rights), after 3...Ke8 and 5...Ke8 (without): two only.
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.status(), None);
    play(&mut game, "Ke2 Ke7 Ke1 Ke8");
    assert_eq!(game.status(), Some(Outcome::ThreefoldRepetition));
}

#[test]
fn repetition_and_en_passant() {
    // After 1. e4 (no black pawn can take en passant) the ep square is not part of the position.
    let mut game = Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    play(&mut game, "e4 Kd7 Kd1 Ke8 Ke1 Kd7 Kd1 Ke8 Ke1");
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.status(), Some(Outcome::ThreefoldRepetition));
    // With a capture available, the first occurrence differs from the later ones.
    let mut game = Game::from_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1").unwrap();
    play(&mut game, "e4 Kd7 Kd1 Ke8 Ke1 Kd7 Kd1 Ke8 Ke1");
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.status(), None);
}

#[test]
fn fifty_move_rule() {
    let mut game = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 98 80").unwrap();
    play(&mut game, "Ra2");
    assert_eq!(game.status(), None);
    play(&mut game, "Kd7");
    assert_eq!(game.position().halfmove_clock(), 100);
    assert_eq!(game.status(), Some(Outcome::FiftyMoves));
    // A pawn move or capture resets the clock.
    let mut game = Game::from_fen("4k3/8/8/8/8/8/P7/4K3 w - - 99 80").unwrap();
    play(&mut game, "a3");
    assert_eq!(game.position().halfmove_clock(), 0);
    assert_eq!(game.status(), None);
    // Checkmate on the hundredth half-move is checkmate, not a draw.
    let mut game = Game::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80").unwrap();
    play(&mut game, "Ra8");
    assert_eq!(game.status(), Some(Outcome::Checkmate { winner: Color::White }));
    assert_eq!(status("4k3/8/8/8/8/8/8/R3K3 w - - 150 80"), Some(Outcome::FiftyMoves));
}

#[test]
fn insufficient_material() {
    let insufficient = [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",    // K v K
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",  // K+B v K
        "4k3/8/8/8/8/8/8/1N2K3 b - - 0 1",  // K+N v K
        "4k3/8/8/8/8/8/8/1n2K3 w - - 0 1",  // K v K+N
        "3bk3/8/8/8/8/8/8/2B1K3 w - - 0 1", // bishops on dark squares only (c1, d8)
        "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", // f8 and c1: both dark
        "4k3/8/8/8/8/8/B1B5/4K3 w - - 0 1", // two bishops, both light (a2 c2)
    ];
    let sufficient = [
        "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", // two knights (a mate exists if black helps)
        "4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1",
        "4kb2/8/8/8/8/8/8/1N2K3 w - - 0 1", // knight v bishop: mates exist
        "4k3/8/8/8/8/8/8/BB2K3 w - - 0 1",  // bishops on both colours
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
        "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", // c8 light, c1 dark: a helpmate exists
    ];
    for fen in insufficient {
        let p = parse_fen(fen).unwrap();
        assert!(p.is_insufficient_material(), "{fen}");
        assert_eq!(position_status(&p), Some(Outcome::InsufficientMaterial), "{fen}");
    }
    for fen in sufficient {
        let p = parse_fen(fen).unwrap();
        assert!(!p.is_insufficient_material(), "{fen}");
        assert_eq!(position_status(&p), None, "{fen}");
    }
    // Capturing the last pawn ends the game at once.
    let mut game = Game::from_fen("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1").unwrap();
    play(&mut game, "Kxd2");
    assert_eq!(game.status(), Some(Outcome::InsufficientMaterial));
}

/// The clocks stop at their largest value instead of wrapping (or panicking) after 65,535
/// plies: a quiet move from a FEN with both clocks at the top keeps them there, and the
/// fifty-move rule still holds.
#[test]
fn clocks_saturate_instead_of_wrapping() {
    let pos = parse_fen("4k3/8/8/8/8/8/8/4K1N1 b - - 65535 65535").expect("valid FEN");
    assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (65535, 65535));
    let m = vidle_core::notation::parse_san(&pos, "Kd7").expect("legal");
    let after = pos.played(m);
    assert_eq!(after.halfmove_clock(), 65535, "halfmove clock saturates");
    assert_eq!(after.fullmove_number(), 65535, "fullmove number saturates");
    let mut null = after;
    null.play_null();
    assert_eq!(null.halfmove_clock(), 65535);
}
