#!/usr/bin/env python3
"""A fake UCI engine for testing the match runner: plays random legal moves
and can be told to misbehave.

  --score CP         report 'info depth 1 score cp CP' (own view) each move
  --crash-after N    exit without answering the N-th `go` of this process
  --sleep-after N    from the N-th `go` on, sleep --sleep seconds first
  --sleep S          (default 1.0)
  --ignore-stop      while sleeping, ignore `stop` (forces the runner to kill)
  --illegal-after N  answer the N-th `go` with an illegal move
  --fail-start       exit before answering `uci`
  --max-starts N     with --state-file F: count starts in F and behave like
                     --fail-start from start N+1 on (tests restart failures)
  --seed S           random seed (default: from the pid)
"""

import argparse
import os
import random
import sys
import threading
import time

import chess


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", default="FakeEngine")
    ap.add_argument("--score", type=int)
    ap.add_argument("--crash-after", type=int)
    ap.add_argument("--sleep-after", type=int)
    ap.add_argument("--sleep", type=float, default=1.0)
    ap.add_argument("--ignore-stop", action="store_true")
    ap.add_argument("--illegal-after", type=int)
    ap.add_argument("--fail-start", action="store_true")
    ap.add_argument("--max-starts", type=int)
    ap.add_argument("--state-file")
    ap.add_argument("--seed", type=int)
    # Tuning parameters (NAME=VALUE,...): listed by the `params` command, set by setoption.
    ap.add_argument("--params", default="")
    args = ap.parse_args()
    if args.max_starts is not None and args.state_file:
        try:
            with open(args.state_file) as fh:
                starts = int(fh.read() or 0)
        except FileNotFoundError:
            starts = 0
        with open(args.state_file, "w") as fh:
            fh.write(str(starts + 1))
        args.fail_start = args.fail_start or starts >= args.max_starts
    if args.fail_start:
        sys.exit(3)
    rng = random.Random(args.seed if args.seed is not None else os.getpid())

    out_lock = threading.Lock()

    def send(line: str) -> None:
        with out_lock:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()

    board = chess.Board()
    root, played = None, []     # cache so long games replay incrementally
    chess960 = False
    gos = 0
    stop_event = threading.Event()

    def set_position(tokens) -> None:
        nonlocal board, root, played
        if "moves" in tokens:
            idx = tokens.index("moves")
            spec, moves = tokens[:idx], tokens[idx + 1:]
        else:
            spec, moves = tokens, []
        if spec != root or moves[:len(played)] != played:
            root, played = spec, []
            if spec[0] == "startpos":
                board = chess.Board(chess960=chess960)
            else:
                board = chess.Board(" ".join(spec[1:]), chess960=chess960)
        for uci in moves[len(played):]:
            board.push(board.parse_uci(uci))
        played = list(moves)

    def think(n: int) -> None:
        stop_event.clear()
        if args.sleep_after is not None and n >= args.sleep_after:
            deadline = time.monotonic() + args.sleep
            while time.monotonic() < deadline:
                if stop_event.is_set() and not args.ignore_stop:
                    break
                time.sleep(0.01)
        moves = list(board.legal_moves)
        if args.illegal_after is not None and n == args.illegal_after:
            best = "a1a1"
        elif moves:
            best = board.uci(rng.choice(moves))
        else:
            best = "0000"
        if args.score is not None:
            send(f"info depth 1 score cp {args.score} nodes 1 pv {best}")
        send(f"bestmove {best}")

    worker = None
    for raw in sys.stdin:
        tokens = raw.split()
        if not tokens:
            continue
        cmd = tokens[0]
        if cmd == "uci":
            send(f"id name {args.name}")
            send("id author test")
            send("option name Hash type spin default 16 min 1 max 1024")
            send("option name OwnBook type check default false")
            send("option name UCI_Chess960 type check default false")
            send("uciok")
        elif cmd == "setoption":
            text = " ".join(tokens[1:])
            if text.lower().startswith("name uci_chess960 value"):
                chess960 = tokens[-1].lower() == "true"
        elif cmd == "params":
            for item in filter(None, args.params.split(",")):
                name, value = item.split("=")
                send(f"info string param {name} {value}")
        elif cmd == "isready":
            send("readyok")
        elif cmd == "position":
            set_position(tokens[1:])
        elif cmd == "go":
            gos += 1
            if args.crash_after is not None and gos >= args.crash_after:
                os._exit(1)
            worker = threading.Thread(target=think, args=(gos,), daemon=True)
            worker.start()
        elif cmd == "stop":
            stop_event.set()
            if worker is not None and not args.ignore_stop:
                worker.join()
        elif cmd == "quit":
            break


if __name__ == "__main__":
    main()
