#!/bin/sh
# Repetitions from the root or the game before it count as a draw only the third time
# (branch rep3 at 51bf52f, bench 4735793) against main 46f77e8 (bench 5061684; main's search
# is unchanged since).
tools/match/sprt.sh sprt-rep3 2052 /work/bins/vidle-rep3 /work/bins/vidle-main-46f77e8
