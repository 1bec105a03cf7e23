#!/usr/bin/env python3
"""Rescores `vidle-tune gen` output with a stronger engine.

`vidle-tune gen` writes `FEN | score | result` lines, the score being our own search's
(White's view, centipawns). This script keeps each position and the result of the self-play
game it came from and replaces the score with a reference engine's (Debian's Stockfish 15.1
by default, `go nodes N`), the way `sflabel.py` labels match games. Mates become +-3000 as in
`gen`. The output has the same three fields, so `vidle-tune fit` reads it as it is and
`sflabel.py --rescale` puts the scores on our scale.

It talks UCI to the engine directly (no python-chess), one engine process per worker, so
that it runs where only a bare Python is installed; `--deadline` makes the workers stop
cleanly after that many seconds, keeping every line written so far.

Usage:
    python3 tools/match/sfrelabel.py --workers 16 --nodes 2000 --deadline 300 \
        --out relabelled.txt gen.txt.0 gen.txt.1 ...
"""

import argparse
import multiprocessing
import shlex
import subprocess
import sys
import time

# As `pgn2tune.MATE_CP` and `gen`; not imported, since pgn2tune needs python-chess.
MATE_CP = 3000


def read_lines(paths):
    """Well-formed gen lines (a torn last line of a stopped run is dropped)."""
    rows = []
    for p in paths:
        with open(p, errors="replace") as fh:
            for line in fh:
                f = [x.strip() for x in line.split("|")]
                if len(f) != 3 or len(f[0].split()) < 4:
                    continue
                try:
                    float(f[2])
                except ValueError:
                    continue
                rows.append((f[0], f[2]))
    return rows


class Uci:
    """A minimal UCI conversation: enough to ask for one position's score."""

    def __init__(self, cmd, hash_mb):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("setoption name Threads value 1")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, token):
        for line in self.p.stdout:
            if line.startswith(token):
                return line
        raise RuntimeError("engine closed its output")

    def score(self, fen, nodes):
        """The side to move's score: ("cp", n) or ("mate", n), or None."""
        self.send(f"position fen {fen}")
        self.send(f"go nodes {nodes}")
        last = None
        for line in self.p.stdout:
            if line.startswith("bestmove"):
                return last
            if line.startswith("info") and " score " in line:
                t = line.split()
                i = t.index("score")
                if t[i + 1] in ("cp", "mate") and "lowerbound" not in t and "upperbound" not in t:
                    last = (t[i + 1], int(t[i + 2]))
        raise RuntimeError("engine closed its output")

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def white_cp(fen, score):
    kind, n = score
    if kind == "mate":
        v = MATE_CP if n > 0 else -MATE_CP
    else:
        v = max(-MATE_CP, min(MATE_CP, n))
    return v if fen.split()[1] == "w" else -v


def work(job):
    rows, cmd, nodes, hash_mb, deadline, out_path = job
    eng = Uci(cmd, hash_mb)
    n = 0
    with open(out_path, "w") as out:
        for fen, result in rows:
            if time.time() > deadline:
                break
            s = eng.score(fen, nodes)
            if s is None:
                continue
            out.write(f"{fen} | {white_cp(fen, s)} | {result}\n")
            n += 1
    eng.close()
    return n


def run_shards(func, jobs, parts, out_path):
    """Runs `func` on each job in its own process; each job writes the file of the same index
    in `parts`, which are then joined into `out_path` in order. `func` returns the lines it
    wrote. Shared with `sflabel.py` (this module needs no python-chess, so both can import it)."""
    with multiprocessing.Pool(len(jobs)) as pool:
        counts = pool.map(func, jobs)
    with open(out_path, "w") as out:
        for p in parts:
            with open(p) as fh:
                out.write(fh.read())
    print(f"wrote {sum(counts)} positions to {out_path}", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", nargs="+")
    ap.add_argument("--out", required=True)
    ap.add_argument("--engine", default="/usr/games/stockfish", help="command line")
    ap.add_argument("--nodes", type=int, default=2000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--deadline", type=float, default=0, help="stop after this many seconds")
    args = ap.parse_args()
    rows = read_lines(args.inputs)
    print(f"{len(rows)} positions read", file=sys.stderr)
    w = max(1, args.workers)
    deadline = time.time() + args.deadline if args.deadline > 0 else float("inf")
    # Interleaved shards: each worker gets positions from every game file, so a deadline cuts
    # all of them alike.
    parts = [f"{args.out}.part{i}" for i in range(w)]
    jobs = [(rows[i::w], shlex.split(args.engine), args.nodes, args.hash, deadline, parts[i]) for i in range(w)]
    run_shards(work, jobs, parts, args.out)


if __name__ == "__main__":
    main()
