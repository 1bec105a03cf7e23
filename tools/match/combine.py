#!/usr/bin/env python3
"""Adds up match results (the --json-out summaries of match.py) per opponent.

A gauntlet played in rounds (gauntlet.sh -R) leaves one JSON file per
opponent and round: DIR/r1/glaurung.json, DIR/r2/glaurung.json, ...  This
script finds every *.json under the given paths, groups them by file name
(the opponent), sums wins, draws, losses, game pairs (the pentanomial
counts: one opening played with both colours, scored 0, 1/2, 1, 3/2, 2)
and terminations, and prints one line per opponent with the Elo estimate,
its 95% error and the LOS, the pair counts with their Elo and error, and,
from the PGN files beside the JSON ones, the mean game length.  A summary
without pair counts (written before match.py counted them) adds nothing to
them, and the line says how many games its pairs cover.

    python3 tools/match/combine.py tools/match/results/g10
    python3 tools/match/combine.py --markdown DIR1 DIR2
"""

import argparse
import collections
import json
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stats  # noqa: E402


def find_json(paths):
    for root in paths:
        if os.path.isfile(root):
            yield root
            continue
        for dirpath, dirs, files in os.walk(root):
            dirs.sort()   # r1, r2, ... in order, so opponents are listed as first met
            for name in sorted(files):
                if name.endswith(".json"):
                    yield os.path.join(dirpath, name)


def pgn_plies(path):
    """The PlyCount header of each game in a PGN file written by match.py
    (opening moves included); [] when the file is missing."""
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8", errors="replace") as fh:
        return [int(m) for m in re.findall(r'^\[PlyCount "(\d+)"\]', fh.read(), re.M)]


def fmt_err(err, digits):
    """An Elo error to `digits` decimals ("inf" when there is no finite bound)."""
    return f"{err:.{digits}f}" if math.isfinite(err) else "inf"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+", help="result directories or JSON files")
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = ap.parse_args(argv)

    total = collections.OrderedDict()
    for path in find_json(args.paths):
        try:
            with open(path, encoding="utf-8") as fh:
                s = json.load(fh)
            w, d, l = int(s["wins"]), int(s["draws"]), int(s["losses"])
        except (OSError, ValueError, KeyError, TypeError) as e:
            print(f"warning: skipping {path}: {e}", file=sys.stderr)
            continue
        opp = os.path.splitext(os.path.basename(path))[0]
        t = total.setdefault(opp, {"w": 0, "d": 0, "l": 0, "plies": [], "pairs": [0] * 5,
                                   "terms": collections.Counter(), "tc": set()})
        pent = (s.get("pairs") or {}).get("pentanomial")
        if isinstance(pent, list) and len(pent) == 5:
            try:
                t["pairs"] = [a + int(b) for a, b in zip(t["pairs"], pent)]
            except (ValueError, TypeError) as e:
                print(f"warning: {path}: pair counts ignored: {e}", file=sys.stderr)
        t["w"] += w
        t["d"] += d
        t["l"] += l
        t["terms"].update(s.get("terminations") or {})
        if s.get("tc"):
            t["tc"].add(s["tc"])
        t["plies"] += pgn_plies(os.path.splitext(path)[0] + ".pgn")

    if not total:
        print("no results found", file=sys.stderr)
        return 1

    if args.markdown:
        print("| opponent | games | W/D/L | score | Elo | LOS | pairs 0/½/1/1½/2 | pair Elo |")
        print("|---|---:|---|---:|---:|---:|---|---:|")
    else:
        print(f"{'opponent':<12} {'games':>6} {'W/D/L':>13} {'score':>7} "
              f"{'elo':>8} {'+/-':>6} {'LOS':>6} {'plies':>6}  tc")
    for opp, t in total.items():
        est = stats.elo_estimate(t["w"], t["d"], t["l"])
        wdl = f"{t['w']}/{t['d']}/{t['l']}"
        elo = stats.fmt_elo(est.elo)
        err = fmt_err(est.err, 0)
        los = f"{100 * est.los:.1f}%"
        plies = (f"{sum(t['plies']) / len(t['plies']):.0f}" if t["plies"] else "-")
        pairs, pair_elo = "-", "-"
        if sum(t["pairs"]):
            pe = stats.pair_estimate(t["pairs"])
            pairs = "/".join(map(str, t["pairs"]))
            pair_elo = f"{stats.fmt_elo(pe.elo)} ± {fmt_err(pe.err, 1)}"
            paired_games = 2 * sum(t["pairs"])
            if paired_games != est.games:
                pairs += f" ({paired_games} games)"
        if args.markdown:
            print(f"| {opp} | {est.games} | {wdl} | {100 * est.score:.1f}% | {elo} ± {err} | {los} "
                  f"| {pairs} | {pair_elo} |")
        else:
            print(f"{opp:<12} {est.games:>6} {wdl:>13} {100 * est.score:>6.1f}% "
                  f"{elo:>8} {err:>6} {los:>6} {plies:>6}  {','.join(sorted(t['tc'])) or '-'}")
            if pairs != "-":
                print(f"{'':<12} pairs {pairs}, Elo {pair_elo}")
    if not args.markdown:
        terms = collections.Counter()
        for t in total.values():
            terms.update(t["terms"])
        print("terminations: " + ", ".join(f"{k} {v}" for k, v in terms.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
