#!/bin/sh
# SPSA of 11 more search parameters (those the first SPSA left alone), 1+0.01 self-play, two
# pairs at a time on the 2-core machine. The engine: main after the first SPSA's values were
# merged (bench 5061684), copied to /work/bins/vidle-spsa1.
python3 tools/match/spsa.py --engine /work/bins/vidle-spsa1 \
  --spec tools/match/measurements/2026-11-27-spsa-search2/spec.txt \
  --iterations 1200 --r-end 0.03 --tc 1+0.01 --concurrency 2 --option Hash=16 --option Threads=1 \
  --openings tools/match/results/UHO_4060_v4.epd --seed 2102 \
  --out tools/match/results/spsa-search2 "$@"
