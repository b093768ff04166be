"""A deck of several packs (a shoe): the copies of a card are cards of their own — a move moves
that very copy, a seat remembers where that copy went — that print alike and that the language
takes to be the same card: `c == AS` holds for every ace of spades, `holds(hand(p), AS)` for any
of them, two of them in a hand are one answer (`play AS`).

Each copy's first copy is `same[card]` (runtime/cards.py `Deck.same`, None with one pack). The
compiled expressions of a shoe's game compare through `compare` (expr/compiler.py) and the
built-ins that look for or order cards through the functions below (lang/builtins.py); a game
of one pack never calls them.
"""
from __future__ import annotations

from ..expr.records import Record
from ..expr.values import EvalError, compare as compare_values
from .cards import CARDS, Card
from .helpers import seq


def first_copies(value, same):
    """`value` with every card, in lists too, its first copy: what the language compares."""
    kind = type(value)
    if kind is Card:
        return CARDS[same[value]]
    if kind is list or kind is tuple:
        return [first_copies(v, same) for v in value]
    if kind is Record:
        return Record(value.names, tuple(first_copies(v, same) for v in value.values))
    return value


def compare(op: str, x, y, same, span=None) -> bool:
    """x OP y (== != < <= > >= in, not in), the copies of a card taken for one card."""
    return compare_values(op, first_copies(x, same), first_copies(y, same), span)


def holds(xs, card, same) -> bool:
    return first_copies(card, same) in first_copies(seq(xs, "holds", None), same)


def position(xs, x, same, span):
    """Where x (any copy of it) first is in xs, from 0; none when it is not there."""
    want = first_copies(x, same)
    return next((i for i, y in enumerate(seq(xs, "index", span)) if first_copies(y, same) == want), None)


def unique(xs, same, span) -> list:
    """The items without repeats, a card's copies counted as one (the first met is kept)."""
    out, seen = [], []
    for x in seq(xs, "unique", span):
        key = first_copies(x, same)
        if key not in seen:
            seen.append(key)
            out.append(x)
    return out


def in_order(xs, same, span) -> list:
    """The items in increasing order, a copy where its first copy goes (the items themselves)."""
    xs = seq(xs, "sorted", span)
    keys = [first_copies(x, same) for x in xs]
    try:
        order = sorted(range(len(xs)), key=keys.__getitem__)
    except TypeError:
        raise EvalError("sorted cannot compare these values", span) from None
    return [xs[i] for i in order]


def extreme(pick, name: str):
    """min or max of a list, or of several values, a copy compared as its first copy."""
    def best(xs, same, span):
        xs = seq(xs, name, span)
        if not xs:
            return None
        keys = [first_copies(x, same) for x in xs]
        try:
            return xs[keys.index(pick(keys))]
        except TypeError:
            raise EvalError(f"{name} cannot compare {', '.join(map(str, xs[:2]))}", span) from None
    return best


smallest, largest = extreme(min, "min"), extreme(max, "max")


def distinct(actions: list, same) -> list:
    """Legal actions without repeats: two copies of a card played, laid or named are one
    action (the first listed is kept)."""
    out, seen = [], set()
    for a in actions:
        key = repr(first_copies(a, same))
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out
