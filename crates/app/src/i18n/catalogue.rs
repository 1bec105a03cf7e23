//! The message catalogue: each key with its English and Czech text, for the terminal and the web
//! page alike. A Rust table rather than a data file: a key used in Rust is checked by the
//! compiler (a [`Msg`] variant), both texts are required by the macro's grammar, and the page
//! gets the same table as JSON (`GET /api/messages`). Parameters are written `{name}`.
//!
//! Czech chess words follow the usual Czech usage (Bílý/Černý for the players, jezdec, střelec,
//! věž, dáma, král, pěšec); the names of openings stay in English (see docs/architecture.md).

use super::Lang;

/// The forms of one text: one for most messages, or a counted message's plural forms
/// (`["one", "other"]` in English, `["one", "few", "many"]` in Czech; see [`Lang::plural_form`]).
macro_rules! forms {
    ([$($f:literal),+ $(,)?]) => { &[$($f),+] };
    ($f:literal) => { &[$f] };
}

macro_rules! catalogue {
    ($($key:ident: $en:tt, $cs:tt;)*) => {
        /// A message of the catalogue; its key is the variant's name.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Msg {
            $(
                #[doc = concat!("English ", stringify!($en), ", Czech ", stringify!($cs), ".")]
                $key,
            )*
        }

        impl Msg {
            /// Every message, in the catalogue's order.
            pub const ALL: &[Msg] = &[$(Msg::$key,)*];

            /// The key the page asks for (`t('GameOver')`).
            pub fn key(self) -> &'static str {
                match self { $(Msg::$key => stringify!($key),)* }
            }

            /// The text's forms in `lang`: one, or a counted message's plural forms, chosen by
            /// its `{n}` ([`Lang::plural_form`]).
            pub fn forms(self, lang: Lang) -> &'static [&'static str] {
                match (self, lang) {
                    $((Msg::$key, Lang::En) => forms!($en), (Msg::$key, Lang::Cs) => forms!($cs),)*
                }
            }
        }
    };
}

impl Msg {
    /// The text in `lang`, with its `{parameters}` not filled in (a counted message's last
    /// form, the one for many).
    pub fn text(self, lang: Lang) -> &'static str {
        let forms = self.forms(lang);
        forms[forms.len() - 1]
    }

    /// Whether the text is counted: its form depends on its `{n}`.
    pub fn is_plural(self) -> bool {
        self.forms(Lang::En).len() > 1
    }
}

catalogue! {
    // ---- sides and pieces ----
    White: "White", "Bílý";
    Black: "Black", "Černý";
    WhitePieces: "white", "bílé";
    BlackPieces: "black", "černé";
    Pawn: "pawn", "pěšec";
    Knight: "knight", "jezdec";
    Bishop: "bishop", "střelec";
    Rook: "rook", "věž";
    Queen: "queen", "dáma";
    King: "king", "král";
    // The same pieces as objects ("White has no knight": "Bílý nemá jezdce").
    PawnObj: "pawn", "pěšce";
    KnightObj: "knight", "jezdce";
    BishopObj: "bishop", "střelce";
    RookObj: "rook", "věž";
    QueenObj: "queen", "dámu";
    KingObj: "king", "krále";
    Or: " or ", " nebo ";
    // Two texts with a separator between them (lists: `{a}{or}{b}`).
    Joined: "{a}{or}{b}", "{a}{or}{b}";
    // Text as it is (a detail in English, a name), where a message is expected.
    Plain: "{text}", "{text}";
    // A text with its first letter made a capital (both renderers know this key).
    Capitalised: "{text}", "{text}";

    // ---- the end of a game ----
    GameOverLine: "Game over: {reason} ({result})", "Konec partie: {reason} ({result})";
    EndCheckmate: "checkmate, {winner} wins", "mat, vyhrává {winner}";
    EndStalemate: "stalemate", "pat";
    EndThreefold: "draw by threefold repetition", "remíza trojím opakováním pozice";
    EndFiftyMoves: "draw by the fifty-move rule", "remíza podle pravidla 50 tahů";
    EndMaterial: "draw by insufficient material", "remíza pro nedostatek materiálu";
    EndResigned: "{loser} resigns", "{loser} se vzdává";
    EndOnTime: "{loser} lost on time", "{loser} prohrál na čas";
    EndDrawAgreed: "draw agreed", "remíza dohodou";
    EndMoveLimit: "draw: the limit of {n} moves is reached", "remíza: dosažen limit {n} tahů";

    // ---- what the game session refuses ----
    RefuseGameOver: "The game is over: 'new' starts another, 'undo' takes back.",
        "Partie skončila: 'nová' začne další, 'zpět' vrátí tah.";
    RefuseNotYourTurn: "It is not your move.", "Nejste na tahu.";
    RefuseIllegalMove: "That move is not legal.", "Ten tah není možný.";
    RefuseTimeOut: "Your time has run out.", "Váš čas vypršel.";
    RefuseNothingToUndo: "Nothing to take back.", "Není co vracet.";
    RefuseNothingToRedo: "Nothing to replay.", "Není co opakovat.";
    RefuseDrawDeclined: "Vidle has just declined; make a move first.",
        "Vidle právě odmítl; nejdřív táhněte.";
    RefuseGameChanged: "The game changed meanwhile.", "Partie se mezitím změnila.";

    // ---- a move that cannot be played ----
    MoveNotAMove: "'{text}' is not a move", "'{text}' není tah";
    MoveNotAMoveOrCommand: "'{text}' is not a move or a command. Type 'help'.",
        "'{text}' není tah ani příkaz. Napište 'nápověda'.";
    MoveIllegal: "{text} is illegal: {reason}", "{text} není možný tah: {reason}";
    MoveAmbiguous: "{text} is ambiguous: {candidates}", "{text} je nejednoznačný: {candidates}";
    MoveListHelp: "Type 'moves' for the legal moves or 'help'.",
        "Možné tahy vypíše 'tahy', příkazy 'nápověda'.";
    WhyNoPieceOn: "there is no piece on {square}", "na {square} nestojí žádná figura";
    WhyNotYours: "the piece on {square} belongs to {owner}",
        "figura na {square} patří soupeři ({owner})";
    WhyInCheck: "{color} is in check and this does not get out of it",
        "{color} je v šachu a tento tah ho neodvrací";
    WhyCannotMoveThere: "the {piece} on {square} cannot move there",
        "{piece} na {square} tam táhnout nemůže";
    WhyNoCastling: "castling is not possible here", "rošáda teď není možná";
    WhyNoSuchPiece: "{color} has no {piece}", "{color} nemá {piece}";
    WhyPromotion: "only a pawn reaching the last rank promotes",
        "proměnit se může jen pěšec, který dojde na poslední řadu";
    WhyNoneCanReach: "no {piece} can move to {square}", "{piece} nemůže táhnout na {square}";
    MoveNotLegalHere: "{from}-{to} is not a legal move here", "{from}-{to} tu není možný tah";
    WhyNotYourPiece: "the piece on {square} is not yours to move",
        "figura na {square} není vaše";
    NotASquare: "'{text}' is not a square ({what})", "'{text}' není pole ({what})";
    BadPromotionPiece: "'{text}' is not a promotion piece: use q, r, b or n",
        "'{text}' není figura pro proměnu: q, r, b nebo n";
    ChoosePromotion: "Choose a piece to promote to (q, r, b or n).",
        "Vyberte figuru pro proměnu (q, r, b nebo n).";
    NoSuchPromotion: "No such promotion.", "Taková proměna není možná.";
    NotAPromotion: "That move is not a promotion.", "Ten tah není proměna.";

    // ---- terminal play ----
    Greet: "Vidle — you play {color}. Type 'help' for the commands.",
        "Vidle — hrajete za {color}. Příkazy vypíše 'nápověda'.";
    YouPlayed: "You played {move}", "Váš tah: {move}";
    VidlePlays: "Vidle plays {move}", "Vidle hraje {move}";
    BookMoveNote: "  (book move)", "  (tah z knihovny zahájení)";
    ScoreDepth: "  (score {score}, depth {depth})", "  (hodnocení {score}, hloubka {depth})";
    AnnouncesMate: "Vidle announces mate in {n}!", "Vidle ohlašuje mat v {n}!";
    TbMates: "{color} mates in {n} (tablebase)", "{color} dá mat v {n} (databáze koncovek)";
    TbIsMated: "{color} is mated in {n} (tablebase)",
        "{color} dostane mat v {n} (databáze koncovek)";
    TbDraw: "draw (tablebase)", "remíza (databáze koncovek)";
    HintBook: "Hint: {move} (book move)", "Nápověda: {move} (tah z knihovny zahájení)";
    HintScore: "Hint: {move} ({score})", "Nápověda: {move} ({score})";
    HintPlain: "Hint: {move}", "Nápověda: {move}";
    NoLegalMoves: "No legal moves.", "Žádný možný tah.";
    DrawAccepted: "Vidle accepts the draw.", "Vidle remízu přijímá.";
    DrawDeclined: "Vidle declines the draw.", "Vidle remízu odmítá.";
    VidleOffersDraw: "Vidle offers a draw: type 'draw' to accept it; your next move declines it.",
        "Vidle nabízí remízu: příkaz 'remíza' ji přijme, váš další tah ji odmítne.";
    VidleOffersDrawShort: "Vidle offers a draw", "Vidle nabízí remízu";
    DrawTaken: "You accept Vidle's offer: the game is drawn.",
        "Přijímáte nabídku Vidle: partie končí remízou.";
    AcceptDraw: "Accept the draw", "Přijmout remízu";
    NewColorUsage: "new: '{word}'? white, black or random", "nová: '{word}'? bílé, černé nebo náhodně";
    LoadSkipped: "load {file}: skipped {why}", "nahraj {file}: přeskočeno: {why}";
    Loaded: "Loaded {file} ({result})", "Načteno {file} ({result})";
    SavedTo: "Saved {file}", "Uloženo do {file}";
    NoClockMovetime: "No clock; the engine thinks {ms} ms per move",
        "Bez hodin; počítač přemýšlí {ms} ms na tah";
    NoClockDepth: "No clock; the engine searches to a fixed depth",
        "Bez hodin; počítač počítá do pevné hloubky";
    LevelIs: "Level: {level}", "Úroveň: {level}";
    OptionError: "{option}: {error}", "{option}: {error}";
    LineUnreadable: "the line could not be read ({why}); ignored",
        "řádek nejde přečíst ({why}); přeskočen";
    LineNotUtf8: "the line is not valid UTF-8 ('{text}'); ignored",
        "řádek není platné UTF-8 ('{text}'); přeskočen";
    EngineError: "engine: {error}", "počítač: {error}";
    NothingToAnalyse: "No moves to analyse yet.", "Zatím není co rozebrat.";
    UsagePgn: "usage: pgn [save FILE]", "použití: pgn [ulož SOUBOR]";
    UsageSave: "usage: save FILE", "použití: ulož SOUBOR";
    UsageLoad: "usage: load FILE", "použití: nahraj SOUBOR";
    UsageAnalyse: "usage: analyse [save FILE | stop]", "použití: rozbor [ulož SOUBOR | zastav]";
    HelpIntro: "Type a move in SAN (Nf3, exd5, O-O, e8=Q), long algebraic (g1f3) or with Czech letters (Jf3).\nCommands (English and Czech words):",
        "Zadejte tah v SAN (Jf3, exd5, O-O, e8=D), v dlouhé notaci (g1f3) nebo s anglickými písmeny (Nf3).\nPříkazy (české i anglické):";
    HelpMoves: "list the legal moves", "vypíše možné tahy";
    HelpNew: "start a new game", "začne novou partii";
    HelpUndo: "take back a move", "vrátí tah";
    HelpRedo: "replay a move taken back", "zopakuje vrácený tah";
    HelpHint: "ask the engine for a move", "nápověda od počítače";
    HelpFlip: "turn the board around", "otočí šachovnici";
    HelpBoard: "draw the board again", "znovu vykreslí šachovnici";
    HelpLevel: "show or set the strength", "ukáže nebo nastaví sílu počítače";
    HelpTime: "show the clocks", "ukáže hodiny";
    HelpFen: "the position as FEN", "pozice ve FEN";
    ShowEval: "Show evaluation", "Zobrazit hodnocení";
    UndoneTo: "Taken back: your move again ({color} to move, move {n}).", "Vzato zpět: jste znovu na tahu ({color} táhne, tah {n}).";
    RedoneTo: "Played again: move {n}, {color} to move.", "Zahráno znovu: tah {n}, táhne {color}.";
    FlippedTo: "The board is turned: {color} at the bottom.", "Šachovnice otočena: dole {color}.";
    HideEval: "Hide evaluation", "Skrýt hodnocení";
    HelpEval: "show or hide the engine's evaluation during the game", "zobrazí nebo skryje hodnocení počítače během partie";
    EvalShown: "The engine's evaluation is shown during the game.", "Hodnocení počítače se během partie zobrazuje.";
    EvalHidden: "The engine's evaluation is hidden until the game ends ('eval' shows it).", "Hodnocení počítače je skryté do konce partie ('hodnocení' ho zobrazí).";
    HelpPgn: "show the game as PGN, or save it", "ukáže partii v PGN, nebo ji uloží";
    HelpSave: "save the game as PGN", "uloží partii v PGN";
    HelpLoad: "continue a game from a PGN file", "pokračuje v partii ze souboru PGN";
    HelpDraw: "offer a draw", "nabídne remízu";
    HelpResign: "give up", "vzdá partii";
    HelpAnalyse: "judge the moves (the whole game once it ends), save them annotated, or stop (Esc too); ← → step through an analysed game",
        "posoudí tahy (po konci celou partii), uloží je s komentáři, nebo zastaví (i Esc); ← → projdou rozebranou partii";
    HelpHelp: "this text", "tato nápověda";
    HelpQuit: "leave", "konec programu";
    ArgFile: "FILE", "SOUBOR";
    ArgColor: "[white|black|random]", "[bílé|černé|náhodně]";
    ArgLevel: "[NAME|ELO]", "[NÁZEV|ELO]";
    ArgPgnSave: "[save FILE]", "[ulož SOUBOR]";
    ArgAnalyse: "[save FILE | stop]", "[ulož SOUBOR | zastav]";
    WindowTooSmall: "The window is too small for the board; it needs {need} ({have})",
        "Okno je pro šachovnici malé; je třeba {need} ({have})";
    You: "you", "vy";
    Took: "{color} took: {pieces}", "{color} sebral: {pieces}";
    Captured: "Captured: {pieces}", "Sebráno: {pieces}";
    MovesTitle: "Moves", "Tahy";
    HintTitle: "Hint", "Nápověda";
    DrawOfferTitle: "Draw offer", "Nabídka remízy";
    EngineTitle: "Engine", "Počítač";
    MessagesTitle: "Messages", "Zprávy";
    Depth: "depth", "hloubka";
    Nodes: "nodes", "uzlů";
    Thinking: "thinking…", "přemýšlí…";
    PromotePrompt: "Promote to: q queen, r rook, b bishop, n knight (Enter: queen, Esc: cancel)",
        "Proměna v: q dámu, r věž, b střelce, n jezdce (Enter: dáma, Esc: zpět)";
    ToMove: "{color} to move", "{color} na tahu";
    Check: "Check!", "Šach!";
    TuiInputHelp: "type a move or click a piece; Tab completes",
        "napište tah nebo klikněte na figuru; Tab doplní";
    PremoveKept: "premove {move} (Esc or a right click cancels it)",
        "předtah {move} (Esc nebo pravé tlačítko ho zruší)";
    PremoveSet: "Premove {move}: played when Vidle has moved",
        "Předtah {move}: zahraje se, až Vidle potáhne";
    PremoveDropped: "Premove {move} dropped: not legal now",
        "Předtah {move} zahozen: teď není možný";
    GameOverPrompt: "game over> ", "konec partie> ";
    AnalysisStopped: "The analysis was stopped.", "Rozbor byl zastaven.";
    NoAnalysisRunning: "No analysis is running.", "Žádný rozbor neběží.";
    AnalysisRunning: "The analysis is running; Esc or 'analyse stop' stops it.",
        "Rozbor běží; Esc nebo 'rozbor zastav' ho zastaví.";
    StartEval: "Start", "Začátek";
    Best: "best", "lepší";
    Accuracy: "accuracy", "přesnost";
    ReviewKeys: "← → Home End: moves, Esc: the game now", "← → Home End: tahy, Esc: partie teď";

    // ---- tablebases ----
    Tablebase: "Tablebase", "Databáze koncovek";
    TbHeading: "Tablebase: {verdict}, {value} ({source})",
        "Databáze koncovek: {verdict}, {value} ({source})";
    TbSourceOwn: "Vidle tables (DTM, DTZ)", "tabulky Vidle (DTM, DTZ)";
    TbSourceSyzygy: "Syzygy tables (WDL, DTZ)", "tabulky Syzygy (WDL, DTZ)";
    TbWins: "{color} wins", "vyhrává {color}";
    TbVerdictDraw: "draw", "remíza";
    TbMateIn: "mate in {n}", "mat v {n}";
    TbMated: "mated", "mat";
    TbLosesIn: "loses in {n}", "dostane mat v {n}";
    TbCursed: "{value} (cursed: drawn by the fifty-move rule)",
        "{value} (přesto remíza podle pravidla 50 tahů)";
    TbBlessed: "{value} (blessed: saved by the fifty-move rule)",
        "{value} (zachrání ho pravidlo 50 tahů)";
    TbWin: "win", "výhra";
    TbLoss: "loss", "prohra";
    TbCursedWin: "cursed win (drawn by the fifty-move rule)",
        "výhra, přesto remíza podle pravidla 50 tahů";
    TbBlessedLoss: "blessed loss (saved by the fifty-move rule)",
        "prohra, kterou zachrání pravidlo 50 tahů";
    TbResets: "{value} (resets the fifty-move count)", "{value} (vynuluje počítání 50 tahů)";
    TbDtz: "{value}, DTZ {n}", "{value}, DTZ {n}";
    TbMate: "mate", "mat";
    TbMoveValue: "{move} {value}", "{move} {value}";
    TbProblem: "{why}", "Potíž s databází koncovek: {why}";
    TbGenerating: "Generating tablebase {names}…", "Počítám databázi koncovek {names}…";
    TbReady: "Tablebase {name} ready", "Databáze koncovek {name} je hotová";
    TbFailed: "Tablebase generation failed: {why}", "Výpočet databáze koncovek selhal: {why}";
    TbFivePieceHint: "5-piece tables are not made during play: `vidle tb gen --max-pieces 5` makes all 110 (about 2 hours on 2 cores, up to 9.1 GiB of memory)",
        "Databáze koncovek s 5 kameny se během hry nepočítají: `vidle tb gen --max-pieces 5` spočítá všech 110 (asi 2 hodiny na 2 jádrech, až 9,1 GiB paměti)";

    // ---- endgame practice (`vidle practice`, practice/) ----
    PracticePageTitle: "Vidle — endgame practice", "Vidle — cvičení koncovek";
    PracticeHeading: "Endgame practice", "Cvičení koncovek";
    PracticePlayLink: "Play a game", "Hrát partii";
    PracticeMaterialLabel: "Endgame", "Koncovka";
    PracticeDrawLabel: "hold a draw (weaker side)", "udržet remízu (slabší strana)";
    PracticeMinMateLabel: "least mate", "mat nejméně v";
    PracticeSeedLabel: "seed", "semínko";
    PracticeNew: "New exercise", "Nové cvičení";
    PracticeIntro: "Practice {material}: you play {color}; {goal}.",
        "Cvičení {material}: hrajete jako {color}; {goal}.";
    PracticeGoalMate: "mate in {n} with best play", "mat v {n} při nejlepší hře";
    PracticeGoalHold: "hold the draw", "udržte remízu";
    PracticeGoalResist: "mated in {n} with best play: resist as long as you can",
        "při nejlepší hře mat v {n}: braňte se co nejdéle";
    PracticeHelp: "Type a move (SAN such as Kd3 or UCI such as e2e3), or: hint, undo, board, quit.",
        "Zadejte tah (SAN jako Kd3 nebo UCI jako e2e3), nebo: rada, zpět, šachovnice, konec.";
    PracticeSeed: "Seed {seed} (--seed {seed} gives this exercise again).",
        "Semínko {seed} (--seed {seed} dá totéž cvičení znovu).";
    PracticeFeedback: "{move}: {verdict}", "{move}: {verdict}";
    PracticeBest: "best: mate in {from} → {to}", "nejlepší: mat v {from} → {to}";
    PracticeBestMates: "best: checkmate!", "nejlepší: mat!";
    PracticeSlower: ["slower: the win is {n} move longer, mate in {to} instead of {best_to} (best: {best})",
        "slower: the win is {n} moves longer, mate in {to} instead of {best_to} (best: {best})"],
        ["pomalejší: výhra je o {n} tah delší, mat v {to} místo {best_to} (nejlepší: {best})",
        "pomalejší: výhra je o {n} tahy delší, mat v {to} místo {best_to} (nejlepší: {best})",
        "pomalejší: výhra je o {n} tahů delší, mat v {to} místo {best_to} (nejlepší: {best})"];
    PracticeThrowsWin: "that throws away the win: draw (best: {best}, mate in {best_to})",
        "tím pouštíte výhru: remíza (nejlepší: {best}, mat v {best_to})";
    PracticeLosesWin: "that throws away the win and loses: mated in {to} (best: {best})",
        "tím pouštíte výhru a prohráváte: mat v {to} (nejlepší: {best})";
    PracticeHolds: "best: holds the draw", "nejlepší: drží remízu";
    PracticeLoses: "that loses: mated in {to} (best: {best} holds the draw)",
        "tím prohráváte: mat v {to} (nejlepší: {best} drží remízu)";
    PracticeBestDefence: "best defence: mated in {from} → {to}", "nejlepší obrana: mat v {from} → {to}";
    PracticeFaster: ["loses {n} move sooner: mated in {to} instead of {best_to} (best: {best})",
        "loses {n} moves sooner: mated in {to} instead of {best_to} (best: {best})"],
        ["prohrává o {n} tah dříve: mat v {to} místo {best_to} (nejlepší: {best})",
        "prohrává o {n} tahy dříve: mat v {to} místo {best_to} (nejlepší: {best})",
        "prohrává o {n} tahů dříve: mat v {to} místo {best_to} (nejlepší: {best})"];
    PracticeReply: "Vidle replies {move} ({status})", "Vidle odpovídá {move} ({status})";
    PracticeStatusMate: "you mate in {n}", "dáte mat v {n}";
    PracticeStatusMated: "you are mated in {n}", "dostanete mat v {n}";
    PracticeStatusDraw: "draw", "remíza";
    PracticeHint: "Hint: {move} ({status})", "Rada: {move} ({status})";
    PracticeUndone: "Taken back: {move}.", "Vzato zpět: {move}.";
    PracticeOver: "The exercise is over: undo takes back a move, quit ends.",
        "Cvičení skončilo: zpět vezme tah zpět, konec ukončí.";
    PracticeEndMate: "Checkmate: you won.", "Mat: vyhráli jste.";
    PracticeEndMated: "Checkmate: you lost.", "Mat: prohráli jste.";
    PracticeEndStalemate: "Stalemate: draw.", "Pat: remíza.";
    PracticeEndDead: "Draw: nobody can mate any more.", "Remíza: mat už nikdo dát nemůže.";
    PracticeEndFifty: "Draw by the fifty-move rule: you held the draw.",
        "Remíza podle pravidla 50 tahů: remízu jste udrželi.";
    PracticeFiftyWarning: "Note: mate in {n} needs more than the 50 moves the fifty-move rule allows without a capture or pawn move; the tables (DTM) ignore the rule, and so does this practice.",
        "Pozor: mat v {n} potřebuje víc než 50 tahů, které pravidlo 50 tahů dovolí bez braní a tahu pěšcem; databáze (DTM) pravidlo nezná, toto cvičení také ne.";
    PracticeFiftyPassed: "50 moves without a capture or pawn move: in a game this would now be a draw; the practice goes on.",
        "50 tahů bez braní a tahu pěšcem: ve hře by teď byla remíza; cvičení pokračuje.";
    PracticeSummary: "Summary: {moves}; {lost}; {blunders}. {result}",
        "Shrnutí: {moves}; {lost}; {blunders}. {result}";
    PracticeSummaryMoves: ["{n} move played, {best} of them best", "{n} moves played, {best} of them best"],
        ["{n} zahraný tah, z toho nejlepších {best}", "{n} zahrané tahy, z toho nejlepších {best}",
        "{n} zahraných tahů, z toho nejlepších {best}"];
    PracticeSummaryLost: ["{n} move lost against best play", "{n} moves lost against best play"],
        ["{n} tah ztracený proti nejlepší hře", "{n} tahy ztracené proti nejlepší hře",
        "{n} tahů ztracených proti nejlepší hře"];
    PracticeSummaryBlunders: ["{n} move that threw away the result", "{n} moves that threw away the result"],
        ["{n} tah, který pokazil výsledek", "{n} tahy, které pokazily výsledek",
        "{n} tahů, které pokazily výsledek"];
    PracticeResultMate: "You mated in {n} (best play: mate in {best}).",
        "Mat jste dali za {n} (nejlepší hra: mat v {best}).";
    PracticeResultDraw: "Result: draw ({start} at the start).", "Výsledek: remíza (na začátku {start}).";
    PracticeResultMated: "You were mated after {n} moves ({start} at the start).",
        "Dostali jste mat po {n} tazích (na začátku {start}).";
    PracticeResultStopped: "Stopped: {status} ({start} at the start).",
        "Přerušeno: {status} (na začátku {start}).";
    PracticeErrMaterial: "'{text}' is no endgame: write it like KRvK or KBNvK (one king a side)",
        "'{text}' není koncovka: pište ji jako KRvK nebo KBNvK (každá strana jeden král)";
    PracticeErrPieces: "{material}: practice covers endgames of 3 to 5 pieces (kings included)",
        "{material}: cvičit lze koncovky se 3 až 5 kameny (i s králi)";
    PracticeErrNoWin: "{material}: {color} wins no position, so there is nothing to practise (try --draw)",
        "{material}: {color} nevyhraje žádnou pozici, není co cvičit (zkuste --draw)";
    PracticeErrNoDraw: "{material}: {color} holds no drawn position in which a move loses",
        "{material}: {color} nemá žádnou remízovou pozici, v níž by nějaký tah prohrával";
    PracticeErrMinMate: "{material}: the longest mate is in {longest} moves, shorter than --min-mate {n}",
        "{material}: nejdelší mat je v {longest} tazích, kratší než --min-mate {n}";
    PracticeErrNotFound: "{material}: no position found in {tries} tries (lower --min-mate)",
        "{material}: ani po {tries} pokusech se nenašla pozice (snižte --min-mate)";
    PracticeErrFen: "--fen: {why}", "--fen: {why}";
    PracticeErrCastling: "the tables hold no positions with castling rights",
        "databáze neobsahují pozice s právem rošády";
    PracticeErrOverAlready: "the game is already over in this position",
        "v této pozici už hra skončila";
    PracticeErrNotCovered: "no table covers this position (tables in {dir})",
        "žádná databáze tuto pozici nepokrývá (databáze v {dir})";
    PracticeSlowTables: "5-piece tables take minutes and up to {gib} GiB of memory.",
        "Databáze s 5 kameny se počítají minuty a potřebují až {gib} GiB paměti.";

    // ---- the analysis summary (terminal play; `vidle analyse` prints the English one) ----
    CountInaccuracies: ["{n} inaccuracy", "{n} inaccuracies"],
        ["{n} nepřesnost", "{n} nepřesnosti", "{n} nepřesností"];
    CountMistakes: ["{n} mistake", "{n} mistakes"], ["{n} chyba", "{n} chyby", "{n} chyb"];
    CountBlunders: ["{n} blunder", "{n} blunders"],
        ["{n} hrubá chyba", "{n} hrubé chyby", "{n} hrubých chyb"];
    SummarySide: "{who}: {inaccuracies}, {mistakes}, {blunders}, {accuracy}",
        "{who}: {inaccuracies}, {mistakes}, {blunders}, {accuracy}";
    PlayerNamed: "{color} ({name})", "{color} ({name})";
    SummaryBest: ", best {move}", ", lepší {move}";
    SummaryMate: "mate", "mat";

    // ---- levels ----
    LevelWords: "beginner, novice, casual, club, strong, expert, master, max",
        "začátečník, nováček, rekreační, klubový, silný, expert, mistr, max";
    LevelOutOfRange: "Elo {elo} is outside 600–2800", "Elo {elo} je mimo rozsah 600–2800";
    LevelUnknown: "unknown level '{text}': use an Elo (600–2800) or one of {names}",
        "neznámá úroveň '{text}': zadejte Elo (600–2800) nebo jednu z úrovní {names}";

    // ---- files ----
    FileRead: "Cannot read {file}: {why}", "Soubor {file} nelze přečíst: {why}";
    FileWrite: "Cannot write {file}: {why}", "Do souboru {file} nelze zapsat: {why}";
    FileNotFound: "there is no such file", "takový soubor neexistuje";
    FileNoDirectory: "its directory does not exist", "jeho složka neexistuje";
    FileDenied: "permission denied", "chybí oprávnění";
    FileNotRegular: "it is not a regular file ({what})", "není to obyčejný soubor ({what})";
    FileTooLarge: "it is larger than the limit of {what}", "je větší než povolených {what}";
    FileNoPgn: "{file} holds no readable game: {why}",
        "V souboru {file} není čitelná partie: {why}";

    // ---- the web page ----
    PageTitle: "Vidle — play chess", "Vidle — šachy";
    NewGame: "New game", "Nová partie";
    NewGameTip: "New game (N)", "Nová partie (N)";
    Flip: "Flip", "Otočit";
    FlipTip: "Flip the board (F)", "Otočit šachovnici (F)";
    PasteFenPgn: "Paste FEN/PGN", "Vložit FEN/PGN";
    PasteTip: "Set up a FEN or replay a PGN", "Postavit pozici z FEN nebo přehrát PGN";
    Sound: "Sound", "Zvuk";
    BoardTheme: "Board", "Šachovnice";
    BoardColours: "Board colours", "Barvy šachovnice";
    ThemeBrown: "Brown", "Hnědá";
    ThemeBlue: "Blue", "Modrá";
    ThemeGreen: "Green", "Zelená";
    ThemeGrey: "Grey", "Šedá";
    ThemePurple: "Purple", "Fialová";
    PieceTheme: "Pieces", "Figury";
    PieceStyle: "Piece style", "Styl figur";
    PiecesClassic: "Classic", "Klasické";
    PiecesRaised: "Raised", "Plastické";
    PiecesContrast: "High contrast", "Vysoký kontrast";
    Language: "Language", "Jazyk";
    BoardLabel: "Board", "Šachovnice";
    CapturedPieces: "Captured pieces", "Sebrané figury";
    Evaluation: "Evaluation", "Hodnocení";
    Connecting: "Connecting…", "Připojuji…";
    AnalysisLabel: "Analysis", "Rozbor";
    ChartLabel: "Evaluation chart: click a point to see that move",
        "Graf hodnocení: kliknutím na bod zobrazíte tah";
    DownloadAnnotated: "Download the annotated PGN", "Stáhnout PGN s komentáři";
    GameInfo: "Game information", "O partii";
    VidleWaiting: "Vidle is waiting", "Vidle čeká";
    MovesLabel: "Moves", "Tahy";
    StartingPosition: "Starting position", "Výchozí pozice";
    SetUpPosition: "Set-up position", "Postavená pozice";
    OpeningUnknown: "Opening unknown", "Neznámé zahájení";
    FirstPosition: "First position (Home)", "Výchozí pozice (Home)";
    PreviousMove: "Previous move (←)", "Předchozí tah (←)";
    NextMove: "Next move (→)", "Další tah (→)";
    CurrentPosition: "Current position (End)", "Současná pozice (End)";
    TypeMove: "Type a move", "Napište tah";
    TypeMovePlaceholder: "Type a move: e4, Nf3, O-O…", "Napište tah: e4, Jf3, O-O…";
    Play: "Play", "Hrát";
    Actions: "Actions", "Akce";
    Undo: "Undo", "Zpět";
    UndoTip: "Take back (U)", "Vrátit tah (U)";
    Hint: "Hint", "Nápověda";
    HintTip: "Hint (H)", "Nápověda (H)";
    OfferDraw: "Offer draw", "Nabídnout remízu";
    Resign: "Resign", "Vzdát";
    Analyse: "Analyse", "Rozbor";
    AnalyseTip: "Judge every move with the engine", "Počítač posoudí každý tah";
    SavePgn: "Save PGN", "Uložit PGN";
    CopyFen: "Copy FEN", "Kopírovat FEN";
    YouPlay: "You play", "Hrajete za";
    RandomColor: "Random", "Náhodně";
    WhiteColor: "White", "Bílé";
    BlackColor: "Black", "Černé";
    Strength: "Strength", "Síla";
    LevelBeginner: "Beginner (800)", "Začátečník (800)";
    LevelNovice: "Novice (1100)", "Nováček (1100)";
    LevelCasual: "Casual (1400)", "Rekreační hráč (1400)";
    LevelClub: "Club (1700)", "Klubový hráč (1700)";
    LevelStrong: "Strong (2000)", "Silný hráč (2000)";
    LevelExpert: "Expert (2300)", "Expert (2300)";
    LevelMaster: "Master (2600)", "Mistr (2600)";
    LevelMax: "Max (full strength)", "Max (plná síla)";
    TimeControl: "Time control", "Tempo";
    NoClock: "No clock", "Bez hodin";
    Classical: "30+0 classical", "30+0 klasické";
    StartFrom: "Start from", "Začít z";
    StandardPosition: "Standard position", "Základní postavení";
    Chess960Random: "Chess960 (random)", "Chess960 (náhodně)";
    PgnReplay: "PGN (replay a game)", "PGN (přehrát partii)";
    PasteHere: "Paste a FEN or a PGN here", "Sem vložte FEN nebo PGN";
    PastePgn: "Paste a PGN game here", "Sem vložte partii v PGN";
    PasteFen: "Paste a FEN, e.g. {example}", "Sem vložte FEN, např. {example}";
    Cancel: "Cancel", "Zrušit";
    Close: "Close", "Zavřít";

    // ---- my games (web/mygames.js) ----
    MyGames: "My games", "Moje partie";
    MyGamesTip: "The games this browser played, and your rating", "Partie hrané v tomto prohlížeči a váš rating";
    MyGamesEmpty: "No games yet: the games you start in this browser are listed here.",
        "Zatím žádné partie: tady budou partie, které v tomto prohlížeči začnete.";
    MyGamesNote: "This list lives in this browser only. Forget takes a game off it; the server keeps the game.",
        "Tento seznam je jen v tomto prohlížeči. Zapomenout partii ze seznamu odebere; server si ji ponechá.";
    ColDate: "Date", "Datum";
    ColColour: "Colour", "Barva";
    ColResult: "Result", "Výsledek";
    ColMoves: "Moves", "Tahy";
    GameWon: "won", "výhra";
    GameLost: "lost", "prohra";
    GameDrawn: "drawn", "remíza";
    GameInProgress: "in progress", "rozehraná";
    Continue: "Continue", "Pokračovat";
    OpenGame: "Open", "Otevřít";
    Forget: "Forget", "Zapomenout";
    ForgetTip: "Take this game off the list in this browser (the server keeps it)",
        "Odebrat partii ze seznamu v tomto prohlížeči (server si ji ponechá)";
    PromoteTo: "Promote to", "Proměnit v";
    QueenName: "Queen", "Dáma";
    KnightName: "Knight", "Jezdec";
    RookName: "Rook", "Věž";
    BishopName: "Bishop", "Střelec";
    FootBoardBy: "board by", "šachovnice";
    FootPieces: "pieces", "figury";
    FootCredits: "credits", "autoři";
    StatusYourMove: "Your move ({color}).", "Jste na tahu ({color}).";
    StatusThinking: "Vidle is thinking…", "Vidle přemýšlí…";
    StatusOver: "{reason} — {result}", "{reason} — {result}";
    PlayerYou: "You ({color})", "Vy ({color})";
    PlayerVidle: "Vidle · {level} ({color})", "Vidle · {level} ({color})";
    AnalysingProgress: "Analysing… {done}/{total} positions", "Rozbor… {done}/{total} pozic";
    Analysing: "Analysing…", "Rozbor…";
    AnalysisFailedWhy: "The analysis failed: {why}", "Rozbor se nepodařil: {why}";
    GameGone: "The server needed room and closed this game, the least recently used. Start a new game.",
        "Server potřeboval místo a zavřel tuto partii, nejdéle nepoužitou. Začněte novou.";
    IllegalMoveFlash: "Illegal move: {why}", "Nemožný tah: {why}";
    ViewingStart: "Viewing the start position — press End to return",
        "Prohlížíte výchozí pozici — klávesa End vás vrátí";
    ViewingAfter: "Viewing after {move} — press End to return",
        "Prohlížíte pozici po {move} — klávesa End vás vrátí";
    ViewingStartTouch: "Viewing the start position — tap here to return",
        "Prohlížíte výchozí pozici — klepnutím sem se vrátíte";
    ViewingAfterTouch: "Viewing after {move} — tap here to return",
        "Prohlížíte pozici po {move} — klepnutím sem se vrátíte";
    BookMove: "Book move", "Tah z knihovny zahájení";
    BookMark: "book", "knihovna";
    BookMovesTip: "Book moves: {moves}", "Tahy z knihovny: {moves}";
    BookMovesShort: " · book: {moves}", " · knihovna: {moves}";
    Inaccuracy: "inaccuracy", "nepřesnost";
    Mistake: "mistake", "chyba";
    Blunder: "blunder", "hrubá chyba";
    EngineMeta: "depth {depth} · {speed}", "hloubka {depth} · {speed}";
    LookingForMove: "Looking for a good move…", "Hledám dobrý tah…";
    ResignConfirm: "Resign this game?", "Opravdu se vzdát?";
    YouOfferDraw: "You offer a draw…", "Nabízíte remízu…";
    FenCopied: "FEN copied to the clipboard.", "FEN je ve schránce.";
    CopyThisFen: "Copy this FEN:", "Zkopírujte si FEN:";
    GameLoaded: "Game loaded: step through it with ← and →.",
        "Partie načtena: procházejte ji klávesami ← a →.";
    GoodLuck: "New game — good luck!", "Nová partie — hodně štěstí!";
    NoServer: "Cannot reach the server: {why}", "Server není dostupný: {why}";
    ServerError: "Server error {status}", "Chyba serveru {status}";
    AccuracyPercent: "accuracy {n}%", "přesnost {n} %";
    NoMovesYet: "no moves", "žádné tahy";

    // ---- the game store (`vidle games`, `vidle play --resume`) ----
    StoreNotDb: "{file} is not a Vidle game store (not an SQLite database)",
        "{file} není úložiště partií Vidle (není to databáze SQLite)";
    StoreDamaged: "the game store {file} is damaged: {why}", "úložiště partií {file} je poškozené: {why}";
    StoreNewer: "the game store {file} was written by a newer Vidle (schema {version})",
        "úložiště partií {file} zapsal novější Vidle (schéma {version})";
    StoreNotRegular: "the game store {file} is not a regular file",
        "úložiště partií {file} není obyčejný soubor";
    StoreFailed: "the game store {file}: {why}", "úložiště partií {file}: {why}";
    StoreOff: "Games are not kept this time: {why}", "Partie se tentokrát neukládají: {why}";
    StoreWriteFailed: "This game is no longer kept: {why}", "Tato partie se už neukládá: {why}";
    StoredBadFen: "its start position does not read ({why})", "nelze přečíst výchozí pozici ({why})";
    StoredBadMove: "its move {ply} ({move}) is not legal", "její tah {ply} ({move}) není možný";
    StoredBadClock: "its time control does not read ({why})", "nelze přečíst tempo ({why})";
    GameUnreadable: "Game {id} cannot be read back: {why}", "Partii {id} nelze přečíst: {why}";
    GameResumed: "Game {id} continues.", "Partie {id} pokračuje.";
    GameResumedOver: "Game {id} is over ({result}); 'new' starts another.",
        "Partie {id} skončila ({result}); 'nová' začne další.";
    NoGameToResume: "There is no unfinished game to continue; 'vidle games' lists them all.",
        "Není žádná nedohraná partie, ve které by šlo pokračovat; 'vidle games' je vypíše všechny.";
    GameDeleted: "Game {id} deleted.", "Partie {id} smazána.";
    NoGamesYet: "No games are stored yet ({file}).", "Zatím nejsou uložené žádné partie ({file}).";
    GamesDate: "date", "datum";
    GamesOpponent: "opponent", "soupeř";
    GamesColor: "colour", "barva";
    GamesResult: "result", "výsledek";
    GamesMoves: "moves", "tahy";
    GamesUnfinished: "unfinished", "nedohraná";
    GamesWon: "won", "výhra";
    GamesLost: "lost", "prohra";
    GamesDrawn: "draw", "remíza";
    // ---- exercises from your mistakes (`vidle games exercises`, mistakes.rs) ----
    ExercisePrompt: "Game {game}, move {number}: you played {move} here ({judgement}, {loss}). Find a better move.",
        "Partie {game}, tah {number}: tady jste zahráli {move} ({judgement}, {loss}). Najděte lepší tah.";
    ExercisePromptMove: "Move {number}: you played {move} here ({judgement}, {loss}). Find a better move.",
        "Tah {number}: tady jste zahráli {move} ({judgement}, {loss}). Najděte lepší tah.";
    ExerciseHelp: "Type a move (SAN such as Nf3 or UCI such as g1f3), or: skip, board, quit.",
        "Napište tah (SAN jako Jf3 nebo UCI jako g1f3), nebo: dál, šachovnice, konec.";
    ExerciseSolvedBest: "{move}: solved, the engine's move.", "{move}: vyřešeno, tah počítače.";
    ExerciseSolvedGood: "{move}: solved, as good as the engine's {best} ({score} against {best_score}).",
        "{move}: vyřešeno, stejně dobré jako {best} počítače ({score} proti {best_score}).";
    ExerciseAgain: "{move} is the move you played in the game; the better move was {best}.",
        "{move} jste zahráli v partii; lepší tah byl {best}.";
    ExerciseWorse: "{move} is not good enough ({score}); the better move was {best} ({best_score}).",
        "{move} nestačí ({score}); lepší tah byl {best} ({best_score}).";
    ExerciseUnreadable: "The exercise of game {game} at half-move {ply} cannot be read back; skipped.",
        "Cvičení z partie {game} u půltahu {ply} nelze přečíst; přeskočeno.";
    ExercisesNone: "No exercises yet: analyse a game ('vidle games analyse ID', or 'analyse' after a game) and your mistakes and blunders become exercises.",
        "Zatím žádná cvičení: nechte partii rozebrat ('vidle games analyse ID' nebo 'analyse' po partii) a vaše chyby se stanou cvičeními.";
    ExercisesCount: ["{n} exercise from your mistakes, the unsolved first.", "{n} exercises from your mistakes, the unsolved first."],
        ["{n} cvičení z vašich chyb, nevyřešená napřed.", "{n} cvičení z vašich chyb, nevyřešená napřed.", "{n} cvičení z vašich chyb, nevyřešená napřed."];
    ExercisesSummary: "Tried {tried}, solved {solved}.", "Zkoušeno {tried}, vyřešeno {solved}.";
    MistakesPageTitle: "Vidle — learn from your mistakes", "Vidle — poučte se ze svých chyb";
    MistakesHeading: "Learn from your mistakes", "Poučte se ze svých chyb";
    MistakesNext: "Next exercise", "Další cvičení";
    MistakesCounter: "Exercise {i} of {total}", "Cvičení {i} z {total}";
    MistakesNoneWeb: "No exercises yet: analyse a game you played in this browser and your mistakes and blunders in it become exercises here.",
        "Zatím žádná cvičení: nechte rozebrat partii, kterou jste hráli v tomto prohlížeči, a vaše chyby v ní se tu stanou cvičeními.";
    ExercisesKept: ["Your mistakes in this game: {n} exercise, kept with the game ('vidle games exercises').", "Your mistakes in this game: {n} exercises, kept with the game ('vidle games exercises')."],
        ["Vaše chyby v této partii: {n} cvičení, uložené s partií ('vidle games exercises').", "Vaše chyby v této partii: {n} cvičení, uložená s partií ('vidle games exercises').", "Vaše chyby v této partii: {n} cvičení, uložených s partií ('vidle games exercises')."];
    // ---- errors the page can show (by the code of the server's answer) ----
    ErrNoGame: "There is no game {id}.", "Partie {id} neexistuje.";
    ErrBadGameId: "'{id}' is not a game id.", "'{id}' není identifikátor partie.";
    ErrTooManyIds: "Ask for at most {n} games at once.", "Najednou jde chtít nejvýš {n} partií.";
    ErrNoStoreExercises: "This server keeps no games, so it keeps no exercises.",
        "Tento server partie neukládá, takže nemá ani cvičení.";
    ErrNoExercise: "Game {id} has no exercise at half-move {ply}.", "Partie {id} nemá cvičení u půltahu {ply}.";
    ErrNoStore: "This server keeps no games, so it cannot rate them.",
        "Tento server partie neukládá, a tak je nemůže hodnotit.";
    ErrStoreRead: "The games could not be read from the store; the server's log says why.",
        "Partie se nepodařilo načíst z úložiště; proč, říká výpis serveru.";
    ErrGameOver: "The game is over.", "Partie skončila.";
    ErrNotYourTurn: "Wait for Vidle's move.", "Počkejte na tah Vidle.";
    ErrIllegalMove: "That move is not legal here.", "Ten tah tu není možný.";
    ErrTimeOut: "Time has run out.", "Čas vypršel.";
    ErrNothingToUndo: "There is no move to take back.", "Není tah, který by šel vrátit.";
    ErrNothingToRedo: "There is no move to replay.", "Není tah, který by šel zopakovat.";
    ErrDrawDeclined: "Vidle has just declined a draw; make a move first.",
        "Vidle právě remízu odmítl; nejdřív táhněte.";
    ErrNoHint: "There is no move to suggest.", "Není tah, který by šel doporučit.";
    ErrNoMoves: "There are no moves to analyse yet.", "Zatím není co rozebrat.";
    ErrFenMissing: "Paste a FEN to start from.", "Vložte FEN, ze kterého se má začít.";
    ErrBadFen: "Bad FEN: {why}", "Chybný FEN: {why}";
    ErrPgnMissing: "Paste a PGN to replay.", "Vložte PGN, které se má přehrát.";
    ErrBadPgn: "Bad PGN: {why}", "Chybné PGN: {why}";
    ErrBusy: "The server is busy; try again in a moment.", "Server je vytížený; zkuste to za chvíli.";
    ErrGameBusy: "Vidle is already working on this game (a hint, a draw offer or an analysis); wait a moment.",
        "Vidle na této partii už pracuje (nápověda, nabídka remízy nebo rozbor); chvíli počkejte.";
    ErrEnginesBusy: "Every engine is busy; try again in a moment.",
        "Všechny počítače jsou vytížené; zkuste to za chvíli.";
    ErrAnalysisCancelled: "The analysis was cancelled.", "Rozbor byl zrušen.";
    ErrNoAnalysis: "This game has not been analysed.", "Tato partie ještě nebyla rozebrána.";
    ErrVariationInPlay: "Variations can be tried once the game is over.",
        "Varianty jde zkoušet, až partie skončí.";
    ErrVariationOver: "The variation has already ended; {move} cannot follow.",
        "Varianta už skončila; {move} po ní nemůže následovat.";
    ErrBadGame: "The game cannot be read: {why}", "Partii nelze přečíst: {why}";
    ErrBadLevel: "Bad level: {why}", "Chybná úroveň: {why}";
    ErrBadTimeControl: "Bad time control: {why}", "Chybné tempo: {why}";
    ErrGameTooLong: "The game has {plies} plies; games here have at most {n}.",
        "Partie má {plies} půltahů; tady jich smí mít nejvýš {n}.";
    ErrTooManyPages: "This game is open in {n} pages already.", "Tato partie je už otevřená na {n} stránkách.";
    ErrTooManyRequests: "Too many requests from this computer; try again in {secs} s.",
        "Z tohoto počítače přišlo příliš mnoho požadavků; zkuste to znovu za {secs} s.";
    ErrTooManyGames: "Too many new games from this computer; try again in {secs} s.",
        "Z tohoto počítače přišlo příliš mnoho nových partií; zkuste to znovu za {secs} s.";
    ErrServerFull: "The server holds {n} games, all in play; try again later.",
        "Server má {n} partií a všechny se hrají; zkuste to později.";

    // ---- the personal rating (rating.rs) ----
    RatingLine: ["Your rating: {rating} ± {rd} (after {n} game); next: {level}",
        "Your rating: {rating} ± {rd} (after {n} games); next: {level}"],
        ["Váš rating: {rating} ± {rd} (po {n} partii); další úroveň: {level}",
        "Váš rating: {rating} ± {rd} (po {n} partiích); další úroveň: {level}",
        "Váš rating: {rating} ± {rd} (po {n} partiích); další úroveň: {level}"];
    RatingNone: "No rating yet: play a game against a named level.",
        "Zatím nemáte rating: zahrajte si partii proti některé z úrovní.";
    RatingWhy: "Against {level} you can expect about {pct}% of the points.",
        "Proti úrovni {level} můžete čekat asi {pct} % bodů.";
    RatingWhyProvisional: "Your rating is still provisional: {level} is nearest to it (about {pct}% of the points); a few more games will settle it.",
        "Váš rating je zatím předběžný: nejblíž mu je úroveň {level} (asi {pct} % bodů); ustálí ho ještě pár partií.";

    // ---- the opening explorer (explorer.rs) ----
    ExplorerTitle: "Opening book", "Knihovna zahájení";
    ExplorerEmpty: "No book moves in this position.", "V této pozici knihovna žádné tahy nemá.";
    ExplorerMove: "move", "tah";
    ExplorerWeight: "weight", "váha";
    ExplorerShare: "share", "podíl";
    ExplorerLearn: "learn", "učení";
    ExplorerNext: "replies", "odpovědi";
    ExplorerNextTip: ["{n} book reply to it", "{n} book replies to it"],
        ["{n} odpověď z knihovny", "{n} odpovědi z knihovny", "{n} odpovědí z knihovny"];
    ExplorerPlayTip: "Click to play it", "Kliknutím ho zahrajete";
    ExplorerShowTip: "Click to show it on the board", "Kliknutím ho ukážete na šachovnici";
    HelpBook: "the opening book's moves here, with their weights",
        "tahy knihovny zahájení v této pozici s jejich vahami";
    // ---- the analysis board's variations (web/variation.rs, variation.js) ----
    Variation: "Variation", "Varianta";
    BackToGame: "Back to the game", "Zpět k partii";
    BackToGameTip: "Back to the game's moves (Esc)", "Zpět k tahům partie (Esc)";
    TryVariation: "Move a piece to try a variation from the position shown.",
        "Tahem figury vyzkoušíte variantu z ukázané pozice.";
    ViewingVariation: "Variation after {move} — press Esc to return to the game",
        "Varianta po {move} — klávesa Esc vás vrátí k partii";
    ViewingVariationStart: "Variation from the start position — press Esc to return to the game",
        "Varianta z výchozí pozice — klávesa Esc vás vrátí k partii";
    ViewingVariationTouch: "Variation after {move} — tap here to return to the game",
        "Varianta po {move} — klepnutím sem se vrátíte k partii";
    ViewingVariationStartTouch: "Variation from the start position — tap here to return to the game",
        "Varianta z výchozí pozice — klepnutím sem se vrátíte k partii";
    VariationEvalMeta: "variation · depth {depth}", "varianta · hloubka {depth}";
}
