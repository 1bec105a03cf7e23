#!/bin/bash
# Self-play data on a lent machine with many cores (the `device` tool; its 16 cores give about
# 3,650 positions a second, 7.6 times these 2). Prepare here, in the repository's root:
#
#   echo /.dev/ >> .git/info/exclude; mkdir -p .dev
#   RUSTFLAGS="-C target-cpu=x86-64-v3" cargo build --release --target-dir /tmp/v3 --bin vidle
#   gzip -9 -c /tmp/v3/release/vidle > .dev/vidle.gz            # portable: not this CPU's build
#   (cd ~/.local/share/vidle/tb && tar -cf - *.vdt*) > .dev/tb.tar   # tables for adjudication,
#                                        # if any; not `resolved/`, the generator's own copies
#
#   cp NET.nnue .dev/net.nnue                                   # only to generate with a candidate
#
# What travels is limited to 64 MiB: the tracked files (about 11 MB since the match records left
# the tree), the 3–4-piece tables (45 MiB), the binary and a network fit.
#
# then run `bash tools/nnue/device-datagen.sh SEED SECONDS` there with `.dev` carried, a new seed
# for every run (a fresh machine starts every seed at its chunk 0) and SECONDS well inside the
# command's limit. With `.dev/net.nnue` present the games are searched with that network
# (`--eval-file`); otherwise with the one built in. What comes back: $OUT/bench.txt (the bench
# must match the one here), $OUT/gen.log and $OUT/dg.tar.c.NN (xz-compressed tar of
# manifest.tsv and seed-SEED/, about a quarter of the records' size, cut into 15 MiB pieces).
# Here:
#   cat dg.tar.c.* | tar -xJ -C DIR    (then merge the manifests: `cat`, one line per chunk)
# Chunks unfinished at the stop are not written; the same seed resumed later fills the gaps.
set -x
SEED=${1:?seed}
DUR=${2:?seconds}
mkdir -p /tmp/xdg/vidle/tb && tar -xf .dev/tb.tar -C /tmp/xdg/vidle/tb
gzip -dc .dev/vidle.gz > /tmp/vidle && chmod +x /tmp/vidle
nproc; lscpu | grep -E "Model name|Thread|Core|Socket"
export XDG_DATA_HOME=/tmp/xdg
/tmp/vidle bench 2>&1 | tail -2 | tee $OUT/bench.txt
rm -rf /tmp/dg /tmp/dg.tar.c
date -u +"start %T"
NET=()
[ -f .dev/net.nnue ] && NET=(--eval-file "$PWD/.dev/net.nnue")
timeout -s TERM $DUR /tmp/vidle datagen --out /tmp/dg --threads $(nproc) --nodes 5000 --eval nnue \
  "${NET[@]}" --seed $SEED > $OUT/gen.log 2>&1
date -u +"stop %T"
tail -3 $OUT/gen.log
cd /tmp/dg && rm -f datagen.lock
awk -F'\t' '{s+=$2} END{print "records", s, "chunks", NR}' manifest.tsv
tar -cf - manifest.tsv seed-$SEED | xz -T0 -6 > /tmp/dg.tar.c
cd /tmp && split -b 15M -d dg.tar.c $OUT/dg.tar.c.
ls -l $OUT
