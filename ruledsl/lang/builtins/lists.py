"""The generic built-in functions: numbers and lists (they read nothing of the game, so an
option's default may call them)."""
from __future__ import annotations

from typing import Callable

import attrs

from ...expr import values
from ...expr.codegen import Frag
from ...runtime import combos, helpers
from ...expr.types import A_LIST, A_NUMBER, ANY, BOOL, INT, NONE, NUMBER, WHOLE, list_of
from .base import ANY_ARGS, Function, helper, item_or_none, list_of_items, same_list, spanned


def _many(fn: Callable, gives: Callable, keeps: str):
    """min/max of a list, of several values, or of a generator; of two whole numbers, compared
    inline (`keeps`: the operator under which the first is the answer)."""
    def emit(c, g, args, node):
        span = c.span_const(node)
        joined = NONE
        for a in args:
            joined = joined | a.type
        if len(args) == 2 and all(a.type.within("int", "fraction", "none") for a in args):  # (nothing: unknown yet)
            a, b = (c.src(c.atom(x)) for x in args)
            # typed as the helper's answer: a counter given it keeps its type, and with it the
            # observation tensor's layout (docs/rl.md). A value that may be other than a whole
            # number (a counter that may be none, `due - got`) is tested at play time; the
            # helper works out any other (and says what is wrong with it)
            inline = f"({a} if {a} {keeps} {b} else {b})"
            loose = [s for s, x in zip((a, b), args) if not x.type.within("int")]
            if loose:
                test = " and ".join(f"_type({s}) is _int" for s in loose)
                inline = f"({inline} if {test} else {c.call(fn, f'[{a}, {b}]', span)})"
            return Frag(src=inline, type=joined)
        if len(args) > 1:
            items = f"[{', '.join(c.src(a) for a in args)}]"
            return Frag(src=c.call(fn, items, span), type=joined)
        return Frag(src=c.call(fn, c.src(args[0]), span), type=gives(args[0].type))
    return emit


def _range(c, g, args, node):
    """range(n), range(a, b): a checked list of whole numbers; looped over (`items`), Python's
    own range where the compiler knows that the bounds are whole numbers at most MAX_ITEMS
    apart (`range(1, len(g) + 1)`: a literal start, an end no larger than a list's size)."""
    start = 0 if len(args) == 1 else args[0].const[0] if args[0].const is not None else None
    high = c.largest(args[-1])
    known = type(start) is int and high is not None and high - start <= values.MAX_ITEMS
    loose = known and not args[-1].type.only("int")     # an end that may be none: tested at play time
    if loose:
        args = [*args[:-1], c.atom(args[-1])]
    frag = Frag(src=c.call(helpers.whole_numbers, f"({', '.join(c.src(a) for a in args)},)", c.span_const(node)),
                type=list_of(INT))
    if not known:
        return frag
    items = f"_range({', '.join(c.src(a) for a in args)})"
    return attrs.evolve(frag, items=f"({items} if _type({c.src(args[-1])}) is _int else {frag.src})" if loose else items)


def _sum(c, g, args, node):
    """sum(xs): of a list of whole numbers, Python's own sum (in C, and a whole number: the
    counters it is given stay typed as whole numbers); else the checking helper. Items typed as
    nothing yet (a counter whose type is being inferred: program.py) add up to 0, a whole number."""
    xs = args[0].type
    if xs.only("list") and xs.item is not None and xs.item.kinds <= {"int"}:
        return Frag(src=f"_sum({c.src(args[0])})", type=INT)
    return helper(helpers.total, NUMBER)(c, g, args, node)


def _count(c, g, args, node):
    if args[0].counted is not None:
        return Frag(src=args[0].counted, type=INT)
    x = c.src(c.atom(args[0]))
    if args[0].type.only("list"):
        return Frag(src=f"_len({x})", type=INT, length_of=x)
    return Frag(src=f"(_len({x}) if _type({x}) is _list else {c.call(helpers.count, x, c.span_const(node))})",
                type=INT)



def _end(fn: Callable, at: int):
    """first/last: of what is typed as a list, read inline; of a zone of the table or a steady
    value, read once before an expression's loops (`last(discard)` in a loop over the pile),
    since nothing changes while an expression is worked out; else the checking helper. A
    zone's card keeps the zone as its origin (a move takes it from there)."""
    def emit(c, g, args, node):
        xs = args[0]
        if not xs.type.only("list"):
            return helper(fn, item_or_none)(c, g, args, node)
        if xs.steady or (xs.zone is not None and xs.zone.isdigit()):
            return c.steady(Frag(src=_read_end(xs.src, at), type=item_or_none(xs.type), steady=True, origin=xs.zone))
        x = c.src(c.atom(xs))
        return Frag(src=f"({x}[{at}] if {x} else None)", type=item_or_none(xs.type), origin=xs.zone)
    return emit


def _read_end(xs: str, at: int) -> str:
    return f"({xs}[{at}] if {xs} else None)"


def last_of(zone: str) -> str:
    """The source `last(Z)` of zone index `zone` reads as, as written above: a move of it knows
    the card is the zone's last (compile/moves.py move_last)."""
    return _read_end(f"st.zones[{zone}]", -1)


def _floor(c, g, args, node):
    if args[0].floored is not None:
        return Frag(src=args[0].floored, type=INT)
    return helper(values.floor, INT)(c, g, args, node)


FUNCTIONS = [
    Function("floor", (("x", A_NUMBER),), INT, "rounded down, exactly", _floor, game=False),
    Function("ceil", (("x", A_NUMBER),), INT, "rounded up, exactly", helper(values.ceil, INT), game=False),
    Function("abs", (("x", A_NUMBER),), NUMBER, "without its sign", helper(helpers.absolute, NUMBER),
             game=False),
    Function("min", (("xs", A_LIST),), item_or_none,
             "the smallest item of a list, or of several values (none for an empty list)",
             _many(helpers.smallest, item_or_none, "<="), "may", ANY_ARGS, game=False),
    Function("max", (("xs", A_LIST),), item_or_none,
             "the largest item of a list, or of several values (none for an empty list)",
             _many(helpers.largest, item_or_none, ">="), "may", ANY_ARGS, game=False),
    Function("sum", (("xs", A_LIST),), NUMBER, "the total of a list of numbers",
             _sum, "may", game=False),
    Function("count", (("xs", A_LIST),), INT,
             "the number of items (over a generator: of the values that are not false or none)",
             _count, "may", game=False),
    Function("len", (("xs", A_LIST),), INT, "the number of items of a list, or characters of a text",
             _count, "may", game=False),
    Function("any", (("xs", A_LIST),), BOOL, "whether some item is true (a generator stops at the first)",
             helper(helpers.any_true, BOOL), "may", game=False),
    Function("all", (("xs", A_LIST),), BOOL, "whether every item is true (a generator stops at the first false)",
             helper(helpers.all_true, BOOL), "may", game=False),
    Function("sorted", (("xs", A_LIST),), list_of_items, "the items in increasing order",
             helper(helpers.in_order, list_of_items), "may", game=False),
    Function("unique", (("xs", A_LIST),), list_of_items, "the items without repeats, in order",
             helper(helpers.unique, list_of_items), "may", game=False),
    Function("range", (("a", WHOLE), ("b", WHOLE)), list_of(INT),
             "the whole numbers from 0 to a - 1, or with two arguments from a to b - 1 (at most 10,000)",
             _range, arity=(1, 2), game=False),
    Function("first", (("xs", A_LIST),), item_or_none, "the first item (none for an empty list)",
             _end(helpers.first, 0), "may", game=False),
    Function("last", (("xs", A_LIST),), item_or_none, "the last item (none for an empty list)",
             _end(helpers.last, -1), "may", game=False),
    Function("argmax", (), same_list, "the x values for which e is highest, every tie: "
             "`argmax(points(won(p)) for p in active)`", helper(helpers.argmax, same_list), "must", game=False),
    Function("argmin", (), same_list, "the x values for which e is lowest, every tie",
             helper(helpers.argmin, same_list), "must", game=False),
    Function("reversed", (("xs", A_LIST),), list_of_items, "the items in the opposite order",
             spanned(combos.reverse, list_of_items), game=False),
    Function("index", (("xs", A_LIST), ("x", ANY)), INT | NONE,
             "where x first is in xs, counting from 0 (none when it is not there)",
             spanned(combos.position, INT | NONE), game=False),
]
