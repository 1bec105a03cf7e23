# More evaluation terms (pawn phalanx, double support, weak unopposed, doubled isolated, passed
# pawn file, blocked pawns; knight and slider threats on the queen, reachable outposts, rooks and
# bishops on the king ring, bishop x-ray pawns, queen infiltration, tropism by role), every
# weight refitted towards Stockfish 15.1's scores of 1,292,885 positions (branch try-terms2,
# 5cbd54a, bench 5783575, /work/bins/vidle-terms2) against main (a04e5a5, bench 6001977,
# /work/bins/vidle-feat).
exec "$(dirname "$0")/../../sprt.sh" sprt-eval-terms2 2033 /work/bins/vidle-terms2 /work/bins/vidle-feat
