"""Estimates with 95% confidence intervals, and the tests that compare them.

Pure functions of numbers: no game, no simulation. The statistics are scipy.stats's (the extra
`ruledsl[analysis]`): the Wilson interval of a proportion, the exact binomial test, Fisher's exact
test of two proportions, the distribution-free interval of a quantile, the normal distribution.
What is ours is how a figure is put together: matches are the independent unit, so a figure
pooled over hands or decisions (a share of hands, a mean branching factor) is a ratio of
per-match sums, and its interval treats each match as one cluster. docs/analysis.md says which
method each figure uses.
"""
from __future__ import annotations

import math

import attrs
from scipy import stats

Z95 = float(stats.norm.ppf(0.975))     # 1.96: both tails of a 95% interval
ALPHA = 0.05                           # a difference or an advantage is "significant" below it


@attrs.frozen
class Estimate:
    """A figure, its 95% interval, and how many independent observations (matches) it rests on."""

    value: float | None
    low: float | None = None
    high: float | None = None
    n: int = 0
    se: float | None = None           # standard error, for tests between two estimates
    successes: int | None = None      # a proportion: k of its n (an exact test compares two)

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
    """k successes out of n, with the Wilson score interval: never of zero width, at 0 and 1
    included (10 of 10 is 100% [72.2%, 100%])."""
    if n == 0:
        return NONE
    p = k / n
    ci = stats.binomtest(k, n).proportion_ci(0.95, method="wilson")
    return Estimate(p, min(p, float(ci.low)), max(p, float(ci.high)), n, math.sqrt(p * (1 - p) / n), k)


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
        if se == 0:             # every decision forced, a rule that never fired: all or none in
            wilson = proportion(round(r * n), n)          # every match; no narrower than Wilson's
            low, high = wilson.low, wilson.high           # interval over the matches
        low, high = max(0.0, low), min(1.0, high)
    return Estimate(r, low, high, n, se)


def quantile(xs, q: float) -> Estimate:
    """The q-quantile (the value at rank ⌈qn⌉), with scipy's distribution-free interval (the
    order statistics whose ranks an exact binomial bound gives); where too few values leave a
    side unbounded, that side is the smallest or largest value seen."""
    xs = sorted(xs)
    n = len(xs)
    if n == 0:
        return NONE
    value = xs[min(n - 1, max(0, math.ceil(q * n) - 1))]
    ci = stats.quantile_test(xs, q=value, p=q).confidence_interval(0.95)
    low = float(ci.low) if math.isfinite(ci.low) else xs[0]
    high = float(ci.high) if math.isfinite(ci.high) else xs[-1]
    return Estimate(value, min(low, value), max(high, value), n)


def histogram(xs) -> dict:
    """How many times each value occurs, in order of value."""
    counts: dict = {}
    for x in xs:
        counts[x] = counts.get(x, 0) + 1
    return dict(sorted(counts.items()))



# -- tests ---------------------------------------------------------------------------------------

def two_sided_p(z: float) -> float:
    return float(2 * stats.norm.sf(abs(z)))


def z_test(estimate: Estimate, null: float = 0.0) -> float | None:
    """Two-sided p-value of `estimate` differing from `null` (a z-test on its standard error)."""
    if estimate.value is None or estimate.se is None:
        return None
    if estimate.se == 0:
        return 1.0 if estimate.value == null else 0.0
    return two_sided_p((estimate.value - null) / estimate.se)


def difference(a: Estimate, b: Estimate) -> Estimate:
    """b − a for two independent estimates (two runs), with the MOVER interval (Zou and Donner,
    2008; Newcombe's for two proportions): built from each estimate's own interval, so two
    shares of 100% from ten matches differ by 0 [−27.8, 27.8] points, not by a zero-width 0.
    For two normal intervals it is Welch's."""
    if a.value is None or b.value is None or a.se is None or b.se is None:
        return Estimate(None)
    d = b.value - a.value
    (a_low, a_high), (b_low, b_high) = _bounds(a), _bounds(b)
    low = d - math.hypot(b.value - b_low, a_high - a.value)
    high = d + math.hypot(b_high - b.value, a.value - a_low)
    return Estimate(d, low, high, min(a.n, b.n), math.hypot(a.se, b.se))


def _bounds(e: Estimate) -> tuple[float, float]:
    """An estimate's interval; the normal one from its standard error where it has none."""
    low = e.value - Z95 * e.se if e.low is None else e.low
    high = e.value + Z95 * e.se if e.high is None else e.high
    return low, high


def difference_p(a: Estimate, b: Estimate) -> float | None:
    """Two-sided p-value of two independent estimates differing: Fisher's exact test for two
    proportions (sound at 0% and 100%), else the z-test of their difference."""
    if a.value is None or b.value is None:
        return None
    if a.successes is not None and b.successes is not None:
        table = [[a.successes, a.n - a.successes], [b.successes, b.n - b.successes]]
        return float(stats.fisher_exact(table).pvalue)
    return z_test(difference(a, b))


def binomial_test(k: int, n: int, p0: float) -> float:
    """Exact two-sided binomial test (scipy's, as R's binom.test): the probability, when each
    trial succeeds with p0, of a count at most as likely as k."""
    if n == 0:
        return 1.0
    if p0 <= 0 or p0 >= 1:
        return 1.0 if k == round(p0 * n) else 0.0
    return float(stats.binomtest(k, n, p0).pvalue)
