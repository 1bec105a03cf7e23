"""Minimal blocking UCI client used by the match runner.

One `UciEngine` wraps one engine process.  A daemon thread reads the engine's
stdout and puts `(arrival_time, line)` pairs on a queue, so the runner can wait
for output with a deadline and measure think time from the moment a line
arrived rather than from the moment it was processed.  End of output (the
process exited or closed stdout) is signalled by a `None` line.

All failures surface as `EngineCrash` (process gone, pipe broken) or
`EngineTimeout` (no answer before the deadline); the runner turns them into
game results.
"""

import os
import queue
import shlex
import shutil
import subprocess
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional

# Mate scores are mapped to centipawns as +/-(MATE_CP - distance).
MATE_CP = 100_000


class EngineError(Exception):
    """Base class for engine failures."""


class EngineCrash(EngineError):
    """The engine process exited or its pipes broke."""


class EngineTimeout(EngineError):
    """The engine did not answer before the deadline."""


@dataclass
class SearchResult:
    bestmove: str
    elapsed: float                 # seconds from sending `go` to `bestmove`
    score_cp: Optional[int] = None  # engine's point of view; mates via MATE_CP
    mate: Optional[int] = None      # moves to mate as reported (+ = engine mates)
    depth: Optional[int] = None
    nodes: Optional[int] = None
    pv: List[str] = field(default_factory=list)


def resolve_command(command: str) -> List[str]:
    """Split a command line; find bare program names in PATH or /usr/games
    (Debian installs engines there, and it is often missing from PATH)."""
    argv = shlex.split(command)
    if not argv:
        raise ValueError("empty engine command")
    prog = argv[0]
    if os.sep not in prog and shutil.which(prog) is None:
        alt = os.path.join("/usr/games", prog)
        if os.access(alt, os.X_OK):
            argv[0] = alt
    return argv


def parse_info(tokens: List[str], result: SearchResult) -> None:
    """Update `result` from the tokens of one `info` line (without 'info')."""
    i, n = 0, len(tokens)
    score = None
    bound = False
    depth = nodes = None
    pv = None
    multipv = 1
    while i < n:
        tok = tokens[i]
        if tok == "string":      # free text up to the end of the line
            break
        if tok in ("depth", "nodes", "multipv") and i + 1 < n:
            try:
                val = int(tokens[i + 1])
            except ValueError:
                val = None
            if tok == "depth":
                depth = val
            elif tok == "nodes":
                nodes = val
            elif val is not None:
                multipv = val
            i += 2
        elif tok == "score" and i + 2 < n:
            kind, raw = tokens[i + 1], tokens[i + 2]
            i += 3
            try:
                val = int(raw)
            except ValueError:
                continue
            score = (kind, val)
            while i < n and tokens[i] in ("lowerbound", "upperbound"):
                bound = True
                i += 1
        elif tok == "pv":
            pv = tokens[i + 1:]
            break
        else:
            i += 1
    if multipv != 1:             # only the main line counts
        return
    if depth is not None:
        result.depth = depth
    if nodes is not None:
        result.nodes = nodes
    if pv:
        result.pv = pv
    # Bounded (fail-high/low) scores are only kept if nothing exact was seen.
    if score is not None and not (bound and result.score_cp is not None):
        kind, val = score
        if kind == "cp":
            result.score_cp, result.mate = val, None
        elif kind == "mate":
            sign = 1 if val > 0 else -1
            result.score_cp, result.mate = sign * (MATE_CP - abs(val)), val


class UciEngine:
    """One running UCI engine process."""

    def __init__(self, command: str, options: Optional[Dict[str, str]] = None,
                 log: Optional[Callable[[str], None]] = None):
        self.argv = resolve_command(command)
        self.options = dict(options or {})
        self.log = log               # called with every line sent/received
        self.proc: Optional[subprocess.Popen] = None
        self.lines: "queue.Queue" = queue.Queue()
        self.id_name: Optional[str] = None
        self.advertised: Dict[str, str] = {}   # lower-case option name -> name
        self.warnings: List[str] = []
        self.eof = False             # stdout closed: the engine is unusable

    # -- process handling ---------------------------------------------------

    def alive(self) -> bool:
        return (self.proc is not None and not self.eof
                and self.proc.poll() is None)

    def start(self, timeout: float = 10.0) -> None:
        """Spawn the engine, run the `uci` handshake, set options, sync."""
        self.close()
        try:
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, bufsize=1,
                errors="replace",
                # own session: a Ctrl-C at the terminal reaches only the
                # runner, which then shuts the engines down itself
                start_new_session=True)
        except OSError as exc:
            raise EngineCrash(f"cannot start {self.argv[0]}: {exc}") from exc
        self.lines = queue.Queue()
        self.eof = False
        threading.Thread(target=self._reader, args=(self.proc, self.lines),
                         daemon=True).start()
        self.send("uci")
        deadline = time.monotonic() + timeout
        self.advertised = {}
        while True:
            _, line = self._read(deadline)
            if line.startswith("id name "):
                self.id_name = line[len("id name "):].strip()
            elif line.startswith("option name "):
                name = line[len("option name "):].split(" type ")[0].strip()
                self.advertised[name.lower()] = name
            elif line.strip() == "uciok":
                break
        self.warnings = []
        for name, value in self.options.items():
            if name.lower() not in self.advertised:
                self.warnings.append(f"option '{name}' not advertised by engine")
            cmd = f"setoption name {name}"
            if value != "":
                cmd += f" value {value}"
            self.send(cmd)
        self.sync(deadline - time.monotonic() + 5.0)

    @staticmethod
    def _reader(proc: subprocess.Popen, lines: "queue.Queue") -> None:
        try:
            for raw in proc.stdout:
                lines.put((time.monotonic(), raw.rstrip("\r\n")))
        except (OSError, ValueError):
            pass
        lines.put((time.monotonic(), None))

    def close(self, grace: float = 1.0) -> None:
        """Ask the engine to quit; kill it if it does not within `grace`."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.poll() is None:
            try:
                proc.stdin.write("quit\n")
                proc.stdin.flush()
            except (OSError, ValueError):
                pass
            try:
                proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for pipe in (proc.stdin, proc.stdout):
            try:
                pipe.close()
            except (OSError, ValueError):
                pass

    def kill(self) -> None:
        self.close(grace=0.0)

    # -- protocol -----------------------------------------------------------

    def send(self, cmd: str) -> None:
        if self.log:
            self.log(f"> {cmd}")
        if self.proc is None:
            raise EngineCrash("engine not running")
        try:
            self.proc.stdin.write(cmd + "\n")
            self.proc.stdin.flush()
        except (OSError, ValueError) as exc:
            raise EngineCrash(f"write failed: {exc}") from exc

    def _read(self, deadline: float):
        """Next `(time, line)`; raises on EOF or when the deadline passes."""
        remaining = deadline - time.monotonic()
        try:
            if remaining <= 0:
                ts, line = self.lines.get_nowait()
            else:
                ts, line = self.lines.get(timeout=remaining)
        except queue.Empty:
            raise EngineTimeout("no answer from engine") from None
        if line is None:
            self.eof = True
            code = self.proc.poll() if self.proc else None
            raise EngineCrash(f"engine exited (code {code})")
        if self.log:
            self.log(f"< {line}")
        return ts, line

    def _drain(self) -> None:
        """Drop stale output left from an earlier command (still noticing EOF)."""
        while True:
            try:
                _, line = self.lines.get_nowait()
            except queue.Empty:
                return
            if line is None:
                self.eof = True
                raise EngineCrash("engine exited")

    def sync(self, timeout: float = 15.0) -> None:
        """`isready` / `readyok` round trip."""
        self.send("isready")
        deadline = time.monotonic() + timeout
        while self._read(deadline)[1].strip() != "readyok":
            pass

    def new_game(self, timeout: float = 15.0) -> None:
        self._drain()
        self.send("ucinewgame")
        self.sync(timeout)

    def go(self, position: str, go_args: str, timeout: float) -> SearchResult:
        """Send `position` and `go`, wait up to `timeout` s for `bestmove`.

        The elapsed time runs from just before `go` is written to the arrival
        of the `bestmove` line.  On EngineTimeout the search is still running;
        call `abort_search`.
        """
        self._drain()
        self.send(position)
        result = SearchResult(bestmove="", elapsed=0.0)
        t0 = time.monotonic()
        self.send(f"go {go_args}".rstrip())
        deadline = t0 + timeout
        while True:
            ts, line = self._read(deadline)
            if line.startswith("info "):
                parse_info(line.split()[1:], result)
            elif line.startswith("bestmove"):
                parts = line.split()
                result.bestmove = parts[1] if len(parts) > 1 else ""
                result.elapsed = ts - t0
                return result

    def abort_search(self, grace: float = 1.0) -> None:
        """Stop a search that overran; kill the engine if it ignores `stop`."""
        try:
            self.send("stop")
            deadline = time.monotonic() + grace
            while not self._read(deadline)[1].startswith("bestmove"):
                pass
        except EngineError:
            self.kill()
