#!/usr/bin/env python3
"""Measures `vidle serve` under idle connections and open WebSockets (issue 85): a normal
request's latency and the server's memory at rest, while thousands of idle connections and
WebSockets are held, and after they close.

    python3 tools/load/web_idle_load.py --bin target/release/vidle \\
        [--idle 5000] [--sockets 1000] [-- SERVE-OPTIONS...]

Not a test (nothing is asserted): it prints a table of figures. The quotas and the cap per
client are turned off unless SERVE-OPTIONS are given, since one address makes every connection.
WebSockets are opened by hand (8 per game) and answer the server's pings.
"""

import argparse
import asyncio
import base64
import json
import os
import resource
import socket
import statistics
import subprocess
import time


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def open_fds(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return -1


async def http(port, method, path, body=None):
    r, w = await asyncio.open_connection("127.0.0.1", port)
    data = body.encode() if body else b""
    head = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n")
    w.write(head.encode() + data)
    await w.drain()
    raw = await r.read()
    w.close()
    status = int(raw.split(b" ", 2)[1]) if raw else 0
    return status, raw.split(b"\r\n\r\n", 1)[-1]


async def latency(port, path, n=50):
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        status, _ = await asyncio.wait_for(http(port, "GET", path), 30)
        times.append((time.perf_counter() - t0) * 1000)
        if status != 200:
            return f"status {status}"
    times.sort()
    return f"p50 {statistics.median(times):.1f} ms, p99 {times[int(len(times) * 0.99) - 1]:.1f} ms"


class Page:
    """A WebSocket opened by hand that answers pings (a live page)."""

    def __init__(self):
        self.closed = False

    async def open(self, port, gid):
        self.r, self.w = await asyncio.open_connection("127.0.0.1", port)
        key = base64.b64encode(os.urandom(16)).decode()
        self.w.write((f"GET /api/game/{gid}/ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                      "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
                      f"Sec-WebSocket-Key: {key}\r\n\r\n").encode())
        await self.w.drain()
        head = await self.r.readuntil(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError(head.decode(errors="replace"))
        self.task = asyncio.create_task(self.read())

    async def read(self):
        try:
            while True:
                b0, b1 = await self.r.readexactly(2)
                n = b1 & 0x7F
                if n == 126:
                    n = int.from_bytes(await self.r.readexactly(2), "big")
                elif n == 127:
                    n = int.from_bytes(await self.r.readexactly(8), "big")
                payload = await self.r.readexactly(n)
                if b0 & 0x0F == 0x9:  # ping: answer with a masked pong
                    mask = os.urandom(4)
                    masked = bytes(c ^ mask[i % 4] for i, c in enumerate(payload))
                    self.w.write(bytes([0x8A, 0x80 | len(payload)]) + mask + masked)
                elif b0 & 0x0F == 0x8:
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        self.closed = True

    def close(self):
        self.task.cancel()
        self.w.close()


async def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default="target/release/vidle")
    ap.add_argument("--idle", type=int, default=5000)
    ap.add_argument("--sockets", type=int, default=1000)
    ap.add_argument("serve_args", nargs="*")
    a = ap.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    extra = a.serve_args or ["--games-per-minute", "0", "--requests-per-minute", "0",
                             "--max-connections-per-client", "0"]
    p = subprocess.Popen([a.bin, "serve", "--port", str(port), *extra],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                await asyncio.sleep(0.05)
        rows = []

        def row(what, lat):
            rows.append((what, f"{rss_mb(p.pid):.1f}", open_fds(p.pid), lat))

        status, body = await http(port, "POST", "/api/game", "{}")
        gid = json.loads(body)["id"]
        path = f"/api/game/{gid}"
        row("at rest", await latency(port, path))

        idle = []
        t0 = time.time()
        for i in range(a.idle):
            _, w = await asyncio.open_connection("127.0.0.1", port)
            if i % 2:
                w.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            idle.append(w)
        row(f"{a.idle} idle/half-sent connections held", await latency(port, path))
        await asyncio.sleep(1)
        for w in idle:
            w.close()
        await asyncio.sleep(1)
        row(f"client closed them ({time.time() - t0:.0f} s after opening)", await latency(port, path))

        pages = []
        games = (a.sockets + 7) // 8
        for g in range(games):
            _, body = await http(port, "POST", "/api/game", "{}")
            gid2 = json.loads(body)["id"]
            for _ in range(min(8, a.sockets - 8 * g)):
                pg = Page()
                await pg.open(port, gid2)
                pages.append(pg)
        await asyncio.sleep(2)
        row(f"{len(pages)} WebSockets open on {games} games", await latency(port, path))
        for pg in pages:
            pg.close()
        await asyncio.sleep(3)
        row("WebSockets closed, 3 s later", await latency(port, path))
        await asyncio.sleep(5)
        row("8 s later", await latency(port, path))
        print(f"server: {a.bin} serve {' '.join(extra)}")
        print("| moment | RSS MB | open fds | GET /api/game/{id} latency |\n|---|---|---|---|")
        for r in rows:
            print("| " + " | ".join(str(x) for x in r) + " |")
    finally:
        p.terminate()
        p.wait()


if __name__ == "__main__":
    asyncio.run(main())
