#!/usr/bin/env python3
# Stockfish 15.1 (go nodes N) on each position of the EPD: its best score and move for the side
# to move, and the score after the move played in the game. Usage: sf_verdict.py EPD NODES
import chess, chess.engine, sys, re
eng = chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish")
eng.configure({"Hash": 64, "Threads": 1})
for line in open(sys.argv[1]):
    epd=line.split(' c0 ')[0]; played=re.search(r'move \d+ (\S+),',line).group(1)
    b=chess.Board(epd+" 0 1")
    info=eng.analyse(b, chess.engine.Limit(nodes=int(sys.argv[2])))
    sc=info["score"].pov(b.turn).score(mate_score=9900)
    # and the value of the move Vidle played
    b2=b.copy(); b2.push_san(played)
    info2=eng.analyse(b2, chess.engine.Limit(nodes=int(sys.argv[2])))
    sc2=-info2["score"].pov(b2.turn).score(mate_score=9900)
    print(f"{played:7s} best {sc:+5d} {b.san(info['pv'][0]):7s} played {sc2:+5d}", flush=True)
eng.quit()
