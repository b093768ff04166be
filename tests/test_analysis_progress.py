"""The time a run has left, on a fake clock: a run whose batches cost very different amounts
(a main run of random players, skill runs of search bots) sharing two workers."""
import heapq

import pytest

from ruledsl.analysis.progress import TimeLeft, clock_text
from ruledsl.analysis.runner import Batch, _tasks


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def played(batches, cost, workers):
    """The completions of a pool of `workers` playing the run's chunks in order, each match of
    a batch taking `cost[label]` seconds: (time, batch, matches, seconds), in time order."""
    free = [(0.0, w) for w in range(workers)]
    out = []
    for batch, start, stop in _tasks(batches, workers):
        at, worker = heapq.heappop(free)
        seconds = (stop - start) * cost[batch.label]
        out.append((at + seconds, batch, stop - start, seconds))
        heapq.heappush(free, (at + seconds, worker))
    return sorted(out, key=lambda done: done[0])


def per_row(samples, now, remaining, window=30.0):
    """rich's estimate for one row (Task.speed, Task.time_remaining): the pace of its completions
    in the last `window` seconds, the first sample's count left out."""
    recent = [(t, k) for t, k in samples if t >= now - window]
    if len(recent) < 2 or recent[-1][0] == recent[0][0]:
        return None
    return remaining / (sum(k for _, k in recent[1:]) / (recent[-1][0] - recent[0][0]))


def test_the_time_left_counts_every_batchs_cost_not_one_rows_pace():
    main = Batch(None, 2000, "main")
    strong, weak = Batch(None, 10, "strong vs random"), Batch(None, 10, "strong vs weak")
    cost = {"main": 0.02, "strong vs random": 4.0, "strong vs weak": 8.0}
    done = played([main, strong, weak], cost, workers=2)
    end = done[-1][0]
    clock = Clock()
    left = TimeLeft([main, strong, weak], 2, clock)
    samples, worst_ours, worst_rows = [], 0.0, 0.0
    main_left = main.count
    for at, batch, matches, seconds in done:
        clock.now = at
        left.done(batch, matches, seconds)
        if batch is main:
            samples.append((at, matches))
            main_left -= matches
        truth = end - at
        if 0.1 * end <= at <= 0.6 * end:          # early on, once every batch has been measured
            assert left.seconds() is not None
            worst_ours = max(worst_ours, abs(left.seconds() / truth - 1))
            main_ends = max(t for t, b, _, _ in done if b is main)
            row = per_row(samples, at, main_left)
            if row is not None and batch is main:
                worst_rows = max(worst_rows, row / (main_ends - at))
    assert worst_ours < 0.25                          # within a quarter of the truth throughout
    assert worst_rows > 2.5                           # what the bar showed: the main row's pace
    clock.now = end + 5
    assert left.seconds() == 0.0


def test_the_estimate_counts_down_between_completions_and_waits_for_every_batch():
    clock = Clock()
    a, b = Batch(None, 10, "a"), Batch(None, 4, "b")
    left = TimeLeft([a, b], 2, clock)
    clock.now = 1.0
    left.done(a, 2, 2.0)
    assert left.seconds() is None and clock_text(None) == "time left: estimating…"   # b not measured yet
    clock.now = 3.0
    left.done(b, 1, 3.0)
    assert left.seconds() == pytest.approx((8 * 1.0 + 3 * 3.0) / 2)
    clock.now = 5.0
    assert left.seconds() == pytest.approx(8.5 - 2.0)
    assert clock_text(6.6) == "time left: 0:07" and clock_text(3725) == "time left: 1:02:05"
