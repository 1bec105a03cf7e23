#!/usr/bin/env python3
"""Reads the log of a full 5-piece run as it goes and says where it stands: the time of the tables
made so far against the same tables in earlier runs, and when the run would end at that pace.

    vidle tb gen --dir DIR --max-pieces 5 --max-memory 12 --quiet --timings > gen.log
    python3 tools/tb/run_projection.py gen.log START [--budget HOURS] [--tsv]

START: when the run started (UTC `HH:MM:SS` of today, or seconds since the epoch). The reference
runs are the TSV files beside this script: `five-piece-run.tsv` (2026-11-22, every table, resumed
segments) and `2026-12-02-five-piece-run-complete.tsv` (105 tables, one run, build 307d08b, the
third session of 2026-12-02; before 2026-12-03 the first run of that day, 66 tables, build 39bb336).

The projection assumes the tables left keep the ratio measured so far against 2026-11-22: the
pawnless tables' ratio for the pawnless ones left, the pawn tables' ratio (or, before any pawn
table, the pawnless one) for the pawn tables left. Pawn tables ran at 0.52-0.78 of their 2026-11-22
time on 2026-12-02 against 0.63 for the pawnless ones, so the first figure is rough until a few
pawn tables are in. With `--budget`, says whether the run ends within that many hours of START.

`--tsv` prints instead one row per 5-piece table (the columns of 2026-12-02-five-piece-run.tsv
with `seconds_2026_12_02` added), for the record of a finished run.
"""
import argparse
import datetime
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# One line per table as `vidle tb gen` prints it, then (with --timings) an indented phase line.
TABLE = re.compile(
    r"^(\S+)\s+([\d.]+) s\s+(\d+) positions\s+DTM\s+(\d+) B\s+DTZ\s+(\d+) B\s+"
    r"full DTM copy\s+(\d+) B\s+work\s+([\d.]+) MiB\s+peak RSS\s+([\d.]+) MiB(.*)$"
)


def reference(name, table_column, seconds_column):
    """Seconds per table of an earlier run's TSV (comment lines and the header skipped)."""
    out = {}
    with open(os.path.join(HERE, name)) as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if line.startswith("#") or len(fields) <= seconds_column:
                continue
            try:
                out[fields[table_column]] = float(fields[seconds_column])
            except ValueError:
                pass  # the header
    return out


def phase(line, name):
    m = re.search(r"(?:^|, )" + re.escape(name) + r" ([\d.]+) s", line.strip())
    return float(m.group(1)) if m else 0.0


def pieces(table):
    return sum(c.isalpha() and c != "v" for c in table)


def parse(log):
    """Every table of the log: (name, seconds, fields of the 5-piece ones or None)."""
    lines = open(log).read().split("\n")
    out = []
    for i, line in enumerate(lines):
        m = TABLE.match(line)
        if not m:
            continue
        name, seconds = m.group(1), float(m.group(2))
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        row = None
        if pieces(name) == 5:
            positions = int(m.group(3))
            row = {
                "positions": positions,
                "dtm": int(m.group(4)),
                "dtz": int(m.group(5)),
                "full": int(m.group(6)),
                "work": float(m.group(7)),
                "peak": float(m.group(8)),
                "one": "yes" if "then" in m.group(9) else "no",
                "us": seconds * 1e6 / positions,
                "forward": phase(nxt, "forward"),
                "retro_dtm": phase(nxt, "retrograde DTM"),
                "retro_dtz": phase(nxt, "retrograde DTZ"),
                "write": sum(
                    phase(nxt, p) for p in ("write DTM", "write full DTM copy", "write DTZ")
                ),
            }
        out.append((name, seconds, row))
    return out


def start_epoch(text):
    if re.fullmatch(r"\d+", text):
        return int(text)
    h, m, s = (int(x) for x in text.split(":"))
    today = datetime.datetime.now(datetime.timezone.utc).replace(
        hour=h, minute=m, second=s, microsecond=0
    )
    return int(today.timestamp())


def clock(epoch):
    return datetime.datetime.fromtimestamp(epoch, datetime.timezone.utc).strftime("%H:%M:%S")


def main(argv):
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("log")
    parser.add_argument("start")
    parser.add_argument("--budget", type=float, metavar="HOURS")
    parser.add_argument("--tsv", action="store_true")
    opts = parser.parse_args(argv)
    log, start, budget = opts.log, start_epoch(opts.start), opts.budget
    first = reference("five-piece-run.tsv", 1, 2)
    last = reference("2026-12-02-five-piece-run-complete.tsv", 0, 1)
    tables = parse(log)
    elapsed = sum(s for _, s, _ in tables)
    five = [(n, s, r) for n, s, r in tables if r is not None]

    if opts.tsv:
        print(
            "table\tseconds\tpositions\tdtm_bytes\tdtz_bytes\tfull_dtm_copy_bytes\twork_mib\t"
            "peak_rss_mib\tone_metric\tus_per_position\tforward_s\tretro_dtm_s\tretro_dtz_s\t"
            "write_s\tend_utc\tseconds_2026_11_22\tseconds_2026_12_02"
        )
        done = 0.0
        for name, seconds, r in tables:
            done += seconds
            if r is None:
                continue
            print(
                f"{name}\t{seconds:.2f}\t{r['positions']}\t{r['dtm']}\t{r['dtz']}\t{r['full']}\t"
                f"{r['work']:.1f}\t{r['peak']:.1f}\t{r['one']}\t{r['us']:.3f}\t"
                f"{r['forward']:.2f}\t{r['retro_dtm']:.2f}\t{r['retro_dtz']:.2f}\t"
                f"{r['write']:.2f}\t{clock(start + done)}\t{first.get(name, '')}\t"
                f"{last.get(name, '')}"
            )
        return

    small = [(n, s) for n, s, r in tables if r is None]
    print(f"3-4-piece tables: {len(small)}, {sum(s for _, s in small):.1f} s")
    ratios = {}
    for label, pawns in (("pawnless", False), ("pawn", True)):
        rows = [(n, s, r) for n, s, r in five if ("P" in n) == pawns]
        if not rows:
            continue
        s = sum(s for _, s, _ in rows)
        o = sum(first[n] for n, _, _ in rows)
        ratios[pawns] = s / o
        line = f"{label}: {len(rows)} tables, {s:.0f} s, {s / o:.3f} of 2026-11-22"
        both = [(s, last[n]) for n, s, _ in rows if n in last]
        if both:
            a, b = sum(x for x, _ in both), sum(y for _, y in both)
            line += f", {a / b:.3f} of 2026-12-02 on {len(both)} tables"
        peak = max(rows, key=lambda t: t[2]["peak"])
        line += f"; peak RSS {peak[2]['peak']:.0f} MiB ({peak[0]})"
        line += f"; DTM {sum(r['dtm'] for _, _, r in rows) / 1e6:.1f} MB"
        print(line)
    made = {n for n, _, _ in five}
    left = {n: s for n, s in first.items() if n not in made}
    pawnless_ratio = ratios.get(False, 1.0)
    pawn_ratio = ratios.get(True, pawnless_ratio)
    more = sum(s * (pawn_ratio if "P" in n else pawnless_ratio) for n, s in left.items())
    total = elapsed + more
    print(
        f"made: {len(five)} of {len(first)} 5-piece tables, {elapsed:.0f} s of tables "
        f"(the last ends {clock(start + elapsed)})"
    )
    print(
        f"projection: {len(left)} tables left, {more:.0f} s more; the run {total / 3600:.2f} h, "
        f"ending {clock(start + total)}"
    )
    if budget is not None:
        verdict = "within" if total <= budget * 3600 else "past"
        print(f"budget {budget:.2f} h: {verdict} it ({(budget * 3600 - total) / 60:+.0f} min)")


if __name__ == "__main__":
    main(sys.argv[1:])
