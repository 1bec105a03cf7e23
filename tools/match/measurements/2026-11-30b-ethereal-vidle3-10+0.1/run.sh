#!/bin/sh
# The default network vidle-3 (main f2a1111, bench 4347191; ae343da plays the same) against
# Ethereal 12 on the same two sets of 200 openings as vidle-2 (2026-11-29g) and main 1528d72's
# hand-crafted evaluation (2026-11-27): seeds 3001-3010 and 5001-5010. The generator was paused
# (SIGSTOP) for the whole run.
tools/match/gauntlet.sh -e /work/bins/vidle-f2a1111 -N Vidle -n 20 -R 10 -c 2 -o ethereal -s 3001 \
  -r tools/match/results/eth-vidle3-3001
tools/match/gauntlet.sh -e /work/bins/vidle-f2a1111 -N Vidle -n 20 -R 10 -c 2 -o ethereal -s 5001 \
  -r tools/match/results/eth-vidle3-5001
