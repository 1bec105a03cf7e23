#!/bin/bash
# Device side: Stockfish 15.1 (go nodes $NODES) scores of shuffled quiet match-game positions.
cd "$(dirname "$0")"
N=$(nproc); echo "cores $N"; date
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('stockfish.xz'), open('stockfish','wb'))" && chmod +x stockfish
echo quit | ./stockfish | head -1
gunzip -c dev_in.txt.gz > /tmp/in.txt; wc -l /tmp/in.txt
python3 ../../sfrelabel.py --workers $N --nodes ${NODES:-8000} --deadline ${LAB:-470} \
  --engine $PWD/stockfish --out /tmp/lab.txt /tmp/in.txt
date; wc -l /tmp/lab.txt
gzip -1 -c /tmp/lab.txt > $OUT/lab.txt.gz
ls -la $OUT; date
