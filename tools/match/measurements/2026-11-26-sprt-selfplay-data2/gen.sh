#!/bin/bash
# Local (2-core) data: self-play positions by vidle-tune gen, rescored by Stockfish 15.1 (go nodes 2000).
set -e
cd /work/gen2
date
timeout ${GEN:-720} /work/main/target/release/vidle-tune gen --openings /work/shared/data/openings/2moves_v1.epd \
  --games 400000 --nodes 2000 --threads 2 --random-plies 2 --seed 6464 --skip 600000 --out /work/gen2/gen.txt || true
wc -l /work/gen2/gen.txt.* | tail -1; date
python3 /work/main/tools/match/sfrelabel.py --workers 2 --nodes 2000 --deadline ${LAB:-1080} \
  --engine /usr/games/stockfish --out /work/gen2/lab.txt /work/gen2/gen.txt.*
wc -l /work/gen2/lab.txt; date
