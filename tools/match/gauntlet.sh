#!/usr/bin/env bash
# Gauntlet: our engine against a fixed list of reference engines, one match
# each (tools/match/match.py).  Results go to tools/match/results/<stamp>/:
# <opponent>.pgn, .json, .log and summary.txt.
#
# Usage: tools/match/gauntlet.sh [options] [-- extra match.py arguments]
#   -e CMD    our engine's command line     (default: target/release/vidle)
#   -N NAME   our engine's name in the PGN  (default: its UCI id name)
#   -n GAMES  games per opponent            (default: 20)
#   -t TC     time control BASE+INC         (default: 10+0.1)
#   -c N      games in parallel             (default: 1)
#   -b FILE   openings .pgn/.epd            (default: shared 8moves_v3.pgn)
#   -s SEED   opening shuffle seed          (default: 1)
#   -o LIST   comma-separated opponents     (default: sf2000,sf2850,glaurung,toga2,ethereal)
#             known: sf1500 sf2000 sf2850 glaurung toga2 ethereal gnuchess
#   -r DIR    results directory             (default: tools/match/results/<stamp>)
#   -R N      rounds (default: 1): each round plays GAMES games against every
#             opponent in turn, round r with seed SEED+r-1 (fresh openings),
#             into DIR/r<r>/; the summary adds the rounds up (combine.py).
#             Stopped early, every opponent still has about as many games.
#   -A        no score adjudication (default: resign 1000cp/4 moves,
#             draw 10cp/8 moves after move 40)
# Example: tools/match/gauntlet.sh -n 40 -t 5+0.05 -c 2 -- --option1 Hash=64
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$ROOT"     # so that the default engine path is relative to the repo root

ENGINE="target/release/vidle"
NAME=""
GAMES=20
TC="10+0.1"
CONC=1
BOOK="${SHARED_DATA:-/work/shared/data}/openings/8moves_v3.pgn"
SEED=1
OPPONENTS="sf2000,sf2850,glaurung,toga2,ethereal"
RESULTS=""
ROUNDS=1
ADJ=(--resign-score 1000 --resign-moves 4 --draw-score 10 --draw-moves 8 --draw-after 40)

while getopts "e:N:n:t:c:b:s:o:r:R:Ah" opt; do
    case "$opt" in
        e) ENGINE="$OPTARG" ;;
        N) NAME="$OPTARG" ;;
        n) GAMES="$OPTARG" ;;
        t) TC="$OPTARG" ;;
        c) CONC="$OPTARG" ;;
        b) BOOK="$OPTARG" ;;
        s) SEED="$OPTARG" ;;
        o) OPPONENTS="$OPTARG" ;;
        r) RESULTS="$OPTARG" ;;
        R) ROUNDS="$OPTARG" ;;
        A) ADJ=() ;;
        h) sed -n '2,23p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ "${1:-}" = "--" ] && shift
EXTRA=("$@")

# Debian puts engines in /usr/games, which is often not in PATH (GAMES_DIR
# overrides that directory; the self-test uses it to play a missing engine).
GAMES_DIR="${GAMES_DIR:-/usr/games}"
bin() {
    if command -v "$1" >/dev/null 2>&1; then command -v "$1"
    elif [ -x "$GAMES_DIR/$1" ]; then echo "$GAMES_DIR/$1"
    else echo "error: $1 not found; run tools/match/install.sh" >&2; return 1
    fi
}

# Sets OPP to the match.py arguments for engine 2.  Books are turned off
# where the engine has one (OwnBook); one thread, no pondering, small hash.
opponent() {
    local prog
    case "$1" in
        sf1500|sf2000|sf2850) prog=stockfish ;;
        ethereal) prog=ethereal-chess ;;
        glaurung|toga2|gnuchess) prog="$1" ;;
        *)  echo "error: unknown opponent '$1'" >&2; return 1 ;;
    esac
    prog="$(bin "$prog")" || return 1
    case "$1" in
        sf1500|sf2000|sf2850)
            OPP=(--engine2 "$prog" --name2 "Stockfish-${1#sf}"
                 --option2 UCI_LimitStrength=true --option2 "UCI_Elo=${1#sf}"
                 --option2 Threads=1 --option2 Hash=16) ;;
        glaurung)
            OPP=(--engine2 "$prog" --option2 OwnBook=false
                 --option2 Threads=1 --option2 Ponder=false --option2 Hash=16) ;;
        toga2)
            OPP=(--engine2 "$prog" --option2 OwnBook=false
                 --option2 "Number of Threads=1" --option2 Hash=16) ;;
        ethereal)
            OPP=(--engine2 "$prog" --option2 Threads=1 --option2 Hash=16) ;;
        gnuchess)
            OPP=(--engine2 "$prog --uci" --option2 OwnBook=false --option2 Hash=16) ;;
    esac
}

first="${ENGINE%% *}"
if [[ "$first" == */* && ! -x "$first" ]]; then
    echo "error: engine '$first' not found or not executable" >&2
    echo "       (build it with: cargo build --release)" >&2
    exit 2
fi

# Every opponent is looked up before the first game: a missing one stops the
# gauntlet here rather than after hours of games against the others.
IFS=',' read -r -a LIST <<< "$OPPONENTS"
for opp in "${LIST[@]}"; do
    opponent "$opp" || exit 2
done

[ -f "$BOOK" ] || echo "warning: openings '$BOOK' not found; playing from the start position" >&2

[ -n "$RESULTS" ] || RESULTS="$HERE/results/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$RESULTS"
NAME_ARGS=()
[ -n "$NAME" ] && NAME_ARGS=(--name1 "$NAME")

{
    echo "engine: $ENGINE"
    echo "games: $GAMES  rounds: $ROUNDS  tc: $TC  concurrency: $CONC  openings: $BOOK  seed: $SEED"
    echo "adjudication: ${ADJ[*]:-none}  extra: ${EXTRA[*]:-none}"
} > "$RESULTS/settings.txt"

status=0
for ((round = 1; round <= ROUNDS; round++)); do
    OUT="$RESULTS"
    if [ "$ROUNDS" -gt 1 ]; then OUT="$RESULTS/r$round"; mkdir -p "$OUT"; fi
    OPENING_ARGS=()
    [ -f "$BOOK" ] && OPENING_ARGS=(--openings "$BOOK" --seed $((SEED + round - 1)))
    for opp in "${LIST[@]}"; do
        opponent "$opp" || { status=1; continue; }
        echo "=== $opp round $round/$ROUNDS ($(date +%H:%M:%S))"
        if ! python3 "$HERE/match.py" --engine1 "$ENGINE" "${NAME_ARGS[@]}" "${OPP[@]}" \
                --tc "$TC" --games "$GAMES" --concurrency "$CONC" \
                "${OPENING_ARGS[@]}" "${ADJ[@]}" --event "gauntlet $opp" \
                --pgn-out "$OUT/$opp.pgn" --json-out "$OUT/$opp.json" \
                "${EXTRA[@]}" 2>&1 | tee "$OUT/$opp.log"; then
            echo "match against $opp failed (see $OUT/$opp.log)" >&2
            status=1
        fi
    done
done

python3 "$HERE/combine.py" "$RESULTS" | tee "$RESULTS/summary.txt"
echo "results in $RESULTS"
exit $status
