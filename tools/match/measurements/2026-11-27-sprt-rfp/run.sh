#!/bin/bash
# Branch try-nmp-rfp (15e9572, bench 5659787, /work/bins/vidle-try-rfp; the code as change.patch
# here): reverse futility pruning returns beta + (eval - beta) / 3 instead of eval (Stockfish's
# return value since 2024). Against main a48e894 (bench 5965227, /work/bins/vidle-main-a48e894),
# both built with target-cpu=native. Stopped at 214 games, LLR -0.62; resumable from its PGN.
exec "$(dirname "$0")/../../sprt.sh" try-rfp 2047 /work/bins/vidle-try-rfp /work/bins/vidle-main-a48e894
