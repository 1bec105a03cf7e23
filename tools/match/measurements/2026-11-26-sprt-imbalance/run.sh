# Material imbalance (pieces by own and enemy pawn counts, own pairs, own against enemy
# pieces), candidate passed pawns, pawn islands, seven more complexity features, every weight
# refitted (ca12f68, bench 5322175, /work/bins/vidle-imb) against main (2161fc7, bench 5783575,
# /work/bins/vidle-main-5783575), both built with target-cpu=native. Stopped after 88 games
# for the line with the learned endgame scale; device-sprt.sh played 199 more games of the
# same pair on a lent 16-core machine (14 at a time, seed 2035).
exec "$(dirname "$0")/../../sprt.sh" sprt-imbalance 2034 /work/bins/vidle-imb /work/bins/vidle-main-5783575
