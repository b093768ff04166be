"""The `expert` bot: flat Monte Carlo over sampled worlds (flat.py), every legal action tried in
each world and the one with the best mean value played.
"""
from __future__ import annotations

from .flat import Samples, try_each
from .search import Goal, SearchBot, roll_out


class Expert(SearchBot):
    name = "expert"

    def search(self, state, rng):
        samples = sample(state, rng, self.budget.ticks())
        return [(a, len(samples), mean) for a, mean in zip(samples.legal, samples.means())]

    def choose(self, stats):
        return max(stats, key=lambda s: s[2])[0]


def sample(state, rng, ticks) -> Samples:
    """One world per item of `ticks`: the value of every legal action of the seat to move."""
    seat, goal = state.current_player(), Goal(state)
    samples = Samples(state.legal_actions())

    def finish(st, r):
        return roll_out(st, goal, r)

    for _ in ticks:
        world = state.determinize(seat, rng)
        samples.add(try_each(world, samples.legal, seat, finish, rng))
    return samples
