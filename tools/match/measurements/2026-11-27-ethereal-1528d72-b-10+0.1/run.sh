#!/bin/sh
# Main 1528d72 (bench 4241034) against Ethereal 12 on a third set of 200 openings
# (seeds 5001-5010), to settle whether main outscores Ethereal at 10+0.1.
tools/match/gauntlet.sh -e /work/bins/vidle-main-new -N Vidle -n 20 -R 10 -c 2 -o ethereal -s 5001 \
  -r tools/match/results/eth-new-5001
