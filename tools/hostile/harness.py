"""What the hostile-input cases share: the list of cases, running the binary, a UCI engine read
line by line with deadlines, and the checks. `hostile.py` runs the cases; the `cases_*` modules
hold them, one per group or two."""

import os
import shutil
import subprocess
import tempfile
import time

RESULTS = []  # (group, name, status, detail)


def case(group, name):
    def wrap(fn):
        fn.group, fn.case_name = group, name
        CASES.append(fn)
        return fn

    return wrap


CASES = []


class Skip(Exception):
    pass


def run(binary, args, stdin=b"", timeout=30, env=None):
    p = subprocess.run([binary, *args], input=stdin, capture_output=True, timeout=timeout,
                       env={**os.environ, **(env or {})})
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


class Uci:
    """A running `vidle uci` read line by line with timeouts."""

    def __init__(self, binary, env=None):
        self.p = subprocess.Popen([binary, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, env={**os.environ, **(env or {})})
        os.set_blocking(self.p.stdout.fileno(), False)
        self.buf = b""

    def send(self, data):
        if isinstance(data, str):
            data = data.encode()
        self.p.stdin.write(data if data.endswith(b"\n") else data + b"\n")
        self.p.stdin.flush()

    def until(self, predicate, timeout=10.0):
        """Reads until predicate(text so far) holds; returns the text or raises."""
        end = time.time() + timeout
        while time.time() < end:
            chunk = self.p.stdout.read()
            if chunk:
                self.buf += chunk
            text = self.buf.decode("utf-8", "replace")
            if predicate(text):
                return text
            if self.p.poll() is not None and not chunk:
                raise AssertionError(f"engine exited ({self.p.returncode}):\n{text[-2000:]}")
            time.sleep(0.01)
        raise AssertionError("no answer in time:\n" + self.buf.decode("utf-8", "replace")[-2000:])

    def quit(self, timeout=5.0):
        try:
            self.send("quit")
            return self.p.wait(timeout=timeout)
        finally:
            if self.p.poll() is None:
                self.p.kill()


def expect(cond, detail):
    if not cond:
        raise AssertionError(detail)


def tb_dir(b, d, *tables):
    code, out, err = run(b, ["tb", "gen", *tables, "--dir", d], timeout=300)
    expect(code == 0, err)


def have_fifo():
    if not shutil.which("mkfifo") or not hasattr(os, "mkfifo"):
        raise Skip("mkfifo not found")


def shared_data(rel):
    """`rel` under the shared third-party data ($VIDLE_SHARED_DATA, else ../shared/data beside
    the checkout), or Skip naming what is missing."""
    root = os.environ.get("VIDLE_SHARED_DATA") or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "data")
    p = os.path.normpath(os.path.join(root, rel))
    if not os.path.exists(p):
        raise Skip(f"{p} was not found (set VIDLE_SHARED_DATA)")
    return p


def uci_lines(text, key):
    """The `info ... pv` lines of `text` as dicts of `key` words (depth, multipv, nodes, ...)
    with the score ('cp 31' or 'mate 3') and the first pv move."""
    out = []
    for line in text.splitlines():
        w = line.split()
        if not line.startswith("info ") or "pv" not in w:
            continue
        d = {k: int(w[w.index(k) + 1]) for k in key if k in w}
        if "score" in w:
            i = w.index("score")
            d["score"] = (w[i + 1], int(w[i + 2]))
            d["bound"] = "lowerbound" in w or "upperbound" in w
        d["move"] = w[w.index("pv") + 1]
        out.append(d)
    return out


def tempdir():
    return tempfile.TemporaryDirectory(prefix="vidle-hostile-")
