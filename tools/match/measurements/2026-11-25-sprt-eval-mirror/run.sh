# Evaluation (branch next-mirror, bench 5741379) against main (a83a8a2, bench 5479300): king shelter and
# storm by file and distance, pawn terms by file and square, king defenders, pins and discovered checks,
# pieces by own pawns, rook behind a passed pawn, piece-square tables mirrored with the king on the
# queen's side; every weight refitted. UHO openings, both colours, the settings of the other SPRTs.
cd /work/main && unzip -o -q /work/shared/data/openings/UHO_4060_v4.epd.zip -d tools/match/results/ && exec python3 tools/match/match.py \
  --engine1 /work/bins/vidle-mir --name1 Vidle-mirror --engine2 /work/bins/vidle-ntm --name2 Vidle-main \
  --tc 5+0.05 --games 20000 --concurrency 2 --option Hash=16 --option Threads=1 \
  --openings tools/match/results/UHO_4060_v4.epd --seed 2018 \
  --resign-score 1000 --resign-moves 4 --draw-score 10 --draw-moves 8 --draw-after 40 \
  --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 \
  --pgn-out tools/match/results/sprt-mir/games.pgn --json-out tools/match/results/sprt-mir/summary.json --resume
