"""What names mean in a game's expressions, as source: the bridge between the expression compiler
and the state the generated code works on.

Zones and counters live in two flat lists of the State, at indices fixed for the player count
(layout.py's `Layout`): `hand(p)` is `st.zones[1 + p]`, `pool` is `st.cv[4]`, written in as constants. A seat
that is not known to be one (a counter holding a number, `score(1 - win)`) is checked at play
time; a team index goes through the seat → team table.
"""
from __future__ import annotations

import collections

from ..errors import RuleError, did_you_mean
from ..expr import ast
from ..expr.check import CARD_HINT, bad_word
from ..expr.codegen import Frag
from ..lang import builtins
from ..lang.options import whole
from ..expr.types import A_SEAT, A_TEAM, ANY, BOOL, CARD_LIST, INT, NUMBER, SEAT, TEXT, WHOLE, Type
from ..runtime import helpers, shoe
from .kept import kept_call
from .moves import CardMoves
from ..runtime.cards import FRENCH_SUITS, JOKER, PACKS, canonical, split_name

OWNER_WORDS = {"player": "seat", "team": "team", "shared": "table", "game": "table", "numbered": "number"}


class GameScope(CardMoves):
    """The Scope of expr/compiler.py for one program; also the game's tables for the built-ins."""

    def __init__(self, program):
        self.program = program
        rs = program.ruleset
        self.ruleset = rs
        self.layout = program.layout
        self.n, self.n_teams, self.team_of = self.layout.n, self.layout.n_teams, self.layout.team_of
        self.deck = program.deck
        self.points, self.points_floor = self.deck.points_of, self.deck.points_floor
        self.direction = program.direction
        self.counter_types = program.counter_types
        self.assigned: dict[str, Type] = {}          # what statements give each counter
        self.calling: list = []    # the functions being inlined: (name, the caller's local names, the call's span)
        self.kept: dict[str, str] = {}   # a function called without arguments -> the temporary keeping its value (kept.py)

    # -- the built-ins' view ----------------------------------------------------------------------

    def step(self, which: str) -> int:
        return {"left": 1, "right": -1, "next": self.direction, "prev": -self.direction}[which]

    def seat(self, c, frag: Frag, node) -> str:
        """Source of a seat of this match: checked at play time unless its type says it is one."""
        if frag.type.only("seat") or _seat_const(frag, self.n):
            return c.src(frag)
        x = c.src(c.atom(frag))
        check = c.call(helpers.seat, x, str(self.n), c.span_const(node))
        if frag.type.only("seat", "none"):          # `first(p for p in order(s) if …)`: a seat or none
            return f"({x} if {x} is not None else {check})"
        return f"({x} if _type({x}) is _int and 0 <= {x} < {self.n} else {check})"

    def team(self, c, frag: Frag, node) -> str:
        """Source of a team index: a team as it is, a seat (or a number) through the seat → team table."""
        if frag.type.only("team"):
            return c.src(frag)
        if _seat_const(frag, self.n):           # team(0): known now
            return c.unit.const(self.team_of[frag.const[0]])
        return f"{c.unit.const(self.team_of)}[{self.seat(c, frag, node)}]"

    def ranking(self, c) -> str:
        return self.program.ranking.source()

    def copies(self) -> tuple | None:
        return None if self.deck.same is None else (shoe.compare, self.deck.same)

    # -- names ------------------------------------------------------------------------------------

    def names(self) -> list[str]:
        shared = [z for z, (owner, _) in self.layout.zones.items() if owner == "shared"]
        games = [name for name, (per, _) in self.layout.counters.items() if per == "game"]
        return [*builtins.NAMES, *shared, *games]

    def function_names(self) -> list[str]:
        owned = [z for z, (owner, _) in self.layout.zones.items() if owner != "shared"]
        owned += [name for name, (per, _) in self.layout.counters.items() if per != "game"]
        return [*builtins.FUNCTIONS, *owned]

    def held(self) -> int:
        return max(len(self.deck), self.n)

    def same_rank(self) -> int:
        ranks = collections.Counter(split_name(str(card))[0] for card in self.deck.cards)
        return max(ranks.values(), default=0) + self.deck.jokers

    def name(self, name: str, span) -> Frag | None:
        known = builtins.NAMES.get(name)
        if known is not None:
            items = known.items(self.program.w, self) if known.items else None
            return Frag(src=known.emit(self.program.w, self), type=known.type, items=items)
        zones, counters = self.layout.zones, self.layout.counters
        if name in zones and zones[name][0] == "shared":
            return Frag(src=f"st.zones[{zones[name][1]}]", type=CARD_LIST, live=True, zone=str(zones[name][1]))
        if name in counters and counters[name][0] == "game":
            return Frag(src=f"st.cv[{counters[name][1]}]", type=self.counter_type(name), steady=True)
        if name in zones and zones[name][0] == "numbered":
            raise RuleError(span, f"'{name}' is {self.layout.sizes[name]} zones, numbered from 0",
                            f"say which: {name}(0), or {name}(i) for i in range({self.layout.sizes[name]})")
        if name in zones or name in counters:
            owner = (zones.get(name) or counters.get(name))[0]
            raise RuleError(span, f"'{name}' belongs to each {owner}", f"write {name}(player) or {name}(some seat)")
        if self.calling and name in self.calling[-1][1]:
            f = self.ruleset.functions[self.calling[-1][0]]
            raise RuleError(span, f"function {f.signature} sees only its parameters and the game's names, "
                            f"not '{name}'", f"give it as an argument: add a parameter, e.g. {f.name}(…, {name})")
        if name == "player":
            raise RuleError(span, "'player' has no value here",
                            "player is the seat asked (in an ask's choices), about to play (before_play), "
                            "that played (captures), or each seat in turn (summary, result, showdown)")
        return None

    def counter_type(self, name: str) -> Type:
        return self.counter_types.get(name, ANY)

    def option(self, name: str, span) -> Frag:
        spec = self.ruleset.options.get(name)
        if spec is None:
            raise RuleError(span, f"unknown option '{name}'",
                            did_you_mean(name, self.ruleset.options) or "declare it under 'options:'")
        return Frag(src=f"st.options[{self.program.w.const(name, 'OPTION')}]", type=option_type(spec), steady=True)

    def card(self, text: str, span):
        deck = self.deck
        card = deck.card(text)
        if card is not None:
            return card
        rank, suit = split_name(canonical(text))
        if suit in deck.suits and (rank in deck.pack.ranks or rank in PACKS["french-52"].ranks) or rank == JOKER:
            raise RuleError(span, f"card '{text}' is not in the deck", f"the deck's ranks are {' '.join(deck.ranks)}")
        raise RuleError(span, *bad_word(text, self._card_hint()))

    def suit(self, text: str, span):
        if text not in self.deck.suits:
            raise RuleError(span, *bad_word(text, self._card_hint()))
        return text

    def _card_hint(self) -> str:
        """How this deck's cards and suits are written."""
        deck = self.deck
        if deck.suits == FRENCH_SUITS:
            return CARD_HINT
        examples = [deck.ranks[0] + s for s in deck.suits[:3]]
        return f"cards are written like {', '.join(examples)} and suits as {', '.join(deck.suits)}"

    def check_seat(self, value: int, span, what: str) -> None:
        """A constant seat must exist with this program's players (the fewest, at load)."""
        if not 0 <= value < self.n:
            raise RuleError(span, f"{what} takes a seat; there is no seat {value} with {self.n} players",
                            f"seats are 0 to {self.n - 1}; or name them: dealer, left(dealer), …")

    # -- calls ------------------------------------------------------------------------------------

    def function(self, c, node: ast.Call) -> Frag | None:
        name = node.name
        if name not in builtins.FUNCTIONS or name not in {**self.layout.zones, **self.layout.counters}:
            return self._function(c, node)
        # a zone or counter named like a built-in function hides it: say so
        what, owner = ("zone", self.layout.zones[name][0]) if name in self.layout.zones else \
            ("counter", self.layout.counters[name][0])
        rename = f"rename the {what} (e.g. '{name}_{'cards' if what == 'zone' else 'value'}') to call the built-in"
        if owner in ("shared", "game"):
            raise RuleError(c.span(node), f"the {what} '{name}' hides the built-in {name}()",
                            f"{rename}; the {what} itself is read as `{name}`")
        try:
            return self._function(c, node)
        except RuleError as e:
            e.hint = f"the {what} '{name}' hides the built-in {name}(): {rename}"
            raise

    def _function(self, c, node: ast.Call) -> Frag | None:
        zones, counters = self.layout.zones, self.layout.counters
        name = node.name
        if name in zones and zones[name][0] != "shared":
            owner, base = zones[name]
            index = self._index(c, node, name, owner, base)
            return Frag(src=f"st.zones[{index}]", type=CARD_LIST, live=True, zone=index)
        if name in counters and counters[name][0] != "game":
            owner, base = counters[name]
            return Frag(src=f"st.cv[{self._index(c, node, name, owner, base)}]", type=self.counter_type(name))
        if name in zones or name in counters:
            raise RuleError(c.span(node), f"'{name}' is one for the whole table; write it without ( )")
        if name in self.ruleset.functions:
            return self.call_function(c, node)
        return builtins.call(c, self, node)

    def call_function(self, c, node: ast.Call) -> Frag:
        """A call of one of the file's functions, compiled inline: the arguments evaluated once,
        in order, then the body with its parameters bound to them (typed by this call's
        arguments; its errors are at the body, the call named in the hint)."""
        f = self.ruleset.functions[node.name]
        if len(node.args) != len(f.params):
            raise RuleError(c.span(node), f"{f.signature} takes {len(f.params)} argument"
                            f"{'s' if len(f.params) != 1 else ''}, not {len(node.args)}")
        if any(name == f.name for name, _, _ in self.calling):     # the load refuses cycles; never loop here
            raise RuleError(c.span(node), f"function '{f.name}' calls itself")
        kept = self.kept.get(f.name) if not node.args else None
        if kept is not None:
            return kept_call(self, c, node, kept)
        args = [c.atom(arg) for arg in c.operands(node.args)]
        body = c.inlined(f.body.text, f.body.locate, dict(zip(f.params, args)), (f.name, c.span(node)))
        self.calling.append((f.name, {name for name, _ in c.bound}, c.span(node)))
        try:
            return body.value(f.body.tree)
        except RuleError as e:
            if not getattr(e, "called", False):     # the innermost call says where the calls came from
                e.called = True
                e.hint = "; ".join([*(f"in {self.ruleset.functions[name].signature} called at line {span.line}"
                                      for name, _, span in reversed(self.calling)), *([e.hint] if e.hint else [])])
            raise
        finally:
            self.calling.pop()

    def _index(self, c, node, name: str, owner: str, base: int) -> str:
        if len(node.args) != 1:
            raise RuleError(c.span(node), f"{name}() takes one {OWNER_WORDS.get(owner, owner)}")
        return self.owned(c, name, owner, base, node.args[0])

    def owned(self, c, name: str, owner: str, base: int, index) -> str:
        """Source of the index of `name(index)` in the state's flat list (st.zones or st.cv),
        where `name` is a zone or counter per player or per team, or a numbered zone: its first
        index plus the seat, the seat's team or the number that `index` (an expression's node)
        gives."""
        if owner == "numbered":
            return f"{base} + {self.numbered(c, name, c.value(index, WHOLE, f'`{name}()`'), index)}"
        arg = c.value(index, A_TEAM if owner == "team" else A_SEAT, f"`{name}()`")
        at = self.team(c, arg, index) if owner == "team" else self.seat(c, arg, index)
        return f"{base} + {at}" if base else at

    def zone_index(self, c, name: str, index, span, hint: str = "") -> str:
        """Source of the index of the zone `name`, or `name(index)` (an expression's node),
        that a statement or a step names; `hint` adds to the hint for a zone named without
        whose it is."""
        zones = self.layout.zones
        if name not in zones:
            raise RuleError(span, f"unknown zone '{name}'", did_you_mean(name, zones))
        owner, base = zones[name]
        if owner == "shared" and index is not None:
            raise RuleError(span, f"zone '{name}' is one for the table: write it without ( )")
        if owner == "numbered" and index is None:
            raise RuleError(span, f"zone '{name}' is {self.layout.sizes[name]} zones: write {name}(i)",
                            f"say which, from {name}(0) to {name}({self.layout.sizes[name] - 1})")
        if owner != "shared" and index is None:
            raise RuleError(span, f"zone '{name}' is per {owner}: write {name}(seat)",
                            f"say whose, e.g. {name}(dealer){hint}")
        return str(base) if index is None else self.owned(c, name, owner, base, index)

    # -- statements -------------------------------------------------------------------------------

    def place(self, c, target: ast.Target) -> Frag:
        name, span = target.name, c.span(target)
        if name in ("dealer", "leader"):
            if target.index is not None:
                raise RuleError(span, f"'{name}' is a seat; assign it without ( )")
            return Frag(src=f"st.{name}", type=SEAT, atomic=True)
        counters = self.layout.counters
        if name not in counters:
            hint = did_you_mean(name, counters) or (
                f"declare it: counters: {{{name}: {{per: player, start: 0}}}}" if target.index is not None
                else f"declare it: counters: {{{name}: 0}}")
            raise RuleError(span, f"unknown counter '{name}'", hint)
        owner, base = counters[name]
        if (owner == "game") != (target.index is None):
            raise RuleError(span, f"counter '{name}' is per {owner}" +
                            (": write it without ( )" if owner == "game" else f": write {name}(seat)"))
        if target.index is None:
            return Frag(src=f"st.cv[{base}]", type=self.counter_type(name), atomic=True)
        index = self.owned(c, name, owner, base, target.index)
        slot = c.unit.temp()
        c.unit.emit(f"{slot} = {index}")
        return Frag(src=f"st.cv[{slot}]", type=self.counter_type(name), atomic=True)

    def store(self, c, target: ast.Target, place: Frag, value: Frag) -> None:
        if target.name in ("dealer", "leader"):
            c.check(value, A_SEAT, target, f"`{target.name}`")
            c.unit.emit(f"{place.src} = {self.seat(c, value, target)}")
            return
        self.assigned[target.name] = self.assigned.get(target.name, _NOTHING) | value.type
        src = c.src(value)
        c.unit.emit(f"{place.src} = _list({src})" if value.live else f"{place.src} = {src}")

    def target_zone(self, c, target: ast.Target) -> str:
        """Source of the index of the zone `name` or `name(seat)` a statement names."""
        return self.zone_index(c, target.name, target.index, c.locate(target.offset, len(target.name)),
                               f"; for each player, {target.name}(p) and end the statement with `for p in active`")

    def numbered(self, c, name: str, arg: Frag, node) -> str:
        """Source of k in `name(k)`, which of a numbered zone's zones (`arg`, compiled from
        `node`): a constant is checked now, anything else when the game runs."""
        count = self.layout.sizes[name]
        if arg.const is not None and type(arg.const[0]) is int:
            k = arg.const[0]
            if not 0 <= k < count:
                raise RuleError(c.span(node), f"there is no {name}({k}): {name} is {count} zones, "
                                f"{name}(0) to {name}({count - 1})", "numbered zones count from 0")
            return str(k)
        x = c.src(c.atom(arg))
        return (f"({x} if _type({x}) is _int and 0 <= {x} < {count} else "
                f"{c.call(helpers.zone_number, x, c.unit.const(name), str(count), c.span_const(node))})")


_NOTHING = Type(frozenset())


def option_type(spec) -> Type:
    """The type of an option's values, from its default (or choices)."""
    values = [spec.default] if not spec.follows else []
    values += list(spec.choices or ())
    if whole(spec):                  # the values a table may set are checked alike (options.py)
        return INT
    if spec.follows or any(isinstance(v, (int,)) and not isinstance(v, bool) for v in values) or \
            any(type(v).__name__ == "Fraction" for v in values):
        return NUMBER
    if any(isinstance(v, bool) for v in values):
        return BOOL
    return TEXT


def _seat_const(frag: Frag, n: int) -> bool:
    """Whether `frag` is a constant seat of the match (a whole number below `n`)."""
    return frag.const is not None and type(frag.const[0]) is int and 0 <= frag.const[0] < n
