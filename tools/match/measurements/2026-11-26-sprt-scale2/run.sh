# Branch try-scale2 (b123cf4, bench 5859323, /work/bins/vidle-scale2): endgame scale (in 1/64)
# 32 for opposite-coloured bishops alone (was 40), 53 with one knight a side, 48 with one rook a
# side, otherwise 48 + 4 per pawn of the stronger side up to 64 (after Ethereal's scale
# factors); no refit. Against main 03e2bd0 (bench 5965227, /work/bins/vidle-main-03e2bd0), both
# built with target-cpu=native. Stopped at 248 games, LLR -0.76, to resume
# ../2026-11-26-sprt-checksee; resumable with the same NAME from its PGN.
exec "$(dirname "$0")/../../sprt.sh" sprt-scale2 2045 /work/bins/vidle-scale2 /work/bins/vidle-main-03e2bd0
