# Branch try-qs-standpat (123ad31, bench 5589571, /work/bins/vidle-qs): the quiescence stand pat
# replaced by the TT score when its bound allows (the change that looked best in the quick
# matches of ../2026-11-26-sprt-search6), against main e5ae059 (bench 5783575,
# /work/bins/vidle-sel), both built with target-cpu=native. Stopped at 148 games, LLR -0.56,
# at the session's end; resumable with the same NAME from its PGN.
exec "$(dirname "$0")/../../sprt.sh" sprt-qs-standpat 2041 /work/bins/vidle-qs /work/bins/vidle-sel
