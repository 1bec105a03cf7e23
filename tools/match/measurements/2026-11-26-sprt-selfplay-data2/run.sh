# Branch try-spdata2 (e1ff651, bench 5995470, /work/bins/vidle-spdata2): every evaluation weight
# refitted on main's data (1.29 M Stockfish-scored match-game positions, 0.95 M self-play
# positions from a lent machine) plus 0.50 M new self-play positions made and scored here
# (gen.sh, prep.py), against main 03e2bd0 (bench 5965227, /work/bins/vidle-main-03e2bd0),
# both built with target-cpu=native. Resumable with the same NAME from its PGN.
exec "$(dirname "$0")/../../sprt.sh" sprt-spdata2 2043 /work/bins/vidle-spdata2 /work/bins/vidle-main-03e2bd0
