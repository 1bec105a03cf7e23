//! A load test of `vidle serve` (issue 85): many simulated players at once, each creating a
//! game, holding its WebSocket and playing random legal moves against the engine, with latency
//! percentiles per kind of request, errors by status and the server's memory.
//!
//! ```text
//! cargo build --release -p vidle --example web_load
//! target/release/examples/web_load --players 200                      # a burst: one game each
//! target/release/examples/web_load --players 100 --think 1000 --soak 600   # a 10-minute soak
//! ```
//!
//! It starts `target/release/vidle serve` (`--bin`) on a free port with a data directory of its
//! own (removed after), or drives a running server (`--addr`, and `--pid` for its memory). Every
//! player comes from one address: the quotas and the cap per client are turned off, and
//! `--max-games` raised, unless options after `--` say otherwise. The engine plays at
//! `--level beginner --depth 1` (about a millisecond a move), so that on a small machine the
//! figures are the server's, not the engine's.
//!
//! A player: `POST /api/game`, opens `/api/game/{id}/ws`, then until the game ends or `--moves`:
//! thinks (`--think`), `POST /api/game/{id}/move` with a random legal move from the state's
//! `dests`, waits for the engine's answer on the WebSocket, and reads the game back with
//! `GET /api/game/{id}` (as a reloaded page would) for its next move. HTTP is HTTP/1.1 written
//! by hand on one keep-alive connection per player (reopened when the server closes it).
//! Latencies: `create`, `move`, `get` (a request, a new connection's opening included),
//! `connect` (opening one), `ws_open` (connection and handshake), `reply` (from the move's
//! answer to the engine's answer on the WebSocket: the engines' queue and search).
//! Not a test: nothing is asserted; it prints tables.

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

#[derive(Parser, Debug)]
#[command(about = "Load test of vidle serve: simulated players, latencies, memory")]
struct Args {
    /// The vidle binary to start as the server.
    #[arg(long, default_value = "target/release/vidle")]
    bin: PathBuf,
    /// Drive a server already running at this address instead of starting one.
    #[arg(long)]
    addr: Option<SocketAddr>,
    /// The running server's process id (with --addr), for its memory.
    #[arg(long)]
    pid: Option<u32>,
    /// Players at once.
    #[arg(long, default_value_t = 50)]
    players: usize,
    /// A player's moves per game at most (the game may end before).
    #[arg(long, default_value_t = 30)]
    moves: usize,
    /// Games each player plays one after another (without --soak).
    #[arg(long, default_value_t = 1)]
    games: usize,
    /// Run this many seconds with a steady population instead: a player whose game ends starts
    /// another; memory is sampled every --sample seconds.
    #[arg(long, value_name = "SECS")]
    soak: Option<u64>,
    /// Seconds between memory samples of a soak.
    #[arg(long, value_name = "SECS", default_value_t = 60)]
    sample: u64,
    /// A player's mean thinking time before each move, in ms (each drawn from 0 to twice it).
    #[arg(long, value_name = "MS", default_value_t = 0)]
    think: u64,
    /// The engine's level in the players' games.
    #[arg(long, default_value = "beginner")]
    level: String,
    /// The engine's depth limit per move.
    #[arg(long, default_value_t = 1)]
    depth: u32,
    /// Seed of the players' random moves and thinking times.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How long a player waits for the engine's answer before it polls for it.
    #[arg(long, value_name = "SECS", default_value_t = 60)]
    reply_timeout: u64,
    /// Options for the server started (after `--`).
    #[arg(last = true)]
    serve_args: Vec<String>,
}

/// A small random generator (xorshift64*), one per player, so that a run can be repeated.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n.max(1)
    }
}

/// What a run measured: latencies (µs) by kind, and outcomes by kind and status.
#[derive(Default)]
struct Stats {
    latency: BTreeMap<&'static str, Vec<u64>>,
    outcomes: BTreeMap<(&'static str, String), u64>,
    requests: u64,
    games_started: u64,
    games_ended: u64,
    moves: u64,
    playing: usize,
    most_playing: usize,
}

impl Stats {
    fn record(&mut self, kind: &'static str, took: Duration, outcome: &str) {
        self.latency.entry(kind).or_default().push(took.as_micros() as u64);
        *self.outcomes.entry((kind, outcome.to_string())).or_default() += 1;
        if !matches!(kind, "reply" | "ws_open" | "connect") {
            self.requests += 1;
        }
    }

    fn error(&mut self, kind: &'static str, what: String) {
        *self.outcomes.entry((kind, what)).or_default() += 1;
    }
}

type Shared = Arc<Mutex<Stats>>;

fn stats(s: &Shared) -> std::sync::MutexGuard<'_, Stats> {
    s.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The `p`th percentile (0–100) of sorted `v`, in ms.
fn pct(v: &[u64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let i = ((p / 100.0) * v.len() as f64).ceil() as usize;
    v[i.clamp(1, v.len()) - 1] as f64 / 1000.0
}

/// One keep-alive HTTP/1.1 connection, written by hand.
struct Http {
    addr: SocketAddr,
    conn: Option<TcpStream>,
    buf: Vec<u8>,
    reconnects: u64,
    /// How long the last new connection took to open (taken by [`timed`]).
    connected_in: Option<Duration>,
}

/// A response: status and body.
struct Reply {
    status: u16,
    body: Vec<u8>,
}

impl Http {
    fn new(addr: SocketAddr) -> Http {
        Http { addr, conn: None, buf: Vec::new(), reconnects: 0, connected_in: None }
    }

    /// Sends a request and reads its response. A connection the server closed while it was
    /// idle (its keep-alive deadline) is reopened and the request sent again, once.
    async fn request(&mut self, method: &str, path: &str, body: &str) -> std::io::Result<Reply> {
        let fresh = self.conn.is_none();
        match self.once(method, path, body).await {
            Err(e) if !fresh && e.kind() == std::io::ErrorKind::UnexpectedEof => {
                self.reconnects += 1;
                self.conn = None;
                self.once(method, path, body).await
            }
            r => r,
        }
    }

    async fn once(&mut self, method: &str, path: &str, body: &str) -> std::io::Result<Reply> {
        if self.conn.is_none() {
            let t0 = Instant::now();
            let s = TcpStream::connect(self.addr).await?;
            self.connected_in = Some(t0.elapsed());
            s.set_nodelay(true)?;
            self.conn = Some(s);
            self.buf.clear();
        }
        let conn = self.conn.as_mut().expect("connected");
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        let sent = conn.write_all(head.as_bytes()).await;
        let answer = match sent {
            Ok(()) => read_response(conn, &mut self.buf).await,
            Err(e) => Err(e),
        };
        match answer {
            Ok((reply, keep)) => {
                if !keep {
                    self.conn = None;
                }
                Ok(reply)
            }
            Err(e) => {
                self.conn = None;
                // A reset or broken pipe on a reused connection is the same as a clean close.
                let eof = matches!(
                    e.kind(),
                    std::io::ErrorKind::ConnectionReset | std::io::ErrorKind::BrokenPipe
                );
                Err(if eof { std::io::ErrorKind::UnexpectedEof.into() } else { e })
            }
        }
    }
}

/// Reads one response from `conn` (bytes beyond it stay in `buf`); whether the connection may
/// be used again.
async fn read_response(conn: &mut TcpStream, buf: &mut Vec<u8>) -> std::io::Result<(Reply, bool)> {
    let head_end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        fill(conn, buf).await?;
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_ascii_lowercase();
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let header = |name: &str| {
        head.lines().find_map(|l| l.strip_prefix(name).map(|v| v.trim_start_matches(':').trim()))
    };
    let keep = header("connection") != Some("close");
    buf.drain(..head_end);
    let body = if let Some(n) = header("content-length").and_then(|v| v.parse::<usize>().ok()) {
        while buf.len() < n {
            fill(conn, buf).await?;
        }
        buf.drain(..n).collect()
    } else if header("transfer-encoding").is_some_and(|v| v.contains("chunked")) {
        let mut body = Vec::new();
        loop {
            let line_end = loop {
                if let Some(i) = buf.windows(2).position(|w| w == b"\r\n") {
                    break i;
                }
                fill(conn, buf).await?;
            };
            let size = std::str::from_utf8(&buf[..line_end]).unwrap_or("");
            let size = usize::from_str_radix(size.split(';').next().unwrap_or("").trim(), 16)
                .map_err(|_| std::io::Error::other("bad chunk size"))?;
            buf.drain(..line_end + 2);
            while buf.len() < size + 2 {
                fill(conn, buf).await?;
            }
            body.extend(buf.drain(..size));
            buf.drain(..2);
            if size == 0 {
                break body;
            }
        }
    } else {
        // No length: the body runs to the end of the connection.
        while fill(conn, buf).await.is_ok() {}
        return Ok((Reply { status, body: std::mem::take(buf) }, false));
    };
    Ok((Reply { status, body }, keep))
}

async fn fill(conn: &mut TcpStream, buf: &mut Vec<u8>) -> std::io::Result<()> {
    let mut chunk = [0u8; 16 * 1024];
    let n = conn.read(&mut chunk).await?;
    if n == 0 {
        return Err(std::io::ErrorKind::UnexpectedEof.into());
    }
    buf.extend_from_slice(&chunk[..n]);
    Ok(())
}

/// A request timed and recorded under `kind`; the JSON body of a 2xx answer.
async fn timed(
    http: &mut Http,
    st: &Shared,
    kind: &'static str,
    method: &str,
    path: &str,
    body: &str,
) -> Option<Value> {
    let t0 = Instant::now();
    let answer = http.request(method, path, body).await;
    if let Some(took) = http.connected_in.take() {
        stats(st).record("connect", took, "ok");
    }
    match answer {
        Ok(r) => {
            stats(st).record(kind, t0.elapsed(), &r.status.to_string());
            if (200..300).contains(&r.status) { serde_json::from_slice(&r.body).ok() } else { None }
        }
        Err(e) => {
            stats(st).error(kind, format!("io: {}", e.kind()));
            None
        }
    }
}

/// A random legal move of the state's `dests` (a promotion to a queen), as a move request.
fn random_move(state: &Value, rng: &mut Rng) -> Option<String> {
    let dests = state["dests"].as_object()?;
    let all: Vec<(&str, &str)> = dests
        .iter()
        .flat_map(|(from, tos)| {
            tos.as_array().into_iter().flatten().filter_map(|t| Some((from.as_str(), t.as_str()?)))
        })
        .collect();
    let (from, to) = *all.get(rng.below(all.len() as u64) as usize)?;
    let promo = state["promotions"][from].as_array().is_some_and(|t| t.iter().any(|t| t == to));
    let mut m = json!({ "from": from, "to": to });
    if promo {
        m["promotion"] = json!("q");
    }
    Some(m.to_string())
}

/// How a game's state reads: whose turn it is and how far the game is.
fn phase(state: &Value) -> (&str, usize) {
    let n = state["moves"].as_array().map_or(0, Vec::len);
    (state["phase"].as_str().unwrap_or(""), n)
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// Waits on the game's WebSocket for a state past `plies` where the player is to move or the
/// game is over; `None` after `within` or when the socket ends.
async fn engine_answer(ws: &mut Ws, plies: usize, within: Duration) -> Option<Value> {
    let until = tokio::time::Instant::now() + within;
    loop {
        let msg = tokio::time::timeout_at(until, ws.next()).await.ok()??.ok()?;
        let Message::Text(text) = msg else { continue };
        let Ok(v) = serde_json::from_str::<Value>(&text) else { continue };
        if v["type"] != "state" {
            continue;
        }
        let (ph, n) = phase(&v["state"]);
        if n > plies && matches!(ph, "your_move" | "over") {
            return Some(v["state"].clone());
        }
    }
}

/// Settings every player shares.
#[derive(Clone)]
struct Plan {
    addr: SocketAddr,
    moves: usize,
    think: u64,
    new_game: String,
    reply_timeout: Duration,
    /// A soak's end: no move or game is begun after it.
    until: Option<Instant>,
}

impl Plan {
    fn over(&self) -> bool {
        self.until.is_some_and(|u| Instant::now() >= u)
    }
}

/// One game of a player, start to end (or `--moves`, or the soak's end).
async fn play_game(plan: &Plan, http: &mut Http, st: &Shared, rng: &mut Rng) {
    let Some(mut state) = timed(http, st, "create", "POST", "/api/game", &plan.new_game).await
    else {
        // Refused (the status is counted): wait a little before the next try.
        tokio::time::sleep(Duration::from_millis(500)).await;
        return;
    };
    let Some(id) = state["id"].as_str().map(str::to_string) else { return };
    stats(st).games_started += 1;
    let t0 = Instant::now();
    let url = format!("ws://{}/api/game/{id}/ws", plan.addr);
    let mut ws = match tokio_tungstenite::connect_async(url).await {
        Ok((ws, res)) => {
            stats(st).record("ws_open", t0.elapsed(), &res.status().as_u16().to_string());
            ws
        }
        Err(e) => {
            let what = match e {
                tokio_tungstenite::tungstenite::Error::Http(r) => r.status().as_u16().to_string(),
                other => format!("ws: {other}"),
            };
            stats(st).error("ws_open", what);
            return;
        }
    };
    let mut moved = 0;
    while moved < plan.moves && !plan.over() {
        let (ph, plies) = phase(&state);
        if ph != "your_move" {
            break;
        }
        if plan.think > 0 {
            tokio::time::sleep(Duration::from_millis(rng.below(2 * plan.think + 1))).await;
        }
        let Some(body) = random_move(&state, rng) else { break };
        let path = format!("/api/game/{id}/move");
        let Some(after) = timed(http, st, "move", "POST", &path, &body).await else { break };
        moved += 1;
        stats(st).moves += 1;
        let sent = Instant::now();
        if phase(&after).0 == "over" {
            break;
        }
        // The engine's answer, pushed to the page; polled for when it does not come.
        match engine_answer(&mut ws, plies + 1, plan.reply_timeout).await {
            Some(_) => stats(st).record("reply", sent.elapsed(), "ws"),
            None => stats(st).error("reply", "no answer on the WebSocket".into()),
        }
        let Some(now) = timed(http, st, "get", "GET", &format!("/api/game/{id}"), "").await else {
            break;
        };
        state = now;
    }
    stats(st).games_ended += 1;
    let _ = ws.send(Message::Close(None)).await;
    // The close handshake: the server's Close frame, or the end of the stream.
    let _ = tokio::time::timeout(Duration::from_secs(5), async {
        while let Some(Ok(_)) = ws.next().await {}
    })
    .await;
}

/// A player: `games` games one after another, or games until the soak ends.
async fn player(plan: Arc<Plan>, games: usize, st: Shared, seed: u64) -> u64 {
    let mut rng = Rng::new(seed);
    let mut http = Http::new(plan.addr);
    {
        let mut s = stats(&st);
        s.playing += 1;
        s.most_playing = s.most_playing.max(s.playing);
    }
    let mut played = 0;
    while if plan.until.is_some() { !plan.over() } else { played < games } {
        play_game(&plan, &mut http, &st, &mut rng).await;
        played += 1;
    }
    stats(&st).playing -= 1;
    http.reconnects
}

/// A `VmRSS`-like field of `/proc/PID/status`, in MB.
fn proc_mb(pid: Option<u32>, field: &str) -> f64 {
    let Some(pid) = pid else { return f64::NAN };
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
        return f64::NAN;
    };
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

fn open_fds(pid: Option<u32>) -> i64 {
    pid.and_then(|p| std::fs::read_dir(format!("/proc/{p}/fd")).ok())
        .map_or(-1, |d| d.count() as i64)
}

/// The server this run started: killed, and its data directory removed, when dropped.
struct Server {
    child: Child,
    data: PathBuf,
}

impl Drop for Server {
    /// Stops the server; says how many warnings and errors it logged (`--log-level warn`), and
    /// shows the last few, before its directory goes.
    fn drop(&mut self) {
        let log = std::fs::read_to_string(self.data.join("serve.log")).unwrap_or_default();
        let lines: Vec<&str> = log.lines().collect();
        println!("server log: {} lines of warnings and errors", lines.len());
        for l in &lines[lines.len().saturating_sub(5)..] {
            println!("  {l}");
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

/// Starts `bin serve` on a free port, the quotas and cap per client off unless `extra` sets
/// them; its address from the line it prints.
fn start_server(bin: &PathBuf, extra: &[String]) -> Result<(Server, SocketAddr), String> {
    let data = std::env::temp_dir().join(format!("vidle-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(&data).map_err(|e| format!("{}: {e}", data.display()))?;
    let mut args: Vec<String> =
        ["serve", "--port", "0", "--log-level", "warn"].map(String::from).to_vec();
    for (opt, value) in [
        ("--requests-per-minute", "0"),
        ("--games-per-minute", "0"),
        ("--max-connections-per-client", "0"),
        ("--max-games", "100000"),
    ] {
        if !extra.iter().any(|a| a == opt) {
            args.extend([opt.to_string(), value.to_string()]);
        }
    }
    args.extend(extra.iter().cloned());
    let log = std::fs::File::create(data.join("serve.log")).map_err(|e| e.to_string())?;
    let mut child = Command::new(bin)
        .args(&args)
        .env("XDG_DATA_HOME", &data)
        .env_remove("VIDLE_TB_DIR")
        .stdout(Stdio::piped())
        .stderr(log)
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", bin.display()))?;
    let mut line = String::new();
    let out = child.stdout.take().ok_or("no standard output")?;
    BufReader::new(out).read_line(&mut line).map_err(|e| e.to_string())?;
    let server = Server { child, data };
    let port = line
        .split("127.0.0.1:")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .and_then(|p| p.trim().parse::<u16>().ok())
        .ok_or_else(|| format!("no address in the server's first line: {line:?}"))?;
    println!("server: {} {}", bin.display(), args.join(" "));
    Ok((server, SocketAddr::from(([127, 0, 0, 1], port))))
}

/// Prints the latency table, the errors and the rates of `s` over `secs` seconds.
fn report(s: &mut Stats, secs: f64) {
    println!(
        "players at once (most): {}; games started {}, ended {}; moves {}; {:.1} s",
        s.most_playing, s.games_started, s.games_ended, s.moves, secs
    );
    println!("HTTP requests: {} ({:.1} per second)", s.requests, s.requests as f64 / secs);
    println!(
        "{:<9} {:>7} {:>8} {:>8} {:>8} {:>8}",
        "kind", "n", "p50 ms", "p90 ms", "p99 ms", "max ms"
    );
    for (kind, v) in &mut s.latency {
        v.sort_unstable();
        println!(
            "{kind:<9} {:>7} {:>8.2} {:>8.2} {:>8.2} {:>8.2}",
            v.len(),
            pct(v, 50.0),
            pct(v, 90.0),
            pct(v, 99.0),
            pct(v, 100.0)
        );
    }
    println!("outcomes (kind, status or error: count):");
    for ((kind, what), n) in &s.outcomes {
        println!("  {kind:<9} {what}: {n}");
    }
}

fn main() -> Result<(), String> {
    let args = Args::parse();
    let (server, addr, pid) = match args.addr {
        Some(addr) => (None, addr, args.pid),
        None => {
            let (server, addr) = start_server(&args.bin, &args.serve_args)?;
            let pid = server.child.id();
            (Some(server), addr, Some(pid))
        }
    };
    // One thread: the client takes as little of a small machine's processors as it can.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    rt.block_on(run(&args, addr, pid));
    drop(server);
    Ok(())
}

async fn run(args: &Args, addr: SocketAddr, pid: Option<u32>) {
    tokio::time::sleep(Duration::from_millis(500)).await;
    let fresh = (proc_mb(pid, "VmRSS:"), open_fds(pid));
    println!("fresh: RSS {:.1} MB, {} open descriptors", fresh.0, fresh.1);
    let new_game = json!({ "level": args.level, "depth": args.depth, "color": "white" });
    let mut plan = Plan {
        addr,
        moves: args.moves,
        think: 0,
        new_game: new_game.to_string(),
        reply_timeout: Duration::from_secs(args.reply_timeout),
        until: None,
    };
    // A few games first, so that every engine of the pool exists (each a 16 MB table): the
    // memory at rest is that of a server that has played, not of one just started.
    let warm: Vec<_> = (0..4)
        .map(|i| {
            let plan = Arc::new(Plan { moves: 4, ..plan.clone() });
            tokio::spawn(player(plan, 1, Shared::default(), u64::MAX - i))
        })
        .collect();
    for w in warm {
        let _ = w.await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let rest = (proc_mb(pid, "VmRSS:"), open_fds(pid));
    println!("at rest (after 4 warm-up games): RSS {:.1} MB, {} open descriptors", rest.0, rest.1);
    let st: Shared = Arc::default();
    let t0 = Instant::now();
    plan.think = args.think;
    plan.until = args.soak.map(|s| t0 + Duration::from_secs(s));
    let plan = Arc::new(plan);
    println!(
        "{} players, {} ({} moves a game at most, thinking {} ms on average), new game {}",
        args.players,
        args.soak.map_or_else(|| format!("{} game(s) each", args.games), |s| format!("soak {s} s")),
        args.moves,
        args.think,
        plan.new_game
    );
    let players: Vec<_> = (0..args.players)
        .map(|i| {
            let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(i as u64);
            tokio::spawn(player(Arc::clone(&plan), args.games, Arc::clone(&st), seed))
        })
        .collect();
    // Memory while the players play: every second for the peak, every --sample s in a table.
    let sampler = {
        let st = Arc::clone(&st);
        let every = Duration::from_secs(args.sample.max(1));
        let soak = args.soak.is_some();
        tokio::spawn(async move {
            let mut peak = 0.0f64;
            let mut next = Instant::now() + every;
            let mut last_requests = 0;
            let mut seen: BTreeMap<&'static str, usize> = BTreeMap::new();
            if soak {
                println!(
                    "{:>5} {:>7} {:>5} {:>7} {:>7} {:>7} {:>15} {:>15}",
                    "min",
                    "RSS MB",
                    "fds",
                    "games",
                    "req/s",
                    "playing",
                    "move p50/p99",
                    "get p50/p99"
                );
            }
            loop {
                tokio::time::sleep(Duration::from_secs(1)).await;
                peak = peak.max(proc_mb(pid, "VmRSS:"));
                if soak && Instant::now() >= next {
                    next += every;
                    let s = stats(&st);
                    // Latencies of the requests made since the last line.
                    let mut window = |kind: &'static str| {
                        let all = s.latency.get(kind).map_or(&[][..], Vec::as_slice);
                        let from = seen.insert(kind, all.len()).unwrap_or(0).min(all.len());
                        let mut v = all[from..].to_vec();
                        v.sort_unstable();
                        format!("{:.1}/{:.1}", pct(&v, 50.0), pct(&v, 99.0))
                    };
                    let (moves, gets) = (window("move"), window("get"));
                    println!(
                        "{:>5.1} {:>7.1} {:>5} {:>7} {:>7.1} {:>7} {:>15} {:>15}",
                        t0.elapsed().as_secs_f64() / 60.0,
                        proc_mb(pid, "VmRSS:"),
                        open_fds(pid),
                        s.games_started,
                        (s.requests - last_requests) as f64 / every.as_secs_f64(),
                        s.playing,
                        moves,
                        gets
                    );
                    last_requests = s.requests;
                }
                if stats(&st).playing == 0 && t0.elapsed() > Duration::from_secs(2) {
                    return peak;
                }
            }
        })
    };
    let mut reconnects = 0;
    for p in players {
        reconnects += p.await.unwrap_or(0);
    }
    let secs = t0.elapsed().as_secs_f64();
    let sampled_peak = sampler.await.unwrap_or(f64::NAN);
    let hwm = proc_mb(pid, "VmHWM:");
    println!("--- results ---");
    report(&mut stats(&st), secs);
    println!("connections reopened after the server closed an idle one: {reconnects}");
    println!(
        "server memory: fresh {:.1} MB, at rest {:.1} MB; peak {:.1} MB sampled each second \
         (VmHWM {:.1} MB)",
        fresh.0, rest.0, sampled_peak, hwm
    );
    for wait in [5, 35] {
        let since = t0.elapsed().as_secs_f64() - secs;
        tokio::time::sleep(Duration::from_secs_f64((f64::from(wait) - since).max(0.0))).await;
        println!(
            "after the players stopped (+{wait} s): RSS {:.1} MB, {} open descriptors",
            proc_mb(pid, "VmRSS:"),
            open_fds(pid)
        );
    }
}
