"""Combinations of cards as values: k-item sets, subsets, groups of a rank or a suit, melds (sets
and runs) and the best split of a hand into melds (ranked hands: runtime/hands.py).

Functions over lists and the deck's per-card tables (`rank_of`, `suit_of`, `power`, indexed by
card), which the built-ins (lang/builtins/combinations.py) pass in as constants; the melds of one
rank order are a MeldRules, made once per program and order. Every result is a new list of new
lists in an order fixed by the deck (cards by id, which is the deck's order: suit by suit, ranks
as the pack lists them), never by the order the cards happen to lie in, so that action texts and
legal-action lists are canonical. A call that would list more than MAX_ITEMS values is an
EvalError at the call, never a hang or a MemoryError.
"""
from __future__ import annotations

from itertools import combinations as _combinations, product
from math import comb

from ..expr.values import MAX_ITEMS, EvalError, describe
from .cards import Card
from .helpers import cards, seq

MAX_WORK = 1_000_000      # best_melds: the steps of its search (a hand of 20 cards takes a few thousand)
SPLITS = 1 << 16          # best_melds: the splits kept, by their cards, before starting afresh


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


def by_key(xs, key, order) -> list[list]:
    """The cards of xs grouped by `key[card]`, groups in the order of `order` (a list of keys),
    cards in each group in the deck's order; empty groups left out."""
    groups: dict = {}
    for c in sorted(cards(xs)):
        groups.setdefault(key[c], []).append(c)
    return [groups[k] for k in order if k in groups]


# -- melds ---------------------------------------------------------------------------------------

class MeldRules:
    """Sets and runs in one rank order, for one deck: the tables melds(), is_meld() and
    best_melds() read, made once (the built-ins pass one as a constant), and the best splits
    found so far, by the cards split."""

    def __init__(self, ranks, rank_of, suit_of, suits, points=None):
        order = {r: i for i, r in enumerate(ranks)}
        self.ranks, self.rank_of, self.suit_of, self.suits = tuple(ranks), rank_of, suit_of, tuple(suits)
        self.place = tuple(order.get(r) for r in rank_of)         # a card's rank's place, None if not in the order
        self.points = points
        self._melds = None                                        # every meld of the deck, made when first split
        self._at = None
        self.splits: dict = {}

    def melds(self, xs) -> list[list]:
        """Every set (three or more cards of a rank in the order) and run (three or more of a
        suit whose ranks follow each other in the order) among xs: sets by rank in the order,
        k cards before k + 1, then runs by suit and lowest rank, shortest first."""
        place, suit_of = self.place, self.suit_of
        groups: dict = {}
        for c in sorted(cards(xs)):
            if place[c] is not None:
                groups.setdefault(place[c], []).append(c)
        out: list[list] = []
        for p in sorted(groups):
            group = groups[p]
            for k in range(3, len(group) + 1):
                out += [list(m) for m in _combinations(group, k)]
        held: dict = {}
        for c in set(cards(xs)):
            if place[c] is not None:
                held.setdefault(suit_of[c], []).append(c)
        for suit in self.suits:
            line = sorted(held.get(suit, ()), key=place.__getitem__)
            for start in range(len(line) - 2):
                end = start + 1
                while end < len(line) and place[line[end]] == place[line[end - 1]] + 1:
                    end += 1
                    if end - start >= 3:
                        out.append(line[start:end])
        return out

    def is_meld(self, xs) -> bool:
        """Whether xs, as a whole, is one set or one run (see melds). Each card's rank, suit and
        place are read once, in C (a lay-off tests every card held against every meld laid)."""
        if type(xs) is not list:
            xs = list(cards(xs))
        n = len(xs)
        if n < 3 or len(set(xs)) != n:
            return False
        if len(set(map(self.rank_of.__getitem__, xs))) == 1:
            return True
        if len(set(map(self.suit_of.__getitem__, xs))) != 1:
            return False
        places = list(map(self.place.__getitem__, xs))
        if None in places:
            return False
        places.sort()                   # distinct cards of one suit: distinct places
        return places[-1] - places[0] == n - 1

    def best(self, xs, span) -> list[list]:
        """The melds, no card in two, that leave the fewest points outside them; among equal
        splits, the one melding more cards, then the first found in melds() order. An exact
        search over the cards, each step leaving the lowest free card out or melding it with a
        meld holding it, memoised on the cards still free. A hand's split is kept, by its cards
        (`splits`): asked again for the same cards (the scoring reads a hand's deadwood more than
        once; a player may hold the same cards from one decision to the next), it is not sought
        again."""
        key = frozenset(cards(xs))
        chosen = self.splits.get(key)
        if chosen is None:
            if self._melds is None:
                self._deck_melds()
            hand, lines = self._held(key)
            if any((hand & mask).bit_count() >= 3 for mask in self._ranks) or \
                    any(line & line >> 1 & line >> 2 for line in lines):
                chosen = self._split(hand, lines, span)
            else:
                chosen = ()                     # no three of a rank, no three in sequence: no meld
            if len(self.splits) >= SPLITS:
                self.splits.clear()
            self.splits[key] = chosen
        return [list(self._melds[i][0]) for i in chosen]

    def _split(self, hand: int, lines: list, span) -> tuple:
        """The melds' indices (in melds() order) of the best split of the cards of `hand`
        (`lines`: each suit's places held, as bits)."""
        melds = self._melds
        inside = self._inside(hand, lines)
        holding = {}                            # each card's melds among the hand's, in melds() order
        free = hand
        while free:
            low = free & -free
            free ^= low
            holding[low] = [i for i in inside if melds[i][1] & low]
        memo: dict = {}
        work = [0]

        def best(free: int):
            """(points melded, cards melded, the melds' indices) for the cards in `free`."""
            found = memo.get(free)
            if found is not None:
                return found
            if not free:
                return (0, 0, ())
            low = free & -free
            holds = holding[low]
            work[0] += 1 + len(holds)
            if work[0] > MAX_WORK:
                raise EvalError(f"best_melds would weigh more than {MAX_WORK:,} ways to split {hand.bit_count()} "
                                "cards", span, "split a hand, not a whole pack: a hand of 20 cards takes a small part "
                                "of that")
            result = best(free & ~low)                           # the lowest card stays out
            for i in holds:
                _, mask, value = melds[i]
                if mask & free == mask:
                    p, n, chosen = best(free & ~mask)
                    if (p + value[0], n + value[1]) > result[:2]:
                        result = (p + value[0], n + value[1], (i,) + chosen)
            memo[free] = result
            return result

        return tuple(sorted(best(hand)[2]))

    def _held(self, key) -> tuple[int, list]:
        """The cards of `key` (distinct) as bits, and each suit's places held as bits."""
        hand, lines, bits, lined = 0, [0] * len(self.suits), self._bits, self._lined
        for c in key:
            hand |= bits[c]
            if lined[c] is not None:
                lines[lined[c][0]] |= lined[c][1]
        return hand, lines

    def _inside(self, hand: int, lines: list) -> list[int]:
        """The indices (in melds() order) of the deck's melds made of cards of `hand` alone,
        found from the hand's ranks and suits (a few), not by testing every meld that holds one
        of its cards (some fifty a card in a 52-card pack)."""
        if self._at is None:                    # two cards at one place of a suit: every meld tested
            return sorted({i for c in range(hand.bit_length()) if hand >> c & 1 for i in self._holding[c]
                           if self._melds[i][1] & hand == self._melds[i][1]})
        index, found = self._index, []
        for mask in self._ranks:                # sets: every three or more of the rank's cards held
            held = mask & hand
            if held.bit_count() >= 3:
                sub = held
                while sub:
                    if sub.bit_count() >= 3:
                        found.append(index[sub])
                    sub = (sub - 1) & held
        for at, line in zip(self._at, lines):   # runs: every three or more places in a row
            while line & line >> 1 & line >> 2:
                start = (line & -line).bit_length() - 1
                mask, place = 0, start
                while line >> place & 1:
                    mask |= at[place]
                    if place - start >= 2:
                        found.append(index[mask])
                    place += 1
                line &= ~(1 << start)
        found.sort()
        return found

    def _deck_melds(self) -> None:
        """Every meld the deck holds, in melds() order (its cards, its mask, its value: points
        then cards); for each card, the melds that hold it, in that order; each rank's cards and
        each suit's (with the bit of its place in the order), as masks, for _can_meld."""
        deck = [Card(c) for c in range(len(self.rank_of)) if self.place[c] is not None]
        points = self.points
        self._melds = [(tuple(m), sum(1 << c for c in m), (points(list(m)) if points else 0, len(m)))
                       for m in self.melds(deck)]
        self._holding = [[] for _ in range(len(self.rank_of))]
        for i, (m, _, _) in enumerate(self._melds):
            for c in m:
                self._holding[c].append(i)
        ranks: dict = {}
        for c in deck:
            ranks[self.rank_of[c]] = ranks.get(self.rank_of[c], 0) | 1 << c
        self._ranks = tuple(ranks.values())
        self._bits = tuple(1 << c for c in range(len(self.rank_of)))
        suits = {s: i for i, s in enumerate(self.suits)}
        self._lined = tuple((suits[self.suit_of[c]], 1 << self.place[c])
                            if self.place[c] is not None and self.suit_of[c] in suits else None
                            for c in range(len(self.rank_of)))
        self._index = {mask: i for i, (_, mask, _) in enumerate(self._melds)}
        self._at = [[0] * len(self.ranks) for _ in self.suits]      # each suit's card at each place, as a bit
        for c in deck:
            if self._lined[c] is not None:
                suit, place = self._lined[c][0], self.place[c]
                if self._at is not None and self._at[suit][place]:
                    self._at = None             # (not one card a place: _inside tests every meld)
                elif self._at is not None:
                    self._at[suit][place] = 1 << c

