#!/usr/bin/env bash
# Self-play SPRT with the project's standard settings: a new build against a base build,
# 5+0.05, one thread, 16 MB hash, two games at a time, UHO_4060_v4 openings (unbalanced:
# fewer draws, so a decision in fewer games) each played with both colours, the gauntlet's
# adjudication, elo0 = 0, elo1 = 10, alpha = beta = 0.05. The games go to
# tools/match/results/NAME/ (games.pgn, summary.json); run it again with the same NAME and
# it resumes from the PGN.
#
# Usage: tools/match/sprt.sh NAME SEED NEW_BIN BASE_BIN [extra match.py arguments]
#   NAME      the test's name (results directory; the engines are "NAME" and "base")
#   SEED      opening shuffle seed (a fresh one per test)
#   NEW_BIN   the engine under test, BASE_BIN the reference
# Environment: SHARED_DATA (default /work/shared/data), TC (default 5+0.05),
#   CONC (default 2), BOUNDS (default elo0=0,elo1=10,alpha=0.05,beta=0.05).
# Example: tools/match/sprt.sh sprt-refit4 2016 /work/bins/vidle-new /work/bins/vidle-main
set -euo pipefail

if [ $# -lt 4 ]; then
    sed -n '2,16p' "$0" >&2
    exit 2
fi
NAME="$1" SEED="$2" NEW="$3" BASE="$4"
shift 4

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$ROOT"
DATA="${SHARED_DATA:-/work/shared/data}"
OUT="tools/match/results/$NAME"
mkdir -p "$OUT"
BOOK="tools/match/results/UHO_4060_v4.epd"
[ -f "$BOOK" ] || unzip -o -q "$DATA/openings/UHO_4060_v4.epd.zip" -d tools/match/results/

exec python3 tools/match/match.py \
    --engine1 "$NEW" --name1 "$NAME" --engine2 "$BASE" --name2 base \
    --tc "${TC:-5+0.05}" --games 20000 --concurrency "${CONC:-2}" \
    --option Hash=16 --option Threads=1 \
    --openings "$BOOK" --seed "$SEED" \
    --resign-score 1000 --resign-moves 4 --draw-score 10 --draw-moves 8 --draw-after 40 \
    --sprt "${BOUNDS:-elo0=0,elo1=10,alpha=0.05,beta=0.05}" \
    --pgn-out "$OUT/games.pgn" --json-out "$OUT/summary.json" --resume "$@"
