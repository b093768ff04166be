"""A roll-out policy that imitates a search: at a trick's play, each legal card is described by a
few features read off the rule file's tables — whether the play takes (or keeps) the trick for
the player's side, the points the trick holds then, whether the trick is complete, the card's
power and points under the trumps in force — and drawn with probability proportional to
exp(w · features) (a conditional logit). The weights `w` are fitted offline, per game and player
count, to the choices a search bot made in its own games (`benchmarks/imitate.py`), and stored
with the other measured settings (rollouts.json, `policy`); where none are stored, or at a
decision that is not a trick's play of single cards (a bid, a capture), the play is at random.

The features need no copy of the state: the ranking in force (`prog.ranking_now`) says which
cards beat the trick's best, the deck its points. A roll-out draws its plays inside the
generated trick loop (`picker`, State.play_out's `pick`) from tables made once per ranking, at
1.4–2 times a random roll-out's cost (3–4 times through the API, a decision at a time).

    policy = Imitation(state, weights)
    policy(st, legal, rng)                   # an action of `legal` (a roll-out's decision)
    st.play_out(rng, hand=True, pick=policy.picker(rng))     # a roll-out by it, in the trick loop
    policy.features(st, legal)               # [[f...] per action] or None (not a trick's play)
"""
from __future__ import annotations

import math
from bisect import bisect
from itertools import accumulate

from ..runtime.cards import Card
from .values import _solve

def _now(prog, st, tables):
    """The ranking in force in `st` and the policy's tables under it (Imitation._tables)."""
    ranking = prog.ranking_now(st)
    return ranking, tables(ranking)


def _cards(legal) -> list | None:
    """The card each play of `legal` plays, if each plays one (else None)."""
    cards = [a[0] if type(a) is tuple and len(a) == 1 else a for a in legal]
    return cards if all(type(c) is Card for c in cards) else None


def _exp(x: float) -> float:
    return math.exp(min(x, 600.0))     # a weight past e^600 is one choice anyway (and no overflow)


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
        self._made: dict = {}                     # id(ranking) -> (ranking, the loop's tables: _tables)
        self._weigh = None                        # the loop's weights (_weigher), once made

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
        tables = self._per_card(ranking)
        trick = st.trick
        if not trick:
            return cards, ranking, (True, len(trick) + 1 >= st.live, None, True, 0.0, None), tables
        team_of, points = self.team_of, self.points
        seat, played, _ = trick[st.best]
        held = sum(points[c] for _, cs, _ in trick for c in cs)
        trick_state = (False, len(trick) + 1 >= st.live, played[0], team_of[seat] == team_of[st.player], held,
                       ranking.suit[trick[0][1][0]])
        return cards, ranking, trick_state, tables

    def _per_card(self, ranking):
        """Per card under `ranking`: its power scaled to [0, 1], and the part of its score that
        does not depend on the trick."""
        found = self._cards.get(id(ranking))
        if found is None or found[0] is not ranking:
            top = max((p for p in ranking.power if p is not None), default=1) or 1
            power = [(p or 0) / top for p in ranking.power]
            w = self.weights
            static = [w[5] * p + w[6] * q + (w[9] if t else 0.0) for p, q, t in zip(power, self.points, ranking.trump)]
            found = self._cards[id(ranking)] = (ranking, (power, static))
        return found[1]

    def probabilities(self, st, legal) -> list[float] | None:
        """How likely each action of `legal` is under the policy (None: not a trick's play)."""
        scores = self.scores(st, legal)
        if scores is None:
            return None
        top = max(scores)
        weights = [math.exp(s - top) for s in scores]
        total = sum(weights)
        return [x / total for x in weights]

    # -- inside the generated trick loop (State.play_out's `pick`) -----------------------------
    #
    # The trick's plays of a roll-out are drawn where the loop draws a random one, without a
    # call through the API a decision: each card's exp(w · features) is a product of tables made
    # once per ranking in force — per card for leading, holding and giving the trick (by whether
    # it would be complete, and by the suit led for the discards' terms) — and of one factor per
    # decision for the points the trick already holds.

    def picker(self, rng):
        """`pick(st, legal, trick, best, seat)` for State.play_out: a play drawn by the policy
        with `rng`, random where the decision is not a trick's play of single cards."""
        if self._weigh is None:
            self._weigh = self._weigher()
        random, choice, weigh = rng.random, rng.choice, self._weigh

        def pick(st, legal, trick, best, seat):
            if len(legal) == 1:
                return legal[0]
            cards = legal if type(legal[0]) is Card else _cards(legal)
            if cards is None:
                return choice(legal)
            cumulative = list(accumulate(weigh(st, cards, trick, best, seat)))
            return legal[bisect(cumulative, random() * cumulative[-1], 0, len(cumulative) - 1)]
        return pick

    def chances(self, st, legal, trick, best, seat) -> list[float] | None:
        """The chance of each play of `legal` as `picker`'s draw has it (None: drawn at random)."""
        cards = _cards(legal)
        if cards is None:
            return None
        weights = list(self._weigher()(st, cards, trick, best, seat))
        total = sum(weights)
        return [x / total for x in weights]

    def _weigher(self):
        """`weigh(st, cards, trick, best, seat)`: exp(w · features) of playing each card, but
        for a factor common to all."""
        team_of, points, tables, prog, exp = self.team_of, self.points, self._tables, self.prog, math.exp
        fixed = prog.ranking is None                 # one ranking all match: its tables, once
        ranking = prog.ranking_now(None) if fixed else None
        made = tables(ranking) if fixed else None

        def weigh(st, cards, trick, best, seat):
            r, (lead, follow) = (ranking, made) if fixed else _now(prog, st, tables)
            complete = len(trick) + 1 >= st.live
            if not trick:
                return map(lead[complete].__getitem__, cards)
            holder, played, _ = trick[best]
            hold, give, rise = follow[complete][r.suit[trick[0][1][0]]]
            if team_of[holder] == team_of[seat]:
                return map(hold.__getitem__, cards)
            beaters = r.beaters[played[0]]
            up = exp(rise * sum([points[c] for e in trick for c in e[1]]))
            return [hold[c] * up if c in beaters else give[c] for c in cards]
        return weigh

    def _tables(self, ranking):
        """Per ranking: exp(the card's score) leading (by `complete`), and per suit led (by
        `complete`) holding and giving the trick with nothing in it yet, and the rise of the
        holding plays' score per point already in the trick over the giving plays'."""
        found = self._made.get(id(ranking))
        if found is not None and found[0] is ranking:
            return found[1]
        wh, whp, wgp, ww, wwp, _, _, wlp, whpow, _, wd, wdp = self.weights
        power, static = self._per_card(ranking)
        points, exp = self.points, _exp
        cards = range(len(points))
        lead = [[exp(static[c] + wh + k * ww + (whp + k * wwp) * points[c] + (wlp + whpow) * power[c])
                 for c in cards] for k in (0, 1)]
        follow = []
        for k in (0, 1):
            by_led = {}
            for led in set(ranking.suit):
                off = [0.0 if ranking.suit[c] == led else wd + wdp * points[c] for c in cards]
                hold = [exp(static[c] + off[c] + wh + k * ww + (whp + k * wwp) * points[c] + whpow * power[c])
                        for c in cards]
                give = [exp(static[c] + off[c] + wgp * points[c]) for c in cards]
                by_led[led] = (hold, give, whp + k * wwp - wgp)
            follow.append(by_led)
        made = (lead, follow)
        self._made[id(ranking)] = (ranking, made)
        return made

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
