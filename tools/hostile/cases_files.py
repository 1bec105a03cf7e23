"""Files and the command line (tables, books, PGN, pipes) and the terminal game (`vidle play`)."""

import os
import shutil
import signal
import subprocess
import tempfile

from harness import case, expect, run, tb_dir


@case("Files", "another endgame's table under KRvK's name: probe, verify and search go on")
def _(b):
    with tempfile.TemporaryDirectory() as d:
        tb_dir(b, d, "KQvK", "KRvK")
        for ext in ("vdtm", "vdtz"):
            shutil.copy(os.path.join(d, f"KQvK.{ext}"), os.path.join(d, f"KRvK.{ext}"))
        fen = "8/8/1k6/5R2/8/8/K7/8 b - - 0 1"
        code, out, err = run(b, ["tb", "probe", fen, "--dir", d])
        expect(code == 1 and "KRvK.vdt" in err and "panicked" not in err, err)
        code, out, err = run(b, ["tb", "verify", "KRvK", "--dir", d])
        expect(code == 1 and "KRvK.vdt" in err and "panicked" not in err, err)
        code, out, err = run(b, ["uci"], f"setoption name TablebasePath value {d}\n"
                             f"position fen {fen}\ngo depth 6\nisready\nquit\n".encode())
        expect(code == 0 and "bestmove" in out and "readyok" in out, out + err)


@case("Files", "bytes appended after a table are refused")
def _(b):
    with tempfile.TemporaryDirectory() as d:
        tb_dir(b, d, "KRvK")
        with open(os.path.join(d, "KRvK.vdtm"), "ab") as f:
            f.write(b"junk")
        code, out, err = run(b, ["tb", "probe", "8/8/1k6/5R2/8/8/K7/8 b - - 0 1", "--dir", d])
        expect(code == 1 and "after the last block" in err, out + err)


@case("Files", "tb gen after a killed run: stale temporaries removed, damaged table redone")
def _(b):
    with tempfile.TemporaryDirectory() as d:
        tb_dir(b, d, "KRvK")
        stale = os.path.join(d, "KRvK.vdtm.4000000000-0.tmp")
        open(stale, "wb").write(b"partial")
        path = os.path.join(d, "KRvK.vdtz")
        data = bytearray(open(path, "rb").read())
        data[-3] ^= 0x10
        open(path, "wb").write(data)
        code, out, err = run(b, ["tb", "gen", "KRvK", "--dir", d], timeout=300)
        expect(code == 0 and not os.path.exists(stale), out + err)
        expect("0 kept" in out + err or "generating KRvK again" in err, out + err)
        code, out, err = run(b, ["tb", "verify", "KRvK", "--dir", d])
        expect(code == 0, out + err)


for _args in (["perft", "5", "--divide"], ["book", "stats"], ["book", "probe"]):
    def _make(args):
        @case("Files", f"'vidle {' '.join(args)}' into a closed pipe ends quietly")
        def _(b):
            p = subprocess.Popen([b, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            p.stdout.close()
            err = p.stderr.read().decode("utf-8", "replace")
            code = p.wait(timeout=60)
            expect(code != -signal.SIGABRT and "panicked" not in err and "Broken pipe" not in err,
                   f"exit {code}: {err}")

    _make(_args)


@case("Files", "an unclosed ( in one PGN game does not swallow the rest")
def _(b):
    with tempfile.TemporaryDirectory() as d:
        pgn = os.path.join(d, "g.pgn")
        game = '[Event "x"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n'
        open(pgn, "w").write('[Event "bad"]\n\n1. e4 ( e5 2. Nf3 *\n\n' + game + game)
        code, out, err = run(b, ["book", "build", pgn, "-o", os.path.join(d, "b.bin"), "--quiet"])
        expect("games read 3" in out and "skipped 1" in out, out + err)
        code, out, err = run(b, ["play", "--depth", "1"], f"load {pgn}\nfen\nquit\n".encode())
        expect("skipped" in out.lower() or "unclosed" in out.lower() or "1. e4" not in out, out)


@case("Files", "analyse refuses /dev/zero, a directory, an illegal move, and ends quietly into a closed pipe")
def _(b):
    with tempfile.TemporaryDirectory() as d:
        bad = os.path.join(d, "bad.pgn")
        open(bad, "w").write("1. e4 e5 2. Ke3 *\n")
        for args, want in ((["/dev/zero"], "not a regular file"), ([d], "not a regular file"),
                           ([bad], "move 2. Ke3"), ([bad, "--depth", "0"], "invalid value")):
            code, out, err = run(b, ["analyse", *args], timeout=10)
            expect(code != 0 and want in err and "panicked" not in err and out == "", err)
        good = os.path.join(d, "good.pgn")
        open(good, "w").write("1. e4 e5 2. Nf3 *\n")
        p = subprocess.Popen([b, "analyse", good, "--depth", "2"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
        p.stdout.close()
        err = p.stderr.read().decode("utf-8", "replace")
        code = p.wait(timeout=60)
        expect(code != -signal.SIGABRT and "panicked" not in err and "Broken pipe" not in err,
               f"exit {code}: {err}")


@case("Play", "an invalid UTF-8 line is reported and the session reads on")
def _(b):
    code, out, err = run(b, ["play", "--depth", "1"], b"\xff\xfe\ne4\nfen\nquit\n")
    expect(code == 0 and "not valid UTF-8" in out and "4P3" in out, out)


@case("Play", "an unwritable --save is refused at the start")
def _(b):
    code, out, err = run(b, ["play", "--save", "/nonexistent-dir/x.pgn"], b"quit\n")
    expect(code != 0 and "--save" in err, err)


@case("Play", "'new purple' is refused")
def _(b):
    code, out, err = run(b, ["play", "--depth", "1"], b"new purple\nquit\n")
    expect("'purple'" in out, out)


@case("Play", "load /dev/zero is refused")
def _(b):
    code, out, err = run(b, ["play", "--depth", "1"], b"load /dev/zero\nquit\n", timeout=10)
    expect("not a regular file" in out, out)



@case("Files", "perft 1 --divide on a Chess960-style castling position lists no move twice")
def _(b):
    fen = "r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1"
    code, out, err = run(b, ["perft", "1", "--divide", "--fen", fen])
    moves = [l.split(": ")[0] for l in out.split("\n\n")[0].splitlines() if ": " in l]
    expect(code == 0 and len(moves) == len(set(moves)) and "f1g1" in moves and "f1h1" in moves,
           out + err)
    expect(f"Nodes searched: {len(moves)}" in out, out)


@case("Play", "--save /dev/full is refused at the start, exit status not 0")
def _(b):
    code, out, err = run(b, ["play", "--save", "/dev/full"], b"e4\nquit\n", timeout=10)
    expect(code != 0 and "not a regular file" in err and "/dev/full" in err, f"exit {code}: {err}")
