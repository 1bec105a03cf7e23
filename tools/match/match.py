#!/usr/bin/env python3
"""UCI engine-vs-engine match runner.

Plays games between two UCI engines, each opening twice with colours
swapped, optionally several games in parallel (one thread per game slot,
each with its own pair of engine processes).  The runner keeps the clocks
itself, adjudicates, writes PGN, and prints W/D/L, Elo, LOS and an SPRT.
See README.md in this directory for usage.
"""

import argparse
import collections
import json
import math
import os
import queue
import re
import signal
import sys
import threading
import time
import traceback
from typing import Dict, List, Optional

import chess.pgn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import stats                                      # noqa: E402
from game import (Config, EngineSpec, FatalMatchError, GameResult, Job,  # noqa: E402
                  Player, engine1_score, parse_tc, play_game)
from openings import load_openings                # noqa: E402
from uci import EngineError                       # noqa: E402

BASE_TOLERANCE = 0.050   # seconds an engine may overrun its clock


# --- the match ---------------------------------------------------------------

class Match:
    def __init__(self, cfg: Config, specs, jobs: List[Job], args,
                 earlier: Optional[List["EarlierGame"]] = None):
        self.cfg = cfg
        self.specs = specs
        self.args = args
        self.total = len(jobs)
        self.earlier = earlier or []
        done = {g.index for g in self.earlier}
        self.jobs: "queue.Queue[Job]" = queue.Queue()
        for job in jobs:
            if job.index not in done:
                self.jobs.put(job)
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.aborted = False
        self.error: Optional[str] = None
        self.results: List[GameResult] = []
        self.wdl = [0, 0, 0]                       # engine 1's view
        # Game pairs (one opening, both colours): engine 1's pair score x2 -> count, and the
        # first game's score of each pair still waiting for its second game.
        self.pairs = [0, 0, 0, 0, 0]
        self.half_pairs: Dict[int, float] = {}
        self.sprt_model = getattr(args, "sprt_model", "pentanomial")
        self.white_draw_black = [0, 0, 0]
        self.terminations: collections.Counter = collections.Counter()
        self.sprt = stats.parse_sprt(args.sprt) if args.sprt else None
        self.llr = 0.0
        self.decision: Optional[str] = None
        mode = "a" if self.earlier else "w"
        self.pgn = open(args.pgn_out, mode, encoding="utf-8") if args.pgn_out else None
        self.workers: List[List[Player]] = []
        for g in self.earlier:
            self.count(g.index, g.score1, g.result, g.termination)
        if self.earlier:
            self.check_sprt()

    def log_fn(self, tag: str):
        if not self.args.debug:
            return None

        def log(line: str) -> None:
            with self.lock:
                print(f"{time.monotonic():.3f} [{tag}] {line}", file=sys.stderr, flush=True)
        return log

    def start_engines(self, slots: int) -> None:
        """Start every worker's engines up front: fail fast, learn names."""
        for w in range(slots):
            pair: List[Player] = []
            self.workers.append(pair)           # so that main can close them
            for i, spec in enumerate(self.specs):
                player = Player(spec, self.log_fn(f"{w}:{i + 1}"))
                pair.append(player)
                try:
                    engine = player.ensure_started()
                except (EngineError, FatalMatchError, ValueError) as exc:
                    raise FatalMatchError(f"engine{i + 1} ({spec.command}): {exc}") from exc
                if not spec.name:
                    spec.name = engine.id_name or os.path.basename(engine.argv[0])
                if w == 0:
                    for warning in engine.warnings:
                        print(f"warning: engine{i + 1}: {warning}", file=sys.stderr)
        first, second = self.specs
        if first.name == second.name:        # self-play: keep the PGN unambiguous
            first.name += " (1)"
            second.name += " (2)"

    def worker(self, players: List[Player]) -> None:
        p1, p2 = players
        try:
            while not self.stop.is_set():
                try:
                    job = self.jobs.get_nowait()
                except queue.Empty:
                    break
                white, black = (p1, p2) if job.engine1_white else (p2, p1)
                self.record(play_game(self.cfg, job, white, black))
        except FatalMatchError as exc:
            self.fail(str(exc))
        except Exception:                          # a bug: stop the match
            self.fail(traceback.format_exc())
        finally:
            for player in players:
                player.close()

    def fail(self, message: str) -> None:
        with self.lock:
            self.error = self.error or message
        self.stop.set()

    def record(self, res: GameResult) -> None:
        with self.lock:
            if self.aborted:
                return
            self.results.append(res)
            self.count(res.job.index, res.score1(), res.result, res.termination)
            w, d, l = self.wdl
            n = w + d + l
            line = (f"[{n}/{self.total}] game {res.job.index + 1}: {res.white} - "
                    f"{res.black} {res.result} ({res.reason}) | "
                    f"W/D/L {w}/{d}/{l} {100 * (w + d / 2) / n:.1f}%")
            if self.sprt:
                self.check_sprt()
                lower, upper = self.sprt.bounds()
                line += f" | LLR {self.llr:.2f} [{lower:.2f}, {upper:.2f}]"
            print(line, flush=True)
            if self.pgn:
                self.pgn.write(res.pgn + "\n\n")
                self.pgn.flush()

    def count(self, index: int, score1: float, result: str, termination: str) -> None:
        self.wdl[0 if score1 == 1 else 1 if score1 == 0.5 else 2] += 1
        # Games 2k and 2k+1 play the same opening (see `jobs` in main).
        first = self.half_pairs.pop(index // 2, None)
        if first is None:
            self.half_pairs[index // 2] = score1
        else:
            self.pairs[round(2 * (first + score1))] += 1
        self.white_draw_black[{"1-0": 0, "1/2-1/2": 1, "0-1": 2}[result]] += 1
        self.terminations[termination] += 1

    def check_sprt(self) -> None:
        """Updates the LLR; a decided SPRT stops the match."""
        if not self.sprt:
            return
        self.llr = self.current_llr()
        state = stats.sprt_state(self.llr, self.sprt)
        if state != "continue" and self.decision is None:
            self.decision = state
            self.stop.set()

    def current_llr(self) -> float:
        """The LLR of the SPRT's model: game pairs (default) or single games."""
        if not self.sprt:
            return 0.0
        if self.sprt_model == "pentanomial":
            return stats.llr_pentanomial(self.pairs, self.sprt)
        return stats.llr(*self.wdl, self.sprt)

    def check_earlier_names(self) -> None:
        """The resumed games must have been played by the same two engines."""
        n1, n2 = self.specs[0].name, self.specs[1].name
        for g in self.earlier:
            expected = (n1, n2) if g.index % 2 == 0 else (n2, n1)
            if (g.white, g.black) != expected:
                raise FatalMatchError(
                    f"--resume: game {g.index + 1} in {self.args.pgn_out} was played by "
                    f"{g.white} - {g.black}, but this match has {expected[0]} - {expected[1]} "
                    "in that game (same engines and names needed)")

    def run(self) -> None:
        threads = [threading.Thread(target=self.worker, args=(pair,), daemon=True)
                   for pair in self.workers]
        for t in threads:
            t.start()
        try:
            while any(t.is_alive() for t in threads):
                for t in threads:
                    t.join(0.2)
        except KeyboardInterrupt:
            print("interrupted: stopping engines", file=sys.stderr)
            with self.lock:
                self.aborted = True
            self.stop.set()
            for pair in self.workers:
                for player in pair:
                    if player.engine:
                        player.engine.kill()
            for t in threads:
                t.join(5.0)
        if self.pgn:
            self.pgn.close()

    def summary(self) -> dict:
        w, d, l = self.wdl
        est = stats.elo_estimate(w, d, l)
        out = {
            "engine1": self.specs[0].name, "engine2": self.specs[1].name,
            "games": w + d + l, "wins": w, "draws": d, "losses": l,
            "score": est.score, "elo": est.elo, "elo_error": est.err,
            "elo_lo": est.lo, "elo_hi": est.hi, "los": est.los,
            "white_draw_black": list(self.white_draw_black),
            "terminations": dict(self.terminations),
            "tc": str(self.cfg.tc) if self.cfg.tc else None,
            "nodes": self.cfg.nodes, "depth": self.cfg.depth,
            "aborted": self.aborted, "error": self.error,
        }
        pe = stats.pair_estimate(self.pairs)
        out["pairs"] = _json_finite({"pentanomial": list(self.pairs), "elo": pe.elo,
                                     "elo_error": pe.err, "elo_lo": pe.lo, "elo_hi": pe.hi,
                                     "los": pe.los})
        if self.sprt:
            lower, upper = self.sprt.bounds()
            out["sprt"] = {"elo0": self.sprt.elo0, "elo1": self.sprt.elo1,
                           "alpha": self.sprt.alpha, "beta": self.sprt.beta,
                           "model": self.sprt_model, "llr": self.current_llr(),
                           "llr_trinomial": stats.llr(w, d, l, self.sprt),
                           "llr_pentanomial": stats.llr_pentanomial(self.pairs, self.sprt),
                           "lower": lower, "upper": upper,
                           "decision": self.decision or "continue"}
        return _json_finite(out)

    def print_summary(self) -> None:
        w, d, l = self.wdl
        n = w + d + l
        est = stats.elo_estimate(w, d, l)
        n1, n2 = self.specs[0].name, self.specs[1].name
        limits = []
        if self.cfg.tc:
            limits.append(f"tc {self.cfg.tc}")
        if self.cfg.nodes:
            limits.append(f"nodes {self.cfg.nodes}")
        if self.cfg.depth:
            limits.append(f"depth {self.cfg.depth}")
        print(f"\n=== {n1} vs {n2}: {n} games, {', '.join(limits)} ===")
        if n:
            print(f"W/D/L ({n1}): {w}/{d}/{l}   score {100 * est.score:.1f}%")
            print(f"Elo difference: {stats.fmt_elo(est.elo)} +/- {est.err:.1f} "
                  f"(95% CI {stats.fmt_elo(est.lo)} .. {stats.fmt_elo(est.hi)})")
            print(f"LOS: {100 * est.los:.1f}%")
            if sum(self.pairs):
                pe = stats.pair_estimate(self.pairs)
                print(f"Pairs (pentanomial 0, 1/2, 1, 3/2, 2): "
                      f"{'/'.join(map(str, self.pairs))}   Elo {stats.fmt_elo(pe.elo)} "
                      f"+/- {pe.err:.1f}, LOS {100 * pe.los:.1f}%")
            print("White/Draw/Black: {}/{}/{}".format(*self.white_draw_black))
            print("Terminations: " + ", ".join(
                f"{k} {v}" for k, v in sorted(self.terminations.items())))
        if self.sprt:
            lower, upper = self.sprt.bounds()
            llr = self.current_llr()
            verdict = {"H1": "H1 accepted", "H0": "H0 accepted"}.get(
                self.decision, "no decision")
            p = self.sprt
            print(f"SPRT (GSPRT, logistic Elo, {self.sprt_model}): elo0={p.elo0:g} "
                  f"elo1={p.elo1:g} alpha={p.alpha:g} beta={p.beta:g}: "
                  f"LLR {llr:.2f} [{lower:.2f}, {upper:.2f}] - {verdict}")
        if self.aborted:
            print("match interrupted; unfinished games are not counted")
        if self.error:
            print(f"match stopped by an error:\n{self.error}", file=sys.stderr)
        sys.stdout.flush()


def _json_finite(d: dict) -> dict:
    """`d` with its infinite floats as None (JSON has no infinities)."""
    return {k: (None if isinstance(v, float) and not math.isfinite(v) else v)
            for k, v in d.items()}


# --- resuming ----------------------------------------------------------------

class EarlierGame:
    """A finished game of an earlier run of the same match, read back from its PGN."""

    def __init__(self, index: int, white: str, black: str, result: str, termination: str):
        self.index = index
        self.white, self.black = white, black
        self.result = result
        self.termination = termination
        # Engine 1 has White in the even-numbered games (see `jobs` in main).
        self.score1 = engine1_score(result, index % 2 == 0)


def read_earlier(path: str, games: int, tc: str) -> List[EarlierGame]:
    """The finished games in `path` (a PGN written by this runner), checked against this
    match: Round within --games and not repeated, a decisive or drawn result, the same
    time control. A missing file means nothing was played yet."""
    if not os.path.exists(path):
        return []
    out: List[EarlierGame] = []
    seen = set()
    with open(path, encoding="utf-8", errors="replace") as fh:
        number = 0
        while True:
            headers = chess.pgn.read_headers(fh)
            if headers is None:
                break
            number += 1
            where = f"{path}, game {number}"
            try:
                index = int(headers.get("Round", "")) - 1
            except ValueError:
                raise ValueError(f"{where}: no numeric Round tag (not written by match.py?)")
            if not 0 <= index < games:
                raise ValueError(f"{where}: Round {index + 1} is beyond --games {games}")
            if index in seen:
                raise ValueError(f"{where}: Round {index + 1} appears twice")
            result = headers.get("Result", "*")
            if result not in ("1-0", "0-1", "1/2-1/2"):
                raise ValueError(f"{where}: unfinished game (Result {result}); remove it "
                                 "and resume again")
            if headers.get("TimeControl", "-") != tc:
                raise ValueError(f"{where}: TimeControl {headers.get('TimeControl')} "
                                 f"differs from this match's {tc}")
            seen.add(index)
            out.append(EarlierGame(index, headers.get("White", "?"), headers.get("Black", "?"),
                                   result, headers.get("Termination", "unknown")))
    return out


# --- command line ------------------------------------------------------------

def parse_options(items: List[str]) -> Dict[str, str]:
    options = {}
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"option must be NAME=VALUE: '{item}'")
        options[name.strip()] = value.strip()
    return options


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        description="Play a match between two UCI engines.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    for i in (1, 2):
        ap.add_argument(f"--engine{i}", required=True, metavar="CMD",
                        help=f"command line of engine {i}")
        ap.add_argument(f"--option{i}", action="append", default=[], metavar="NAME=VALUE",
                        help=f"UCI option for engine {i} (repeatable)")
        ap.add_argument(f"--name{i}", help=f"name of engine {i} (default: its id name)")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="UCI option for both engines (repeatable)")
    ap.add_argument("--tc", help="time control: BASE[+INC] in seconds, e.g. 10+0.1")
    ap.add_argument("--nodes", type=int, help="node limit per move")
    ap.add_argument("--depth", type=int, help="depth limit per move")
    ap.add_argument("--timemargin", type=int, default=0, metavar="MS",
                    help="extra milliseconds allowed beyond the clock (on top of 50 ms)")
    ap.add_argument("--hang-timeout", type=float, default=60.0, metavar="S",
                    help="seconds without a move before a search without a clock is abandoned")
    ap.add_argument("--games", type=int, default=2, help="number of games")
    ap.add_argument("--concurrency", type=int, default=1, help="games played in parallel")
    ap.add_argument("--openings", metavar="FILE", help=".epd or .pgn opening file")
    ap.add_argument("--seed", type=int, help="shuffle the openings with this seed")
    ap.add_argument("--chess960", action="store_true",
                    help="Chess960 (sets UCI_Chess960=true on both engines)")
    ap.add_argument("--pgn-out", metavar="FILE",
                    help="write all games as PGN (default: a new file under "
                         "$XDG_DATA_HOME/vidle/matches/, outside the repository)")
    ap.add_argument("--no-pgn", action="store_true", help="keep no PGN of the games")
    ap.add_argument("--json-out", metavar="FILE", help="write the summary as JSON")
    ap.add_argument("--resume", action="store_true",
                    help="continue the match whose games are in --pgn-out: count them, play "
                         "only the games (by Round) not yet there, append to the file; give "
                         "the same engines, --games, --openings, --seed and limits as before")
    ap.add_argument("--event", default="UCI match", help="PGN Event tag")
    ap.add_argument("--resign-score", type=int, metavar="CP",
                    help="adjudicate a win when both engines agree on a score >= CP")
    ap.add_argument("--resign-moves", type=int, default=4,
                    help="...for this many consecutive moves of each side")
    ap.add_argument("--draw-score", type=int, metavar="CP",
                    help="adjudicate a draw when both engines report |score| <= CP")
    ap.add_argument("--draw-moves", type=int, default=8,
                    help="...for this many consecutive moves of each side")
    ap.add_argument("--draw-after", type=int, default=40,
                    help="...from this (full) move number on")
    ap.add_argument("--sprt", metavar="SPEC",
                    help="e.g. elo0=0,elo1=5,alpha=0.05,beta=0.05; stop when decided")
    ap.add_argument("--sprt-model", choices=("pentanomial", "trinomial"),
                    default="pentanomial",
                    help="the SPRT's samples: game pairs (one opening, both colours) or games")
    ap.add_argument("--debug", action="store_true", help="log UCI traffic to stderr")
    return ap


def data_dir() -> str:
    """Vidle's data directory: $XDG_DATA_HOME/vidle, else ~/.local/share/vidle."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "vidle")


def default_record_path(specs) -> str:
    """A fresh PGN path under the data directory's matches/ folder: measurement records stay
    out of the repository (docs/ keeps only the table row)."""
    folder = os.path.join(data_dir(), "matches")
    os.makedirs(folder, exist_ok=True)
    names = "-vs-".join(re.sub(r"[^A-Za-z0-9_.+-]", "_", s.name or os.path.basename(s.command))
                        for s in specs)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    return os.path.join(folder, f"{stamp}-{names}-{os.getpid()}.pgn")


def main(argv: Optional[List[str]] = None) -> int:
    ap = build_parser()
    args = ap.parse_args(argv)
    try:
        tc = parse_tc(args.tc) if args.tc else None
        opts = parse_options(args.option)
        specs = []
        for i in (1, 2):
            options = dict(opts)
            if args.chess960:
                options["UCI_Chess960"] = "true"
            options.update(parse_options(getattr(args, f"option{i}")))
            specs.append(EngineSpec(getattr(args, f"engine{i}"), options,
                                    getattr(args, f"name{i}") or ""))
        if args.sprt:
            stats.parse_sprt(args.sprt)
    except ValueError as exc:
        ap.error(str(exc))
    if not (tc or args.nodes or args.depth):
        ap.error("give --tc, --nodes or --depth")
    if args.games < 1 or args.concurrency < 1:
        ap.error("--games and --concurrency must be positive")
    if args.resume and not args.pgn_out:
        ap.error("--resume needs --pgn-out (the file it continues)")
    if not args.pgn_out and not args.no_pgn:
        args.pgn_out = default_record_path(specs)
        print(f"games: {args.pgn_out}", flush=True)

    cfg = Config(tc=tc, nodes=args.nodes, depth=args.depth,
                 tolerance=BASE_TOLERANCE + args.timemargin / 1000.0,
                 hang_timeout=args.hang_timeout,
                 resign_score=args.resign_score, resign_moves=max(1, args.resign_moves),
                 draw_score=args.draw_score, draw_moves=max(1, args.draw_moves),
                 draw_after=args.draw_after, event=args.event, chess960=args.chess960)
    try:
        openings = load_openings(args.openings, (args.games + 1) // 2, args.seed,
                                 args.chess960)
    except (OSError, ValueError) as exc:
        print(f"error: openings: {exc}", file=sys.stderr)
        return 2
    # Game 2k and 2k+1 share an opening; engine 1 has White in the even one.
    jobs = [Job(i, openings[i // 2], i % 2 == 0) for i in range(args.games)]
    earlier: List[EarlierGame] = []
    if args.resume:
        try:
            earlier = read_earlier(args.pgn_out, args.games, str(tc) if tc else "-")
        except (OSError, ValueError) as exc:
            print(f"error: --resume: {exc}", file=sys.stderr)
            return 2
        if earlier:
            print(f"resuming: {len(earlier)} games already in {args.pgn_out}", flush=True)

    # SIGTERM (e.g. from `timeout`) stops the match like Ctrl-C; SIGINT is
    # set explicitly since a non-interactive parent shell may ignore it.
    def interrupt(signum, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGINT, interrupt)
    signal.signal(signal.SIGTERM, interrupt)

    match = Match(cfg, specs, jobs, args, earlier)
    try:
        match.start_engines(min(args.concurrency, max(1, match.jobs.qsize())))
        match.check_earlier_names()
    except (FatalMatchError, KeyboardInterrupt) as exc:
        interrupted = isinstance(exc, KeyboardInterrupt)
        print("interrupted" if interrupted else f"error: {exc}", file=sys.stderr)
        for pair in match.workers:
            for player in pair:
                player.close()
        return 130 if interrupted else 2
    started = time.monotonic()
    match.run()
    match.print_summary()
    print(f"({time.monotonic() - started:.1f} s)")
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as fh:
            json.dump(match.summary(), fh, indent=2)
            fh.write("\n")
    if match.error:
        return 1
    return 130 if match.aborted else 0


if __name__ == "__main__":
    sys.exit(main())
