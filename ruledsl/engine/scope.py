"""What names mean inside a game's expressions: the bridge between the expression compiler and
the state. Every name is resolved once, at load time, to a closure over the state's lists.
"""
from __future__ import annotations

import math
from fractions import Fraction
from itertools import permutations

from ..errors import RuleError, did_you_mean
from .cards import SUITS
from .state import State

SEAT_NAMES = "ABCDEFGHIJKL"


def _seq(x):
    """A card or a list of cards, as an iterable of cards."""
    if x is None:
        return ()
    return (x,) if isinstance(x, int) else x


class GameScope:
    """Scope for compile_expression: names → closures over a State (the Env)."""

    def __init__(self, builder):
        self.b = builder
        layout = builder.layout
        self.zones, self.counters = layout.zones, layout.counters
        self.deck = builder.deck
        self.variables = _variables()
        self.functions = self._functions()

    # -- names --------------------------------------------------------------------------------

    def names(self):
        shared = [z for z, (owner, _) in self.zones.items() if owner == "shared"]
        games = [c for c, (per, _) in self.counters.items() if per == "game"]
        return list(self.variables) + shared + games

    def function_names(self):
        per = [z for z, (owner, _) in self.zones.items() if owner != "shared"]
        per += [c for c, (owner, _) in self.counters.items() if owner != "game"]
        return list(self.functions) + per

    def lookup(self, name, span):
        if name in self.variables:
            return self.variables[name]
        if name in self.zones and self.zones[name][0] == "shared":
            i = self.zones[name][1]
            return lambda st: st.zones[i]
        if name in self.counters and self.counters[name][0] == "game":
            i = self.counters[name][1]
            return lambda st: st.cv[i]
        if name in self.zones or name in self.counters:
            raise RuleError(span, f"'{name}' belongs to each {self._owner(name)}",
                            f"write {name}(player) or {name}(some seat)")
        hint = did_you_mean(name, self.names())
        truth = {"yes": "true", "no": "false", "on": "true", "off": "false"}.get(name.lower())
        if truth:
            hint = f"YAML 1.1 reads {name} as {truth}; here write {truth}"
        raise RuleError(span, f"unknown name '{name}'", hint)

    def _owner(self, name):
        kind = (self.zones.get(name) or self.counters.get(name))[0]
        return "player" if kind == "player" else kind

    def option(self, name, span):
        if name not in self.b.ruleset.options:
            raise RuleError(span, f"unknown option '{name}'",
                            did_you_mean(name, self.b.ruleset.options)
                            or "declare it under 'options:'")
        return lambda st: st.options[name]

    def card(self, text, span):
        card = self.deck.card(text)
        if card is None:
            raise RuleError(span, f"card '{text}' is not in the deck",
                            f"the deck's ranks are {' '.join(self.deck.ranks)}")
        return card

    def suit(self, text, span):
        return text

    # -- functions ----------------------------------------------------------------------------

    def function(self, name, args, spans, span):
        if name in self.zones and self.zones[name][0] != "shared":
            return self._owned(name, self.zones[name], args, span, "zones")
        if name in self.counters and self.counters[name][0] != "game":
            return self._owned(name, self.counters[name], args, span, "cv")
        if name in (self.zones.keys() | self.counters.keys()):
            raise RuleError(span, f"'{name}' is one for the whole table; write it without ( )")
        entry = self.functions.get(name)
        if entry is None:
            return None
        arity, make = entry
        if len(args) not in arity:
            want = " or ".join(str(a) for a in arity)
            raise RuleError(span, f"{name}() takes {want} argument{'s' if arity != (1,) else ''}, "
                            f"given {len(args)}")
        return make(span, *args)

    def _owned(self, name, entry, args, span, field):
        owner, base = entry
        if len(args) != 1:
            raise RuleError(span, f"{name}() takes one {owner if owner != 'player' else 'seat'}")
        arg = args[0]
        if owner == "player":       # the common case, one closure deep
            if field == "zones":
                return lambda st: st.zones[base + arg(st)]
            return lambda st: st.cv[base + arg(st)]
        index = self._index(owner, base, arg)
        if field == "zones":
            return lambda st: st.zones[index(st)]
        return lambda st: st.cv[index(st)]

    def _index(self, owner, base, arg):
        if owner == "team":
            teams = self.b.layout.teams
            return lambda st: base + teams(st, arg(st))
        return lambda st: base + arg(st)

    def target(self, name, index, span):
        if name in ("dealer", "leader"):
            if index is not None:
                raise RuleError(span, f"'{name}' is a seat; assign it without ( )")
            return (lambda st: getattr(st, name)), (lambda st, v: setattr(st, name, v))
        if name not in self.counters:
            hint = did_you_mean(name, self.counters) or (
                f"declare it: counters: {{{name}: {{per: player, start: 0}}}}" if index is not None
                else f"declare it: counters: {{{name}: 0}}")
            raise RuleError(span, f"unknown counter '{name}'", hint)
        owner, base = self.counters[name]
        if (owner == "game") != (index is None):
            raise RuleError(span, f"counter '{name}' is per {owner}" +
                            (": write it without ( )" if owner == "game" else f": write {name}(seat)"))
        i = (lambda st: base) if index is None else self._index(owner, base, index)

        def get(st):
            return st.cv[i(st)]

        def put(st, value):
            st.cv[i(st)] = value
        return get, put

    def move(self, cards, zone, index, span):
        if zone not in self.zones:
            raise RuleError(span, f"unknown zone '{zone}'", did_you_mean(zone, self.zones))
        owner, base = self.zones[zone]
        if (owner == "shared") != (index is None):
            raise RuleError(span, f"zone '{zone}' is " + ("one for the table: write it without ( )"
                            if owner == "shared" else f"per {owner}: write {zone}(seat)"))
        dest = (lambda st: base) if index is None else self._index(owner, base, index)

        def run(st):
            move_cards(st, list(_seq(cards(st))), dest(st))
        return run

    def reveal(self, cards, span):
        def run(st):
            st.hv["revealed"] = st.hv.get("revealed", ()) + tuple(_seq(cards(st)))
            st.emit("reveal", cards=[str(c) for c in _seq(cards(st))])
        return run

    def _functions(self):
        d, b = self.deck, self.b
        pts, vals, suit_of, rank_of = d.points, d.values, d.suit_of, d.rank_of
        teams = b.layout.teams
        n_teams = b.layout.n_teams
        ranking = b.ranking

        def seats_fn(fn):
            return ((1,), lambda span, a: lambda st: fn(st, a(st)))

        # Points are summed as whole numbers of the table's smallest unit (thirds, say): exact,
        # and much faster than adding Fractions.
        unit = math.lcm(*(Fraction(p).denominator for p in pts if p is not None))
        scaled = tuple(int(p * unit) if p is not None else 0 for p in pts)

        def points(x):
            total = scaled[x] if isinstance(x, int) else sum(map(scaled.__getitem__, x or ()))
            return total // unit if total % unit == 0 else Fraction(total, unit)

        def cards_of(span, xs, s):
            def run(st):
                suit = s(st)
                if suit is None:
                    return []
                eff = ranking(st).suit
                return [c for c in xs(st) if eff[c] == suit]
            return run

        def top(span, k, xs):
            def run(st):
                r = ranking(st)
                return sorted(xs(st), key=lambda c: (r.trump[c], r.power[c]), reverse=True)[:k(st)]
            return run

        def run_length(span, xs, s, order):
            try:
                name = order(None)
            except Exception:
                name = None
            if name not in d.orders:
                raise RuleError(span, "run() needs the name of a deck order as its third argument",
                                did_you_mean(str(name), d.orders) or "declare it under deck.orders")
            ranks = d.orders[name]

            def run(st):
                suit = s(st)
                held = {rank_of[c] for c in xs(st) if suit_of[c] == suit}
                length = 0
                for r in ranks:
                    if r not in held:
                        break
                    length += 1
                return length
            return run

        def members(st, t):
            return [s for s in range(st.n) if teams(st, s) == t]

        def others(st, s):
            return [p for p in order(st, s) if p != s]

        def order(st, s):
            return st.play_order(s)

        return {
            "left": seats_fn(lambda st, s: st.step_seat(s, 1)),
            "right": seats_fn(lambda st, s: st.step_seat(s, -1)),
            "next": seats_fn(lambda st, s: st.step_seat(s, st.prog.direction)),
            "prev": seats_fn(lambda st, s: st.step_seat(s, -st.prog.direction)),
            "order": seats_fn(order),
            "others": seats_fn(others),
            "team": seats_fn(lambda st, s: teams(st, s)),
            "partner": seats_fn(lambda st, s: (s + st.n // 2) % st.n),
            "opponents": seats_fn(lambda st, s: [p for p in others(st, s) if teams(st, p) != teams(st, s)]),
            "members": seats_fn(members),
            "name": seats_fn(lambda st, s: SEAT_NAMES[s] if isinstance(s, int) and 0 <= s < 12 else str(s)),
            "points": ((1,), lambda span, a: lambda st: points(a(st))),
            "value": ((1,), lambda span, a: lambda st: vals[a(st)]),
            "suit": ((1,), lambda span, a: lambda st: ranking(st).suit[a(st)]),
            "rank": ((1,), lambda span, a: lambda st: rank_of[a(st)]),
            "cards": ((2,), cards_of),
            "holds": ((2,), lambda span, xs, c: lambda st: c(st) in _seq(xs(st))),
            "top": ((2,), top),
            "suits_of": ((1,), lambda span, xs: lambda st: [s for s in SUITS if any(suit_of[c] == s for c in _seq(xs(st)))]),
            "run": ((3,), run_length),
            "beats": ((2,), lambda span, x, y: lambda st: plays_beat(ranking(st), tuple(_seq(x(st))), tuple(_seq(y(st))))),
            "teams": ((0,), lambda span: lambda st: list(range(n_teams(st)))),
        }


def _variables():
    hv = lambda key, default=None: (lambda st: st.hv.get(key, default))  # noqa: E731
    return {
        "players": lambda st: st.n - sum(st.out),
        "seats": lambda st: list(range(st.n)),
        "active": lambda st: [s for s in range(st.n) if not st.out[s]],
        "out": lambda st: [s for s in range(st.n) if st.out[s]],
        "dealer": lambda st: st.dealer,
        "leader": lambda st: st.leader,
        "player": lambda st: st.locals.get("player"),
        "hand_number": lambda st: st.hand_no,
        "trick_number": hv("trick_number", 0),
        "trick_winners": hv("trick_winners", ()),
        "winner": hv("winner"),
        "last_capturer": hv("last_capturer"),
        "played": hv("played"),
        "captured": hv("captured", ()),
        "capture_kind": hv("capture_kind"),
        "suits": lambda st: list(SUITS),
        "trick": lambda st: [c for _, cards in st.trick for c in cards],
    }


def plays_beat(r, play, best) -> bool:
    """A play beats the best so far if its cards pair one-to-one with it, each beating its partner."""
    if len(play) != len(best):
        return False
    if len(play) == 1:
        return r.beats(play[0], best[0])
    return any(all(r.beats(c, b) for c, b in zip(perm, best)) for perm in permutations(play))


def move_cards(st: State, cards: list, dest: int) -> None:
    """Move cards from wherever they are to zone `dest`, keeping their order.

    One pass over the zones (and the trick) whatever the number of cards: moving a whole
    stock or a table is common."""
    wanted = set(cards)
    if not wanted:
        return
    zones = st.zones
    for i, z in enumerate(zones):
        if i != dest and not wanted.isdisjoint(z):
            z[:] = [c for c in z if c not in wanted]
    if any(not wanted.isdisjoint(entry[1]) for entry in st.trick):    # entries: seat, cards, face up
        st.trick = tuple((e[0], tuple(c for c in e[1] if c not in wanted), *e[2:]) for e in st.trick)
    target = zones[dest]
    if not wanted.isdisjoint(target):              # moving cards to where they already are
        target[:] = [c for c in target if c not in wanted]
    target.extend(cards)
