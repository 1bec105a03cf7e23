//! Crash safety of the game store: `vidle play --plain` is fed random legal moves through a
//! pipe and killed with SIGKILL at random moments (often a fraction of a millisecond after a
//! move was sent, while it is being written; sometimes while the engine thinks), now and then
//! continuing the last game with `--resume`. After every kill the store is reopened and
//! checked: SQLite's `integrity_check` says `ok`, every game reads back as a legal move list,
//! no move the program had announced is missing (it announces a move after writing it), at
//! most the moves still in flight are added, and the games of earlier runs are unchanged.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};
use vidle::store::{FrontEnd, Store};
use vidle_core::notation::{parse_san, parse_uci, to_san, to_uci};
use vidle_core::testdata::Rng;
use vidle_core::{Color, Game, Move, Position};

mod data_dir;
use data_dir::{DataDir, OwnData};

/// Runs of `vidle play` killed (each a new game or a resumed one).
const RUNS: usize = 60;
/// How long a line from the program may take before the test gives up (a hang, not a timing).
const PATIENCE: Duration = Duration::from_secs(60);

struct Player {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    transcript: Vec<String>,
}

impl Player {
    fn start(data: &DataDir, resume: bool) -> Player {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_vidle"));
        cmd.own_data(data)
            .env_remove("VIDLE_STORE")
            .args(["play", "--plain", "--lang", "en"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if resume {
            cmd.arg("--resume");
        } else {
            cmd.args(["--depth", "1"]);
        }
        let mut child = cmd.spawn().expect("start vidle play");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Player { child, stdin, lines, transcript: Vec::new() }
    }

    /// The next line that starts with one of `starts` (after trimming): which one and the rest.
    fn wait_for(&mut self, starts: &[&'static str]) -> (&'static str, String) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let Ok(line) = self.lines.recv_timeout(left) else {
                panic!("no line starting with {starts:?}:\n{}", self.transcript.join("\n"));
            };
            self.transcript.push(line.clone());
            let t = line.trim_start();
            if let Some(s) = starts.iter().find(|s| t.starts_with(**s)) {
                return (s, t[s.len()..].to_string());
            }
        }
    }

    fn send(&mut self, text: &str) {
        writeln!(self.stdin, "{text}").expect("write a move");
        self.stdin.flush().expect("flush");
    }

    fn kill(mut self) {
        self.child.kill().expect("SIGKILL");
        let _ = self.child.wait();
    }
}

/// A game's moves in UCI, checked legal from the start.
fn replay(moves: &[String]) -> Result<Game, String> {
    let mut g = Game::new(Position::startpos());
    for (i, m) in moves.iter().enumerate() {
        let mv =
            parse_uci(g.position(), m, false).map_err(|e| format!("ply {}: {m}: {e}", i + 1))?;
        if !g.play(mv) {
            return Err(format!("ply {}: {m} is not legal", i + 1));
        }
    }
    Ok(g)
}

fn random_move(rng: &mut Rng, pos: &Position) -> Move {
    let moves = pos.legal_moves();
    moves.iter().nth(rng.below(moves.len())).expect("a legal move")
}

#[test]
fn games_survive_kill_9_at_random_moments() {
    let data = DataDir::new();
    let path = data.path().join("vidle").join("games.sqlite");
    // The plan of each run (resume or not, when to kill) from its own generator, so that it
    // does not depend on how the games went; the moves from another.
    let mut plan = Rng::new(0x5eed_0085);
    let mut rng = Rng::new(0x0087_5eed);
    // Every game stored so far: its moves as last read back.
    let mut known: BTreeMap<i64, Vec<String>> = BTreeMap::new();
    let mut kills_after_send = 0;
    for run in 0..RUNS {
        let unfinished = known.keys().next_back().copied().filter(|id| {
            let g = replay(&known[id]).expect("checked before");
            g.status().is_none()
        });
        let (wants_resume, k, right_after_send, pause_us) =
            (plan.below(3) == 0, 1 + plan.below(8), plan.below(4) != 0, plan.below(1500) as u64);
        let resume = wants_resume && unfinished.is_some();
        let mut confirmed: Vec<String> = match (resume, unfinished) {
            (true, Some(id)) => known[&id].clone(),
            _ => Vec::new(),
        };
        let mut game = replay(&confirmed).expect("known games are legal");
        let mut p = Player::start(&data, resume);
        // Kill after sending our k-th move (`pause_us` later), or while the engine answers it.
        let mut in_flight: Option<String> = None;
        let mut sent = 0;
        loop {
            if game.status().is_some() {
                p.wait_for(&["Game over"]);
                break;
            }
            if game.position().turn() == Color::Black {
                let (_, rest) = p.wait_for(&["Vidle plays"]);
                let reply = rest.split_whitespace().next().unwrap_or_default().to_string();
                let em = parse_san(game.position(), &reply).unwrap_or_else(|e| {
                    panic!("engine move '{reply}': {e}\n{}", p.transcript.join("\n"))
                });
                game.play(em);
                confirmed.push(to_uci(em, false));
                continue;
            }
            let m = random_move(&mut rng, game.position());
            let san = to_san(game.position(), m);
            p.send(&san);
            sent += 1;
            if sent == k && right_after_send {
                in_flight = Some(to_uci(m, false));
                std::thread::sleep(Duration::from_micros(pause_us));
                kills_after_send += 1;
                break;
            }
            p.wait_for(&["You played"]);
            game.play(m);
            confirmed.push(to_uci(m, false));
            if sent == k {
                break;
            }
        }
        p.kill();

        let store = Store::open(&path).unwrap_or_else(|e| panic!("run {run}: reopen: {e}"));
        assert_eq!(store.integrity_check().expect("check"), "ok", "run {run}");
        let games = store.list(Some(FrontEnd::Terminal), usize::MAX).expect("list");
        for (id, g) in &games {
            replay(&g.moves).unwrap_or_else(|e| panic!("run {run}: game {id}: {e}"));
        }
        let this_game = match (resume, unfinished) {
            (true, Some(id)) => Some(id),
            _ => games.iter().map(|(id, _)| *id).find(|id| !known.contains_key(id)),
        };
        for (id, g) in &games {
            if Some(*id) != this_game {
                assert_eq!(known.get(id), Some(&g.moves), "run {run}: game {id} changed");
            }
        }
        let stored = match this_game {
            Some(id) => games.iter().find(|(i, _)| *i == id).expect("listed").1.moves.clone(),
            None => Vec::new(),
        };
        assert!(
            stored.len() >= confirmed.len() && stored[..confirmed.len()] == confirmed[..],
            "run {run}: an announced move is missing: stored {stored:?}, announced {confirmed:?}"
        );
        // Beyond the announced moves: at most our move in flight and the engine's reply.
        let extra = &stored[confirmed.len()..];
        match &in_flight {
            Some(sent) => {
                assert!(extra.len() <= 2, "run {run}: {extra:?}");
                if let Some(first) = extra.first() {
                    assert_eq!(first, sent, "run {run}: only what was sent");
                }
            }
            None => assert!(extra.len() <= 1, "run {run}: only the engine's reply: {extra:?}"),
        }
        if let Some(id) = this_game {
            known.insert(id, stored);
        }
    }
    eprintln!("{RUNS} runs, {kills_after_send} killed right after sending a move");
    assert!(kills_after_send > 0);
    assert!(!known.is_empty());
    // `vidle games` reads the same store after all that.
    let out = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .own_data(&data)
        .env_remove("VIDLE_STORE")
        .args(["games", "--lang", "en"])
        .output()
        .expect("vidle games");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert_eq!(text.lines().count(), known.len() + 1, "a heading and a line a game:\n{text}");
}
