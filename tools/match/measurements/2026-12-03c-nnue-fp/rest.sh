#!/bin/bash
# The rest after fp's training (fq, the wdl-0.1 trial, dropped for the session's time): fp's screens, then the generator resumed.
set -u
cd /tmp/nn3
B=./vidle-bc005e0
D=~/.local/share/vidle/nnue-boot4
P=$(cat $D/gen.pid)
while pgrep -f "vidle-bc005e0 train" > /dev/null; do sleep 5; done
grep -E "^train:|epoch 100" training-fp.txt >> pipeline.log; echo "fp $(date -u +%T)" >> pipeline.log
net=fp
for spec in "91 200" "92 400" "93 400"; do
  set -- $spec
  python3 /work/main/tools/match/match.py --nodes 10000 --concurrency 2 --option Hash=16 --option Threads=1 \
    --openings /work/shared/data/openings/8moves_v3.pgn --seed $1 --resign-score 1000 --resign-moves 4 \
    --draw-score 10 --draw-moves 8 --draw-after 40 --engine1 $B --name1 $net \
    --option1 EvalFile=/tmp/nn3/$net.nnue --engine2 $B --name2 vidle-4 --games $2 \
    --pgn-out screen-$net-10k-seed$1.pgn --json-out screen-$net-10k-seed$1.json > screen-$net-10k-seed$1.txt 2>&1
  echo "$net seed $1 $(date -u +%T): $(grep -E 'W/D/L|Pairs' screen-$net-10k-seed$1.txt | tr '\n' ' ')" >> pipeline.log
done
kill -CONT $P; echo "resumed $(date -u +%T)" >> pipeline.log
