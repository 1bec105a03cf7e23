#!/usr/bin/env python3
"""Runs the hostile-input list of issues 43 and 85 against a vidle binary and prints tried/failed.

    python3 tools/hostile/hostile.py [--bin target/release/vidle] [--only SUBSTRING]

Each case feeds the program something a careless or malicious user, GUI or web page could send
and checks that it gets a clear message and goes on (or ends quietly). The exit status is the
number of failed cases (0: all held). Cases that need something absent (mkfifo, the shared
Syzygy tables) say so and count as skipped, not passed. The program runs with a temporary data
directory (XDG_DATA_HOME), never the user's. The cases are in the `cases_*` modules beside this
file, one per group or two; `harness.py` holds what they share.
"""

import argparse
import os
import sys
import tempfile
import time

from harness import CASES, RESULTS, Skip

# Imported for their cases, in the order the groups are run and listed.
import cases_uci  # noqa: F401,E402
import cases_files  # noqa: F401,E402
import cases_tables  # noqa: F401,E402
import cases_training  # noqa: F401,E402
import cases_web  # noqa: F401,E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default="target/release/vidle")
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    b = os.path.abspath(a.bin)
    if not os.access(b, os.X_OK):
        sys.exit(f"{b}: not found; build it with `cargo build --release -p vidle`")
    data = tempfile.TemporaryDirectory(prefix="vidle-hostile-data-")
    os.environ["XDG_DATA_HOME"] = data.name
    for var in ("VIDLE_TB_DIR", "VIDLE_SYZYGY_PATH", "RUST_BACKTRACE", "RUST_LOG"):
        os.environ.pop(var, None)
    for fn in CASES:
        label = f"{fn.group}: {fn.case_name}"
        if a.only and a.only.lower() not in label.lower():
            continue
        t0 = time.time()
        try:
            fn(b)
            status, detail = "ok", ""
        except Skip as e:
            status, detail = "skipped", str(e)
        except Exception as e:  # a failed expectation or a crash of the harness
            status, detail = "FAILED", f"{type(e).__name__}: {e}"
        RESULTS.append((fn.group, fn.case_name, status, detail))
        print(f"{status:7} {label} ({time.time() - t0:.1f} s)" + (f"\n        {detail[:800]}"
                                                                 if detail else ""), flush=True)
    print("\n| group | tried | failed | skipped |\n|---|---|---|---|")
    groups = sorted({g for g, *_ in RESULTS}, key=[c.group for c in CASES].index)
    for g in groups + ["all"]:
        rs = [r for r in RESULTS if g in ("all", r[0])]
        print(f"| {g} | {len(rs)} | {sum(r[2] == 'FAILED' for r in rs)} | "
              f"{sum(r[2] == 'skipped' for r in rs)} |")
    sys.exit(sum(r[2] == "FAILED" for r in RESULTS))


if __name__ == "__main__":
    main()
