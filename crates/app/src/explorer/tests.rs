use super::*;
use vidle_book::{Entry, encode_move};

/// A book of four entries: 1. e4 (weights 30 and 10, learn 7 on the first), 1. d4 (10),
/// 1. e4 e5 (5), and an entry under the start position that is not legal there.
pub(crate) fn small_book() -> Book {
    let start = Spot::start();
    let mv = |spot: &Spot, text: &str| parse_move(&spot.pos, text).unwrap();
    let e4 = mv(&start, "e4");
    let after_e4 = start.after(e4);
    let entry = |key, m, weight, learn| Entry { key, raw_move: encode_move(m), weight, learn };
    Book::from_entries(vec![
        entry(start.key, e4, 30, 7),
        entry(start.key, e4, 10, 0),
        entry(start.key, mv(&start, "d4"), 10, 0),
        entry(after_e4.key, mv(&after_e4, "e5"), 5, 0),
        // e2e5 is no legal move: counted as rejected, never listed.
        Entry {
            key: start.key,
            raw_move: 4 | (4 << 3) | (4 << 6) | (1 << 9),
            weight: 99,
            learn: 0,
        },
    ])
}

#[test]
fn a_small_book_gives_weights_shares_learn_and_continuations() {
    let book = small_book();
    let e = explore(&book, &Spot::start());
    let rows: Vec<(&str, u16, Option<u32>, usize)> =
        e.moves.iter().map(|m| (m.san.as_str(), m.weight, m.learn, m.continuations)).collect();
    assert_eq!(rows, [("e4", 40, Some(7), 1), ("d4", 10, None, 0)]);
    assert_eq!((e.total_weight, e.rejected), (50, 1));
    assert!((e.moves[0].share - 80.0).abs() < 1e-9 && (e.moves[1].share - 20.0).abs() < 1e-9);
    assert_eq!(e.moves[0].uci, "e2e4");
    // After 1. e4 (a double push, but no pawn can take en passant) the book has e5.
    let after = Spot::start().after_moves(["e4"]).unwrap();
    let e = explore(&book, &after);
    assert_eq!(e.moves.iter().map(|m| m.san.as_str()).collect::<Vec<_>>(), ["e5"]);
    assert_eq!(e.moves[0].share, 100.0);
    // The same position from its FEN (with the e3 square written) has the same key.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    assert_eq!(Spot::from_fen(fen).unwrap(), after);
    // And a game's position the same again.
    let mut g = Game::new(Position::startpos());
    g.play(parse_move(g.position(), "e4").unwrap());
    assert_eq!(Spot::of_game(&g), after);
    // Out of book: nothing, and the table says so.
    let out = explore(&book, &Spot::start().after_moves(["Nf3"]).unwrap());
    assert!(out.moves.is_empty() && out.total_weight == 0);
    assert_eq!(table(&out, Lang::En), "No book moves in this position.");
}

#[test]
fn the_table_shows_learn_only_where_the_book_has_it_and_localises_moves() {
    let book = small_book();
    let t = table(&explore(&book, &Spot::start()), Lang::En);
    let lines: Vec<&str> = t.lines().collect();
    assert_eq!(lines[0], "move      weight   share      learn  replies");
    assert_eq!(lines[1], "e4            40   80.0%          7  1");
    assert_eq!(lines[2], "d4            10   20.0%          -  0");
    let after = Spot::start().after_moves(["e4"]).unwrap();
    let t = table(&explore(&book, &after), Lang::Cs);
    assert!(!t.contains("učení"), "{t}");
    assert!(t.starts_with("tah") && t.contains("\ne5             5  100.0%  0"), "{t}");
    // Czech piece letters for a piece move.
    let knight = Spot::start();
    let nf3 = parse_move(&knight.pos, "Nf3").unwrap();
    let b = Book::from_entries(vec![Entry {
        key: knight.key,
        raw_move: encode_move(nf3),
        weight: 1,
        learn: 0,
    }]);
    assert!(table(&explore(&b, &knight), Lang::Cs).contains("\nJf3 "));
}

#[test]
fn bad_fens_and_moves_are_named() {
    assert!(matches!(Spot::from_fen("not a fen"), Err(ExploreError::BadFen(_))));
    // Both kings missing: read, but no legal position.
    assert!(matches!(Spot::from_fen("8/8/8/8/8/8/8/8 w - - 0 1"), Err(ExploreError::BadFen(_))));
    let e = Spot::start().after_moves(["e4", "e4"]).unwrap_err();
    assert!(matches!(&e, ExploreError::BadMove(t, _) if t == "e4"), "{e:?}");
    assert!(e.to_string().starts_with("move 'e4': "), "{e}");
}

#[test]
fn the_shared_gnu_chess_book_explores_the_start_and_a_sicilian() {
    let Some(path) = vidle_core::testdata::shared_data(
        "books/gnuchess-book.bin",
        "the explorer on the shared GNU Chess book",
    ) else {
        return;
    };
    let book = BookRef::open(Some(&path)).unwrap();
    let e = explore(book.book(), &Spot::start());
    assert!(e.moves.len() >= 5, "{e:?}");
    let sum: f64 = e.moves.iter().map(|m| m.share).sum();
    assert!((sum - 100.0).abs() < 1e-6, "{sum}");
    assert!(e.moves.windows(2).all(|w| w[0].weight >= w[1].weight));
    let e4 = e.moves.iter().find(|m| m.san == "e4").expect("1. e4 in the book");
    assert!(e4.continuations > 0 && e4.weight > 0, "{e4:?}");
    // Each continuation count is what exploring the position after the move finds.
    for m in &e.moves {
        let next = explore(book.book(), &Spot::start().after(m.mv));
        assert_eq!(next.moves.len(), m.continuations, "{}", m.san);
    }
    let sicilian = Spot::start().after_moves(["e4", "c5"]).unwrap();
    assert!(explore(book.book(), &sicilian).moves.iter().any(|m| m.san == "Nf3"));
}
