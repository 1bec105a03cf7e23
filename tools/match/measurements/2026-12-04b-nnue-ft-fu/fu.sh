#!/bin/bash
# fu: ft's data and recipe with 512 units (--hidden 512), screened against ft at 10,000 nodes
# (fl's arguments, seeds 91/200 and 92/400). Fixed nodes hide 512 units' cost in speed
# (docs/nnue.md: about 16 % fewer nodes a second than 256). The generator is paused.
set -u
cd /tmp/ft
while ! grep -q "ft done" ft.log; do sleep 10; done
B=./vidle-1cf8241
L=~/.local/share/vidle/nnue-boot4
kill -STOP $(cat $L/gen.pid)
echo "fu start $(date -u +%T), generator paused" >> ft.log
$B train --hidden 512 --buckets 8 --mirror --limit 6437664 --out fu.nnue --check fu.check $(cat ft-files.txt) > training-fu.txt 2>&1
grep -E "^train:|epoch 100" training-fu.txt >> ft.log; echo "fu trained $(date -u +%T)" >> ft.log
net=fu; opp=ft
for spec in "91 200" "92 400"; do
  set -- $spec
  python3 /work/main/tools/match/match.py --nodes 10000 --concurrency 2 --option Hash=16 --option Threads=1 \
    --openings /work/shared/data/openings/8moves_v3.pgn --seed $1 --resign-score 1000 --resign-moves 4 \
    --draw-score 10 --draw-moves 8 --draw-after 40 --engine1 $B --name1 $net \
    --option1 EvalFile=/tmp/ft/$net.nnue --engine2 $B --name2 $opp --option2 EvalFile=/tmp/ft/ft.nnue --games $2 \
    --pgn-out screen-$net-vs-$opp-10k-seed$1.pgn --json-out screen-$net-vs-$opp-10k-seed$1.json > screen-$net-vs-$opp-10k-seed$1.txt 2>&1
  echo "$net vs $opp seed $1 $(date -u +%T): $(grep -E '^W/D/L|^Pairs' screen-$net-vs-$opp-10k-seed$1.txt | tr '\n' ' ')" >> ft.log
done
echo "fu done $(date -u +%T)" >> ft.log
kill -CONT $(cat $L/gen.pid)
