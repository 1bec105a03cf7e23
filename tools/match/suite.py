#!/usr/bin/env python3
"""Test suites for a UCI engine: mate problems and EPD position suites.

  suite.py mates ENGINE FILE.pgn...   each game's FEN with its `Termination "mate in N"` tag:
                                      `go mate N` (plus a node cap); counts of exact mates (`score
                                      mate N`), shorter ones (cooks in the collection), longer or
                                      none, and node counts per N.
  suite.py epd ENGINE FILE.epd...     `go movetime MS` per position; solved when the move is in
                                      `bm` and not in `am`; STS-style `c0 "Nf3=10, ..."` points
                                      are summed when present.

ENGINE is a command line (split like a shell would). Options: --option NAME=VALUE (repeatable),
--movetime MS (epd, default 1000), --nodes N (mates: cap per problem, default 20M),
--limit K (first K positions of each file), --json FILE (the per-position results),
--jobs N (N engine processes working through the positions side by side; default 1).

Driven by python-chess's engine module (PyPI `chess`); each position starts with `ucinewgame`.
"""

import argparse
import json
import re
import shlex
import statistics
import sys
import threading
import time

import chess
import chess.engine
import chess.pgn


def open_engine(cmd, options):
    eng = chess.engine.SimpleEngine.popen_uci(shlex.split(cmd))
    opts = {}
    for o in options:
        name, _, value = o.partition("=")
        opts[name] = value
    if opts:
        eng.configure(opts)
    return eng


def read_mates(path):
    """(fen, n) for every game with a FEN and a `mate in N` termination."""
    with open(path, encoding="utf-8", errors="replace") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return
            fen = game.headers.get("FEN")
            m = re.search(r"mate in (\d+)", game.headers.get("Termination", ""))
            if fen and m:
                yield fen, int(m.group(1))


def run_jobs(args, tasks, solve):
    """Runs `solve(engine, task)` over `tasks` with `args.jobs` engines, each in its own
    thread; the results come back in the order of `tasks`."""
    results = [None] * len(tasks)
    next_index = iter(range(len(tasks)))
    lock = threading.Lock()
    errors = []

    def worker():
        try:
            eng = open_engine(args.engine, args.option)
        except Exception as e:  # noqa: BLE001 - reported below, the other workers go on
            errors.append(e)
            return
        try:
            while True:
                with lock:
                    i = next(next_index, None)
                if i is None:
                    return
                results[i] = solve(eng, tasks[i])
        except Exception as e:  # noqa: BLE001
            errors.append(e)
        finally:
            eng.quit()

    threads = [threading.Thread(target=worker) for _ in range(max(1, args.jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return results


def solve_mate(eng, task):
    path, fen, n, nodes = task
    board = chess.Board(fen)
    t0 = time.monotonic()
    info = eng.analyse(board, chess.engine.Limit(mate=n, nodes=nodes), game=object())
    secs = time.monotonic() - t0
    score = info.get("score")
    mate = score.relative.mate() if score else None
    pv = info.get("pv", [])
    b = board.copy()
    for mv in pv:
        if mv not in b.legal_moves:
            break
        b.push(mv)
    # "exact": the stated mate; "shorter": a faster mate than the problem states
    # (a cook in the collection); "longer" or "none": not found within the cap.
    kind = ("none" if mate is None or mate <= 0 else "exact" if mate == n
            else "shorter" if mate < n else "longer")
    if kind != "exact":
        print(f"{kind}: mate in {n} {fen}: reported {mate}", file=sys.stderr)
    return {"file": path, "fen": fen, "n": n, "kind": kind, "mate": mate,
            "pv_mates": b.is_checkmate(), "nodes": info.get("nodes", 0),
            "depth": info.get("depth", 0), "seconds": round(secs, 3)}


def run_mates(args):
    tasks = []
    for path in args.files:
        for k, (fen, n) in enumerate(read_mates(path)):
            if args.limit and k >= args.limit:
                break
            tasks.append((path, fen, n, args.nodes))
    results = run_jobs(args, tasks, solve_mate)
    print(f"{'mate in':>7} {'problems':>8} {'exact':>6} {'shorter':>7} {'longer':>6} "
          f"{'none':>5} {'median nodes':>13} {'mean nodes':>11} {'max nodes':>10} {'total s':>8}")
    for n in sorted({r["n"] for r in results}):
        rs = [r for r in results if r["n"] == n]
        count = {k: sum(r["kind"] == k for r in rs) for k in ("exact", "shorter", "longer", "none")}
        nodes = [r["nodes"] for r in rs if r["kind"] == "exact"] or [0]
        print(f"{n:>7} {len(rs):>8} {count['exact']:>6} {count['shorter']:>7} "
              f"{count['longer']:>6} {count['none']:>5} {int(statistics.median(nodes)):>13} "
              f"{int(statistics.mean(nodes)):>11} {max(nodes):>10} "
              f"{sum(r['seconds'] for r in rs):>8.1f}")
    return results


def parse_sts_points(comment):
    """`"f4=10, Be5+=2"` -> {"f4": 10, "Be5+": 2}."""
    points = {}
    for part in comment.split(","):
        san, _, pts = part.strip().rpartition("=")
        if san and pts.strip().isdigit():
            points[san.strip()] = int(pts)
    return points


def san_set(board, text):
    moves = set()
    for tok in text.split():
        try:
            moves.add(board.parse_san(tok))
        except ValueError:
            pass
    return moves


def solve_epd(eng, task):
    path, board, ops, movetime = task
    bm = set(ops.get("bm", []) or [])
    am = set(ops.get("am", []) or [])
    c0 = ops.get("c0")
    points = parse_sts_points(c0) if isinstance(c0, str) and "=" in c0 else {}
    pts_moves = {}
    for san, p in points.items():
        try:
            pts_moves[board.parse_san(san)] = p
        except ValueError:
            pass
    res = eng.play(board, chess.engine.Limit(time=movetime / 1000), game=object(),
                   info=chess.engine.INFO_BASIC)
    mv = res.move
    solved = (not bm or mv in bm) and (not am or mv not in am) and bool(bm or am)
    return {"file": path, "id": ops.get("id"), "move": board.san(mv), "solved": solved,
            "points": pts_moves.get(mv, 0), "max_points": max(pts_moves.values(), default=0)}


def run_epd(args):
    tasks = []
    for path in args.files:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = [l for l in f if l.strip()]
        if args.limit:
            lines = lines[:args.limit]
        for line in lines:
            try:
                board, ops = chess.Board.from_epd(line.strip())
            except ValueError as e:
                print(f"skipped: {e}: {line.strip()}", file=sys.stderr)
                continue
            tasks.append((path, board, ops, args.movetime))
    results = run_jobs(args, tasks, solve_epd)
    for path in args.files:
        rs = [r for r in results if r["file"] == path]
        line = f"{path}: {sum(r['solved'] for r in rs)}/{len(rs)} best moves"
        mx = sum(r["max_points"] for r in rs)
        if mx:
            got = sum(r["points"] for r in rs)
            line += f", points {got}/{mx} ({100 * got / mx:.1f}%)"
        print(line)
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("mode", choices=["mates", "epd"])
    ap.add_argument("engine")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--movetime", type=int, default=1000)
    ap.add_argument("--nodes", type=int, default=20_000_000)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--json")
    ap.add_argument("--jobs", type=int, default=1,
                    help="engine processes working side by side (one position each)")
    args = ap.parse_args()
    results = run_mates(args) if args.mode == "mates" else run_epd(args)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
