# Every evaluation weight refitted towards Stockfish 15.1's scores (go nodes 2000, rescaled by
# 1.1687 to our sigmoid) of 1,126,698 quiet positions from every match game played here
# (tools/match/sflabel.py), fit --epochs 200 --rate 1.0 --l2 2e-6 --lambda 0.75 from main's
# weights (branch try-sf-distill, bench 6303985, /work/bins/vidle-new) against main
# (0fdaf04, bench 5447150, /work/bins/vidle-main).
exec "$(dirname "$0")/../../sprt.sh" sprt-sf-distill 2031 /work/bins/vidle-new /work/bins/vidle-main
