#!/usr/bin/env python3
"""Rebuilds the subsets in this directory from the full files in ../shared/data (see SOURCES.md).

    python3 tests/data/subset.py [DATA_DIR]      # default: ../shared/data beside the checkout

Bytes are copied unchanged (line ends, Latin-1 text): only whole lines or whole games are kept.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "..", "shared", "data")


def lines(rel):
    with open(os.path.join(SRC, rel), "rb") as f:
        return [l for l in f.read().splitlines(keepends=True) if l.strip()]


def games(rel):
    """Whole games: each starts at an [Event line after a blank line (or the file's start)."""
    with open(os.path.join(SRC, rel), "rb") as f:
        data = f.read()
    starts = [m.start() for m in re.finditer(rb"(?:^|\n\r?\n)(\[Event )", data)]
    starts = [data.index(b"[Event ", s) for s in starts]
    return [data[a:b] for a, b in zip(starts, starts[1:] + [len(data)])]


def spread(items, count):
    """Every n-th item, as the tests' `spread` picks them from the full file."""
    step = max(len(items) // max(count, 1), 1)
    return items[::step][:count]


def write(rel, chunks):
    path = os.path.join(HERE, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(b"".join(chunks))
    print(f"{rel}: {len(chunks)} items, {os.path.getsize(path)} bytes")


write("perft/standard.epd", lines("perft/standard.epd"))
write("perft/fischer960.epd", lines("perft/fischer960.epd")[::8])
write("openings/2moves_v1.epd", spread(lines("openings/2moves_v1.epd"), 300))
write("openings/FRC_openings.epd", lines("openings/FRC_openings.epd")[::6])
write("openings/8moves_v3.pgn", spread(games("openings/8moves_v3.pgn"), 100))
write("mates/pychess_mate_in_2.pgn", games("mates/pychess_mate_in_2.pgn")[::8])
write("mates/pychess_mate_in_3.pgn", games("mates/pychess_mate_in_3.pgn")[::25])
write("pgn/dortmund.pgn", games("pgn/dortmund.pgn")[:30])
write("pgn/world_matches.pgn", games("pgn/world_matches.pgn")[:12])
write("pgn/chess960rwch.pgn", games("pgn/chess960rwch.pgn"))
