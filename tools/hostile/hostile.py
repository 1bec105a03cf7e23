#!/usr/bin/env python3
"""Runs the hostile-input list of issue 43 against a vidle binary and prints tried/failed.

    python3 tools/hostile/hostile.py [--bin target/release/vidle] [--only SUBSTRING]

Each case feeds the program something a careless or malicious user, GUI or web page could send
and checks that it gets a clear message and goes on (or ends quietly). The exit status is the
number of failed cases (0: all held). Cases that need a program that is absent (mkfifo) say so
and count as skipped, not passed.
"""

import argparse
import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

RESULTS = []  # (group, name, status, detail)


def case(group, name):
    def wrap(fn):
        fn.group, fn.case_name = group, name
        CASES.append(fn)
        return fn

    return wrap


CASES = []


class Skip(Exception):
    pass


def run(binary, args, stdin=b"", timeout=30):
    p = subprocess.run([binary, *args], input=stdin, capture_output=True, timeout=timeout)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


class Uci:
    """A running `vidle uci` read line by line with timeouts."""

    def __init__(self, binary):
        self.p = subprocess.Popen([binary, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        os.set_blocking(self.p.stdout.fileno(), False)
        self.buf = b""

    def send(self, data):
        if isinstance(data, str):
            data = data.encode()
        self.p.stdin.write(data if data.endswith(b"\n") else data + b"\n")
        self.p.stdin.flush()

    def until(self, predicate, timeout=10.0):
        """Reads until predicate(text so far) holds; returns the text or raises."""
        end = time.time() + timeout
        while time.time() < end:
            chunk = self.p.stdout.read()
            if chunk:
                self.buf += chunk
            text = self.buf.decode("utf-8", "replace")
            if predicate(text):
                return text
            if self.p.poll() is not None and not chunk:
                raise AssertionError(f"engine exited ({self.p.returncode}):\n{text[-2000:]}")
            time.sleep(0.01)
        raise AssertionError("no answer in time:\n" + self.buf.decode("utf-8", "replace")[-2000:])

    def quit(self, timeout=5.0):
        try:
            self.send("quit")
            return self.p.wait(timeout=timeout)
        finally:
            if self.p.poll() is None:
                self.p.kill()


def expect(cond, detail):
    if not cond:
        raise AssertionError(detail)


# ---------------------------------------------------------------- UCI

@case("UCI", "invalid UTF-8 byte alone is reported, engine goes on")
def _(b):
    e = Uci(b)
    e.send(b"\x80")
    e.send("isready")
    t = e.until(lambda t: "readyok" in t)
    expect("not valid UTF-8" in t, t)
    expect(e.quit() == 0, "exit status")


@case("UCI", "invalid UTF-8 inside a position line")
def _(b):
    e = Uci(b)
    e.send(b"position startpos moves e2e4 \xff\xfe\xc3")
    e.send("go perft 1")
    t = e.until(lambda t: "Nodes searched" in t)
    expect("not valid UTF-8" in t and "Nodes searched: 20" in t, t)
    e.quit()


@case("UCI", "go perft 99: isready answered, stop ends it, quit exits")
def _(b):
    e = Uci(b)
    e.send("go perft 99")
    e.send("isready")
    e.until(lambda t: "readyok" in t, 3)
    e.send("stop")
    e.until(lambda t: "perft stopped" in t, 3)
    e.send("go perft 99")
    expect(e.quit(3) == 0, "quit during perft")


@case("UCI", "go perft 0 prints 1")
def _(b):
    e = Uci(b)
    e.send("go perft 0")
    t = e.until(lambda t: "Nodes searched" in t)
    expect("Nodes searched: 1\n" in t, t)
    e.quit()


for _go in ["go depth x", "go nodes 1e6", "go depth 99999999999999999999", "go movetime -5 depth",
            "go wtime 1e400 btime abc"]:
    def _make(go):
        @case("UCI", f"'{go}' gets exactly one bestmove")
        def _(b):
            e = Uci(b)
            e.send(go)
            time.sleep(0.3)
            e.send("stop")
            t = e.until(lambda t: "bestmove" in t, 10)
            e.send("isready")
            t = e.until(lambda t: "readyok" in t)
            expect(t.count("bestmove") == 1, t)
            e.quit()

    _make(_go)


def last_pv_checks(b, multipv, searches):
    e = Uci(b)
    e.send("setoption name Move Overhead value 0")
    e.send(f"setoption name MultiPV value {multipv}")
    positions = ["startpos", "startpos moves e2e4 e7e5 g1f3 b8c6 f1b5",
                 "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                 "fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"]
    bad = []
    for i in range(searches):
        e.buf = b""
        e.send(f"position {positions[i % len(positions)]}")
        e.send(f"go movetime {5 + (i * 7) % 36}")
        t = e.until(lambda t: "bestmove" in t)
        lines = t.splitlines()
        best = [l for l in lines if l.startswith("bestmove")][0].split()[1]
        pvs = []
        for l in lines:
            w = l.split()
            if " pv " in l:
                pvs.append((int(w[w.index("multipv") + 1]), w[w.index("pv") + 1]))
        if not pvs:
            continue
        mains = [m for n, m in pvs if n == 1]
        if mains and mains[-1] != best:
            bad.append(f"search {i}: last pv {mains[-1]}, bestmove {best}")
        start = max(k for k, (n, _) in enumerate(pvs) if n == 1)
        moves = [m for _, m in pvs[start:]]
        if len(set(moves)) != len(moves):
            bad.append(f"search {i}: last MultiPV set repeats a move: {moves}")
    e.quit()
    expect(not bad, "\n".join(bad[:5]))


@case("UCI", "240 short searches: the last PV starts with the bestmove")
def _(b):
    last_pv_checks(b, 1, 240)


@case("UCI", "60 MultiPV 3 searches: the last set names distinct moves")
def _(b):
    last_pv_checks(b, 3, 60)


@case("UCI", "castling rights that need Chess960 are refused without UCI_Chess960")
def _(b):
    e = Uci(b)
    e.send("position fen r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1")
    e.send("go perft 1")
    t = e.until(lambda t: "Nodes searched" in t)
    expect("error: position: castling rights" in t and "Nodes searched: 20" in t, t)
    e.buf = b""
    e.send("setoption name UCI_Chess960 value true")
    e.send("position fen r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1")
    e.send("go perft 1")
    t = e.until(lambda t: "Nodes searched" in t)
    names = [l.split(":")[0] for l in t.splitlines() if ": " in l and "Nodes" not in l]
    expect(len(names) == len(set(names)) and "f1h1" in names, t)
    e.quit()


@case("UCI", "an impossible double check is refused with the reason")
def _(b):
    e = Uci(b)
    e.send("position fen 3k4/2r3b1/1pP5/p1P2P2/P2p3p/5P2/N7/1r1K1q2 w - - 0 57")
    e.send("isready")
    t = e.until(lambda t: "readyok" in t)
    expect("no single move gives this double check" in t, t)
    e.quit()


@case("UCI", "BookFile /dev/zero is refused at once")
def _(b):
    e = Uci(b)
    e.send("setoption name BookFile value /dev/zero")
    e.send("isready")
    t = e.until(lambda t: "readyok" in t, 3)
    expect("not a regular file" in t, t)
    e.quit()


@case("UCI", "BookFile naming a FIFO does not block the loop")
def _(b):
    if not shutil.which("mkfifo"):
        raise Skip("mkfifo not found")
    with tempfile.TemporaryDirectory() as d:
        fifo = os.path.join(d, "book")
        os.mkfifo(fifo)
        e = Uci(b)
        e.send(f"setoption name BookFile value {fifo}")
        e.send("isready")
        t = e.until(lambda t: "readyok" in t, 3)
        expect("not a regular file (a FIFO)" in t, t)
        e.quit()


# ---------------------------------------------------------------- files and the command line

def tb_dir(b, d, *tables):
    code, out, err = run(b, ["tb", "gen", *tables, "--dir", d], timeout=300)
    expect(code == 0, err)


@case("Files", "another endgame's table under KRvK's name: probe, verify and search go on")
def _(b):
    with tempfile.TemporaryDirectory() as d:
        tb_dir(b, d, "KQvK", "KRvK")
        for ext in ("vdtm", "vdtz"):
            shutil.copy(os.path.join(d, f"KQvK.{ext}"), os.path.join(d, f"KRvK.{ext}"))
        fen = "8/8/1k6/5R2/8/8/K7/8 b - - 0 1"
        code, out, err = run(b, ["tb", "probe", fen, "--dir", d])
        expect(code == 1 and "KRvK.vdt" in err and "panicked" not in err, err)
        code, out, err = run(b, ["tb", "verify", "KRvK", "--dir", d])
        expect(code == 1 and "KRvK.vdt" in err and "panicked" not in err, err)
        code, out, err = run(b, ["uci"], f"setoption name TablebasePath value {d}\n"
                             f"position fen {fen}\ngo depth 6\nisready\nquit\n".encode())
        expect(code == 0 and "bestmove" in out and "readyok" in out, out + err)


@case("Files", "bytes appended after a table are refused")
def _(b):
    with tempfile.TemporaryDirectory() as d:
        tb_dir(b, d, "KRvK")
        with open(os.path.join(d, "KRvK.vdtm"), "ab") as f:
            f.write(b"junk")
        code, out, err = run(b, ["tb", "probe", "8/8/1k6/5R2/8/8/K7/8 b - - 0 1", "--dir", d])
        expect(code == 1 and "after the last block" in err, out + err)


@case("Files", "tb gen after a killed run: stale temporaries removed, damaged table redone")
def _(b):
    with tempfile.TemporaryDirectory() as d:
        tb_dir(b, d, "KRvK")
        stale = os.path.join(d, "KRvK.vdtm.4000000000-0.tmp")
        open(stale, "wb").write(b"partial")
        path = os.path.join(d, "KRvK.vdtz")
        data = bytearray(open(path, "rb").read())
        data[-3] ^= 0x10
        open(path, "wb").write(data)
        code, out, err = run(b, ["tb", "gen", "KRvK", "--dir", d], timeout=300)
        expect(code == 0 and not os.path.exists(stale), out + err)
        expect("0 kept" in out + err or "generating KRvK again" in err, out + err)
        code, out, err = run(b, ["tb", "verify", "KRvK", "--dir", d])
        expect(code == 0, out + err)


for _args in (["perft", "5", "--divide"], ["book", "stats"], ["book", "probe"]):
    def _make(args):
        @case("Files", f"'vidle {' '.join(args)}' into a closed pipe ends quietly")
        def _(b):
            p = subprocess.Popen([b, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            p.stdout.close()
            err = p.stderr.read().decode("utf-8", "replace")
            code = p.wait(timeout=60)
            expect(code != -signal.SIGABRT and "panicked" not in err and "Broken pipe" not in err,
                   f"exit {code}: {err}")

    _make(_args)


@case("Files", "an unclosed ( in one PGN game does not swallow the rest")
def _(b):
    with tempfile.TemporaryDirectory() as d:
        pgn = os.path.join(d, "g.pgn")
        game = '[Event "x"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n'
        open(pgn, "w").write('[Event "bad"]\n\n1. e4 ( e5 2. Nf3 *\n\n' + game + game)
        code, out, err = run(b, ["book", "build", pgn, "-o", os.path.join(d, "b.bin"), "--quiet"])
        expect("games read 3" in out and "skipped 1" in out, out + err)
        code, out, err = run(b, ["play", "--depth", "1"], f"load {pgn}\nfen\nquit\n".encode())
        expect("skipped" in out.lower() or "unclosed" in out.lower() or "1. e4" not in out, out)


@case("Files", "analyse refuses /dev/zero, a directory, an illegal move, and ends quietly into a closed pipe")
def _(b):
    with tempfile.TemporaryDirectory() as d:
        bad = os.path.join(d, "bad.pgn")
        open(bad, "w").write("1. e4 e5 2. Ke3 *\n")
        for args, want in ((["/dev/zero"], "not a regular file"), ([d], "not a regular file"),
                           ([bad], "move 2. Ke3"), ([bad, "--depth", "0"], "invalid value")):
            code, out, err = run(b, ["analyse", *args], timeout=10)
            expect(code != 0 and want in err and "panicked" not in err and out == "", err)
        good = os.path.join(d, "good.pgn")
        open(good, "w").write("1. e4 e5 2. Nf3 *\n")
        p = subprocess.Popen([b, "analyse", good, "--depth", "2"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
        p.stdout.close()
        err = p.stderr.read().decode("utf-8", "replace")
        code = p.wait(timeout=60)
        expect(code != -signal.SIGABRT and "panicked" not in err and "Broken pipe" not in err,
               f"exit {code}: {err}")


@case("Play", "an invalid UTF-8 line is reported and the session reads on")
def _(b):
    code, out, err = run(b, ["play", "--depth", "1"], b"\xff\xfe\ne4\nfen\nquit\n")
    expect(code == 0 and "not valid UTF-8" in out and "4P3" in out, out)


@case("Play", "an unwritable --save is refused at the start")
def _(b):
    code, out, err = run(b, ["play", "--save", "/nonexistent-dir/x.pgn"], b"quit\n")
    expect(code != 0 and "--save" in err, err)


@case("Play", "'new purple' is refused")
def _(b):
    code, out, err = run(b, ["play", "--depth", "1"], b"new purple\nquit\n")
    expect("'purple'" in out, out)


@case("Play", "load /dev/zero is refused")
def _(b):
    code, out, err = run(b, ["play", "--depth", "1"], b"load /dev/zero\nquit\n", timeout=10)
    expect("not a regular file" in out, out)


# ---------------------------------------------------------------- the web server

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


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default="target/release/vidle")
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    b = os.path.abspath(a.bin)
    if not os.access(b, os.X_OK):
        sys.exit(f"{b}: not found; build it with `cargo build --release -p vidle`")
    for fn in CASES:
        label = f"{fn.group}: {fn.case_name}"
        if a.only and a.only.lower() not in label.lower():
            continue
        t0 = time.time()
        try:
            fn(b)
            status, detail = "ok", ""
        except Skip as e:
            status, detail = "skipped", str(e)
        except Exception as e:  # a failed expectation or a crash of the harness
            status, detail = "FAILED", f"{type(e).__name__}: {e}"
        RESULTS.append((fn.group, fn.case_name, status, detail))
        print(f"{status:7} {label} ({time.time() - t0:.1f} s)" + (f"\n        {detail[:800]}"
                                                                 if detail else ""), flush=True)
    print("\n| group | tried | failed | skipped |\n|---|---|---|---|")
    groups = sorted({g for g, *_ in RESULTS}, key=[c.group for c in CASES].index)
    for g in groups + ["all"]:
        rs = [r for r in RESULTS if g in ("all", r[0])]
        print(f"| {g} | {len(rs)} | {sum(r[2] == 'FAILED' for r in rs)} | "
              f"{sum(r[2] == 'skipped' for r in rs)} |")
    sys.exit(sum(r[2] == "FAILED" for r in RESULTS))


if __name__ == "__main__":
    main()
