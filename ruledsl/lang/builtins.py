"""The names and functions every rule file's expressions may use, each declared once: its
signature (what it takes, what it gives), its documentation and its code.

The expression compiler checks every call against the signature here (`points(dealer)`: a seat
where cards go), the docs' table of built-ins is generated from it (docs/language.md, checked by
a test), and `emit` writes the call's Python source. Emitters get the compiler (`c`), the game's
tables and names (`g`, compile/scope.py) and the compiled arguments.
"""
from __future__ import annotations

from typing import Callable

import attrs

from ..errors import RuleError, did_you_mean
from ..expr import ast, values
from ..expr.codegen import Frag
from ..expr.compiler import generator
from ..runtime import combos, hand, helpers
from ..runtime.hand import READABLE
from .types import (A_LIST, A_NUMBER, A_SEAT, A_SUIT, A_TEAM, ANY, BOOL, CARD, CARD_LIST, CARDS,
                    INT, NONE, NUMBER, SEAT, SEAT_LIST, SUIT, TEAM, TEXT, WHOLE, Type, list_of, of)

ONE_ARG, ANY_ARGS = (1, 1), (1, 99)


@attrs.frozen
class Function:
    """A built-in function: `params` are what each argument takes (in words for the docs and
    the errors), `gives` its result (a Type, or a function of the arguments' types)."""

    name: str
    params: tuple[tuple[str, Type], ...]
    gives: Type | Callable
    doc: str
    emit: Callable
    generator: str = "no"          # "no", "may" (f(e for x in xs) too) or "must"
    arity: tuple[int, int] | None = None   # (min, max) arguments when not len(params)
    game: bool = True              # it reads the game (seats, cards): an option's default may not

    def usage(self) -> str:
        if self.generator == "must":
            return f"{self.name}(e for x in xs)"
        args = ", ".join(p for p, _ in self.params)
        return f"{self.name}({args}{', …' if self.arity == ANY_ARGS else ''})"

    def gives_words(self) -> str:
        """What it gives, in words (a result that follows the argument's type, in general)."""
        return self.gives.words() if isinstance(self.gives, Type) else RESULTS[self.gives]


@attrs.frozen
class Name:
    """A built-in name (`dealer`, `players`): its type, documentation and source."""

    name: str
    type: Type
    doc: str
    emit: Callable            # (w, g) -> source reading the state `st` (w names constants)
    items: Callable | None = None   # (w, g) -> a source to loop over (a tuple: no list made)


# -- the generic functions: numbers and lists ---------------------------------------------------

def _helper(fn: Callable, gives: Type | Callable):
    """Emit `fn(arg, span)`: a helper of values.py or runtime/helpers.py taking one argument."""
    def emit(c, g, args, node):
        return Frag(src=c.call(fn, c.src(args[0]), c.span_const(node)), type=_result(gives, args))
    return emit


def _result(gives, args) -> Type:
    return gives(*(a.type for a in args)) if callable(gives) else gives


def _item(t: Type) -> Type:
    return t.item if t.has("list") and t.item is not None and t.item.kinds else ANY


def _same(t: Type) -> Type:
    """argmax/argmin: the list of the loop's values (what the gathered pairs are typed as)."""
    return t


def _item_or_none(t: Type) -> Type:
    return _item(t) | NONE


def _items(t: Type) -> Type:
    return list_of(_item(t))


def _lists(t: Type, *rest: Type) -> Type:
    return list_of(list_of(_item(t)))


RESULTS = {_same: "a list of the x values", _item_or_none: "an item of xs, or none", _items: "a list of xs's items",
           _lists: "a list of lists of xs's items"}


def _many(fn: Callable, gives: Callable):
    """min/max of a list, of several values, or of a generator."""
    def emit(c, g, args, node):
        span = c.span_const(node)
        if len(args) > 1:
            items = f"[{', '.join(c.src(a) for a in args)}]"
            joined = args[0].type
            for a in args[1:]:
                joined = joined | a.type
            return Frag(src=c.call(fn, items, span), type=joined | NONE)
        return Frag(src=c.call(fn, c.src(args[0]), span), type=gives(args[0].type))
    return emit


def _range(c, g, args, node):
    return Frag(src=c.call(helpers.whole_numbers, f"({', '.join(c.src(a) for a in args)},)", c.span_const(node)),
                type=list_of(INT))


def _sum(c, g, args, node):
    """sum(xs): of a list of whole numbers, Python's own sum (in C, and a whole number: the
    counters it is given stay typed as whole numbers); else the checking helper. Items typed as
    nothing yet (a counter whose type is being inferred: program.py) add up to 0, a whole number."""
    xs = args[0].type
    if xs.only("list") and xs.item is not None and xs.item.kinds <= {"int"}:
        return Frag(src=f"_sum({c.src(args[0])})", type=INT)
    return _helper(helpers.total, NUMBER)(c, g, args, node)


def _count(c, g, args, node):
    if args[0].counted is not None:
        return Frag(src=args[0].counted, type=INT)
    x = c.src(c.atom(args[0]))
    if args[0].type.only("list"):
        return Frag(src=f"_len({x})", type=INT)
    return Frag(src=f"(_len({x}) if _type({x}) is _list else {c.call(helpers.count, x, c.span_const(node))})",
                type=INT)


# -- the game's functions: seats, teams, cards --------------------------------------------------

def _seat_step(delta: str):
    """left/right/next/prev: the next seat in the match `delta` from the argument."""
    def emit(c, g, args, node):
        s = c.atom(Frag(src=g.seat(c, args[0], node.args[0]), type=SEAT))
        table = "left" if g.step(delta) == 1 else "right"
        return Frag(src=f"st.seating.{table}[{c.src(s)}]", type=SEAT)
    return emit


def _state_helper(fn: Callable, gives: Type, seat_args: int = 1):
    """A runtime helper `fn(st, args…)`; the first `seat_args` arguments are seats, checked."""
    def emit(c, g, args, node):
        srcs = [g.seat(c, a, n) if i < seat_args else c.src(a) for i, (a, n) in enumerate(zip(args, node.args))]
        return Frag(src=c.call(fn, "st", *srcs), type=gives)
    return emit


def _order(c, g, args, node):
    """order(s): a new list (callers may keep it); a loop over it reads the seats' table."""
    s = c.src(c.atom(Frag(src=g.seat(c, args[0], node.args[0]), type=SEAT)))
    return Frag(src=f"_list(st.seating.orders[{s}])", type=SEAT_LIST, items=f"st.seating.orders[{s}]")


def _others(c, g, args, node):
    """others(s): as order(s) without s."""
    s = c.src(c.atom(Frag(src=g.seat(c, args[0], node.args[0]), type=SEAT)))
    return Frag(src=f"_list(st.seating.others[{s}])", type=SEAT_LIST, items=f"st.seating.others[{s}]")


def _table(lookup: Callable, gives: Type, seat: bool = True):
    """A per-seat (or per-card) table written in as a constant: TABLE[x]."""
    def emit(c, g, args, node):
        x = g.seat(c, args[0], node.args[0]) if seat else c.src(args[0])
        return Frag(src=f"{c.unit.const(lookup(g))}[{x}]", type=gives)
    return emit


def _team(c, g, args, node):
    return Frag(src=g.team(c, args[0], node.args[0]), type=TEAM)


def _members(c, g, args, node):
    return Frag(src=c.call(helpers.members, "st", g.team(c, args[0], node.args[0]), c.unit.const(g.team_of)),
                type=SEAT_LIST)


def _teams(c, g, args, node):
    teams = c.unit.const(tuple(range(g.n_teams)))
    return Frag(src=f"_list({teams})", type=list_of(TEAM), items=teams)


def _card_helper(fn: Callable, gives: Type, ranked: bool = False):
    """A helper over cards `fn(args…)`; `ranked`: it also takes the ranking under the trumps."""
    def emit(c, g, args, node):
        extra = [c.src(c.steady(Frag(src=g.ranking(c), steady=True)))] if ranked else []
        return Frag(src=c.call(fn, *extra, *(c.src(a) for a in args)), type=gives)
    return emit


def _deck_helper(fn: Callable, gives: Type):
    """A helper over cards `fn(deck, args…)`, which reads the deck's tables."""
    def emit(c, g, args, node):
        return Frag(src=c.call(fn, c.unit.const(g.deck), *(c.src(a) for a in args)), type=gives)
    return emit


def _cards_of_suit(c, g, args, node):
    xs, suit = args
    if not xs.type.only("list"):
        return _card_helper(helpers.cards_of, CARD_LIST, True)(c, g, args, node)
    # A list of cards (a zone): filtered inline, by the suits of the trumps of the moment.
    suit_of, s = c.atom(c.steady(Frag(src=f"{g.ranking(c)}.suit", steady=True))), c.src(c.atom(suit))
    card = c.unit.temp("_v")
    # counted: of a zone (its cards are distinct), those among the suit's cards, in C; of any
    # other list, its cards' suits listed, then counted (a map over the table's __getitem__
    # pays a wrapper call a card: slower than the comprehension)
    if xs.live:
        members = f"{g.ranking(c)}.members.get({s}, {c.unit.const(frozenset())})"
        counted = f"_len({c.src(c.atom(c.steady(Frag(src=members, steady=True))))}.intersection({c.src(xs)}))"
    else:
        counted = f"[{c.src(suit_of)}[{card}] for {card} in {c.src(xs)}].count({s})"
    return Frag(src=f"[{card} for {card} in {c.src(xs)} if {c.src(suit_of)}[{card}] == {s}]", type=CARD_LIST,
                counted=counted)


def _points(c, g, args, node):
    floored = c.call(g.points_floor, c.src(args[0]))          # exact thirds, say, need no Fraction
    if g.deck.whole_points:          # no card has a fraction of a point: a whole number, typed so
        return Frag(src=floored, type=INT, floored=floored)
    return Frag(src=c.call(g.points, c.src(args[0])), type=NUMBER, floored=floored)


def _floor(c, g, args, node):
    if args[0].floored is not None:
        return Frag(src=args[0].floored, type=INT)
    return _helper(values.floor, INT)(c, g, args, node)


def _suit(c, g, args, node):
    card = c.atom(args[0])
    suit_of = c.src(c.steady(Frag(src=f"{g.ranking(c)}.suit", steady=True)))
    return Frag(src=f"{suit_of}[{c.src(card)}]", type=SUIT)


def _holds(c, g, args, node):
    xs, card = args
    if xs.type.only("list"):
        return Frag(src=f"({c.src(card)} in {c.src(xs)})", type=BOOL)
    return Frag(src=c.call(helpers.holds, c.src(xs), c.src(card)), type=BOOL)


def _named_order(c, g, args, node, at: int) -> tuple:
    """The ranks of the deck order named by argument `at` (a text constant): 'order', the
    trick order, or one of `deck.orders`."""
    name = args[at].const[0] if args[at].const is not None else None
    if name == "order":
        return tuple(g.deck.order)
    if name not in g.deck.orders:
        raise RuleError(c.span(node.args[at]), f"{node.name}() needs the name of a deck order as its "
                        f"{('first', 'second', 'third')[at]} argument",
                        did_you_mean(str(name), g.deck.orders) or "'order' (the trick order), or one declared "
                        "under deck.orders")
    return tuple(g.deck.orders[name])


def _run(c, g, args, node):
    ranks = _named_order(c, g, args, node, 2)
    return Frag(src=c.call(helpers.run_length, c.src(args[0]), c.src(args[1]),
                           c.unit.const(ranks), c.unit.const(g.deck.rank_of), c.unit.const(g.deck.suit_of)),
                type=INT)


# -- combinations ---------------------------------------------------------------------------------

def _spanned(fn: Callable, gives: Type | Callable):
    """Emit `fn(args…, span)`: a helper of runtime/combos.py that locates its own errors."""
    def emit(c, g, args, node):
        return Frag(src=c.call(fn, *(c.src(a) for a in args), c.span_const(node)), type=_result(gives, args))
    return emit


def _grouped(key: str):
    """by_rank / by_suit: the cards grouped by rank (the trick order, high first) or by suit."""
    def emit(c, g, args, node):
        table, order = ((g.deck.rank_of, g.deck.order) if key == "rank" else (g.deck.suit_of, g.deck.suits))
        return Frag(src=c.call(combos.by_key, c.src(args[0]), c.unit.const(table), c.unit.const(tuple(order))),
                    type=list_of(CARD_LIST))
    return emit


def _melds(c, g, args, node):
    ranks, deck = _named_order(c, g, args, node, 1), g.deck
    tables = [c.unit.const(t) for t in (ranks, deck.rank_of, deck.suit_of)]
    if node.name == "is_meld":
        return Frag(src=c.call(combos.is_meld, c.src(args[0]), *tables), type=BOOL)
    suits = c.unit.const(tuple(deck.suits))
    if node.name == "melds":
        return Frag(src=c.call(combos.melds, c.src(args[0]), *tables, suits), type=list_of(CARD_LIST))
    return Frag(src=c.call(combos.best_melds, c.src(args[0]), *tables, suits, c.unit.const(g.points),
                           c.span_const(node)),
                type=list_of(CARD_LIST))


def _poker_rank(c, g, args, node):
    deck = g.deck
    return Frag(src=c.call(combos.poker_rank, c.src(args[0]), c.unit.const(deck.power), c.unit.const(deck.suit_of),
                           str(len(deck.order))), type=list_of(INT))


def _names(g):
    return tuple(helpers.SEAT_NAMES[i] for i in range(g.n))


def _partner(c, g, args, node):
    """The seat opposite; none when everyone plays alone (the player count has no partnerships)."""
    x = g.seat(c, args[0], node.args[0])
    if g.n_teams == g.n:
        return Frag(src="None", type=NONE)
    return Frag(src=f"{c.unit.const(tuple((i + g.n // 2) % g.n for i in range(g.n)))}[{x}]", type=SEAT)


FUNCTIONS: dict[str, Function] = {f.name: f for f in [
    Function("floor", (("x", A_NUMBER),), INT, "rounded down, exactly", _floor, game=False),
    Function("ceil", (("x", A_NUMBER),), INT, "rounded up, exactly", _helper(values.ceil, INT), game=False),
    Function("abs", (("x", A_NUMBER),), NUMBER, "without its sign", _helper(helpers.absolute, NUMBER),
             game=False),
    Function("min", (("xs", A_LIST),), _item_or_none,
             "the smallest item of a list, or of several values (none for an empty list)",
             _many(helpers.smallest, _item_or_none), "may", ANY_ARGS, game=False),
    Function("max", (("xs", A_LIST),), _item_or_none,
             "the largest item of a list, or of several values (none for an empty list)",
             _many(helpers.largest, _item_or_none), "may", ANY_ARGS, game=False),
    Function("sum", (("xs", A_LIST),), NUMBER, "the total of a list of numbers",
             _sum, "may", game=False),
    Function("count", (("xs", A_LIST),), INT,
             "the number of items (over a generator: of the values that are not false or none)",
             _count, "may", game=False),
    Function("len", (("xs", A_LIST),), INT, "the number of items of a list, or characters of a text",
             _count, "may", game=False),
    Function("any", (("xs", A_LIST),), BOOL, "whether some item is true (a generator stops at the first)",
             _helper(helpers.any_true, BOOL), "may", game=False),
    Function("all", (("xs", A_LIST),), BOOL, "whether every item is true (a generator stops at the first false)",
             _helper(helpers.all_true, BOOL), "may", game=False),
    Function("sorted", (("xs", A_LIST),), _items, "the items in increasing order",
             _helper(helpers.in_order, _items), "may", game=False),
    Function("unique", (("xs", A_LIST),), _items, "the items without repeats, in order",
             _helper(helpers.unique, _items), "may", game=False),
    Function("range", (("a", WHOLE), ("b", WHOLE)), list_of(INT),
             "the whole numbers from 0 to a - 1, or with two arguments from a to b - 1 (at most 10,000)",
             _range, arity=(1, 2), game=False),
    Function("first", (("xs", A_LIST),), _item_or_none, "the first item (none for an empty list)",
             _helper(helpers.first, _item_or_none), "may", game=False),
    Function("last", (("xs", A_LIST),), _item_or_none, "the last item (none for an empty list)",
             _helper(helpers.last, _item_or_none), "may", game=False),
    Function("argmax", (), _same, "the x values for which e is highest, every tie: "
             "`argmax(points(won(p)) for p in active)`", _helper(helpers.argmax, _same), "must", game=False),
    Function("argmin", (), _same, "the x values for which e is lowest, every tie",
             _helper(helpers.argmin, _same), "must", game=False),
    Function("left", (("s", A_SEAT),), SEAT, "the next seat clockwise, among the players in the match",
             _seat_step("left")),
    Function("right", (("s", A_SEAT),), SEAT, "the next seat anticlockwise, among the players in the match",
             _seat_step("right")),
    Function("next", (("s", A_SEAT),), SEAT, "the next seat in the direction of play", _seat_step("next")),
    Function("prev", (("s", A_SEAT),), SEAT, "the previous seat in the direction of play", _seat_step("prev")),
    Function("order", (("s", A_SEAT),), SEAT_LIST, "the seats in the match in play order, starting at s",
             _order),
    Function("others", (("s", A_SEAT),), SEAT_LIST, "the seats in the match other than s, in play order after s",
             _others),
    Function("team", (("s", A_SEAT),), TEAM, "the team of seat s", _team),
    Function("partner", (("s", A_SEAT),), SEAT | NONE, "the seat opposite s; none when everyone plays alone",
             _partner),
    Function("opponents", (("s", A_SEAT),), SEAT_LIST, "the seats in the match not in s's team, in play order after s",
             _state_helper(helpers.opponents, SEAT_LIST)),
    Function("members", (("t", A_TEAM),), SEAT_LIST, "the seats of team t", _members),
    Function("teams", (), list_of(TEAM), "the team numbers", _teams),
    Function("name", (("s", A_SEAT),), TEXT, "a seat's display name (A, B, …)", _table(_names, TEXT)),
    Function("points", (("x", CARDS),), NUMBER, "the card points of a card or a list of cards (exact)", _points),
    Function("value", (("c", CARD),), INT | NONE, "a card's capture value (none if it has none)",
             _table(lambda g: g.deck.values, INT | NONE, seat=False)),
    Function("suit", (("c", CARD),), SUIT, "a card's suit, as the trumps rank it (a promoted card is a trump)",
             _suit),
    Function("rank", (("c", CARD),), TEXT, "a card's rank, as text", _table(lambda g: g.deck.rank_of, TEXT, seat=False)),
    Function("cards", (("xs", CARDS), ("s", A_SUIT)), CARD_LIST,
             "the cards of one suit in a list, as the trumps rank them (a promoted card is a trump)", _cards_of_suit),
    Function("holds", (("xs", CARDS), ("c", CARD)), BOOL, "whether a card is in a list", _holds),
    Function("top", (("n", WHOLE), ("xs", CARDS)), CARD_LIST, "the n highest cards by the trick order, trumps first",
             _card_helper(helpers.top, CARD_LIST, True)),
    Function("suits_of", (("xs", CARDS),), list_of(SUIT), "the suits present in a list of cards",
             _deck_helper(helpers.suits_of, list_of(SUIT))),
    Function("run", (("xs", CARDS), ("s", A_SUIT), ("order", TEXT)), INT,
             "the length of the unbroken run of suit s in xs from the first rank of a named deck order",
             _run),
    Function("reversed", (("xs", A_LIST),), _items, "the items in the opposite order",
             _spanned(combos.reverse, _items), game=False),
    Function("index", (("xs", A_LIST), ("x", ANY)), INT | NONE,
             "where x first is in xs, counting from 0 (none when it is not there)",
             _spanned(combos.position, INT | NONE), game=False),
    Function("combinations", (("xs", A_LIST), ("k", WHOLE)), _lists,
             "every k-item subset of xs, each in xs's order (at most 10,000 of them)",
             _spanned(combos.combinations, _lists), game=False),
    Function("subsets", (("xs", A_LIST),), _lists,
             "every subset of xs, the empty one first, by size (at most 13 items)",
             _spanned(combos.subsets, _lists), game=False),
    Function("by_rank", (("xs", CARDS),), list_of(CARD_LIST),
             "the cards grouped by rank, the highest rank of the trick order first", _grouped("rank")),
    Function("by_suit", (("xs", CARDS),), list_of(CARD_LIST),
             "the cards grouped by printed suit, in the deck's suit order", _grouped("suit")),
    Function("melds", (("xs", CARDS), ("order", TEXT)), list_of(CARD_LIST),
             "every set (3 or more cards of a rank) and run (3 or more of a suit in sequence in the named "
             "deck order, e.g. 'order') among the cards", _melds),
    Function("is_meld", (("xs", CARDS), ("order", TEXT)), BOOL,
             "whether the cards, all together, are one set or one run (see melds)", _melds),
    Function("best_melds", (("xs", CARDS), ("order", TEXT)), list_of(CARD_LIST),
             "the melds, no card in two, that leave the fewest card points outside them (then: the most cards "
             "melded)", _melds),
    Function("poker_rank", (("xs", CARDS),), list_of(INT),
             "a poker hand's rank as a list that compares as poker ranks hands: the category (0 high card, 1 pair, "
             "2 two pairs, 3 three of a kind, 4 straight, 5 flush, 6 full house, 7 four of a kind, 8 straight "
             "flush), then the powers that break ties", _poker_rank),
    Function("power", (("c", CARD),), INT, "a card's strength in the trick order: 1 for the lowest rank",
             _table(lambda g: g.deck.power, INT, seat=False)),
    Function("beats", (("x", CARDS), ("y", CARDS)), BOOL,
             "whether a card (or a play of several) beats another, by the trick rule",
             _card_helper(helpers.beats, BOOL, True)),
]}

# What an option's default may call: the functions that read nothing of the game.
PURE = frozenset(f.name for f in FUNCTIONS.values() if not f.game)


def call(c, g, node: ast.Call) -> Frag | None:
    """A call of a built-in function, checked against its signature and written; None if
    `node` names none."""
    f = FUNCTIONS.get(node.name)
    if f is None:
        return None
    span = c.span(node)
    if generator(node):
        gen = node.args[0]
        if f.generator == "no":
            raise RuleError(c.locate(gen.offset, gen.width), f"{f.name} takes a number, not a generator")
        if f.name in ("any", "all", "count", "first"):
            return c.gather(f.name, gen)
        gathered = c.gather("pairs" if f.generator == "must" else "list", gen)
        return f.emit(c, g, [gathered], node)
    if f.generator == "must":
        raise RuleError(span, f"{f.name} needs a generator argument, like {f.name}(score(p) for p in active)")
    lo, hi = f.arity or (len(f.params), len(f.params))
    n = len(node.args)
    if not lo <= n <= hi:
        count = f"{lo} argument" if lo == hi else f"at least {lo} argument"
        raise RuleError(span, f"{f.name} takes {count}{'s' if lo != 1 else ''}, not {n}")
    args = c.operands(node.args)
    if n == 1 or f.arity is None or n == len(f.params):
        for (_, place), arg, arg_node in zip(f.params, args, node.args):
            c.check(arg, place, arg_node, f"`{f.name}()`")
    else:
        for arg, arg_node in zip(args, node.args):
            c.check(arg, A_NUMBER | of("text", "card", "suit", "seat", "team"), arg_node, f"`{f.name}()`")
    return f.emit(c, g, args, node)


# -- the built-in names ---------------------------------------------------------------------------

def _field(name: str) -> Callable:
    return lambda w, g: f"st.{name}"


def _hand_name(f: hand.HandField) -> Name:
    """A hand field as a name of the language, read as runtime/hand.py says (a list, copied)."""
    src = hand.source(f)
    if f.type.has("list"):
        return Name(f.name, f.type, f.doc, lambda w, g: f"_list({src})", lambda w, g: src)
    return Name(f.name, f.type, f.doc, lambda w, g: src)


def _seats(w, g) -> str:
    return f"_list({w.const(tuple(range(g.n)))})"


def _active(w, g) -> str:
    return "_list(st.seating.active)"


def _active_items(w, g) -> str:
    return "st.seating.active"


NAMES: dict[str, Name] = {n.name: n for n in [
    Name("players", INT, "the number of players still in the match", _field("live")),
    Name("seats", SEAT_LIST, "every seat, in seat order", _seats,
         lambda w, g: w.const(tuple(range(g.n)))),
    Name("active", SEAT_LIST, "the seats still in the match, in seat order", _active, _active_items),
    Name("out", SEAT_LIST, "the seats out of the match", lambda w, g: "_out(st)"),
    Name("dealer", SEAT, "the dealer", _field("dealer")),
    Name("leader", SEAT, "the leader of the trick in play (the winner of the last one, between tricks)",
         _field("leader")),
    Name("hand_number", INT, "the number of the hand being played, from 1", _field("hand_number")),
    Name("partnerships", BOOL, "whether this match plays in partnerships (`teams:`, for its player count)",
         lambda w, g: "True" if g.n_teams < g.n else "False"),
    Name("suits", list_of(SUIT), "the four suits, `[S, H, D, C]`",
         lambda w, g: f"_list({w.const(('S', 'H', 'D', 'C'))})"),
    Name("trick", CARD_LIST, "the cards of the trick in progress, in play order",
         lambda w, g: "_trick_cards(st.trick)"),
    *(_hand_name(f) for f in READABLE.values()),
]}
