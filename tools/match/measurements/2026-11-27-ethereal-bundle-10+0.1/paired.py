#!/usr/bin/env python3
"""Compares two gauntlet runs on the same openings game by game: the openings are matched by
the moves before the first scored one (the book moves), with colours, and the script prints
how many openings each run scored more on and the total score difference.

    python3 paired.py OLD.pgn[.gz] NEW.pgn[.gz] [ENGINE_NAME]
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from pgn2tune import read_games  # noqa: E402


def results(path, name):
    """{(book moves, Vidle had White): Vidle's points}."""
    out = {}
    for g, _ in read_games([path]):
        white = g.headers["White"] == name
        book = tuple(x.move.uci() for x in g.mainline() if "book" in (x.comment or ""))
        points = {"1-0": 1.0, "0-1": 0.0}.get(g.headers["Result"], 0.5)
        out[(book, white)] = points if white else 1.0 - points
    return out


def main():
    name = sys.argv[3] if len(sys.argv) > 3 else "Vidle"
    old, new = results(sys.argv[1], name), results(sys.argv[2], name)
    both = sorted(set(old) & set(new))
    better = sum(new[k] > old[k] for k in both)
    worse = sum(new[k] < old[k] for k in both)
    print(f"{len(both)} games on common openings and colours: new scored more in {better}, "
          f"less in {worse}, the same in {len(both) - better - worse}; "
          f"old {sum(old[k] for k in both)}, new {sum(new[k] for k in both)}")


if __name__ == "__main__":
    main()
