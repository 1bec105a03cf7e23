#!/usr/bin/env python3
"""Trains Vidle's evaluation network on `vidle-tune gen` data and writes it in Vidle's format.

    python3 train.py --hidden 256 --epochs 40 --out net.nnue DATA.txt[.xz] ...

Data lines are `FEN | score | result`: the search's score in centipawns and the game's result
(1.0, 0.5, 0.0), both from White's side. The target is a blend of the two, as a probability:
`lambda * sigmoid(score / 400) + (1 - lambda) * result`, seen from the side to move.

The network (see crates/engine/src/nnue.rs, which reads what this writes):
  768 inputs per side (own/their colour x 6 roles x 64 squares, the square mirrored for
  Black's view) -> H accumulator units, shared weights for both sides -> SCReLU (clamp to
  [0, 1], squared) of [side to move's units, other side's units] -> 1 output, times 400 = cp.
Quantised: accumulator weights and biases x 255 (i16), output weights x 64 (i16), output bias
x 255 x 64 (i32). File: b"VDNN", u32 version 1, u32 H, then those four arrays, little endian.
"""
import argparse, lzma, math, multiprocessing as mp, struct, sys, time
import numpy as np

try:
    import torch
except ImportError:  # the data and arithmetic helpers work without it
    torch = None

QA, QB, SCALE = 255, 64, 400
PAD = 768
ROLES = {'p': 0, 'n': 1, 'b': 2, 'r': 3, 'q': 4, 'k': 5}


def features(board):
    """(white-view indices, black-view indices) of the pieces on a FEN board field."""
    w, b = [], []
    rank, file = 7, 0
    for ch in board:
        if ch == '/':
            rank -= 1
            file = 0
        elif ch.isdigit():
            file += int(ch)
        else:
            sq = rank * 8 + file
            colour = 0 if ch.isupper() else 1
            role = ROLES[ch.lower()]
            w.append(colour * 384 + role * 64 + sq)
            b.append((1 - colour) * 384 + role * 64 + (sq ^ 56))
            file += 1
    return w, b


def parse_line(line):
    try:
        fen, score, result = line.split(' | ')
        fields = fen.split()
        w, b = features(fields[0])
        if len(w) > 32:
            return None
        score, result = float(score), float(result)
        if fields[1] == 'b':
            w, b = b, w
            score, result = -score, 1.0 - result
        return w, b, score, result
    except (ValueError, KeyError, IndexError):
        return None


def parse_chunk(lines):
    n = len(lines)
    us = np.full((n, 32), PAD, np.int16)
    them = np.full((n, 32), PAD, np.int16)
    score = np.zeros(n, np.float32)
    result = np.zeros(n, np.float32)
    k = 0
    for line in lines:
        p = parse_line(line.strip())
        if p is None:
            continue
        us[k, :len(p[0])] = p[0]
        them[k, :len(p[1])] = p[1]
        score[k], result[k] = p[2], p[3]
        k += 1
    return us[:k], them[:k], score[:k], result[:k]


RECORD = np.dtype([('occ', '<u8'), ('pcs', 'u1', 16), ('stm_ep', 'u1'), ('half', 'u1'),
                   ('full', '<u2'), ('score', '<i2'), ('result', 'u1'), ('flags', 'u1')])


def packed_files(path):
    """The .vpk chunk files of a path: the file itself, or those a directory's manifest.tsv lists."""
    import os
    if os.path.isdir(path):
        with open(os.path.join(path, 'manifest.tsv')) as f:
            return [os.path.join(path, l.split('\t')[0]) for l in f if l.strip()]
    return [path]


def decode_packed(data, quiet_only=True, max_score=None, dedup=False):
    """Features of packed 32-byte records (crates/train/src/packed.rs), from the mover's view.

    Returns (us, them, score, result) like parse_chunk. Records whose best move was not quiet
    (the generator's flag: in check, a capture or promotion, or a capture winning material)
    are dropped with quiet_only; |score| above max_score too; dedup keeps the first record of
    each position (board, side, castling, en passant)."""
    r = np.frombuffer(data, RECORD)
    keep = np.ones(len(r), bool)
    if quiet_only:
        keep &= (r['flags'] & 1) == 1
    if max_score is not None:
        keep &= np.abs(r['score'].astype(np.int32)) <= max_score
    r = r[keep]
    if dedup and len(r):
        raw = r.view(np.uint8).reshape(-1, 32)[:, :25]
        _, first = np.unique(np.ascontiguousarray(raw).view(np.dtype((np.void, 25))).ravel(),
                             return_index=True)
        r = r[np.sort(first)]
    n = len(r)
    bits = ((r['occ'][:, None] >> np.arange(64, dtype=np.uint64)) & np.uint64(1)).astype(bool)
    # The occupied squares in ascending order, then padding.
    squares = np.argsort(~bits, axis=1, kind='stable')[:, :32].astype(np.int16)
    valid = np.arange(32)[None, :] < bits.sum(1)[:, None]
    nib = np.stack([r['pcs'] & 0xF, r['pcs'] >> 4], axis=2).reshape(n, 32).astype(np.int16)
    role = nib & 7
    role[role == 6] = 3  # a rook with its castling right
    colour = nib >> 3
    white_view = colour * 384 + role * 64 + squares
    black_view = (1 - colour) * 384 + role * 64 + (squares ^ 56)
    white_view[~valid] = PAD
    black_view[~valid] = PAD
    black = (r['stm_ep'] & 0x80) != 0
    us = np.where(black[:, None], black_view, white_view).astype(np.int16)
    them = np.where(black[:, None], white_view, black_view).astype(np.int16)
    score = r['score'].astype(np.float32)
    result = r['result'].astype(np.float32) / 2
    score = np.where(black, -score, score)
    result = np.where(black, 1 - result, result)
    return us, them, score, result


def record_fen(r):
    """The FEN of one packed record (castling as Shredder-FEN file letters)."""
    occ, k, board, castle = int(r['occ']), 0, [''] * 64, []
    for sq in range(64):
        if occ >> sq & 1:
            nib = (r['pcs'][k // 2] >> (4 * (k % 2))) & 0xF
            k += 1
            role = nib & 7
            ch = 'pnbrqkr'[role]
            if role == 6:
                castle.append(('ABCDEFGH' if nib < 8 else 'abcdefgh')[sq % 8])
            board[sq] = ch.upper() if nib < 8 else ch
    ranks = []
    for rank in range(7, -1, -1):
        row, empty = '', 0
        for f in range(8):
            c = board[rank * 8 + f]
            if c:
                row += (str(empty) if empty else '') + c
                empty = 0
            else:
                empty += 1
        ranks.append(row + (str(empty) if empty else ''))
    ep = r['stm_ep'] & 0x7F
    ep_text = '-' if ep == 64 else 'abcdefgh'[ep % 8] + str(ep // 8 + 1)
    side = 'b' if r['stm_ep'] & 0x80 else 'w'
    castling = ''.join(sorted(castle, key=lambda c: (c.islower(), c))) or '-'
    return f"{'/'.join(ranks)} {side} {castling} {ep_text} {r['half']} {r['full']}"


def load(paths, procs, dedup=False, max_score=None):
    if all(not p.endswith(('.txt', '.xz')) for p in paths):
        files = [f for p in paths for f in packed_files(p)]
        data = b''.join(open(f, 'rb').read() for f in files)
        return list(decode_packed(data, max_score=max_score, dedup=dedup))
    lines = []
    for p in paths:
        opener = lzma.open if p.endswith('.xz') else open
        with opener(p, 'rt') as f:
            lines.extend(f.readlines())
    chunks = [lines[i:i + 50000] for i in range(0, len(lines), 50000)]
    with mp.Pool(procs) as pool:
        parts = pool.map(parse_chunk, chunks)
    return [np.concatenate([p[i] for p in parts]) for i in range(4)]


if torch is not None:
    class Net(torch.nn.Module):
        def __init__(self, hidden):
            super().__init__()
            self.ft = torch.nn.Embedding(PAD + 1, hidden, padding_idx=PAD)
            torch.nn.init.normal_(self.ft.weight, 0.0, 0.1)
            with torch.no_grad():
                self.ft.weight[PAD].zero_()
            self.ft_b = torch.nn.Parameter(torch.zeros(hidden))
            self.out = torch.nn.Linear(2 * hidden, 1)

        def forward(self, us, them):
            a = self.ft(us).sum(1) + self.ft_b
            b = self.ft(them).sum(1) + self.ft_b
            x = torch.cat([a.clamp(0, 1) ** 2, b.clamp(0, 1) ** 2], 1)
            return self.out(x).squeeze(1)

        def clip(self):
            with torch.no_grad():
                lim = 127.0 / QB
                self.out.weight.clamp_(-lim, lim)
                self.ft.weight.clamp_(-lim, lim)
                self.ft.weight[PAD].zero_()


def quantise(net):
    ft_w = np.round(net.ft.weight.detach().cpu().numpy()[:PAD] * QA).astype(np.int16)
    ft_b = np.round(net.ft_b.detach().cpu().numpy() * QA).astype(np.int16)
    out_w = np.round(net.out.weight.detach().cpu().numpy()[0] * QB).astype(np.int16)
    out_b = int(round(float(net.out.bias.detach().cpu().numpy()[0]) * QA * QB))
    return ft_w, ft_b, out_w, out_b


def int_eval(q, us, them):
    """The engine's integer arithmetic, for the check file."""
    ft_w, ft_b, out_w, out_b = q
    h = len(ft_b)
    a = ft_b.astype(np.int32) + ft_w[[i for i in us if i != PAD]].astype(np.int32).sum(0)
    b = ft_b.astype(np.int32) + ft_w[[i for i in them if i != PAD]].astype(np.int32).sum(0)
    a = np.clip(a, 0, QA)
    b = np.clip(b, 0, QA)
    s = int((a * a * out_w[:h]).sum() + (b * b * out_w[h:]).sum())
    # Integer division toward zero, as Rust's `/` does.
    v = int(s / QA) if s >= 0 else -int(-s // QA)
    v += out_b
    t = v * SCALE
    return t // (QA * QB) if t >= 0 else -((-t) // (QA * QB))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('data', nargs='+')
    ap.add_argument('--hidden', type=int, default=256)
    ap.add_argument('--epochs', type=int, default=40)
    ap.add_argument('--batch', type=int, default=16384)
    ap.add_argument('--lr', type=float, default=1e-3)
    ap.add_argument('--wdl', type=float, default=0.0, help='weight of the game result in the target (0 by measurement: docs/lab/nnue.md)')
    ap.add_argument('--holdout', type=float, default=0.02)
    ap.add_argument('--procs', type=int, default=16)
    ap.add_argument('--out', required=True)
    ap.add_argument('--check', help='write FEN | expected integer eval lines of held-out positions')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--dedup', action='store_true', help='packed data: one record per position')
    ap.add_argument('--max-score', type=int, help='packed data: drop |score| above this')
    args = ap.parse_args()

    t0 = time.time()
    us, them, score, result = load(args.data, args.procs, args.dedup, args.max_score)
    n = len(score)
    print(f'{n} positions loaded in {time.time() - t0:.0f} s', flush=True)
    rng = np.random.default_rng(args.seed)
    perm = rng.permutation(n)
    nval = max(1, int(n * args.holdout))
    val, tr = perm[:nval], perm[nval:]
    dev = 'cuda' if torch.cuda.is_available() else 'cpu'
    torch.manual_seed(args.seed)
    US = torch.from_numpy(us.astype(np.int64)).to(dev)
    TH = torch.from_numpy(them.astype(np.int64)).to(dev)
    target = (1 - args.wdl) * torch.sigmoid(torch.from_numpy(score) / SCALE) + args.wdl * torch.from_numpy(result)
    TG = target.to(dev)
    net = Net(args.hidden).to(dev)
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    steps_per_epoch = math.ceil(len(tr) / args.batch)
    total = steps_per_epoch * args.epochs
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 0.5 * (1 + math.cos(math.pi * min(s, total) / total)) * 0.97 + 0.03)
    trt = torch.from_numpy(tr).to(dev)
    valt = torch.from_numpy(val).to(dev)

    def val_loss():
        with torch.no_grad():
            tot = 0.0
            for i in range(0, len(valt), 65536):
                idx = valt[i:i + 65536]
                p = torch.sigmoid(net(US[idx], TH[idx]) * SCALE / 400)
                tot += float(((p - TG[idx]) ** 2).sum())
            return tot / len(valt)

    for epoch in range(args.epochs):
        order = trt[torch.randperm(len(trt), device=dev)]
        for s in range(steps_per_epoch):
            idx = order[s * args.batch:(s + 1) * args.batch]
            p = torch.sigmoid(net(US[idx], TH[idx]) * SCALE / 400)
            loss = ((p - TG[idx]) ** 2).mean()
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            sched.step()
            net.clip()
        if epoch % 5 == 4 or epoch == args.epochs - 1:
            print(f'epoch {epoch + 1}: val {val_loss():.6f} ({time.time() - t0:.0f} s)', flush=True)

    # The float weights too, so that a network can be quantised again with other scales.
    torch.save(net.state_dict(), args.out + '.pt')
    q = quantise(net)
    ft_w, ft_b, out_w, out_b = q
    with open(args.out, 'wb') as f:
        f.write(b'VDNN')
        f.write(struct.pack('<II', 1, args.hidden))
        f.write(ft_w.astype('<i2').tobytes())
        f.write(ft_b.astype('<i2').tobytes())
        f.write(out_w.astype('<i2').tobytes())
        f.write(struct.pack('<i', out_b))
    print(f'wrote {args.out}: hidden {args.hidden}, max |ft| {np.abs(ft_w).max()}, max |out| {np.abs(out_w).max()}, out bias {out_b}')
    if args.check:
        # Held-out positions, re-read as text so the engine can parse the same FENs.
        lines = []
        for p in args.data:
            if p.endswith(('.txt', '.xz')):
                opener = lzma.open if p.endswith('.xz') else open
                with opener(p, 'rt') as f:
                    for line in f:
                        lines.append(line)
                        if len(lines) >= 400:
                            break
            else:
                data = open(packed_files(p)[0], 'rb').read()[:400 * 32]
                lines = [f'{record_fen(r)} | 0 | 0.5' for r in np.frombuffer(data, RECORD)]
            break
        with open(args.check, 'w') as f:
            for line in lines:
                p = parse_line(line.strip())
                if p is None:
                    continue
                fen = line.split(' | ')[0]
                with torch.no_grad():
                    u = torch.tensor([p[0] + [PAD] * (32 - len(p[0]))], device=dev)
                    t = torch.tensor([p[1] + [PAD] * (32 - len(p[1]))], device=dev)
                    fl = float(net(u, t)[0]) * SCALE
                f.write(f'{fen} | {int_eval(q, p[0], p[1])} | {fl:.1f}\n')


if __name__ == '__main__':
    main()
