#!/usr/bin/env python3
"""Average centipawn loss per move of each player in a PGN file, judged by Vidle's own analysis.

Each game (the first --games of the file) goes through `vidle analyse` (full strength, no book,
--movetime ms a position); the annotated game's `[%eval]` comments give the evaluation after every
move. A move's loss is how much it dropped its side's evaluation against the one before it
(White's view turned to the mover's, clamped to +-1000 cp, mates as 1000; never below 0), as
lichess counts it. The analysis's own NAGs count the mistakes ($2) and blunders ($4).

Usage: tools/match/acpl.py [--vidle target/release/vidle] [--movetime 100] [--games 10]
       [--skip-plies 16] FILE.pgn
Prints one row per player name: games, moves, average centipawn loss, mistakes and blunders per
100 moves.
"""
import argparse
import collections
import re
import subprocess
import sys
import tempfile

import chess.pgn

CAP = 1000


def eval_cp(comment):
    m = re.search(r"\[%eval ([^\]]+)\]", comment or "")
    if not m:
        return None
    text = m.group(1).strip()
    if text.startswith("#"):
        return CAP if not text.startswith("#-") else -CAP
    return max(-CAP, min(CAP, round(float(text) * 100)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pgn")
    ap.add_argument("--vidle", default="target/release/vidle")
    ap.add_argument("--movetime", type=int, default=100)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--skip-plies", type=int, default=0,
                    help="plies of each game not counted (the opening the match gave: 16 for 8moves_v3)")
    args = ap.parse_args()
    stats = collections.defaultdict(lambda: [0, 0, 0, 0, 0])  # games moves loss mistakes blunders
    with open(args.pgn, encoding="utf-8", errors="replace") as fh:
        count = 0
        while count < args.games and chess.pgn.read_game(fh) is not None:
            count += 1
    for k in range(1, count + 1):
        with tempfile.NamedTemporaryFile("r", suffix=".pgn") as out:
            run = subprocess.run([args.vidle, "analyse", args.pgn, "--game", str(k),
                                  "--movetime", str(args.movetime), "-o", out.name],
                                 capture_output=True, text=True)
            if run.returncode != 0:
                print(f"game {k}: analyse failed: {run.stderr.strip()[:200]}", file=sys.stderr)
                continue
            game = chess.pgn.read_game(open(out.name, encoding="utf-8"))
        names = {chess.WHITE: game.headers.get("White", "?"), chess.BLACK: game.headers.get("Black", "?")}
        for name in names.values():
            stats[name][0] += 1
        before = 20  # the start position, roughly level
        for ply, node in enumerate(game.mainline()):
            mover = not node.board().turn
            after = eval_cp(node.comment)
            if after is None:
                continue
            if ply < args.skip_plies:
                before = after
                continue
            sign = 1 if mover == chess.WHITE else -1
            loss = max(0, sign * (before - after))
            s = stats[names[mover]]
            s[1] += 1
            s[2] += loss
            s[3] += 2 in node.nags
            s[4] += 4 in node.nags
            before = after
    print(f"{'player':<24} {'games':>5} {'moves':>6} {'ACPL':>6} {'mistakes/100':>13} {'blunders/100':>13}")
    for name, (g, n, loss, mis, blu) in sorted(stats.items()):
        if n:
            print(f"{name:<24} {g:>5} {n:>6} {loss / n:>6.1f} {100 * mis / n:>13.1f} {100 * blu / n:>13.1f}")


if __name__ == "__main__":
    main()
