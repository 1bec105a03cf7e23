#!/bin/bash
# fr times 0.85 against vidle-4 times 0.85 (both by EvalFile): the candidate at the same scale? Seed 92,
# 400 games, 10,000 nodes. The generator is paused.
set -u
cd /tmp/ft
B=./vidle-1cf8241
L=~/.local/share/vidle/nnue-boot4
kill -STOP $(cat $L/gen.pid)
for pair in "fr-s85 v4-s85"; do
  set -- $pair; net=$1; opp=$2
  python3 /work/main/tools/match/match.py --nodes 10000 --concurrency 2 --option Hash=16 --option Threads=1 \
    --openings /work/shared/data/openings/8moves_v3.pgn --seed 92 --resign-score 1000 --resign-moves 4 \
    --draw-score 10 --draw-moves 8 --draw-after 40 --engine1 $B --name1 $net \
    --option1 EvalFile=/tmp/ft/$net.nnue --engine2 $B --name2 $opp --option2 EvalFile=/tmp/ft/$opp.nnue --games 400 \
    --pgn-out screen-$net-vs-$opp-10k-seed92.pgn --json-out screen-$net-vs-$opp-10k-seed92.json > screen-$net-vs-$opp-10k-seed92.txt 2>&1
  echo "$net vs $opp seed 92 $(date -u +%T): $(grep -E '^W/D/L|^Pairs' screen-$net-vs-$opp-10k-seed92.txt | tr '\n' ' ')" >> scale.log
done
kill -CONT $(cat $L/gen.pid)
