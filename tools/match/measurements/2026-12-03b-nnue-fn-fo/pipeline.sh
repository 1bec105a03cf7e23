#!/bin/bash
# fn (default recipe from scratch) and fo (vidle-4 fine-tuned, fd's schedule) on vidle-4's two
# seeds (20261203 without endings, 20261205 with --tb-play-on 16), screened against vidle-4 at
# 10,000 nodes with fl's screen arguments. The generator is paused throughout.
set -u
cd /tmp/nn2
B=./vidle-1339266
D=~/.local/share/vidle/nnue-boot4
P=$(cat $D/gen.pid)
kill -STOP $P; echo "paused $(date -u +%T)" >> pipeline.log
for s in 20261203 20261205; do
  echo "seed $s: $(awk -F'\t' -v s="seed-$s/" 'index($1,s)==1 {r+=$2; n++} END {print r" records, "n" chunks"}' $D/manifest.tsv)" >> pipeline.log
done
$B train --hidden 256 --buckets 8 --mirror --out fn.nnue --check fn.check $D > training-fn.txt 2>&1
grep -E "^train:|epoch 100" training-fn.txt >> pipeline.log; echo "fn $(date -u +%T)" >> pipeline.log
$B train --init /work/main/crates/engine/nets/carry-2026-11-30-fl-h256-b8.f32 --hidden 256 --buckets 8 --mirror \
  --lr 0.0003 --epochs 10 --out fo.nnue --check fo.check $D > training-fo.txt 2>&1
grep -E "before|epoch  10" training-fo.txt >> pipeline.log; echo "fo $(date -u +%T)" >> pipeline.log
for net in fn fo; do
  for spec in "91 200" "92 400"; do
    set -- $spec
    python3 /work/main/tools/match/match.py --nodes 10000 --concurrency 2 --option Hash=16 --option Threads=1 \
      --openings /work/shared/data/openings/8moves_v3.pgn --seed $1 --resign-score 1000 --resign-moves 4 \
      --draw-score 10 --draw-moves 8 --draw-after 40 --engine1 $B --name1 $net \
      --option1 EvalFile=/tmp/nn2/$net.nnue --engine2 $B --name2 vidle-4 --games $2 \
      --pgn-out screen-$net-10k-seed$1.pgn --json-out screen-$net-10k-seed$1.json > screen-$net-10k-seed$1.txt 2>&1
    echo "$net seed $1 $(date -u +%T): $(grep -E 'W/D/L|Pairs' screen-$net-10k-seed$1.txt | tr '\n' ' ')" >> pipeline.log
  done
done
kill -CONT $P; echo "resumed $(date -u +%T)" >> pipeline.log
