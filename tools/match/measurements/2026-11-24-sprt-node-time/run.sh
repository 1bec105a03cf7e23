# Node-share time management: the soft limit scaled by the share of the search's nodes spent under the best move
# (240 % - 200 % x share, at least 50 %), against main (b970484); UHO openings, both colours, the settings of the other SPRTs.
cd /work/main && unzip -o -q /work/shared/data/openings/UHO_4060_v4.epd.zip -d tools/match/results/ && exec python3 tools/match/match.py \
  --engine1 /work/bins/vidle-ntm --name1 Vidle-ntm --engine2 /work/bins/vidle-b970 --name2 Vidle-main \
  --tc 5+0.05 --games 20000 --concurrency 2 --option Hash=16 --option Threads=1 \
  --openings tools/match/results/UHO_4060_v4.epd --seed 2015 \
  --resign-score 1000 --resign-moves 4 --draw-score 10 --draw-moves 8 --draw-after 40 \
  --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 \
  --pgn-out tools/match/results/sprt-ntm/games.pgn --json-out tools/match/results/sprt-ntm/summary.json --resume
