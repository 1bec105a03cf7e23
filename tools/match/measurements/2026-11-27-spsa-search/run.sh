#!/bin/sh
# SPSA of 14 search parameters, 1+0.01 self-play, two pairs at a time on the 2-core machine.
# The engine: d0e3e75 (bench 5965227), copied to /work/bins/vidle-rtparams.
python3 tools/match/spsa.py --engine /work/bins/vidle-rtparams \
  --spec tools/match/measurements/2026-11-27-spsa-search/spec.txt \
  --iterations 1000 --r-end 0.03 --tc 1+0.01 --concurrency 2 --option Hash=16 --option Threads=1 \
  --openings tools/match/results/UHO_4060_v4.epd --seed 2101 \
  --out tools/match/results/spsa-search "$@"
