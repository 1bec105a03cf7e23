#!/bin/sh
# Main 1528d72 (bench 4241034) against Ethereal 12 on a fourth set of 200 openings
# (seeds 7001-7010), to settle whether main outscores Ethereal at 10+0.1.
tools/match/gauntlet.sh -e /work/bins/vidle-main-new -N Vidle -n 20 -R 10 -c 2 -o ethereal -s 7001 \
  -r tools/match/results/eth-new-7001
