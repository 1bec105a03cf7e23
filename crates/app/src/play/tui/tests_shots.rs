//! The full-screen board's screenshots in `docs/screenshots/`, in English and Czech: a game
//! with the engine thinking, the same game in a large window, the end of a game with the
//! rating, the opening explorer and the analysis. Each is checked for what it shows, then kept
//! (see `crate::screenshots`).

use super::input::{Thinking, Ui};
use super::tests::{analysed_scholars_mate, coloured, controller, engine_answers, render, typed};
use super::view::Geometry;
use crate::i18n::Lang;
use crate::play::controller::{Controller, Job, Output};
use crate::screenshots::{html, keep, text};
use ratatui::layout::Rect;
use vidle_core::Color;

/// The file name's ending for a language: `""` for English, `"-cs"` for Czech.
fn suffix(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "",
        Lang::Cs => "-cs",
    }
}

/// Shows what the controller said in the message log.
fn shown(c: &mut Controller, ui: &mut Ui) {
    for out in c.drain() {
        if let Output::Text(t) = out {
            ui.say(t);
        }
    }
}

/// Draws the screen at `w` × `h`, in colour for the HTML and without colours for the text
/// (where the outlined figurines are White's); keeps both as `terminal-NAME[-cs]`, and hands
/// back the text.
fn shoot(c: &Controller, ui: &mut Ui, (w, h): (u16, u16), name: &str) -> String {
    ui.colour = true;
    let page = html(&render(c, ui, w, h));
    ui.colour = false;
    let shot = text(&render(c, ui, w, h));
    let name = format!("terminal-{name}{}", suffix(c.lang));
    keep(&format!("{name}.txt"), &shot);
    keep(&format!("{name}.html"), &page);
    shot
}

/// The Italian game, Black's engine thinking, the player about to ask for a hint.
fn italian(lang: Lang) -> (Controller, Ui) {
    let mut c = controller(None, Color::White, Some("5+3"));
    c.lang = lang;
    for (mine, reply) in
        [("e4", "e5"), ("Nf3", "Nc6"), ("Bc4", "Bc5"), ("c3", "Nf6"), ("d4", "exd4")]
    {
        typed(&mut c, mine);
        engine_answers(&mut c, reply);
    }
    typed(&mut c, "cxd4");
    c.s.pause_clock();
    let mut ui = coloured();
    shown(&mut c, &mut ui);
    ui.thinking = Some(Thinking {
        job: Job::EngineMove,
        depth: 14,
        score: "+0.4".into(),
        nodes: 2_164_933,
        pv: ["Bb4+", "Bd2", "Bxd2+", "Nbxd2", "d5", "exd5", "Nxd5"].map(String::from).to_vec(),
        running: true,
    });
    ui.line.set(match lang {
        Lang::En => "hint",
        Lang::Cs => "rada",
    });
    (c, ui)
}

/// `terminal-play[-cs]`: the game at 100 × 26; `terminal-large[-cs]`: the same game in a
/// window of 160 × 50, where the board's squares are larger.
#[test]
fn the_game_in_both_languages_and_a_large_window() {
    for lang in [Lang::En, Lang::Cs] {
        let (c, mut ui) = italian(lang);
        let shot = shoot(&c, &mut ui, (100, 26), "play");
        let (black, you, played) = match lang {
            Lang::En => ("Black · Vidle (club)", "White · you", "You played cxd4"),
            Lang::Cs => ("Černý · Vidle (klubový)", "Bílý · vy", "Váš tah: cxd4"),
        };
        for seen in [black, you, played, "6. cxd4", "5:14"] {
            assert!(shot.contains(seen), "{lang:?}: {seen:?}\n{shot}");
        }
        let small = Geometry::of(Rect::new(0, 0, 100, 26)).unwrap().square;
        let large = Geometry::of(Rect::new(0, 0, 160, 50)).unwrap().square;
        assert!(large.0 > small.0 && large.1 > small.1, "{small:?} {large:?}");
        let shot = shoot(&c, &mut ui, (160, 50), "large");
        assert!(shot.contains(black) && shot.contains("6. cxd4"), "{shot}");
        // Each rank is `large.1` rows high: the rank numbers stand that far apart.
        let rows: Vec<usize> = shot
            .lines()
            .enumerate()
            .filter(|(_, l)| l.starts_with("│8 ") || l.starts_with("│7 "))
            .map(|(y, _)| y)
            .collect();
        assert_eq!(rows.len(), 2, "{shot}");
        assert_eq!(rows[1] - rows[0], usize::from(large.1), "{shot}");
    }
}

/// `terminal-game-over[-cs]`: a won game against the club level, the ending and the player's
/// rating with the level it suggests in the messages.
#[test]
fn the_end_of_a_game_with_the_rating() {
    for lang in [Lang::En, Lang::Cs] {
        let dir = std::env::temp_dir().join(format!(
            "vidle-shots-rating-{}{}",
            std::process::id(),
            suffix(lang)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let store = crate::store::Store::open(&dir.join("games.sqlite")).unwrap();
        let mut c = controller(None, Color::White, Some("5+3"));
        c.lang = lang;
        c.keep_games_in(store);
        for (mine, reply) in [("e4", "e5"), ("Qh5", "Nc6"), ("Bc4", "Nf6")] {
            typed(&mut c, mine);
            engine_answers(&mut c, reply);
        }
        typed(&mut c, "Qxf7#");
        c.announce_end();
        c.s.pause_clock();
        let mut ui = coloured();
        shown(&mut c, &mut ui);
        let shot = shoot(&c, &mut ui, (100, 30), "game-over");
        let after = crate::rating::history([(1700, 1.0)]).unwrap()[0];
        let (over, rating) = match lang {
            Lang::En => ("checkmate, White wins (1-0)", "Your rating"),
            Lang::Cs => ("mat, vyhrává Bílý (1-0)", "Váš rating"),
        };
        let rating = format!("{rating}: {:.0} ± {:.0}", after.rating, after.rd);
        assert!(shot.contains(over), "{over:?}\n{shot}");
        assert!(shot.contains(&rating), "{rating:?}\n{shot}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// `terminal-explorer[-cs]`: the `book` command after 1. e4 c5, the book's moves in the
/// messages.
#[test]
fn the_opening_explorer() {
    for lang in [Lang::En, Lang::Cs] {
        let mut c = controller(None, Color::White, None);
        c.lang = lang;
        typed(&mut c, "e4");
        engine_answers(&mut c, "c5");
        typed(&mut c, "book");
        let mut ui = coloured();
        shown(&mut c, &mut ui);
        let shot = shoot(&c, &mut ui, (100, 40), "explorer");
        let nf3 = shot.lines().find(|l| l.contains("│Nf3 ") || l.contains("│Jf3 "));
        assert!(nf3.is_some_and(|l| l.contains('%')), "{shot}");
    }
}

/// `terminal-analysis[-cs]`: the analysis of a game, stepped back to the blunder.
#[test]
fn the_analysis() {
    for lang in [Lang::En, Lang::Cs] {
        let mut c = analysed_scholars_mate(lang);
        let mut ui = coloured();
        shown(&mut c, &mut ui);
        assert!(ui.step(ratatui::crossterm::event::KeyCode::Left, 7));
        let shot = shoot(&c, &mut ui, (100, 30), "analysis");
        let (panel, blunder) = match lang {
            Lang::En => (" Analysis ", "3... Nf6?? #1, best g6"),
            Lang::Cs => (" Rozbor ", "3... Jf6?? #1, lepší g6"),
        };
        assert!(shot.contains(panel), "{shot}");
        assert!(shot.contains(blunder), "{blunder:?}\n{shot}");
    }
}
