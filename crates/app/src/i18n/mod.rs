//! Messages of terminal play in English and Czech (`--lang cs`).

use vidle_core::{Color, Role};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    En,
    Cs,
}

impl Lang {
    pub fn parse(s: &str) -> Option<Lang> {
        match s.to_ascii_lowercase().as_str() {
            "en" | "english" => Some(Lang::En),
            "cs" | "cz" | "czech" | "cestina" | "čeština" => Some(Lang::Cs),
            _ => None,
        }
    }

    /// Picks the English or Czech text.
    pub fn t<'a>(self, en: &'a str, cs: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Cs => cs,
        }
    }

    pub fn color(self, c: Color) -> &'static str {
        match (self, c) {
            (Lang::En, Color::White) => "White",
            (Lang::En, Color::Black) => "Black",
            (Lang::Cs, Color::White) => "Bílý",
            (Lang::Cs, Color::Black) => "Černý",
        }
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

    pub fn help(self) -> &'static str {
        match self {
            Lang::En => HELP_EN,
            Lang::Cs => HELP_CS,
        }
    }
}

const HELP_EN: &str = "\
Type a move in SAN (Nf3, exd5, O-O, e8=Q), long algebraic (g1f3) or with Czech letters (Jf3).
Commands:
  moves            list the legal moves          hint        ask the engine for a move
  undo / redo      take back / replay a move     flip        turn the board around
  new [white|black|random]  start a new game     level [NAME|ELO]  show or set the strength
  time             show the clocks               fen         show the position as FEN
  pgn [save FILE]  show or save the game         load FILE   load a game from PGN
  resign           give up                       draw        offer a draw
  analyse [save FILE]  judge the moves (the whole game once it ends), save it annotated
  help             this text                     quit        leave";

const HELP_CS: &str = "\
Zadejte tah v SAN (Jf3, exd5, O-O, e8=D), v dlouhé notaci (g1f3) nebo s anglickými písmeny (Nf3).
Příkazy:
  moves            vypíše možné tahy             hint        nápověda od počítače
  undo / redo      vrátí / zopakuje tah          flip        otočí šachovnici
  new [white|black|random]  nová partie          level [NÁZEV|ELO]  síla počítače
  time             ukáže hodiny                  fen         pozice ve FEN
  pgn [save SOUBOR] ukáže nebo uloží partii      load SOUBOR načte partii z PGN
  resign           vzdát                         draw        nabídnout remízu
  analyse [save SOUBOR] posoudí tahy (po konci celou partii), uloží je s komentáři
  help             tato nápověda                 quit        konec";
