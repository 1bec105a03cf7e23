#!/bin/sh
# Three search changes together (branch try-bundle at 72f7306, bench 4130079): the rep3
# repetition rule, the upcoming-repetition detector (cycle.patch of the rep3 record), and a
# butterfly-history bonus for the opponent's quiet move from the static-eval difference;
# against main 0517a4f (bench 5061684).
tools/match/sprt.sh sprt-bundle 2053 /work/bins/vidle-bundle /work/bins/vidle-main-0517a4f
