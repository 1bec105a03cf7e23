//! Who a request comes from, as the quotas, the cap on connections per client and the log count
//! it: the connection's peer, or, when the peer is a reverse proxy the owner trusts
//! (`--trusted-proxy`), the address the proxy wrote into `X-Forwarded-For`.
//!
//! A proxy appends the address it got the request from to the header, after whatever the
//! client sent in it; so the header is read from the right, passing over the trusted proxies
//! (a chain of them), and the first address that is not one is the client. The entries left of
//! it were written by the client itself and are never read. Without `--trusted-proxy`, or from
//! a peer that is not trusted, the header is ignored: nobody can choose the address their
//! requests count under. A header that cannot be read is logged as a warning and the request
//! counts as the proxy's own (which shares one quota among everyone sent that way), never as
//! an address the header might claim.

use super::guard::Conn;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::Response;
use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The header a proxy names the client in.
pub const X_FORWARDED_FOR: &str = "x-forwarded-for";
/// Addresses of one `X-Forwarded-For` read at most (a chain of proxies is a few long).
pub const MAX_FORWARDED_ENTRIES: usize = 32;
/// Characters of a malformed header a warning quotes.
const QUOTED_CHARS: usize = 80;

/// One trusted proxy: an address, or a network (`10.0.0.0/8`, `fd00::/8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Net {
    addr: IpAddr,
    prefix: u8,
}

impl Net {
    /// Parses `ADDR` or `ADDR/PREFIX` (the `--trusted-proxy` value parser).
    ///
    /// # Errors
    /// Not an IP address, or a prefix longer than the address.
    pub fn parse(s: &str) -> Result<Net, String> {
        let t = s.trim();
        let bad =
            || format!("'{s}' is not an IP address or network (write 10.0.0.1 or 10.0.0.0/8)");
        let (addr, prefix) = match t.split_once('/') {
            Some((a, p)) => (a, Some(p)),
            None => (t, None),
        };
        let addr: IpAddr = addr.parse().map_err(|_| bad())?;
        let addr = addr.to_canonical();
        let max = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => max,
            Some(p) => p.parse::<u8>().ok().filter(|&p| p <= max).ok_or_else(bad)?,
        };
        Ok(Net { addr, prefix })
    }

    /// Whether `ip` is in this network.
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.addr, ip.to_canonical()) {
            (IpAddr::V4(n), IpAddr::V4(a)) => same_prefix(
                u128::from(n.to_bits()) << 96,
                u128::from(a.to_bits()) << 96,
                self.prefix,
            ),
            (IpAddr::V6(n), IpAddr::V6(a)) => same_prefix(n.to_bits(), a.to_bits(), self.prefix),
            _ => false,
        }
    }
}

/// Whether the first `prefix` bits of `a` and `b` agree.
fn same_prefix(a: u128, b: u128, prefix: u8) -> bool {
    prefix == 0 || (a ^ b) >> (128 - u32::from(prefix)) == 0
}

/// The reverse proxies whose `X-Forwarded-For` is believed (none by default).
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(Vec<Net>);

impl TrustedProxies {
    /// These networks.
    pub fn new(nets: Vec<Net>) -> TrustedProxies {
        TrustedProxies(nets)
    }

    /// Whether `ip` is a trusted proxy.
    pub fn contains(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|n| n.contains(ip))
    }

    /// Who a request that came from `peer` with `headers` is. `Err` says why the header cannot
    /// be read (the client is then the peer).
    ///
    /// # Errors
    /// The peer is trusted and its `X-Forwarded-For` is malformed: not text, an empty entry, an
    /// entry that is not an address, or more than [`MAX_FORWARDED_ENTRIES`] entries to read.
    pub fn client(&self, peer: SocketAddr, headers: &HeaderMap) -> Result<Client, String> {
        let direct = Client { ip: peer.ip().to_canonical(), peer, forwarded: false };
        if !self.contains(peer.ip()) {
            return Ok(direct);
        }
        let mut values = Vec::new();
        for v in headers.get_all(X_FORWARDED_FOR) {
            values.push(v.to_str().map_err(|_| "it is not plain text".to_string())?);
        }
        // The right-most entry first; the left-most trusted one when all are proxies.
        let mut found = None;
        for (read, entry) in values.iter().rev().flat_map(|v| v.rsplit(',')).enumerate() {
            if read == MAX_FORWARDED_ENTRIES {
                return Err(format!("it names more than {MAX_FORWARDED_ENTRIES} proxies"));
            }
            let ip = parse_entry(entry.trim())?;
            found = Some(ip);
            if !self.contains(ip) {
                break;
            }
        }
        Ok(found.map_or(direct, |ip| Client { ip, peer, forwarded: true }))
    }
}

/// One entry of `X-Forwarded-For`: an address, possibly with a port (`192.0.2.1:4711`,
/// `[2001:db8::1]:4711`), as some proxies write it.
fn parse_entry(entry: &str) -> Result<IpAddr, String> {
    if entry.is_empty() {
        return Err("it has an empty entry".to_string());
    }
    let ip = entry
        .parse::<IpAddr>()
        .or_else(|_| entry.parse::<SocketAddr>().map(|a| a.ip()))
        .map_err(|_| format!("'{}' is not an IP address", quoted(entry)))?;
    Ok(ip.to_canonical())
}

/// At most [`QUOTED_CHARS`] characters of `s`, control characters escaped (for a log line).
fn quoted(s: &str) -> String {
    let mut out: String = s.chars().take(QUOTED_CHARS).flat_map(char::escape_debug).collect();
    if s.chars().nth(QUOTED_CHARS).is_some() {
        out.push('…');
    }
    out
}

/// The client of a request: its address as the quotas count it, and the connection's peer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Client {
    /// The client's address (IPv4-mapped IPv6 addresses as IPv4).
    pub ip: IpAddr,
    /// The other end of the connection: the client, or the proxy that forwarded the request.
    pub peer: SocketAddr,
    /// The address was read from a trusted proxy's `X-Forwarded-For`.
    pub forwarded: bool,
}

impl fmt::Display for Client {
    /// `192.0.2.7:51234`, or `203.0.113.9 via 127.0.0.1:40112` behind a proxy.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.forwarded {
            write!(f, "{} via {}", self.ip, self.peer)
        } else {
            write!(f, "{}", self.peer)
        }
    }
}

/// The middleware, outside the log and the quotas: names each request's [`Client`] (an
/// extension; requests made in-process, without a peer, get none).
pub async fn identify(
    State(trusted): State<Arc<TrustedProxies>>,
    mut req: Request,
    next: Next,
) -> Response {
    let peer = req.extensions().get::<ConnectInfo<Conn>>().and_then(|c| c.0.remote);
    if let Some(peer) = peer {
        let client = trusted.client(peer, req.headers()).unwrap_or_else(|why| {
            tracing::warn!(
                "X-Forwarded-For from the trusted proxy {peer} is ignored: {why}; the request \
                 counts as the proxy's own"
            );
            Client { ip: peer.ip().to_canonical(), peer, forwarded: false }
        });
        req.extensions_mut().insert(client);
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(values: &[&[u8]]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append(X_FORWARDED_FOR, HeaderValue::from_bytes(v).expect("header"));
        }
        h
    }

    fn trusted(nets: &[&str]) -> TrustedProxies {
        TrustedProxies::new(nets.iter().map(|n| Net::parse(n).expect("net")).collect())
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("ip")
    }

    #[test]
    fn networks() {
        let n = Net::parse("10.0.0.0/8").expect("net");
        assert!(n.contains(ip("10.200.3.4")) && !n.contains(ip("11.0.0.1")));
        assert!(n.contains(ip("::ffff:10.1.2.3")), "an IPv4-mapped address is the IPv4 one");
        let one = Net::parse(" 192.0.2.1 ").expect("net");
        assert!(one.contains(ip("192.0.2.1")) && !one.contains(ip("192.0.2.2")));
        let v6 = Net::parse("2001:db8::/32").expect("net");
        assert!(v6.contains(ip("2001:db8:ffff::1")) && !v6.contains(ip("2001:db9::1")));
        assert!(!v6.contains(ip("10.0.0.1")));
        assert!(Net::parse("0.0.0.0/0").expect("all").contains(ip("203.0.113.1")));
        for bad in ["", "proxy", "10.0.0.0/33", "10.0.0.0/x", "::/129", "10.0.0.1/"] {
            let e = Net::parse(bad).expect_err(bad);
            assert!(e.contains("not an IP address or network"), "{e}");
        }
    }

    #[test]
    fn the_right_most_untrusted_entry_is_the_client() {
        let t = trusted(&["127.0.0.1", "10.0.0.0/8"]);
        let proxy: SocketAddr = "127.0.0.1:40000".parse().expect("peer");
        let client = |values: &[&[u8]]| t.client(proxy, &headers(values)).map(|c| c.ip);
        // What a client wrote is left of what the proxies appended: only the latter is read.
        assert_eq!(client(&[b"198.51.100.1, 203.0.113.9"]), Ok(ip("203.0.113.9")));
        assert_eq!(client(&[b"garbage, 203.0.113.9"]), Ok(ip("203.0.113.9")));
        assert_eq!(client(&[b"203.0.113.9, 10.1.1.1,10.2.2.2"]), Ok(ip("203.0.113.9")));
        assert_eq!(client(&[b"198.51.100.1", b"203.0.113.9, 10.1.1.1"]), Ok(ip("203.0.113.9")));
        assert_eq!(client(&[b"[2001:db8::7]:4711"]), Ok(ip("2001:db8::7")));
        assert_eq!(client(&[b"203.0.113.9:4711"]), Ok(ip("203.0.113.9")));
        assert_eq!(client(&[b"::ffff:203.0.113.9"]), Ok(ip("203.0.113.9")));
        // Only proxies: the farthest one. No header: the peer itself, not forwarded.
        assert_eq!(client(&[b"10.9.9.9, 10.1.1.1"]), Ok(ip("10.9.9.9")));
        let direct = t.client(proxy, &HeaderMap::new()).expect("direct");
        assert_eq!((direct.ip, direct.forwarded), (ip("127.0.0.1"), false));
        assert_eq!(direct.to_string(), "127.0.0.1:40000");
        let via = t.client(proxy, &headers(&[b"203.0.113.9"])).expect("via");
        assert_eq!(via.to_string(), "203.0.113.9 via 127.0.0.1:40000");
    }

    #[test]
    fn the_header_of_an_untrusted_peer_is_ignored() {
        let someone: SocketAddr = "192.0.2.50:1234".parse().expect("peer");
        for t in [TrustedProxies::default(), trusted(&["127.0.0.1"])] {
            let c = t.client(someone, &headers(&[b"203.0.113.9"])).expect("client");
            assert_eq!((c.ip, c.forwarded), (ip("192.0.2.50"), false));
            // Even a malformed header: nobody reads it.
            assert!(t.client(someone, &headers(&[b"\xff"])).is_ok());
        }
    }

    #[test]
    fn malformed_headers_are_refused_with_a_reason() {
        let t = trusted(&["127.0.0.1"]);
        let proxy: SocketAddr = "127.0.0.1:40000".parse().expect("peer");
        let why = |values: &[&[u8]]| t.client(proxy, &headers(values)).expect_err("malformed");
        assert!(why(&[b"unknown"]).contains("'unknown' is not an IP address"));
        assert!(why(&[b"203.0.113.9, "]).contains("empty entry"));
        assert!(why(&[b""]).contains("empty entry"));
        assert!(why(&[b"203.0.113.9\xff"]).contains("not plain text"));
        let long = format!("{}x", "1".repeat(500));
        let e = why(&[long.as_bytes()]);
        assert!(e.contains('…') && e.len() < 200, "{e}");
        let chain = vec!["127.0.0.1"; MAX_FORWARDED_ENTRIES + 1].join(",");
        assert!(why(&[chain.as_bytes()]).contains("more than"));
        assert_eq!(quoted("a\tb"), "a\\tb");
    }
}
