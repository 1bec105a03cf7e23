#!/bin/sh
# SPSA of the late-move-reduction weights once the reduction is summed in 1/1024 ply (the
# table, the history term and seven adjustments), 1+0.01 self-play, two pairs at a time on the
# 2-core machine. The engine: the fractional-LMR build at its default values (bench 5269098),
# copied to /work/bins/vidle-lmr1024.
python3 tools/match/spsa.py --engine /work/bins/vidle-lmr1024 \
  --spec tools/match/measurements/2026-11-27-spsa-lmr/spec.txt \
  --iterations 800 --r-end 0.03 --tc 1+0.01 --concurrency 2 --option Hash=16 --option Threads=1 \
  --openings tools/match/results/UHO_4060_v4.epd --seed 2103 \
  --out tools/match/results/spsa-lmr "$@"
