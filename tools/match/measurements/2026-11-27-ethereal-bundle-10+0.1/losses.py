#!/usr/bin/env python3
"""Where Vidle's lost games against a gauntlet opponent were decided, from the PGN's own
comments ("+0.15/18 1.192s": the mover's score and depth): for each game Vidle lost, the first
opponent move after which the opponent's score stays at least 1.50 (so 1.50 or worse from
Vidle's view) to the end, the phase there (knights and bishops 1, rooks 2, queens 4; 24 at the
start), and Vidle's own score on its move just before. Prints one line per loss, then how many
were decided in each phase and how many of them Vidle scored exactly 0.00 at that point (a
draw it believed in).

    python3 losses.py GAMES.pgn[.gz] [ENGINE_NAME]
"""
import collections
import os
import sys

import chess

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from pgn2tune import mover_score_cp, read_games  # noqa: E402

WEIGHTS = [(chess.KNIGHT, 1), (chess.BISHOP, 1), (chess.ROOK, 2), (chess.QUEEN, 4)]


def scores(game, vidle_white):
    """(ply after the move, Vidle moved, score in pawns from Vidle's view (mates as
    pgn2tune's ±30), phase, FEN) per scored move."""
    board = game.board()
    out = []
    for node in game.mainline():
        vidle_moved = (board.turn == chess.WHITE) == vidle_white
        cp = mover_score_cp(node.comment)
        board.push(node.move)
        if cp is None:
            continue
        v = cp / 100
        phase = sum(len(board.pieces(p, c)) * w for p, w in WEIGHTS for c in chess.COLORS)
        out.append((board.ply(), vidle_moved, v if vidle_moved else -v, phase, board.fen()))
    return out


def main():
    path = sys.argv[1]
    name = sys.argv[2] if len(sys.argv) > 2 else "Vidle"
    phases, zeros = collections.Counter(), collections.Counter()
    for g, _ in read_games([path]):
        vidle_white = g.headers["White"] == name
        lost = g.headers["Result"] == ("0-1" if vidle_white else "1-0")
        if not lost:
            continue
        s = scores(g, vidle_white)
        theirs = [x for x in s if not x[1]]
        ours = {x[0]: x[2] for x in s if x[1]}
        k = next((i for i in range(len(theirs)) if all(x[2] <= -1.5 for x in theirs[i:])), None)
        if k is None:
            print("no lasting 1.50 edge:", g.headers.get("Termination"))
            continue
        ply, _, v, phase, fen = theirs[k]
        own = ours.get(ply - 1)
        kind = "opening (16-24)" if phase >= 16 else "middlegame (8-15)" if phase >= 8 else "endgame (0-7)"
        phases[kind] += 1
        zeros[kind] += own == 0.0
        print(f"ply {ply:3d} phase {phase:2d} theirs {v:+6.2f} ours {own} {fen}")
    for kind, n in phases.most_common():
        print(f"{kind}: {n} losses, Vidle at 0.00 in {zeros[kind]}")


if __name__ == "__main__":
    main()
