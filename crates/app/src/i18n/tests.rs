use super::*;
use std::collections::BTreeSet;

/// The `{names}` a template uses.
fn params(template: &str) -> BTreeSet<&str> {
    let mut out = BTreeSet::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                out.insert(&after[..close]);
                rest = &after[close + 1..];
            }
            None => break,
        }
    }
    out
}

#[test]
fn every_message_has_both_texts_with_the_same_parameters() {
    let mut keys = BTreeSet::new();
    for &m in Msg::ALL {
        assert!(keys.insert(m.key()), "{} twice", m.key());
        let (en, cs) = (m.text(Lang::En), m.text(Lang::Cs));
        assert!(!en.trim().is_empty(), "{} has no English text", m.key());
        assert!(!cs.trim().is_empty(), "{} has no Czech text", m.key());
        assert_eq!(params(en), params(cs), "{}: the two texts take different parameters", m.key());
        // A counted message has every plural form of each language, each with the same
        // parameters, `{n}` among them; any other has one text a language.
        let (n_en, n_cs) = (m.forms(Lang::En).len(), m.forms(Lang::Cs).len());
        assert_eq!((n_en, n_cs), if m.is_plural() { (2, 3) } else { (1, 1) }, "{}", m.key());
        for form in m.forms(Lang::En).iter().chain(m.forms(Lang::Cs)) {
            assert!(!form.trim().is_empty(), "{}: an empty form", m.key());
            assert_eq!(params(form), params(en), "{}: '{form}'", m.key());
        }
        if m.is_plural() {
            assert!(params(en).contains("n"), "{} is counted but has no {{n}}", m.key());
        }
    }
}

#[test]
fn plural_forms_follow_each_language() {
    let forms = |lang: Lang| -> Vec<usize> {
        [0, 1, 2, 3, 4, 5, 11, 21, 22, 100].iter().map(|&n| lang.plural_form(n)).collect()
    };
    assert_eq!(forms(Lang::En), [1, 0, 1, 1, 1, 1, 1, 1, 1, 1]);
    assert_eq!(forms(Lang::Cs), [2, 0, 1, 1, 1, 2, 2, 2, 2, 2]);
    let say = |m: Msg, n: u64, lang| Text::new(m).arg("n", n).render(lang);
    let cs: Vec<String> =
        [0, 1, 2, 4, 5].iter().map(|&n| say(Msg::CountMistakes, n, Lang::Cs)).collect();
    assert_eq!(cs, ["0 chyb", "1 chyba", "2 chyby", "4 chyby", "5 chyb"]);
    assert_eq!(say(Msg::CountBlunders, 1, Lang::Cs), "1 hrubá chyba");
    assert_eq!(say(Msg::CountBlunders, 3, Lang::Cs), "3 hrubé chyby");
    assert_eq!(say(Msg::CountInaccuracies, 7, Lang::Cs), "7 nepřesností");
    assert_eq!(say(Msg::CountInaccuracies, 1, Lang::En), "1 inaccuracy");
    assert_eq!(say(Msg::CountInaccuracies, 0, Lang::En), "0 inaccuracies");
    // Without a number the form for many is taken, never a panic.
    assert_eq!(Text::new(Msg::CountMistakes).arg("n", "x").render(Lang::Cs), "x chyb");
    assert_eq!(Text::new(Msg::CountMistakes).render(Lang::En), "{n} mistakes");
    // The page gets a counted message as the list of its forms.
    let json = catalogue_json(Lang::Cs);
    assert_eq!(
        json["messages"]["CountMistakes"],
        serde_json::json!(["{n} chyba", "{n} chyby", "{n} chyb"])
    );
    assert_eq!(json["messages"]["Undo"], "Zpět");
}

#[test]
fn level_file_and_tablebase_problems_are_worded_in_czech() {
    use crate::game::strength::Strength;
    use crate::game::{FileError, FileWhy};
    let e = Strength::parse("velmistr").unwrap_err();
    let cs = level_error(&e).render(Lang::Cs);
    assert!(
        cs.starts_with("neznámá úroveň 'velmistr'") && cs.contains("začátečník, nováček"),
        "{cs}"
    );
    assert!(level_error(&e).render(Lang::En).contains("beginner, novice"));
    let e = Strength::parse("3000").unwrap_err();
    assert_eq!(level_error(&e).render(Lang::Cs), "Elo 3000 je mimo rozsah 600–2800");
    let missing = FileError::Read { file: "a.pgn".into(), why: FileWhy::NotFound };
    assert_eq!(
        file_error(&missing).render(Lang::Cs),
        "Soubor a.pgn nelze přečíst: takový soubor neexistuje"
    );
    assert_eq!(missing.to_string(), "Cannot read a.pgn: there is no such file");
    let dir =
        FileError::Write { file: "/tmp".into(), why: FileWhy::NotRegular("a directory".into()) };
    assert_eq!(
        file_error(&dir).render(Lang::Cs),
        "Do souboru /tmp nelze zapsat: není to obyčejný soubor (a directory)"
    );
    let pgn = FileError::NoGame { file: "b.pgn".into(), why: "no moves".into() };
    assert_eq!(file_error(&pgn).render(Lang::Cs), "V souboru b.pgn není čitelná partie: no moves");
    let ev = crate::tb_ondemand::TbEvent::FivePieceHint;
    assert!(tb_event(&ev).render(Lang::Cs).starts_with("Databáze koncovek s 5 kameny"));
    assert!(ev.to_string().starts_with("5-piece tables are not made during play"));
}

#[test]
fn texts_render_their_arguments_in_either_language() {
    let t = Text::new(Msg::EndCheckmate).arg_text("winner", color_msg(Color::Black));
    assert_eq!(t.render(Lang::En), "checkmate, Black wins");
    assert_eq!(t.render(Lang::Cs), "mat, vyhrává Černý");
    // A parameter without an argument stays as written.
    assert_eq!(Text::new(Msg::YouPlayed).render(Lang::En), "You played {move}");
    let json = serde_json::to_value(&t).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"key": "EndCheckmate", "args": {"winner": {"key": "Black", "args": {}}}})
    );
}

#[test]
fn move_errors_are_worded_from_the_core_types() {
    use vidle_core::Position;
    use vidle_core::notation::parse_move;
    let start = Position::startpos();
    let say =
        |text: &str, lang| move_error(&parse_move(&start, text).unwrap_err(), true).render(lang);
    assert_eq!(say("Ke3", Lang::Cs), "Ke3 není možný tah: král nemůže táhnout na e3");
    assert_eq!(say("Ke3", Lang::En), "Ke3 is illegal: no king can move to e3");
    assert_eq!(say("e7e5", Lang::Cs), "e7e5 není možný tah: figura na e7 patří soupeři (Černý)");
    assert_eq!(say("xyz", Lang::Cs), "'xyz' není tah ani příkaz. Napište 'nápověda'.");
    let p = *vidle_core::Game::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap().position();
    let e = parse_move(&p, "Nf3").unwrap_err();
    assert_eq!(move_error(&e, false).render(Lang::Cs), "Nf3 není možný tah: Bílý nemá jezdce");
    // Two knights can reach d2: the candidates are joined in the language's word.
    let p = *vidle_core::Game::from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1").unwrap().position();
    let e = parse_move(&p, "Nd2").unwrap_err();
    assert_eq!(move_error(&e, false).render(Lang::Cs), "Nd2 je nejednoznačný: Nbd2 nebo Nfd2");
    assert_eq!(move_error(&e, false).render(Lang::En), "Nd2 is ambiguous: Nbd2 or Nfd2");
}

#[test]
fn levels_are_named_in_either_language() {
    use crate::game::strength::Strength;
    assert_eq!(level(Strength(Some(1700))).render(Lang::Cs), "Klubový hráč (1700)");
    assert_eq!(level(Strength(None)).render(Lang::En), "Max (full strength)");
    assert_eq!(level(Strength(Some(1234))).render(Lang::Cs), "Elo 1234");
}

#[test]
fn languages_of_locales_and_headers() {
    let env = |vars: &'static [(&'static str, &'static str)]| {
        Lang::from_vars(|n| vars.iter().find(|(k, _)| *k == n).map(|(_, v)| v.to_string()))
    };
    assert_eq!(env(&[("LANG", "cs_CZ.UTF-8")]), Lang::Cs);
    assert_eq!(env(&[("LANG", "cs_CZ.UTF-8"), ("LC_ALL", "C")]), Lang::En);
    assert_eq!(env(&[("LANG", "en_US.UTF-8"), ("LC_MESSAGES", "cs_CZ")]), Lang::Cs);
    assert_eq!(env(&[("LC_ALL", ""), ("LANG", "cs")]), Lang::Cs);
    assert_eq!(env(&[]), Lang::En);
    assert_eq!(Lang::of_accept_language("cs-CZ,cs;q=0.9,en;q=0.8"), Some(Lang::Cs));
    assert_eq!(Lang::of_accept_language("de-DE,en;q=0.5,cs;q=0.7"), Some(Lang::Cs));
    assert_eq!(Lang::of_accept_language("en-GB,cs;q=0"), Some(Lang::En));
    assert_eq!(Lang::of_accept_language("de, fr"), None);
    assert_eq!(Lang::of_accept_language("cs;q=abc"), None);
    assert_eq!(fold("ZPĚT"), "zpet");
    assert_eq!(fold("nápověda"), "napoveda");
}

/// The keys the page's scripts and markup ask for: `t('Key'` in the JS, `data-i18n…="Key"` in
/// the HTML.
fn page_keys() -> Vec<(String, &'static str)> {
    let files: [(&str, &str); 14] = [
        ("app.js", include_str!("../../web/app.js")),
        ("mygames.js", include_str!("../../web/mygames.js")),
        ("review.js", include_str!("../../web/review.js")),
        ("explorer.js", include_str!("../../web/explorer.js")),
        ("variation.js", include_str!("../../web/variation.js")),
        ("i18n.js", include_str!("../../web/i18n.js")),
        ("index.html", include_str!("../../web/index.html")),
        ("practice.html", include_str!("../../web/practice.html")),
        ("practice.js", include_str!("../../web/practice.js")),
        ("mistakes.html", include_str!("../../web/mistakes.html")),
        ("mistakes.js", include_str!("../../web/mistakes.js")),
        ("trainer.js", include_str!("../../web/trainer.js")),
        ("clocks.js", include_str!("../../web/clocks.js")),
        ("themes.js", include_str!("../../web/themes.js")),
    ];
    let mut out = Vec::new();
    for (name, text) in files {
        for pat in [
            "t('",
            "count('",
            "data-i18n=\"",
            "data-i18n-title=\"",
            "data-i18n-placeholder=\"",
            "data-i18n-label=\"",
        ] {
            for (i, _) in text.match_indices(pat) {
                // `t(` as a word, not the end of `split(`.
                let before = text[..i].chars().next_back();
                if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') {
                    continue;
                }
                let key: String = text[i + pat.len()..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric())
                    .collect();
                out.push((key, name));
            }
        }
    }
    out
}

#[test]
fn every_key_the_page_uses_is_in_the_catalogue() {
    let known: BTreeSet<&str> = Msg::ALL.iter().map(|m| m.key()).collect();
    let used = page_keys();
    assert!(
        used.len() > 80,
        "the scan found only {} keys: is it still reading the page?",
        used.len()
    );
    for (key, file) in &used {
        assert!(known.contains(key.as_str()), "{file} asks for '{key}', which the catalogue lacks");
    }
}

/// The style sheet shows no words of its own: a word in a `content:` would stay English on the
/// Czech page (the book moves' "(book)" did).
#[test]
fn the_style_sheet_shows_no_words() {
    let css = include_str!("../../web/style.css");
    for (i, _) in css.match_indices("content:") {
        if css[..i].ends_with('-') {
            continue; // justify-content and the like
        }
        let value = css[i..].split([';', '}']).next().unwrap_or("");
        let quoted: String = value.split(['\'', '"']).skip(1).step_by(2).collect();
        assert!(
            !quoted.chars().any(char::is_alphabetic),
            "style.css shows {value:?}: take the words from the catalogue (attr(data-…))"
        );
    }
}
