//! A `vidle serve` child process and a small HTTP/1.1 client, shared by the web tests.
#![allow(dead_code)] // each test file uses part of it

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStderr, Command, Stdio};
use std::time::{Duration, Instant};

#[path = "../data_dir/mod.rs"]
pub mod data_dir;
use data_dir::{DataDir, OwnData};

pub struct Server {
    pub child: Child,
    pub client: Client,
    /// What the server printed on standard output when it started.
    pub banner: Vec<String>,
    pub stderr: Option<ChildStderr>,
    /// The server's data directory (removed after it has gone: fields drop after `drop`).
    _data: DataDir,
}

/// Talks HTTP/1.1 to a server (small enough to need no client library).
#[derive(Clone, Debug)]
pub struct Client {
    pub port: u16,
    /// Headers sent with every request (a token, say).
    pub extra: String,
}

impl std::ops::Deref for Server {
    type Target = Client;
    fn deref(&self) -> &Client {
        &self.client
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A server on loopback with the default settings.
pub fn server() -> Server {
    server_with(&[])
}

/// A server on a free port with more arguments; its first address line is read from standard
/// output (`serving on http://127.0.0.1:PORT/`, or the list of addresses for 0.0.0.0).
///
/// The tests make games and poll faster than a player, all from one address: the quotas per
/// client are off unless `args` set them (`tests/web_limits.rs` tests them).
pub fn server_with(args: &[&str]) -> Server {
    // No log: nobody reads a test server's standard error to its end, and a line per request
    // (or per refused one, 503s included) would fill the pipe and stall the server.
    server_with_env(args, &[("RUST_LOG", "off")])
}

/// [`server_with`] with these environment variables.
pub fn server_with_env(args: &[&str], env: &[(&str, &str)]) -> Server {
    let data = DataDir::new();
    let mut quotas = Vec::new();
    for q in ["--requests-per-minute", "--games-per-minute"] {
        if !args.contains(&q) {
            quotas.extend([q, "0"]);
        }
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_vidle"))
        .args(["serve", "--port", "0"])
        // Tables made on demand go to a data directory of the server's own, not the user's.
        .own_data(&data)
        .envs(env.iter().copied())
        .args(quotas)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start vidle serve");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut banner = Vec::new();
    let mut line = String::new();
    out.read_line(&mut line).expect("read");
    banner.push(line.trim_end().to_string());
    if line.contains("open one of") {
        loop {
            line.clear();
            if out.read_line(&mut line).unwrap_or(0) == 0 {
                break;
            }
            banner.push(line.trim_end().to_string());
            if line.contains("127.0.0.1") {
                break;
            }
        }
    }
    let port = banner
        .iter()
        .find_map(|l| l.split("127.0.0.1:").nth(1))
        .and_then(|r| r.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no address in {banner:?}"));
    let stderr = child.stderr.take();
    Server { child, client: Client { port, extra: String::new() }, banner, stderr, _data: data }
}

impl Server {
    /// `Threads` and `VmRSS` (kB) of the server process (Linux).
    pub fn threads_and_rss_kb(&self) -> (u64, u64) {
        let status =
            std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).expect("status");
        let field = |name: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.split_whitespace().next())
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("no {name} in {status}"))
        };
        (field("Threads:"), field("VmRSS:"))
    }
}

/// Reads the server's standard error to its end on a thread, into a shared text (the log).
pub fn collect_stderr(
    s: &mut Server,
) -> (std::sync::Arc<std::sync::Mutex<String>>, std::thread::JoinHandle<()>) {
    let mut err = s.stderr.take().expect("stderr");
    let text = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let sink = std::sync::Arc::clone(&text);
    let reader = std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        loop {
            match err.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => sink.lock().unwrap().push_str(&String::from_utf8_lossy(&buf[..n])),
            }
        }
    });
    (text, reader)
}

pub struct Reply {
    pub status: u16,
    pub headers: String,
    pub body: String,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    pub fn error_code(&self) -> String {
        self.json()["error"]["code"].as_str().unwrap_or("").to_string()
    }

    /// The value of a response header (name in lowercase).
    pub fn header(&self, name: &str) -> Option<String> {
        self.headers.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.trim().eq_ignore_ascii_case(name).then(|| v.trim().to_string())
        })
    }
}

impl Client {
    /// Sends exactly these headers (plus `Host: 127.0.0.1:PORT` unless given, the length and
    /// `Connection: close`).
    pub fn request(&self, method: &str, path: &str, body: &str, headers: &str) -> Reply {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        let host = if headers.to_ascii_lowercase().contains("host:") {
            String::new()
        } else {
            format!("Host: 127.0.0.1:{}\r\n", self.port)
        };
        let req = format!(
            "{method} {path} HTTP/1.1\r\n{host}{}{headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.extra,
            body.len()
        );
        // The server may answer (413) before reading a long body, and close.
        let _ = s.write_all(req.as_bytes());
        let mut raw = Vec::new();
        let _ = s.read_to_end(&mut raw);
        let out = String::from_utf8_lossy(&raw).into_owned();
        let (head, rest) = out.split_once("\r\n\r\n").unwrap_or((&out, ""));
        let status = head.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
        // Bodies are small; undo chunked encoding if the server used it.
        let body = if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
            let mut b = String::new();
            let mut r = rest;
            while let Some((len, tail)) = r.split_once("\r\n") {
                let n = usize::from_str_radix(len.trim(), 16).unwrap_or(0);
                if n == 0 {
                    break;
                }
                b.push_str(&tail[..n]);
                r = &tail[n + 2..];
            }
            b
        } else {
            rest.to_string()
        };
        Reply { status, headers: head.to_string(), body }
    }

    /// A request with a JSON content type and `extra` headers.
    pub fn raw(&self, method: &str, path: &str, body: &str, extra: &str) -> Reply {
        self.request(method, path, body, &format!("Content-Type: application/json\r\n{extra}"))
    }

    pub fn post(&self, path: &str, body: &str) -> Reply {
        self.raw("POST", path, body, "")
    }

    pub fn get(&self, path: &str) -> Reply {
        self.request("GET", path, "", "")
    }

    /// Creates a game; without a `level` it is played at full strength (the server's default
    /// is `club`, whose choice among good moves is random: tests want the engine's best answer).
    pub fn new_game(&self, mut body: Value) -> Value {
        if let Some(obj) = body.as_object_mut() {
            obj.entry("level").or_insert_with(|| Value::String("max".into()));
        }
        let r = self.post("/api/game", &body.to_string());
        assert_eq!(r.status, 201, "{}", r.body);
        r.json()
    }

    /// Polls until `pred` holds for the game's state.
    pub fn wait_for(&self, id: &str, pred: impl Fn(&Value) -> bool) -> Value {
        let t0 = Instant::now();
        loop {
            let g = self.get(&format!("/api/game/{id}")).json();
            if pred(&g) {
                return g;
            }
            assert!(t0.elapsed() < Duration::from_secs(30), "timed out: {g}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

pub fn id_of(g: &Value) -> String {
    g["id"].as_str().expect("id").to_string()
}

/// A game id that is well formed but names no game.
pub const UNKNOWN_ID: &str = "0123456789abcdef0123456789abcdef";
