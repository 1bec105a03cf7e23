//! Self-play for training data: one game of the engine against itself at a node limit, each
//! position after the opening labelled with the search's score and, when the game is over, its
//! result. Shared by `vidle datagen` (packed records, [`crate::packed`]) and `vidle-tune gen`
//! (text lines for the Texel tuner).

use crate::packed::Record;
use vidle_core::{Color, Game, Move, Position};
use vidle_engine::tuning::{is_noisy, see_ge};
use vidle_engine::{Engine, Score, SearchLimits, Tablebase, TbOutcome};

/// Plies after the start that are not labelled: they come from the opening, not the engine.
pub const SKIP_PLIES: usize = 8;
/// Games still going after this many plies are scored as draws.
pub const MAX_PLIES: usize = 400;
/// Scores are clamped to this (mates included).
pub const MATE_CP: i32 = 3000;
/// A game is adjudicated once the mover's score is at least this big, either way, ...
pub const ADJUDICATE_CP: i32 = 1000;
/// ... on this many plies in a row (both sides, so both searches agree).
pub const ADJUDICATE_PLIES: usize = 6;
/// A game is called drawn after this many plies once both sides' scores stay within
/// `DRAW_CP` of zero for `DRAW_PLIES` plies in a row: a dead draw teaches little more.
pub const DRAW_AFTER_PLIES: usize = 80;
/// See [`DRAW_AFTER_PLIES`].
pub const DRAW_CP: i32 = 8;
/// See [`DRAW_AFTER_PLIES`].
pub const DRAW_PLIES: usize = 12;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// By the rules (mate, stalemate, repetition, fifty moves, material).
    Rules,
    /// Both searches agreed one side is winning, or that it is a dead draw.
    Scores,
    /// The tablebases gave the result.
    Tablebase,
    /// The ply limit.
    Length,
}

/// A finished game's labelled positions.
#[derive(Debug, Clone)]
pub struct GameData {
    /// Every position after the opening, with White's score, whether the best move was quiet,
    /// and the game's result (set once it is known).
    pub records: Vec<Record>,
    /// 0 Black won, 1 draw, 2 White won.
    pub result: u8,
    /// How it ended.
    pub ending: Ending,
    /// Plies in the game at its end, those it came with included.
    pub plies: usize,
}

/// A position the static evaluation can judge: not in check, the engine's move is quiet, and
/// the side to move has no capture that wins material by exchange (nothing hangs). The records'
/// `quiet` flag, and the positions the Texel tuner keeps ([`crate::tune`]).
pub fn is_quiet(pos: &Position, best: Move) -> bool {
    if pos.is_check() || is_noisy(pos, best) {
        return false;
    }
    let mut noisy = vidle_core::MoveList::new();
    pos.noisy_moves(&mut noisy);
    !noisy.iter().any(|m| see_ge(pos, m, 1))
}

/// Plays up to `n` uniformly random legal moves (`next` gives the random numbers, one per
/// move); whether the game is still going afterwards.
pub fn play_random_moves(game: &mut Game, n: usize, mut next: impl FnMut() -> u64) -> bool {
    for _ in 0..n {
        let legal = game.position().legal_moves();
        let Some(m) = legal.get((next() % legal.len().max(1) as u64) as usize) else { break };
        game.play(m);
    }
    game.status().is_none()
}

/// Plays `game` (already past its opening) to the end with `nodes` per move.
///
/// With `tables`, the first position they cover decides the game's result (what perfect play
/// gives from there), and the game goes on for `tb_play_on` plies more before it ends: those
/// endings are positions the network must evaluate whenever no tables are present (in play
/// against people and engines, and in any search of a position with more pieces), and a game
/// cut at the first covered position would leave them out of the data altogether. Each
/// covered position is labelled with the tables' own result for it (the engine can spoil a
/// win within those plies); the positions before it with the result at the first one. With
/// `tb_play_on` 0 the game ends at the first covered position, unlabelled.
pub fn play_game(
    engine: &mut Engine,
    mut game: Game,
    nodes: u64,
    tables: Option<&dyn Tablebase>,
    tb_play_on: usize,
) -> GameData {
    engine.new_game();
    let skip_until = game.moves().len() + SKIP_PLIES;
    let mut records = Vec::new();
    let mut decisive = 0;
    let mut quiet_draw = 0;
    let white_result = |winner: Option<Color>| match winner {
        Some(Color::White) => 2,
        Some(Color::Black) => 0,
        None => 1,
    };
    // Where the tables first covered the game: its ply, their result (White's) and how many
    // records came before it.
    let mut covered: Option<(usize, u8, usize)> = None;
    let (result, ending) = loop {
        if let Some(outcome) = game.status() {
            break (white_result(outcome.winner()), Ending::Rules);
        }
        if game.moves().len() >= MAX_PLIES {
            break (1, Ending::Length);
        }
        let pos = *game.position();
        let table = tables
            .filter(|tb| pos.occupied().count() <= tb.max_pieces())
            .and_then(|tb| tb.probe(&pos))
            .map(|outcome| {
                white_result(match outcome {
                    TbOutcome::Win(_) => Some(pos.turn()),
                    TbOutcome::Loss(_) => Some(!pos.turn()),
                    TbOutcome::Draw => None,
                })
            });
        if let Some(t) = table {
            let (ply, result, _) = *covered.get_or_insert((game.moves().len(), t, records.len()));
            if game.moves().len() >= ply + tb_play_on {
                break (result, Ending::Tablebase);
            }
        }
        let limits = SearchLimits { nodes: Some(nodes), ..Default::default() };
        let r = engine.search_blocking(&game, limits);
        let Some(best) = r.best else { break (1, Ending::Rules) };
        let mover = match r.info.map(|i| i.score) {
            Some(Score::Cp(cp)) => cp.clamp(-MATE_CP, MATE_CP),
            Some(Score::Mate(n)) => {
                if n > 0 {
                    MATE_CP
                } else {
                    -MATE_CP
                }
            }
            None => 0,
        };
        let white = if pos.turn() == Color::White { mover } else { -mover };
        if game.moves().len() >= skip_until {
            let quiet = is_quiet(&pos, best);
            // Covered positions carry their own result now (the first covered one's should a
            // probe fail later); the others get the game's below.
            let result = table.or(covered.map(|c| c.1)).unwrap_or(1);
            records.push(Record { pos, score: white as i16, result, quiet });
        }
        // Both sides agreeing for several plies that one is far ahead ends the game: the rest
        // would be a long mate-out that teaches the evaluation nothing.
        decisive = if mover.abs() >= ADJUDICATE_CP { decisive + 1 } else { 0 };
        if decisive >= ADJUDICATE_PLIES {
            break (if white > 0 { 2 } else { 0 }, Ending::Scores);
        }
        quiet_draw = if mover.abs() <= DRAW_CP { quiet_draw + 1 } else { 0 };
        if game.moves().len() >= DRAW_AFTER_PLIES && quiet_draw >= DRAW_PLIES {
            break (1, Ending::Scores);
        }
        game.play(best);
    };
    // Once covered, the game's result is the tables', however the play-on went.
    let (result, ending, unlabelled) = match covered {
        Some((_, table, before)) => (table, Ending::Tablebase, before),
        None => (result, ending, records.len()),
    };
    for r in &mut records[..unlabelled] {
        r.result = result;
    }
    GameData { records, result, ending, plies: game.moves().len() }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in for the tables: it covers every position from fullmove `from` on and says the
    /// side to move wins there, so its labels alternate between White's and Black's wins; its
    /// probe fails with Black to move at fullmove `fails`.
    struct FromMove {
        from: u16,
        fails: u16,
    }

    impl Tablebase for FromMove {
        fn max_pieces(&self) -> u32 {
            32
        }
        fn root_moves(&self, _: &Position) -> Option<Vec<(Move, TbOutcome)>> {
            None
        }
        fn probe(&self, pos: &Position) -> Option<TbOutcome> {
            let n = pos.fullmove_number();
            let failed = n == self.fails && pos.turn() == Color::Black;
            (n >= self.from && !failed).then_some(TbOutcome::Win(1))
        }
    }

    /// The first covered position (ply 22, White to move: White wins) decides the game; with
    /// `tb_play_on` the game goes on that many plies, each covered position labelled by the
    /// tables (a failed probe by the first covered result), the ones before by the first
    /// covered result; the searches are those of the game without tables.
    #[test]
    fn covered_games_end_by_the_tables_after_the_play_on() {
        let mut engine = Engine::new();
        let start = || Game::new(Position::startpos());
        let free = play_game(&mut engine, start(), 300, None, 0);
        assert!(free.plies > 30, "the game without tables runs past the covered plies");
        let tables = FromMove { from: 12, fails: 13 };
        let cut = play_game(&mut engine, start(), 300, Some(&tables), 0);
        assert_eq!((cut.ending, cut.plies, cut.result), (Ending::Tablebase, 22, 2));
        assert_eq!(cut.records.len(), 22 - SKIP_PLIES);
        assert!(cut.records.iter().all(|r| r.result == 2));
        let on = play_game(&mut engine, start(), 300, Some(&tables), 6);
        assert_eq!((on.ending, on.plies, on.result), (Ending::Tablebase, 28, 2));
        assert_eq!(on.records.len(), 28 - SKIP_PLIES);
        let results: Vec<u8> = on.records.iter().map(|r| r.result).collect();
        let before = 22 - SKIP_PLIES;
        assert!(results[..before].iter().all(|&r| r == 2));
        assert_eq!(results[before..], [2, 0, 2, 2, 2, 0]);
        for (r, f) in on.records.iter().zip(&free.records) {
            assert_eq!((r.pos, r.score, r.quiet), (f.pos, f.score, f.quiet));
        }
    }
}
