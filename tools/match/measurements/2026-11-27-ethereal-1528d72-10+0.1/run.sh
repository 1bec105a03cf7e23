#!/bin/sh
# Main 1528d72 (bench 4241034: the repetition changes and the bare-king term) against
# Ethereal 12 on 200 fresh openings (seeds 3001-3010), to confirm the try-bundle result.
tools/match/gauntlet.sh -e /work/bins/vidle-main-new -N Vidle -n 20 -R 10 -c 2 -o ethereal -s 3001 \
  -r tools/match/results/eth-new-3001
