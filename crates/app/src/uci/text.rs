//! The words of UCI: the arguments of `go` read into search limits, and search events written as
//! `info` and `bestmove` lines.

use vidle_core::notation::{parse_uci, to_uci};
use vidle_core::{Move, Position};
use vidle_engine::{Bound, Score, SearchEvent, SearchInfo, SearchLimits, TbOutcome};

/// The largest clock or move time taken from `go`, in milliseconds (about 35 years): larger
/// values are clamped so that the time arithmetic cannot overflow.
const MAX_GO_MS: u64 = 1 << 40;

/// Reads the value of a `go` limit. Integers are taken as they are (negatives as zero);
/// integers too large for 64 bits are clamped, decimals and exponents (`1e6`) rounded; these
/// and values that are no number at all come with a warning. `None`: ignore the limit.
fn go_value(key: &str, text: Option<&str>, warnings: &mut Vec<String>) -> Option<u64> {
    let Some(t) = text else {
        warnings.push(format!("'{key}' needs a value; ignored"));
        return None;
    };
    if let Ok(v) = t.parse::<i64>() {
        return Some(v.max(0) as u64);
    }
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        let (v, what) = if t.starts_with('-') { (0, "0") } else { (u64::MAX, "the largest value") };
        warnings.push(format!("{key} '{t}' is out of range; using {what}"));
        return Some(v);
    }
    match t.parse::<f64>() {
        Ok(f) if f.is_finite() => {
            let v = f.max(0.0).round().min(u64::MAX as f64) as u64;
            warnings.push(format!("{key} '{t}' is not a whole number; using {v}"));
            Some(v)
        }
        _ => {
            warnings.push(format!("{key} '{t}' is not a number; ignored"));
            None
        }
    }
}

/// Whether `t` has the shape of a move in coordinates (`e2e4`, `a7a8q`), legal or not.
fn looks_like_a_move(t: &str) -> bool {
    let b = t.as_bytes();
    (b.len() == 4 || b.len() == 5)
        && b[0].is_ascii_lowercase()
        && b[1].is_ascii_digit()
        && b[2].is_ascii_lowercase()
        && b[3].is_ascii_digit()
}

/// Parses the arguments of `go`. Nothing here fails: every `go` gets its search and its
/// `bestmove`; what could not be read is ignored (or clamped) and named in the warnings.
pub(super) fn parse_go(
    args: &[&str],
    pos: &Position,
    chess960: bool,
) -> (SearchLimits, Vec<String>) {
    const KEYS: [&str; 12] = [
        "infinite",
        "ponder",
        "searchmoves",
        "wtime",
        "btime",
        "winc",
        "binc",
        "movetime",
        "nodes",
        "depth",
        "movestogo",
        "mate",
    ];
    let mut l = SearchLimits::default();
    let mut warnings = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        match key {
            "infinite" => l.infinite = true,
            "ponder" => l.ponder = true,
            "searchmoves" => {
                // The list runs to the next keyword or the first token that is no move at
                // all; a move that is not legal here is named and left out.
                while let Some(&t) = args.get(i + 1) {
                    if KEYS.contains(&t) || matches!(t, "infinite" | "ponder" | "searchmoves") {
                        break;
                    }
                    match parse_uci(pos, t, chess960) {
                        Ok(m) => l.searchmoves.push(m),
                        Err(e) => {
                            warnings.push(format!("searchmoves: '{t}' left out: {e}"));
                            if !looks_like_a_move(t) {
                                i += 1;
                                break;
                            }
                        }
                    }
                    i += 1;
                }
            }
            "wtime" | "btime" | "winc" | "binc" | "movetime" | "nodes" | "depth" | "movestogo"
            | "mate" => {
                // A keyword where the value should be is not eaten as the value.
                let text = args.get(i + 1).copied().filter(|t| !KEYS.contains(t));
                if text.is_some() {
                    i += 1;
                }
                if let Some(v) = go_value(key, text, &mut warnings) {
                    let ms = v.min(MAX_GO_MS);
                    let small = v.min(u32::MAX as u64) as u32;
                    match key {
                        "wtime" => l.wtime = Some(ms),
                        "btime" => l.btime = Some(ms),
                        "winc" => l.winc = Some(ms),
                        "binc" => l.binc = Some(ms),
                        "movetime" => l.movetime = Some(ms),
                        "nodes" if v == 0 => {
                            warnings.push("nodes 0: searching one node (depth 1)".into());
                            l.nodes = Some(1);
                        }
                        "nodes" => l.nodes = Some(v),
                        "depth" => l.depth = Some(small),
                        "movestogo" => l.movestogo = Some(small),
                        _ => l.mate = Some(small),
                    }
                }
            }
            _ => {} // unknown tokens are skipped, as the protocol asks
        }
        i += 1;
    }
    (l, warnings)
}

/// A root tablebase result in words for the `info string` (it used to print `Win(27)`).
fn tb_words(o: TbOutcome) -> String {
    use vidle_engine::TbOutcome::{Draw, Loss, Win};
    let moves = |plies: u32| plies.div_ceil(2);
    match o {
        Win(p) if p >= vidle_engine::SYZYGY_FAR => "win".to_string(),
        Win(p) => format!("win, mate in {}", moves(p)),
        Draw => "draw".to_string(),
        Loss(p) if p >= vidle_engine::SYZYGY_FAR => "loss".to_string(),
        Loss(p) => format!("loss, mated in {}", moves(p)),
    }
}

pub(super) fn format_pv(pv: &[Move], chess960: bool) -> String {
    pv.iter().map(|&m| to_uci(m, chess960)).collect::<Vec<_>>().join(" ")
}

pub(super) fn format_info(i: &SearchInfo, chess960: bool) -> String {
    let score = match i.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let bound = match i.bound {
        Some(Bound::Lower) => " lowerbound",
        Some(Bound::Upper) => " upperbound",
        None => "",
    };
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {score}{bound} nodes {} nps {} hashfull {} tbhits {} time {}",
        i.depth, i.seldepth, i.multipv, i.nodes, i.nps, i.hashfull, i.tbhits, i.time_ms
    );
    if !i.pv.is_empty() {
        s.push_str(" pv ");
        s.push_str(&format_pv(&i.pv, chess960));
    }
    s
}

pub(super) fn format_event(e: &SearchEvent, chess960: bool) -> String {
    match e {
        SearchEvent::Info(i) => format_info(i, chess960),
        SearchEvent::Message(m) => format!("info string {m}"),
        SearchEvent::Tablebase(TbOutcome::Draw) => "info string tablebase: draw".to_string(),
        SearchEvent::Tablebase(o) => format!("info string tablebase: {}", tb_words(*o)),
        SearchEvent::SyzygyRoot { class, kept, total } => {
            format!("info string syzygy: {} ({kept} of {total} moves keep it)", class.word())
        }
        SearchEvent::BookMove(m) => format!("info string book move {}", to_uci(*m, chess960)),
        SearchEvent::CurrMove { depth, mv, number } => {
            format!("info depth {depth} currmove {} currmovenumber {number}", to_uci(*mv, chess960))
        }
        SearchEvent::BestMove { best: Some(b), ponder } => match ponder {
            Some(p) => format!("bestmove {} ponder {}", to_uci(*b, chess960), to_uci(*p, chess960)),
            None => format!("bestmove {}", to_uci(*b, chess960)),
        },
        // No legal move: the conventional null move.
        SearchEvent::BestMove { best: None, .. } => "bestmove 0000".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Root tablebase results read as words, not as Rust's debug text (`Win(27)`).
    #[test]
    fn tablebase_results_in_words() {
        use vidle_engine::TbOutcome::{Draw, Loss, Win};
        let said = |o| format_event(&SearchEvent::Tablebase(o), false);
        assert_eq!(said(Win(27)), "info string tablebase: win, mate in 14");
        assert_eq!(said(Loss(4)), "info string tablebase: loss, mated in 2");
        assert_eq!(said(Draw), "info string tablebase: draw");
        assert_eq!(said(Win(vidle_engine::SYZYGY_FAR)), "info string tablebase: win");
    }
}
