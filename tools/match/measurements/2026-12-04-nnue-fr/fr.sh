#!/bin/bash
# fr: the default recipe from scratch on all of vidle-4's data (seed 20261203, 730 chunks;
# seed 20261205, 2,462 chunks; 30,419,426 records), screened at 10,000 nodes (fl's arguments,
# seeds 91/200, 92/400, 93/400) against vidle-4 and against fp. The generator is not running.
set -u
cd /tmp/nn3
B=./vidle-bc005e0
D=~/.local/share/vidle/nnue-boot4
cut -f1 $D/manifest.tsv > fr-files.txt
echo "fr start $(date -u +%T), generator not running, $(wc -l < fr-files.txt) chunk files" >> fr.log
$B train --hidden 256 --buckets 8 --mirror --out fr.nnue --check fr.check $D > training-fr.txt 2>&1
grep -E "^train:|epoch 100" training-fr.txt >> fr.log; echo "fr trained $(date -u +%T)" >> fr.log
net=fr
for opp in vidle-4 fp; do
  if [ $opp = fp ]; then o2="--option2 EvalFile=/tmp/nn3/fp.nnue"; else o2=""; fi
  for spec in "91 200" "92 400" "93 400"; do
    set -- $spec
    python3 /work/main/tools/match/match.py --nodes 10000 --concurrency 2 --option Hash=16 --option Threads=1 \
      --openings /work/shared/data/openings/8moves_v3.pgn --seed $1 --resign-score 1000 --resign-moves 4 \
      --draw-score 10 --draw-moves 8 --draw-after 40 --engine1 $B --name1 $net \
      --option1 EvalFile=/tmp/nn3/$net.nnue --engine2 $B --name2 $opp $o2 --games $2 \
      --pgn-out screen-$net-vs-$opp-10k-seed$1.pgn --json-out screen-$net-vs-$opp-10k-seed$1.json > screen-$net-vs-$opp-10k-seed$1.txt 2>&1
    echo "$net vs $opp seed $1 $(date -u +%T): $(grep -E '^W/D/L|^Pairs' screen-$net-vs-$opp-10k-seed$1.txt | tr '\n' ' ')" >> fr.log
  done
done
echo "fr done $(date -u +%T)" >> fr.log
