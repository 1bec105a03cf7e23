#!/usr/bin/env python3
"""Measures the quality of a Polyglot book's lines against Stockfish.

Follows the book from the start position (weighted random choice, as Vidle plays it) for a
number of walks; every book move met is scored by the centipawn loss against Stockfish's best
move at a fixed depth. Prints the mean loss, the share of moves losing over 50 and 100 cp, and
the mean line length.

Usage: book_quality.py BOOK.bin [--walks 40] [--depth 10] [--seed 1] [--engine stockfish]
Needs python-chess and a UCI engine (Debian: /usr/games/stockfish).
"""
import argparse
import random
import shutil

import chess
import chess.engine
import chess.polyglot


def score(info, pov):
    return info["score"].pov(pov).score(mate_score=10000)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("book")
    ap.add_argument("--walks", type=int, default=40)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--max-ply", type=int, default=24)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", default=shutil.which("stockfish") or "/usr/games/stockfish")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    losses, lengths = [], []
    cache = {}
    with chess.engine.SimpleEngine.popen_uci(a.engine) as eng, chess.polyglot.open_reader(a.book) as book:
        eng.configure({"Threads": 1, "Hash": 64})

        def best(board):
            key = board.fen()
            if key not in cache:
                cache[key] = score(eng.analyse(board, chess.engine.Limit(depth=a.depth)), board.turn)
            return cache[key]

        for _ in range(a.walks):
            board = chess.Board()
            ply = 0
            while ply < a.max_ply:
                entries = list(book.find_all(board))
                if not entries:
                    break
                total = sum(e.weight for e in entries)
                if total == 0:
                    break
                x = rng.uniform(0, total)
                for e in entries:
                    x -= e.weight
                    if x <= 0:
                        break
                mover = board.turn
                before = best(board)
                board.push(e.move)
                after = -best(board) if not board.is_game_over() else score(
                    eng.analyse(board, chess.engine.Limit(depth=1)), mover)
                losses.append(max(0, before - after))
                ply += 1
            lengths.append(ply)
    n = len(losses)
    print(f"{a.book}: {n} book moves over {a.walks} walks, mean line {sum(lengths)/len(lengths):.1f} plies")
    print(f"  mean loss {sum(losses)/n:.1f} cp, >50 cp {100*sum(l>50 for l in losses)/n:.1f}%, "
          f">100 cp {100*sum(l>100 for l in losses)/n:.1f}%  (Stockfish depth {a.depth})")


if __name__ == "__main__":
    main()
