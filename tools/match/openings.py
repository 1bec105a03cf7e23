"""Opening positions for matches, from EPD or PGN files.

An opening is a root position plus a list of moves played from it: EPD lines
give a root and no moves; PGN games give their starting position (usually the
standard one) and their main line, so the played games keep the full move
history (repetitions count from the real start, and the PGN output needs no
FEN header).

Large files are only split into records up front; only the openings actually
used are parsed, so picking a few games from a 34,700-game PGN is fast.
"""

import io
import random
from dataclasses import dataclass, field
from typing import List, Optional

import chess
import chess.pgn


@dataclass
class Opening:
    root: chess.Board                      # position before `moves`
    moves: List[chess.Move] = field(default_factory=list)
    label: str = ""                        # e.g. "file.pgn #12"


def _split_pgn(text: str) -> List[str]:
    """Split PGN text into game records: a header line that follows movetext
    starts a new game."""
    records, current, in_moves = [], [], False
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if stripped.startswith("[") and in_moves:
            records.append("".join(current))
            current, in_moves = [], False
        if stripped and not stripped.startswith(("[", "%", ";")):
            in_moves = True
        current.append(line)
    if any(line.strip() for line in current):
        records.append("".join(current))
    return records


def _split_epd(text: str) -> List[str]:
    return [ln.strip() for ln in text.splitlines()
            if ln.strip() and not ln.lstrip().startswith("#")]


def parse_epd_line(line: str, chess960: bool = False) -> chess.Board:
    """EPD (4 FEN fields + optional operations) or a full 6-field FEN."""
    parts = line.split()
    if len(parts) >= 6 and parts[4].isdigit() and parts[5].rstrip(";").isdigit():
        board = chess.Board(" ".join(parts[:5] + [parts[5].rstrip(";")]),
                            chess960=chess960)
    else:
        board, _ = chess.Board.from_epd(line, chess960=chess960)
    if not board.is_valid():
        raise ValueError(f"invalid position: {line}")
    return board


def parse_pgn_record(record: str, chess960: bool = False) -> Opening:
    game = chess.pgn.read_game(io.StringIO(record))
    if game is None:
        raise ValueError("empty PGN record")
    if game.errors:
        raise ValueError(f"PGN error: {game.errors[0]}")
    root = game.board()
    if chess960:
        root.chess960 = True
    return Opening(root, list(game.mainline_moves()))


def load_openings(path: Optional[str], count: int, seed: Optional[int] = None,
                  chess960: bool = False) -> List[Opening]:
    """Return `count` openings from `path` (cycling if the file has fewer),
    in file order, or shuffled with `seed`.  No path: the standard start."""
    if path is None:
        return [Opening(chess.Board(chess960=chess960), [], "startpos")
                for _ in range(count)]
    with open(path, encoding="utf-8", errors="replace") as fh:
        text = fh.read()
    is_pgn = path.lower().endswith(".pgn")
    records = _split_pgn(text) if is_pgn else _split_epd(text)
    if not records:
        raise ValueError(f"no openings in {path}")
    order = list(range(len(records)))
    if seed is not None:
        random.Random(seed).shuffle(order)
    name = path.rsplit("/", 1)[-1]
    result = []
    for i in range(count):
        idx = order[i % len(order)]
        try:
            if is_pgn:
                op = parse_pgn_record(records[idx], chess960)
            else:
                op = Opening(parse_epd_line(records[idx], chess960))
        except ValueError as exc:
            raise ValueError(f"{name} opening #{idx + 1}: {exc}") from exc
        op.label = f"{name} #{idx + 1}"
        result.append(op)
    return result
