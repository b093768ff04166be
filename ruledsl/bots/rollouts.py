"""How the `expert` bot finishes a world after trying an action in it: a roll-out to the end of
the hand — random, or with part of its decisions taken by the one-action judge (policy.py) —
cut at HORIZON actions, where the learned values (values.py) judge what the hand would be worth.

The cut is what keeps a search responsive in games whose random hands run long (a random hand
of a game of melds takes hundreds of actions, of a climbing game a hundred): a roll-out costs at
most HORIZON actions. It does not reach the short hands of the trick and fishing games, which roll out to
their end. The values were fitted to random hands, so a cut random roll-out estimates what the
whole roll-out would have found, with less noise.

`work` counts what the finishes cost, in roll-outs (a judged action counts half of one).

Which roll-out a game gets is measured, not guessed: `benchmarks/bots.py --choose-rollouts`
plays the expert with judged roll-outs against the expert with random ones, at equal time,
seats rotating over the same deals, and stores the share of judged decisions that won by more
than the noise in CHOICES, per rule file (its text's digest, the base's too) and player count.
A game, a player count or a version of the rules not measured there rolls out at random.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .imitate import Imitation
from .policy import Greedy, Judge
from .search import MAX_STEPS, Goal
from .values import Values

HORIZON = 64
JUDGED_PER_ROLLOUT = 2
CHOICES = Path(__file__).with_name("rollouts.json")

_CHOSEN: dict = {}


def rules_key(ruleset, players: int) -> str | None:
    """What CHOICES knows a game by: the digest of its rule file's text (and its base's, if it
    extends one) and the player count; None for rules not read from a file."""
    digest = hashlib.sha256()
    for path in (ruleset.path, ruleset.base):
        if path:
            try:
                digest.update(Path(path).read_bytes())
            except OSError:
                return None
    return f"{digest.hexdigest()[:16]}/{players}" if ruleset.path else None


def chosen(state, setting: str = "greedy", default: float = 0.0) -> float:
    """A setting of the expert as measured for `state`'s game and player count (CHOICES), else
    `default`: `greedy`, the share of a roll-out's decisions the judge takes (0: random); `stand`,
    the standard errors by which the search must beat the judge's pick to overrule it (0: never
    asked, the best mean played); `race`, those by which an action behind is dropped (0: none);
    `weigh`, whether a pool of worlds is weighted by the others' play, and `solve`, whether small
    endgames are solved exactly (both asked with default 1); `horizon`, the actions after which a
    roll-out is cut and judged by the learned values (asked with default HORIZON)."""
    prog = state.prog
    found = _CHOSEN.get(id(prog))
    if found is None or found[0] is not prog:
        key = rules_key(prog.ruleset, state.n)
        table = json.loads(CHOICES.read_text()) if CHOICES.exists() else {}
        found = _CHOSEN[id(prog)] = (prog, table.get(key, {}))
    return float(found[1].get(setting, default))


def policy_of(state) -> list[float] | None:
    """The imitation policy's weights fitted for `state`'s game and player count (CHOICES,
    benchmarks/imitate.py), or None."""
    chosen(state)
    return _CHOSEN[id(state.prog)][1].get("policy")


class Finish:
    """finish(st, rng) -> the values at the goal (estimated where cut), `st` played on."""

    def __init__(self, state, goal: Goal, greedy: float = 0.0, horizon: int = HORIZON, replies: int = 0,
                 imitate: int = 0):
        self.state, self.goal, self.horizon, self.replies = state, goal, horizon, replies
        weights = policy_of(state) if imitate else None
        self.imitation = Imitation(state, weights) if weights else None
        self.imitate = imitate
        self.judge = Judge(state) if greedy or replies else None
        self.policy = Greedy(self.judge, explore=1 - greedy) if greedy else None
        self.reply = Greedy(self.judge, explore=0.0) if replies else None
        self.values: Values | None = None
        self.rollouts = 0

    @property
    def work(self) -> int:
        judged = self.judge.judged if self.judge is not None else 0
        return self.rollouts + judged // JUDGED_PER_ROLLOUT

    def __call__(self, st, rng):
        goal = self.goal
        self.rollouts += 1
        if goal.reached(st):      # (a play-out from here would play the next hand: not this one's value)
            return goal.values(st)
        horizon = self.horizon if goal.by_hand else MAX_STEPS
        for _ in range(self.replies):            # the next decisions, as the judge would take them
            if goal.reached(st):
                return goal.values(st)
            st.apply_action_fast(self.reply(st, st.legal_actions(), rng))
        if self.imitation is not None:             # the next decisions as the search would take them
            steps = st.steps
            st.play_out(rng, min(self.imitate, horizon), hand=goal.by_hand, pick=self.imitation.picker(rng))
            horizon -= st.steps - steps
            if goal.reached(st):
                return goal.values(st)
        if self.policy is None:
            st.play_out(rng, horizon, hand=goal.by_hand)
        else:
            policy, steps = self.policy, 0
            while not goal.reached(st) and steps < horizon:
                st.apply_action_fast(policy(st, st.legal_actions(), rng))
                steps += 1
        if goal.reached(st):
            return goal.values(st)
        if not goal.by_hand:
            raise RuntimeError(f"a roll-out did not reach its end within {MAX_STEPS} actions")
        if self.values is None:
            self.values = Values.of(self.state)
        value = self.values.value
        return [value(st, seat) for seat in range(st.n)]
