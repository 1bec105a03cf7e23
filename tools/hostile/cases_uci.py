"""UCI cases: bytes and lines a GUI (or a person typing) could send `vidle uci`."""

import os
import shutil
import tempfile
import time

from harness import Skip, Uci, case, expect, uci_lines


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



# ---------------------------------------------------------------- UCI, issue 85

def searches(b, commands):
    """Runs `commands` in one engine; after each `go depth N` waits for its bestmove. Returns,
    per search, its last full info line (without time and nps) and the bestmove line."""
    e = Uci(b)
    found = []
    for c in commands:
        e.send(c)
        if c.startswith("go "):
            e.buf = b""
            t = e.until(lambda t: "bestmove" in t, 60)
            full = [l for l in t.splitlines() if " pv " in l and "bound" not in l]
            expect(full, t)
            w = full[-1].split()
            for k in ("time", "nps", "hashfull"):
                if k in w:
                    del w[w.index(k):w.index(k) + 2]
            found.append((" ".join(w), [l for l in t.splitlines() if l.startswith("bestmove")][0]))
    e.quit()
    return found


def random_network(path, seed=7):
    """A valid network file (VDNN version 3, 128 hidden units, one bucket), random weights."""
    import random
    import struct
    r = random.Random(seed)
    h = 128
    n16 = 768 * h + h + 2 * h
    with open(path, "wb") as f:
        f.write(b"VDNN" + struct.pack("<III", 3, h, 1))
        f.write(struct.pack(f"<{n16}h", *(r.randint(-40, 40) for _ in range(n16))))
        f.write(struct.pack("<i", 0))


SWITCH_FEN = "position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"


def hash_cleared_by(b, first, switch):
    """The search after `switch` equals the one after Clear Hash and `switch` (each after a
    search with `first`): the switch cleared the hash. A search after a kept hash must differ,
    or the comparison could not tell."""
    before = [*first, SWITCH_FEN, "go depth 11"]
    kept = searches(b, [*before, "go depth 9"])[1]
    cleared = searches(b, [*before, "setoption name Clear Hash", "go depth 9"])[1]
    if kept == cleared:
        raise Skip(f"a kept hash searches like a cleared one here: {kept}")
    switched = searches(b, [*before, *switch, "go depth 9"])[1]
    reference = searches(b, [*before, "setoption name Clear Hash", *switch, "go depth 9"])[1]
    expect(switched == reference, f"after the switch: {switched}\nafter Clear Hash: {reference}")


@case("UCI", "switching Use NNUE clears the hash (the next search is a cleared-hash one)")
def _(b):
    hash_cleared_by(b, ["setoption name Use NNUE value false"],
                    ["setoption name Use NNUE value true"])


@case("UCI", "switching EvalFile clears the hash (the next search is a cleared-hash one)")
def _(b):
    with tempfile.TemporaryDirectory() as d:
        net = os.path.join(d, "random.nnue")
        random_network(net)
        hash_cleared_by(b, [f"setoption name EvalFile value {net}"],
                        ["setoption name EvalFile value <built-in>"])


@case("UCI", "64 MiB without a newline: memory stays small, the line is dropped with a warning")
def _(b):
    e = Uci(b)
    block = b"x" * (1 << 20)
    for _ in range(64):
        e.p.stdin.write(block)
    e.p.stdin.flush()
    status = open(f"/proc/{e.p.pid}/status").read() if os.path.exists("/proc") else ""
    e.send("\nisready")
    t = e.until(lambda t: "readyok" in t, 20)
    # The count takes in the newline that ends the line.
    expect("a line of 6710886" in t and "bytes was dropped" in t and "limit of 1048576 bytes" in t, t)
    if status:
        rss_mb = int(status.split("VmRSS:")[1].split()[0]) / 1024
        expect(rss_mb < 100, f"{rss_mb:.0f} MB while reading the line")
    expect(e.quit() == 0, "exit status")


@case("UCI", "a 5 MB and a 500 kB unknown command are not echoed whole")
def _(b):
    e = Uci(b)
    e.send(b"y" * 5_000_000)
    e.send(b"z" * 500_000)
    e.send("isready")
    t = e.until(lambda t: "readyok" in t, 20)
    expect(len(t) < 1000 and "a line of 500000" in t and "bytes was dropped" in t
           and "unknown command 'zzzz" in t, t[:2000])
    e.quit()


MPV_FEN = "position fen 8/8/4k3/8/2r5/8/3KP3/4R3 w - - 0 1"


def order(score):
    kind, n = score
    return n if kind == "cp" else (10**6 - n if n > 0 else -10**6 - n)


@case("UCI", "MultiPV 12, go depth 10: the lines best first, bestmove line 1's")
def _(b):
    e = Uci(b)
    e.send("setoption name MultiPV value 12")
    e.send(MPV_FEN)
    e.send("go depth 10")
    t = e.until(lambda t: "bestmove" in t, 60)
    e.quit()
    last = {}
    for d in uci_lines(t, ("depth", "multipv")):
        if d.get("depth") == 10 and not d["bound"]:
            last[d["multipv"]] = d
    expect(sorted(last) == list(range(1, 13)), f"lines at depth 10: {sorted(last)}")
    scores = [order(last[k]["score"]) for k in range(1, 13)]
    expect(all(x >= y for x, y in zip(scores, scores[1:])), f"not best first: {scores}")
    expect(f"bestmove {last[1]['move']}" in t, t[-300:])


@case("UCI", "MultiPV 12, go infinite then stop: the final block printed once")
def _(b):
    e = Uci(b)
    e.send("setoption name MultiPV value 12")
    e.send(MPV_FEN)
    e.send("go infinite")
    e.until(lambda t: " depth 12 " in t and " multipv 12 " in t.split(" depth 12 ", 1)[1], 60)
    e.send("stop")
    t = e.until(lambda t: "bestmove" in t, 10)
    e.quit()
    # The last block (one line per number) must not repeat the block before it line for line.
    def key(line):
        w = line.split()
        return " ".join(x for i, x in enumerate(w) if w[i - 1] not in ("time", "nps"))
    pv = [key(l) for l in t.splitlines() if l.startswith("info ") and " pv " in l]
    final = [int(l.split()[l.split().index("multipv") + 1]) for l in pv[-12:]]
    expect(sorted(final) == list(range(1, 13)), f"the last block's lines: {final}")
    expect(pv[-12:] != pv[-24:-12], "the last block printed twice:\n" + "\n".join(pv[-24:]))
    one = [l for l in pv[-12:] if " multipv 1 " in l][0].split()
    expect(f"bestmove {one[one.index('pv') + 1]}" in t, t[-300:])


@case("UCI", "Threads 256 is capped, says so, and answers go movetime 50 within a second")
def _(b):
    e = Uci(b)
    e.send("setoption name Threads value 256")
    e.send("isready")
    t = e.until(lambda t: "readyok" in t, 20)
    expect("info string Threads 256: using" in t, t)
    e.send("position startpos")
    t0 = time.time()
    e.send("go movetime 50")
    e.until(lambda t: "bestmove" in t, 10)
    took = time.time() - t0
    expect(took < 1.0, f"bestmove after {took:.2f} s")
    expect(e.quit() == 0, "exit status")


@case("UCI", "setoption with an empty value sets that option (SyzygyPath, EvalFile)")
def _(b):
    e = Uci(b)
    e.send("setoption name SyzygyPath value /no/such/syzygy")
    e.send("setoption name SyzygyPath value")
    e.send("setoption name EvalFile value")
    e.send("position startpos")
    e.send("go depth 1")
    t = e.until(lambda t: "bestmove" in t)
    e.quit()
    errors = [l for l in t.splitlines() if l.startswith("info string error")]
    expect(len(errors) == 1 and "/no/such/syzygy" in errors[0] and "unknown option" not in t, t)


@case("UCI", "go nodes 0 plays a move with a warning; illegal searchmoves are named")
def _(b):
    e = Uci(b)
    e.send("position startpos")
    e.send("go nodes 0")
    t = e.until(lambda t: "bestmove" in t)
    expect("info string warning: go: nodes 0" in t, t)
    e.buf = b""
    e.send("go depth 2 searchmoves e2e5 e2e4 zz")
    t = e.until(lambda t: "bestmove" in t)
    e.quit()
    expect("searchmoves: 'e2e5'" in t and "searchmoves: 'zz'" in t and "bestmove e2e4" in t, t)


@case("UCI", "clocks at 65535 stay there after more moves (no wrap to 0)")
def _(b):
    e = Uci(b)
    e.send("position fen 4k3/8/8/8/8/8/8/4K1N1 b - - 65535 65535 moves e8d7 g1f3")
    e.send("d")
    e.send("isready")
    t = e.until(lambda t: "readyok" in t)
    e.quit()
    expect("Fen: 8/3k4/8/8/8/5N2/8/4K3 b - - 65535 65535" in t, t)
