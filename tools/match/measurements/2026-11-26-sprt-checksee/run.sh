# Branch try-checksee (4cdd930, bench 5334156, /work/bins/vidle-checksee): the check extension
# only for checks that do not lose material (SEE >= 0), and the static evaluation scaled by
# (200 - halfmove clock) / 200; against main 03e2bd0 (bench 5965227, /work/bins/vidle-main-03e2bd0),
# both built with target-cpu=native. Stopped at 333 games (LLR -0.22) for the endgame-scale test
# (../2026-11-26-sprt-scale2), resumed from its PGN, stopped at 793 games (LLR -1.95) at the
# session's end; resumable with the same NAME from its PGN.
exec "$(dirname "$0")/../../sprt.sh" sprt-checksee 2044 /work/bins/vidle-checksee /work/bins/vidle-main-03e2bd0
