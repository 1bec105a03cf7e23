#!/usr/bin/env python3
"""Self-test of the match runner with fake engines (no real engines needed).

Run:  python3 tools/match/selftest.py        (about 15-30 s, exit code 0 = ok)

The fake engine (tests/fake_engine.py) plays random legal moves and can be
told to crash, hang, overstep its time, play an illegal move or report fixed
scores.  Each test runs match.py as a subprocess and checks its PGN/JSON.
"""

import contextlib
import csv
import io
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

import chess
import chess.pgn

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import openings   # noqa: E402
import stats      # noqa: E402

MATCH = os.path.join(HERE, "match.py")
FAKE = f"{sys.executable} {os.path.join(HERE, 'tests', 'fake_engine.py')}"
TMP = tempfile.mkdtemp(prefix="match-selftest-")
# Matches without --pgn-out record under the data directory: keep the test's own one.
os.environ["XDG_DATA_HOME"] = os.path.join(TMP, "xdg-data")

# Three 4-ply openings, CRLF line ends like 8moves_v3.pgn.
PGN_OPENINGS = "\r\n".join([
    '[Event "?"]', '[Result "*"]', '', '1. e4 e5 2. Nf3 Nc6 *', '',
    '[Event "?"]', '[Result "*"]', '', '1. d4 d5 2. c4 e6 *', '',
    '[Event "?"]', '[Result "*"]', '', '1. c4 e5 2. Nc3', 'Nf6 *', '']) + "\r\n"
EPD_OPENINGS = "\n".join([
    "# comment line",
    'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id "e4e5";',
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
]) + "\n"


def write(name: str, text: str, newline=None) -> str:
    path = os.path.join(TMP, name)
    with open(path, "w", newline=newline) as fh:
        fh.write(text)
    return path


def run_match(tag: str, engine1: str, engine2: str, *extra: str, expect_rc=0):
    """Run match.py; return (stdout, games, summary)."""
    pgn = os.path.join(TMP, f"{tag}.pgn")
    js = os.path.join(TMP, f"{tag}.json")
    cmd = [sys.executable, MATCH, "--engine1", engine1, "--engine2", engine2,
           "--pgn-out", pgn, "--json-out", js, *extra]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if proc.returncode != expect_rc:
        raise AssertionError(f"rc {proc.returncode} != {expect_rc}\n"
                             f"{proc.stdout}\n{proc.stderr}")
    games, summary = [], None
    if os.path.exists(pgn):
        with open(pgn) as fh:
            while (game := chess.pgn.read_game(fh)) is not None:
                assert not game.errors, game.errors
                games.append(game)
    if os.path.exists(js):
        with open(js) as fh:
            summary = json.load(fh)
    return proc.stdout + proc.stderr, games, summary


def check_consistent(game: chess.pgn.Game) -> None:
    """Headers agree with the moves; rule-based endings really happened."""
    board = game.end().board()
    h = game.headers
    assert int(h["PlyCount"]) == len(board.move_stack), "PlyCount"
    if h["Termination"] != "normal":
        return
    reason = game.end().comment
    if "mates" in reason:
        assert board.is_checkmate()
        assert h["Result"] == ("1-0" if board.turn == chess.BLACK else "0-1")
    else:
        assert h["Result"] == "1/2-1/2"
        assert (board.is_stalemate() or board.is_insufficient_material()
                or board.is_repetition(3) or board.halfmove_clock >= 100), reason


def engine1_scores(games, name1="A"):
    out = []
    for g in games:
        r = g.headers["Result"]
        if r == "1/2-1/2":
            out.append(0.5)
        else:
            out.append(1.0 if (r == "1-0") == (g.headers["White"] == name1) else 0.0)
    return out


# --- tests -------------------------------------------------------------------

def test_stats():
    assert stats.score_to_elo(0.5) == 0.0
    assert abs(stats.score_to_elo(0.75) - 190.848) < 1e-3
    assert abs(stats.elo_to_score(stats.score_to_elo(0.6)) - 0.6) < 1e-12
    assert stats.los(10, 10) == 0.5 and stats.los(20, 10) > 0.95
    est = stats.elo_estimate(60, 30, 40)
    assert est.lo < est.elo < est.hi and 0 < est.err < 100
    p = stats.parse_sprt("elo0=0,elo1=5,alpha=0.05,beta=0.05")
    lower, upper = p.bounds()
    assert abs(lower + 2.944439) < 1e-5 and abs(upper - 2.944439) < 1e-5
    # exact LLR ~ classical approximation for large samples
    for wdl in [(1000, 2000, 900), (3000, 5000, 3100)]:
        a, b = stats.llr(*wdl, p), stats.llr_approx(*wdl, p)
        assert abs(a - b) < 0.02 * max(1, abs(b)), (wdl, a, b)
    # only wins: each win adds log(s1/s0)
    s1 = stats.elo_to_score(5)
    assert abs(stats.llr(7, 0, 0, p) - 7 * math.log(s1 / 0.5)) < 1e-6
    assert stats.sprt_state(3.0, p) == "H1" and stats.sprt_state(-3.0, p) == "H0"
    # Pentanomial: five pairs of two wins each add log(s1/s0) apiece (the pair is the sample).
    assert abs(stats.llr_pentanomial([0, 0, 0, 0, 5], p) - 5 * math.log(s1 / 0.5)) < 1e-6
    # For many pairs it agrees with the quadratic form on the pair means' variance.
    s0 = 0.5
    for pairs in [(30, 400, 1200, 450, 40), (100, 700, 1500, 650, 90)]:
        n = sum(pairs)
        mean = sum(c * x for c, x in zip(pairs, stats.PAIR_SCORES)) / n
        var = sum(c * (x - mean) ** 2 for c, x in zip(pairs, stats.PAIR_SCORES)) / n
        approx = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
        exact = stats.llr_pentanomial(pairs, p)
        assert abs(exact - approx) < 0.02 * max(1, abs(approx)), (pairs, exact, approx)
    # Pairs that split 1-1 (each side wins with the favoured colour) vary little as pairs,
    # so the pair interval is narrower than the one that takes the games as independent.
    pe = stats.pair_estimate([5, 40, 300, 45, 6])
    # The same games, reading pair 1 as a win and a loss: W 300+45+2*6, D 40+45, L 2*5+40+300.
    games = stats.elo_estimate(357, 85, 350)
    assert pe.games == 2 * 396 and abs(pe.score - games.score) < 1e-12
    assert pe.err < games.err and 0.5 < pe.los < 1


def test_openings():
    pgn = write("open.pgn", PGN_OPENINGS, newline="")
    ops = openings.load_openings(pgn, 4)
    assert [len(o.moves) for o in ops] == [4, 4, 4, 4]
    assert ops[3].moves == ops[0].moves            # cycles
    assert ops[2].moves[2] == chess.Move.from_uci("b1c3")
    shuffled = openings.load_openings(pgn, 3, seed=5)
    assert sorted(o.label for o in shuffled) == sorted(o.label for o in ops[:3])
    epd = write("open.epd", EPD_OPENINGS)
    ops = openings.load_openings(epd, 2)
    assert ops[0].root.fen().endswith(" w KQkq - 0 1") and not ops[0].moves
    assert ops[1].root.fen().endswith(" 2 3")


def test_random_match():
    pgn = write("open2.pgn", PGN_OPENINGS, newline="")
    out, games, summary = run_match(
        "random", f"{FAKE} --name A", f"{FAKE} --name B", "--tc", "5+0.1",
        "--games", "6", "--concurrency", "2", "--openings", pgn)
    assert len(games) == 6 and summary["games"] == 6, out
    by_round = {int(g.headers["Round"]): g for g in games}
    for r in (1, 3, 5):
        a, b = by_round[r], by_round[r + 1]
        assert a.headers["White"] == "A" and b.headers["White"] == "B"
        book_a = [n.move for n in a.mainline() if n.comment.startswith("book")]
        book_b = [n.move for n in b.mainline() if n.comment.startswith("book")]
        assert len(book_a) == 4 and book_a == book_b
        assert "FEN" not in a.headers and a.headers["TimeControl"] == "5+0.1"
    for g in games:
        check_consistent(g)
    assert sum(engine1_scores(games)) == summary["wins"] + summary["draws"] / 2
    assert "W/D/L (A)" in out and "Elo difference" in out and "LOS" in out


def test_epd_and_depth():
    epd = write("open2.epd", EPD_OPENINGS)
    _, games, summary = run_match(
        "epd", f"{FAKE} --name A", f"{FAKE} --name B", "--depth", "3",
        "--games", "4", "--openings", epd)
    assert len(games) == 4
    assert games[0].headers["SetUp"] == "1"
    assert games[0].headers["FEN"] == games[1].headers["FEN"]
    assert games[2].headers["FEN"].endswith(" 2 3")
    assert games[0].headers["TimeControl"] == "-"
    for g in games:
        check_consistent(g)


def test_chess960():
    epd = write("frc.epd", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\n")
    _, games, _ = run_match("frc", f"{FAKE} --name A", f"{FAKE} --name B",
                            "--nodes", "1", "--games", "2", "--chess960",
                            "--openings", epd)
    assert len(games) == 2 and games[0].headers["Variant"] == "Chess960"
    for g in games:
        check_consistent(g)


def test_crash_and_restart():
    out, games, summary = run_match(
        "crash", f"{FAKE} --name A", f"{FAKE} --name B --crash-after 3",
        "--tc", "5+0.1", "--games", "2")
    assert summary["wins"] == 2 and summary["terminations"] == {"abandoned": 2}, out
    # B crashes on its 3rd `go`: as Black after 5 plies, after its restart as
    # White after 4 plies -- so the restart worked.
    assert [int(g.headers["PlyCount"]) for g in games] == [5, 4]
    assert "crashed" in games[0].end().comment


def test_time_forfeit():
    out, games, summary = run_match(
        "time", f"{FAKE} --name A", f"{FAKE} --name B --sleep-after 2 --sleep 1",
        "--tc", "0.3+0", "--timemargin", "200", "--games", "2")
    assert summary["wins"] == 2 and summary["terminations"] == {"time forfeit": 2}, out
    assert games[0].end().comment.endswith("Black loses on time")


def test_hung_engine_killed():
    t0 = time.monotonic()
    out, games, summary = run_match(
        "hang", f"{FAKE} --name A",
        f"{FAKE} --name B --sleep-after 1 --sleep 60 --ignore-stop",
        "--tc", "0.2+0", "--timemargin", "200", "--games", "2")
    assert summary["wins"] == 2 and summary["terminations"] == {"time forfeit": 2}, out
    assert time.monotonic() - t0 < 15


def test_illegal_move():
    out, games, summary = run_match(
        "illegal", f"{FAKE} --name A --illegal-after 2", f"{FAKE} --name B",
        "--tc", "5", "--games", "1")
    assert summary["losses"] == 1, out
    assert games[0].headers["Termination"] == "rules infraction"
    assert int(games[0].headers["PlyCount"]) == 2


def test_resign_adjudication():
    out, games, summary = run_match(
        "resign", f"{FAKE} --name A --score 500", f"{FAKE} --name B --score -500",
        "--nodes", "1", "--games", "2", "--resign-score", "400", "--resign-moves", "3")
    assert summary["wins"] == 2, out
    assert {g.headers["Termination"] for g in games} == {"adjudication"}
    assert [g.headers["PlyCount"] for g in games] == ["6", "6"]


def test_draw_adjudication():
    out, games, summary = run_match(
        "draw", f"{FAKE} --name A --score 3", f"{FAKE} --name B --score -5",
        "--nodes", "1", "--games", "2", "--draw-score", "10",
        "--draw-moves", "2", "--draw-after", "5")
    assert summary["draws"] == 2, out
    assert [g.headers["PlyCount"] for g in games] == ["8", "8"]


def test_combine_rounds():
    """combine.py adds up per-round JSON summaries by opponent."""
    for r in (1, 2):
        os.makedirs(os.path.join(TMP, "rounds", f"r{r}"), exist_ok=True)
        run_match(f"rounds/r{r}/fake", f"{FAKE} --name A --score 500",
                  f"{FAKE} --name B --score -500", "--nodes", "1", "--games", "2",
                  "--resign-score", "400", "--resign-moves", "3")
    proc = subprocess.run([sys.executable, os.path.join(HERE, "combine.py"),
                           os.path.join(TMP, "rounds")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("fake "))
    fields = line.split()
    assert fields[1:4] == ["4", "4/0/0", "100.0%"], line
    assert fields[6] == "97.7%", line   # LOS of 4 wins, no losses
    assert fields[7] == "6", line   # mean PlyCount
    assert "adjudication 4" in proc.stdout, proc.stdout
    # The rounds' game pairs (one per round, both won) are added up too.
    assert "pairs 0/0/0/0/2," in proc.stdout, proc.stdout


def test_gauntlet_missing_opponent():
    """gauntlet.sh stops before the first game when an opponent is unknown or not installed."""
    gauntlet = os.path.join(HERE, "gauntlet.sh")
    # A PATH with only what the script runs before its first game, so that no engine is found.
    tools = os.path.join(TMP, "gauntlet-path")
    os.makedirs(tools, exist_ok=True)
    os.symlink(shutil.which("dirname"), os.path.join(tools, "dirname"))
    env = dict(os.environ, PATH=tools, GAMES_DIR=os.path.join(TMP, "no-such-dir"))
    for opponents, message in (("sf2850", "stockfish not found"),
                               ("nobody", "unknown opponent 'nobody'")):
        results = os.path.join(TMP, f"gauntlet-{opponents}")
        proc = subprocess.run([shutil.which("bash"), gauntlet, "-e", FAKE, "-o", opponents, "-r", results],
                              capture_output=True, text=True, timeout=60, env=env)
        assert proc.returncode == 2, (opponents, proc.returncode, proc.stdout, proc.stderr)
        assert message in proc.stderr, proc.stderr
        assert "===" not in proc.stdout and not os.path.exists(results), proc.stdout


def test_sprt_stops():
    out, games, summary = run_match(
        "sprt", f"{FAKE} --name A --score 900", f"{FAKE} --name B --score -900",
        "--nodes", "1", "--games", "200", "--concurrency", "2",
        "--resign-score", "400", "--resign-moves", "1",
        "--sprt", "elo0=0,elo1=200,alpha=0.05,beta=0.05")
    s = summary["sprt"]
    assert s["decision"] == "H1" and summary["games"] < 20, out
    assert s["llr"] >= s["upper"] and "H1 accepted" in out
    # The default model counts game pairs; both LLRs are in the summary.
    assert s["model"] == "pentanomial" and s["llr"] == s["llr_pentanomial"], s
    pairs = summary["pairs"]["pentanomial"]
    assert sum(pairs) == summary["games"] // 2 and pairs[4] == sum(pairs), summary
    # Only won pairs: an infinite Elo, written as JSON null.
    assert summary["pairs"]["elo"] is None and summary["pairs"]["elo_error"] is None, summary


def test_resume():
    """--resume counts the games already in --pgn-out and plays only the missing ones."""
    a, b = f"{FAKE} --name A --score 500", f"{FAKE} --name B --score -500"
    common = ["--nodes", "1", "--resign-score", "400", "--resign-moves", "3",
              "--openings", write("resume-openings.pgn", PGN_OPENINGS), "--seed", "3"]
    run_match("resume", a, b, "--games", "4", *common)
    # The same match extended to 6 games: rounds 5 and 6 are played, 1-4 counted.
    out, games, summary = run_match("resume", a, b, "--games", "6", "--resume", *common)
    assert "resuming: 4 games" in out, out
    assert sorted(int(g.headers["Round"]) for g in games) == [1, 2, 3, 4, 5, 6], out
    assert summary["games"] == 6 and summary["wins"] == 6, summary
    assert summary["terminations"] == {"adjudication": 6}, summary
    # Games 5 and 6 share the third opening, like a 6-game match from scratch.
    first = [[m.uci() for m in g.mainline_moves()][:4] for g in games]
    fresh = run_match("resume-fresh", a, b, "--games", "6", *common)[1]
    assert first == [[m.uci() for m in g.mainline_moves()][:4] for g in fresh]
    # Nothing left to play: the same numbers again, no engine moves.
    out, games, summary = run_match("resume", a, b, "--games", "6", "--resume", *common)
    assert summary["games"] == 6 and len(games) == 6, out
    # Other engines (names) than in the file: refused, the file untouched.
    out, _, _ = run_match("resume", b, a, "--games", "8", "--resume", *common, expect_rc=2)
    assert "same engines" in out, out
    # A file with a Round beyond --games, or an unfinished game: refused with the reason.
    out, _, _ = run_match("resume", a, b, "--games", "4", "--resume", *common, expect_rc=2)
    assert "beyond --games 4" in out, out
    bad = write("resume-bad.pgn", '[Round "1"]\n[Result "*"]\n\n1. e4 *\n')
    proc = subprocess.run([sys.executable, MATCH, "--engine1", a, "--engine2", b, "--nodes", "1",
                           "--games", "2", "--resume", "--pgn-out", bad],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "unfinished game" in proc.stderr, proc.stderr


def test_pgn2tune():
    """pgn2tune.py turns our engine's scored moves into tuner lines (White's view)."""
    run_match("tune", f"{FAKE} --name Vidle-x --score 120", f"{FAKE} --name B --score -500",
              "--nodes", "1", "--games", "2", "--resign-score", "100", "--resign-moves", "2")
    pgn = os.path.join(TMP, "tune.pgn")
    out = os.path.join(TMP, "tune.txt")
    proc = subprocess.run([sys.executable, os.path.join(HERE, "pgn2tune.py"), "--engine",
                           "Vidle", "--out", out, pgn], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    with open(pgn) as fh:
        games = [g for g in iter(lambda: chess.pgn.read_game(fh), None)]
    lines = open(out).read().splitlines()
    # One line per move of Vidle-x (it has a score on every move), none of B's.
    ours = sum(1 for g in games for n in g.mainline()
               if g.headers["White" if not n.turn() else "Black"] == "Vidle-x")
    assert len(lines) == ours > 0, (len(lines), ours)
    for line in lines:
        fen, move, score, result = [f.strip() for f in line.split("|")]
        board = chess.Board(fen)
        assert chess.Move.from_uci(move) in board.legal_moves
        # +120 for the mover: +120 for White when Vidle-x has White, else -120.
        vidle_white = board.turn == chess.WHITE
        assert int(score) == (120 if vidle_white else -120), line
        assert result == ("1.0" if vidle_white else "0.0"), line   # it wins by adjudication
    assert f"{ours} positions from 2 games" in proc.stderr, proc.stderr


def test_paired():
    """paired.py pairs two runs' games by opening and colour and counts who scored more."""
    def game(white, black, moves, result):
        return f'[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n\n{moves} {result}\n\n'
    old = write("paired-old.pgn",
                game("Vidle", "X", "1. e4 e5 2. Nf3", "1-0")         # Vidle 1
                + game("X", "Vidle", "1. e4 e5 2. Nf3", "1-0")       # Vidle 0
                + game("Vidle", "X", "1. d4 d5 2. c4", "1/2-1/2")    # Vidle 1/2
                + game("Vidle", "X", "1. c4 c5", "0-1"))             # only here: unmatched
    new = write("paired-new.pgn",
                game("Vidle", "X", "1. e4 e5 2. Bc4", "1/2-1/2")     # fewer (same 2 plies)
                + game("X", "Vidle", "1. e4 e5 2. d4", "0-1")        # more
                + game("Vidle", "X", "1. d4 d5 2. Nf3", "1/2-1/2")   # the same
                + game("Vidle", "X", "1. e4 e5", "*")                # unfinished: skipped
                + game("A", "B", "1. e4 e5", "1-0"))                 # without Vidle: skipped
    proc = subprocess.run([sys.executable, os.path.join(HERE, "paired.py"), "--engine", "Vidle",
                           "--plies", "2", old, new], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert ("3 games paired: the second run scored more in 1, fewer in 1, the same in 1 "
            "(2.0 points against 1.5); unmatched 1") in proc.stdout, proc.stdout
    assert "without Vidle) 0 + 2" in proc.stdout, proc.stdout
    # With the third ply in the opening no game pairs (2. Nf3 against 2. Bc4 and 2. d4,
    # 2. c4 against 2. Nf3), and that is an error: the runs are not on the same openings.
    proc = subprocess.run([sys.executable, os.path.join(HERE, "paired.py"), "--engine", "Vidle",
                           "--plies", "3", old, new], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and proc.stdout.startswith("0 games paired"), proc.stdout
    proc = subprocess.run([sys.executable, os.path.join(HERE, "paired.py"), "--engine", "Vidle",
                           old, os.path.join(TMP, "no-such-run-*.pgn")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "no file matches" in proc.stderr, proc.stderr


def test_pgnstats():
    """pgnstats.py reads the engines' comments back: time and depth by stage, and where
    the loser still thought it was fine while the winner already saw a win."""
    pgn = write("stats.pgn", "\n".join([
        '[White "Vidle"]', '[Black "B"]', '[Result "0-1"]', '',
        '1. e4 { book } e5 { +0.10/8 0.300s } 2. Nf3 { -0.30/11 0.500s } '
        'Nc6 { +1.50/9 0.300s } 3. Bc4 { -2.00/12 0.100s } Nf6 { +3.00/9 0.100s } 0-1', '',
        # Vidle already knew it was lost when B's score passed +1: not counted.
        '[White "B"]', '[Black "Vidle"]', '[Result "1-0"]', '',
        '1. d4 { +0.20/9 0.200s } d5 { -0.90/10 0.400s } 2. c4 { +1.20/9 0.200s } 1-0', '',
        # Vidle won: not counted.
        '[White "B"]', '[Black "Vidle"]', '[Result "0-1"]', '',
        '1. f3 { +2.00/9 0.200s } e5 { +0.50/10 0.400s } 0-1', '']))
    tool = os.path.join(HERE, "pgnstats.py")
    proc = subprocess.run([sys.executable, tool, "times", pgn],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    rows = {" ".join(line.split()[:3]): line.split() for line in proc.stdout.splitlines()}
    # Vidle: 0.5, 0.1, 0.4, 0.4 seconds at depths 11, 12, 10, 10 (the book move skipped).
    assert rows["Vidle moves 1-20"][3:] == ["4", "moves", "0.350", "s", "depth", "10.8"], rows
    assert rows["B moves 1-20"][3] == "6", rows
    epd = os.path.join(TMP, "stats.epd")
    proc = subprocess.run([sys.executable, tool, "misjudged", "--engine", "Vidle",
                           "--epd", epd, pgn], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("1 lost games"), proc.stdout
    found = open(epd).read().splitlines()
    board = chess.Board()
    board.push_san("e4")
    board.push_san("e5")
    assert found == [" ".join(board.fen().split()[:4])
                     + ' c0 "move 2 Nf3, Vidle -0.30, winner +1.50";'], found


def test_restart_failure_is_fatal():
    state = os.path.join(TMP, "starts.txt")
    out, games, summary = run_match(
        "restart", f"{FAKE} --name A",
        f"{FAKE} --name B --crash-after 2 --max-starts 1 --state-file {state}",
        "--tc", "5", "--games", "6", expect_rc=1)
    # game 1: B crashes; games 2, 3: B fails to restart; 3rd failure: fatal
    assert summary["games"] == 3 and summary["wins"] == 3, out
    assert "failed to start" in games[1].comment
    assert "failed to start 3 times" in out


def test_start_failure():
    out, _, _ = run_match("fail", f"{FAKE} --name A", f"{FAKE} --fail-start",
                          "--tc", "1", expect_rc=2)
    assert "engine2" in out


TESTS = [test_stats, test_openings, test_random_match, test_epd_and_depth,
         test_chess960, test_crash_and_restart, test_time_forfeit,
         test_hung_engine_killed, test_illegal_move, test_resign_adjudication,
         test_draw_adjudication, test_combine_rounds, test_gauntlet_missing_opponent,
         test_sprt_stops, test_resume,
         test_pgn2tune, test_pgnstats, test_paired,
         test_restart_failure_is_fatal, test_start_failure]


def test_spsa():
    import random
    import spsa
    spec = write("spsa-spec.txt", "# name min max c_end\nalpha 0 100 5\nbeta 0 100 5 40\n")
    out = os.path.join(TMP, "spsa")
    engine = f"{FAKE} --params alpha=50,beta=10,gamma=3"
    cmd = [sys.executable, os.path.join(HERE, "spsa.py"), "--engine", engine, "--spec", spec,
           "--iterations", "3", "--nodes", "1", "--concurrency", "2",
           "--openings", write("spsa.epd", EPD_OPENINGS), "--out", out]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    with open(os.path.join(out, "state.json")) as fh:
        st = json.load(fh)
    assert st["done"] == 3 and sum(st["score"]) == 6, st
    games = []
    with open(os.path.join(out, "games.pgn")) as fh:
        while (game := chess.pgn.read_game(fh)) is not None:
            assert not game.errors, game.errors
            games.append(game)
    assert len(games) == 6
    for g in games:
        check_consistent(g)
    # The perturbed values sent were start +- c_k (beta starts at the spec's 40, not 10).
    with open(os.path.join(out, "log.csv")) as fh:
        rows = list(csv.DictReader(fh))
    for r in rows:
        assert abs(int(r["alpha+"]) + int(r["alpha-"]) - 100) <= 2, r
        assert abs(int(r["beta+"]) + int(r["beta-"]) - 80) <= 2, r
        assert 5 <= abs(int(r["alpha+"]) - 50) <= 12, r
    bad = write("spsa-bad.txt", "delta 0 100 5\n")
    proc = subprocess.run(cmd[:5] + [bad] + cmd[6:], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 2 and "no parameter 'delta'" in proc.stderr, proc.stderr

    # The update rule climbs a known optimum: a pair goes to the side nearer 70.
    class Synthetic(spsa.Spsa):
        def play_pair(self, k, plus, minus, opening):
            a, b = abs(plus["alpha"] - 70), abs(minus["alpha"] - 70)
            return ([2, 0, 0] if a < b else [0, 0, 2] if b < a else [0, 2, 0]), []
    out2 = os.path.join(TMP, "spsa-synthetic")
    os.makedirs(out2)
    args = type("Args", (), dict(iterations=400, r_end=0.01, seed=3, out=out2))()
    params = [spsa.Param("alpha", 0, 100, 5, 40)]
    run = Synthetic(args, params, [None], None)
    with contextlib.redirect_stdout(io.StringIO()):
        run.worker(0)
    assert run.error is None and run.done == 400
    assert abs(params[0].value - 70) < 8, params[0].value


TESTS.append(test_spsa)


def test_records_go_to_the_data_directory():
    """Without --pgn-out the games land under $XDG_DATA_HOME/vidle/matches/, never in the tree;
    --no-pgn keeps none."""
    folder = os.path.join(os.environ["XDG_DATA_HOME"], "vidle", "matches")
    cmd = [sys.executable, MATCH, "--engine1", FAKE, "--engine2", FAKE, "--name1", "A",
           "--name2", "B", "--nodes", "1", "--games", "2"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    files = os.listdir(folder)
    assert len(files) == 1 and files[0].endswith("-A-vs-B-" + files[0].split("-")[-1]), files
    with open(os.path.join(folder, files[0])) as fh:
        games = 0
        while chess.pgn.read_game(fh) is not None:
            games += 1
    assert games == 2, games
    assert f"games: {os.path.join(folder, files[0])}" in proc.stdout, proc.stdout
    proc = subprocess.run(cmd + ["--no-pgn"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and len(os.listdir(folder)) == 1, os.listdir(folder)


TESTS.append(test_records_go_to_the_data_directory)

def main() -> int:
    failed = 0
    start = time.monotonic()
    for test in TESTS:
        t0 = time.monotonic()
        try:
            test()
            print(f"ok    {test.__name__} ({time.monotonic() - t0:.1f} s)", flush=True)
        except Exception:
            failed += 1
            print(f"FAIL  {test.__name__}\n{traceback.format_exc()}", flush=True)
    print(f"{len(TESTS) - failed}/{len(TESTS)} passed in "
          f"{time.monotonic() - start:.1f} s")
    if failed:
        print(f"(files kept in {TMP})")
        return 1
    shutil.rmtree(TMP, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
