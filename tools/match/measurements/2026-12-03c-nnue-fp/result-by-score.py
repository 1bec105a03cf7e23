# The game results of quiet positions by White's search score (bins of 100 cp), over 30 random
# chunk files of each of vidle-4's seeds: the figures behind "+300 cp won 81–85 %" in
# docs/nnue-bootstrap.md ("fp"). Pure Python; run as `python3 result-by-score.py`.
import struct, glob, math, sys, random
d = '/root/.local/share/vidle/nnue-boot4/'
for seed in ['20261203', '20261205']:
    files = sorted(glob.glob(d + f'seed-{seed}/*'))
    files = [f for f in files if not f.endswith('.txt')]
    random.seed(1); sample = random.sample(files, 30)
    bins = {}
    n = 0
    for f in sample:
        b = open(f, 'rb').read()
        for i in range(0, len(b) - 31, 32):
            score = struct.unpack_from('<h', b, i + 28)[0]
            res = b[i + 30] / 2.0
            if not (b[i + 31] & 1): continue
            k = max(-8, min(8, int(round(score / 100))))
            s = bins.setdefault(k, [0, 0.0, 0, 0, 0])
            s[0] += 1; s[1] += res
            s[2 + b[i+30]] += 1
            n += 1
    print(seed, n, 'quiet records in', len(sample), 'files')
    for k in sorted(bins):
        c, r, l, dr, w = bins[k]
        print(f'  score {k*100:+5d}: n {c:7d}  mean result {r/c:.3f}  sigmoid {1/(1+math.exp(-k*100/400)):.3f}  L/D/W {l/c:.2f}/{dr/c:.2f}/{w/c:.2f}')
