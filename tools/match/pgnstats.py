#!/usr/bin/env python3
"""Reads the engines' own comments ("{ +0.37/16 0.768s }", as match.py writes
them) back out of match PGNs, for two questions a gauntlet leaves open.

  times      per engine and stage of the game (moves 1-20, 21-40, 41-60,
             61 on; book moves skipped): moves, mean seconds a move, mean
             depth. Does one side spend its clock differently?
  clock      per engine, from the TimeControl tag and each move's seconds:
             the least time left before a move, the least left after one,
             the largest share of the time left spent on one move, how
             many moves spent over half of it, how many ended past the flag
             (inside the runner's tolerance, or they would be losses), and
             the games lost on time.
             Did a forfeit come from the engine's time management (it
             planned to spend what it had) or from the machine (a move far
             over the engine's usual share)?
  misjudged  in the games ENGINE lost: the first move at which the winner's
             score for itself rose above --winner (pawns, default 1.00) while
             ENGINE's last score for itself was still above --loser
             (default -0.50): who saw it first, and when. Prints a count by
             stage and, with --epd FILE, writes the position ENGINE moved
             from, with its move and both scores in a `c0` field.

    python3 tools/match/pgnstats.py times GAMES.pgn[.gz] ...
    python3 tools/match/pgnstats.py clock GAMES.pgn[.gz] ...
    python3 tools/match/pgnstats.py misjudged --engine Vidle GAMES.pgn.gz ...

Mate scores count as +-99 pawns.  Games without such comments add nothing.
"""

import argparse
import collections
import re
import sys

import chess

from pgn2tune import read_games

COMMENT = re.compile(r"([+-]?M?\d+(?:\.\d+)?)/(\d+)(?:\s+([\d.]+)s)?")
STAGES = ((20, "moves 1-20"), (40, "moves 21-40"), (60, "moves 41-60"), (10**9, "moves 61+"))


def stage(fullmove: int) -> str:
    return next(name for last, name in STAGES if fullmove <= last)


def parse_comment(text: str):
    """(score in pawns, depth, seconds or None) from an engine comment, or None."""
    m = COMMENT.search(text or "")
    if not m:
        return None
    raw = m.group(1)
    if "M" in raw:
        score = -99.0 if raw.startswith("-") else 99.0
    else:
        score = float(raw)
    secs = float(m.group(3)) if m.group(3) else None
    return score, int(m.group(2)), secs


def times(paths):
    """{(engine, stage): [moves, seconds, depth sum]}"""
    acc = collections.defaultdict(lambda: [0, 0.0, 0])
    for game, _ in read_games(paths):
        board = game.board()
        for node in game.mainline():
            mover = game.headers.get("White" if board.turn else "Black", "?")
            fullmove = board.fullmove_number
            board.push(node.move)
            parsed = parse_comment(node.comment)
            if parsed is None or parsed[2] is None:
                continue
            a = acc[(mover, stage(fullmove))]
            a[0] += 1
            a[1] += parsed[2]
            a[2] += parsed[1]
    return acc


SECONDS = re.compile(r"(\d+(?:\.\d+)?)s\b")


def clock(paths):
    """{engine: stats} replaying each game's clocks as match.py keeps them: the base at the
    start, each timed move's seconds taken off, the increment added after it; book moves
    cost nothing."""
    stats = collections.defaultdict(lambda: {
        "moves": 0, "min_left": float("inf"), "min_after": float("inf"), "max_share": 0.0,
        "over_half": 0, "past_flag": 0, "forfeits": 0, "games": 0})
    for game, _ in read_games(paths):
        tc = game.headers.get("TimeControl", "-")
        if tc in ("-", "?", ""):
            continue
        base, _, inc = tc.partition("+")
        base, inc = float(base), float(inc or 0)
        names = {chess.WHITE: game.headers.get("White", "?"),
                 chess.BLACK: game.headers.get("Black", "?")}
        left = {chess.WHITE: base, chess.BLACK: base}
        for name in names.values():
            stats[name]["games"] += 1
        board = game.board()
        for node in game.mainline():
            mover = board.turn
            board.push(node.move)
            m = SECONDS.search(node.comment or "")
            if node.comment == "book" or not m:
                continue
            secs = float(m.group(1))
            st = stats[names[mover]]
            st["moves"] += 1
            st["min_left"] = min(st["min_left"], left[mover])
            st["min_after"] = min(st["min_after"], left[mover] - secs)
            share = secs / left[mover] if left[mover] > 0 else float("inf")
            st["max_share"] = max(st["max_share"], share)
            st["over_half"] += share > 0.5
            st["past_flag"] += secs > left[mover]
            left[mover] = max(left[mover] - secs, 0.0) + inc
        ending = " ".join(filter(None, [game.comment, game.end().comment]))
        for color, side in ((chess.WHITE, "White"), (chess.BLACK, "Black")):
            if f"{side} loses on time" in ending:
                stats[names[color]]["forfeits"] += 1
    return stats


def misjudged(paths, engine: str, winner_above: float, loser_above: float):
    """[(fullmove, winner's score, engine's score, FEN before engine's move, its SAN)]"""
    found = []
    for game, _ in read_games(paths):
        white, black = game.headers.get("White", ""), game.headers.get("Black", "")
        result = game.headers.get("Result", "*")
        if engine not in (white, black) or result not in ("1-0", "0-1"):
            continue
        engine_white = engine == white
        if (result == "1-0") == engine_white:
            continue  # engine won
        board = game.board()
        last = None  # (engine's score, FEN, SAN, fullmove)
        for node in game.mainline():
            engine_moves = board.turn == (chess.WHITE if engine_white else chess.BLACK)
            fen, san, fullmove = board.fen(), board.san(node.move), board.fullmove_number
            board.push(node.move)
            parsed = parse_comment(node.comment)
            if parsed is None:
                continue
            if engine_moves:
                last = (parsed[0], fen, san, fullmove)
            elif parsed[0] > winner_above and last is not None and last[0] > loser_above:
                found.append((last[3], parsed[0], last[0], last[1], last[2]))
                break
    return found


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("times", help="seconds and depth a move, per engine and stage")
    t.add_argument("pgn", nargs="+")
    c = sub.add_parser("clock", help="how close each engine came to its flag")
    c.add_argument("pgn", nargs="+")
    m = sub.add_parser("misjudged", help="where the loser still thought it was fine")
    m.add_argument("--engine", required=True, help="the engine's name as in the PGN")
    m.add_argument("--winner", type=float, default=1.0)
    m.add_argument("--loser", type=float, default=-0.5)
    m.add_argument("--epd", help="write the positions here")
    m.add_argument("pgn", nargs="+")
    args = ap.parse_args(argv)
    try:
        if args.cmd == "times":
            acc = times(args.pgn)
            for (eng, st), (n, secs, depth) in sorted(acc.items()):
                print(f"{eng:24s} {st:12s} {n:7d} moves  {secs / n:.3f} s  depth {depth / n:.1f}")
            return 0
        if args.cmd == "clock":
            for eng, st in sorted(clock(args.pgn).items()):
                print(f"{eng:24s} {st['games']:5d} games {st['moves']:7d} moves  "
                      f"least left before a move {st['min_left']:.3f} s, after "
                      f"{st['min_after']:+.3f} s  largest share {st['max_share']:.2f}  "
                      f"over half {st['over_half']}  past the flag {st['past_flag']}  "
                      f"lost on time {st['forfeits']}")
            return 0
        found = misjudged(args.pgn, args.engine, args.winner, args.loser)
    except OSError as e:
        print(f"pgnstats: {e}", file=sys.stderr)
        return 1
    by_stage = collections.Counter(stage(f[0]) for f in found)
    print(f"{len(found)} lost games where the winner saw it first")
    for _, name in STAGES:
        print(f"  {name:12s} {by_stage.get(name, 0)}")
    if args.epd:
        with open(args.epd, "w") as out:
            for fullmove, theirs, ours, fen, san in sorted(found):
                epd = " ".join(fen.split()[:4])
                out.write(f'{epd} c0 "move {fullmove} {san}, '
                          f'{args.engine} {ours:+.2f}, winner {theirs:+.2f}";\n')
    return 0


if __name__ == "__main__":
    sys.exit(main())
