#!/usr/bin/env python3
"""Tuning positions from our match games, scored by a stronger engine.

`pgn2tune.py` labels each position with the score Vidle's own search gave it
during the game. This script takes the same games (every measurement this
project played: gauntlets and SPRTs) and asks a reference engine (Debian's
Stockfish 15.1 by default) for its score of every position, played by either
side, where the move played was quiet: not in check, not a capture, not a
promotion. Book moves, unfinished games and repeated positions are skipped.
It writes the lines `vidle-tune fit` reads,

    FEN | move played (UCI) | score (centipawns, White's view) | result

and `--rescale` then puts the reference's scores on our evaluation's scale.
Mates become +-3000 as in `gen`.

The positions and results are ours (games played here); only the numbers
come from the reference engine, which is run as a separate program over UCI.

Usage:
    python3 tools/match/sflabel.py --out data.txt --nodes 2000 --workers 2 \
        $XDG_DATA_HOME/vidle/matches/*.pgn
    python3 tools/match/sflabel.py --rescale data.txt --k K --out scaled.txt
"""

import argparse
import math
import shlex
import sys

import chess
import chess.engine

from pgn2tune import MATE_CP, read_games
from sfrelabel import run_shards


def extract(paths):
    """Games as lists of (fen, uci move, result), quiet moves only, each position once."""
    seen = set()
    games = []
    for game, result in read_games(paths):
        if result is None:
            continue
        board = game.board()
        rows = []
        for node in game.mainline():
            move = node.move
            book = (node.comment or "").strip().startswith("book")
            quiet = not (board.is_check() or board.is_capture(move) or move.promotion)
            if not book and quiet:
                key = board.epd()
                if key not in seen:
                    seen.add(key)
                    rows.append((board.fen(), move.uci(), result))
            board.push(move)
        if rows:
            games.append(rows)
    return games


def label(job):
    """Scores one shard of games with its own engine process; returns the lines written."""
    games, cmd, nodes, hash_mb, out_path = job
    eng = chess.engine.SimpleEngine.popen_uci(cmd)
    # Engines ignore options they lack over plain UCI; python-chess refuses them, so ask only
    # for those the engine declares.
    eng.configure({k: v for k, v in (("Threads", 1), ("Hash", hash_mb)) if k in eng.options})
    n = 0
    with open(out_path, "w") as out:
        for rows in games:
            game = object()   # a new `game` makes python-chess send ucinewgame
            for fen, mv, result in rows:
                info = eng.analyse(chess.Board(fen), chess.engine.Limit(nodes=nodes), game=game)
                if "score" not in info:
                    continue
                w = info["score"].white()
                if w.is_mate():
                    white = MATE_CP if w > chess.engine.Cp(0) else -MATE_CP
                else:
                    white = max(-MATE_CP, min(MATE_CP, w.score()))
                out.write(f"{fen} | {mv} | {white} | {result}\n")
                n += 1
    eng.quit()
    return n


def rescale(path, k, out_path):
    """Puts the reference's scores on our scale: finds the factor a for which
    sigmoid(k * a * score / 400), the curve `vidle-tune fit` uses with its fitted K, best
    predicts the games' results, and writes the file again with the scores times a. Mates
    (+-3000) stay as they are."""
    rows = []
    with open(path) as fh:
        for line in fh:
            f = [x.strip() for x in line.split("|")]
            if len(f) == 4:
                rows.append((f, float(f[2]), float(f[3])))

    # Every fifth position is plenty for one number, and keeps the search quick.
    sample = [(s, r) for _, s, r in rows[::5] if abs(s) < MATE_CP]

    def err(a):
        e = 0.0
        for s, r in sample:
            e += (r - 1.0 / (1.0 + math.exp(-k * a * s / 400.0))) ** 2
        return e

    lo, hi = 0.1, 4.0
    for _ in range(40):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if err(m1) < err(m2):
            hi = m2
        else:
            lo = m1
    a = (lo + hi) / 2
    with open(out_path, "w") as out:
        for f, s, _ in rows:
            v = s if abs(s) >= MATE_CP else round(s * a)
            out.write(f"{f[0]} | {f[1]} | {v} | {f[3]}\n")
    print(f"{len(rows)} positions: scale {a:.4f} (K = {k})", file=sys.stderr)
    return a


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgns", nargs="*")
    ap.add_argument("--out")
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--nodes", type=int, default=2000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--limit", type=int, default=0, help="at most this many games")
    ap.add_argument("--rescale", metavar="FILE",
                    help="write FILE again (to --out) with its scores on our scale")
    ap.add_argument("--k", type=float, help="the K that `vidle-tune fit` prints, for --rescale")
    args = ap.parse_args()
    if args.rescale:
        if not args.out or args.k is None:
            ap.error("--rescale needs --out and --k")
        rescale(args.rescale, args.k, args.out)
        return
    if not args.out or not args.pgns:
        ap.error("give --out and PGN files")
    games = extract(args.pgns)
    if args.limit:
        games = games[: args.limit]
    total = sum(len(g) for g in games)
    print(f"{len(games)} games, {total} quiet positions", file=sys.stderr)
    w = max(1, args.workers)
    # Contiguous shards, so that each shard is whole games and the output keeps game order.
    shards, acc, size = [[] for _ in range(w)], 0, total / w
    for g in games:
        shards[min(w - 1, int(acc / size))].append(g)
        acc += len(g)
    parts = [f"{args.out}.part{i}" for i in range(w)]
    jobs = [(shards[i], shlex.split(args.engine), args.nodes, args.hash, parts[i]) for i in range(w)]
    run_shards(label, jobs, parts, args.out)


if __name__ == "__main__":
    main()
