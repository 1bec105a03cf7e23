#!/usr/bin/env python3
"""Game by game: two runs of one engine against the same opponent on the same openings.

Each game is keyed by its opening (the FEN it started from and its first --plies plies, 16 for
8moves_v3's eight moves) and by the colour ENGINE played; games with the same key are paired in
the order read. For every pair it counts whether the second run's engine scored more, fewer or
the same points, and the points of each run. Games whose key the other run lacks are counted
as unmatched, not scored.

    python3 tools/match/paired.py --engine Vidle OLD.pgn.gz NEW.pgn.gz
    python3 tools/match/paired.py --engine Vidle 'old/*.pgn.gz' 'new/seeds-*/r*/*.pgn.gz'

A quoted argument is a glob, so a run spread over round directories is one argument.
"""

import argparse
import collections
import glob
import sys

from pgn2tune import read_games

def load(pattern, engine, plies):
    """{(opening, engine is white): [points, ...]} of one run, and the games skipped."""
    paths = sorted(glob.glob(pattern))
    games = collections.defaultdict(list)
    skipped = 0
    for game, result in read_games(paths):
        white, black = game.headers.get("White"), game.headers.get("Black")
        if result is None or engine not in (white, black):
            skipped += 1
            continue
        board = game.board()
        start = board.fen()
        moves = []
        for move in game.mainline_moves():
            if len(moves) == plies:
                break
            moves.append(board.san(move))
            board.push(move)
        as_white = white == engine
        # read_games gives White's points ("1.0", "0.5", "0.0").
        points = float(result) if as_white else 1.0 - float(result)
        games[(start, tuple(moves), as_white)].append(points)
    return games, skipped


def compare(old, new):
    """Counts of the paired games: more, fewer, same (for NEW), points of each, unmatched."""
    out = {"pairs": 0, "more": 0, "fewer": 0, "same": 0, "old_points": 0.0, "new_points": 0.0,
           "unmatched": 0}
    for key in old.keys() | new.keys():
        a, b = old.get(key, []), new.get(key, [])
        out["unmatched"] += abs(len(a) - len(b))
        for x, y in zip(a, b):
            out["pairs"] += 1
            out["old_points"] += x
            out["new_points"] += y
            out["more" if y > x else "fewer" if y < x else "same"] += 1
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", required=True, help="the engine's name in the PGN headers")
    ap.add_argument("--plies", type=int, default=16, help="plies that make the opening (16)")
    ap.add_argument("old", help="the first run's PGN file or glob")
    ap.add_argument("new", help="the second run's PGN file or glob")
    a = ap.parse_args(argv)
    for pattern in (a.old, a.new):
        if not glob.glob(pattern):
            ap.error(f"no file matches {pattern}")
    old, skipped_old = load(a.old, a.engine, a.plies)
    new, skipped_new = load(a.new, a.engine, a.plies)
    c = compare(old, new)
    print(
        f"{c['pairs']} games paired: the second run scored more in {c['more']}, fewer in "
        f"{c['fewer']}, the same in {c['same']} ({c['new_points']:.1f} points against "
        f"{c['old_points']:.1f}); unmatched {c['unmatched']}, skipped (unfinished, unreadable "
        f"or without {a.engine}) {skipped_old} + {skipped_new}"
    )
    return 0 if c["pairs"] else 1


if __name__ == "__main__":
    sys.exit(main())
