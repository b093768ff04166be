"""The estimates and tests behind every figure, on numbers whose answers are known."""
import math

import pytest
from hypothesis import given, strategies as st

from ruledsl.analysis.stats import (Estimate, binomial_test, difference, difference_p, histogram, mean, proportion,
                                    quantile, ratio, z_test)


def test_mean_has_a_normal_interval():
    e = mean([1, 2, 3, 4])
    se = math.sqrt((2.25 + 0.25 + 0.25 + 2.25) / 3 / 4)
    assert (e.value, e.n) == (2.5, 4) and e.se == pytest.approx(se)
    assert (e.low, e.high) == pytest.approx((2.5 - 1.959964 * se, 2.5 + 1.959964 * se))
    assert mean([]).value is None and mean([7]).low == 7


def test_wilson_interval():
    e = proportion(50, 100)
    assert (e.low, e.high) == pytest.approx((0.40383, 0.59617), abs=1e-5)
    e = proportion(0, 20)                 # never seen: the interval still reaches above zero
    assert e.value == 0 and e.low == 0 and e.high == pytest.approx(0.16113, abs=1e-5)


def test_ratio_treats_matches_as_clusters():
    # Σy/Σx = 6/6; residuals y - x = -1, 0, 1: se = √(2 / (3·2)) / x̄ = 0.5774 / 2
    e = ratio([1, 2, 3], [2, 2, 2])
    assert e.value == 1 and e.se == pytest.approx(math.sqrt(1 / 3) / 2)
    assert ratio([0, 1], [2, 2], share=True).low == 0.0          # a share stays within 0..1
    assert ratio([1], [0]).value is None


def test_quantile_and_its_order_statistic_interval():
    xs = list(range(1, 101))
    e = quantile(xs, 0.5)
    assert e.value == 50 and e.low < 50 < e.high
    # the ranks between which the median lies with at least 95% probability: B ~ Bin(100, ½)
    covered = sum(math.comb(100, i) for i in range(int(e.low), int(e.high))) / 2 ** 100
    assert covered >= 0.95 and (e.low, e.high) == (40, 61)       # R: the exact interval is x(40), x(61)
    assert quantile(xs, 0.9).value == 90
    assert quantile([3], 0.9).value == 3
    assert (quantile([1, 2, 3], 0.9).low, quantile([1, 2, 3], 0.9).high) == (1, 3)   # too few: the range


def test_a_proportion_at_0_or_1_has_an_interval_of_some_width():
    e = proportion(10, 10)
    assert e.value == 1 and e.high == 1 and e.low == pytest.approx(0.72247, abs=1e-5)
    every = ratio([5, 7, 6], [5, 7, 6], share=True)       # every decision forced, in every match
    assert every.value == 1 and every.high == 1 and every.low == pytest.approx(proportion(3, 3).low)
    never = ratio([0, 0, 0, 0], [9, 8, 9, 7], share=True)  # a rule that never fired
    assert never.value == 0 and never.high == pytest.approx(proportion(0, 4).high)


def test_the_difference_of_two_shares_of_100_percent_is_not_zero_width():
    a, b = proportion(10, 10), proportion(10, 10)
    d = difference(a, b)
    assert d.value == 0 and d.low == pytest.approx(-(1 - a.low)) and d.high == pytest.approx(1 - a.low)
    assert difference_p(a, b) == 1.0
    # Newcombe's interval for 0/10 against 10/10, and Fisher's exact p (R: fisher.test)
    d = difference(proportion(0, 10), proportion(10, 10))
    assert d.value == 1 and d.low == pytest.approx(1 - math.hypot(1 - proportion(10, 10).low, proportion(0, 10).high))
    assert difference_p(proportion(0, 10), proportion(10, 10)) == pytest.approx(1.082509e-05, rel=1e-5)
    # Fisher's p from the hypergeometric law: 9 successes among 22, 10 of them in the first run
    def table(k):
        return math.comb(10, k) * math.comb(12, 9 - k) / math.comb(22, 9)
    fisher = sum(table(k) for k in range(0, 10) if table(k) <= table(3) * (1 + 1e-7))
    assert difference_p(proportion(3, 10), proportion(6, 12)) == pytest.approx(fisher)


def test_exact_binomial_test_matches_known_values():
    assert binomial_test(7, 10, 0.5) == pytest.approx(0.34375)   # R: binom.test(7, 10)
    assert binomial_test(0, 10, 0.5) == pytest.approx(2 / 1024)
    assert binomial_test(3, 12, 0.25) == pytest.approx(1.0)
    pmf = [math.comb(20, i) * 0.25 ** i * 0.75 ** (20 - i) for i in range(21)]
    assert binomial_test(10, 20, 0.25) == pytest.approx(sum(x for x in pmf if x <= pmf[10]))


def test_difference_and_z_test():
    a, b = Estimate(1.0, se=0.3), Estimate(2.0, se=0.4)
    d = difference(a, b)
    assert d.value == 1.0 and d.se == pytest.approx(0.5)
    assert (d.low, d.high) == pytest.approx((1 - 1.959964 * 0.5, 1 + 1.959964 * 0.5))   # normal: Welch's
    assert z_test(d) == pytest.approx(2 * (1 - 0.977250), abs=1e-5)    # z = 2
    assert difference_p(a, b) == pytest.approx(z_test(d))
    assert difference(a, Estimate(None)).value is None


def test_histogram_counts_in_order():
    assert histogram([3, 1, 3, 2]) == {1: 1, 2: 1, 3: 2}


@given(st.lists(st.integers(0, 50), min_size=2, max_size=60))
def test_every_interval_contains_its_estimate(xs):
    for e in (mean(xs), quantile(xs, 0.5), quantile(xs, 0.9), ratio(xs, [1] * len(xs)),
              proportion(sum(x > 25 for x in xs), len(xs))):
        assert e.low <= e.value <= e.high


@given(st.integers(0, 40), st.integers(1, 40), st.floats(0.05, 0.95))
def test_binomial_p_value_is_a_probability(k, n, p0):
    k = min(k, n)
    p = binomial_test(k, n, p0)
    assert 0 <= p <= 1
    assert binomial_test(round(n * p0), n, p0) >= p - 1e-9 or p >= 0.05   # the most likely count is never rarer
