# Main's weights unchanged; only the new tables of ../2026-11-26-sprt-imb-scale (material
# imbalance, candidate passed pawns, pawn islands, the thirteen complexity features, the learned
# endgame scale) fitted towards Stockfish's scores with everything else frozen (`fit --only`;
# branch try-only-new: 6d21dba, bench 5609241, /work/bins/vidle-onlynew) against main
# (2161fc7, bench 5783575), both built with target-cpu=native. Stopped at LLR -0.63 for the
# Ethereal gauntlet of main.
exec "$(dirname "$0")/../../sprt.sh" sprt-onlynew 2038 /work/bins/vidle-onlynew /work/bins/vidle-main-5783575
