#!/usr/bin/env python3
"""Searches each position of zeros.py's list (its output on stdin, tab-separated: result,
Vidle had White, Vidle's previous score, depth, UCI position command) to a fixed depth with
two builds, each position by a fresh engine process (16 MB hash), and prints both scores
(centipawns; mates as match.py maps them) and best moves, then how many of them each scores 0.
The engines are driven by the match runner's UCI client, tools/match/uci.py.

    python3 zeros.py ../2026-11-27-ethereal-46f77e8-10+0.1/games.pgn.gz > zeros.tsv
    python3 research.py OLD_BIN NEW_BIN 14 < zeros.tsv
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from uci import UciEngine  # noqa: E402


def run(binary, position, depth):
    """(score in centipawns, best move) of `position` searched to `depth` by a fresh engine."""
    engine = UciEngine(binary, {"Hash": "16"})
    engine.start()
    try:
        result = engine.go(position, f"depth {depth}", timeout=600)
    finally:
        engine.close()
    return result.score_cp, result.bestmove


def main():
    old, new, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
    n = old0 = new0 = differ = 0
    for line in sys.stdin:
        result, vidle_white, prev, _, position = line.rstrip("\n").split("\t")
        (a, ma), (b, mb) = run(old, position, depth), run(new, position, depth)
        print(result, vidle_white, prev, a, ma, b, mb, flush=True)
        n += 1
        old0 += a == 0
        new0 += b == 0
        differ += ma != mb
    print(f"{n} positions: old scores 0 in {old0}, new in {new0}; best moves differ in {differ}")


if __name__ == "__main__":
    main()
