#!/usr/bin/env bash
# Calibration of Vidle's limited-strength levels: for each Elo, Vidle with UCI_LimitStrength and
# that UCI_Elo plays Stockfish 15.1 with UCI_LimitStrength at the same UCI_Elo (its minimum is
# 1350). A well-calibrated level scores about 50%.
#
# Levels below Stockfish's range are tied to the calibrated ones by steps: an argument A:B plays
# Vidle at UCI_Elo A against Vidle at UCI_Elo B (expected: A - B Elo).
#
# Usage: tools/match/levels.sh [-e ENGINE] [-n GAMES] [-t TC] [-c N] [ELO | A:B ...]
#   defaults: target/release/vidle, 40 games, 10+0.1, 1 at a time, Elos 1400 1700 2000 2300 2600
# Games, logs and JSON summaries go to $XDG_DATA_HOME/vidle/levels/DATE/ (outside the repository).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
cd "$HERE/../.."
ENGINE="target/release/vidle"; GAMES=40; TC="10+0.1"; CONC=1
while getopts "e:n:t:c:" opt; do
    case "$opt" in
        e) ENGINE="$OPTARG" ;; n) GAMES="$OPTARG" ;; t) TC="$OPTARG" ;; c) CONC="$OPTARG" ;;
        *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
ELOS=("$@"); [ ${#ELOS[@]} -gt 0 ] || ELOS=(1400 1700 2000 2300 2600)
SF="$(command -v stockfish || echo /usr/games/stockfish)"
OUT="${XDG_DATA_HOME:-$HOME/.local/share}/vidle/levels/$(date +%Y%m%d-%H%M%S)"; mkdir -p "$OUT"
for elo in "${ELOS[@]}"; do
    if [[ "$elo" == *:* ]]; then
        a="${elo%%:*}"; b="${elo##*:}"
        OPP=(--engine2 "$ENGINE" --name2 "Vidle-$b" --option2 UCI_LimitStrength=true
             --option2 "UCI_Elo=$b" --option2 Hash=16)
        elo="$a"; tag="$a-vs-$b"
    else
        OPP=(--engine2 "$SF" --name2 "Stockfish-$elo" --option2 UCI_LimitStrength=true
             --option2 "UCI_Elo=$elo" --option2 Hash=16 --option2 Threads=1)
        tag="$elo"
    fi
    python3 tools/match/match.py --engine1 "$ENGINE" --name1 "Vidle-$elo" \
        --option1 UCI_LimitStrength=true --option1 "UCI_Elo=$elo" --option1 Hash=16 \
        "${OPP[@]}" \
        --tc "$TC" --games "$GAMES" --concurrency "$CONC" \
        --openings "${SHARED_DATA:-../shared/data}/openings/8moves_v3.pgn" --seed "$elo" \
        --resign-score 1000 --resign-moves 4 \
        --pgn-out "$OUT/$tag.pgn" --json-out "$OUT/$tag.json" 2>&1 | tee "$OUT/$tag.log" | tail -n 4
done
