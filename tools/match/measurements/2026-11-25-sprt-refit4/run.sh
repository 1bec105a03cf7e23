# Every evaluation weight refitted with main's settings (vidle-tune fit --epochs 150 --rate 1.0
# --l2 2e-7 --lambda 0.5) on 3.63 M lines: the 2.73 M of the last fit and 0.90 M of fresh
# self-play by main (gen --nodes 5000 --random-plies 4 --seed 31).
# New (/work/bins/vidle-rf4, bench 5322529) against main (/work/bins/vidle-ntm, a83a8a2, bench 5479300).
exec "$(dirname "$0")/../../sprt.sh" sprt-rf4 2018 /work/bins/vidle-rf4 /work/bins/vidle-ntm
