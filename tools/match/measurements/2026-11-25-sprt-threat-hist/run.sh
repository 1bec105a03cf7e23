# Threat-indexed butterfly history alone (branch try-threat-hist, 88b9958, bench 5447150; the
# ordering bonuses of ../2026-11-25-sprt-threats left out): four from-to tables per colour, by
# whether the enemy attacks the from and the to square. New (/work/bins/vidle-thrhist) against
# main (3993f8c, bench 5479300, /work/bins/vidle-main).
exec "$(dirname "$0")/../../sprt.sh" sprt-threat-hist 2020 /work/bins/vidle-thrhist /work/bins/vidle-main
