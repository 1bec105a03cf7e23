#!/bin/sh
# The default network vidle-5 (main 126fe61, bench 3866610) against Stockfish 15.1 with
# UCI_LimitStrength and UCI_Elo 2850, on the five rounds of openings vidle-4 (2026-12-01),
# vidle-3 and vidle-2 played (seeds 3001-3005). Nothing else ran.
tools/match/gauntlet.sh -e /work/bins/vidle-126fe61 -N Vidle -n 20 -R 5 -c 2 -o sf2850 -s 3001 \
  -r tools/match/results/sf2850-vidle5-3001
