#!/usr/bin/env python3
"""Time to depth: a UCI engine searches each position to a fixed depth with different thread
counts (one process per count, `ucinewgame` and `Clear Hash` before each position); prints the
total and per-position median time, the speed-up against the first thread count, and nodes.

  ttd.py ENGINE [--threads 1,2] [--depth 14] [--fens FILE | --bench-source FILE] [--rounds 1]

Positions: one FEN per line from --fens, or the FEN strings of the engine's bench list
(crates/engine/src/bench.rs, the default). Times are the engine's own `time` field of its last
`info` line. --rounds N repeats every measurement and keeps the median per position.
"""

import argparse
import re
import shlex
import statistics

import chess
import chess.engine


def bench_fens(path):
    text = open(path, encoding="utf-8").read()
    return [m for m in re.findall(r'"([^"]+)"', text) if len(m.split()) >= 4 and "/" in m]


def measure(cmd, threads, fens, depth, rounds, hash_mb):
    eng = chess.engine.SimpleEngine.popen_uci(shlex.split(cmd))
    eng.configure({"Threads": threads, "Hash": hash_mb})
    out = []
    try:
        for fen in fens:
            times, nodes = [], []
            for _ in range(rounds):
                if "Clear Hash" in eng.options:
                    eng.configure({"Clear Hash": None})
                info = eng.analyse(chess.Board(fen), chess.engine.Limit(depth=depth), game=object())
                times.append(info.get("time", 0.0))
                nodes.append(info.get("nodes", 0))
            out.append((statistics.median(times), int(statistics.median(nodes))))
    finally:
        eng.quit()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("engine")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--fens")
    ap.add_argument("--bench-source", default="crates/engine/src/bench.rs")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--hash", type=int, default=64)
    args = ap.parse_args()
    if args.fens:
        fens = [l.strip() for l in open(args.fens) if l.strip()]
    else:
        fens = bench_fens(args.bench_source)
    counts = [int(t) for t in args.threads.split(",")]
    results = {t: measure(args.engine, t, fens, args.depth, args.rounds, args.hash) for t in counts}
    base = results[counts[0]]
    print(f"{len(fens)} positions, depth {args.depth}, rounds {args.rounds}")
    print(f"{'threads':>7} {'total s':>8} {'median s':>9} {'speed-up (total)':>17} "
          f"{'median speed-up':>16} {'nodes':>12}")
    for t in counts:
        r = results[t]
        total = sum(x[0] for x in r)
        ratios = [b[0] / max(x[0], 1e-3) for b, x in zip(base, r)]
        print(f"{t:>7} {total:>8.2f} {statistics.median(x[0] for x in r):>9.3f} "
              f"{sum(b[0] for b in base) / max(total, 1e-3):>17.2f} "
              f"{statistics.median(ratios):>16.2f} {sum(x[1] for x in r):>12}")


if __name__ == "__main__":
    main()
