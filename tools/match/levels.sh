#!/usr/bin/env bash
# Calibration of Vidle's limited-strength levels: for each Elo, Vidle with UCI_LimitStrength and
# that UCI_Elo plays Stockfish 15.1 with UCI_LimitStrength at the same UCI_Elo (its minimum is
# 1350). A well-calibrated level scores about 50%.
#
# Usage: tools/match/levels.sh [-e ENGINE] [-n GAMES] [-t TC] [-c N] [ELO ...]
#   defaults: target/release/vidle, 16 games, 5+0.05, 2 in parallel, Elos 1400 1700 2000 2300 2600
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
cd "$HERE/../.."
ENGINE="target/release/vidle"; GAMES=16; TC="5+0.05"; CONC=2
while getopts "e:n:t:c:" opt; do
    case "$opt" in
        e) ENGINE="$OPTARG" ;; n) GAMES="$OPTARG" ;; t) TC="$OPTARG" ;; c) CONC="$OPTARG" ;;
        *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
ELOS=("$@"); [ ${#ELOS[@]} -gt 0 ] || ELOS=(1400 1700 2000 2300 2600)
SF="$(command -v stockfish || echo /usr/games/stockfish)"
OUT="tools/match/results/levels-$(date +%Y%m%d-%H%M%S)"; mkdir -p "$OUT"
for elo in "${ELOS[@]}"; do
    python3 tools/match/match.py --engine1 "$ENGINE" --name1 "Vidle-$elo" \
        --option1 UCI_LimitStrength=true --option1 "UCI_Elo=$elo" --option1 Hash=16 \
        --engine2 "$SF" --name2 "Stockfish-$elo" \
        --option2 UCI_LimitStrength=true --option2 "UCI_Elo=$elo" --option2 Hash=16 --option2 Threads=1 \
        --tc "$TC" --games "$GAMES" --concurrency "$CONC" \
        --openings "${SHARED_DATA:-../shared/data}/openings/8moves_v3.pgn" --seed "$elo" \
        --resign-score 1000 --resign-moves 4 \
        --pgn-out "$OUT/$elo.pgn" 2>&1 | tee "$OUT/$elo.log" | tail -n 4
done
