#!/bin/sh
# The default network vidle-3 (main f2a1111, bench 4347191) against Stockfish 15.1 with
# UCI_LimitStrength and UCI_Elo 2850, on the first four of the five rounds of openings vidle-2 played on 2026-11-29 (seeds
# 3001-3004). The generator was paused (SIGSTOP) for the whole run.
tools/match/gauntlet.sh -e /work/bins/vidle-f2a1111 -N Vidle -n 20 -R 4 -c 2 -o sf2850 -s 3001 \
  -r tools/match/results/sf2850-vidle3-3001
