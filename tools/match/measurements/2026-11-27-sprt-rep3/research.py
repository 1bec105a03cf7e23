#!/usr/bin/env python3
"""Searches each position of zeros.py's list (its output on stdin, tab-separated: result,
Vidle had White, Vidle's previous score, depth, UCI position command) to a fixed depth with
two builds and prints both scores and best moves, then how many of them each scores 0.

    python3 zeros.py ../2026-11-27-ethereal-46f77e8-10+0.1/games.pgn.gz > zeros.tsv
    python3 research.py OLD_BIN NEW_BIN 14 < zeros.tsv
"""
import re
import subprocess
import sys


def run(binary, position, depth):
    p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write(f"uci\nsetoption name Hash value 16\nisready\n{position}\ngo depth {depth}\n")
    p.stdin.flush()
    last, best = None, None
    for line in p.stdout:
        if line.startswith("info depth") and " score " in line and "bound" not in line:
            last = line
        if line.startswith("bestmove"):
            best = line.split()[1]
            break
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()
    m = re.search(r"score (cp|mate) (-?\d+)", last or "")
    return (m.group(1), int(m.group(2))) if m else None, best


def main():
    old, new, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
    n = old0 = new0 = differ = 0
    for line in sys.stdin:
        result, vidle_white, prev, _, position = line.rstrip("\n").split("\t")
        (a, ma), (b, mb) = run(old, position, depth), run(new, position, depth)
        print(result, vidle_white, prev, a, ma, b, mb, flush=True)
        n += 1
        old0 += a == ("cp", 0)
        new0 += b == ("cp", 0)
        differ += ma != mb
    print(f"{n} positions: old scores 0 in {old0}, new in {new0}; best moves differ in {differ}")


if __name__ == "__main__":
    main()
