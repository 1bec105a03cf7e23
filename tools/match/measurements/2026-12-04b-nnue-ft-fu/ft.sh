#!/bin/bash
# ft: the default recipe from scratch on fr's games (local seed 20261207, the device's seeds
# 20261208-09), limited to fn's 6,437,664 positions (fn: the same recipe on vidle-4's games,
# -32.5 +- 22.2 against vidle-4), screened at 10,000 nodes (fl's arguments, seeds 91/200 and
# 92/400, as fn) against vidle-4 and against fr. The generator is paused.
set -u
cd /tmp/ft
B=./vidle-1cf8241
L=~/.local/share/vidle/nnue-boot4
DV=~/.local/share/vidle/nnue-devfr
kill -STOP $(cat $L/gen.pid)
awk -F'\t' 'index($1,"seed-20261207/")==1 {print "'$L'/" $1}' $L/manifest.tsv > ft-files.txt
awk -F'\t' '{print "'$DV'/" $1}' $DV/manifest.tsv >> ft-files.txt
echo "ft start $(date -u +%T), generator paused, $(wc -l < ft-files.txt) chunk files" >> ft.log
$B train --hidden 256 --buckets 8 --mirror --limit 6437664 --out ft.nnue --check ft.check $(cat ft-files.txt) > training-ft.txt 2>&1
grep -E "^train:|epoch 100" training-ft.txt >> ft.log; echo "ft trained $(date -u +%T)" >> ft.log
net=ft
for opp in vidle-4 fr; do
  if [ $opp = fr ]; then o2="--option2 EvalFile=/tmp/ft/fr.nnue"; else o2=""; fi
  for spec in "91 200" "92 400"; do
    set -- $spec
    python3 /work/main/tools/match/match.py --nodes 10000 --concurrency 2 --option Hash=16 --option Threads=1 \
      --openings /work/shared/data/openings/8moves_v3.pgn --seed $1 --resign-score 1000 --resign-moves 4 \
      --draw-score 10 --draw-moves 8 --draw-after 40 --engine1 $B --name1 $net \
      --option1 EvalFile=/tmp/ft/$net.nnue --engine2 $B --name2 $opp $o2 --games $2 \
      --pgn-out screen-$net-vs-$opp-10k-seed$1.pgn --json-out screen-$net-vs-$opp-10k-seed$1.json > screen-$net-vs-$opp-10k-seed$1.txt 2>&1
    echo "$net vs $opp seed $1 $(date -u +%T): $(grep -E '^W/D/L|^Pairs' screen-$net-vs-$opp-10k-seed$1.txt | tr '\n' ' ')" >> ft.log
  done
done
echo "ft done $(date -u +%T)" >> ft.log
kill -CONT $(cat $L/gen.pid)
