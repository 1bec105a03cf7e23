# Move ordering by threats (branch next-threats, b2a68ea, bench 5359960): butterfly history
# kept apart by whether the from and to squares are attacked; quiet moves that save a piece
# attacked by something cheaper earn a bonus, those that step into such an attack a malus,
# direct quiet checks a bonus. New (/work/bins/vidle-thr) against main (3993f8c, bench 5479300,
# /work/bins/vidle-main).
exec "$(dirname "$0")/../../sprt.sh" sprt-threats 2019 /work/bins/vidle-thr /work/bins/vidle-main
