#!/usr/bin/env python3
# Vidle's score (side to move) and first move at 0.6 M, 2.4 M and 9.6 M nodes for each position
# of an EPD made by `pgnstats.py misjudged --epd`; one line per position: the move played in
# the game, then score and move at each node count. Usage: vidle_nodes.py ENGINE EPD
import chess, chess.engine, sys, re
eng = chess.engine.SimpleEngine.popen_uci(sys.argv[1])
eng.configure({"Hash": 64, "Threads": 1})
rows=[]
for line in open(sys.argv[2]):
    epd=line.split(' c0 ')[0]; played=re.search(r'move \d+ (\S+),',line).group(1)
    b=chess.Board(epd+" 0 1")
    res=[]
    for n in (600_000, 2_400_000, 9_600_000):
        info=eng.analyse(b, chess.engine.Limit(nodes=n), game=object())
        sc=info["score"].pov(b.turn).score(mate_score=9900)
        mv=b.san(info["pv"][0])
        res.append((sc,mv))
    rows.append((played,res))
    print(played, " ".join(f"{s:+5d} {m:6s}" for s,m in res), flush=True)
eng.quit()
