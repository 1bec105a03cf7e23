cd /work/main && exec python3 tools/match/match.py \
  --engine1 /work/bins/vidle-s2 --name1 Vidle-search3 --engine2 /work/bins/vidle-main --name2 Vidle-main \
  --tc 5+0.05 --games 20000 --concurrency 2 --option Hash=16 --option Threads=1 \
  --openings /work/shared/data/openings/8moves_v3.pgn --seed 2008 \
  --resign-score 1000 --resign-moves 4 --draw-score 10 --draw-moves 8 --draw-after 40 \
  --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 \
  --pgn-out tools/match/results/sprt-search3/games.pgn --json-out tools/match/results/sprt-search3/summary.json --resume
