"""The web server (`vidle serve`): requests from other sites, sizes and counts, and the server on
a network (deadlines, connection caps, quotas, WebSocket pings)."""

import http.client
import os
import socket
import subprocess
import time

from harness import Skip, case, expect


class Server:
    def __init__(self, binary, host="127.0.0.1", args=()):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        self.port = s.getsockname()[1]
        s.close()
        # No request log: standard error is read only at the end, and a line per request would
        # fill the pipe and stall the server.
        self.p = subprocess.Popen([binary, "serve", "--host", host, "--port", str(self.port),
                                   "--log-level", "off", *args],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        end = time.time() + 20
        while time.time() < end:
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise AssertionError("server did not start")

    def request(self, method, path, body=None, headers=None):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        c.request(method, path, body=body, headers=headers or {})
        r = c.getresponse()
        data = r.read()
        c.close()
        return r.status, data.decode("utf-8", "replace")

    def stop(self):
        self.p.terminate()
        try:
            out, err = self.p.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            self.p.kill()
            out, err = self.p.communicate()
        return out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def with_server(fn, host="127.0.0.1", args=()):
    def run_it(b):
        s = Server(b, host, args)
        try:
            fn(s)
        finally:
            s.stop()

    return run_it


JSON = {"Content-Type": "application/json"}


@case("Web", "a text/plain POST (a cross-site form) is refused")
def _(b):
    def t(s):
        code, body = s.request("POST", "/api/game", "{}", {"Content-Type": "text/plain"})
        expect(code in (403, 415) and '"error"' in body, f"{code} {body}")
    with_server(t)(b)


@case("Web", "a POST from another site's Origin is refused")
def _(b):
    def t(s):
        code, body = s.request("POST", "/api/game", "{}", {**JSON, "Origin": "http://evil.example"})
        expect(code == 403, f"{code} {body}")
        code, body = s.request("POST", "/api/game", "{}", {**JSON, "Origin": f"http://127.0.0.1:{s.port}"})
        expect(code in (200, 201), f"same origin: {code} {body}")
    with_server(t)(b)


@case("Web", "a WebSocket upgrade from another site's Origin is refused")
def _(b):
    def t(s):
        code, body = s.request("POST", "/api/game", "{}", JSON)
        import json
        gid = json.loads(body).get("id") or json.loads(body).get("game", {}).get("id")
        expect(gid, body)
        headers = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                   "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Origin": "http://evil.example"}
        code, _ = s.request("GET", f"/api/game/{gid}/ws", None, headers)
        expect(code == 403, f"{code}")
    with_server(t)(b)


@case("Web", "game ids are long and random")
def _(b):
    def t(s):
        import json
        ids = []
        for _ in range(3):
            code, body = s.request("POST", "/api/game", "{}", JSON)
            d = json.loads(body)
            ids.append(str(d.get("id") or d.get("game", {}).get("id")))
        expect(all(len(i) >= 20 for i in ids) and len(set(ids)) == 3, str(ids))
    with_server(t)(b)


@case("Web", "a 2 MB pasted PGN is refused with a clear error")
def _(b):
    def t(s):
        import json
        pgn = "1. Nf3 Nf6 2. Ng1 Ng8 " * 90000
        code, body = s.request("POST", "/api/game", json.dumps({"pgn": pgn}), JSON)
        expect(code in (400, 413) and '"error"' in body, f"{code} {body[:300]}")
    with_server(t)(b)


@case("Web", "2000 idle games keep threads and memory bounded")
def _(b):
    def t(s):
        import json
        for _ in range(2000):
            code, body = s.request("POST", "/api/game", "{}", JSON)
            expect(code == 201, f"{code} {body[:200]}")
        status = open(f"/proc/{s.p.pid}/status").read()
        threads = int(status.split("Threads:")[1].split()[0])
        rss_mb = int(status.split("VmRSS:")[1].split()[0]) / 1024
        expect(threads < 40 and rss_mb < 300, f"{threads} threads, {rss_mb:.0f} MB")
    if not os.path.exists("/proc/self/status"):
        raise Skip("no /proc")
    with_server(t, args=["--max-games", "2000", "--games-per-minute", "0",
                         "--requests-per-minute", "0"])(b)


@case("Web", "WebSockets held open on 70 games do not lock anyone out")
def _(b):
    def t(s):
        import json
        held = []
        for _ in range(70):
            code, body = s.request("POST", "/api/game", "{}", JSON)
            gid = json.loads(body)["id"]
            c = socket.create_connection(("127.0.0.1", s.port), 5)
            c.sendall((f"GET /api/game/{gid}/ws HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\n"
                       "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
                       "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n").encode())
            expect(b" 101 " in c.recv(200), "upgrade")
            held.append(c)
        code, body = s.request("POST", "/api/game", "{}", JSON)
        expect(code == 201, f"{code} {body[:200]}")
        for c in held:
            c.close()
    with_server(t, args=["--games-per-minute", "0"])(b)


@case("Web", "--host 0.0.0.0 prints a warning and requires a token")
def _(b):
    s = Server(b, "0.0.0.0")
    try:
        code, body = s.request("GET", "/api/game/none")
        expect(code == 403, f"no token: {code}")
    finally:
        out, err = s.stop()
    expect("token=" in out + err and "127.0.0.1" not in (out + err).split("token=")[0][-40:],
           out + err)


# ---------------------------------------------------------------- the web server on a network (issue 85)

def raise_own_descriptor_limit(n):
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < n:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(n, hard), hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def closed_within(conns, seconds):
    """How many of `conns` the server closes within `seconds` (reading whatever it sends)."""
    import selectors
    sel = selectors.DefaultSelector()
    for c in conns:
        c.setblocking(False)
        sel.register(c, selectors.EVENT_READ)
    closed, end = 0, time.time() + seconds
    while closed < len(conns) and time.time() < end:
        for key, _ in sel.select(timeout=0.2):
            try:
                data = key.fileobj.recv(65536)
            except BlockingIOError:
                continue
            except ConnectionResetError:
                data = b""
            if data == b"":
                sel.unregister(key.fileobj)
                closed += 1
    for key in list(sel.get_map().values()):
        sel.unregister(key.fileobj)
    return closed


def ws_handshake(s, gid):
    c = socket.create_connection(("127.0.0.1", s.port), 5)
    c.sendall((f"GET /api/game/{gid}/ws HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\n"
               "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
               "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n").encode())
    expect(b" 101 " in c.recv(200), "upgrade")
    return c


@case("Web limits", "800 half-sent requests are closed after the head deadline")
def _(b):
    def t(s):
        raise_own_descriptor_limit(2000)
        conns = []
        for _ in range(800):
            c = socket.create_connection(("127.0.0.1", s.port), 5)
            c.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            conns.append(c)
        code, _ = s.request("GET", "/api/messages")
        expect(code == 200, f"a normal request meanwhile: {code}")
        n = closed_within(conns, 15)
        for c in conns:
            c.close()
        expect(n == 800, f"{n} of 800 closed within 15 s (deadline 2 s)")
    with_server(t, args=["--header-timeout", "2s"])(b)


@case("Web limits", "5000 idle connections do not stop a normal request")
def _(b):
    def t(s):
        have = raise_own_descriptor_limit(6000)
        if have < 5200:
            raise Skip(f"this shell allows {have} open files")
        conns = [socket.create_connection(("127.0.0.1", s.port), 5) for _ in range(5000)]
        t0 = time.time()
        code, _ = s.request("GET", "/api/messages")
        took = time.time() - t0
        for c in conns:
            c.close()
        expect(code == 200 and took < 2, f"{code} after {took:.2f} s")
    with_server(t, args=["--max-connections", "1000", "--header-timeout", "60s"])(b)


@case("Web limits", "1000 new games in a burst: 429 with Retry-After, an open game stays")
def _(b):
    def t(s):
        import json
        code, body = s.request("POST", "/api/game", "{}", JSON)
        gid = json.loads(body)["id"]
        page = ws_handshake(s, gid)
        codes = {}
        retry = None
        for _ in range(1000):
            c = http.client.HTTPConnection("127.0.0.1", s.port, timeout=10)
            c.request("POST", "/api/game", body="{}", headers=JSON)
            r = c.getresponse()
            r.read()
            codes[r.status] = codes.get(r.status, 0) + 1
            retry = retry or r.getheader("Retry-After")
            c.close()
        code, _ = s.request("GET", f"/api/game/{gid}")
        page.close()
        expect(codes.get(429, 0) > 900 and retry, f"{codes}, Retry-After {retry}")
        expect(code == 200, f"the open game: {code}")
    with_server(t)(b)


@case("Web limits", "a full server refuses new games rather than replace one in play")
def _(b):
    def t(s):
        import json
        ids = [json.loads(s.request("POST", "/api/game", "{}", JSON)[1])["id"] for _ in range(20)]
        code, body = s.request("POST", "/api/game", "{}", JSON)
        expect(code == 503 and "server_full" in body, f"{code} {body[:200]}")
        code, _ = s.request("GET", f"/api/game/{ids[0]}")
        expect(code == 200, f"the first game: {code}")
    with_server(t, args=["--max-games", "20", "--games-per-minute", "0"])(b)


@case("Web limits", "a WebSocket that never answers pings is closed")
def _(b):
    def t(s):
        import json
        code, body = s.request("POST", "/api/game", "{}", JSON)
        page = ws_handshake(s, json.loads(body)["id"])
        n = closed_within([page], 10)
        page.close()
        expect(n == 1, "still open 10 s after a 1 s ping interval")
    with_server(t, args=["--ping-interval", "1s"])(b)

