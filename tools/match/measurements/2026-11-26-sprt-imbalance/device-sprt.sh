#!/bin/bash
# Device side (lent 16-core machine, folder .dg carried with both builds, UHO_4060_v4.epd and
# python-chess): the self-play SPRT games (as tools/match/sprt.sh plays them), $1 at a time,
# openings shuffled with seed $2, stopped after $3 seconds; PGN and log to $OUT.
cd "$(dirname "$0")"
export PYTHONPATH=$PWD/py PYTHONUNBUFFERED=1
nproc
timeout $3 python3 ../tools/match/match.py \
    --engine1 $PWD/vidle-imb --name1 sprt-imbalance --engine2 $PWD/vidle-main --name2 base \
    --tc 5+0.05 --games 2000 --concurrency $1 --option Hash=16 --option Threads=1 \
    --openings UHO_4060_v4.epd --seed $2 \
    --resign-score 1000 --resign-moves 4 --draw-score 10 --draw-moves 8 --draw-after 40 \
    --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 \
    --pgn-out $OUT/games.pgn --json-out $OUT/summary.json 2>&1 | tail -n 300 > $OUT/log
tail -8 $OUT/log
