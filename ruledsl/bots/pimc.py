"""Perfect-Information Monte Carlo: deal the hidden cards at random, roll out each legal action
in that deal, and play the action with the best mean value over all the deals.

One iteration is one roll-out: each determinization serves every legal action once, in order,
so with N iterations and k actions each action is tried about N / k times.
"""
from __future__ import annotations

from .search import Goal, SearchBot, roll_out


class PIMC(SearchBot):
    name = "pimc"

    def search(self, state, rng):
        seat, goal = state.current_player(), Goal(state)
        legal = state.legal_actions()
        totals, counts = [0.0] * len(legal), [0] * len(legal)
        deal, i = None, 0
        for _ in self.budget.ticks():
            if i == 0:
                deal = state.determinize(seat, rng)
            trial = deal.clone()
            trial.apply_action_fast(legal[i])
            totals[i] += roll_out(trial, goal, rng)[seat]
            counts[i] += 1
            i = (i + 1) % len(legal)
        return [(a, c, t / c if c else float("-inf")) for a, c, t in zip(legal, counts, totals)]

    def choose(self, stats):
        return max(stats, key=lambda s: s[2])[0]
