"""What the search bots share: a budget, what a search plays for, the roll-out, and the bot
object that turns a search's statistics into a move (or into the values `hint` shows).

A search sees the game only through `state.determinize(seat, rng)` and the public API: it
never reads the state it is given beyond what that seat may know.
"""
from __future__ import annotations

import math
import random
import time

from ..runtime.failures import PlayError

DEFAULT_ITERATIONS = 1000       # a bare `ismcts` / `pimc`: machine-independent and reproducible
MAX_STEPS = 100_000             # a roll-out longer than this is a broken rule file


class Budget:
    """Seconds per move (`NAME:0.5`) or iterations per move (`NAME@2000`)."""

    def __init__(self, seconds: float | None = None, iterations: int | None = None):
        if seconds is None and iterations is None:
            iterations = DEFAULT_ITERATIONS
        self.seconds, self.iterations = seconds, iterations

    def ticks(self):
        """One item per iteration, until the budget is spent (at least one)."""
        if self.iterations is not None:
            yield from range(self.iterations)
            return
        clock = time.perf_counter
        deadline = clock() + self.seconds
        yield 0
        while clock() < deadline:
            yield 0

    def suffix(self) -> str:
        return f"@{self.iterations}" if self.seconds is None else f":{self.seconds:g}"

    def meter(self) -> Meter:
        return Meter(self.seconds, self.iterations)


class Meter:
    """A budget being spent in units of work (a roll-out, or a position an exact search visits:
    about as costly): `go()` while some is left, and always the first time; `spend(work)`.
    `share(k)` is a k-th of the whole budget, in units of work."""

    WORK_PER_SECOND = 100_000        # about, on one core: for a share of a time budget

    def __init__(self, seconds: float | None, iterations: int | None, clock=time.perf_counter):
        self.left, self.clock, self.started, self.seconds = iterations, clock, False, seconds
        self.whole = iterations if iterations is not None else int(seconds * self.WORK_PER_SECOND)
        self.deadline = None if seconds is None else clock() + seconds

    def go(self) -> bool:
        if not self.started:
            self.started = True
            return True
        if self.left is not None:
            return self.left > 0
        return self.clock() < self.deadline

    def spend(self, work: int) -> None:
        if self.left is not None:
            self.left -= work

    def share(self, k: int) -> int:
        return self.whole // k

    def cutoff(self, k: int) -> float | None:
        """For a time budget, the clock reading when a k-th of it, from now, is spent: a part of
        the search that cannot stop between worlds (a pool's likelihoods, one exact search)
        stops there, so that a move takes its time whatever one world costs. None for an
        iteration budget: the work alone bounds it (reproducible)."""
        return None if self.seconds is None else self.clock() + self.seconds / k


class Goal:
    """What a search from `state` plays for: the value of the hand being played (`result.hand`)
    while that value is still to come, else the match's `returns`. Values are read as the
    change of `hand_totals()`: the action that ends the hand may also end hands after it in
    which nobody decides anything, and those count too (they are what the play led to)."""

    def __init__(self, state):
        self.by_hand = state.hand_value_pending()
        self.scored = state.hands_scored
        self.totals = state.hand_totals()

    def reached(self, st) -> bool:
        return st.is_terminal() or (self.by_hand and st.hands_scored != self.scored)

    def values(self, st):
        if self.by_hand and st.hands_scored != self.scored:
            return [now - before for now, before in zip(st.hand_totals(), self.totals)]
        return st.returns()


def roll_out(st, goal: Goal, rng: random.Random):
    """Play uniformly random legal actions (the default roll-out policy, State.play_out) until
    the goal is reached; the values it gives each seat. `st` is played on: pass a copy."""
    if goal.reached(st):      # (a play-out from here would play the next hand: not this one's value)
        return goal.values(st)
    st.play_out(rng, MAX_STEPS, hand=goal.by_hand)
    if not goal.reached(st):
        raise RuntimeError(f"a roll-out did not reach its end within {MAX_STEPS} actions")
    return goal.values(st)


class Bounds:
    """The range of values seen so far, to scale means into [0, 1] for UCB."""

    __slots__ = ("lo", "hi")

    def __init__(self):
        self.lo, self.hi = math.inf, -math.inf

    def see(self, values) -> None:
        lo, hi = min(values), max(values)
        if lo < self.lo:
            self.lo = lo
        if hi > self.hi:
            self.hi = hi

    def scale(self, value: float) -> float:
        span = self.hi - self.lo
        return (value - self.lo) / span if span > 0 else 0.5


class SearchBot:
    """A bot around a search: `search(state, rng)` returns, per legal action of the seat to
    move, (action, visits, mean value); the bot plays `choose` of those. `__call__` skips the
    search when only one action is legal; `evaluate` always searches."""

    name = "search"

    def __init__(self, seconds: float | None = None, iterations: int | None = None):
        self.budget = Budget(seconds, iterations)
        self.spec = self.name + self.budget.suffix()

    def __call__(self, state, rng: random.Random):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        try:
            return self.choose(self.search(state, rng))
        except PlayError:
            # The rule file fails in play (a match that never ends, …) in a sampled world: play
            # on at random, so that the real match reports it where it really happens, with its
            # own seed (a sampled world's seed would replay nothing).
            return rng.choice(legal)

    def evaluate(self, state, rng: random.Random) -> list:
        """[(action, value), ...] for every legal action: the mean value the search found
        (in the units of `result.hand`, or of `returns` between hands), best first."""
        stats = self.search(state, rng)
        return sorted(((a, mean) for a, _, mean in stats), key=lambda av: -av[1])

    def choose(self, stats):
        raise NotImplementedError

    def search(self, state, rng):
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.spec
