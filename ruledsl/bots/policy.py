"""A model of play one action deep: each legal action judged by the position it leads to, as
values.py values it for the player who takes it (or, where the action ends the hand, by what
the hand was worth). `Greedy` plays the best judged action, or a random one with probability
`explore`: a roll-out policy. `probabilities` is a softmax over the same judgements: how likely a
player thought to play so would have taken each action (the model inference.py weights the
sampled worlds by).
"""
from __future__ import annotations

import math

from .search import Goal
from .values import Values


class Judge:
    """Scores of a state's legal actions for the player to move, one action ahead."""

    def __init__(self, state):
        self.values = Values.of(state)
        self.goal = Goal(state)
        self.judged = 0                  # actions judged so far: the work done

    def scores(self, st, legal) -> list[float]:
        self.judged += len(legal)
        player, goal, values = st.player, self.goal, self.values
        here, change = values.value(st, player), values.change
        out = []
        for action in legal:
            child = st.clone()
            child.apply_action_fast(action)
            out.append(goal.values(child)[player] if goal.reached(child) else here + change(st, child, player))
        return out

    def probabilities(self, st, legal, temperature: float) -> list[float]:
        scores = self.scores(st, legal)
        top = max(scores)
        weights = [math.exp((s - top) / temperature) for s in scores]
        total = sum(weights)
        return [w / total for w in weights]


class Greedy:
    """A roll-out policy: the best judged action, or with probability `explore` any."""

    def __init__(self, judge: Judge, explore: float):
        self.judge, self.explore = judge, explore

    def __call__(self, st, legal, rng):
        if len(legal) == 1 or rng.random() < self.explore:
            return legal[rng.randrange(len(legal))]
        scores = self.judge.scores(st, legal)
        top = max(scores)
        best = [a for a, s in zip(legal, scores) if s >= top - 1e-9]
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]
