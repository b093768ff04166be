"""Worlds that agree with what the other players did: inference from the play.

A determinization agrees with everything the seat knows now, but not with all that the play
has told it: that a player who named trumps holds one, that nobody held three trumps when a
trick began (else the hand would have ended there), that a card played face down did not beat
the trick. In a recorded match a world comes with its own past
(`state.determinize(seat, rng, past=True)`, runtime/history.py): the hand's first state and the
decisions since, in that world's cards. A world whose past does not replay — a choice not legal
there, a hand that would have ended, a turn that would have passed to someone else — is ruled
out: the search draws again (rejection sampling, up to TRIES draws).

Beyond what is possible, what is likely: replaying a world's past also asks, at each decision
of another player, how likely their choice was had they held the world's cards, under a model
of play (`Model`): the action the one-action judge of policy.py rates best with probability
`agree`, else any legal action at random. `agree` is a setting, not fitted: a cautious guess at
how often a search bot's choice is the judge's best beyond chance (the card-location accuracy it
gives: benchmarks/README.md, "Bot strength"). When the budget allows, a pool of possible worlds is weighted so and resampled (systematic resampling), and the
search takes its first worlds from the pool, each once.

Nothing here reads the true state: only the worlds and their pasts.
"""
from __future__ import annotations

import math
import time

from ..runtime.history import decisions
from .policy import Judge
from .rollouts import JUDGED_PER_ROLLOUT

REPLAYED_PER_ROLLOUT = 15     # decisions replayed in the time of a roll-out, about

AGREE = 0.25            # the model's chance that a player takes the judge's best action


class Model:
    """How likely a player's choice was: `agree` on the judge's best, the rest spread evenly —
    or, at a trick's play, where an `imitation` policy fitted to search bots' choices is given
    (imitate.py), as likely as that policy would have made it."""

    def __init__(self, judge: Judge, agree: float = AGREE, imitation=None):
        self.judge, self.agree, self.imitation = judge, agree, imitation
        self.replayed = 0                     # decisions replayed so far: the work done
        self.imitated = 0                     # actions the imitation policy rated
        self.to_judge = 0                     # the actions judging the last world replayed would take

    def log_likelihood(self, world, seat: int, judged: bool = True) -> float:
        """log P(every other player's choice this hand | the world's cards) — only whether the
        world's past replays to it (0 or -inf) unless `judged`; -inf when it does not."""
        first, _ = world.past
        st, scored, total = first.clone(), first.hands_scored, 0.0
        judge, agree = self.judge, self.agree
        self.to_judge = 0
        for who, action in decisions(world.past):
            self.replayed += 1
            if st.player != who or st.hands_scored != scored:
                return -math.inf
            legal = st.legal_actions()
            if action not in legal:
                return -math.inf
            if who != seat and len(legal) > 1:
                self.to_judge += len(legal)
            if judged and who != seat and len(legal) > 1:
                chances = self.imitation.probabilities(st, legal) if self.imitation is not None else None
                if chances is not None:
                    self.imitated += len(legal)
                    total += math.log(max(chances[legal.index(action)], 1e-300))
                    st.apply_action_fast(action)
                    continue
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

    @property
    def work(self) -> int:
        """The work done so far, in roll-outs."""
        return (self.judge.judged + self.imitated) // JUDGED_PER_ROLLOUT + self.replayed // REPLAYED_PER_ROLLOUT


class Worlds:
    """Worlds for a search from `state`, for `seat`: `draw()` the next.

    With a model and a recorded past, every world drawn replays its past (up to TRIES draws:
    the play rules out the others) — until TRUSTED have replayed and none was ruled out: then
    the play rules out few worlds here (fewer than one in about TRUSTED / 3, at 95%), and the
    replays, as costly as a roll-out late in a hand, stop for this move; and when `work` allows a pool of at least SMALLEST such
    worlds to be judged, up to `size` of them are weighted by the model and resampled: the
    search takes its first worlds from the pool, each draw once, then fresh ones as above. With `until` (a time budget's share), the
    pool stops growing at that clock reading."""

    SMALLEST = 8                    # a pool smaller than this is no better than fresh worlds
    TRIES = 8
    TRUSTED = 16                    # worlds replayed, none ruled out: the play rules out few here

    def __init__(self, state, seat: int, rng, model: Model | None, size: int, work: int,
                 until: float | None = None, clock=time.perf_counter):
        self.state, self.seat, self.rng, self.model = state, seat, rng, model
        self.pool: list = []
        self.weights: list[float] = []
        self.next = 0
        self.replayed = self.ruled_out = 0          # draws replayed, and how many did not replay
        first = state.determinize(seat, rng, past=True) if model is not None else None
        self.replays = first is not None and first.past is not None
        if not self.replays:
            return
        before = model.work
        self.replayed += 1
        if model.log_likelihood(first, seat, judged=False) == -math.inf:
            self.ruled_out += 1
            first = self._fresh()
        each = max(1, model.to_judge // JUDGED_PER_ROLLOUT)     # a world's judgement, known from
        size = min(size, (work - (model.work - before)) // each)   # its replay before paying for it
        if size < self.SMALLEST:
            return
        logs = [model.log_likelihood(first, seat)]
        worlds = [first]
        while len(worlds) < size and (until is None or clock() < until):
            worlds.append(self._fresh())
            logs.append(model.log_likelihood(worlds[-1], seat))
        if len(worlds) < self.SMALLEST:
            return
        top = max(logs)
        if top == -math.inf:                # nothing replays (a past we cannot follow)
            return
        self.weights = [math.exp(x - top) for x in logs]
        self.pool = _resample(worlds, self.weights, rng)

    def draw(self):
        if self.next < len(self.pool):            # each of the pool's draws once: a world used
            world = self.pool[self.next]          # again adds a roll-out, not a deal, and a
            self.next += 1                        # search of 200 worlds drawn from a pool of 10
            return world                          # would rest on 10 deals
        if self.replays and (self.ruled_out or self.replayed < self.TRUSTED):
            return self._fresh()
        return self.state.determinize(self.seat, self.rng)

    def _fresh(self):
        """A determinization whose past replays to it, if one of TRIES does (else the last)."""
        for _ in range(self.TRIES):
            world = self.state.determinize(self.seat, self.rng, past=True)
            self.replayed += 1
            if world.past is None or self.model.log_likelihood(world, self.seat, judged=False) > -math.inf:
                return world
            self.ruled_out += 1
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
