#!/bin/bash
# Branch try-deep (999dfdd, bench 5656458, /work/bins/vidle-try-deep; the weights as
# change.patch here): every evaluation weight refitted towards Stockfish 15.1 at 8000 nodes on
# 531,570 match-game positions (README.md here). Against main a48e894 (bench 5965227,
# /work/bins/vidle-main-a48e894), both built with target-cpu=native. Stopped at 76 games.
exec "$(dirname "$0")/../../sprt.sh" try-deep 2046 /work/bins/vidle-try-deep /work/bins/vidle-main-a48e894
