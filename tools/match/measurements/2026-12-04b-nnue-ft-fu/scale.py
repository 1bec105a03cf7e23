#!/usr/bin/env python3
"""Writes a copy of a VDNN (version 3) network with its output weights and biases times F:
the same network, its evaluation scaled by F (to test what the evaluation's scale costs)."""
import struct, sys
src, dst, f = sys.argv[1], sys.argv[2], float(sys.argv[3])
b = bytearray(open(src, 'rb').read())
magic, ver, hidden, buckets = struct.unpack_from('<4sIII', b, 0)
assert magic == b'VDNN' and ver == 3, (magic, ver)
off = 16 + (768 * hidden + hidden) * 2
n_w = buckets * 2 * hidden
w = struct.unpack_from('<%dh' % n_w, b, off)
w = [max(-32768, min(32767, round(x * f))) for x in w]
struct.pack_into('<%dh' % n_w, b, off, *w)
off2 = off + n_w * 2
bias = struct.unpack_from('<%di' % buckets, b, off2)
struct.pack_into('<%di' % buckets, b, off2, *[round(x * f) for x in bias])
assert off2 + buckets * 4 == len(b), (off2, len(b))
open(dst, 'wb').write(bytes(b))
print(src, '->', dst, 'x', f, 'hidden', hidden, 'buckets', buckets)
