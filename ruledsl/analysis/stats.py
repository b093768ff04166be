"""Estimates with 95% confidence intervals, and the tests that compare them.

Pure functions of numbers: no game, no simulation. Everything is a large-sample method (normal
approximations, the Wilson interval, distribution-free intervals for quantiles) because a run
plays hundreds or thousands of matches; docs/analysis.md says which method each figure uses.
Matches are the independent unit: a figure pooled over hands or decisions (a share of hands, a
mean branching factor) is a ratio of per-match sums, and its interval treats each match as one
cluster, so hands of the same match are never taken to be independent.
"""
from __future__ import annotations

import math
from statistics import NormalDist

import attrs

Z95 = NormalDist().inv_cdf(0.975)      # 1.96: both tails of a 95% interval
ALPHA = 0.05                           # a difference or an advantage is "significant" below it


@attrs.frozen
class Estimate:
    """A figure, its 95% interval, and how many independent observations (matches) it rests on."""

    value: float | None
    low: float | None = None
    high: float | None = None
    n: int = 0
    se: float | None = None           # standard error, for tests between two estimates

    def to_dict(self) -> dict:
        return {"value": _round(self.value), "low": _round(self.low), "high": _round(self.high), "n": self.n}


NONE = Estimate(None)


def _round(x):
    return None if x is None else round(x, 6)


def mean(xs) -> Estimate:
    """The mean, with a normal interval (standard error s/√n)."""
    xs = list(xs)
    n = len(xs)
    if n == 0:
        return NONE
    m = math.fsum(xs) / n
    if n == 1:
        return Estimate(m, m, m, 1, 0.0)
    se = math.sqrt(math.fsum((x - m) ** 2 for x in xs) / (n - 1) / n)
    return Estimate(m, m - Z95 * se, m + Z95 * se, n, se)


def proportion(k: int, n: int) -> Estimate:
    """k successes out of n, with the Wilson score interval (sound near 0 and 1)."""
    if n == 0:
        return NONE
    p = k / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low, high = max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))   # exact at 0 and 1
    return Estimate(p, low, high, n, math.sqrt(p * (1 - p) / n))


def ratio(ys, xs, share: bool = False) -> Estimate:
    """Σy / Σx over clusters (matches), with the linearised (delta-method) interval: the
    standard error of a ratio estimator, √(Σ(yᵢ − R·xᵢ)² / (n(n−1))) / x̄. A `share` (a part
    of a whole) keeps its interval within 0 and 1."""
    ys, xs = list(ys), list(xs)
    n, total = len(xs), math.fsum(xs)
    if n == 0 or total == 0:
        return Estimate(None, n=n)
    r = math.fsum(ys) / total
    if n == 1:
        return Estimate(r, r, r, 1, 0.0)
    xbar = total / n
    se = math.sqrt(math.fsum((y - r * x) ** 2 for y, x in zip(ys, xs)) / (n * (n - 1))) / xbar
    low, high = r - Z95 * se, r + Z95 * se
    if share:
        low, high = max(0.0, low), min(1.0, high)
    return Estimate(r, low, high, n, se)


def quantile(xs, q: float) -> Estimate:
    """The q-quantile (the value at rank ⌈qn⌉), with the distribution-free interval between the
    order statistics whose ranks are qn ∓ 1.96·√(nq(1−q)) (the binomial normal approximation)."""
    xs = sorted(xs)
    n = len(xs)
    if n == 0:
        return NONE
    value = xs[min(n - 1, max(0, math.ceil(q * n) - 1))]
    spread = Z95 * math.sqrt(n * q * (1 - q))
    low = xs[max(0, math.floor(q * n - spread) - 1)]
    high = xs[min(n - 1, math.ceil(q * n + spread) - 1)]
    return Estimate(value, low, high, n)


def histogram(xs) -> dict:
    """How many times each value occurs, in order of value."""
    counts: dict = {}
    for x in xs:
        counts[x] = counts.get(x, 0) + 1
    return dict(sorted(counts.items()))


# -- tests ---------------------------------------------------------------------------------------

def two_sided_p(z: float) -> float:
    return 2 * (1 - NormalDist().cdf(abs(z)))


def z_test(estimate: Estimate, null: float = 0.0) -> float | None:
    """Two-sided p-value of `estimate` differing from `null` (a z-test on its standard error)."""
    if estimate.value is None or estimate.se is None:
        return None
    if estimate.se == 0:
        return 1.0 if estimate.value == null else 0.0
    return two_sided_p((estimate.value - null) / estimate.se)


def difference(a: Estimate, b: Estimate) -> Estimate:
    """b − a for two independent estimates (two runs), with its interval (Welch's z)."""
    if a.value is None or b.value is None or a.se is None or b.se is None:
        return Estimate(None)
    d = b.value - a.value
    se = math.sqrt(a.se ** 2 + b.se ** 2)
    return Estimate(d, d - Z95 * se, d + Z95 * se, min(a.n, b.n), se)


def binomial_test(k: int, n: int, p0: float) -> float:
    """Exact two-sided binomial test: the probability, when each trial succeeds with p0, of a
    count at most as likely as k (the sum of the point probabilities not above P(k))."""
    if n == 0:
        return 1.0
    if p0 <= 0 or p0 >= 1:
        return 1.0 if k == round(p0 * n) else 0.0
    log_p, log_q = math.log(p0), math.log1p(-p0)

    def log_pmf(i):
        return math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + i * log_p + (n - i) * log_q
    observed = log_pmf(k)
    slack = 1e-7        # relative tolerance, as R's binom.test, so ties in probability count
    total = math.fsum(math.exp(lp) for lp in map(log_pmf, range(n + 1)) if lp <= observed + slack)
    return min(1.0, total)
