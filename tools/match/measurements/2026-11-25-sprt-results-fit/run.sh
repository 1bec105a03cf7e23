# Every evaluation weight refitted to game results only (vidle-tune fit --lambda 0.0; main's
# weights blend results and search scores half and half) on 3.63 M lines: the 2.73 M of the
# last fit and 0.90 M of fresh self-play by main (gen --nodes 5000 --random-plies 4 --seed 31).
# New (/work/bins/vidle-res, bench 5188939) against main (/work/bins/vidle-ntm, a83a8a2, bench 5479300).
exec "$(dirname "$0")/../../sprt.sh" sprt-res 2017 /work/bins/vidle-res /work/bins/vidle-ntm
