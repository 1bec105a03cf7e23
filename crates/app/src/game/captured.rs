//! The pieces each side has taken in a game and the material balance on the board: one count
//! for the terminal and the web page alike. Captures are read from the moves played, so a game
//! set up from a FEN shows only the captures that happened in it (a position that starts with
//! pieces missing shows none), and a promoted pawn is not counted as taken.

use vidle_core::{Color, Game, Role};

/// The pieces each side has taken, pawns first, then knights, bishops, rooks, queens.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Captured {
    /// Black's pieces that White has taken.
    pub by_white: Vec<Role>,
    /// White's pieces that Black has taken.
    pub by_black: Vec<Role>,
}

/// What each side has taken in `game`, from its start position through its moves.
pub fn captured(game: &Game) -> Captured {
    let mut out = Captured::default();
    for (pos, &m) in game.positions().iter().zip(game.moves()) {
        if !pos.is_capture(m) {
            continue;
        }
        let role = if m.is_en_passant() { Some(Role::Pawn) } else { pos.role_at(m.to()) };
        if let Some(role) = role {
            if pos.turn() == Color::White { &mut out.by_white } else { &mut out.by_black }
                .push(role);
        }
    }
    for list in [&mut out.by_white, &mut out.by_black] {
        list.sort_by_key(|&r| value(r));
    }
    out
}

/// Material on the board from White's side, in pawns (knight and bishop 3, rook 5, queen 9).
pub fn material_balance(pos: &vidle_core::Position) -> i32 {
    let side = |c: Color| -> i32 {
        Role::ALL.iter().map(|&r| value(r) * pos.pieces(c, r).count() as i32).sum()
    };
    side(Color::White) - side(Color::Black)
}

/// A piece's value in pawns (the king 0).
pub fn value(r: Role) -> i32 {
    match r {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vidle_core::notation::parse_san;

    fn play(mut game: Game, moves: &[&str]) -> Game {
        for san in moves {
            let m = parse_san(game.position(), san).unwrap_or_else(|e| panic!("{san}: {e}"));
            game.play(m);
        }
        game
    }

    #[test]
    fn a_fen_start_with_missing_pieces_has_taken_nothing() {
        let game = Game::from_fen("4k3/8/8/8/8/8/8/QR2K3 w - - 0 1").unwrap();
        assert_eq!(captured(&game), Captured::default());
        assert_eq!(material_balance(game.position()), 14);
    }

    #[test]
    fn captures_en_passant_and_promotion_are_counted_as_played() {
        let start = vidle_core::Position::startpos();
        // exd5 takes a pawn, then en passant (c5 … dxc6), then Bxc6 bxc6: a bishop for a pawn.
        let game = play(
            Game::new(start),
            &[
                "e4", "d5", "exd5", "c5", "dxc6", "Nf6", "cxb7", "Bxb7", "Bb5+", "Bc6", "Bxc6+",
                "Nxc6",
            ],
        );
        let c = captured(&game);
        assert_eq!(c.by_white, vec![Role::Pawn, Role::Pawn, Role::Pawn, Role::Bishop]);
        assert_eq!(c.by_black, vec![Role::Pawn, Role::Bishop]);
        // A promotion that captures: the rook taken counts, the pawn that became a queen does not.
        let game = play(Game::from_fen("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap(), &["bxa8=Q+"]);
        let c = captured(&game);
        assert_eq!(c.by_white, vec![Role::Rook]);
        assert!(c.by_black.is_empty());
        assert_eq!(material_balance(game.position()), 9);
    }
}
