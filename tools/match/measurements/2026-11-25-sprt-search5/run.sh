# The search bundle of ../2026-11-25-sprt-search4 plus a continuation correction history and
# main-search fail-high softening (branch try-search5, e3672c8, bench 3412144) against main
# (2402aa0, bench 5447150). New /work/bins/vidle-s5 (built from e3672c8), base
# /work/bins/vidle-main (built from 2402aa0).
exec "$(dirname "$0")/../../sprt.sh" sprt-search5 2022 /work/bins/vidle-s5 /work/bins/vidle-main
