# King shelter and storm by file, pawn terms by file and square, king defenders, pins and discovered
# checks, knight and rook value by own pawns, bishop by own pawns on its colour, rook behind a passed
# pawn; every weight refitted (bench 5425905) against main (a83a8a2, bench 5479300); UHO openings,
# both colours, the settings of the other SPRTs.
cd /work/main && unzip -o -q /work/shared/data/openings/UHO_4060_v4.epd.zip -d tools/match/results/ && exec python3 tools/match/match.py \
  --engine1 /work/bins/vidle-ks2 --name1 Vidle-kp --engine2 /work/bins/vidle-ntm --name2 Vidle-main \
  --tc 5+0.05 --games 20000 --concurrency 2 --option Hash=16 --option Threads=1 \
  --openings tools/match/results/UHO_4060_v4.epd --seed 2016 \
  --resign-score 1000 --resign-moves 4 --draw-score 10 --draw-moves 8 --draw-after 40 \
  --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 \
  --pgn-out tools/match/results/sprt-kp/games.pgn --json-out tools/match/results/sprt-kp/summary.json --resume
