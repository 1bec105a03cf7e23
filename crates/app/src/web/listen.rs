//! What `vidle serve` prints when it starts: the addresses to open (with the token when the
//! server is reachable from other computers) and a warning in that case.

use std::collections::BTreeSet;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, UdpSocket};

/// The addresses of this computer a server bound to `bound` (unspecified: all of them) can be
/// reached at, loopback last.
pub fn reachable_addresses(bound: IpAddr) -> Vec<IpAddr> {
    if !bound.is_unspecified() {
        return vec![bound];
    }
    let mut found: BTreeSet<IpAddr> = BTreeSet::new();
    found.extend(linux_ipv4_addresses().into_iter().map(IpAddr::V4));
    if bound.is_ipv6() {
        found.extend(linux_ipv6_addresses().into_iter().map(IpAddr::V6));
    }
    if found.iter().all(IpAddr::is_loopback) {
        // Elsewhere, or without /proc: the address the default route goes out from.
        found.extend(outgoing_address());
    }
    found.insert(IpAddr::V4(Ipv4Addr::LOCALHOST));
    let (mut out, lo): (Vec<IpAddr>, Vec<IpAddr>) =
        found.into_iter().partition(|a| !a.is_loopback());
    out.extend(lo);
    out
}

/// The local IPv4 addresses in `/proc/net/fib_trie` (`|-- a.b.c.d` followed by `/32 host LOCAL`).
fn linux_ipv4_addresses() -> Vec<Ipv4Addr> {
    let Ok(text) = std::fs::read_to_string("/proc/net/fib_trie") else { return Vec::new() };
    let mut last = None;
    let mut out = Vec::new();
    for line in text.lines() {
        let t = line.trim();
        if let Some(ip) = t.strip_prefix("|-- ") {
            last = ip.parse::<Ipv4Addr>().ok();
        } else if t.starts_with("/32 host LOCAL")
            && let Some(ip) = last
            && !out.contains(&ip)
        {
            out.push(ip);
        }
    }
    out
}

/// The IPv6 addresses in `/proc/net/if_inet6`, link-local ones left out (they need a zone).
fn linux_ipv6_addresses() -> Vec<Ipv6Addr> {
    let Ok(text) = std::fs::read_to_string("/proc/net/if_inet6") else { return Vec::new() };
    text.lines()
        .filter_map(|l| u128::from_str_radix(l.split_whitespace().next()?, 16).ok())
        .map(Ipv6Addr::from)
        .filter(|a| (a.segments()[0] & 0xffc0) != 0xfe80)
        .collect()
}

/// The source address of the default route (a UDP "connect" sends nothing).
fn outgoing_address() -> Option<IpAddr> {
    let s = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    s.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    s.local_addr().ok().map(|a| a.ip()).filter(|ip| !ip.is_unspecified())
}

/// The page's address at `ip`:`port`, with the token when there is one.
pub fn url(ip: IpAddr, port: u16, token: Option<&str>) -> String {
    let query = token.map_or(String::new(), |t| format!("?token={t}"));
    format!("http://{}/{query}", SocketAddr::new(ip, port))
}

/// The lines `vidle serve` prints on standard output, and the address `--open` opens.
pub fn banner(local: SocketAddr, token: Option<&str>) -> (Vec<String>, String) {
    let port = local.port();
    let ip = local.ip();
    if ip.is_unspecified() {
        let urls: Vec<String> =
            reachable_addresses(ip).into_iter().map(|a| url(a, port, token)).collect();
        let open = url(Ipv4Addr::LOCALHOST.into(), port, token);
        let mut lines = vec![format!(
            "Vidle is serving on {local}, every address of this computer (Ctrl+C to stop); open one of:"
        )];
        lines.extend(urls.iter().map(|u| format!("  {u}")));
        (lines, open)
    } else {
        let u = url(ip, port, token);
        (vec![format!("Vidle is serving on {u} (Ctrl+C to stop)")], u)
    }
}

/// The warning printed (on standard error) when the server is reachable from other computers.
pub const WARNING: &str = "Warning: other computers can reach this server. Anyone with the \
address and its token can play here and use this computer's processors; over plain HTTP the \
network can see the token. Host names besides the addresses above: --allow-host NAME.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn banners() {
        let (lines, open) = banner("127.0.0.1:8960".parse().expect("addr"), None);
        assert_eq!(lines, ["Vidle is serving on http://127.0.0.1:8960/ (Ctrl+C to stop)"]);
        assert_eq!(open, "http://127.0.0.1:8960/");
        let (lines, open) = banner("0.0.0.0:8960".parse().expect("addr"), Some("ab"));
        assert!(lines[0].contains("0.0.0.0:8960"), "{lines:?}");
        assert_eq!(lines.last().map(String::as_str), Some("  http://127.0.0.1:8960/?token=ab"));
        assert_eq!(open, "http://127.0.0.1:8960/?token=ab");
        assert_eq!(url("::1".parse().expect("ip"), 1, None), "http://[::1]:1/");
        let all = reachable_addresses("0.0.0.0".parse().expect("ip"));
        assert_eq!(all.last(), Some(&IpAddr::V4(Ipv4Addr::LOCALHOST)), "{all:?}");
    }
}
