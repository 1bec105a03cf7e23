#!/usr/bin/env python3
"""SPSA tuning of Vidle's search parameters by self-play.

Simultaneous perturbation stochastic approximation, as Fishtest runs it: every
iteration perturbs all tuned parameters at once by +c_k or -c_k (a random sign
each), plays one game pair (one opening, both colours) between the "plus" and
the "minus" engine, and moves every parameter along its sign by the pair's
result:

    theta_i += a_k / c_k,i * (wins(plus) - wins(minus)) * sign_i

with c_k = c_end * N^gamma / k^gamma and a_k = r_end * c_end^2 * (A + N)^alpha
/ (A + k)^alpha (gamma 0.101, alpha 0.602, A = N / 10), so that the steps
shrink towards `c_end` and the learning rate towards `r_end` at iteration N.
The engine takes the parameters as hidden UCI options (`setoption name
rfp_margin value 90`; the UCI command `params` lists them with their values).
Several pairs run at once (`--concurrency` games), each result updates the
shared state as it arrives (asynchronous, like Fishtest's workers).

The tuned parameters come from a spec file, one per line:

    name  min  max  c_end  [start]

`start` defaults to the engine's own value.  State is written to
`OUT/state.json` after every pair (`--resume` goes on from it), one line per
pair to `OUT/log.csv`, the games to `OUT/games.pgn`.
"""

import argparse
import csv
import json
import math
import os
import random
import sys
import threading
import time
from typing import Dict, List

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from game import (Config, EngineSpec, FatalMatchError, Job, Player,  # noqa: E402
                  parse_tc, play_game)
from match import BASE_TOLERANCE, parse_options  # noqa: E402
from openings import load_openings  # noqa: E402
from uci import EngineError, UciEngine  # noqa: E402

ALPHA = 0.602
GAMMA = 0.101


class Param:
    def __init__(self, name: str, lo: float, hi: float, c_end: float, start: float):
        if not lo <= start <= hi or lo >= hi or c_end <= 0:
            raise ValueError(f"{name}: need min < max, min <= start <= max, c_end > 0")
        self.name, self.lo, self.hi, self.c_end, self.value = name, lo, hi, c_end, start

    def clip(self, v: float) -> float:
        return min(self.hi, max(self.lo, v))


def engine_params(command: str) -> Dict[str, int]:
    """The engine's own parameter values, from its `params` command."""
    eng = UciEngine(command)
    eng.start()
    eng.send("params")
    eng.send("isready")
    values: Dict[str, int] = {}
    deadline = time.monotonic() + 10
    while True:
        _, line = eng._read(deadline)
        words = line.split()
        if words[:3] == ["info", "string", "param"] and len(words) == 5:
            values[words[3]] = int(words[4])
        elif line.strip() == "readyok":
            break
    eng.close()
    return values


def read_spec(path: str, defaults: Dict[str, int]) -> List[Param]:
    params = []
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            if len(words) not in (4, 5):
                raise ValueError(f"{path}:{n}: expected 'name min max c_end [start]'")
            name = words[0]
            if name not in defaults:
                raise ValueError(f"{path}:{n}: the engine has no parameter '{name}'")
            lo, hi, c_end = (float(w) for w in words[1:4])
            start = float(words[4]) if len(words) == 5 else float(defaults[name])
            params.append(Param(name, lo, hi, c_end, start))
    if not params:
        raise ValueError(f"{path}: no parameters")
    return params


class Spsa:
    def __init__(self, args, params: List[Param], openings, cfg: Config):
        self.args, self.params, self.openings, self.cfg = args, params, openings, cfg
        self.lock = threading.Lock()
        self.k = 0                      # pairs started
        self.done = 0                   # pairs finished
        self.score = [0, 0, 0]          # plus wins, draws, minus wins (games)
        self.stop = threading.Event()
        self.error = None
        self.rng = random.Random(args.seed)
        n = args.iterations
        self.big_a = 0.1 * n
        self.c0 = {p.name: p.c_end * n ** GAMMA for p in params}
        self.a0 = {p.name: args.r_end * p.c_end ** 2 * (self.big_a + n) ** ALPHA for p in params}

    # -- state ----------------------------------------------------------------

    def state(self) -> dict:
        return {"iterations": self.args.iterations, "done": self.done, "score": self.score,
                "params": {p.name: p.value for p in self.params}}

    def load(self, path: str) -> None:
        with open(path, encoding="utf-8") as fh:
            st = json.load(fh)
        for p in self.params:
            if p.name in st["params"]:
                p.value = st["params"][p.name]
        self.k = self.done = st["done"]
        self.score = st["score"]

    def save(self) -> None:
        tmp = os.path.join(self.args.out, "state.json.tmp")
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(self.state(), fh, indent=1)
        os.replace(tmp, os.path.join(self.args.out, "state.json"))

    # -- one pair ---------------------------------------------------------------

    def next_pair(self):
        """Perturbed values for the next pair, or None when all have started."""
        with self.lock:
            if self.k >= self.args.iterations or self.stop.is_set():
                return None
            k = self.k + 1
            self.k = k
            signs = {p.name: self.rng.choice((-1, 1)) for p in self.params}
            ck = {p.name: self.c0[p.name] / k ** GAMMA for p in self.params}
            plus = {p.name: p.clip(p.value + ck[p.name] * signs[p.name]) for p in self.params}
            minus = {p.name: p.clip(p.value - ck[p.name] * signs[p.name]) for p in self.params}
            opening = self.openings[(k - 1) % len(self.openings)]
            return k, signs, ck, plus, minus, opening

    def update(self, k, signs, ck, result: int, wdl, row) -> None:
        with self.lock:
            for p in self.params:
                ak = self.a0[p.name] / (self.big_a + k) ** ALPHA
                p.value = p.clip(p.value + ak / ck[p.name] * result * signs[p.name])
            self.done += 1
            for i in range(3):
                self.score[i] += wdl[i]
            self.save()
            with open(os.path.join(self.args.out, "log.csv"), "a", newline="") as fh:
                csv.writer(fh).writerow(
                    [k, result] + [round(p.value, 2) for p in self.params] + row)
            if self.done % 10 == 0 or self.done == self.args.iterations:
                w, d, l_ = self.score
                vals = " ".join(f"{p.name}={p.value:.1f}" for p in self.params)
                print(f"pair {self.done}/{self.args.iterations} plus-minus {w}/{d}/{l_} {vals}",
                      flush=True)

    def play_pair(self, k: int, plus, minus, opening):
        """Two games, plus with White first: (plus wins, draws, minus wins), PGNs."""
        specs = []
        for tag, vals in (("plus", plus), ("minus", minus)):
            opts = dict(self.args.base_options)
            opts.update({n: str(round(v)) for n, v in vals.items()})
            specs.append(EngineSpec(self.args.engine, opts, f"Vidle-{tag}"))
        players = [Player(s) for s in specs]
        wdl = [0, 0, 0]
        pgns = []
        try:
            for g in range(2):
                plus_white = g == 0
                white, black = (players[0], players[1]) if plus_white else (
                    players[1], players[0])
                res = play_game(self.cfg, Job(2 * k + g, opening, plus_white), white, black)
                s = res.score1()
                wdl[0 if s == 1 else 1 if s == 0.5 else 2] += 1
                pgns.append(res.pgn)
        finally:
            for pl in players:
                pl.close()
        return wdl, pgns

    def worker(self, slot: int) -> None:
        try:
            while not self.stop.is_set():
                job = self.next_pair()
                if job is None:
                    return
                k, signs, ck, plus, minus, opening = job
                wdl, pgns = self.play_pair(k, plus, minus, opening)
                with self.lock:
                    with open(os.path.join(self.args.out, "games.pgn"), "a",
                              encoding="utf-8") as fh:
                        fh.write("".join(p.rstrip() + "\n\n" for p in pgns))
                self.update(k, signs, ck, wdl[0] - wdl[2], wdl,
                            [round(plus[p.name]) for p in self.params]
                            + [round(minus[p.name]) for p in self.params])
        except (FatalMatchError, EngineError) as exc:
            self.error = f"slot {slot}: {exc}"
            self.stop.set()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", required=True, help="engine command (Vidle)")
    ap.add_argument("--spec", required=True, help="parameter file: name min max c_end [start]")
    ap.add_argument("--iterations", type=int, required=True, help="game pairs in all (N)")
    ap.add_argument("--r-end", type=float, default=0.002, help="learning rate at the end")
    ap.add_argument("--tc", default="1+0.01", help="time control, seconds+increment")
    ap.add_argument("--nodes", type=int, help="fixed nodes a move instead of a clock")
    ap.add_argument("--concurrency", type=int, default=2, help="games at a time")
    ap.add_argument("--openings", required=True, help="EPD or PGN file of openings")
    ap.add_argument("--seed", type=int, default=1, help="opening order and signs")
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE for both")
    ap.add_argument("--out", required=True, help="directory for state, log and games")
    ap.add_argument("--resume", action="store_true", help="go on from OUT/state.json")
    args = ap.parse_args(argv)
    try:
        args.base_options = parse_options(args.option)
        defaults = engine_params(args.engine)
        params = read_spec(args.spec, defaults)
        openings = load_openings(args.openings, args.iterations, args.seed)
    except (OSError, ValueError, EngineError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    tc = None if args.nodes else parse_tc(args.tc)
    # A tenth of a second more than a match allows: the fast clocks tuned here.
    cfg = Config(tc=tc, nodes=args.nodes, depth=None, tolerance=BASE_TOLERANCE + 0.1,
                 hang_timeout=30.0, resign_score=1000, resign_moves=4, draw_score=10,
                 draw_moves=8, draw_after=40, event="spsa", chess960=False)
    os.makedirs(args.out, exist_ok=True)
    spsa = Spsa(args, params, openings, cfg)
    state = os.path.join(args.out, "state.json")
    if args.resume and os.path.exists(state):
        spsa.load(state)
        # The sign stream goes on differently, which SPSA does not mind.
        spsa.rng = random.Random(args.seed * 1_000_003 + spsa.done)
        print(f"resuming after {spsa.done} pairs", flush=True)
    elif not os.path.exists(os.path.join(args.out, "log.csv")):
        with open(os.path.join(args.out, "log.csv"), "w", newline="") as fh:
            csv.writer(fh).writerow(["pair", "result"] + [p.name for p in params]
                                    + [f"{p.name}+" for p in params]
                                    + [f"{p.name}-" for p in params])
    # Each slot plays its pair's two games one after the other: `concurrency` pairs in flight.
    slots = max(1, args.concurrency)
    threads = [threading.Thread(target=spsa.worker, args=(i,), daemon=True) for i in range(slots)]
    for t in threads:
        t.start()
    try:
        while any(t.is_alive() for t in threads):
            time.sleep(0.5)
    except KeyboardInterrupt:
        spsa.stop.set()
        print("stopping after the pairs in flight", file=sys.stderr)
        for t in threads:
            t.join()
    if spsa.error:
        print(f"error: {spsa.error}", file=sys.stderr)
        return 1
    print("final: " + " ".join(f"{p.name} {round(p.value)}" for p in params))
    return 0


if __name__ == "__main__":
    sys.exit(main())
