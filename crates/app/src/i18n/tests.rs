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
    }
}

#[test]
fn texts_render_their_arguments_in_either_language() {
    let t = Text::new(Msg::EndCheckmate).arg_text("winner", color_msg(vidle_core::Color::Black));
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
    use crate::play::strength::Strength;
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
    let files: [(&str, &str); 4] = [
        ("app.js", include_str!("../../web/app.js")),
        ("review.js", include_str!("../../web/review.js")),
        ("i18n.js", include_str!("../../web/i18n.js")),
        ("index.html", include_str!("../../web/index.html")),
    ];
    let mut out = Vec::new();
    for (name, text) in files {
        for pat in [
            "t('",
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
