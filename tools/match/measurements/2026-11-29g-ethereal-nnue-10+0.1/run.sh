#!/bin/sh
# The default network (main 2ff0ae6 = 941473f, bench 4655742) against Ethereal 12 on the two sets
# of 200 openings main 1528d72's hand-crafted evaluation played on 2026-11-27 (seeds 3001-3010
# and 5001-5010). The generator was paused (SIGSTOP) for the whole run.
tools/match/gauntlet.sh -e /work/bins/vidle-2ff0ae6 -N Vidle -n 20 -R 10 -c 2 -o ethereal -s 3001 \
  -r tools/match/results/eth-nnue-3001
tools/match/gauntlet.sh -e /work/bins/vidle-2ff0ae6 -N Vidle -n 20 -R 10 -c 2 -o ethereal -s 5001 \
  -r tools/match/results/eth-nnue-5001
