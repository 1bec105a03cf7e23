#!/bin/bash
# vidle-5 built in against the same binary's hand-crafted evaluation at 10+0.1, seed 88 (the
# openings and colours of vidle-2's, vidle-3's and vidle-4's tests), 400 games. Run from this
# folder with the binary of main 126fe61 (bench 3866610) as /tmp/v5/vidle-126fe61; add
# --resume to go on after a stop. The generator is paused.
set -u
B=/tmp/v5/vidle-126fe61
python3 ../../match.py --tc 10+0.1 --concurrency 2 --option Hash=16 --option Threads=1 \
  --openings /work/shared/data/openings/8moves_v3.pgn --resign-score 1000 --resign-moves 4 \
  --draw-score 10 --draw-moves 8 --draw-after 40 --seed 88 --games 400 \
  --engine1 $B --name1 vidle-5 --engine2 $B --name2 hce --option2 "Use NNUE=false" \
  --pgn-out games.pgn --json-out tc10.json "$@"
