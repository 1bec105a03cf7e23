# Rescale the new Stockfish scores to main's scale (x1.0645) and keep |score| <= 250, as main's data.
import sys
n=k=0
with open(sys.argv[2],'w') as out:
    for line in open(sys.argv[1]):
        p=[x.strip() for x in line.split('|')]
        if len(p)!=3: continue
        try: s=round(int(p[1])*1.0645)
        except ValueError: continue
        n+=1
        if abs(s)<=250:
            k+=1; out.write(f"{p[0]} | {s} | {p[2]}\n")
print(n,k)
