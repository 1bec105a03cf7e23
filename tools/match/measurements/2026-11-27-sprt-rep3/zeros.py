#!/usr/bin/env python3
"""Lists the moves of a gauntlet PGN at which Vidle's score jumped to exactly 0.00 from at
least 0.50 either way on its previous move (the halfmove clock below 90, so not the
fifty-move rule): tab-separated result, whether Vidle had White, the previous score, the
depth, and the UCI `position` command of the position before the move.

    python3 zeros.py GAMES.pgn.gz > zeros.tsv
"""
import gzip
import re
import sys

import chess.pgn

SCORE = re.compile(r"\s*([+-]?\d+\.\d+|[+-]?M\d+)/(\d+)")


def main():
    with gzip.open(sys.argv[1], "rt") as f:
        while (g := chess.pgn.read_game(f)) is not None:
            vidle_white = g.headers["White"].startswith("Vidle")
            board, moves, prev = g.board(), [], None
            for node in g.mainline():
                m = SCORE.match(node.comment or "")
                if (board.turn == chess.WHITE) == vidle_white and m and "M" not in m.group(1):
                    v = float(m.group(1))
                    if v == 0.0 and prev is not None and abs(prev) >= 0.5 \
                            and board.halfmove_clock < 90:
                        cmd = f"position fen {g.board().fen()} moves {' '.join(moves)}"
                        print("\t".join(map(str, (g.headers["Result"], vidle_white, prev,
                                                  m.group(2), cmd))))
                    prev = v
                moves.append(node.move.uci())
                board.push(node.move)


if __name__ == "__main__":
    main()
