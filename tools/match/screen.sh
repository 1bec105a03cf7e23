#!/usr/bin/env bash
# A network screen with the project's standard arguments (fl's, docs/lab/nnue-bootstrap.md): two
# evaluation networks in the same binary, 10,000 nodes a move, one thread, 16 MB hash, two
# games at a time, 8moves_v3 openings each played with both colours, the usual adjudication.
# A fixed node count measures the evaluation alone (no clock, so a background job does not
# bias it); a candidate that screens well then goes through sprt.sh at a clock.
#
# Usage: tools/match/screen.sh BIN SEED GAMES NAME1 NET1 NAME2 NET2 OUTDIR [extra match.py arguments]
#   BIN          the vidle binary both sides run
#   SEED         opening shuffle seed (91/200, 92/400 and 93/400 games are the usual ones)
#   NAMEi NETi   each side's name and network file; NET "-" is the binary's built-in network
#   OUTDIR       gets screen-NAME1-vs-NAME2-10k-seedSEED.{pgn,json,txt}
# Environment: SHARED_DATA (default /work/shared/data), NODES (default 10000).
# Prints the result's two summary lines (W/D/L and the pentanomial Elo).
# Example: tools/match/screen.sh target/release/vidle 92 400 fr85 fr85.nnue vidle-4 - /tmp/screens
set -euo pipefail

if [ $# -lt 8 ]; then
    sed -n '2,16p' "$0" >&2
    exit 2
fi
BIN="$1" SEED="$2" GAMES="$3" NAME1="$4" NET1="$5" NAME2="$6" NET2="$7" OUT="$8"
shift 8

HERE="$(cd "$(dirname "$0")" && pwd)"
DATA="${SHARED_DATA:-/work/shared/data}"
NODES="${NODES:-10000}"
mkdir -p "$OUT"
for net in "$NET1" "$NET2"; do
    if [ "$net" != "-" ] && [ ! -f "$net" ]; then
        echo "screen.sh: no network file $net" >&2
        exit 2
    fi
done
side_net() { # the --optionN argument for a side's network, none for the built-in one
    if [ "$2" != "-" ]; then
        echo "--option$1"
        echo "EvalFile=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
    fi
}
mapfile -t OPT1 < <(side_net 1 "$NET1")
mapfile -t OPT2 < <(side_net 2 "$NET2")
BASE="$OUT/screen-$NAME1-vs-$NAME2-$((NODES / 1000))k-seed$SEED"
python3 "$HERE/match.py" --nodes "$NODES" --concurrency 2 --option Hash=16 --option Threads=1 \
    --openings "$DATA/openings/8moves_v3.pgn" --seed "$SEED" \
    --resign-score 1000 --resign-moves 4 --draw-score 10 --draw-moves 8 --draw-after 40 \
    --engine1 "$BIN" --name1 "$NAME1" "${OPT1[@]}" --engine2 "$BIN" --name2 "$NAME2" "${OPT2[@]}" \
    --games "$GAMES" --pgn-out "$BASE.pgn" --json-out "$BASE.json" "$@" > "$BASE.txt" 2>&1
grep -E '^W/D/L|^Pairs' "$BASE.txt"
