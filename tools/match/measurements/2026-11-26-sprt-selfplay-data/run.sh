# Branch try-selfplay-data (bench 5965227, /work/bins/vidle-spdata): every evaluation weight
# refitted on the 1.29 M Stockfish-scored match-game positions of main's fit plus 0.95 M
# self-play positions generated and scored by Stockfish on a lent 16-core machine (gen.sh),
# against main e5ae059 (bench 5783575, /work/bins/vidle-main-e5ae059), both built with
# target-cpu=native. Resumable with the same NAME from its PGN.
exec "$(dirname "$0")/../../sprt.sh" sprt-spdata 2042 /work/bins/vidle-spdata /work/bins/vidle-main-e5ae059
