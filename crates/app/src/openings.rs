//! Opening names (lichess chess-openings, CC0), looked up by position so transpositions are named.

use std::collections::HashMap;
use std::sync::OnceLock;
use vidle_core::notation::parse_san;
use vidle_core::{Game, Position};

const TSV: [&str; 5] = [
    include_str!("../data/openings/a.tsv"),
    include_str!("../data/openings/b.tsv"),
    include_str!("../data/openings/c.tsv"),
    include_str!("../data/openings/d.tsv"),
    include_str!("../data/openings/e.tsv"),
];

/// An opening's ECO code and name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    pub eco: &'static str,
    pub name: &'static str,
}

fn table() -> &'static HashMap<u64, Opening> {
    static TABLE: OnceLock<HashMap<u64, Opening>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut map = HashMap::new();
        for text in TSV {
            for line in text.lines().skip(1) {
                let mut cols = line.split('\t');
                let (Some(eco), Some(name), Some(pgn)) = (cols.next(), cols.next(), cols.next())
                else {
                    continue;
                };
                if let Some(pos) = play_line(pgn) {
                    // Later (longer) lines for the same position keep the first, broader name.
                    map.entry(pos.key()).or_insert(Opening { eco, name });
                }
            }
        }
        map
    })
}

fn play_line(movetext: &str) -> Option<Position> {
    let mut pos = Position::startpos();
    for token in movetext.split_whitespace() {
        if token.ends_with('.') {
            continue;
        }
        let m = parse_san(&pos, token).ok()?;
        pos = pos.played(m);
    }
    Some(pos)
}

/// The name of the most advanced named position reached in `game`.
pub fn name_of(game: &Game) -> Option<Opening> {
    let t = table();
    game.positions().iter().rev().find_map(|p| t.get(&p.key()).cloned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use vidle_core::notation::parse_move;

    #[test]
    fn names_openings_and_transpositions() {
        let mut game = Game::new(Position::startpos());
        for mv in ["e4", "c5"] {
            let m = parse_move(game.position(), mv).unwrap();
            game.play(m);
        }
        let o = name_of(&game).unwrap();
        assert_eq!(o.eco, "B20");
        assert!(o.name.starts_with("Sicilian Defense"), "{o:?}");
        assert!(table().len() > 3000);
    }
}
