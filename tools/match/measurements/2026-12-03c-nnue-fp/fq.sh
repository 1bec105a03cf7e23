#!/bin/bash
# fq: fp's recipe and fp's chunk files (the first 730 of seed 20261203, the first 1352 of
# seed 20261205 in manifest order) with --wdl 0.1, screened against vidle-4 as fp was
# (10,000 nodes, fl's arguments, seeds 91/200, 92/400, 93/400); the generator resumed after.
set -u
cd /tmp/nn3
B=./vidle-bc005e0
D=~/.local/share/vidle/nnue-boot4
echo "fq start $(date -u +%T), generator not running" >> fq.log
$B train --hidden 256 --buckets 8 --mirror --wdl 0.1 --out fq.nnue --check fq.check $(sed "s#^#$D/#" fq-files.txt) > training-fq.txt 2>&1
grep -E "^train:|epoch 100" training-fq.txt >> fq.log; echo "fq trained $(date -u +%T)" >> fq.log
net=fq
for spec in "91 200" "92 400" "93 400"; do
  set -- $spec
  python3 /work/main/tools/match/match.py --nodes 10000 --concurrency 2 --option Hash=16 --option Threads=1 \
    --openings /work/shared/data/openings/8moves_v3.pgn --seed $1 --resign-score 1000 --resign-moves 4 \
    --draw-score 10 --draw-moves 8 --draw-after 40 --engine1 $B --name1 $net \
    --option1 EvalFile=/tmp/nn3/$net.nnue --engine2 $B --name2 vidle-4 --games $2 \
    --pgn-out screen-$net-10k-seed$1.pgn --json-out screen-$net-10k-seed$1.json > screen-$net-10k-seed$1.txt 2>&1
  echo "$net seed $1 $(date -u +%T): $(grep -E '^W/D/L|^Pairs' screen-$net-10k-seed$1.txt | tr '\n' ' ')" >> fq.log
done
cd $D && rm -f datagen.lock && (VIDLE_TB_DIR=/work/tb5run/tables setsid nohup nice -n 19 ./vidle-tbplayon datagen --out . --threads 2 --nodes 5000 --eval nnue --seed 20261205 >> datagen-seed-20261205.log 2>&1 < /dev/null & echo $! > gen.pid)
sleep 1; echo 19 > /proc/$(cat gen.pid)/autogroup
echo "generator resumed $(date -u +%T) at $(awk -F'\t' -v s="seed-20261205/" 'index($1,s)==1 {r+=$2; n++} END {print r" records, "n" chunks"}' manifest.tsv)" >> /tmp/nn3/fq.log
