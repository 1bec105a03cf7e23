#!/usr/bin/env python3
"""Training positions for the Texel tuner from games played by match.py.

Every game this project plays for a measurement (gauntlets, SPRTs) is also
evaluation-tuning data: each move's comment holds the mover's search score
(`{+0.35/12 0.512s}`, from the mover's view) and the game has a result. This
writes one line per scored position,

    FEN | move played (UCI) | score (centipawns, White's view) | result

which `vidle-tune fit --data FILE` reads; the tuner keeps a position only if
the move played was quiet and nothing hangs (`datagen::is_quiet`, the same test
`vidle-tune gen` applies). Only the moves of engines whose name starts with
one of the `--engine` prefixes count (their scores are on our evaluation's
scale); book moves, moves without a score and unfinished games are skipped.
Mate scores become +-3000, as in `gen`. Positions of one game stay together,
in file order, so the tuner's held-out tail is whole games.

Usage:
    python3 tools/match/pgn2tune.py --engine Vidle --out data.txt GAMES.pgn [MORE.pgn.gz ...]
"""

import argparse
import gzip
import re
import sys

import chess
import chess.pgn

MATE_CP = 3000
RESULTS = {"1-0": "1.0", "0-1": "0.0", "1/2-1/2": "0.5"}
SCORE = re.compile(r"^\s*([+-])(M?)(\d+(?:\.\d+)?)/\d+")


def mover_score_cp(comment: str):
    """The mover's score in centipawns from a match.py comment, or None."""
    m = SCORE.match(comment or "")
    if not m:
        return None
    sign = 1 if m.group(1) == "+" else -1
    if m.group(2):
        return sign * MATE_CP
    return max(-MATE_CP, min(MATE_CP, sign * round(float(m.group(3)) * 100)))


def open_text(path: str):
    if path.endswith(".gz"):
        return gzip.open(path, "rt", encoding="utf-8", errors="replace")
    return open(path, encoding="utf-8", errors="replace")


def read_games(paths):
    """Every game of the files in order, as (game, result): the result as the tuner writes it
    ("1.0", "0.5", "0.0"), or None for an unfinished game or one python-chess could not read."""
    for path in paths:
        with open_text(path) as fh:
            while True:
                game = chess.pgn.read_game(fh)
                if game is None:
                    break
                result = RESULTS.get(game.headers.get("Result", "*"))
                yield game, (None if game.errors else result)


def convert(paths, prefixes, out) -> dict:
    counts = {"games": 0, "skipped_games": 0, "positions": 0}
    for game, result in read_games(paths):
        if result is None:
            counts["skipped_games"] += 1
            continue
        counts["games"] += 1
        names = {chess.WHITE: game.headers.get("White", ""),
                 chess.BLACK: game.headers.get("Black", "")}
        ours = {c: any(names[c].startswith(p) for p in prefixes) for c in names}
        board = game.board()
        for node in game.mainline():
            mover = board.turn
            cp = mover_score_cp(node.comment)
            if ours[mover] and cp is not None:
                white_cp = cp if mover == chess.WHITE else -cp
                out.write(f"{board.fen()} | {node.move.uci()} | {white_cp} | {result}\n")
                counts["positions"] += 1
            board.push(node.move)
    return counts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn", nargs="+", help=".pgn or .pgn.gz files written by match.py")
    ap.add_argument("--engine", action="append", default=[], metavar="PREFIX",
                    help="use the moves of engines whose name starts with PREFIX "
                         "(repeatable; default: Vidle)")
    ap.add_argument("--out", required=True, help="output file ('-' for stdout)")
    args = ap.parse_args(argv)
    prefixes = args.engine or ["Vidle"]
    try:
        if args.out == "-":
            counts = convert(args.pgn, prefixes, sys.stdout)
        else:
            with open(args.out, "w", encoding="utf-8") as out:
                counts = convert(args.pgn, prefixes, out)
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{counts['positions']} positions from {counts['games']} games "
          f"({counts['skipped_games']} unfinished or unreadable games skipped)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
