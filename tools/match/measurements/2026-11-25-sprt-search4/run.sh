# Search bundle (branch try-search4, ef6ed7e, bench 3770573) against main (2402aa0, bench 5447150):
# a history bonus for a quiet TT move that cuts a node from the table, a butterfly update for
# the opponent's quiet move by how much it changed the static evaluation, the remaining moves a
# ply shallower once one raised alpha (depths 3 to 11), quiescence stand pat from the TT score
# when its bound allows, and quiescence fail-high scores pulled towards beta.
# New /work/bins/vidle-s4 (built from ef6ed7e), base /work/bins/vidle-main (built from 2402aa0).
exec "$(dirname "$0")/../../sprt.sh" sprt-search4 2021 /work/bins/vidle-s4 /work/bins/vidle-main
