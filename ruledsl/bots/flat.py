"""Flat Monte Carlo over sampled worlds, with paired values: in each world (a determinization,
`state.determinize`) every legal action is tried and its outcome for the seat recorded, so the
values of two actions in one world differ only by what the actions do — the comparison `hint`
makes and the `expert` bot plays by.

The roll-outs after the actions of one world share their random numbers (common random numbers):
each starts from the same seed, so where the actions lead to alike positions the roll-outs after
them play alike, and the difference between two actions is measured with less noise.
"""
from __future__ import annotations

import math
import random

Z95 = 1.959964         # the two-sided 95% point of the normal distribution


class Samples:
    """A row per world: the value of each legal action there (the order of `legal`)."""

    def __init__(self, legal: list):
        self.legal = legal
        self.rows: list[list[float]] = []
        self.judged = [0.0] * len(legal)      # the one-action judge's scores, summed over worlds

    def add(self, row: list[float]) -> None:
        self.rows.append(row)

    def judge(self, scores: list[float]) -> None:
        self.judged = [a + b for a, b in zip(self.judged, scores)]

    def standing(self, z: float) -> int:
        """The action to play: the judge's favourite over the worlds (`judge`), unless the best
        mean leads it world by world by more than `z` standard errors — then the best mean."""
        means = self.means()
        best = max(range(len(means)), key=means.__getitem__)
        pick = max(range(len(self.judged)), key=self.judged.__getitem__)
        if pick == best:
            return best
        gap, err = self.behind(best)[pick]
        return best if gap > z * err else pick             # (nan: one world, the pick stands)

    def __len__(self) -> int:
        return len(self.rows)

    def means(self) -> list[float]:
        n = len(self.rows)
        if not n:
            return [float("-inf")] * len(self.legal)
        return [sum(column) / n for column in zip(*self.rows)]

    def stderrs(self) -> list[float]:
        """The standard error of each action's mean (nan with fewer than two worlds)."""
        return [_stderr(column) for column in zip(*self.rows)] if self.rows else [math.nan] * len(self.legal)

    def behind(self, best: int) -> list[tuple[float, float]]:
        """Per action, (its mean shortfall from action `best`, the standard error of that
        shortfall), from the paired differences world by world."""
        out = []
        for i in range(len(self.legal)):
            gaps = [row[best] - row[i] for row in self.rows]
            out.append((sum(gaps) / len(gaps), _stderr(gaps)) if gaps else (0.0, math.nan))
        return out


def _stderr(values) -> float:
    n = len(values)
    if n < 2:
        return math.nan
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def try_each(world, legal: list, seat: int, finish, rng: random.Random) -> list[float]:
    """Every action of `legal` played in `world`, then `finish(state, rng)` (the values it
    leads to, one per seat); the seat's value of each. The finishes share one seed."""
    seed = rng.getrandbits(64)
    row = []
    for action in legal:
        trial = world.clone()
        trial.apply_action_fast(action)
        row.append(finish(trial, random.Random(seed))[seat])
    return row
