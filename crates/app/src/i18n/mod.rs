//! Every text a person reads while playing, in English and Czech: one catalogue
//! ([`catalogue.rs`](catalogue)) used by the terminal and served to the web page
//! (`GET /api/messages?lang=cs`), so both word the same things the same way. A message is a
//! [`Msg`] key; one with parameters (`{move}`, `{n}`) is a [`Text`], which the terminal renders
//! here and the web page renders in `web/i18n.js` by the same rule (`{name}` is replaced by the
//! argument, itself plain text or another message).

mod catalogue;
mod words;

pub use catalogue::Msg;
pub use words::{
    end_reason, file_error, level, level_error, level_name, move_error, refusal, store_error,
    tb_event, unreadable_game,
};

use serde::ser::{Serialize, SerializeMap, Serializer};
use vidle_core::{Color, Role};

/// A language the messages are written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    /// English, the default when nothing asks for another.
    En,
    /// Czech.
    Cs,
}

impl Lang {
    /// Every language, in the catalogue's order (English first).
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Cs];

    /// `en`, `cs` (and a few spellings of them).
    pub fn parse(s: &str) -> Option<Lang> {
        match s.to_lowercase().as_str() {
            "en" | "english" => Some(Lang::En),
            "cs" | "cz" | "czech" | "cestina" | "čeština" => Some(Lang::Cs),
            _ => None,
        }
    }

    /// The language of a locale name (`cs_CZ.UTF-8`, `cs-CZ`, `en_GB`): Czech when it starts
    /// with `cs`, else English.
    pub fn of_locale(locale: &str) -> Lang {
        if locale.get(..2).is_some_and(|p| p.eq_ignore_ascii_case("cs")) {
            Lang::Cs
        } else {
            Lang::En
        }
    }

    /// The language of the environment as POSIX orders it: the first of `LC_ALL`,
    /// `LC_MESSAGES`, `LANG` that is set and not empty.
    pub fn from_env() -> Lang {
        Lang::from_vars(|name| std::env::var(name).ok())
    }

    /// [`Lang::from_env`] over any variable lookup (tests).
    pub fn from_vars(get: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|v| get(v))
            .find(|v| !v.is_empty())
            .map_or(Lang::En, |v| Lang::of_locale(&v))
    }

    /// The first language of an `Accept-Language` header we have (`cs-CZ,cs;q=0.9,en;q=0.8`),
    /// by the order of preference the weights give.
    pub fn of_accept_language(header: &str) -> Option<Lang> {
        let mut langs: Vec<(f32, Lang)> = header
            .split(',')
            .filter_map(|part| {
                let mut it = part.split(';');
                let tag = it.next()?.trim();
                let q = it
                    .find_map(|p| p.trim().strip_prefix("q="))
                    .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
                let lang = match tag.get(..2)?.to_ascii_lowercase().as_str() {
                    "cs" => Lang::Cs,
                    "en" => Lang::En,
                    _ => return None,
                };
                (q > 0.0).then_some((q, lang))
            })
            .collect();
        // A stable sort keeps the header's order among equal weights.
        langs.sort_by(|a, b| b.0.total_cmp(&a.0));
        langs.first().map(|&(_, l)| l)
    }

    /// The ISO 639-1 code (`en`, `cs`) that [`Lang::parse`] reads and the page's catalogue is
    /// labelled with.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Cs => "cs",
        }
    }

    /// Which plural form of a counted message `n` takes: English one (1) and other; Czech one
    /// (1), few (2–4) and many (0, 5 and more: `0 chyb`, `1 chyba`, `3 chyby`, `5 chyb`). The
    /// page's `web/i18n.js` has the same rule.
    pub fn plural_form(self, n: u64) -> usize {
        match (self, n) {
            (_, 1) => 0,
            (Lang::Cs, 2..=4) => 1,
            (Lang::Cs, _) => 2,
            (Lang::En, _) => 1,
        }
    }

    /// A message without parameters.
    pub fn tr(self, m: Msg) -> &'static str {
        m.text(self)
    }

    /// A side's name (`White`, `Bílý`).
    pub fn color(self, c: Color) -> &'static str {
        self.tr(color_msg(c))
    }

    /// The piece letter used in SAN output.
    pub fn piece_letter(self, r: Role) -> char {
        match self {
            Lang::En => r.upper_char(),
            Lang::Cs => r.czech_char(),
        }
    }

    /// SAN with this language's piece letters (English SAN in, localised SAN out).
    pub fn localise_san(self, san: &str) -> String {
        if self == Lang::En {
            return san.to_string();
        }
        san.chars()
            .map(|c| match Role::from_char(c) {
                Some(r) if c.is_ascii_uppercase() && c != 'P' => self.piece_letter(r),
                _ => c,
            })
            .collect()
    }
}

/// The message naming a side as a player (`White`).
pub fn color_msg(c: Color) -> Msg {
    if c == Color::White { Msg::White } else { Msg::Black }
}

/// The message naming a side's pieces after "you play" (`white`, `bílé`).
pub fn pieces_msg(c: Color) -> Msg {
    if c == Color::White { Msg::WhitePieces } else { Msg::BlackPieces }
}

/// A message with its arguments, rendered by the terminal ([`Text::render`]) or sent to the
/// page as `{"key": "...", "args": {"name": "text" | {"key": ..., "args": ...}}}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    /// The message whose template is filled in.
    pub msg: Msg,
    /// The value of each `{name}` of the template, in the order they were added (the first
    /// of a repeated name wins).
    pub args: Vec<(&'static str, Arg)>,
}

/// An argument of a [`Text`]: as it is (a move, a number, a file name) or a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// Text put in as it is, the same in every language.
    Plain(String),
    /// A message, rendered in the language of the text around it.
    Text(Text),
}

impl From<Msg> for Text {
    fn from(msg: Msg) -> Text {
        Text { msg, args: Vec::new() }
    }
}

/// Moves inside a text (its `move` and `best` arguments, in English SAN, and those of the texts
/// inside it) in the language's piece letters.
pub fn localise_moves(mut t: Text, lang: Lang) -> Text {
    for (name, arg) in &mut t.args {
        match arg {
            Arg::Plain(s) if matches!(*name, "move" | "best") => *s = lang.localise_san(s),
            Arg::Text(inner) => *inner = localise_moves(inner.clone(), lang),
            Arg::Plain(_) => {}
        }
    }
    t
}

impl Text {
    /// The message without arguments yet (add them with [`Text::arg`], [`Text::arg_text`]).
    pub fn new(msg: Msg) -> Text {
        Text::from(msg)
    }

    /// Adds `{name}` as plain text.
    pub fn arg(mut self, name: &'static str, value: impl ToString) -> Text {
        self.args.push((name, Arg::Plain(value.to_string())));
        self
    }

    /// Adds `{name}` as a message.
    pub fn arg_text(mut self, name: &'static str, value: impl Into<Text>) -> Text {
        self.args.push((name, Arg::Text(value.into())));
        self
    }

    /// The text in `lang`: each `{name}` of the template replaced by its argument (one that has
    /// none stays as it is). A counted message takes the plural form of its `{n}` (the last
    /// form when `n` is missing or no number).
    pub fn render(&self, lang: Lang) -> String {
        let forms = self.msg.forms(lang);
        let n = self.args.iter().find_map(|(name, arg)| match arg {
            Arg::Plain(p) if *name == "n" => p.parse::<u64>().ok(),
            _ => None,
        });
        let template = match n {
            Some(n) => forms[lang.plural_form(n).min(forms.len() - 1)],
            None => forms[forms.len() - 1],
        };
        let mut out = String::with_capacity(template.len() + 16);
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let value = after.find('}').and_then(|close| {
                let name = &after[..close];
                let arg = self.args.iter().find(|(n, _)| *n == name)?;
                Some((close, arg))
            });
            match value {
                Some((close, (_, arg))) => {
                    match arg {
                        Arg::Plain(s) => out.push_str(s),
                        Arg::Text(t) => out.push_str(&t.render(lang)),
                    }
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        if self.msg == Msg::Capitalised {
            let mut chars = out.chars();
            if let Some(first) = chars.next() {
                return first.to_uppercase().chain(chars).collect();
            }
        }
        out
    }
}

impl Serialize for Text {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Args<'a>(&'a [(&'static str, Arg)]);
        impl Serialize for Args<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(Some(self.0.len()))?;
                for (name, arg) in self.0 {
                    match arg {
                        Arg::Plain(p) => m.serialize_entry(name, p)?,
                        Arg::Text(t) => m.serialize_entry(name, t)?,
                    }
                }
                m.end()
            }
        }
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("key", self.msg.key())?;
        m.serialize_entry("args", &Args(&self.args))?;
        m.end()
    }
}

/// The whole catalogue in one language as a JSON object `{key: text}` (what the page loads); a
/// counted message is the list of its plural forms.
pub fn catalogue_json(lang: Lang) -> serde_json::Value {
    let map: serde_json::Map<String, serde_json::Value> = Msg::ALL
        .iter()
        .map(|m| {
            let value = match m.forms(lang) {
                [one] => (*one).into(),
                forms => forms.to_vec().into(),
            };
            (m.key().to_string(), value)
        })
        .collect();
    serde_json::json!({ "lang": lang.code(), "messages": map })
}

pub use crate::text::fold;

#[cfg(test)]
mod tests;
