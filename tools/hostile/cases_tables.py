"""Endgame tables named by the user (issue 85): `TablebasePath` checked when set, tables made on
demand where it says and used at once, damaged Syzygy files, `tb gen --threads` capped."""

import os
import shutil
import time

from harness import Uci, case, expect, have_fifo, run, shared_data, tb_dir, tempdir


@case("Tables", "TablebasePath naming a missing directory, a FIFO or a plain file is refused")
def _(b):
    have_fifo()
    with tempdir() as d:
        fifo, plain = os.path.join(d, "fifo"), os.path.join(d, "plain")
        os.mkfifo(fifo)
        open(plain, "w").write("not a directory")
        e = Uci(b)
        for p in (os.path.join(d, "missing"), fifo, plain):
            e.buf = b""
            e.send(f"setoption name TablebasePath value {p}")
            e.send("isready")
            t = e.until(lambda t: "readyok" in t, 5)
            expect(f"info string error: setoption: TablebasePath '{p}'" in t
                   and ("No such file" in t or "Not a directory" in t), t)
        e.send("position startpos")
        e.send("go depth 2")
        e.until(lambda t: "bestmove" in t)
        expect(e.quit() == 0, "exit status")


@case("Tables", "a TablebasePath table with another endgame's contents is named in an info string")
def _(b):
    with tempdir() as d:
        tb_dir(b, d, "KQvK", "KRvK")
        shutil.rmtree(os.path.join(d, "resolved"), ignore_errors=True)
        for ext in ("vdtm", "vdtz"):
            shutil.copy(os.path.join(d, f"KQvK.{ext}"), os.path.join(d, f"KRvK.{ext}"))
        e = Uci(b)
        e.send(f"setoption name TablebasePath value {d}")
        e.send("position fen 8/8/1k6/5R2/8/8/K7/8 b - - 0 1")
        e.send("go depth 6")
        t = e.until(lambda t: "bestmove" in t)
        e.send("isready")
        t = e.until(lambda t: "readyok" in t)
        expect(e.quit() == 0, "exit status")
        named = [l for l in t.splitlines() if l.startswith("info string") and "KRvK.vdt" in l]
        expect(named, "no info string names KRvK.vdtm or KRvK.vdtz:\n" + t[-1500:])


@case("Tables", "TablebaseAutoGenerate: KQvK made in TablebasePath (not the data dir), used at once")
def _(b):
    with tempdir() as d:
        own = os.path.join(d, "own")
        os.mkdir(own)
        e = Uci(b)
        e.send(f"setoption name TablebasePath value {own}")
        e.send("setoption name TablebaseAutoGenerate value true")
        go = ["position fen 8/8/8/4k3/8/8/8/1Q2K3 w - - 0 1", "go depth 3"]
        end, hits = time.time() + 120, False
        while not hits:
            expect(time.time() < end, "no tbhits in two minutes:\n" + e.buf.decode()[-1500:])
            e.buf = b""
            for c in go:
                e.send(c)
            t = e.until(lambda t: "bestmove" in t, 30)
            made = all(os.path.isfile(os.path.join(own, f"KQvK.{x}")) for x in ("vdtm", "vdtz"))
            hits = made and any(" tbhits " in l and " tbhits 0 " not in l
                                for l in t.splitlines())
            time.sleep(0.1)
        e.quit()
        data_tb = os.path.join(os.environ["XDG_DATA_HOME"], "vidle", "tb", "KQvK.vdtm")
        expect(not os.path.exists(data_tb), f"also written to {data_tb}")


@case("Tables", "a damaged Syzygy table under RUST_BACKTRACE=1: one clean info line per failure")
def _(b):
    src = shared_data("syzygy")
    if not os.path.isfile(os.path.join(src, "KRvK.rtbw")):
        raise AssertionError(f"{src} has no KRvK.rtbw")
    with tempdir() as d:
        w = bytearray(open(os.path.join(src, "KRvK.rtbw"), "rb").read())
        x = 12345
        for i in range(64, len(w)):
            x = (x * 1103515245 + 12345) & 0xFFFFFFFF
            w[i] = (x >> 16) & 0xFF
        open(os.path.join(d, "KRvK.rtbw"), "wb").write(w)
        shutil.copy(os.path.join(src, "KRvK.rtbz"), os.path.join(d, "KRvK.rtbz"))
        e = Uci(b, env={"RUST_BACKTRACE": "1"})
        e.send(f"setoption name SyzygyPath value {d}")
        e.send("position fen 8/8/8/4k3/8/8/8/R3K3 w - - 0 1")
        e.send("go depth 8")
        t = e.until(lambda t: "bestmove" in t, 60)
        e.quit()
        odd = [l for l in t.splitlines() if not l.startswith(("info ", "bestmove "))
               or "shakmaty_syzygy::" in l or "backtrace" in l.lower()]
        expect("info string Syzygy: " in t, "the failure is not reported:\n" + t[-1500:])
        expect(not odd, f"{len(odd)} lines that are not UCI, first: {odd[:3]}")


@case("Tables", "tb gen --threads 99999 is capped, says so, and ends")
def _(b):
    with tempdir() as d:
        t0 = time.time()
        code, out, err = run(b, ["tb", "gen", "KQvK", "--threads", "99999", "--dir", d], timeout=120)
        expect(code == 0 and "--threads 99999: using" in err, f"exit {code}: {err[-800:]}")
        expect(time.time() - t0 < 60, f"took {time.time() - t0:.0f} s")
