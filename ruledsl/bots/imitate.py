"""A roll-out policy that imitates a search: at a trick's play, each legal card is described by a
few features read off the rule file's tables — whether the play takes (or keeps) the trick for
the player's side, the points the trick holds then, whether the trick is complete, the card's
power and points under the trumps in force — and drawn with probability proportional to
exp(w · features) (a conditional logit). The weights `w` are fitted offline, per game and player
count, to the choices a search bot made in its own games (`benchmarks/imitate.py`), and stored
with the other measured settings (rollouts.json, `policy`); where none are stored, or at a
decision that is not a trick's play of single cards (a bid, a capture), the play is at random.

The features need no copy of the state: the ranking in force (`prog.ranking_now`) says which
cards beat the trick's best, the deck its points. So a decision costs a few table reads per
legal card on top of a random one (a roll-out played so costs 3–5 times a random one, which runs
whole tricks in the generated loop).

    policy = Imitation(state, weights)
    policy(st, legal, rng)                   # an action of `legal` (a roll-out's decision)
    policy.features(st, legal)               # [[f...] per action] or None (not a trick's play)
"""
from __future__ import annotations

import math

from ..runtime.cards import Card
from .values import _solve

FEATURES = ("holds", "holds*points", "gives*points", "wins", "wins*points", "power", "points",
            "leads*power", "holds*power", "trump", "discards", "discards*points")


def single(action) -> Card | None:
    """The one card an action plays (a card, or a tuple of one), else None."""
    if type(action) is Card:
        return action
    if type(action) is tuple and len(action) == 1 and type(action[0]) is Card:
        return action[0]
    return None


class Imitation:
    """A softmax policy over FEATURES at tricks' plays, random elsewhere."""

    def __init__(self, state, weights):
        prog = state.prog
        self.prog, self.weights = prog, tuple(weights)
        self.team_of = prog.layout.team_of
        points = [float(p) if p is not None else 0.0 for p in prog.deck.points]
        top = max(points, default=0.0)
        self.points = [p / top if top else 0.0 for p in points]
        self.tricks = prog.rollout                # per decision: its trick loop, or None
        self._cards: dict = {}                    # id(ranking) -> (ranking, its per-card tables)

    def features(self, st, legal) -> list[list[float]] | None:
        """The features of each action of `legal` for the player to move, or None where the
        decision is not a trick's play of single cards."""
        found = self._situation(st, legal)
        if found is None:
            return None
        cards, ranking, (leads, complete, best, ours, held, led), (power, _) = found
        beaters, points, trump, suit = ranking.beaters, self.points, ranking.trump, ranking.suit
        out = []
        for c in cards:
            holds = 1.0 if (leads or ours or c in beaters[best]) else 0.0
            pts = held + points[c]
            p = power[c]
            wins = holds if complete else 0.0
            discards = 0.0 if leads or suit[c] == led else 1.0
            out.append([holds, holds * pts, (1.0 - holds) * pts, wins, wins * pts, p, points[c],
                        p if leads else 0.0, holds * p, 1.0 if trump[c] else 0.0, discards, discards * points[c]])
        return out

    def scores(self, st, legal) -> list[float] | None:
        """w · features of each action (the same numbers, without building the features: a
        roll-out asks this at every trick's play)."""
        found = self._situation(st, legal)
        if found is None:
            return None
        cards, ranking, (leads, complete, best, ours, held, led), (power, static) = found
        wh, whp, wgp, ww, wwp, _, _, wlp, whpow, _, wd, wdp = self.weights
        points = self.points
        if leads:
            won = (ww if complete else 0.0, wwp if complete else 0.0)
            return [static[c] + wh + (whp + won[1]) * points[c] + (wlp + whpow) * power[c] + won[0] for c in cards]
        beaters, suit = ranking.beaters[best], ranking.suit
        if complete:
            wh, whp = wh + ww, whp + wwp
        out = []
        for c in cards:
            pts = held + points[c]
            score = static[c]
            if ours or c in beaters:
                score += wh + whp * pts + whpow * power[c]
            else:
                score += wgp * pts
            if suit[c] != led:
                score += wd + wdp * points[c]
            out.append(score)
        return out

    def _situation(self, st, legal):
        """What the features read at this decision: the cards, the ranking in force, the trick's
        state for the player to move (leads, complete, its best card, held by the player's
        side, its points, the suit led), and per card its power scaled to [0, 1] and the part of
        its score that does not depend on the trick; None where not a trick's play."""
        if self.tricks[st.pc] is None:
            return None
        cards = [single(a) for a in legal]
        if None in cards:
            return None
        ranking = self.prog.ranking_now(st)
        tables = self._cards.get(id(ranking))
        if tables is None or tables[0] is not ranking:
            top = max((p for p in ranking.power if p is not None), default=1) or 1
            power = [(p or 0) / top for p in ranking.power]
            w = self.weights
            static = [w[5] * p + w[6] * q + (w[9] if t else 0.0) for p, q, t in zip(power, self.points, ranking.trump)]
            tables = self._cards[id(ranking)] = (ranking, (power, static))
        trick = st.trick
        if not trick:
            return cards, ranking, (True, len(trick) + 1 >= st.live, None, True, 0.0, None), tables[1]
        team_of, points = self.team_of, self.points
        seat, played, _ = trick[st.best]
        held = sum(points[c] for _, cs, _ in trick for c in cs)
        trick_state = (False, len(trick) + 1 >= st.live, played[0], team_of[seat] == team_of[st.player], held,
                       ranking.suit[trick[0][1][0]])
        return cards, ranking, trick_state, tables[1]

    def probabilities(self, st, legal) -> list[float] | None:
        """How likely each action of `legal` is under the policy (None: not a trick's play)."""
        scores = self.scores(st, legal)
        if scores is None:
            return None
        top = max(scores)
        weights = [math.exp(s - top) for s in scores]
        total = sum(weights)
        return [x / total for x in weights]

    def __call__(self, st, legal, rng):
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(st, legal)
        if scores is None:
            return legal[rng.randrange(len(legal))]
        top = max(scores)
        weights = [math.exp(s - top) for s in scores]
        x = rng.random() * sum(weights)
        for action, p in zip(legal, weights):
            x -= p
            if x < 0:
                return action
        return legal[-1]


def fit(rows: list[tuple[list[list[float]], int]], ridge: float = 1.0, rounds: int = 25) -> tuple[list[float], float]:
    """The weights of the conditional logit that make the chosen actions most likely (Newton's
    method, an L2 penalty `ridge` on the weights): `rows` are (the features of each legal action,
    the index of the one chosen). Also the mean log-likelihood a decision under them."""
    d = len(rows[0][0][0])
    w = [0.0] * d
    for _ in range(rounds):
        grad = [-ridge * x for x in w]
        hess = [[ridge if i == j else 0.0 for j in range(d)] for i in range(d)]
        for feats, chosen in rows:
            scores = [sum(a * b for a, b in zip(w, f)) for f in feats]
            top = max(scores)
            e = [math.exp(s - top) for s in scores]
            total = sum(e)
            p = [x / total for x in e]
            mean = [sum(p[k] * feats[k][i] for k in range(len(feats))) for i in range(d)]
            for i in range(d):
                grad[i] += feats[chosen][i] - mean[i]
            for k, f in enumerate(feats):
                if p[k] < 1e-12:
                    continue
                dev = [f[i] - mean[i] for i in range(d)]
                for i in range(d):
                    if dev[i]:
                        pk = p[k] * dev[i]
                        row = hess[i]
                        for j in range(d):
                            row[j] += pk * dev[j]
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w, log_likelihood(rows, w) / len(rows)


def log_likelihood(rows, w) -> float:
    total = 0.0
    for feats, chosen in rows:
        scores = [sum(a * b for a, b in zip(w, f)) for f in feats]
        top = max(scores)
        total += scores[chosen] - top - math.log(sum(math.exp(s - top) for s in scores))
    return total
