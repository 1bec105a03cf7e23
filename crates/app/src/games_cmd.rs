//! `vidle games`: the games kept in the game store (`store/`): list them, show or export one as
//! PGN, delete one, continue one (as `vidle play --resume ID`), analyse one (as `vidle analyse`;
//! the player's mistakes become exercises), solve the exercises (`exercises_cmd`).

use crate::analysis::GameRecord;
use crate::game::GameSession;
use crate::game::pgn;
use crate::game::strength::Strength;
use crate::i18n::{self, Lang, Msg, Text};
use crate::rating;
use crate::store::{FrontEnd, RatedResult, Store, StoredGame};
use anyhow::Result;
use clap::{Args, Subcommand};
use std::io::Write;
use std::path::PathBuf;

/// `vidle games [COMMAND]`.
#[derive(Args, Debug)]
pub struct GamesArgs {
    /// What to do; the default lists the games.
    #[command(subcommand)]
    pub command: Option<GamesCommand>,
    /// Language of the texts: en or cs (default: the locale).
    #[arg(long, global = true)]
    pub lang: Option<String>,
}

/// The `vidle games` commands.
#[derive(Subcommand, Debug)]
pub enum GamesCommand {
    /// List the stored games, newest first: id, date, opponent, your colour, result, moves.
    List {
        /// Show at most this many.
        #[arg(long, default_value_t = 50)]
        limit: usize,
    },
    /// Print a game as PGN.
    Show {
        /// The game's id (as `vidle games` lists it).
        id: i64,
    },
    /// Write a game as PGN to a file (or to standard output).
    Export {
        /// The game's id.
        id: i64,
        /// The file to write.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Delete a game from the store.
    Delete {
        /// The game's id.
        id: i64,
    },
    /// Continue a game in the terminal (the same as `vidle play --resume ID`).
    Continue {
        /// The game's id.
        id: i64,
        /// Line mode instead of the full-screen board.
        #[arg(long)]
        plain: bool,
        /// Plain ASCII board and no colours.
        #[arg(long)]
        ascii: bool,
    },
    /// Your rating (Glicko-2) from your finished terminal games against the levels, the level
    /// it suggests, and how it moved game by game.
    Rating,
    /// Solve the exercises made of your mistakes and blunders in analysed games: find the
    /// better move (never solved and least recently tried first).
    Exercises {
        /// Only the exercises of this game.
        #[arg(long, value_name = "ID")]
        game: Option<i64>,
        /// At most this many exercises this time.
        #[arg(long, default_value_t = 20)]
        limit: usize,
        /// Plain ASCII board and no colours.
        #[arg(long)]
        ascii: bool,
    },
    /// Analyse a game (as `vidle analyse` does a PGN file); your mistakes and blunders in it
    /// become exercises (`vidle games exercises`).
    Analyse {
        /// The game's id.
        id: i64,
        /// Write the annotated game here (default: standard output, the summary on standard
        /// error).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Milliseconds of search for every position (default 300).
        #[arg(long, value_name = "MS", conflicts_with = "depth",
              value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
        movetime: Option<u64>,
        /// Search every position to this depth instead of for a time.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100))]
        depth: Option<u32>,
    },
}

pub fn run(a: GamesArgs) -> Result<()> {
    let lang = match &a.lang {
        Some(l) => Lang::parse(l).ok_or_else(|| anyhow::anyhow!("--lang '{l}': use en or cs"))?,
        None => Lang::from_env(),
    };
    let fail = |t: Text| anyhow::anyhow!(t.render(lang));
    let command = a.command.unwrap_or(GamesCommand::List { limit: 50 });
    if let GamesCommand::Continue { id, plain, ascii } = command {
        let args = crate::play::PlayArgs {
            resume: Some(Some(id)),
            plain,
            ascii,
            lang: a.lang,
            ..Default::default()
        };
        return crate::play::run(&args);
    }
    let store = Store::open_default().map_err(|e| fail(i18n::store_error(&e)))?;
    let get = |id: i64| -> Result<StoredGame> {
        store
            .get(id)
            .map_err(|e| fail(i18n::store_error(&e)))?
            .ok_or_else(|| fail(Text::new(Msg::ErrNoGame).arg("id", id)))
    };
    let pgn_of = |id: i64| -> Result<String> {
        GameSession::stored_pgn(&get(id)?).map_err(|e| fail(i18n::unreadable_game(id, &e)))
    };
    let mut out = std::io::stdout().lock();
    match command {
        GamesCommand::List { limit } => {
            let games = store.list(None, limit).map_err(|e| fail(i18n::store_error(&e)))?;
            if games.is_empty() {
                let text = Text::new(Msg::NoGamesYet).arg("file", store.file());
                writeln!(out, "{}", text.render(lang))?;
            }
            write_list(&mut out, &games, lang)?;
        }
        GamesCommand::Show { id } => out.write_all(pgn_of(id)?.as_bytes())?,
        GamesCommand::Export { id, out: None } => out.write_all(pgn_of(id)?.as_bytes())?,
        GamesCommand::Export { id, out: Some(file) } => {
            let text = pgn_of(id)?;
            pgn::write_game_file(&file, &text).map_err(|e| fail(i18n::file_error(&e)))?;
            let saved = Text::new(Msg::SavedTo).arg("file", file.display());
            writeln!(out, "{}", saved.render(lang))?;
        }
        GamesCommand::Delete { id } => {
            if !store.delete(id).map_err(|e| fail(i18n::store_error(&e)))? {
                return Err(fail(Text::new(Msg::ErrNoGame).arg("id", id)));
            }
            writeln!(out, "{}", Text::new(Msg::GameDeleted).arg("id", id).render(lang))?;
        }
        GamesCommand::Analyse { id, output, movetime, depth } => {
            let text = pgn_of(id)?;
            let record =
                GameRecord::from_pgn_text(&text).map_err(|e| anyhow::anyhow!("game {id}: {e}"))?;
            drop(out);
            let analysis =
                crate::analyse_cmd::analyse_record(&record, output.as_deref(), movetime, depth)?;
            let human = get(id)?.human;
            let found = crate::mistakes::from_analysis(&record.game, &analysis, human);
            let kept = store.keep_exercises(id, &found).map_err(|e| fail(i18n::store_error(&e)))?;
            if kept > 0 {
                let said = Text::new(Msg::ExercisesKept).arg("n", kept).render(lang);
                // Beside the summary: on standard error when the annotated game is on standard
                // output.
                match output {
                    Some(_) => println!("{said}"),
                    None => eprintln!("{said}"),
                }
            }
        }
        GamesCommand::Exercises { game, limit, ascii } => {
            drop(out);
            if let Some(id) = game {
                get(id)?; // "There is no game 7." rather than "no exercises yet"
            }
            crate::exercises_cmd::run(&store, game, limit, ascii, lang)?;
        }
        GamesCommand::Rating => {
            let results = store
                .rated_results_of(Some(FrontEnd::Terminal))
                .map_err(|e| fail(i18n::store_error(&e)))?;
            write_rating(&mut out, &results, lang)?;
        }
        GamesCommand::Continue { .. } => {}
    }
    Ok(())
}

/// The rating after `results` (oldest first), the level it suggests, and the rating after
/// each game.
fn write_rating(out: &mut dyn Write, results: &[RatedResult], lang: Lang) -> Result<()> {
    let all = rating::history(results.iter().map(|g| (g.level_elo, g.score)))
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let now = all.last().copied().unwrap_or(rating::START);
    writeln!(out, "{}", rating::rating_text(now, all.len()).render(lang))?;
    if !all.is_empty() {
        writeln!(out, "{}", rating::suggestion_text(now).render(lang))?;
        writeln!(out)?;
        for (g, r) in results.iter().zip(&all) {
            let level = i18n::level(Strength(Some(g.level_elo))).render(lang);
            let (rating, rd) = (r.rating, r.rd);
            writeln!(out, "{:>6}  {level:<28} {:>3}  {rating:>5.0} ± {rd:.0}", g.id, g.score)?;
        }
    }
    Ok(())
}

/// The list: one line per game under a heading, columns aligned.
fn write_list(out: &mut dyn Write, games: &[(i64, StoredGame)], lang: Lang) -> Result<()> {
    if games.is_empty() {
        return Ok(());
    }
    let rows: Vec<[String; 6]> = games
        .iter()
        .map(|(id, g)| {
            let outcome = match g.player_score() {
                None => lang.tr(Msg::GamesUnfinished).to_string(),
                Some(s) => {
                    let word = match s {
                        1.0 => Msg::GamesWon,
                        0.0 => Msg::GamesLost,
                        _ => Msg::GamesDrawn,
                    };
                    format!("{} {}", g.result, lang.tr(word))
                }
            };
            [
                id.to_string(),
                pgn::date_of(g.created).replace('.', "-"),
                format!("Vidle ({})", i18n::level_name(Strength(g.level), lang)),
                lang.color(g.human).to_string(),
                outcome,
                g.moves.len().div_ceil(2).to_string(),
            ]
        })
        .collect();
    let heading = [
        "id".to_string(),
        lang.tr(Msg::GamesDate).to_string(),
        lang.tr(Msg::GamesOpponent).to_string(),
        lang.tr(Msg::GamesColor).to_string(),
        lang.tr(Msg::GamesResult).to_string(),
        lang.tr(Msg::GamesMoves).to_string(),
    ];
    let mut width = [0usize; 6];
    for row in std::iter::once(&heading).chain(&rows) {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for row in std::iter::once(&heading).chain(&rows) {
        let mut line = format!("{:>w$}", row[0], w = width[0]);
        for (cell, w) in row.iter().zip(width).skip(1) {
            line.push_str(&format!("  {cell:<w$}"));
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use vidle_core::Color;

    /// A game of the list: its date (days after 2026-11-01), level, the player's colour, result
    /// and moves (UCI, only counted).
    fn game(day: i64, level: Option<u32>, human: Color, result: &str, plies: usize) -> StoredGame {
        let created = 1_793_491_200 + day * 86_400 + 19 * 3600;
        StoredGame {
            front_end: FrontEnd::Terminal,
            web_id: None,
            created,
            updated: created + 1200,
            white: String::new(),
            black: String::new(),
            human,
            level,
            start_fen: None,
            chess960: false,
            clock: None,
            depth: None,
            movetime_ms: None,
            result: result.into(),
            ending: None,
            termination: None,
            moves: vec!["e2e4".into(); plies],
        }
    }

    /// `docs/screenshots/terminal-games[-cs].txt`: `vidle games` and `vidle games rating` on a
    /// store of five games, in English and Czech.
    #[test]
    fn writes_the_screenshots() {
        let games = [
            game(0, Some(1400), Color::White, "1-0", 61),
            game(1, Some(1700), Color::Black, "1-0", 84),
            game(2, Some(1700), Color::White, "1/2-1/2", 120),
            game(4, None, Color::White, "0-1", 47),
            game(5, Some(1700), Color::Black, "*", 18),
        ];
        let listed: Vec<(i64, StoredGame)> =
            games.iter().cloned().enumerate().rev().map(|(i, g)| (i as i64 + 1, g)).collect();
        let rated: Vec<RatedResult> = games
            .iter()
            .enumerate()
            .filter_map(|(i, g)| {
                Some(RatedResult {
                    id: i as i64 + 1,
                    level_elo: g.level?,
                    score: g.player_score()?,
                    finished: g.updated,
                })
            })
            .collect();
        assert_eq!(rated.len(), 3, "the unfinished game and the one at full strength do not count");
        for (lang, name) in [(Lang::En, "terminal-games.txt"), (Lang::Cs, "terminal-games-cs.txt")]
        {
            let flag = if lang == Lang::Cs { " --lang cs" } else { "" };
            let mut out = Vec::new();
            writeln!(out, "$ vidle games{flag}").unwrap();
            write_list(&mut out, &listed, lang).unwrap();
            writeln!(out, "\n$ vidle games rating{flag}").unwrap();
            write_rating(&mut out, &rated, lang).unwrap();
            let shot = String::from_utf8(out).unwrap();
            let lines: Vec<&str> = shot.lines().collect();
            assert!(lines[2].trim_start().starts_with("5  2026-11-06"), "newest first:\n{shot}");
            let seen: &[&str] = match lang {
                Lang::En => {
                    &["Vidle (max)", "1-0 won", "1/2-1/2 draw", "unfinished", "Your rating: "]
                }
                Lang::Cs => &["Vidle (max)", "1-0 výhra", "remíza", "nedohraná", "Váš rating: "],
            };
            for s in seen {
                assert!(shot.contains(s), "{s:?}\n{shot}");
            }
            let after = rating::history(rated.iter().map(|g| (g.level_elo, g.score))).unwrap();
            let now = format!("{:.0} ± {:.0}", after[2].rating, after[2].rd);
            assert!(lines.iter().any(|l| l.starts_with("     3  ") && l.ends_with(&now)), "{shot}");
            crate::screenshots::keep(name, &shot);
        }
    }
}
