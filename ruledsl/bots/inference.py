"""Worlds weighted by what the other players did: inference from the play.

A determinization agrees with everything the seat knows now, but not with all that the play
has told it: that a player who named trumps holds one, that nobody held three trumps when a
trick began (else the hand would have ended there), that a player who could have taken a
valuable capture did not. In a recorded match a world comes with its own past
(`state.determinize(seat, rng, past=True)`, runtime/history.py): the hand's first state and the
decisions since, in that world's cards. Replaying it asks, at each decision of another player,
how likely their choice was had they held the world's cards — under a model of play — and a
world whose past does not replay (a choice not legal there, a hand that would have ended, a turn
that would have passed to someone else) is impossible.

The model (`Model`): a player takes the action the one-action judge of policy.py rates best
with probability `agree`, else any legal action at random. `agree` is how often a search bot's
choice is one the judge rates best (measured: benchmarks/README.md, "Inference").

The search draws its worlds from a pool: `size` candidates weighted by their likelihood, then
resampled in proportion (systematic resampling). Without a recorded past the pool is plain
determinizations. Nothing here reads the true state: only the worlds and their pasts.
"""
from __future__ import annotations

import math

from ..runtime.history import decisions
from .policy import Judge
from .rollouts import JUDGED_PER_ROLLOUT

AGREE = 0.25            # the model's chance that a player takes the judge's best action


class Model:
    """How likely a player's choice was: `agree` on the judge's best, the rest spread evenly."""

    def __init__(self, judge: Judge, agree: float = AGREE):
        self.judge, self.agree = judge, agree

    def log_likelihood(self, world, seat: int) -> float:
        """log P(every other player's choice this hand | the world's cards); -inf when the
        world's past does not replay to it."""
        first, _ = world.past
        st, scored, total = first.clone(), first.hands_scored, 0.0
        judge, agree = self.judge, self.agree
        for who, action in decisions(world.past):
            if st.player != who or st.hands_scored != scored:
                return -math.inf
            legal = st.legal_actions()
            if action not in legal:
                return -math.inf
            if who != seat and len(legal) > 1:
                scores = judge.scores(st, legal)
                top = max(scores)
                best = sum(1 for s in scores if s >= top - 1e-9)
                chosen = scores[legal.index(action)] >= top - 1e-9
                total += math.log((1 - agree) / len(legal) + (agree / best if chosen else 0.0))
            st.apply_action_fast(action)
        if st.hands_scored != scored or st.player != world.player or st.trick != world.trick or \
                st.zones != world.zones:
            return -math.inf
        return total


class Worlds:
    """Worlds for a search from `state`, for `seat`: `draw()` the next. The pool holds up to
    `size` worlds and its likelihoods may take `work` (in roll-outs: JUDGED_PER_ROLLOUT judged
    actions each); `cost`, the work they took."""

    SMALLEST = 8                    # a pool smaller than this is no better than fresh worlds

    def __init__(self, state, seat: int, rng, model: Model | None, size: int, work: int):
        self.state, self.seat, self.rng = state, seat, rng
        self.pool: list = []
        self.next = self.cost = 0
        self.weights: list[float] = []
        if model is None:
            return
        first = state.determinize(seat, rng, past=True)
        if first.past is None:              # no recorded past: plain determinizations
            return
        logs = [model.log_likelihood(first, seat)]
        each = max(1, model.judge.judged // JUDGED_PER_ROLLOUT)
        size = min(size, work // each)
        if size < self.SMALLEST:
            self.cost = each
            return
        worlds = [first] + [state.determinize(seat, rng, past=True) for _ in range(size - 1)]
        logs += [model.log_likelihood(w, seat) for w in worlds[1:]]
        self.cost = max(1, model.judge.judged // JUDGED_PER_ROLLOUT)
        top = max(logs)
        if top == -math.inf:                # nothing replays (a past we cannot follow)
            return
        self.weights = [math.exp(x - top) for x in logs]
        self.pool = _resample(worlds, self.weights, rng)

    def draw(self):
        if not self.pool:
            return self.state.determinize(self.seat, self.rng)
        world = self.pool[self.next % len(self.pool)]
        self.next += 1
        return world


def _resample(worlds: list, weights: list[float], rng) -> list:
    """Systematic resampling: len(worlds) draws, each world about weight / mean times."""
    n, total = len(worlds), sum(weights)
    step = total / n
    at = rng.random() * step
    out, cumulative, i = [], weights[0], 0
    for _ in range(n):
        while cumulative < at and i < n - 1:
            i += 1
            cumulative += weights[i]
        out.append(worlds[i])
        at += step
    rng.shuffle(out)
    return out
