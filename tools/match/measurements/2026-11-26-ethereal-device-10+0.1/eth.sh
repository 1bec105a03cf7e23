#!/bin/bash
# Device side: our engine ($1, under .dg) against Ethereal 12 at 10+0.1, $2 games, $3 at a
# time, openings shuffled with seed $4, stopped after $5 seconds; PGN and log to $OUT.
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD/eth PYTHONPATH=$PWD/py PYTHONUNBUFFERED=1
nproc
timeout $5 python3 ../tools/match/match.py --engine1 $PWD/$1 --name1 Vidle --engine2 $PWD/eth/ethereal-chess \
  --option2 Threads=1 --option2 Hash=16 --tc ${TC:-10+0.1} --games $2 --concurrency $3 \
  --openings eth/8moves_v3.pgn --seed $4 --resign-score 1000 --resign-moves 4 --draw-score 10 \
  --draw-moves 8 --draw-after 40 --event "gauntlet ethereal (device)" \
  --pgn-out $OUT/ethereal.pgn --json-out $OUT/ethereal.json 2>&1 | tail -n 400 > $OUT/ethereal.log
tail -5 $OUT/ethereal.log
ls -la $OUT
