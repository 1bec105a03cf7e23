//! `vidle datagen`: self-play training data for the evaluation network, written as packed
//! 32-byte records ([`vidle_train::packed`]) in chunk files with a manifest.
//!
//! Layout of the output directory (default `$XDG_DATA_HOME/vidle/nnue`, outside the repository):
//! `seed-S/chunk-K.vpk` holds the games `K × chunk_games ..` of seed `S`; `manifest.tsv` gets
//! one line per finished chunk (`file  positions  games  nodes  version`) after the chunk has
//! been written under a temporary name and renamed. A run appends only: started again with the
//! same seed it skips the chunks the manifest lists, so a killed run resumes where it was and
//! the recipe (seed, nodes, openings) regenerates the same data on another machine. Games
//! start from the built-in book (weighted random moves, `--book-plies`) or an EPD file, then
//! `--random-plies` uniformly random moves; every position after that is written with White's
//! search score, the result and whether the best move was quiet (filtering and deduplication
//! are the trainer's job). Covered 3–5-piece endings are adjudicated by the tablebases of the
//! data directory (or `VIDLE_TB_DIR`) when it has them: the tables give the result, and the
//! game goes on for `--tb-play-on` plies so that the data keeps the endings the network must
//! evaluate without tables ([`vidle_train::datagen::play_game`]).
//!
//! `seed-S/recipe.txt` records the settings that decide the seed's games (nodes, evaluation,
//! openings, plies, chunk size), written when the seed is begun. A run that resumes the seed
//! with other settings is refused, naming them: chunks of two recipes under one seed would be
//! one data set to the trainer and to every later reader of the manifest.

use anyhow::{Context, Result, bail};
use clap::Args;
use std::collections::HashSet;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use vidle_book::{Book, BookRng, ChooseOptions};
use vidle_core::{Game, fen};
use vidle_engine::net_format::Network;
use vidle_engine::{Engine, Tablebase};
use vidle_train::datagen::play_game;
use vidle_train::packed::{RECORD_LEN, Record};

#[derive(Args, Debug)]
pub struct DatagenArgs {
    /// Output directory (default: $XDG_DATA_HOME/vidle/nnue, i.e. ~/.local/share/vidle/nnue).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Search threads, one game each (at most the threads the machine runs at once).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Nodes per move (a soft limit: the search stops at the first check after it).
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Stop after this many games of this seed (default: run until interrupted).
    #[arg(long)]
    pub games: Option<u64>,
    /// The run's seed: games and openings follow from it.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Weighted random moves from the built-in book at the start of each game.
    #[arg(long, default_value_t = 8)]
    pub book_plies: usize,
    /// Uniformly random legal moves after the opening (not written).
    #[arg(long, default_value_t = 4)]
    pub random_plies: usize,
    /// Start positions from this EPD file instead of the built-in book.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Games per chunk file.
    #[arg(long, default_value_t = 100)]
    pub chunk_games: u64,
    /// The evaluation the games are searched with: `nnue`, the network built in (the bootstrap
    /// loop: the next network learns from the current one's games), or `hce`, the hand-crafted
    /// one (the recipe of the first seeds, 2026-11-28 and 29). A seed keeps the evaluation it
    /// was begun with (`seed-S/recipe.txt`).
    #[arg(long, value_enum, default_value_t = DatagenEval::Nnue)]
    pub eval: DatagenEval,
    /// Search the games with the network in this file instead of the one built in: a candidate
    /// of the bootstrap loop generates before it is built in. The seed's recipe records the
    /// file's name and a hash of its bytes, so the seed is resumed only with the same network.
    #[arg(long, value_name = "FILE", conflicts_with = "convert")]
    pub eval_file: Option<PathBuf>,
    /// Plies a game goes on once the tablebases cover it (the result is theirs either way): the
    /// network sees the 3–5-piece endings it evaluates when no tables are present. 0 ends the
    /// game at the first covered position, as builds before 2026-12-03 did (whose 5-piece
    /// adjudication left those endings out of the data: docs/lab/nnue-bootstrap.md, "fm").
    #[arg(long, default_value_t = 16)]
    pub tb_play_on: usize,
    /// Convert `FEN | score | result` text files (from `vidle-tune gen`) into chunks, then stop.
    #[arg(long, num_args = 1..)]
    pub convert: Vec<PathBuf>,
}

/// The evaluation `vidle datagen` searches with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DatagenEval {
    Hce,
    Nnue,
}

/// The settings that decide a seed's games, one `name value` line each: what
/// `seed-S/recipe.txt` records. The thread count and `--games` are not among them (the games
/// are the same whatever they are), nor the tables, which only decide the games they cover.
/// `tb-play-on` was added on 2026-12-03; a record without it is read as `tb-play-on 0`, the
/// behaviour of the builds before. `net` is the `--eval-file` network's line (its name and
/// hash, [`load_net`]); the built-in network has none, as in the records before 2026-12-04.
fn recipe(a: &DatagenArgs, openings: Option<&[String]>, net: Option<&str>) -> String {
    // The name `--eval` takes, so the record cannot drift from the option.
    let eval = clap::ValueEnum::to_possible_value(&a.eval)
        .map_or_else(|| format!("{:?}", a.eval), |v| v.get_name().to_owned());
    let start = match (openings, &a.openings) {
        (Some(list), Some(path)) => {
            let name = path
                .file_name()
                .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
            format!("openings {name} ({} positions)", list.len())
        }
        _ => format!("book-plies {}", a.book_plies),
    };
    let net = net.map_or(String::new(), |n| format!("eval-file {n}\n"));
    format!(
        "nodes {}\neval {eval}\n{net}{start}\nrandom-plies {}\nchunk-games {}\ntb-play-on {}\n",
        a.nodes, a.random_plies, a.chunk_games, a.tb_play_on
    )
}

/// Reads the `--eval-file` network (from the bytes read once, so the network played with is
/// the one hashed) and names it for the recipe: the file name and the FNV-1a hash of its bytes
/// (64 bits, in hex), which tells two networks apart whatever their files are called.
fn load_net(path: &Path) -> Result<(Arc<Network>, String)> {
    let bytes = vidle_core::files::read_bounded(path, vidle_core::files::MAX_NET_BYTES)
        .with_context(|| format!("--eval-file {}", path.display()))?;
    let net = Network::from_bytes(&bytes)
        .map_err(|e| anyhow::anyhow!("--eval-file {}: {e}", path.display()))?;
    let name = path
        .file_name()
        .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
    let hash = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    Ok((Arc::new(net), format!("{name} fnv1a64 {hash:016x}")))
}

/// Compares this run's `recipe` with the one `seed` was begun with, or records it when the
/// seed is new. A seed with chunks but no record (begun by a build before records) is
/// resumed with a warning, and this run's settings are recorded from then on.
fn check_recipe(dir: &Path, seed: u64, recipe: &str, chunks_done: usize) -> Result<()> {
    let path = dir.join(format!("seed-{seed}")).join("recipe.txt");
    match std::fs::read(&path) {
        Ok(bytes) => {
            let mut was = String::from_utf8_lossy(&bytes).into_owned();
            if !was.lines().any(|l| l.starts_with("tb-play-on ")) {
                was.push_str("tb-play-on 0\n");
            }
            let old: Vec<&str> = was.lines().filter(|l| !recipe.lines().any(|n| n == *l)).collect();
            let new: Vec<&str> = recipe.lines().filter(|l| !was.lines().any(|o| o == *l)).collect();
            if old.is_empty() && new.is_empty() {
                return Ok(());
            }
            bail!(
                "seed {seed} was begun with `{}` ({}); this run has `{}`: resume it with the same \
                 settings, or start a new seed (--seed)",
                old.join(", "),
                path.display(),
                new.join(", ")
            )
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if chunks_done > 0 {
                eprintln!(
                    "datagen: warning: seed {seed} has {chunks_done} chunks but no {} (begun by \
                     an older build), so its settings cannot be checked; recording this run's",
                    path.display()
                );
            }
            vidle_tb::write::write_file(&path, recipe.as_bytes())
                .with_context(|| format!("writing {}", path.display()))?;
            Ok(())
        }
        Err(e) => Err(e).with_context(|| format!("reading {}", path.display())),
    }
}

/// Holds the directory's `datagen.lock` for the whole run: two generators writing the same
/// chunks would list them twice in the manifest. The operating system releases the lock when
/// the process ends, however it ends.
fn lock_dir(dir: &Path) -> Result<std::fs::File> {
    let path = dir.join("datagen.lock");
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .with_context(|| format!("cannot open {}", path.display()))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => bail!(
            "another `vidle datagen` is writing to {} (it holds {}); stop it first",
            dir.display(),
            path.display()
        ),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(e).with_context(|| format!("cannot lock {}", path.display()))
        }
    }
}

/// The default output directory.
pub fn default_dir() -> PathBuf {
    vidle_tb::default_dir().parent().map_or_else(|| PathBuf::from("nnue"), |d| d.join("nnue"))
}

pub fn run(a: &DatagenArgs) -> Result<()> {
    let dir = a.out.clone().unwrap_or_else(default_dir);
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let _lock = lock_dir(&dir)?;
    let manifest = Manifest::open(&dir)?;
    if !a.convert.is_empty() {
        return convert(&a.convert, &dir, &manifest);
    }
    let threads = crate::cli::capped_threads("datagen", a.threads);
    if a.threads == 0 || a.chunk_games == 0 || a.nodes == 0 {
        bail!("--threads, --chunk-games and --nodes must be at least 1");
    }
    let openings = match &a.openings {
        Some(p) => Some(read_openings(p)?),
        None => None,
    };
    if a.eval_file.is_some() && a.eval == DatagenEval::Hce {
        bail!("--eval-file is a network: it cannot go with --eval hce");
    }
    let (network, net) = match a.eval_file.as_deref().map(load_net).transpose()? {
        Some((network, name)) => (Some(network), Some(name)),
        None => (None, None),
    };
    let tables = crate::tb_source::default_tables();
    // A chunk is done when it holds every game it should for this run: one cut short by an
    // earlier run's --games is played again whole (its first games come out the same) and
    // replaces the short one, so extending a run gives the chunks one long run would.
    let recorded = manifest.chunk_games(a.seed);
    let wanted = |k: u64| match a.games {
        Some(g) => a.chunk_games.min(g.saturating_sub(k * a.chunk_games)),
        None => a.chunk_games,
    };
    let done: HashSet<u64> =
        recorded.iter().filter(|&(&k, &n)| n >= wanted(k)).map(|(&k, _)| k).collect();
    check_recipe(&dir, a.seed, &recipe(a, openings.as_deref(), net.as_deref()), recorded.len())?;
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let written = AtomicU64::new(0);
    let games_done = AtomicU64::new(0);
    let start = Instant::now();
    eprintln!(
        "datagen: {} (seed {}, {} nodes, {} threads{}; {} chunks of this seed already there){}",
        dir.display(),
        a.seed,
        a.nodes,
        threads,
        net.as_ref().map_or(String::new(), |n| format!(", network {n}")),
        done.len(),
        tables.as_ref().map_or(String::new(), |t| format!(
            ", tablebase adjudication up to {} pieces",
            t.max_pieces()
        ))
    );
    std::thread::scope(|s| -> Result<()> {
        let mut workers = Vec::new();
        for _ in 0..threads {
            workers.push(s.spawn(|| -> Result<()> {
                let mut engine = Engine::new();
                engine.set(vidle_engine::EngineOption::UseNnue(a.eval == DatagenEval::Nnue))?;
                if let Some(network) = &network {
                    engine.set_network(network.clone());
                }
                while !stop.load(Ordering::Relaxed) {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if a.games.is_some_and(|g| k * a.chunk_games >= g) {
                        break;
                    }
                    if done.contains(&k) {
                        continue;
                    }
                    let chunk =
                        play_chunk(a, k, &mut engine, openings.as_deref(), tables.as_deref());
                    let name = format!("seed-{}/chunk-{k}.vpk", a.seed);
                    manifest.add(&dir, &name, &chunk.bytes, chunk.games, a.nodes)?;
                    written.fetch_add((chunk.bytes.len() / RECORD_LEN) as u64, Ordering::Relaxed);
                    games_done.fetch_add(chunk.games, Ordering::Relaxed);
                }
                Ok(())
            }));
        }
        // The progress line, every ten seconds, until the workers are done.
        let total = a.games.map(|g| g.saturating_sub(done.len() as u64 * a.chunk_games));
        let mut last = Instant::now();
        while workers.iter().any(|w| !w.is_finished()) {
            std::thread::sleep(Duration::from_millis(200));
            if last.elapsed() < Duration::from_secs(10) {
                continue;
            }
            last = Instant::now();
            let secs = start.elapsed().as_secs_f64();
            let (n, g) = (written.load(Ordering::Relaxed), games_done.load(Ordering::Relaxed));
            let eta = total.filter(|_| g > 0).map_or(String::new(), |t| {
                format!(", ETA {:.0} min", secs / g as f64 * t.saturating_sub(g) as f64 / 60.0)
            });
            eprintln!("datagen: {n} positions, {g} games, {:.0} positions/s{eta}", n as f64 / secs);
        }
        let mut result = Ok(());
        for w in workers {
            if let Err(e) = w.join().unwrap_or_else(|_| Err(anyhow::anyhow!("a worker panicked"))) {
                stop.store(true, Ordering::Relaxed);
                result = Err(e);
            }
        }
        result
    })?;
    let n = written.load(Ordering::Relaxed);
    eprintln!(
        "datagen: done, {n} positions from {} games in {:.0} s ({:.0} positions/s); {} in all",
        games_done.load(Ordering::Relaxed),
        start.elapsed().as_secs_f64(),
        n as f64 / start.elapsed().as_secs_f64().max(1e-9),
        manifest.total_positions()
    );
    Ok(())
}

struct Chunk {
    bytes: Vec<u8>,
    games: u64,
}

fn play_chunk(
    a: &DatagenArgs,
    k: u64,
    engine: &mut Engine,
    openings: Option<&[String]>,
    tables: Option<&dyn Tablebase>,
) -> Chunk {
    let mut bytes = Vec::new();
    let mut games = 0;
    for g in k * a.chunk_games..(k + 1) * a.chunk_games {
        if a.games.is_some_and(|n| g >= n) {
            break;
        }
        games += 1;
        let Some(game) = opening(a, g, openings) else { continue };
        for r in play_game(engine, game, a.nodes, tables, a.tb_play_on).records {
            bytes.extend_from_slice(&r.to_bytes());
        }
    }
    Chunk { bytes, games }
}

/// The start of game `g`: a book line or an EPD position, then random moves; `None` when that
/// already ended the game.
fn opening(a: &DatagenArgs, g: u64, openings: Option<&[String]>) -> Option<Game> {
    let mut rng = BookRng::seeded(a.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ g);
    let mut game = match openings {
        Some(list) => Game::from_fen(&list[(rng.next_u64() % list.len() as u64) as usize]).ok()?,
        None => {
            let mut game = Game::new(vidle_core::Position::startpos());
            let book = Book::default_book();
            for _ in 0..a.book_plies {
                let Some(m) = book.choose_in_game(&game, &ChooseOptions::default(), &mut rng)
                else {
                    break;
                };
                game.play(m);
            }
            game
        }
    };
    vidle_train::datagen::play_random_moves(&mut game, a.random_plies, || rng.next_u64())
        .then_some(game)
}

fn read_openings(path: &Path) -> Result<Vec<String>> {
    let text = vidle_core::files::read_text_bounded(path, vidle_core::files::MAX_EPD_BYTES)
        .with_context(|| format!("--openings {}", path.display()))?;
    let list: Vec<String> = text
        .lines()
        .map(|l| l.split(';').next().unwrap_or("").split_whitespace().take(4).collect::<Vec<_>>())
        .filter(|f| f.len() == 4)
        .map(|f| format!("{} 0 1", f.join(" ")))
        .filter(|f| fen::parse_fen(f).is_ok())
        .collect();
    if list.is_empty() {
        bail!("--openings {}: no positions", path.display());
    }
    Ok(list)
}

/// `manifest.tsv`: the chunks written so far. Appends are serialised by the mutex and each is
/// one `write` of a whole line, after the chunk itself is in place.
struct Manifest {
    path: PathBuf,
    lines: Mutex<Vec<String>>,
}

impl Manifest {
    fn open(dir: &Path) -> Result<Manifest> {
        let path = dir.join("manifest.tsv");
        let lines = match std::fs::read_to_string(&path) {
            Ok(t) => t.lines().filter(|l| !l.trim().is_empty()).map(str::to_string).collect(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
        };
        Ok(Manifest { path, lines: Mutex::new(lines) })
    }

    /// The chunks of `seed` in the manifest.
    #[cfg(test)]
    fn chunks_done(&self, seed: u64) -> HashSet<u64> {
        self.chunk_games(seed).into_keys().collect()
    }

    /// The games each chunk of `seed` holds, by chunk number (`manifest.tsv`'s third column).
    fn chunk_games(&self, seed: u64) -> std::collections::HashMap<u64, u64> {
        let prefix = format!("seed-{seed}/chunk-");
        let lines = self.lines.lock().unwrap_or_else(|e| e.into_inner());
        lines
            .iter()
            .filter_map(|l| {
                let mut fields = l.split('\t');
                let k = fields.next()?.strip_prefix(&prefix)?.strip_suffix(".vpk")?.parse().ok()?;
                let games = fields.nth(1)?.parse().ok()?;
                Some((k, games))
            })
            .collect()
    }

    fn total_positions(&self) -> u64 {
        let lines = self.lines.lock().unwrap_or_else(|e| e.into_inner());
        lines.iter().filter_map(|l| l.split('\t').nth(1)?.parse::<u64>().ok()).sum()
    }

    /// Writes a chunk under `name` (a temporary file renamed into place), then records it.
    fn add(&self, dir: &Path, name: &str, bytes: &[u8], games: u64, nodes: u64) -> Result<()> {
        let path = dir.join(name);
        // Written under a temporary name, flushed and renamed: a killed run leaves no half chunk.
        vidle_tb::write::write_file(&path, bytes)
            .with_context(|| format!("writing {}", path.display()))?;
        let line = format!(
            "{name}\t{}\t{games}\t{nodes}\tvidle {}\n",
            bytes.len() / RECORD_LEN,
            env!("CARGO_PKG_VERSION")
        );
        let mut lines = self.lines.lock().unwrap_or_else(|e| e.into_inner());
        let same = |l: &String| l.split('\t').next() == Some(name);
        if let Some(old) = lines.iter_mut().find(|l| same(l)) {
            // A chunk played again whole (it was cut short): its line is replaced, and the
            // manifest written anew under a temporary name and renamed, like a chunk.
            *old = line.trim_end().to_string();
            let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
            vidle_tb::write::write_file(&self.path, text.as_bytes())
                .with_context(|| format!("writing {}", self.path.display()))?;
            return Ok(());
        }
        let mut f = std::fs::OpenOptions::new().create(true).append(true).open(&self.path)?;
        f.write_all(line.as_bytes())?;
        lines.push(line.trim_end().to_string());
        Ok(())
    }
}

/// Converts `FEN | score | result` lines (White's score, result 0/0.5/1; all quiet positions)
/// into chunks of 100,000 records under `import-NAME/`.
fn convert(files: &[PathBuf], dir: &Path, manifest: &Manifest) -> Result<()> {
    const PER_CHUNK: usize = 100_000;
    for path in files {
        let file = vidle_core::files::open_regular(path)
            .with_context(|| format!("--convert {}", path.display()))?;
        let stem = path.file_name().map_or("text".into(), |n| n.to_string_lossy().into_owned());
        let (mut bytes, mut k, mut bad, mut total) = (Vec::new(), 0, 0u64, 0u64);
        let flush = |bytes: &mut Vec<u8>, k: &mut u64| -> Result<()> {
            if !bytes.is_empty() {
                manifest.add(dir, &format!("import-{stem}/chunk-{k}.vpk"), bytes, 0, 0)?;
                bytes.clear();
                *k += 1;
            }
            Ok(())
        };
        for line in std::io::BufReader::new(file).lines() {
            let line = line.with_context(|| format!("reading {}", path.display()))?;
            match parse_text_line(&line) {
                Some(r) => {
                    bytes.extend_from_slice(&r.to_bytes());
                    total += 1;
                }
                None => bad += 1,
            }
            if bytes.len() / RECORD_LEN >= PER_CHUNK {
                flush(&mut bytes, &mut k)?;
            }
        }
        flush(&mut bytes, &mut k)?;
        eprintln!("datagen: {}: {total} positions converted, {bad} lines skipped", path.display());
    }
    eprintln!("datagen: {} positions in {}", manifest.total_positions(), dir.display());
    Ok(())
}

fn parse_text_line(line: &str) -> Option<Record> {
    let mut f = line.split('|').map(str::trim);
    let pos = fen::parse_fen(f.next()?).ok()?;
    let score = f.next()?.parse::<i16>().ok()?;
    let result = match f.next()? {
        "1.0" | "1" => 2,
        "0.5" => 1,
        "0.0" | "0" => 0,
        _ => return None,
    };
    Some(Record { pos, score, result, quiet: true })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        a: DatagenArgs,
    }

    fn args(extra: &[&str]) -> DatagenArgs {
        Cli::parse_from(std::iter::once("datagen").chain(extra.iter().copied())).a
    }

    /// An empty temporary directory of its own for one test (the process id keeps concurrent
    /// test runs apart); the test removes it at its end.
    fn fresh_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("vidle-datagen-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Extending a finished run gives the chunks one long run gives: a chunk the first run
    /// cut short is played again whole and replaces the short one (`--games 30 --chunk-games
    /// 4`, then `--games 40`, used to leave chunk 7 with 2 games).
    #[test]
    fn extending_a_run_fills_the_chunk_it_cut_short() {
        let (a_dir, b_dir) = (fresh_dir("extend-a"), fresh_dir("extend-b"));
        let base = ["--nodes", "200", "--chunk-games", "2", "--seed", "12"];
        let (a, b) = (a_dir.to_str().unwrap(), b_dir.to_str().unwrap());
        run(&args(&[&base[..], &["--out", a, "--games", "3"]].concat())).unwrap();
        assert_eq!(Manifest::open(&a_dir).unwrap().chunk_games(12)[&1], 1, "cut short");
        run(&args(&[&base[..], &["--out", a, "--games", "4"]].concat())).unwrap();
        run(&args(&[&base[..], &["--out", b, "--games", "4"]].concat())).unwrap();
        let (ma, mb) = (Manifest::open(&a_dir).unwrap(), Manifest::open(&b_dir).unwrap());
        assert_eq!(ma.chunk_games(12), mb.chunk_games(12));
        assert_eq!(ma.chunk_games(12), std::collections::HashMap::from([(0, 2), (1, 2)]));
        assert_eq!(ma.lines.lock().unwrap().len(), 2, "one line per chunk");
        for k in 0..2 {
            let name = format!("seed-12/chunk-{k}.vpk");
            assert_eq!(
                std::fs::read(a_dir.join(&name)).unwrap(),
                std::fs::read(b_dir.join(&name)).unwrap(),
                "{name}"
            );
        }
        let _ = (std::fs::remove_dir_all(&a_dir), std::fs::remove_dir_all(&b_dir));
    }

    #[test]
    fn chunks_resume_and_read_back() {
        let dir = fresh_dir("resume");
        let d = dir.to_str().unwrap();
        let base = ["--out", d, "--nodes", "300", "--chunk-games", "1", "--seed", "3"];
        run(&args(&[&base[..], &["--games", "2", "--threads", "2"]].concat())).unwrap();
        let m = Manifest::open(&dir).unwrap();
        assert_eq!(m.chunks_done(3), HashSet::from([0, 1]));
        let first = std::fs::read(dir.join("seed-3/chunk-0.vpk")).unwrap();
        // A second run with more games adds only the missing chunk; chunk 0 is untouched.
        run(&args(&[&base[..], &["--games", "3"]].concat())).unwrap();
        let m = Manifest::open(&dir).unwrap();
        assert_eq!(m.chunks_done(3), HashSet::from([0, 1, 2]));
        assert_eq!(std::fs::read(dir.join("seed-3/chunk-0.vpk")).unwrap(), first);
        let records = vidle_train::packed::read_all(&first).unwrap();
        assert!(!records.is_empty());
        assert!(records.iter().all(|r| r.result == records[0].result));
        assert_eq!(m.total_positions(), {
            let n =
                |k: u32| std::fs::read(dir.join(format!("seed-3/chunk-{k}.vpk"))).unwrap().len();
            ((n(0) + n(1) + n(2)) / RECORD_LEN) as u64
        });
        // The same seed and game give the same opening: the recipe regenerates the data.
        let a = args(&base);
        let (x, y) = (opening(&a, 5, None).unwrap(), opening(&a, 5, None).unwrap());
        assert_eq!(x.position(), y.position());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_second_generator_on_the_same_directory_is_refused() {
        let dir = fresh_dir("lock");
        let held = lock_dir(&dir).unwrap();
        let d = dir.to_str().unwrap();
        let err = run(&args(&["--out", d, "--games", "1", "--nodes", "100"])).unwrap_err();
        assert!(err.to_string().contains("another `vidle datagen`"), "{err}");
        drop(held);
        run(&args(&["--out", d, "--games", "1", "--nodes", "100", "--chunk-games", "1"])).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// `--eval` picks the evaluation the games are searched with: the same seed and game give
    /// other records with the network than with the hand-crafted evaluation, and the default
    /// is the network.
    #[test]
    fn the_evaluation_is_chosen_by_eval() {
        let dir = fresh_dir("eval");
        let chunk = |name: &str, extra: &[&str]| -> Vec<u8> {
            let out = dir.join(name);
            let o = out.to_str().unwrap();
            let mut a = vec!["--out", o, "--games", "1", "--nodes", "300", "--chunk-games", "1"];
            a.extend_from_slice(&["--seed", "5"]);
            a.extend_from_slice(extra);
            run(&args(&a)).unwrap();
            std::fs::read(out.join("seed-5/chunk-0.vpk")).unwrap()
        };
        let default = chunk("default", &[]);
        let hce = chunk("hce", &["--eval", "hce"]);
        let nnue = chunk("nnue", &["--eval", "nnue"]);
        assert!(!hce.is_empty());
        assert_eq!(default, nnue, "the default is the network");
        assert_ne!(hce, nnue, "the network plays other games or scores them otherwise");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A seed resumed with settings that change its games is refused, naming them; the same
    /// settings (other threads, more games) resume it.
    #[test]
    fn a_seed_keeps_its_recipe() {
        let dir = fresh_dir("recipe");
        let d = dir.to_str().unwrap();
        let base = ["--out", d, "--nodes", "200", "--chunk-games", "1", "--seed", "7"];
        run(&args(&[&base[..], &["--games", "1"]].concat())).unwrap();
        let recorded = std::fs::read_to_string(dir.join("seed-7/recipe.txt")).unwrap();
        assert!(recorded.contains("nodes 200\neval nnue\n"), "{recorded}");
        type Change = fn(&mut DatagenArgs);
        let changes: [(&str, Change); 7] = [
            ("eval hce", |a| a.eval = DatagenEval::Hce),
            // The built-in network's own file: the process's network stays the same one, so
            // the other tests of this process are not disturbed.
            ("eval-file vidle-", |a| a.eval_file = Some(built_in_file())),
            ("nodes 300", |a| a.nodes = 300),
            ("book-plies 6", |a| a.book_plies = 6),
            ("random-plies 2", |a| a.random_plies = 2),
            ("chunk-games 2", |a| a.chunk_games = 2),
            ("tb-play-on 4", |a| a.tb_play_on = 4),
        ];
        for (named, change) in changes {
            let mut a = args(&[&base[..], &["--games", "2"]].concat());
            change(&mut a);
            let err = run(&a).unwrap_err().to_string();
            assert!(err.contains("seed 7 was begun with") && err.contains(named), "{err}");
        }
        assert_eq!(Manifest::open(&dir).unwrap().chunks_done(7), HashSet::from([0]));
        run(&args(&[&base[..], &["--games", "2", "--threads", "2"]].concat())).unwrap();
        assert_eq!(Manifest::open(&dir).unwrap().chunks_done(7), HashSet::from([0, 1]));
        // A seed begun before records: resumed, and recorded from then on.
        std::fs::remove_file(dir.join("seed-7/recipe.txt")).unwrap();
        run(&args(&[&base[..], &["--games", "3"]].concat())).unwrap();
        assert_eq!(std::fs::read_to_string(dir.join("seed-7/recipe.txt")).unwrap(), recorded);
        // A record from before `tb-play-on` reads as 0, the behaviour of those builds.
        let older: String = recorded
            .lines()
            .filter(|l| !l.starts_with("tb-play-on"))
            .map(|l| format!("{l}\n"))
            .collect();
        std::fs::write(dir.join("seed-7/recipe.txt"), older).unwrap();
        let err = run(&args(&[&base[..], &["--games", "4"]].concat())).unwrap_err().to_string();
        assert!(err.contains("`tb-play-on 0`") && err.contains("`tb-play-on 16`"), "{err}");
        run(&args(&[&base[..], &["--games", "4", "--tb-play-on", "0"]].concat())).unwrap();
        assert_eq!(Manifest::open(&dir).unwrap().chunks_done(7), HashSet::from([0, 1, 2, 3]));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The file of the network built into the binary.
    fn built_in_file() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../engine/nets")
            .join(vidle_engine::NNUE_EMBEDDED_FILE)
    }

    /// `--eval-file` is recorded by name and hash, so a seed begun with a network is resumed
    /// only with it; a file that is not a network, and a network with `--eval hce`, are refused
    /// before anything is written. (That the games are searched with the file's network is
    /// tested on the binary, `tests/datagen_cli.rs`: the network is the process's.)
    #[test]
    fn a_network_file_is_part_of_the_recipe() {
        let dir = fresh_dir("evalfile");
        let d = dir.to_str().unwrap();
        let net = built_in_file();
        let n = net.to_str().unwrap();
        let base = ["--out", d, "--nodes", "200", "--chunk-games", "1", "--seed", "8"];
        run(&args(&[&base[..], &["--games", "1", "--eval-file", n]].concat())).unwrap();
        let recorded = std::fs::read_to_string(dir.join("seed-8/recipe.txt")).unwrap();
        let bytes = std::fs::read(&net).unwrap();
        let fnv = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        let name = vidle_engine::NNUE_EMBEDDED_FILE;
        let line = format!("eval nnue\neval-file {name} fnv1a64 {fnv:016x}\n");
        assert!(recorded.contains(&line), "{recorded}");
        // Without the file: refused, naming it.
        let err = run(&args(&[&base[..], &["--games", "2"]].concat())).unwrap_err().to_string();
        assert!(err.contains(&format!("seed 8 was begun with `eval-file {name} fnv1a64")), "{err}");
        run(&args(&[&base[..], &["--games", "2", "--eval-file", n]].concat())).unwrap();
        assert_eq!(Manifest::open(&dir).unwrap().chunks_done(8), HashSet::from([0, 1]));
        // Not a network: refused before the seed is begun.
        let junk = dir.join("junk.nnue");
        std::fs::write(&junk, b"VDNN\x03\x00\x00\x00").unwrap();
        let j = junk.to_str().unwrap();
        let other = ["--out", d, "--games", "1", "--seed", "9", "--eval-file", j];
        let err = format!("{:#}", run(&args(&other)).unwrap_err());
        assert!(err.contains("--eval-file") && err.contains("junk.nnue"), "{err}");
        assert!(!dir.join("seed-9").exists());
        let missing = ["--out", d, "--games", "1", "--seed", "9", "--eval-file", "/nonexistent"];
        let err = format!("{:#}", run(&args(&missing)).unwrap_err());
        assert!(err.contains("--eval-file /nonexistent"), "{err}");
        let hce = ["--out", d, "--games", "1", "--seed", "9", "--eval", "hce", "--eval-file", n];
        let err = run(&args(&hce)).unwrap_err().to_string();
        assert!(err.contains("cannot go with --eval hce"), "{err}");
        assert!(!dir.join("seed-9").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn text_lines_convert() {
        let r = parse_text_line("8/8/8/8/8/2k5/8/KQ6 w - - 0 1 | 812 | 1.0").unwrap();
        assert_eq!((r.score, r.result, r.quiet), (812, 2, true));
        assert!(parse_text_line("8/8/8 w - - 0 1 | 1 | 0.5").is_none());
        assert!(parse_text_line("8/8/8/8/8/2k5/8/KQ6 w - - 0 1 | x | 0.5").is_none());
    }
}
