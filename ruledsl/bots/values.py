"""What the cards are worth where they lie, to one seat: a linear value learned, once per game,
player count and options, from random hands of that game — what its rule file makes of the
cards a seat's side holds, has won or has left, as `result.hand` scores it.

    v = Values.of(state)               # learned on first use (a fraction of a second)
    v.value(state, seat)               # the hand's value `seat` may expect from here

The features, per seat: for every zone each player (or team) owns, how many cards the seat's side
has there, their points (`deck.points`) and their rank power, and the same for the other sides;
the cards of a shared zone; the cards of the trick in play, counted for the side holding it now;
and the counters each player or team has, the side's and the others'. The weights come from a
ridge regression of the hand's final value on those features at states along random hands.
Nothing is named: a game where won cards cost (penalty cards), where cards left in hand cost
(shedding games) or where captured points win learns its own signs.

A search uses it as a cheap judgement of a position one action ahead (policy.py): the roll-out
policy and the model of play that weights the sampled worlds (inference.py).
"""
from __future__ import annotations

import random
from fractions import Fraction
from operator import mul

from .search import Goal

HANDS = 160             # random hands to learn from, at most
ROWS = 6_000            # (seat, state) pairs to learn from, at most: long hands give many
EVERY = 2               # one state in this many along them
RIDGE = 1.0             # the regression's penalty, on standardised features
SEED = 20261203

_LEARNED: dict = {}


class Values:
    """A linear value of positions for one program and options."""

    def __init__(self, prog, options: dict):
        self.prog, self.n = prog, prog.n
        layout, deck = prog.layout, prog.deck
        self.team_of = layout.team_of
        self.points = tuple(float(p) if p is not None else 0.0 for p in deck.points)
        top = max((p for p in deck.power if p is not None), default=1)
        self.power = tuple(p / top if p is not None else 0.0 for p in deck.power)
        self.owned, self.shared = [], []          # (first zone index, how many, per player?) / index
        for name, (owner, base) in layout.zones.items():
            if owner in ("shared", "numbered"):      # the table's: one zone, or several by number
                if name != "deck":
                    self.shared += range(base, base + layout.instances(name))
            else:
                self.owned.append((base, layout.owners(owner), owner == "player"))
        self.counters = [(base, layout.owners(per), per == "player") for _, (per, base) in layout.counters.items()
                         if per in ("player", "team")]
        self.size = 1 + 6 * len(self.owned) + 2 * len(self.shared) + 4 + 2 * len(self.counters)
        self.weights = [0.0] * self.size
        self._learn(options)
        self._tables()

    @classmethod
    def of(cls, state) -> Values:
        """The values for `state`'s game, player count and options (learned once)."""
        key = (id(state.prog), tuple(sorted(state.options.items())))
        found = _LEARNED.get(key)
        if found is None or found.prog is not state.prog:
            found = _LEARNED[key] = cls(state.prog, dict(state.options))
        return found

    def value(self, st, seat: int) -> float:
        """w · features(st, seat), summed as per-card tables (the same number, faster)."""
        zones, side = st.zones, self.team_of[seat]
        total = self.weights[0]
        for z, table in self.places[seat]:
            cards = zones[z]
            if cards:
                total += sum(map(table.__getitem__, cards))
        total += self._trick(st, side)
        if self.by_counter:
            total += self._counters(st, side)
        return total

    def change(self, before, after, seat: int) -> float:
        """value(after, seat) - value(before, seat), for a state `after` one action from
        `before`: summed over the zones the action changed (a list comparison, in C, finds them),
        the trick, and the counters if any changed."""
        team_of, zones, was = self.team_of, after.zones, before.zones
        side = team_of[seat]
        total = 0.0
        for z, table in self.places[seat]:
            cards, old = zones[z], was[z]
            if cards != old:
                total += sum(map(table.__getitem__, cards)) - sum(map(table.__getitem__, old))
        total += self._trick(after, side) - self._trick(before, side)
        if self.by_counter and after.cv != before.cv:
            total += self._counters(after, side) - self._counters(before, side)
        return total

    def _trick(self, st, side: int) -> float:
        if not st.trick or st.best < 0:
            return 0.0
        table = self.trick_ours if self.team_of[st.trick[st.best][0]] == side else self.trick_theirs
        return sum(sum(map(table.__getitem__, cards)) for _, cards, _ in st.trick)

    def _counters(self, st, side: int) -> float:
        total, cv, team_of = 0.0, st.cv, self.team_of
        for (base, count, per_player), mine, theirs in self.by_counter:
            for i in range(count):
                v = cv[base + i]
                if type(v) is int or type(v) is float:
                    total += v * (mine if (team_of[i] if per_player else i) == side else theirs)
        return total

    def _tables(self) -> None:
        """The weights as a value per card for each place (value())."""
        w, points, power = self.weights, self.points, self.power
        cards = range(len(points))

        def card_table(n_w, p_w, q_w=0.0):
            return tuple(n_w + p_w * points[c] + q_w * power[c] for c in cards)
        at = 1
        # per seat, each zone that counts with its table: its side's, the others', or a shared one's
        self.places = [[] for _ in range(self.n)]
        for base, count, per_player in self.owned:
            mine, theirs = card_table(*w[at:at + 3]), card_table(*w[at + 3:at + 6])
            for seat in range(self.n):
                side = self.team_of[seat]
                for i in range(count):
                    table = mine if (self.team_of[i] if per_player else i) == side else theirs
                    if any(table):
                        self.places[seat].append((base + i, table))
            at += 6
        for base in self.shared:
            table = card_table(*w[at:at + 2])
            if any(table):
                for seat in range(self.n):
                    self.places[seat].append((base, table))
            at += 2
        self.trick_ours, self.trick_theirs = card_table(*w[at:at + 2]), card_table(*w[at + 2:at + 4])
        at += 4
        self.by_counter = []
        for group in self.counters:
            if w[at] or w[at + 1]:
                self.by_counter.append((group, w[at], w[at + 1]))
            at += 2

    def features(self, st, seat: int) -> list[float]:
        team_of, points, power = self.team_of, self.points, self.power
        side = team_of[seat]
        zones = st.zones
        out = [1.0]
        for base, count, per_player in self.owned:
            mine = [0, 0.0, 0.0]
            theirs = [0, 0.0, 0.0]
            for i in range(count):
                cards = zones[base + i]
                if not cards:
                    continue
                ours = (team_of[i] if per_player else i) == side
                into = mine if ours else theirs
                into[0] += len(cards)
                into[1] += sum(map(points.__getitem__, cards))
                into[2] += sum(map(power.__getitem__, cards))
            out += mine
            out += theirs
        for base in self.shared:
            cards = zones[base]
            out += (len(cards), sum(map(points.__getitem__, cards)) if cards else 0.0)
        held = [0, 0.0, 0, 0.0]
        if st.trick and st.best >= 0:
            ours = team_of[st.trick[st.best][0]] == side
            for _, cards, _ in st.trick:
                at = 0 if ours else 2
                held[at] += len(cards)
                held[at + 1] += sum(map(points.__getitem__, cards))
        out += held
        cv = st.cv
        for base, count, per_player in self.counters:
            mine = theirs = 0.0
            for i in range(count):
                v = cv[base + i]
                if type(v) is bool or not isinstance(v, (int, float, Fraction)):
                    continue
                if (team_of[i] if per_player else i) == side:
                    mine += v
                else:
                    theirs += v
            out += (float(mine), float(theirs))
        return out

    def _learn(self, options: dict) -> None:
        """Ridge regression of each seat's final hand value on its features, over states of
        random hands."""
        game = self.prog.game
        if game is None:
            return
        rng = random.Random(SEED)
        xs, ys = [], []
        for h in range(HANDS):
            if len(xs) >= ROWS:
                break
            st = game.new_initial_state(seed=SEED + h, players=self.n, options=options)
            while not st.is_terminal() and not st.hand_value_pending():
                st.apply_action_fast(rng.choice(st.legal_actions()))
            if st.is_terminal():
                continue
            goal, seen, steps = Goal(st), [], 0
            while not goal.reached(st):
                if steps % EVERY == 0:
                    seen += [self.features(st, seat) for seat in range(self.n)]
                st.apply_action_fast(rng.choice(st.legal_actions()))
                steps += 1
            final = goal.values(st)
            xs += seen
            ys += [float(final[i % self.n]) for i in range(len(seen))]
        if xs:
            columns = list(zip(*xs))
            xtx = [[0.0] * self.size for _ in range(self.size)]
            for a in range(self.size):
                for b in range(a, self.size):
                    xtx[a][b] = xtx[b][a] = sum(map(mul, columns[a], columns[b]))
            self.weights = _ridge(xtx, [sum(map(mul, column, ys)) for column in columns], len(xs))


def _ridge(xtx, xty, rows: int) -> list[float]:
    """The ridge solution on standardised features (the constant, feature 0, unpenalised),
    mapped back to the raw ones."""
    d = len(xty)
    mean = [xtx[0][a] / rows for a in range(d)]
    var = [max(xtx[a][a] / rows - mean[a] ** 2, 0.0) for a in range(d)]
    scale = [v ** 0.5 if v > 1e-12 else 0.0 for v in var]
    # centred, scaled sums of squares: a feature that never varies drops out
    keep = [a for a in range(1, d) if scale[a] > 0]
    y_mean = xty[0] / rows
    m = len(keep)
    a_mat = [[(xtx[i][j] / rows - mean[i] * mean[j]) / (scale[i] * scale[j]) + (RIDGE / rows if i == j else 0.0)
              for j in keep] for i in keep]
    b_vec = [(xty[i] / rows - mean[i] * y_mean) / scale[i] for i in keep]
    solved = _solve(a_mat, b_vec) if m else []
    weights = [0.0] * d
    intercept = y_mean
    for k, a in enumerate(keep):
        weights[a] = solved[k] / scale[a]
        intercept -= weights[a] * mean[a]
    weights[0] = intercept
    return weights


def _solve(a, b) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting (a is small and positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        p = m[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(col + 1, n):
            f = m[r][col] / p
            if f:
                row, top = m[r], m[col]
                for c in range(col, n + 1):
                    row[c] -= f * top[c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        p = m[r][r]
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / p if abs(p) > 1e-12 else 0.0
    return x
