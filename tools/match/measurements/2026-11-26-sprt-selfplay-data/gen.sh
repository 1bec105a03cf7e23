#!/bin/bash
# Device side: self-play positions by vidle-tune gen, rescored by Stockfish 15.1 (go nodes 2000).
cd "$(dirname "$0")"
N=$(nproc); echo "cores $N"; date
T=./vidle-tune-native; gunzip -kf 2moves_v1.epd.gz
./vidle-tune-native gen --openings 2moves_v1.epd --games 1 --nodes 100 --out /tmp/probe.txt >/dev/null 2>&1 || T=./vidle-tune-generic
echo "tune: $T"
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('stockfish.xz'), open('stockfish','wb'))" && chmod +x stockfish
echo quit | ./stockfish | head -1
timeout ${GEN:-220} $T gen --openings 2moves_v1.epd --games 400000 --nodes 2000 --threads $N \
  --random-plies 2 --seed 4242 --skip 25000 --out /tmp/gen.txt
wc -l /tmp/gen.txt.* | tail -1; date
python3 ../tools/match/sfrelabel.py --workers $N --nodes 2000 --deadline ${LAB:-290} \
  --engine $PWD/stockfish --out /tmp/lab.txt /tmp/gen.txt.*
date
split -n l/6 -d /tmp/lab.txt /tmp/labp.
for f in /tmp/labp.*; do gzip -1 -c $f > $OUT/$(basename $f).gz & done; wait
ls -la $OUT; date
