#!/bin/sh
# The three search changes of branch try-bundle (72f7306, bench 4130079: repetitions from the
# root or the game before it a draw only the third time, upcoming-repetition detection, the
# eval-difference history bonus) against Ethereal 12 on the same 200 openings as every earlier
# gauntlet (seeds 1001-1010).
tools/match/gauntlet.sh -e /work/bins/vidle-bundle -N Vidle -n 20 -R 10 -c 2 -o ethereal -s 1001 \
  -r tools/match/results/eth-bundle
