# Branch try-search6 (eb9139b, bench 5458182, /work/bins/vidle-b3): pawn history for quiet
# moves, aspiration fail highs re-searched a ply shallower (a fail low goes back to full depth),
# quiescence stand pat replaced by the TT score when its bound allows; against main at e5ae059
# (bench 5783575, /work/bins/vidle-sel), both built with target-cpu=native. A first start (seed
# 2039) was stopped after 29 games (1/19/9) to look for a bug; the quick matches below found
# none, and this run (seed 2040) was stopped at 238 games, LLR -0.31, for the Ethereal gauntlet.
exec "$(dirname "$0")/../../sprt.sh" sprt-search6 2040 /work/bins/vidle-b3 /work/bins/vidle-sel

# The quick matches (40 games each, 3+0.03, UHO openings seed 4100, against vidle-sel): each
# change alone (vidle-ph: pawn history; vidle-asp: aspiration; vidle-qs: stand pat) and all
# three (vidle-b3); /work/ana/quick.sh ran, for each V:
#   python3 tools/match/match.py --engine1 /work/bins/vidle-$V --name1 $V \
#     --engine2 /work/bins/vidle-sel --name2 base --tc 3+0.03 --games 40 --concurrency 2 \
#     --option Hash=16 --option Threads=1 --openings tools/match/results/UHO_4060_v4.epd \
#     --seed 4100 --resign-score 1000 --resign-moves 4 --draw-score 10 --draw-moves 8 \
#     --draw-after 40 --pgn-out quick-$V.pgn
# b3 11/21/8 (+26 +/- 75), asp 11/20/9 (+17 +/- 77), ph 8/25/7 (+9 +/- 67), qs 12/24/4 (+70 +/- 68).
