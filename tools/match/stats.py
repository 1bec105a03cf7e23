"""Match statistics: Elo with error bars, LOS and a GSPRT on games or on game pairs.

The game functions take the counts W/D/L from engine 1's point of view; the pair functions
take the pentanomial counts of game pairs (one opening played with both colours) by engine
1's pair score 0, 1/2, 1, 3/2, 2.

Elo
    s = (W + D/2) / N,  Elo = -400 * log10(1/s - 1).
    The 95% interval maps s +/- 1.96 * sigma/sqrt(N) through the same
    formula, where sigma^2 is the (population) variance of the per-game
    scores 1, 1/2, 0.  The reported "+/-" is half the interval's width.

LOS (likelihood of superiority)
    LOS = 1/2 * (1 + erf((W - L) / sqrt(2 (W + L)))); draws carry no weight.

SPRT
    Generalised SPRT on trinomial game results with *logistic* Elo bounds
    (elo0/elo1 converted to expected scores s0/s1 with the same formula as
    above; this is not BayesElo and not normalised Elo).  The log-likelihood
    ratio is the exact one: for each hypothesis the W/D/L probabilities are
    the maximum-likelihood ones subject to the mean score being s0 (s1), as
    in fishtest's trinomial LLR.  For many games it agrees with the classical
    approximation  LLR ~= N (s1 - s0) (2 s - s0 - s1) / (2 sigma^2)
    (`llr_approx`), but unlike it stays sensible when sigma is 0 (e.g. only
    wins so far).  Bounds: lower = ln(beta / (1 - alpha)),
    upper = ln((1 - beta) / alpha).

Pentanomial (game pairs)
    The two games of an opening are not independent: with an unbalanced
    opening each side tends to win with the favoured colour.  Counting the
    pairs by their total score (0, 1/2, 1, 3/2, 2) and treating the pair,
    not the game, as the sample gives the right variance, as fishtest does.
    The same exact GSPRT runs on the five outcomes with scores 0, 1/4, 1/2,
    3/4, 1 (the pair's mean per game), and the Elo interval uses the
    variance of those pair means over the number of pairs.
"""

import math
from dataclasses import dataclass
from typing import Dict, Tuple

Z95 = 1.959963984540054


def elo_to_score(elo: float) -> float:
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def score_to_elo(s: float) -> float:
    if s <= 0.0:
        return -math.inf
    if s >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / s - 1.0) + 0.0   # no "-0.0"


def mean_and_variance(w: int, d: int, l: int) -> Tuple[float, float]:
    """Mean per-game score and its population variance."""
    n = w + d + l
    if n == 0:
        return 0.5, 0.0
    s = (w + 0.5 * d) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n
    return s, var


@dataclass
class EloEstimate:
    games: int
    score: float     # 0..1
    elo: float
    lo: float        # 95% interval
    hi: float
    err: float       # half width of the interval
    los: float       # 0..1


def elo_estimate(w: int, d: int, l: int) -> EloEstimate:
    n = w + d + l
    s, var = mean_and_variance(w, d, l)
    se = math.sqrt(var / n) if n else 0.0
    return _estimate(n, s, se, los(w, l))


def _estimate(games: int, s: float, se: float, los_: float) -> EloEstimate:
    """The estimate for mean score `s` with standard error `se`: the 95% interval is
    s +/- Z95 * se mapped to Elo."""
    lo = score_to_elo(s - Z95 * se)
    hi = score_to_elo(s + Z95 * se)
    err = (hi - lo) / 2 if math.isfinite(hi - lo) else math.inf
    return EloEstimate(games, s, score_to_elo(s), lo, hi, err, los_)


def los(w: int, l: int) -> float:
    if w + l == 0:
        return 0.5
    return 0.5 * (1.0 + math.erf((w - l) / math.sqrt(2.0 * (w + l))))


# --- SPRT -------------------------------------------------------------------

@dataclass
class SprtParams:
    elo0: float = 0.0
    elo1: float = 5.0
    alpha: float = 0.05
    beta: float = 0.05

    def bounds(self) -> Tuple[float, float]:
        return (math.log(self.beta / (1 - self.alpha)),
                math.log((1 - self.beta) / self.alpha))


def parse_sprt(text: str) -> SprtParams:
    """Parse 'elo0=0,elo1=5,alpha=0.05,beta=0.05' (any subset, any order)."""
    params: Dict[str, float] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        key = key.strip().lower()
        if not sep or key not in ("elo0", "elo1", "alpha", "beta"):
            raise ValueError(f"bad SPRT parameter '{part}'")
        params[key] = float(value)
    p = SprtParams(**params)
    if not (0 < p.alpha < 1 and 0 < p.beta < 1) or p.elo1 <= p.elo0:
        raise ValueError("SPRT needs 0 < alpha, beta < 1 and elo1 > elo0")
    return p


_OUTCOME_SCORES = (1.0, 0.5, 0.0)
#: A game pair's score per game, by its pentanomial index (pair score 0, 1/2, 1, 3/2, 2).
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)


def _mle(freqs, s: float, scores=_OUTCOME_SCORES):
    """Outcome probabilities (W/D/L, or the five pair outcomes) maximising
    the likelihood of the observed frequencies subject to a mean score of
    `s` (0 < s < 1).

    Lagrange: p_i = q_i / (1 + lam * (a_i - s)) with lam the root of
    f(lam) = sum q_i (a_i - s) / (1 + lam (a_i - s)), which decreases in lam
    on (-1/(1-s), 1/s).  If the root lies on the boundary the missing mass
    goes to an unobserved outcome; only observed outcomes matter for the LLR.
    """
    xs = [a - s for a in scores]
    lo, hi = -1.0 / (1.0 - s), 1.0 / s

    def f(lam):
        return sum(q * x / (1.0 + lam * x) for q, x in zip(freqs, xs) if q)

    eps = 1e-12
    a, b = lo + eps * (hi - lo), hi - eps * (hi - lo)
    for _ in range(200):
        mid = 0.5 * (a + b)
        if f(mid) > 0:
            a = mid
        else:
            b = mid
    lam = 0.5 * (a + b)
    return [q / (1.0 + lam * x) for q, x in zip(freqs, xs)]


def llr(w: int, d: int, l: int, p: SprtParams) -> float:
    """Exact trinomial GSPRT log-likelihood ratio (H1 vs H0)."""
    return _gsprt_llr([w, d, l], _OUTCOME_SCORES, p)


def _gsprt_llr(counts, scores, p: SprtParams) -> float:
    """The exact GSPRT LLR of outcome `counts` whose outcomes score `scores`."""
    n = sum(counts)
    if n == 0:
        return 0.0
    freqs = [c / n for c in counts]
    p0 = _mle(freqs, elo_to_score(p.elo0), scores)
    p1 = _mle(freqs, elo_to_score(p.elo1), scores)
    return n * sum(q * math.log(b / a) for q, a, b in zip(freqs, p0, p1) if q)


def llr_pentanomial(pairs, p: SprtParams) -> float:
    """Exact GSPRT log-likelihood ratio on pentanomial pair counts (H1 vs H0)."""
    return _gsprt_llr(pairs, PAIR_SCORES, p)


def pair_estimate(pairs) -> EloEstimate:
    """Elo, 95% interval and LOS from pentanomial pair counts (LOS from the normal
    approximation of the mean pair score)."""
    n = sum(pairs)
    if n == 0:
        return EloEstimate(0, 0.5, 0.0, -math.inf, math.inf, math.inf, 0.5)
    s = sum(c * x for c, x in zip(pairs, PAIR_SCORES)) / n
    var = sum(c * (x - s) ** 2 for c, x in zip(pairs, PAIR_SCORES)) / n
    se = math.sqrt(var / n)
    if se > 0:
        los_ = 0.5 * (1.0 + math.erf((s - 0.5) / (se * math.sqrt(2.0))))
    else:
        los_ = 1.0 if s > 0.5 else 0.0 if s < 0.5 else 0.5
    return _estimate(2 * n, s, se, los_)


def llr_approx(w: int, d: int, l: int, p: SprtParams) -> float:
    """Classical quadratic approximation of `llr` (0 when variance is 0)."""
    n = w + d + l
    s, var = mean_and_variance(w, d, l)
    if n == 0 or var == 0:
        return 0.0
    s0, s1 = elo_to_score(p.elo0), elo_to_score(p.elo1)
    return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var)


def sprt_state(value: float, p: SprtParams) -> str:
    lower, upper = p.bounds()
    if value >= upper:
        return "H1"
    if value <= lower:
        return "H0"
    return "continue"


def fmt_elo(x: float) -> str:
    return f"{x:+.1f}" if math.isfinite(x) else ("+inf" if x > 0 else "-inf")
