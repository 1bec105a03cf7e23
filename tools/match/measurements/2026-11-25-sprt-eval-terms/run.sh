# New evaluation terms (king shelter and storm by file, king protectors, bishop pawns, pawnless
# flank, closedness, flank attacks, restricted squares, queen-side piece-square tables), every
# weight refitted towards Stockfish 15.1's scores of 1,189,834 positions (branch try-shelter,
# b442f4e, bench 6001977, /work/bins/vidle-feat) against main (89e53a8, bench 6303985,
# /work/bins/vidle-sf).
exec "$(dirname "$0")/../../sprt.sh" sprt-eval-terms 2032 /work/bins/vidle-feat /work/bins/vidle-sf
