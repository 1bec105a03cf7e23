#!/usr/bin/env python3
"""Plays basic mates out against a bare king: for each material (KQK, KRK, KBBK with bishops on
both colours, KBNK) N random legal positions with the strong side to move and no mate in the
position already, the engine plays both sides at a fixed node count per move (one process per
side, 16 MB hash, no tablebases), and the game ends at mate, at a draw by the rules
(stalemate, fifty moves, threefold repetition, a capture leaving insufficient material) or after
150 plies. Prints per material: mates, draws, and the median number of the strong side's moves
to mate. The engines are driven by the match runner's UCI client, tools/match/uci.py.

    python3 convert.py BINARY [NODES [N [SEED]]]
"""
import os
import random
import statistics
import sys

import chess

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from uci import UciEngine  # noqa: E402

MATERIALS = {"KQK": "Q", "KRK": "R", "KBBK": "BB", "KBNK": "BN"}


def random_position(pieces, rng):
    """White king plus `pieces` against the black king, White to move, legal, not yet over,
    bishops of one side on both colours."""
    while True:
        squares = rng.sample(range(64), 2 + len(pieces))
        board = chess.Board(None)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for sq, p in zip(squares[2:], pieces):
            board.set_piece_at(sq, chess.Piece.from_symbol(p))
        board.turn = chess.WHITE
        bishops = [sq for sq, p in zip(squares[2:], pieces) if p == "B"]
        if len(bishops) == 2 and (chess.square_file(bishops[0]) + chess.square_rank(bishops[0])
                                  + chess.square_file(bishops[1]) + chess.square_rank(bishops[1])) % 2 == 0:
            continue
        if board.is_valid() and not board.is_game_over() and not board.is_check():
            return board


def play(engines, board, nodes):
    """Plays to the end; returns (mated, White's moves played)."""
    start = board.fen()
    moves = []
    for e in engines:
        e.new_game()
    while len(moves) < 150:
        if board.is_checkmate():
            return True, (len(moves) + 1) // 2
        if board.is_game_over(claim_draw=True):
            return False, (len(moves) + 1) // 2
        side = engines[0] if board.turn == chess.WHITE else engines[1]
        r = side.go(f"position fen {start} moves {' '.join(moves)}".rstrip(), f"nodes {nodes}", timeout=120)
        board.push_uci(r.bestmove)
        moves.append(r.bestmove)
    return board.is_checkmate(), (len(moves) + 1) // 2


def main():
    binary = sys.argv[1]
    nodes = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    engines = [UciEngine(binary, {"Hash": "16", "Threads": "1"}) for _ in range(2)]
    for e in engines:
        e.start()
    try:
        for name, pieces in MATERIALS.items():
            lengths, draws = [], 0
            for _ in range(n):
                board = random_position(pieces, rng)
                mated, length = play(engines, board, nodes)
                if mated:
                    lengths.append(length)
                else:
                    draws += 1
                    print(f"  {name}: no mate from {board.root().fen()}", flush=True)
            med = statistics.median(lengths) if lengths else "-"
            print(f"{name}: {len(lengths)}/{n} mated, {draws} not; median moves to mate {med}", flush=True)
    finally:
        for e in engines:
            e.close()


if __name__ == "__main__":
    main()
