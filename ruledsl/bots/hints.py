"""`hint(state)`: what each legal move of the seat to move is worth, and how sure that is.

    h = ruledsl.bots.hint(state)                  # a fixed amount of search, whatever the load
    for move in h.moves:                          # best first
        print(move.text, move.value, "±", move.margin, "over", move.samples, "worlds",
              "(as good as the best)" if move.tied else "")

The search is the `expert` bot's (docs/bots.md): every move tried in each of `min_iterations`
sampled worlds. The amount of work is fixed, not the time it takes — a busy machine takes longer
and gives the same answer (the same `rng`, the same moves and values) — unless the time cap
`max_seconds` is reached first, which the hint reports (`capped`). Values are in the units of
the rule file's `result.hand` (of `returns` between hands), for the seat to move.
"""
from __future__ import annotations

import math
import random
import time

import attrs

from .expert import Expert, played, sample, standing
from .flat import Z95
from .search import Goal

FLOOR = 200            # worlds: every move's value is the mean of this many samples
SOLVE_LIMIT = 1000     # positions a world may take to be solved exactly (endgame.py)
INFER_WORK = 50       # a world's likelihood may take this much work (in roll-outs: inference.py)
CAP = 60.0             # seconds: a safety valve, far above what the floor takes at the table


@attrs.frozen
class Rated:
    """One legal move as the search found it."""
    action: object          # the action (a value of state.legal_actions())
    text: str               # its canonical text, as action_to_string gives it
    value: float            # the mean value over the worlds searched
    margin: float           # half the width of its 95% confidence interval (nan: one world)
    samples: int            # the worlds behind the value
    best: bool              # the move the expert bot would play: the highest value, or where its judge's
                            # pick stands (docs/bots.md) that pick, unless another beats it beyond the noise
    tied: bool              # not distinguishable from the best at 95% (the best itself: True)


@attrs.frozen
class Hint:
    seat: int                   # the seat the values are for
    moves: tuple                # Rated, best first
    iterations: int             # worlds searched
    floor: int                  # worlds asked for (min_iterations)
    seconds: float              # time taken, by `clock`
    capped: bool                # the time cap stopped the search before the floor
    units: str                  # "hand" (result.hand) or "match" (returns, between hands)

    @property
    def best(self) -> Rated:
        return self.moves[0]


def hint(state, rng: random.Random | None = None, *, min_iterations: int = FLOOR,
         max_seconds: float | None = CAP, clock=time.perf_counter) -> Hint:
    """Every legal move of the seat to move with its value, an interval, the samples behind it
    and whether it is as good as the best within the noise. `min_iterations` worlds are
    searched whatever the load (the floor); `max_seconds` (None: no cap) stops the search
    earlier only when reached, and `capped` says so. Without `rng`, a fixed seed: the same
    position gives the same hint."""
    if state.current_player() < 0:
        raise ValueError("nobody is to move: there is nothing to hint")
    if min_iterations < 1:
        raise ValueError("min_iterations: at least one world")
    rng = random.Random(0) if rng is None else rng
    meter = _Floor(min_iterations, max_seconds, clock)
    stand = standing(state, Expert.style)
    samples = sample(state, rng, meter, attrs.evolve(Expert.style, race=0.0),    # every move in every world
                     solve_limit=SOLVE_LIMIT,
                     infer_work=INFER_WORK * min_iterations, pool=min_iterations,   # each world once
                     judged=bool(stand))
    means, errors = samples.means(), samples.stderrs()
    best = played(samples, stand)                # the move the expert would play from these worlds
    behind = samples.behind(best)
    n = len(samples)
    moves = [Rated(a, state.action_to_string(a), means[i], Z95 * errors[i], n, i == best,
                   i == best or _within(*behind[i]))
             for i, a in enumerate(samples.legal)]
    moves.sort(key=lambda m: (not m.best, -m.value))
    return Hint(state.current_player(), tuple(moves), n, min_iterations, meter.elapsed, meter.capped,
                "hand" if Goal(state).by_hand else "match")


def _within(gap: float, error: float) -> bool:
    """A shortfall not significant at 95% (paired): no worse than the best, within the noise."""
    if math.isnan(error):
        return gap <= 0
    return gap <= Z95 * error


class _Floor:
    """A meter of `floor` worlds, whatever work each takes, unless `cap` seconds pass first
    (`capped`); `elapsed`, the time taken (by `clock`)."""

    def __init__(self, floor: int, cap: float | None, clock):
        self.floor, self.cap, self.clock = floor, cap, clock
        self.done, self.capped, self.start = 0, False, clock()

    def go(self) -> bool:
        if self.done and self.cap is not None and self.clock() - self.start >= self.cap:
            self.capped = self.done < self.floor
            return False
        self.done += 1
        return self.done <= self.floor

    def spend(self, work: int) -> None:
        pass

    def cutoff(self, k: int) -> None:
        """No part of a hint's search is cut by the clock: its work is fixed (the floor)."""
        return None

    @property
    def elapsed(self) -> float:
        return self.clock() - self.start
