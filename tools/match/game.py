"""Playing one game between two UCI engines (used by match.py).

The runner keeps both clocks itself: the think time of a move runs from
sending `go` to the arrival of `bestmove` (see uci.py); it is subtracted from
the mover's clock and the increment added.  A move that takes longer than
the remaining time plus a tolerance loses on time.  Crashes, stalls and
illegal moves lose too; the PGN Termination tag says how a game ended.
"""

import datetime
from dataclasses import dataclass
from typing import Dict, List, Optional

import chess
import chess.pgn

from openings import Opening
from uci import EngineCrash, EngineError, EngineTimeout, UciEngine

MAX_FAILED_STARTS = 3    # consecutive start failures before giving up


class FatalMatchError(Exception):
    pass


@dataclass
class TimeControl:
    base: float
    inc: float

    def __str__(self) -> str:           # PGN TimeControl format
        return f"{self.base:g}+{self.inc:g}" if self.inc else f"{self.base:g}"


def parse_tc(text: str) -> TimeControl:
    base, _, inc = text.partition("+")
    tc = TimeControl(float(base), float(inc or 0))
    if tc.base <= 0 or tc.inc < 0:
        raise ValueError(f"bad time control '{text}'")
    return tc


@dataclass
class Config:
    tc: Optional[TimeControl]
    nodes: Optional[int]
    depth: Optional[int]
    tolerance: float
    hang_timeout: float
    resign_score: Optional[int]
    resign_moves: int
    draw_score: Optional[int]
    draw_moves: int
    draw_after: int
    event: str
    chess960: bool


@dataclass
class EngineSpec:
    command: str
    options: Dict[str, str]
    name: str = ""


@dataclass
class Job:
    index: int                 # 0-based game number
    opening: Opening
    engine1_white: bool


@dataclass
class GameResult:
    job: Job
    white: str
    black: str
    result: str                # "1-0", "0-1", "1/2-1/2"
    termination: str           # PGN Termination tag
    reason: str
    plies: int
    pgn: str

    def score1(self) -> float:
        """Score of engine 1 in this game."""
        return engine1_score(self.result, self.job.engine1_white)


def engine1_score(result: str, engine1_white: bool) -> float:
    """Engine 1's score for a PGN result, given its colour."""
    if result == "1/2-1/2":
        return 0.5
    return 1.0 if (result == "1-0") == engine1_white else 0.0


class Player:
    """One engine seat of a worker; (re)starts its engine on demand."""

    def __init__(self, spec: EngineSpec, log=None):
        self.spec = spec
        self.log = log
        self.engine: Optional[UciEngine] = None
        self.failed_starts = 0

    def ensure_started(self) -> UciEngine:
        if self.engine is not None and self.engine.alive():
            return self.engine
        if self.engine is not None:
            self.engine.kill()
        self.engine = UciEngine(self.spec.command, self.spec.options, self.log)
        try:
            self.engine.start()
        except EngineError:
            self.engine.kill()
            self.failed_starts += 1
            if self.failed_starts >= MAX_FAILED_STARTS:
                raise FatalMatchError(
                    f"{self.spec.name}: engine failed to start "
                    f"{self.failed_starts} times in a row")
            raise
        self.failed_starts = 0
        return self.engine

    def close(self) -> None:
        if self.engine is not None:
            self.engine.close()


# --- one game ----------------------------------------------------------------

SIDE = {chess.WHITE: "White", chess.BLACK: "Black"}


def loss_of(color: chess.Color) -> str:
    return "0-1" if color == chess.WHITE else "1-0"


def rules_outcome(board: chess.Board):
    """(result, reason) if the game is over by the rules, else None.

    Threefold repetition and the fifty-move rule apply as soon as the
    position/clock is reached (python-chess's claim_draw would also end the
    game when the side to move merely *could* repeat)."""
    outcome = board.outcome(claim_draw=False)
    if outcome is not None:
        term = outcome.termination
        if term == chess.Termination.CHECKMATE:
            return outcome.result(), f"{SIDE[outcome.winner]} mates"
        names = {
            chess.Termination.STALEMATE: "stalemate",
            chess.Termination.INSUFFICIENT_MATERIAL: "insufficient material",
            chess.Termination.SEVENTYFIVE_MOVES: "75-move rule",
            chess.Termination.FIVEFOLD_REPETITION: "5-fold repetition",
        }
        return outcome.result(), f"Draw by {names.get(term, term.name.lower())}"
    if board.is_repetition(3):
        return "1/2-1/2", "Draw by 3-fold repetition"
    if board.halfmove_clock >= 100:
        return "1/2-1/2", "Draw by fifty-move rule"
    return None


def adjudicate(cfg: Config, board: chess.Board, scores: List[Optional[int]]):
    """Score-based adjudication.  `scores` holds one entry per engine move:
    the mover's reported score converted to White's view (None if absent).
    Both engines must agree over the last N moves of each side."""
    if cfg.resign_score is not None:
        last = scores[-2 * cfg.resign_moves:]
        if len(last) == 2 * cfg.resign_moves and None not in last:
            if all(s >= cfg.resign_score for s in last):
                return "1-0", "Black resigns (score adjudication)"
            if all(s <= -cfg.resign_score for s in last):
                return "0-1", "White resigns (score adjudication)"
    if cfg.draw_score is not None and board.fullmove_number >= cfg.draw_after:
        last = scores[-2 * cfg.draw_moves:]
        if (len(last) == 2 * cfg.draw_moves and None not in last
                and all(abs(s) <= cfg.draw_score for s in last)):
            return "1/2-1/2", "Draw by score adjudication"
    return None


def move_comment(sr) -> str:
    """cutechess-style '{+0.35/12 0.512s}' (score from the mover's view)."""
    if sr.mate is not None:
        score = f"{'+' if sr.mate > 0 else '-'}M{abs(sr.mate)}"
    elif sr.score_cp is not None:
        score = f"{sr.score_cp / 100:+.2f}"
    else:
        score = ""
    if score and sr.depth is not None:
        score += f"/{sr.depth}"
    return f"{score} {sr.elapsed:.3f}s".strip()


def go_arguments(cfg: Config, clocks: Dict[bool, float]) -> str:
    parts = []
    if cfg.tc:
        def ms(x):
            return max(1, int(x * 1000))
        inc = ms(cfg.tc.inc) if cfg.tc.inc else 0
        parts.append(f"wtime {ms(clocks[chess.WHITE])} btime "
                     f"{ms(clocks[chess.BLACK])} winc {inc} binc {inc}")
    if cfg.nodes:
        parts.append(f"nodes {cfg.nodes}")
    if cfg.depth:
        parts.append(f"depth {cfg.depth}")
    return " ".join(parts)


def play_game(cfg: Config, job: Job, white: Player, black: Player) -> GameResult:
    players = {chess.WHITE: white, chess.BLACK: black}
    board = job.opening.root.copy()
    game = chess.pgn.Game()
    game.setup(board)
    standard_root = (board.fen() == chess.STARTING_FEN and not board.chess960)
    root_cmd = "position startpos" if standard_root else f"position fen {board.fen()}"
    uci_moves: List[str] = []
    node: chess.pgn.GameNode = game
    for move in job.opening.moves:
        uci_moves.append(board.uci(move))
        board.push(move)
        node = node.add_variation(move, comment="book")

    outcome = None
    for color in (chess.WHITE, chess.BLACK):
        try:
            players[color].ensure_started().new_game()
        except EngineError as exc:
            players[color].engine.kill()
            outcome = (loss_of(color), "abandoned",
                       f"{SIDE[color]}'s engine failed to start: {exc}")
            break

    clocks = {chess.WHITE: 0.0, chess.BLACK: 0.0}
    if cfg.tc:
        clocks = {chess.WHITE: cfg.tc.base, chess.BLACK: cfg.tc.base}
    scores: List[Optional[int]] = []
    while outcome is None:
        ruled = rules_outcome(board)
        if ruled:
            outcome = (ruled[0], "normal", ruled[1])
            break
        color = board.turn
        engine = players[color].engine
        position = root_cmd + (" moves " + " ".join(uci_moves) if uci_moves else "")
        budget = clocks[color] + cfg.tolerance if cfg.tc else cfg.hang_timeout
        try:
            sr = engine.go(position, go_arguments(cfg, clocks), budget)
        except EngineTimeout:
            engine.abort_search()
            if cfg.tc:
                outcome = (loss_of(color), "time forfeit", f"{SIDE[color]} loses on time")
            else:
                outcome = (loss_of(color), "abandoned",
                           f"{SIDE[color]} stalls (no move in {cfg.hang_timeout:g} s)")
            break
        except EngineCrash as exc:
            engine.kill()
            outcome = (loss_of(color), "abandoned", f"{SIDE[color]}'s engine crashed: {exc}")
            break
        if cfg.tc and sr.elapsed > clocks[color] + cfg.tolerance:
            outcome = (loss_of(color), "time forfeit", f"{SIDE[color]} loses on time")
            break
        try:
            move = board.parse_uci(sr.bestmove)
            if not move:
                raise ValueError("null move")
        except ValueError:
            outcome = (loss_of(color), "rules infraction",
                       f"{SIDE[color]} makes an illegal move: {sr.bestmove or '(none)'}")
            break
        if cfg.tc:
            clocks[color] = max(clocks[color] - sr.elapsed, 0.0) + cfg.tc.inc
        uci_moves.append(board.uci(move))
        board.push(move)
        node = node.add_variation(move, comment=move_comment(sr))
        if sr.score_cp is None:
            scores.append(None)
        else:
            scores.append(sr.score_cp if color == chess.WHITE else -sr.score_cp)
        adj = adjudicate(cfg, board, scores)
        if adj:
            outcome = (adj[0], "adjudication", adj[1])

    result, termination, reason = outcome
    names = {c: p.spec.name for c, p in players.items()}
    h = game.headers
    h["Event"] = cfg.event
    h["Site"] = "?"
    h["Date"] = datetime.date.today().strftime("%Y.%m.%d")
    h["Round"] = str(job.index + 1)
    h["White"], h["Black"] = names[chess.WHITE], names[chess.BLACK]
    h["Result"] = result
    h["TimeControl"] = str(cfg.tc) if cfg.tc else "-"
    h["Termination"] = termination
    h["PlyCount"] = str(len(board.move_stack))
    if node is game:
        game.comment = reason
    else:
        node.comment = f"{node.comment}; {reason}" if node.comment else reason
    return GameResult(job, names[chess.WHITE], names[chess.BLACK], result,
                      termination, reason, len(board.move_stack), str(game))
