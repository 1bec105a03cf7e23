//! Typed results worded as catalogue [`Text`]s: the rules core's move errors, the end of a game,
//! the game session's refusals, level and file errors and the news of tables made on demand, for
//! the terminal and the web page alike.

use super::{Msg, Text, color_msg};
use crate::game::stored::UnreadableGame;
use crate::game::strength::LevelError;
use crate::game::{EndReason, FileError, FileWhy, MAX_PLIES, Refusal};
use crate::store::{StoreError, StoreWhy};
use crate::tb_ondemand::TbEvent;
use vidle_core::notation::{IllegalReason, MoveParseError};
use vidle_core::{Outcome, Role};

fn role(r: Role) -> Msg {
    match r {
        Role::Pawn => Msg::Pawn,
        Role::Knight => Msg::Knight,
        Role::Bishop => Msg::Bishop,
        Role::Rook => Msg::Rook,
        Role::Queen => Msg::Queen,
        Role::King => Msg::King,
    }
}

/// A piece as the object of a sentence (Czech declines it: "nemá jezdce").
fn role_object(r: Role) -> Msg {
    match r {
        Role::Pawn => Msg::PawnObj,
        Role::Knight => Msg::KnightObj,
        Role::Bishop => Msg::BishopObj,
        Role::Rook => Msg::RookObj,
        Role::Queen => Msg::QueenObj,
        Role::King => Msg::KingObj,
    }
}

fn illegal_reason(r: IllegalReason) -> Text {
    match r {
        IllegalReason::NoPieceOn(sq) => Text::new(Msg::WhyNoPieceOn).arg("square", sq),
        IllegalReason::NotYours { square, owner } => {
            Text::new(Msg::WhyNotYours).arg("square", square).arg_text("owner", color_msg(owner))
        }
        IllegalReason::InCheck(c) => Text::new(Msg::WhyInCheck).arg_text("color", color_msg(c)),
        IllegalReason::CannotMoveThere { role: r, square } => {
            Text::new(Msg::WhyCannotMoveThere).arg_text("piece", role(r)).arg("square", square)
        }
        IllegalReason::NoCastling => Msg::WhyNoCastling.into(),
        IllegalReason::NoSuchPiece { color, role: r } => Text::new(Msg::WhyNoSuchPiece)
            .arg_text("color", color_msg(color))
            .arg_text("piece", role_object(r)),
        IllegalReason::PromotionNotLastRank => Msg::WhyPromotion.into(),
        IllegalReason::NoneCanReach { role: r, to } => {
            Text::new(Msg::WhyNoneCanReach).arg_text("piece", role(r)).arg("square", to)
        }
    }
}

/// Why typed text is not a move that can be played. `command_too`: the text could also have been
/// a command (the terminal), so a syntax error says it is neither.
pub fn move_error(e: &MoveParseError, command_too: bool) -> Text {
    match e {
        MoveParseError::Syntax { text } => {
            let m = if command_too { Msg::MoveNotAMoveOrCommand } else { Msg::MoveNotAMove };
            Text::new(m).arg("text", text)
        }
        MoveParseError::Illegal { text, reason } => Text::new(Msg::MoveIllegal)
            .arg("text", text)
            .arg_text("reason", illegal_reason(*reason)),
        MoveParseError::Ambiguous { text, candidates } => Text::new(Msg::MoveAmbiguous)
            .arg("text", text)
            .arg_text("candidates", either(candidates)),
    }
}

/// `a or b or c` as a text: `{a}{or}{b}` nested from the right.
fn either(items: &[String]) -> Text {
    let joined = |a: &str| Text::new(Msg::Joined).arg("a", a);
    match items {
        [] => joined("").arg("or", "").arg("b", ""),
        [one] => joined(one).arg("or", "").arg("b", ""),
        [first, rest @ ..] => joined(first).arg_text("or", Msg::Or).arg_text("b", either(rest)),
    }
}

/// Why the game ended.
pub fn end_reason(reason: EndReason) -> Text {
    match reason {
        EndReason::Rules(Outcome::Checkmate { winner }) => {
            Text::new(Msg::EndCheckmate).arg_text("winner", color_msg(winner))
        }
        EndReason::Rules(Outcome::Stalemate) => Msg::EndStalemate.into(),
        EndReason::Rules(Outcome::ThreefoldRepetition) => Msg::EndThreefold.into(),
        EndReason::Rules(Outcome::FiftyMoves) => Msg::EndFiftyMoves.into(),
        EndReason::Rules(Outcome::InsufficientMaterial) => Msg::EndMaterial.into(),
        EndReason::Resigned(c) => Text::new(Msg::EndResigned).arg_text("loser", color_msg(c)),
        EndReason::LostOnTime(c) => Text::new(Msg::EndOnTime).arg_text("loser", color_msg(c)),
        EndReason::DrawAgreed => Msg::EndDrawAgreed.into(),
        EndReason::MoveLimit => Text::new(Msg::EndMoveLimit).arg("n", MAX_PLIES / 2),
    }
}

/// What the terminal says when the game session refuses a command.
pub fn refusal(r: Refusal) -> Msg {
    match r {
        Refusal::GameOver => Msg::RefuseGameOver,
        Refusal::NotYourTurn => Msg::RefuseNotYourTurn,
        Refusal::IllegalMove => Msg::RefuseIllegalMove,
        Refusal::TimeOut => Msg::RefuseTimeOut,
        Refusal::NothingToUndo => Msg::RefuseNothingToUndo,
        Refusal::NothingToRedo => Msg::RefuseNothingToRedo,
        Refusal::DrawAlreadyDeclined => Msg::RefuseDrawDeclined,
        Refusal::GameChanged => Msg::RefuseGameChanged,
    }
}

/// A strength as a person reads it: the level's name with its Elo (`Club (1700)`, `Klubový hráč
/// (1700)`), or `Elo 1234` for a rating without a name.
pub fn level(s: crate::game::strength::Strength) -> Text {
    let msg = match s.name().as_str() {
        "beginner" => Msg::LevelBeginner,
        "novice" => Msg::LevelNovice,
        "casual" => Msg::LevelCasual,
        "club" => Msg::LevelClub,
        "strong" => Msg::LevelStrong,
        "expert" => Msg::LevelExpert,
        "master" => Msg::LevelMaster,
        "max" => Msg::LevelMax,
        other => return Text::new(Msg::Plain).arg("text", other),
    };
    msg.into()
}

/// The level's name in `lang` (`club`, `klubový`), or `Elo 1234` for a rating without one.
pub fn level_name(s: crate::game::strength::Strength, lang: super::Lang) -> String {
    use crate::game::strength::CZECH_LEVELS;
    match (lang, s.level_index()) {
        (super::Lang::Cs, Some(i)) => CZECH_LEVELS[i].to_string(),
        _ => s.name(),
    }
}

/// The English texts of the domain's errors and events (UCI's `info string`s, logs): the
/// catalogue words them, so the domain modules need not know it.
impl std::fmt::Display for LevelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&level_error(self).render(super::Lang::En))
    }
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&file_error(self).render(super::Lang::En))
    }
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&store_error(self).render(super::Lang::En))
    }
}

/// Why the game store cannot be used.
pub fn store_error(e: &StoreError) -> Text {
    let file = &e.file;
    match &e.why {
        StoreWhy::NotADatabase => Text::new(Msg::StoreNotDb).arg("file", file),
        StoreWhy::Damaged(why) => Text::new(Msg::StoreDamaged).arg("file", file).arg("why", why),
        StoreWhy::Newer(v) => Text::new(Msg::StoreNewer).arg("file", file).arg("version", v),
        StoreWhy::NotRegular => Text::new(Msg::StoreNotRegular).arg("file", file),
        StoreWhy::Other(why) => Text::new(Msg::StoreFailed).arg("file", file).arg("why", why),
    }
}

/// Why the stored game `id` cannot be played on.
pub fn unreadable_game(id: i64, e: &UnreadableGame) -> Text {
    let why = match e {
        UnreadableGame::Fen(why) => Text::new(Msg::StoredBadFen).arg("why", why),
        UnreadableGame::Move { ply, text } => {
            Text::new(Msg::StoredBadMove).arg("ply", ply).arg("move", text)
        }
        UnreadableGame::Clock(why) => Text::new(Msg::StoredBadClock).arg("why", why),
    };
    Text::new(Msg::GameUnreadable).arg("id", id).arg_text("why", why)
}

impl std::fmt::Display for TbEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&tb_event(self).render(super::Lang::En))
    }
}

/// Why a level is not understood (the level names in the text's language).
pub fn level_error(e: &LevelError) -> Text {
    match e {
        LevelError::OutOfRange(elo) => Text::new(Msg::LevelOutOfRange).arg("elo", elo),
        LevelError::Unknown(text) => {
            Text::new(Msg::LevelUnknown).arg("text", text).arg_text("names", Msg::LevelWords)
        }
    }
}

/// `writing`: a file that is not found when written is a directory that is missing.
fn file_why(why: &FileWhy, writing: bool) -> Text {
    match why {
        FileWhy::NotFound if writing => Msg::FileNoDirectory.into(),
        FileWhy::NotFound => Msg::FileNotFound.into(),
        FileWhy::Denied => Msg::FileDenied.into(),
        FileWhy::NotRegular(what) => Text::new(Msg::FileNotRegular).arg("what", what),
        FileWhy::TooLarge(limit) => Text::new(Msg::FileTooLarge).arg("what", limit),
        FileWhy::Other(text) => Text::new(Msg::Plain).arg("text", text),
    }
}

/// A game file that cannot be read or written: a lead sentence in the language, the technical
/// detail (the PGN reader's, the system's) as it is.
pub fn file_error(e: &FileError) -> Text {
    match e {
        FileError::Read { file, why } => {
            Text::new(Msg::FileRead).arg("file", file).arg_text("why", file_why(why, false))
        }
        FileError::Write { file, why } => {
            Text::new(Msg::FileWrite).arg("file", file).arg_text("why", file_why(why, true))
        }
        FileError::NoGame { file, why } => {
            Text::new(Msg::FileNoPgn).arg("file", file).arg("why", why)
        }
    }
}

/// News of tables made on demand (the terminal's notices, the web panel, UCI's `info string`s
/// in English).
pub fn tb_event(e: &TbEvent) -> Text {
    match e {
        TbEvent::Started(ms) => {
            let names: Vec<String> = ms.iter().map(ToString::to_string).collect();
            Text::new(Msg::TbGenerating).arg("names", names.join(", "))
        }
        TbEvent::Ready(m) => Text::new(Msg::TbReady).arg("name", m),
        TbEvent::Failed(why) => Text::new(Msg::TbFailed).arg("why", why),
        TbEvent::FivePieceHint => Msg::TbFivePieceHint.into(),
    }
}
