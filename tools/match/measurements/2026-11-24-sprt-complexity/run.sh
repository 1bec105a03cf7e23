# Non-linear king safety plus endgame complexity (how winnable: pawns, both wings, pawn ending, passed pawns, outflanking),
# every weight refitted on 2.73 M positions, against main; UHO openings, both colours, the settings of the other SPRTs.
cd /work/main && unzip -o -q /work/shared/data/openings/UHO_4060_v4.epd.zip -d tools/match/results/ && exec python3 tools/match/match.py \
  --engine1 /work/bins/vidle-cx --name1 Vidle-cx --engine2 /work/bins/vidle-refit-tm --name2 Vidle-main \
  --tc 5+0.05 --games 20000 --concurrency 2 --option Hash=16 --option Threads=1 \
  --openings tools/match/results/UHO_4060_v4.epd --seed 2014 \
  --resign-score 1000 --resign-moves 4 --draw-score 10 --draw-moves 8 --draw-after 40 \
  --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 \
  --pgn-out tools/match/results/sprt-cx/games.pgn --json-out tools/match/results/sprt-cx/summary.json --resume
