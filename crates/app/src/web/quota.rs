//! Quotas per client: requests and new games per minute, each a token bucket (a client may
//! spend a minute's worth at once, then as fast as the bucket refills). Past a quota the answer
//! is `429 Too Many Requests` with `Retry-After`, before any other check or handler runs.
//!
//! A client is its address: an IPv4 address, or the /64 network of an IPv6 one (one computer
//! may hold a whole /64). The token of a server reachable from other computers is the same for
//! every player, so it cannot tell them apart; requests without it are counted like any other,
//! then refused by the access checks. Behind a reverse proxy every client has the proxy's
//! address unless the proxy is trusted (`--trusted-proxy`, `client.rs`): its `X-Forwarded-For`
//! then names the client.

use super::client::Client as Requester;
use super::error::ApiError;
use crate::i18n::{Msg, Text};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Requests per minute and client by default (a page makes a few per move).
pub const DEFAULT_REQUESTS_PER_MINUTE: u32 = 1200;
/// New games per minute and client by default.
pub const DEFAULT_GAMES_PER_MINUTE: u32 = 30;
/// Clients remembered before the ones with full buckets are forgotten.
const PRUNE_ABOVE: usize = 4096;

/// What one client may do per minute; 0: no limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuotaRules {
    /// Requests of any kind.
    pub requests_per_minute: u32,
    /// `POST /api/game`.
    pub games_per_minute: u32,
}

impl Default for QuotaRules {
    fn default() -> QuotaRules {
        QuotaRules {
            requests_per_minute: DEFAULT_REQUESTS_PER_MINUTE,
            games_per_minute: DEFAULT_GAMES_PER_MINUTE,
        }
    }
}

impl QuotaRules {
    /// No quota at all.
    pub const UNLIMITED: QuotaRules = QuotaRules { requests_per_minute: 0, games_per_minute: 0 };
}

/// A token in [`Bucket`] units: a bucket of `n` per minute gains `n` units a millisecond.
const TOKEN: u64 = 60_000;

/// One quota's bucket: `units` left at `at` (integers, so that refills are exact).
#[derive(Debug, Clone, Copy)]
struct Bucket {
    units: u64,
    at: Instant,
}

impl Bucket {
    fn full(per_minute: u32, now: Instant) -> Bucket {
        Bucket { units: u64::from(per_minute) * TOKEN, at: now }
    }

    fn refill(&mut self, per_minute: u32, now: Instant) {
        let ms =
            u64::try_from(now.saturating_duration_since(self.at).as_millis()).unwrap_or(u64::MAX);
        let cap = u64::from(per_minute) * TOKEN;
        self.units = self.units.saturating_add(ms.saturating_mul(u64::from(per_minute))).min(cap);
        // Time not yet worth a unit is kept for the next refill.
        self.at = if ms == 0 { self.at } else { self.at + Duration::from_millis(ms) };
    }

    /// Spends one token, or says how long until one is there.
    fn take(&mut self, per_minute: u32, now: Instant) -> Result<(), Duration> {
        if per_minute == 0 {
            return Ok(());
        }
        self.refill(per_minute, now);
        if self.units >= TOKEN {
            self.units -= TOKEN;
            Ok(())
        } else {
            Err(Duration::from_millis((TOKEN - self.units).div_ceil(u64::from(per_minute))))
        }
    }

    fn is_full(&self, per_minute: u32, now: Instant) -> bool {
        let mut b = *self;
        b.refill(per_minute, now);
        b.units >= u64::from(per_minute) * TOKEN
    }
}

/// A client's two buckets.
#[derive(Debug, Clone, Copy)]
struct Client {
    requests: Bucket,
    games: Bucket,
}

/// Which quota a refused request went past.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Over {
    /// Requests per minute; retry after this long.
    Requests(Duration),
    /// New games per minute; retry after this long.
    Games(Duration),
}

/// The quotas of one server and what each client has spent.
#[derive(Debug)]
pub struct Quotas {
    rules: QuotaRules,
    clients: Mutex<HashMap<IpAddr, Client>>,
}

/// The key a client's quotas (and connections) are counted under.
pub(super) fn client_key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let s = v6.segments();
            IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
        }
        v4 => v4,
    }
}

impl Quotas {
    /// Quotas by `rules`, nothing spent yet.
    pub fn new(rules: QuotaRules) -> Quotas {
        Quotas { rules, clients: Mutex::new(HashMap::new()) }
    }

    /// Counts a request of the client at `ip` (a new game when `new_game`) at `now`.
    ///
    /// # Errors
    /// The client is past a quota: which, and when to try again.
    pub fn spend(&self, ip: IpAddr, new_game: bool, now: Instant) -> Result<(), Over> {
        let r = self.rules;
        if r == QuotaRules::UNLIMITED {
            return Ok(());
        }
        let mut clients = super::state::lock(&self.clients);
        if clients.len() > PRUNE_ABOVE {
            clients.retain(|_, c| {
                !(c.requests.is_full(r.requests_per_minute, now)
                    && c.games.is_full(r.games_per_minute, now))
            });
        }
        let c = clients.entry(client_key(ip)).or_insert_with(|| Client {
            requests: Bucket::full(r.requests_per_minute, now),
            games: Bucket::full(r.games_per_minute, now),
        });
        c.requests.take(r.requests_per_minute, now).map_err(Over::Requests)?;
        if new_game {
            c.games.take(r.games_per_minute, now).map_err(Over::Games)?;
        }
        Ok(())
    }

    /// Clients remembered now.
    pub fn clients(&self) -> usize {
        super::state::lock(&self.clients).len()
    }
}

/// The `429` answer: a JSON error worded by the catalogue, with `Retry-After` in whole seconds.
fn too_many(over: Over) -> Response {
    let (code, msg, wait) = match over {
        Over::Requests(w) => ("too_many_requests", Msg::ErrTooManyRequests, w),
        Over::Games(w) => ("too_many_games", Msg::ErrTooManyGames, w),
    };
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    let secs = secs.max(1);
    let text = Text::new(msg).arg("secs", secs);
    let mut res = ApiError::worded(StatusCode::TOO_MANY_REQUESTS, code, text).into_response();
    res.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs));
    res
}

/// The quotas, as an axum middleware (outside the access checks: a flood of refused requests
/// counts too), by the client [`super::client::identify`] named. Requests without a client
/// (made in-process) are not counted.
pub async fn limit(State(quotas): State<Arc<Quotas>>, req: Request, next: Next) -> Response {
    let ip = req.extensions().get::<Requester>().map(|c| c.ip);
    if let Some(ip) = ip {
        let new_game = req.method() == Method::POST && req.uri().path() == "/api/game";
        if let Err(over) = quotas.spend(ip, new_game, Instant::now()) {
            return too_many(over);
        }
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_refill_at_their_rate() {
        let q = Quotas::new(QuotaRules { requests_per_minute: 6, games_per_minute: 2 });
        let t0 = Instant::now();
        let at = |ms: u64| t0 + Duration::from_millis(ms);
        let ip: IpAddr = "192.0.2.7".parse().expect("ip");
        assert_eq!(q.spend(ip, true, at(0)), Ok(()));
        assert_eq!(q.spend(ip, true, at(0)), Ok(()));
        // Two games a minute: the third waits 30 s for a token.
        assert_eq!(q.spend(ip, true, at(0)), Err(Over::Games(Duration::from_secs(30))));
        assert_eq!(q.spend(ip, true, at(30_000)), Ok(()));
        // Another client has its own buckets.
        let other: IpAddr = "192.0.2.8".parse().expect("ip");
        assert_eq!(q.spend(other, true, at(30_000)), Ok(()));
        // Six requests a minute, refilled to six by 30 s; one spent on the game, five more,
        // then one each 10 s.
        for _ in 0..5 {
            assert_eq!(q.spend(ip, false, at(30_000)), Ok(()));
        }
        assert_eq!(q.spend(ip, false, at(30_000)), Err(Over::Requests(Duration::from_secs(10))));
        assert!(q.spend(ip, false, at(35_000)).is_err());
        assert_eq!(q.spend(ip, false, at(40_000)), Ok(()));
        assert_eq!(q.clients(), 2);
    }

    #[test]
    fn clients_are_addresses_and_ipv6_networks() {
        let q = Quotas::new(QuotaRules { requests_per_minute: 1, games_per_minute: 0 });
        let t = Instant::now();
        let a: IpAddr = "2001:db8:1:2::1".parse().expect("ip");
        let b: IpAddr = "2001:db8:1:2:ffff::9".parse().expect("ip");
        assert_eq!(q.spend(a, true, t), Ok(()), "no game quota: only requests count");
        assert!(q.spend(b, false, t).is_err(), "the same /64 is one client");
        let v4: IpAddr = "192.0.2.1".parse().expect("ip");
        let mapped: IpAddr = "::ffff:192.0.2.1".parse().expect("ip");
        assert_eq!(q.spend(v4, false, t), Ok(()));
        assert!(q.spend(mapped, false, t).is_err(), "an IPv4-mapped address is the IPv4 one");
        let free = Quotas::new(QuotaRules::UNLIMITED);
        assert!((0..1000).all(|_| free.spend(a, true, t).is_ok()));
        assert_eq!(free.clients(), 0);
    }

    #[test]
    fn idle_clients_are_forgotten() {
        let q = Quotas::new(QuotaRules { requests_per_minute: 60, games_per_minute: 10 });
        let t0 = Instant::now();
        for i in 0..=PRUNE_ABOVE as u32 {
            let ip = IpAddr::from(std::net::Ipv4Addr::from(0x0a00_0000 + i));
            assert_eq!(q.spend(ip, false, t0), Ok(()));
        }
        // A minute later every bucket is full again: the next client finds the table pruned.
        let late: IpAddr = "192.0.2.200".parse().expect("ip");
        assert_eq!(q.spend(late, false, t0 + Duration::from_secs(61)), Ok(()));
        assert_eq!(q.clients(), 1);
    }

    #[test]
    fn refusals_say_when_to_retry() {
        let res = too_many(Over::Games(Duration::from_millis(1500)));
        assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(res.headers().get(header::RETRY_AFTER).and_then(|v| v.to_str().ok()), Some("2"));
    }
}
