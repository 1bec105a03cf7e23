# The imbalance line (../2026-11-26-sprt-imbalance) plus a learned endgame scale, every weight
# refitted (branch try-scale: a3f712b, bench 5967376, /work/bins/vidle-scale, 69 games in
# games-slow.pgn.gz; then 315f0d5, the same search with the imbalance cached,
# /work/bins/vidle-scale-fast) against main (2161fc7, bench 5783575), both built with
# target-cpu=native. Stopped at LLR -0.80 for the line that keeps main's weights
# (../2026-11-26-sprt-onlynew).
exec "$(dirname "$0")/../../sprt.sh" sprt-imb-scale2 2037 /work/bins/vidle-scale-fast /work/bins/vidle-main-5783575
