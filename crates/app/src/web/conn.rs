//! The connections of `vidle serve`. hyper serves each one (HTTP/1.1, upgraded to a WebSocket
//! when asked) with a deadline for the request head, which also ends a keep-alive connection
//! left idle; this file accepts them and keeps their number under a cap. A new connection over
//! the cap closes the connection idle the longest (between requests or still sending its head:
//! the slow and the abandoned ones); when none is idle (every one is in a request or a
//! WebSocket) the new one is answered `503` and closed at once, so that a flood of idle
//! connections cannot keep a player out and a full server says so without delay. One client
//! (an address, as the quotas count them) has a cap of its own: past it, its own idle
//! connection goes, so that one client's WebSockets cannot fill the server. A trusted proxy's
//! connections carry every client's requests (`client.rs`): that cap does not apply to them.
//!
//! axum's `serve` has no head deadline (it gives hyper no timer), hence this accept loop; the
//! HTTP itself is hyper's.

use super::client::TrustedProxies;
use super::guard::Conn;
use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::Notify;
use tower::ServiceExt as _;

/// Connections open at once by default.
pub const DEFAULT_MAX_CONNECTIONS: usize = 2000;
/// Connections open at once from one client by default (a browser opens about six, and one
/// WebSocket per tab).
pub const DEFAULT_MAX_PER_CLIENT: usize = 256;
/// Time a client has to send a request's head, and a keep-alive connection may stay idle.
pub const DEFAULT_HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// Time a client has to send a request's body once its head is in.
pub const DEFAULT_BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// Descriptors kept free of connections (engine files, tablebases, the listener).
const RESERVED_DESCRIPTORS: u64 = 128;
/// Connections the system holds for the accept loop (`listen`'s backlog; the system caps it at
/// `net.core.somaxconn`). With the 128 of `std`'s and tokio's `bind`, a burst of a few hundred
/// new connections overflowed the queue, and each connection dropped waited a second for the
/// client to try again (the load test's players all connecting at once, issue 85).
pub const LISTEN_BACKLOG: u32 = 1024;

/// A listener on `addr` with a queue of [`LISTEN_BACKLOG`] connections (within a runtime).
///
/// # Errors
/// The address cannot be bound.
pub fn listen(addr: SocketAddr) -> io::Result<TcpListener> {
    let socket = if addr.is_ipv4() { TcpSocket::new_v4()? } else { TcpSocket::new_v6()? };
    // As `bind` does: a restarted server may take its port back while old connections close.
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(LISTEN_BACKLOG)
}

/// The connection limits of one server.
#[derive(Debug, Clone, Copy)]
pub struct ConnLimits {
    /// Connections open at once (WebSockets included).
    pub max_connections: usize,
    /// Connections open at once from one client (as the quotas count clients; 0: no limit).
    pub max_per_client: usize,
    /// Deadline for a request's head, from the connection's start or the end of the previous
    /// response; an idle keep-alive connection is closed when it passes.
    pub header_timeout: Duration,
    /// Deadline for a request's body once its head is in (answered `408`).
    pub body_timeout: Duration,
}

impl Default for ConnLimits {
    fn default() -> ConnLimits {
        ConnLimits {
            max_connections: DEFAULT_MAX_CONNECTIONS,
            max_per_client: DEFAULT_MAX_PER_CLIENT,
            header_timeout: DEFAULT_HEADER_TIMEOUT,
            body_timeout: DEFAULT_BODY_TIMEOUT,
        }
    }
}

/// The body deadline, handed to the request's extractors (see `request::JsonBody`).
#[derive(Debug, Clone, Copy)]
pub struct BodyDeadline(pub Duration);

/// One open connection as the cap sees it.
struct Record {
    /// Requests being answered on it now.
    busy: usize,
    /// Since when no request has been answered on it (its start, or its last response).
    idle_since: Instant,
    /// It became a WebSocket: never idle in this sense (pings watch it).
    upgraded: bool,
    /// Closes it (wakes its task).
    kill: Arc<Notify>,
    /// Who opened it (as the quotas count clients).
    client: IpAddr,
}

/// Every open connection, by a serial number.
#[derive(Default)]
struct Registry {
    next: u64,
    conns: HashMap<u64, Record>,
    /// Connections open by each client.
    per_client: HashMap<IpAddr, usize>,
    /// Connections closed since memory was last handed back.
    closed: usize,
}

type Shared = Arc<Mutex<Registry>>;

fn lock(r: &Shared) -> std::sync::MutexGuard<'_, Registry> {
    r.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Registry {
    /// Counts a new connection of `client`. When `limits` would be passed, the connection idle
    /// the longest is closed first (the client's own when it is the client's cap that is
    /// reached, unless the client is `proxy`, a trusted proxy); `None` when none is idle.
    fn admit(
        &mut self,
        limits: &ConnLimits,
        client: IpAddr,
        proxy: bool,
        now: Instant,
    ) -> Option<(u64, Arc<Notify>)> {
        let client = super::quota::client_key(client);
        let mine = self.per_client.get(&client).copied().unwrap_or(0);
        if limits.max_per_client > 0 && !proxy && mine >= limits.max_per_client {
            self.close_idle_longest(|r| r.client == client)?;
        } else if self.conns.len() >= limits.max_connections.max(1) {
            self.close_idle_longest(|_| true)?;
        }
        let id = self.next;
        self.next += 1;
        let kill = Arc::new(Notify::new());
        let record =
            Record { busy: 0, idle_since: now, upgraded: false, kill: Arc::clone(&kill), client };
        self.conns.insert(id, record);
        *self.per_client.entry(client).or_default() += 1;
        Some((id, kill))
    }

    /// Closes the connection idle the longest among those `which` selects; `None` when none is.
    fn close_idle_longest(&mut self, which: impl Fn(&Record) -> bool) -> Option<()> {
        let victim = self
            .conns
            .iter()
            .filter(|(_, r)| r.busy == 0 && !r.upgraded && which(r))
            .min_by_key(|(_, r)| r.idle_since)
            .map(|(id, _)| *id)?;
        if let Some(r) = self.remove(victim) {
            r.kill.notify_one();
        }
        Some(())
    }

    /// Forgets a connection (it is closed, or being closed).
    fn remove(&mut self, id: u64) -> Option<Record> {
        let r = self.conns.remove(&id)?;
        if let Some(n) = self.per_client.get_mut(&r.client) {
            *n -= 1;
            if *n == 0 {
                self.per_client.remove(&r.client);
            }
        }
        Some(r)
    }
}

/// Removes its connection from the registry when the socket is closed (after a WebSocket, too:
/// the socket travels with the upgraded connection).
struct Slot {
    id: u64,
    registry: Shared,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut r = lock(&self.registry);
        r.remove(self.id);
        r.closed += 1;
    }
}

/// A request being answered on a connection: the connection is busy until it is dropped.
struct Busy {
    id: u64,
    registry: Shared,
    upgraded: bool,
}

impl Busy {
    fn start(id: u64, registry: &Shared) -> Busy {
        if let Some(r) = lock(registry).conns.get_mut(&id) {
            r.busy += 1;
        }
        Busy { id, registry: Arc::clone(registry), upgraded: false }
    }
}

impl Busy {
    /// The request is answered with `status`; the connection is idle again unless it became a
    /// WebSocket.
    fn finish(mut self, status: StatusCode) {
        self.upgraded = status == StatusCode::SWITCHING_PROTOCOLS;
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        if let Some(r) = lock(&self.registry).conns.get_mut(&self.id) {
            r.busy = r.busy.saturating_sub(1);
            r.idle_since = Instant::now();
            r.upgraded |= self.upgraded;
        }
    }
}

/// A TCP stream that leaves the registry when it is dropped.
struct Tracked {
    tcp: TcpStream,
    _slot: Slot,
}

impl AsyncRead for Tracked {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_read(cx, buf)
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, b: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().tcp).poll_write(cx, b)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().tcp).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }
}

/// What a connection over the cap is told before it is closed (nothing of it has been read).
const FULL: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nContent-Type: \
text/plain\r\nContent-Length: 37\r\nConnection: close\r\n\r\nThe server has too many connections.\n";

/// Serves `app` on `listener` within `limits` until `shutdown` completes; the connections of
/// `trusted` proxies have no cap per client.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnLimits,
    trusted: Arc<TrustedProxies>,
    shutdown: impl Future<Output = ()>,
) {
    let registry: Shared = Arc::default();
    let trimming = tokio::spawn(trim_after_closes(Arc::clone(&registry)));
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (tcp, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    if !is_connection_error(&e) {
                        // Out of descriptors or memory: wait for some to be freed.
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                    continue;
                }
            },
            () = &mut shutdown => {
                trimming.abort();
                return;
            }
        };
        let proxy = trusted.contains(remote.ip());
        let admitted = lock(&registry).admit(&limits, remote.ip(), proxy, Instant::now());
        let Some((id, kill)) = admitted else {
            let _ = tcp.try_write(FULL);
            continue;
        };
        let _ = tcp.set_nodelay(true);
        let conn = Conn { local: tcp.local_addr().ok(), remote: Some(remote) };
        let io = TokioIo::new(Tracked { tcp, _slot: Slot { id, registry: Arc::clone(&registry) } });
        let app = app.clone();
        let registry = Arc::clone(&registry);
        let service = hyper::service::service_fn(move |req: Request<Incoming>| {
            let mut req = req.map(Body::new);
            req.extensions_mut().insert(ConnectInfo(conn));
            req.extensions_mut().insert(BodyDeadline(limits.body_timeout));
            let busy = Busy::start(id, &registry);
            let answer = app.clone().oneshot(req);
            async move {
                let Ok(res) = answer.await;
                busy.finish(res.status());
                Ok::<_, Infallible>(res)
            }
        });
        let served = http.serve_connection(io, service).with_upgrades();
        tokio::spawn(async move {
            tokio::select! {
                _ = served => {}
                () = kill.notified() => {}
            }
        });
    }
}

/// Connections closed that make it worth handing memory back at once.
const TRIM_AFTER_CLOSES: usize = 32;
/// Handing memory back after fewer closes waits this long.
const TRIM_AT_MOST_EVERY: Duration = Duration::from_secs(30);

/// Hands freed memory back to the system once a second when many connections (WebSockets,
/// their buffers) have closed, every 30 s when a few have.
async fn trim_after_closes(registry: Shared) {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    let mut pending = 0;
    let mut last = Instant::now();
    loop {
        tick.tick().await;
        pending += std::mem::take(&mut lock(&registry).closed);
        if pending >= TRIM_AFTER_CLOSES || (pending > 0 && last.elapsed() >= TRIM_AT_MOST_EVERY) {
            pending = 0;
            last = Instant::now();
            let _ = tokio::task::spawn_blocking(return_freed_memory).await;
        }
    }
}

/// Errors of one incoming connection (it was reset before it was accepted), not of the listener.
fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// Raises this process's limit of open descriptors to the most it may have, and returns the
/// limit now in force (`None` where the system does not say).
pub fn raise_descriptor_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut lim = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: `getrlimit` writes one `rlimit` into the valid, exclusively borrowed `lim`.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &raw mut lim) } != 0 {
            return None;
        }
        // An unlimited hard limit is not a valid soft one on Linux (the kernel caps it at
        // `nr_open`); one million is as far as a server needs.
        let want = lim.rlim_max.min(1 << 20);
        if want > lim.rlim_cur {
            let raised = libc::rlimit { rlim_cur: want, rlim_max: lim.rlim_max };
            // SAFETY: `setrlimit` reads the valid `raised`; it only changes this process's limit.
            if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raw const raised) } == 0 {
                lim.rlim_cur = want;
            }
        }
        #[allow(clippy::useless_conversion)] // `rlim_t` is u64 on Linux, not on every Unix
        Some(u64::try_from(lim.rlim_cur).unwrap_or(u64::MAX))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// The connection cap that fits under a descriptor limit: `wanted`, or fewer when the limit
/// leaves less after [`RESERVED_DESCRIPTORS`] (half of a limit too small for that).
pub fn fitting_cap(wanted: usize, descriptors: Option<u64>) -> usize {
    let Some(limit) = descriptors else { return wanted };
    let room =
        if limit > 2 * RESERVED_DESCRIPTORS { limit - RESERVED_DESCRIPTORS } else { limit / 2 };
    wanted.min(usize::try_from(room).unwrap_or(usize::MAX)).max(1)
}

/// Hands memory freed by closed connections back to the system. glibc keeps freed blocks in
/// its per-thread arenas, so a server that held thousands of WebSockets would otherwise stay at
/// its peak size; elsewhere this does nothing.
pub fn return_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` only releases free memory of the allocator's own arenas.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registry() -> Registry {
        Registry::default()
    }

    #[tokio::test]
    async fn a_full_server_closes_the_connection_idle_the_longest() {
        let mut r = registry();
        let limits = ConnLimits { max_connections: 3, max_per_client: 0, ..ConnLimits::default() };
        let ip: IpAddr = "192.0.2.1".parse().expect("ip");
        let t0 = Instant::now();
        let at = |s: u64| t0 + Duration::from_secs(s);
        let (a, _) = r.admit(&limits, ip, false, at(0)).expect("a");
        let (b, kill_b) = r.admit(&limits, ip, false, at(1)).expect("b");
        let (c, _) = r.admit(&limits, ip, false, at(2)).expect("c");
        // A is answering a request, C is a WebSocket: B, idle since 1 s, goes.
        r.conns.get_mut(&a).expect("a").busy = 1;
        r.conns.get_mut(&c).expect("c").upgraded = true;
        let (d, _) = r.admit(&limits, ip, false, at(3)).expect("d");
        assert!(!r.conns.contains_key(&b) && r.conns.contains_key(&d));
        let told = tokio::time::timeout(Duration::from_secs(5), kill_b.notified()).await;
        assert!(told.is_ok(), "B is told to close");
        // D is idle: the next one takes its place; then nothing is idle and a new one is refused.
        let (e, _) = r.admit(&limits, ip, false, at(4)).expect("e");
        assert!(!r.conns.contains_key(&d));
        r.conns.get_mut(&e).expect("e").busy = 1;
        assert!(r.admit(&limits, ip, false, at(5)).is_none());
        assert_eq!(r.conns.len(), 3);
        assert_eq!(r.per_client.get(&ip), Some(&3));
    }

    #[test]
    fn one_client_cannot_take_every_connection() {
        let mut r = registry();
        let limits = ConnLimits { max_connections: 10, max_per_client: 2, ..ConnLimits::default() };
        let t0 = Instant::now();
        let at = |s: u64| t0 + Duration::from_secs(s);
        let (me, other): (IpAddr, IpAddr) =
            ("192.0.2.1".parse().expect("ip"), "192.0.2.2".parse().expect("ip"));
        let (theirs, _) = r.admit(&limits, other, false, at(0)).expect("other");
        let (a, _) = r.admit(&limits, me, false, at(1)).expect("a");
        let (b, _) = r.admit(&limits, me, false, at(2)).expect("b");
        // A third of mine closes my own idle-longest (A), not the other client's older one.
        let (c, _) = r.admit(&limits, me, false, at(3)).expect("c");
        assert!(!r.conns.contains_key(&a) && r.conns.contains_key(&theirs));
        // With both of mine busy (WebSockets, say), a third is refused; others still get in.
        r.conns.get_mut(&b).expect("b").upgraded = true;
        r.conns.get_mut(&c).expect("c").upgraded = true;
        assert!(r.admit(&limits, me, false, at(4)).is_none());
        assert!(r.admit(&limits, other, false, at(5)).is_some());
        // Closing frees the count.
        assert!(r.remove(b).is_some());
        assert_eq!(r.per_client.get(&me), Some(&1));
        // A trusted proxy carries everyone's connections: only the server's cap holds it.
        let proxy: IpAddr = "192.0.2.9".parse().expect("ip");
        for s in 6..12 {
            let (p, _) = r.admit(&limits, proxy, true, at(s)).expect("proxy's connection");
            r.conns.get_mut(&p).expect("p").upgraded = true;
        }
        assert_eq!(r.per_client.get(&proxy), Some(&6));
    }

    #[tokio::test]
    async fn a_burst_of_connections_waits_in_the_queue() {
        // More connections than the usual backlog of 128, none accepted: each must still be
        // taken into the queue at once (a dropped one would wait for its client to retry).
        const BURST: u32 = 300;
        let cap = std::fs::read_to_string("/proc/sys/net/core/somaxconn")
            .ok()
            .and_then(|s| s.trim().parse::<u32>().ok());
        let why = format!("the system queues at most {cap:?} connections (somaxconn)");
        if !vidle_core::testdata::skip_unless(
            cap.is_some_and(|c| c >= BURST),
            "a_burst_of_connections_waits_in_the_queue",
            &why,
        ) {
            return;
        }
        let listener = listen("127.0.0.1:0".parse().expect("addr")).expect("listen");
        let addr = listener.local_addr().expect("addr");
        let mut held = Vec::new();
        for i in 0..BURST {
            let c = tokio::time::timeout(Duration::from_secs(20), TcpStream::connect(addr)).await;
            held.push(c.unwrap_or_else(|_| panic!("connection {i} not queued")).expect("connect"));
        }
        assert_eq!(held.len(), BURST as usize);
    }

    #[test]
    fn the_cap_stays_under_the_descriptor_limit() {
        assert_eq!(fitting_cap(2000, None), 2000);
        assert_eq!(fitting_cap(2000, Some(1024)), 896);
        assert_eq!(fitting_cap(500, Some(1024)), 500);
        assert_eq!(fitting_cap(2000, Some(100)), 50);
        assert_eq!(fitting_cap(2000, Some(0)), 1);
        let now = raise_descriptor_limit();
        if cfg!(unix) {
            assert!(now.is_some_and(|n| n > 0), "{now:?}");
        }
    }
}
