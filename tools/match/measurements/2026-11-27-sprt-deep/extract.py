"""Quiet match-game positions (as sflabel.py's extract) in vidle-tune gen format, shuffled."""
import random, sys
sys.path.insert(0, "/work/main/tools/match")
from sflabel import extract
import glob
games = extract(sorted(glob.glob("/work/main/tools/match/measurements/*/games.pgn.gz")))
rows = [(fen, mv, res) for g in games for fen, mv, res in g]
print(len(games), "games", len(rows), "positions", file=sys.stderr)
random.Random(7).shuffle(rows)
with open("match.txt", "w") as f:
    for fen, mv, res in rows:
        f.write(f"{fen} | {mv} | 0 | {res}\n")
