#!/bin/bash
# End-of-session step: fm, the default recipe from scratch on vidle-4's seed so far, screened
# against vidle-4 at 10,000 nodes (fl's screen arguments).
set -u
cd /tmp/nn
D=~/.local/share/vidle/nnue-boot4
P=$(cat $D/gen.pid)
kill -STOP $P; echo "paused $(date -u +%T)" >> pipeline.log
echo "nnue-boot4 records $(awk -F'\t' '{s+=$2} END {print s}' $D/manifest.tsv) chunks $(wc -l < $D/manifest.tsv)" >> pipeline.log
./vidle-d297579 train --hidden 256 --buckets 8 --mirror --out fm.nnue --check fm.check $D > training-fm.txt 2>&1
grep -E "^train:|epoch 100" training-fm.txt >> pipeline.log
echo "fm $(date -u +%T)" >> pipeline.log
for spec in "91 200" "92 400"; do
  set -- $spec
  python3 /work/main/tools/match/match.py --nodes 10000 --concurrency 2 --option Hash=16 --option Threads=1 \
    --openings /work/shared/data/openings/8moves_v3.pgn --seed $1 --resign-score 1000 --resign-moves 4 \
    --draw-score 10 --draw-moves 8 --draw-after 40 --engine1 ./vidle-d297579 --name1 fm \
    --option1 EvalFile=/tmp/nn/fm.nnue --engine2 ./vidle-d297579 --name2 vidle-4 --games $2 \
    --pgn-out screen-fm-10k-seed$1.pgn --json-out screen-fm-10k-seed$1.json > screen-fm-10k-seed$1.txt 2>&1
  echo "seed $1 $(date -u +%T): $(tail -3 screen-fm-10k-seed$1.txt | tr '\n' ' ')" >> pipeline.log
done
kill -CONT $P; echo "resumed $(date -u +%T)" >> pipeline.log
