#!/bin/sh
# The default network vidle-4 (main 77d1e02, bench 3873898) against Stockfish 15.1 with
# UCI_LimitStrength and UCI_Elo 2850, on the five rounds of openings vidle-2 played on 2026-11-29
# (seeds 3001-3005; vidle-3 played the first four). Nothing else ran; the generator started after.
tools/match/gauntlet.sh -e /work/bins/vidle-77d1e02 -N Vidle -n 20 -R 5 -c 2 -o sf2850 -s 3001 \
  -r tools/match/results/sf2850-vidle4-3001
