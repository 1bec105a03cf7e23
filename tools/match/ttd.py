#!/usr/bin/env python3
"""Time to depth: a UCI engine searches each position to a fixed depth with different thread
counts (one process per count, `ucinewgame` and `Clear Hash` before each position); prints the
total and per-position median time, the speed-up against the first thread count, nodes, and
the effective branching factor: per position (nodes to depth d / nodes to depth d-N) ** (1/N),
N = --ebf-span (4), from the engine's own per-iteration `info` lines; the median is printed.

  ttd.py ENGINE [--threads 1,2] [--depth 14] [--fens FILE | --bench-source FILE] [--rounds 1] [--ebf-span 4]

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
    """Per position: (median time to `depth`, median nodes, {depth: nodes} of the last round)."""
    eng = chess.engine.SimpleEngine.popen_uci(shlex.split(cmd))
    eng.configure({"Threads": threads, "Hash": hash_mb})
    out = []
    try:
        for fen in fens:
            times, nodes = [], []
            for _ in range(rounds):
                if "Clear Hash" in eng.options:
                    eng.configure({"Clear Hash": None})
                by_depth = {}
                last = {}
                with eng.analysis(chess.Board(fen), chess.engine.Limit(depth=depth),
                                  game=object()) as analysis:
                    for info in analysis:
                        if "score" in info and "depth" in info and "nodes" in info:
                            by_depth[info["depth"]] = info["nodes"]
                            last = info
                times.append(last.get("time", 0.0))
                nodes.append(last.get("nodes", 0))
            out.append((statistics.median(times), int(statistics.median(nodes)), by_depth))
    finally:
        eng.quit()
    return out


def ebf(by_depth, depth, span):
    """(nodes to `depth` / nodes to `depth - span`) ** (1 / span): the growth per iteration."""
    low = by_depth.get(depth - span)
    high = by_depth.get(depth)
    if not low or not high:
        return None
    return (high / low) ** (1.0 / span)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("engine")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--fens")
    ap.add_argument("--bench-source", default="crates/engine/src/bench.rs")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--ebf-span", type=int, default=4,
                    help="effective branching factor over the last N iterations")
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
          f"{'median speed-up':>16} {'nodes':>12} {'EBF':>6}")
    for t in counts:
        r = results[t]
        total = sum(x[0] for x in r)
        ratios = [b[0] / max(x[0], 1e-3) for b, x in zip(base, r)]
        print(f"{t:>7} {total:>8.2f} {statistics.median(x[0] for x in r):>9.3f} "
              f"{sum(b[0] for b in base) / max(total, 1e-3):>17.2f} "
              f"{statistics.median(ratios):>16.2f} {sum(x[1] for x in r):>12} "
              f"{ebf_text(r, args.depth, args.ebf_span)}")


def ebf_text(results, depth, span):
    """The median over the positions of their effective branching factors."""
    values = [e for e in (ebf(x[2], depth, span) for x in results) if e]
    return f"{statistics.median(values):>6.2f}" if values else f"{'-':>6}"


if __name__ == "__main__":
    main()
