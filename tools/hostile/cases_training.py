"""Training inputs (issue 85): `vidle train` given devices, FIFOs and numbers that are not numbers,
networks with weights that are not finite, `vidle datagen` extended and its thread cap."""

import os
import struct
import subprocess
import time

from harness import Skip, Uci, case, expect, have_fifo, run, tempdir


def float_weights(path, value, hidden=1):
    """The trainer's float weights (VDNF version 1, one bucket), every weight `value`."""
    n = 768 * hidden + hidden + 2 * hidden + 1
    open(path, "wb").write(b"VDNF" + struct.pack("<II", 1, hidden) + struct.pack("<f", value) * n)


def refused(b, args, want, d):
    """`vidle train --out D/net.nnue ARGS` fails within 10 s naming `want`, writing nothing."""
    out = os.path.join(d, "net.nnue")
    try:
        code, _, err = run(b, ["train", "--out", out, *args], timeout=10)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"train {' '.join(args)}: still running after 10 s")
    expect(code != 0 and want in err and "panicked" not in err, f"{args}: exit {code}: {err}")
    expect(not os.path.exists(out), f"{args}: wrote {out}")


@case("Training", "train: a chunk or --init that is /dev/zero is refused at once")
def _(b):
    with tempdir() as d:
        os.mkdir(os.path.join(d, "data"))
        refused(b, ["/dev/zero"], "not a regular file (a device)", d)
        refused(b, ["--init", "/dev/zero", os.path.join(d, "data")], "not a regular file", d)


@case("Training", "train: a chunk, a manifest.tsv or --init that is a FIFO is refused at once")
def _(b):
    have_fifo()
    with tempdir() as d:
        data = os.path.join(d, "data")
        os.mkdir(data)
        os.mkfifo(os.path.join(data, "manifest.tsv"))
        os.mkfifo(os.path.join(d, "chunk.vpk"))
        refused(b, [data], "not a regular file (a FIFO)", d)
        refused(b, [os.path.join(d, "chunk.vpk")], "not a regular file (a FIFO)", d)
        refused(b, ["--init", os.path.join(d, "chunk.vpk"), data], "not a regular file", d)


@case("Training", "train: --lr nan, --lr inf, --lr -1 are refused")
def _(b):
    with tempdir() as d:
        for lr in ("nan", "inf", "-1"):
            refused(b, [f"--lr={lr}", d], "--lr", d)


@case("Training", "train: --init weights with a valid header and NaN weights are refused")
def _(b):
    with tempdir() as d:
        init = os.path.join(d, "nan.f32")
        float_weights(init, float("nan"))
        os.mkdir(os.path.join(d, "data"))
        refused(b, ["--init", init, os.path.join(d, "data")], "not all finite", d)


@case("Training", "EvalFile: NaN float weights and a network of the wrong length are refused")
def _(b):
    with tempdir() as d:
        nan = os.path.join(d, "nan.f32")
        float_weights(nan, float("nan"), hidden=128)
        short = os.path.join(d, "short.nnue")
        open(short, "wb").write(b"VDNN" + struct.pack("<III", 3, 128, 1) + b"\xff" * 4096)
        e = Uci(b)
        for path, want in ((nan, "no VDNN header"), (short, "expected")):
            e.buf = b""
            e.send(f"setoption name EvalFile value {path}")
            e.send("isready")
            t = e.until(lambda t: "readyok" in t, 10)
            expect("info string error: setoption: EvalFile" in t and want in t, t)
        e.send("position startpos")
        e.send("go depth 4")
        e.until(lambda t: "bestmove" in t)
        expect(e.quit() == 0, "exit status")


def manifest(d):
    """Chunk name -> (positions, games) from `d/manifest.tsv`."""
    rows = [l.split("\t") for l in open(os.path.join(d, "manifest.tsv")).read().splitlines()]
    return {r[0]: (int(r[1]), int(r[2])) for r in rows}


@case("Training", "datagen --games 30 then --games 40 (4 a chunk) equals one run of 40")
def _(b):
    base = ["datagen", "--chunk-games", "4", "--seed", "12", "--nodes", "200", "--threads", "1"]
    with tempdir() as d:
        a, one = os.path.join(d, "a"), os.path.join(d, "one")
        t0 = time.time()
        try:
            for out, games in ((a, 30), (a, 40), (one, 40)):
                code, _, err = run(b, [*base, "--out", out, "--games", str(games)], timeout=240)
                expect(code == 0, err[-800:])
        except subprocess.TimeoutExpired:
            raise Skip(f"datagen too slow on this machine ({time.time() - t0:.0f} s so far)")
        ma, mo = manifest(a), manifest(one)
        expect(ma == mo, f"extended: {ma}\none run: {mo}")
        expect(ma["seed-12/chunk-7.vpk"][1] == 4, f"chunk 7: {ma['seed-12/chunk-7.vpk']}")
        for name in mo:
            same = open(os.path.join(a, name), "rb").read() == open(os.path.join(one, name), "rb").read()
            expect(same, f"{name} differs")


@case("Training", "datagen --threads 100000 is capped, says so, and ends")
def _(b):
    with tempdir() as d:
        t0 = time.time()
        code, out, err = run(b, ["datagen", "--out", d, "--games", "2", "--nodes", "200",
                                 "--threads", "100000"], timeout=120)
        expect(code == 0 and "--threads 100000: using" in err, f"exit {code}: {err[-800:]}")
        expect(time.time() - t0 < 60, f"took {time.time() - t0:.0f} s")
