//! Tablebases made on demand during play: the 3- and 4-piece tables a game can reach with one
//! capture (or promotion), and its own, are generated in the background into the data directory
//! when they are missing (each takes seconds), and used as soon as they are written.
//!
//! [`OnDemand`] keeps what was asked and reports [`TbEvent`]s; front ends show them (see
//! `tb_panel.rs`). The only I/O is the check for existing files and the generator's thread.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};
use vidle_core::Position;
use vidle_tb::{GenOptions, Material, MetricKind, format};

/// The largest tables made during play; bigger ones take hours (`vidle tb gen`).
pub const MAX_PIECES: u32 = 4;

/// What happened to tables made on demand, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TbEvent {
    /// These tables (and the smaller ones they need) are being generated.
    Started(Vec<Material>),
    /// A table is written and in use.
    Ready(Material),
    /// Generating failed (disk full, directory not writable); play goes on without the tables.
    Failed(String),
    /// The game can reach a 5-piece ending and those tables are missing: said once.
    FivePieceHint,
}

/// The normalised material of `pos`.
pub fn material_of(pos: &Position) -> Material {
    vidle_tb::board::Board::from_position(pos).material().normalized().0
}

/// True when both files of `m` are in `dir`.
fn present(dir: &Path, m: &Material) -> bool {
    [MetricKind::Dtm, MetricKind::Dtz].iter().all(|&k| format::table_path(dir, m, k).is_file())
}

/// The endgames the game at `pos` can reach with one move that captures or promotes, and its
/// own, with `sizes` pieces, that are missing in `dir`.
pub fn missing(pos: &Position, dir: &Path, sizes: std::ops::RangeInclusive<u32>) -> Vec<Material> {
    // One move takes at most one piece off.
    if pos.occupied().count() > sizes.end() + 1 {
        return Vec::new();
    }
    let own = material_of(pos);
    let mut all = own.successors();
    all.insert(own);
    all.into_iter().filter(|m| sizes.contains(&m.total()) && !present(dir, m)).collect()
}

/// Tables on demand for one data directory.
pub struct OnDemand {
    dir: PathBuf,
    /// Tables asked for once (made, being made, or failed): never asked again.
    asked: BTreeSet<Material>,
    hinted: bool,
    /// A generation is running.
    busy: bool,
    tx: Sender<Message>,
    rx: Receiver<Message>,
}

enum Message {
    Event(TbEvent),
    Done,
}

impl OnDemand {
    pub fn new(dir: PathBuf) -> OnDemand {
        let (tx, rx) = channel();
        OnDemand { dir, asked: BTreeSet::new(), hinted: false, busy: false, tx, rx }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// A generation is running.
    #[cfg(test)]
    pub fn busy(&self) -> bool {
        self.busy
    }

    /// Looks at `pos`: starts generating the missing tables it can reach (one generation at a
    /// time; the next position asks again) and returns at once with the events so far.
    pub fn update(&mut self, pos: &Position) -> Vec<TbEvent> {
        let mut events = self.poll();
        if !self.hinted && !missing(pos, &self.dir, 5..=5).is_empty() {
            self.hinted = true;
            events.push(TbEvent::FivePieceHint);
        }
        if self.busy {
            return events;
        }
        let wanted: Vec<Material> = missing(pos, &self.dir, 3..=MAX_PIECES)
            .into_iter()
            .filter(|m| !self.asked.contains(m))
            .collect();
        if wanted.is_empty() {
            return events;
        }
        self.asked.extend(wanted.iter().copied());
        self.busy = true;
        events.push(TbEvent::Started(wanted.clone()));
        let dir = self.dir.clone();
        let tx = self.tx.clone();
        // One core for the tables, the others for the engine.
        let threads = std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1));
        let spawned = std::thread::Builder::new().name("tb-on-demand".into()).spawn(move || {
            let opts = GenOptions::new(dir.clone(), threads, false);
            let result = vidle_tb::generate(&wanted, &opts, |r| {
                if !r.kept {
                    crate::tb_source::refresh(&dir);
                    let _ = tx.send(Message::Event(TbEvent::Ready(r.material)));
                }
            });
            if let Err(e) = result {
                let _ = tx.send(Message::Event(TbEvent::Failed(format!("{}: {e}", dir.display()))));
            }
            let _ = tx.send(Message::Done);
        });
        if let Err(e) = spawned {
            self.busy = false;
            events.push(TbEvent::Failed(format!("cannot start a thread: {e}")));
        }
        events
    }

    /// The events since the last call, without looking at a position.
    pub fn poll(&mut self) -> Vec<TbEvent> {
        let mut events = Vec::new();
        while let Ok(msg) = self.rx.try_recv() {
            match msg {
                Message::Event(e) => events.push(e),
                Message::Done => self.busy = false,
            }
        }
        events
    }

    #[cfg(test)]
    /// Waits until the running generation (if any) ends; returns its remaining events.
    pub fn wait(&mut self) -> Vec<TbEvent> {
        let mut events = Vec::new();
        while self.busy {
            match self.rx.recv() {
                Ok(Message::Event(e)) => events.push(e),
                Ok(Message::Done) | Err(_) => self.busy = false,
            }
        }
        events
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("vidle-ondemand-{name}-{}", std::process::id()))
    }

    fn m(s: &str) -> Material {
        s.parse::<Material>().unwrap().normalized().0
    }

    #[test]
    fn reachable_tables_are_the_own_and_one_capture_away() {
        let dir = temp_dir("none");
        // K+R+P v K+R: captures give KRvKR, KPvKR, KRPvK; promotions KQRvKR and more (5 pieces).
        let pos = vidle_core::parse_fen("8/8/3k4/8/3P4/8/r7/1R2K3 w - - 0 1").unwrap();
        let four = missing(&pos, &dir, 3..=4);
        for t in ["KRvKR", "KRPvK", "KRvKP"] {
            assert!(four.contains(&m(t)), "{t}: {four:?}");
        }
        assert!(four.iter().all(|t| t.total() <= 4) && !four.contains(&m("KRvK")), "{four:?}");
        let five = missing(&pos, &dir, 5..=5);
        assert!(five.contains(&m("KRPvKR")) && five.contains(&m("KQRvKR")), "{five:?}");
        // Seven pieces: nothing with at most four is one capture away.
        let far = vidle_core::parse_fen("8/8/3k4/2p5/3P4/8/r7/1R2K2N w - - 0 1").unwrap();
        assert!(missing(&far, &dir, 3..=4).is_empty());
    }

    /// A game at K+R+N v K with an empty data directory: KRNvK's tables (and KRvK, KNvK it
    /// needs) are generated, announced, and answer lookups and the engine's search at once.
    #[test]
    fn missing_tables_are_made_announced_and_used() {
        let dir = temp_dir("make");
        let _ = std::fs::remove_dir_all(&dir);
        let pos = vidle_core::parse_fen("8/8/8/4k3/8/8/8/RN2K3 w - - 0 1").unwrap();
        let before = crate::tb_answer::lookup(&pos, &dir, None);
        assert!(before.is_err(), "{before:?}");

        // The engine's source, asked before the tables exist (and so remembering them missing).
        let tb = crate::tb_source::shared_source(&dir);
        assert_eq!(vidle_engine::Tablebase::probe(tb.as_ref(), &pos), None);

        let mut od = OnDemand::new(dir.clone());
        let mut events = od.update(&pos);
        let started = [m("KNvK"), m("KRNvK"), m("KRvK")];
        let all = |v: &Vec<Material>| v.len() == 3 && started.iter().all(|s| v.contains(s));
        assert!(events.iter().any(|e| matches!(e, TbEvent::Started(v) if all(v))), "{events:?}");
        assert!(od.busy());
        // Asked once only, also while it runs.
        assert!(!od.update(&pos).iter().any(|e| matches!(e, TbEvent::Started(_))));
        events.extend(od.wait());
        for t in ["KRNvK", "KRvK", "KNvK"] {
            assert!(events.contains(&TbEvent::Ready(m(t))), "{t}: {events:?}");
            assert!(present(&dir, &m(t)), "{t}");
        }
        assert!(missing(&pos, &dir, 3..=4).is_empty());
        let text: Vec<String> = events.iter().map(ToString::to_string).collect();
        assert!(text.contains(&"Tablebase KRNvK ready".to_string()), "{text:?}");
        assert!(text[0].starts_with("Generating tablebase ") && text[0].contains("KRNvK"));

        let answer = crate::tb_answer::lookup(&pos, &dir, None).expect("covered now");
        use crate::i18n::{Lang, Msg};
        assert_eq!(answer.source, Msg::TbSourceOwn);
        assert_eq!(answer.verdict.render(Lang::En), "White wins");
        assert_eq!(answer.verdict.render(Lang::Cs), "vyhrává Bílý");
        assert!(answer.value.render(Lang::En).starts_with("mate in "), "{answer:?}");
        assert!(answer.value.render(Lang::Cs).starts_with("mat v "), "{answer:?}");
        let cs: Vec<String> =
            events.iter().map(|e| crate::i18n::tb_event(e).render(Lang::Cs)).collect();
        assert!(cs.contains(&"Databáze koncovek KRNvK je hotová".to_string()), "{cs:?}");

        // The engine's source sees them at once.
        let outcome = vidle_engine::Tablebase::probe(tb.as_ref(), &pos);
        assert!(matches!(outcome, Some(vidle_engine::TbOutcome::Win(_))), "{outcome:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_unwritable_directory_fails_with_a_message() {
        // A file where the directory should be.
        let file = temp_dir("file");
        std::fs::write(&file, b"not a directory").unwrap();
        let mut od = OnDemand::new(file.join("tb"));
        let pos = vidle_core::parse_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1").unwrap();
        let mut events = od.update(&pos);
        events.extend(od.wait());
        let _ = std::fs::remove_file(&file);
        let failed = events.iter().find(|e| matches!(e, TbEvent::Failed(_)));
        assert!(
            failed.is_some_and(|e| e.to_string().contains("vidle-ondemand-file")),
            "{events:?}"
        );
        assert!(!od.busy());
    }
}
