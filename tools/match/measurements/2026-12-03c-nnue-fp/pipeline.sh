#!/bin/bash
# fp (the default recipe from scratch, wdl 0) and fq (the same with --wdl 0.1, the trial
# docs/nnue.md left for ten times the data) on vidle-4's two seeds, screened against vidle-4
# at 10,000 nodes with fl's screen arguments (seeds 91, 92) plus seed 93. The generator is
# paused throughout.
set -u
cd /tmp/nn3
B=./vidle-bc005e0
D=~/.local/share/vidle/nnue-boot4
P=$(cat $D/gen.pid)
kill -STOP $P; echo "paused $(date -u +%T)" >> pipeline.log
for s in 20261203 20261205; do
  echo "seed $s: $(awk -F'\t' -v s="seed-$s/" 'index($1,s)==1 {r+=$2; n++} END {print r" records, "n" chunks"}' $D/manifest.tsv)" >> pipeline.log
done
$B train --hidden 256 --buckets 8 --mirror --out fp.nnue --check fp.check $D > training-fp.txt 2>&1
grep -E "^train:|epoch 100" training-fp.txt >> pipeline.log; echo "fp $(date -u +%T)" >> pipeline.log
$B train --hidden 256 --buckets 8 --mirror --wdl 0.1 --out fq.nnue --check fq.check $D > training-fq.txt 2>&1
grep -E "before|epoch 100" training-fq.txt >> pipeline.log; echo "fq $(date -u +%T)" >> pipeline.log
for net in fp fq; do
  for spec in "91 200" "92 400" "93 400"; do
    set -- $spec
    python3 /work/main/tools/match/match.py --nodes 10000 --concurrency 2 --option Hash=16 --option Threads=1 \
      --openings /work/shared/data/openings/8moves_v3.pgn --seed $1 --resign-score 1000 --resign-moves 4 \
      --draw-score 10 --draw-moves 8 --draw-after 40 --engine1 $B --name1 $net \
      --option1 EvalFile=/tmp/nn3/$net.nnue --engine2 $B --name2 vidle-4 --games $2 \
      --pgn-out screen-$net-10k-seed$1.pgn --json-out screen-$net-10k-seed$1.json > screen-$net-10k-seed$1.txt 2>&1
    echo "$net seed $1 $(date -u +%T): $(grep -E 'W/D/L|Pairs' screen-$net-10k-seed$1.txt | tr '\n' ' ')" >> pipeline.log
  done
done
kill -CONT $P; echo "resumed $(date -u +%T)" >> pipeline.log
