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


RACE_FROM = 8          # worlds before an action may be dropped from the race (Samples.race)
RACE_STEP = 1.5        # and the checks after, each at this many times the worlds of the last


class Samples:
    """A row per world: the value of each legal action there (the order of `legal`); nan for an
    action dropped from the race before that world (`race`: tried no more)."""

    def __init__(self, legal: list):
        self.legal = legal
        self.rows: list[list[float]] = []
        self.judged = [0.0] * len(legal)      # the one-action judge's scores, summed over worlds
        self.alive = list(range(len(legal)))  # the actions still tried in each world
        self.check = RACE_FROM                # the worlds at the next race check

    def add(self, row: list[float]) -> None:
        """A world's values: of every legal action, or of the `alive` ones (in their order)."""
        if len(row) < len(self.legal):
            full = [math.nan] * len(self.legal)
            for i, value in zip(self.alive, row):
                full[i] = value
            row = full
        self.rows.append(row)

    def race(self, z: float) -> None:
        """Drop every action that the best mean among the alive ones leads, world by world, by
        more than `z` standard errors (a paired test, checked at RACE_FROM worlds and then at
        every RACE_STEP times as many): the worlds after are spent on the actions still in
        contention, not on one clearly worse (successive rejection, as in racing algorithms)."""
        n = len(self.rows)
        if n < self.check or len(self.alive) < 2:
            return
        self.check = math.ceil(n * RACE_STEP)
        means = self.means()
        best = max(self.alive, key=means.__getitem__)
        behind = self.behind(best)
        self.alive = [i for i in self.alive if i == best or not behind[i][0] > z * behind[i][1]]

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
        """Each action's mean over the worlds it was tried in (-inf: none)."""
        out = []
        for column in zip(*self.rows) if self.rows else [()] * len(self.legal):
            tried = _tried(column)
            out.append(sum(tried) / len(tried) if tried else float("-inf"))
        return out

    def stderrs(self) -> list[float]:
        """The standard error of each action's mean (nan with fewer than two worlds)."""
        return [_stderr(_tried(column)) for column in zip(*self.rows)] if self.rows else [math.nan] * len(self.legal)

    def behind(self, best: int) -> list[tuple[float, float]]:
        """Per action, (its mean shortfall from action `best`, the standard error of that
        shortfall), from the paired differences world by world (the worlds both were tried in)."""
        out = []
        for i in range(len(self.legal)):
            gaps = _tried([row[best] - row[i] for row in self.rows])
            out.append((sum(gaps) / len(gaps), _stderr(gaps)) if gaps else (0.0, math.nan))
        return out


def _tried(values) -> list[float]:
    """The values of the worlds an action was tried in (nan: dropped before, Samples.race)."""
    return [v for v in values if v == v]


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
