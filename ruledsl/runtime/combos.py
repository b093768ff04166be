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

from collections import Counter
from itertools import combinations as _combinations, product
from operator import itemgetter
from math import comb

from ..expr.values import MAX_ITEMS, EvalError, describe
from . import fives
from .helpers import cards, seq

KEPT = 1 << 12            # the plays to beat whose passing powers a Chooser keeps, before starting afresh

def combinations(xs, k, span) -> list[list]:
    """Every k-item subset of xs, each in xs's order, in lexicographic order of positions."""
    xs = choosing(xs, k, span)
    return [list(c) for c in _combinations(xs, k)] if xs is not None else []


def _within(k: int) -> int:
    n = k
    while comb(n + 1, k) <= MAX_ITEMS:
        n += 1
    return n


# WITHIN[k]: the most items whose k-item combinations are not too many (MAX_ITEMS): a list of as
# few as that needs no check but its size (a Chooser's every call)
WITHIN = (MAX_ITEMS,) + tuple(_within(k) for k in range(1, 8))


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


class Chooser:
    """The k-item subsets of xs that `combinations(xs, k)` lists, in its order, leaving out only
    those that cannot be what one plan of an ask's candidates asks for (lang/steps/sources.py
    makes one for each place it chooses, with what is known when the program is compiled):
    cards that all share `same[card]` (a card table); a meld (`meld`: meld_tables' result); a
    poker hand of class `poker` or higher, or ranking above `beat` (a poker_rank list, given
    at each call; at least equal to it with `ties`). `tables` are the power and printed-suit
    tables and the highest power. The `same` test is exact; the meld test lets through more
    than melds; the poker tests are exact where `ranks` (the program's hands.Ranks of that
    order, without suits) is given, and let through more otherwise: the plan tests on each
    candidate only what the Chooser does not settle. Under five cards of one power are one
    rank: a group of them is ranked once, and left out whole when it does not beat."""

    def __init__(self, same=None, meld=None, poker=None, tables=None, ranks=None):
        self.same, self.meld, self.poker, self.tables, self.ranks = same, meld, poker, tables, ranks
        power = tables[0] if tables is not None else None
        # whether the cards that share `same` share their power
        self.one_power = same is not None and power is not None and \
            len(set(zip(same, power))) == len(set(same))
        # whether no two cards share a power and a suit (one pack): then five cards with a power
        # twice are never a flush, and a straight's cards are a flush only all of one suit
        held = [(p, suit) for p, suit in zip(power, tables[1]) if p is not None] if power is not None else None
        self.one_pack = held is not None and len(set(held)) == len(held)    # (None: a card of another deck)
        self._passing: dict = {}    # (k, least, beat, ties) -> the powers whose k of a kind pass
        self._kinds: dict = {}      # k -> [(power, rank of k cards of that power)]
        # counting (`counted`): each card's group of `same` and of power numbered, and the hand's
        # cards counted group by group in a list; the five-card hands' tables (`fives.count`)
        self._by_same = _numbered(same) if same is not None else None
        self._by_power = _numbered(power) if power is not None else None
        self.powers = len(set(p for p in power if p is not None)) if power is not None else 0
        # whether one card at a time passes by its power alone (a follow's single card, made at once)
        self.singles = same is not None and self.one_power and ranks is not None
        self._five_tables = fives.tables_of(tables) if self.one_pack else None

    def __repr__(self) -> str:           # (as compiled listings show it)
        given = [name for name in ("same", "meld", "tables", "ranks") if getattr(self, name) is not None]
        return f"Chooser({', '.join(given + ([f'poker={self.poker}'] if self.poker is not None else []))})"

    def __call__(self, xs, k, span, beat=None, ties=False) -> list[list]:
        return list(map(list, self.tuples(xs, k, span, beat, ties)))

    def offer(self, out, choice: int, xs, k, span, lazy: bool = False, beat=None, ties=False):
        """`out` with the answers `(choice, combination as a tuple)` of what `tuples` makes: an
        ask's answers where the Chooser settles all its `when:` asks of each (sources.py writes
        it as a block, like runtime/offered.py's `offer`, whose arguments it takes). With
        `lazy` (a random play-out's path, which draws one answer of the ask's) and no play to
        beat (a lead), the answers are counted where `counted` can, and made only when drawn:
        `out` becomes an Offered (runtime/offered.py) whose run is a `_Later`."""
        if k == 1 and self.singles and type(xs) is list and len(xs) <= WITHIN[1]:     # (as tuples makes them)
            power, passing = self.tables[0], self._powers_passing(1, self.poker, beat, ties)
            out += [(choice, (x,)) for x in xs if power[x] in passing]
            return out
        if lazy and beat is None:
            size = self.counted(xs, k)
            if size is not None:
                return offered.later(out, _Later(size, self, choice, xs, k, span)) if size else out
        out += [(choice, t) for t in self.tuples(xs, k, span, beat, ties)]
        return out

    def counted(self, xs, k) -> int | None:
        """How many combinations `tuples(xs, k)` makes (no play to beat), where that is known
        from the cards' groups without making them: k cards of one `same` (or of one power
        for a pair, three or four of a kind at least), each group counted whole where its
        power passes; the five-card hands of class 4 and up in a pack of one card of each power
        and suit (`fives.count`). None where it is not (they must be made to be counted), or where
        `tuples` would check its arguments (combinations' errors)."""
        if not (type(xs) is list and type(k) is int and 0 < k < len(WITHIN) and len(xs) <= WITHIN[k]):
            return None
        if k > len(xs):
            return 0
        poker, ranks = self.poker, self.ranks
        if self.same is not None or type(poker) is int and (k == 2 and poker >= 1 or k == 3 and poker >= 3 or
                                                            k == 4 and poker >= 7):
            # (as tuples: a pair, three or four of a kind by power where no `same` is given)
            numbered, one_power = (self._by_same, self.one_power) if self.same is not None else (self._by_power, True)
            if ranks is None:
                return len(xs) if k == 1 else sum(map(numbered[3][k].__getitem__, _counts(xs, numbered)))
            if not one_power or k > 4:
                return None
            passing = self._powers_passing(k, poker, None, False)
            if len(passing) == self.powers:         # (every group passes)
                return len(xs) if k == 1 else sum(map(numbered[3][k].__getitem__, _counts(xs, numbered)))
            power, firsts = self.tables[0], numbered[2]
            return sum(comb(n, k) for group, n in enumerate(_counts(xs, numbered))
                       if n >= k and power[firsts[group]] in passing)
        if self.meld is None and type(poker) is int and poker >= 4 and k == 5 and (poker <= 4 or ranks is None) \
                and self._five_tables is not None:
            return fives.count(xs, self._five_tables)
        return None

    def tuples(self, xs, k, span, beat=None, ties=False) -> list[tuple]:
        """The combinations that can pass, each a tuple of cards in xs's order, in
        `combinations`' order."""
        least = poker = self.poker
        if type(beat) is list and beat and type(beat[0]) is int:
            poker = beat[0] if poker is None else max(poker, beat[0])
        if not (type(xs) is list and type(k) is int and 0 <= k < len(WITHIN) and len(xs) <= WITHIN[k] and
                k <= len(xs)):
            xs = choosing(xs, k, span)             # combinations' errors, the same
            if xs is None:
                return []
        ranks, same, one_power = self.ranks, self.same, self.one_power
        if k == 0:                                  # one empty combination, whatever is asked
            picks = [()]
        elif same is not None or poker is not None and type(poker) is int and \
                (k == 2 and poker >= 1 or k == 3 and poker >= 3 or k == 4 and poker >= 7):
            if same is None:                        # a pair, three or four of a kind: one power
                same, one_power = self.tables[0], True
            if k == 1 and (ranks is None or not one_power):     # (each card is a group of its own)
                return [(x,) for x in xs] if ranks is None else \
                    [(x,) for x in xs if fives.passes(ranks.of_cards((x,)), least, beat, ties)]
            if ranks is None:
                return _made(xs, sorted(pick for group in _grouped(xs, same) if len(group) >= k
                                        for pick in _combinations(group, k)), k)
            if k <= 4 and one_power:                # a group of one power passes whole, or not at all
                passing = self._powers_passing(k, least, beat, ties)
                if not passing:
                    return []
                power = self.tables[0]
                if k == 1:                          # (each card is a group of its own)
                    return [(x,) for x in xs if power[x] in passing]
                picks = []
                for group in _grouped(xs, same):
                    if len(group) >= k and power[xs[group[0]]] in passing:
                        picks += _combinations(group, k)
                return _made(xs, sorted(picks), k)
            picks = []
            for group in _grouped(xs, same):
                picks += (pick for pick in (_combinations(group, k) if len(group) >= k else ())
                          if fives.passes(ranks.of_cards([xs[i] for i in pick]), least, beat, ties))
            return _made(xs, sorted(picks), k)
        elif self.meld is not None:
            picks = sorted(_meld_picks(xs, k, self.meld))
        elif poker is not None and type(poker) is int and poker >= 4 and k == 5:
            if least is not None and least <= 4:
                least = None                        # (the hands of class 4 and up, exactly)
            if ranks is not None and self.one_pack and (least is not None or beat is not None):
                bar = fives.Bar(ranks, xs, least, beat, ties)
                return _made(xs, sorted(fives.picks(xs, self.tables, bar)), k)
            picks = sorted(fives.picks(xs, self.tables))
        else:
            picks = _combinations(range(len(xs)), k)
        made = _made(xs, picks, k)
        if ranks is None or least is None and beat is None:
            return made
        return [pick for pick in made if fives.passes(ranks.of_cards(pick), least, beat, ties)]


    def _powers_passing(self, k: int, least, beat, ties: bool) -> frozenset:
        """The powers whose k cards of a kind (k <= 4: no straight, no flush; their rank is the
        class of k of a kind, then the power) rank of class `least` and up and above `beat` (or
        equal, `ties`): each size's ranks are made once, power by power, and the powers that pass
        found once for each play to beat."""
        key = (k, least, None if beat is None else tuple(beat), ties)
        found = self._passing.get(key)
        if found is None:
            kinds = self._kinds.get(k)
            if kinds is None:
                seen: dict = {}
                for card, p in enumerate(self.tables[0]):
                    if p is not None:               # (a card of another deck)
                        seen.setdefault(p, card)
                kinds = self._kinds[k] = [(p, self.ranks.of_cards([card] * k)) for p, card in seen.items()]
            found = frozenset(p for p, rank in kinds if fives.passes(rank, least, beat, ties))
            if len(self._passing) >= KEPT:
                self._passing.clear()
            self._passing[key] = found
        return found


class _Later:
    """A Chooser's answers to one call, counted (`size`), made the first time one is asked for:
    a run of an Offered (runtime/offered.py's `later`), the answers `tuples` would have made."""

    __slots__ = ("size", "chooser", "choice", "xs", "k", "span", "made")

    def __init__(self, size: int, chooser: Chooser, choice: int, xs, k: int, span):
        self.size, self.chooser, self.choice, self.xs, self.k, self.span = size, chooser, choice, xs, k, span
        self.made = None

    def answer(self, i: int) -> tuple:
        if self.k == 1 and self.size == len(self.xs):       # every card, in order (a lead's singles)
            return self.choice, (self.xs[i],)
        return self.answers()[i]

    def answers(self) -> list[tuple]:
        if self.made is None:
            choice = self.choice
            self.made = [(choice, t) for t in self.chooser.tuples(self.xs, self.k, self.span)]
        return self.made


def _numbered(table) -> tuple:
    """(each card's value of `table` numbered from 0, how many values, a card of each value,
    and for each k < len(WITHIN) the k-combinations of n cards for each n up to the most cards
    of one value: a group's count read, not worked out)."""
    numbers: dict = {}
    firsts = []
    for card, value in enumerate(table):
        if value not in numbers:
            numbers[value] = len(firsts)
            firsts.append(card)
    most = max(Counter(table).values(), default=0)
    return tuple(numbers[value] for value in table), len(firsts), tuple(firsts), \
        tuple(tuple(comb(n, k) for n in range(most + 1)) for k in range(len(WITHIN)))


_COUNTED = (None, (), [])   # the last list counted: (numbered table, its cards, counts) — one tuple, replaced whole


def _counts(xs: list, numbered: tuple) -> list[int]:
    """How many cards of xs have each value of a `_numbered` table (the last list's kept: a
    lead counts one hand's pairs, then its threes)."""
    global _COUNTED
    last, held = _COUNTED, tuple(xs)
    if last[1] == held and last[0] is numbered:
        return last[2]
    number, found = numbered[0], [0] * numbered[1]
    for x in held:
        found[number[x]] += 1
    _COUNTED = (numbered, held, found)
    return found


def _made(xs, picks, k: int) -> list[tuple]:
    """The cards of xs at each pick's positions, as tuples (k of them; an itemgetter of two or
    more gives them at once)."""
    if k < 2:
        return [tuple([xs[i] for i in pick]) for pick in picks]
    return [itemgetter(*pick)(xs) for pick in picks]


def _groups(positions, keys, k) -> list[list]:
    """`positions` grouped by their `keys`, the groups of at least k."""
    groups: dict = {}
    for i in positions:
        groups.setdefault(keys[i], []).append(i)
    return [group for group in groups.values() if len(group) >= k]


_LAST = (None, (), [])     # the last list grouped: (table, its cards, its groups) — one tuple, replaced whole


def _grouped(xs: list, table) -> list[list]:
    """The positions of xs grouped by `table[card]` (groups in the order first met), the last
    list's kept: a lead asks one hand for pairs, then for threes, by one table."""
    global _LAST
    last, held = _LAST, tuple(xs)
    if last[1] == held and last[0] is table:
        return last[2]
    groups: dict = {}
    for i, c in enumerate(held):
        groups.setdefault(table[c], []).append(i)
    found = list(groups.values())
    _LAST = (table, held, found)
    return found


def _alike(positions, keys, k) -> list[tuple]:
    """The k-subsets of `positions` whose `keys` are one, as tuples of positions, in order."""
    return sorted(pick for group in _groups(positions, keys, k) for pick in _combinations(group, k))


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


def by_key(xs, key, order) -> list[list]:
    """The cards of xs grouped by `key[card]`, groups in the order of `order` (a list of keys),
    cards in each group in the deck's order; empty groups left out."""
    groups: dict = {}
    for c in sorted(xs if type(xs) is list else cards(xs)):
        groups.setdefault(key[c], []).append(c)
    return list(map(groups.__getitem__, filter(groups.__contains__, order)))    # (in C: a decision's path)


KEPT_GROUPINGS = 32        # the hands a kept grouping remembers (emptied when full: few, so that what it
                           # holds dies young, for the collector)


def kept_by_key(key, order):
    """by_key for one `key` and `order` (a program's by_rank or by_suit), its answers kept by
    the cards given: a hand asked again unchanged (its holder passed, or is asked twice in one
    turn) is grouped once. The groups handed out are shared: nothing changes a built-in's list
    in place (a move or a counter takes a copy)."""
    kept: dict = {}

    def grouped(xs):
        if type(xs) is not list:
            return by_key(xs, key, order)
        held = tuple(xs)
        try:
            groups = kept.get(held)
        except TypeError:                  # not cards: by_key says what is wrong
            return by_key(xs, key, order)
        if groups is None:
            if len(kept) >= KEPT_GROUPINGS:
                kept.clear()
            groups = kept[held] = by_key(xs, key, order)
        return groups
    return grouped


from . import offered     # (last: offered.py imports this module's `choosing`)
