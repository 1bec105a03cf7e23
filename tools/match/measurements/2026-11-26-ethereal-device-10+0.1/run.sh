#!/bin/bash
# Device side: picks the processor-specific build if it runs here, else the generic one.
cd "$(dirname "$0")"
B=vidle-native
./vidle-native bench > $OUT/bench-native.txt 2>&1 || B=vidle-generic
./vidle-generic bench > $OUT/bench-generic.txt 2>&1
echo "engine: $B"; tail -1 $OUT/bench-*.txt
LD_LIBRARY_PATH=$PWD/eth ./eth/ethereal-chess bench 2>&1 | tail -3 > $OUT/bench-ethereal.txt; cat $OUT/bench-ethereal.txt
# The games: the 2026-11-24 device script, unchanged (copied into .dg as eth.sh for the run;
# its own `cd .dg` fails there and it goes on in .dg, where this script already stands).
bash eth.sh $B 600 ${CONC:-12} ${SEED:-3002} ${LIMIT:-470}
