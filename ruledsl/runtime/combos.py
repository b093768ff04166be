"""Combinations of cards as values: k-item sets, subsets, groups of a rank or a suit (melds and
the best split of a hand: runtime/melds.py; ranked hands: runtime/hands.py).

Functions over lists and the deck's per-card tables (`rank_of`, `suit_of`, `power`, indexed by
card), which the built-ins (lang/builtins/combinations.py) pass in as constants. Every result is a new list of new
lists in an order fixed by the deck (cards by id, which is the deck's order: suit by suit, ranks
as the pack lists them), never by the order the cards happen to lie in, so that action texts and
legal-action lists are canonical. A call that would list more than MAX_ITEMS values is an
EvalError at the call, never a hang or a MemoryError.
"""
from __future__ import annotations

from itertools import combinations as _combinations, groupby, product
from math import comb
from operator import itemgetter

from ..expr.values import MAX_ITEMS, EvalError, describe
from .helpers import cards, seq

def combinations(xs, k, span) -> list[list]:
    """Every k-item subset of xs, each in xs's order, in lexicographic order of positions."""
    xs = choosing(xs, k, span)
    return [list(c) for c in _combinations(xs, k)] if xs is not None else []


def choosing(xs, k, span):
    """xs as a list to take k of (None: there is no k-subset), or the located error."""
    xs = seq(xs, "combinations", span)
    if type(k) is not int:
        raise EvalError(f"combinations needs a whole number of items, not {describe(k)}", span)
    if k < 0 or k > len(xs):
        return None
    if comb(len(xs), k) > MAX_ITEMS:
        raise EvalError(f"combinations of {k} out of {len(xs)} items would be {comb(len(xs), k):,} lists, "
                        f"more than {MAX_ITEMS:,}", span, "combine fewer items (group them first: by_rank, by_suit)")
    return xs


def choose(xs, k, span, same=None, meld=None, poker=None, beat=None, tables=None) -> list[list]:
    """The k-item subsets of xs that `combinations(xs, k)` lists, in its order, leaving out only
    those that cannot be what the caller asks for (which it still tests on each): cards that
    all share `same[card]` (a card table); a meld (`meld`: meld_tables' result); a poker hand
    of class `poker` or higher, or of `beat`'s class or higher (a poker_rank list; `tables`:
    the power and printed-suit tables and the highest power). The plans of an ask's
    candidates (lang/steps/sources.py) call it."""
    if type(beat) is list and beat and type(beat[0]) is int:
        poker = beat[0] if poker is None else max(poker, beat[0])
    xs = choosing(xs, k, span)                 # combinations' errors, the same
    if xs is None:
        return []
    if same is None and poker is not None and type(poker) is int and \
            (k == 2 and poker >= 1 or k == 3 and poker >= 3 or k == 4 and poker >= 7):
        same = tables[0]                        # a pair, three or four of a kind: one power
    if same is not None:
        picks = _alike(range(len(xs)), [same[c] for c in xs], k)
    elif meld is not None:
        picks = _meld_picks(xs, k, meld)
    elif poker is not None and type(poker) is int and poker >= 4 and k == 5:
        picks = _poker_picks(xs, tables)
    else:
        return [list(c) for c in _combinations(xs, k)]
    return [[xs[i] for i in pick] for pick in sorted(picks)]


def _alike(positions, keys, k) -> list[tuple]:
    """The k-subsets of `positions` whose `keys` are one, as sorted tuples of positions."""
    groups: dict = {}
    for i in positions:
        groups.setdefault(keys[i], []).append(i)
    return [pick for group in groups.values() if len(group) >= k for pick in _combinations(group, k)]


def meld_tables(ranks, rank_of, suit_of) -> tuple:
    """What `choose` needs to know of melds in the rank order `ranks`: each card's place in the
    order (None: not in it), its rank and its printed suit."""
    place = {r: i for i, r in enumerate(ranks)}
    return tuple(place.get(r) for r in rank_of), rank_of, suit_of


def _meld_picks(xs, k, tables) -> set:
    """Sets of k cards of a rank, and runs of k cards of a suit in sequence (position tuples)."""
    place, rank_of, suit_of = tables
    picks = set(_alike(range(len(xs)), [rank_of[c] for c in xs], k))
    by_suit: dict = {}
    for i, c in enumerate(xs):
        if place[c] is not None:
            by_suit.setdefault(suit_of[c], {}).setdefault(place[c], []).append(i)
    for held in by_suit.values():
        for low in held:
            if all(low + j in held for j in range(k)):
                for pick in product(*(held[low + j] for j in range(k))):
                    picks.add(tuple(sorted(pick)))
    return picks


def _poker_picks(xs, tables) -> set:
    """Every five cards of xs that could be a straight or better (a straight, a flush, a full
    house, four of a kind): a superset of the hands of class 4 and up."""
    power, suit_of, highest = tables
    by_power: dict = {}
    by_suit: dict = {}
    for i, c in enumerate(xs):
        by_power.setdefault(power[c], []).append(i)
        by_suit.setdefault(suit_of[c], []).append(i)
    picks = set()
    windows = [list(range(top - 4, top + 1)) for top in range(5, highest + 1)]
    if highest > 5:
        windows.append([1, 2, 3, 4, highest])       # the highest also counts below the lowest
    for window in windows:
        if all(p in by_power for p in window):
            picks.update(tuple(sorted(pick)) for pick in product(*(by_power[p] for p in window)))
    for held in by_suit.values():
        picks.update(_combinations(held, 5))
    for three in by_power.values():
        if len(three) >= 3:
            for pair in by_power.values():
                if pair is not three and len(pair) >= 2:
                    picks.update(tuple(sorted(a + b)) for a in _combinations(three, 3) for b in _combinations(pair, 2))
        if len(three) >= 4:
            rest = [i for i in range(len(xs)) if i not in three]
            picks.update(tuple(sorted(a + (b,))) for a in _combinations(three, 4) for b in rest)
    return picks


def subsets(xs, span) -> list[list]:
    """Every subset of xs (the empty one first), by size, then in lexicographic order of positions."""
    xs = seq(xs, "subsets", span)
    if 2 ** len(xs) > MAX_ITEMS:
        raise EvalError(f"subsets of {len(xs)} items would be {2 ** len(xs):,} lists, more than {MAX_ITEMS:,}",
                        span, "subsets() takes at most 13 items; combinations(xs, k) lists those of one size")
    return [list(c) for k in range(len(xs) + 1) for c in _combinations(xs, k)]


def reverse(xs, span) -> list:
    return list(reversed(seq(xs, "reversed", span)))


def position(xs, x, span):
    """Where x first is in xs, from 0; none when it is not there."""
    xs = seq(xs, "index", span)
    return next((i for i, y in enumerate(xs) if y == x), None)


def by_key(xs, place, groups: int) -> list[list]:
    """The cards of xs grouped: `place[card]` is the place of its group (by rank or suit, in
    the order the groups are given), `groups` for a card in none (left out); the cards of each
    group in the deck's order; no empty group. Sorted and grouped in C, not card by card: a
    decision's path (the sets a player may lead)."""
    held = sorted(sorted(xs if type(xs) is list else cards(xs)), key=place.__getitem__)   # stable: deck order within
    if held and place[held[-1]] == groups:
        held = [c for c in held if place[c] < groups]
    return list(map(list, map(itemgetter(1), groupby(held, place.__getitem__))))


def places(key, order) -> tuple:
    """by_key's table: per card, the place of `key[card]` in `order` (len(order) if absent)."""
    at = {k: i for i, k in enumerate(order)}
    return tuple(at.get(k, len(order)) for k in key)
