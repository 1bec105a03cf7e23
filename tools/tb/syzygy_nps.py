#!/usr/bin/env python3
"""The cost of tablebase probes in the search: nodes per second on fixed endgame positions with
two tablebase settings, in the same run, alternating, one thread, a fixed node count per search.

    python3 tools/tb/syzygy_nps.py VIDLE_BINARY SYZYGY_DIR [ROUNDS] [NODES]
    python3 tools/tb/syzygy_nps.py VIDLE_BINARY --own DIR_A DIR_B [ROUNDS] [NODES]
    python3 tools/tb/syzygy_nps.py VIDLE_BINARY --builds BINARY_B DIR [ROUNDS] [NODES]

The first form: without and with `SyzygyPath`, our own tables switched off (VIDLE_TB_DIR points
nowhere), so every hit is a Syzygy probe. The second: our own tables from DIR_A, then from DIR_B
(e.g. two-sided against one-sided DTM files), no Syzygy. The third: our own tables from DIR,
searched by VIDLE_BINARY, then by BINARY_B (two builds), no Syzygy.

Prints one tab-separated row per position (median nps of the first setting, of the second, the
change, and the tbhits of the second) and a last row over all positions (median of the per-round
sums).
"""
import statistics
import subprocess
import sys

# Endgames of 5 to 7 pieces whose captures lead into the reference tables (all 3-4-piece ones and
# KRPvKR, KRRvKR, KQRvKR, KRBvKR, KRNvKR).
POSITIONS = [
    ("KRPvKR", "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1"),
    ("KRNvKR", "8/8/4k3/8/2N5/8/3R1r2/4K3 w - - 0 1"),
    ("KRBvKR", "3r4/1k6/8/8/2K5/7B/4R3/8 w - - 0 1"),
    ("KRPvKRP", "8/8/3k4/3p4/8/3P4/r7/1R2K3 w - - 0 1"),
    ("KRRvKRP", "8/4k3/4p3/8/8/8/r7/1RR1K3 w - - 0 1"),
    ("KRPPvKRP", "8/5k2/5p2/8/4P3/5P2/r7/1R3K2 w - - 0 1"),
    ("KPPvKPP", "8/7p/1p3k2/8/1P6/4K3/5P2/8 w - - 0 1"),
    ("KRNvKRP", "8/8/4k3/4p3/2N5/8/3R1r2/4K3 w - - 0 1"),
    ("KQRvKRP", "3r4/1k6/1p6/8/2K5/8/4R3/7Q w - - 0 1"),
]


NOWHERE = "/nonexistent/vidle-tb"


def search(binary, fen, nodes, syzygy, own=NOWHERE):
    lines = ["setoption name Threads value 1", "setoption name Hash value 16"]
    if syzygy:
        lines.append(f"setoption name SyzygyPath value {syzygy}")
    lines += ["ucinewgame", f"position fen {fen}", f"go nodes {nodes}"]
    proc = subprocess.Popen(
        [binary, "uci"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={"VIDLE_TB_DIR": own, "PATH": "/usr/bin:/bin"},
    )
    proc.stdin.write("\n".join(lines) + "\n")
    proc.stdin.flush()
    last = None
    for line in proc.stdout:
        if line.startswith("info ") and " nps " in line:
            last = line.split()
        if line.startswith("bestmove"):
            break
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait()
    get = lambda key: int(last[last.index(key) + 1])
    return get("nps"), get("tbhits"), get("nodes"), get("time")


def main():
    args = sys.argv[1:]
    binary = args.pop(0)
    # (binary, Syzygy directory, own tables) of the first and the second setting
    if args[0] == "--own":
        settings = [(binary, None, args[1]), (binary, None, args[2])]
        args = args[3:]
    elif args[0] == "--builds":
        settings = [(binary, None, args[2]), (args[1], None, args[2])]
        args = args[3:]
    else:
        settings = [(binary, None, NOWHERE), (binary, args.pop(0), NOWHERE)]
    rounds = int(args[0]) if len(args) > 0 else 5
    nodes = int(args[1]) if len(args) > 1 else 1_000_000
    samples = {name: ([], [], []) for name, _ in POSITIONS}
    totals = ([], [])
    for _ in range(rounds):
        t = [[0, 0], [0, 0]]  # (nodes, ms) without, with
        for name, fen in POSITIONS:
            for k, (program, syzygy, own) in enumerate(settings):
                nps, hits, n, ms = search(program, fen, nodes, syzygy, own)
                samples[name][k].append(nps)
                t[k][0] += n
                t[k][1] += ms
                if k == 1:
                    samples[name][2].append(hits)
        for k in range(2):
            totals[k].append(1000 * t[k][0] // max(t[k][1], 1))
    print("position\tnps_first\tnps_second\tchange\ttbhits_second")
    for name, (without, with_, hits) in samples.items():
        a, b = statistics.median(without), statistics.median(with_)
        if a == 0 or b == 0:
            # Own tables that cover the root position answer without a search.
            print(f"{name}\t{a:.0f}\t{b:.0f}\t(the tables play the root)\t")
            continue
        print(f"{name}\t{a:.0f}\t{b:.0f}\t{100 * (b - a) / a:+.1f}%\t{statistics.median(hits):.0f}")
    a, b = statistics.median(totals[0]), statistics.median(totals[1])
    print(f"all\t{a:.0f}\t{b:.0f}\t{100 * (b - a) / a:+.1f}%\t")


if __name__ == "__main__":
    main()
