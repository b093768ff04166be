"""Five-card poker hands of a list of cards, of class 4 and up (a straight, a flush, a full
house, four of a kind, a straight flush, as hands.poker_rank ranks them): made as positions,
tested against a bar by their shapes (`picks`), or counted without being made (`count`) — what a
combos.Chooser asks of a climbing game's five-card plays.
"""
from __future__ import annotations

import functools
from itertools import combinations as _combinations, product, starmap
from math import comb
from operator import add


def passes(rank: list, least, beat, ties: bool) -> bool:
    """Whether a poker rank is of class `least` or higher and above `beat` (or equal, `ties`)."""
    return (least is None or rank[0] >= least) and (beat is None or rank > beat or ties and rank == beat)


class Bar:
    """What a five-card pick must rank at or above to be made (class `least` and up, above `beat`
    or equal to it with `ties`), tested by the pick's category first where that is known: in a
    pack with one card of each power and suit, the cards of a straight window not all of one
    suit are a straight (4), three and two of two powers a full house (6), four and a kicker
    four of a kind (7), five in sequence of one suit a straight flush (8), and five of a suit a
    flush (5) or a straight flush. A pick of a category above the bar's passes unranked, one
    below it fails; only those of its category are ranked."""

    def __init__(self, ranks, xs, least, beat, ties: bool):
        self.ranks, self.xs, self.least, self.beat, self.ties = ranks, xs, least, beat, ties
        known = beat is None or type(beat) is list and beat and type(beat[0]) is int
        above = -1 if beat is None else beat[0] if known else None     # (None: no category known)
        self.low = None if above is None else max(above, -1 if least is None else least)
        self.over = None if above is None else max(above + 1, -1 if least is None else least)

    def may(self, category: int) -> bool:
        """Whether a pick of `category` may pass."""
        return self.low is None or category >= self.low

    def sure(self, category: int) -> bool:
        """Whether every pick of `category` passes."""
        return self.over is not None and category >= self.over

    def passes(self, pick, category: int | None = None) -> bool:
        if category is not None and (self.sure(category) or not self.may(category)):
            return self.sure(category)
        return passes(self.ranks.of_cards([self.xs[i] for i in pick]), self.least, self.beat, self.ties)


def picks(xs, tables, bar: Bar | None = None) -> set:
    """Every five cards of xs that are a straight or better (a straight, a flush, a full house,
    four of a kind): the hands of class 4 and up, as hands.poker_rank ranks them with these
    tables. With `bar` (in a pack with one card of each power and suit), only those that clear
    it: a category the bar rules out is not looked for, and the picks of one shape rank alike —
    the cards of a straight window not all of one suit, a full house of two given powers, four
    of a kind with a kicker of a given power — so each shape is tested once, on one of its
    picks, and kept or left out whole; where only straight flushes may pass among the flushes,
    a suit's straights are tested, not its every five cards."""
    power, suit_of, highest = tables
    by_power: dict = {}
    by_suit: dict = {}
    for i, c in enumerate(xs):
        by_power.setdefault(power[c], []).append(i)
        by_suit.setdefault(suit_of[c], []).append(i)
    picks = set()
    held = 0
    for p in by_power:
        held |= 1 << p if type(p) is int and p >= 0 else 0
    if bar is None or bar.may(4):
        for mask, window in straights(highest):
            if held & mask == mask:
                groups = [by_power[p] for p in window]
                if bar is None or _mixed_passes(xs, groups, suit_of, bar):
                    picks.update(map(tuple, map(sorted, product(*groups))))
    for suited in by_suit.values():
        if len(suited) < 5:
            continue
        if bar is None or bar.sure(5):
            picks.update(_combinations(suited, 5))
        elif bar.may(5):                            # a flush against a flush: ranked
            picks.update(pick for pick in _combinations(suited, 5) if bar.passes(pick))
        elif bar.may(8):                            # only a straight flush may pass
            at = {power[xs[i]]: i for i in suited}
            lined = sum(1 << p for p in at if type(p) is int and p >= 0)
            for mask, window in straights(highest):
                if lined & mask == mask:
                    pick = tuple(sorted(at[p] for p in window))
                    if bar.passes(pick, 8):
                        picks.add(pick)
    for three in by_power.values():
        if len(three) >= 3 and (bar is None or bar.may(6)):
            for pair in by_power.values():
                if pair is not three and len(pair) >= 2 and (bar is None or bar.passes(three[:3] + pair[:2], 6)):
                    picks.update(map(tuple, map(sorted, starmap(add, product(_combinations(three, 3),
                                                                             _combinations(pair, 2))))))
        if len(three) >= 4 and (bar is None or bar.may(7)):
            for kicker in by_power.values():
                if kicker is not three and (bar is None or bar.passes(three[:4] + kicker[:1], 7)):
                    picks.update(map(tuple, map(sorted, starmap(add, product(_combinations(three, 4),
                                                                             _combinations(kicker, 1))))))
    return picks


def _mixed_passes(xs, groups, suit_of, bar: Bar) -> bool:
    """Whether the straights of `groups` (the positions of each power of a window) that are not
    all of one suit clear the bar (they rank alike); False when there are none (those of one
    suit, straight flushes, are found among the flushes)."""
    mixed = [group[0] for group in groups]
    first = suit_of[xs[mixed[0]]]
    other = next(((j, i) for j, group in enumerate(groups) for i in group if suit_of[xs[i]] != first), None)
    if other is None:
        return False
    mixed[other[0]] = other[1]
    return bar.passes(mixed, 4)


@functools.cache
def straights(highest: int) -> tuple:
    """(the powers as bits, the powers) of each five-card straight below `highest`."""
    windows = [list(range(top - 4, top + 1)) for top in range(5, highest + 1)]
    if highest > 5:
        windows.append([1, 2, 3, 4, highest])       # the highest also counts below the lowest
    return tuple((sum(1 << p for p in window), window) for window in windows)


def tables_of(tables) -> tuple | None:
    """What `count` reads of a deck (`tables`: powers, printed suits, the highest power): each
    card's power (highest + 1 for a card without one: another deck's), its power as a bit, its
    suit numbered, how many suits, the straights; None where a power is not a whole number
    from 0 to the highest."""
    power, suit_of, highest = tables
    if not all(p is None or type(p) is int and 0 <= p <= highest for p in power):
        return None
    power = tuple(highest + 1 if p is None else p for p in power)
    numbers: dict = {}
    suit_number = tuple(numbers.setdefault(suit, len(numbers)) for suit in suit_of)
    return power, tuple(1 << p for p in power), suit_number, len(numbers), highest, straights(highest)


def count(xs: list, five_tables: tuple) -> int | None:
    """How many five-card hands of class 4 and up `picks` finds in xs, in a pack of one
    card of each power and suit, counted from the hand's powers and suits: the straights (the
    product of each window's counts of its powers), the flushes (five of a suit's n) less the
    straight flushes (counted in both), the full houses (three of a power, two of another) and
    the fours of a kind (with any other card). None where a card has no power or one is
    there twice."""
    n = len(xs)
    if n < 5:
        return 0
    power, bit, suit_number, suits, highest, windows = five_tables
    counts, lined = [0] * (highest + 2), [0] * suits
    for x in xs:
        counts[power[x]] += 1
        lined[suit_number[x]] |= bit[x]
    suited = [powers.bit_count() for powers in lined]       # (one card of a power in a suit)
    if counts[-1] or sum(suited) != n:          # (a card without a power, or one card twice: made)
        return None
    held = 0
    for powers in lined:
        held |= powers
    total = 0
    for mask, (a, b, c, d, e) in windows:
        if held & mask == mask:
            total += counts[a] * counts[b] * counts[c] * counts[d] * counts[e]
    for powers, suited in zip(lined, suited):
        if suited >= 5:
            total += comb(suited, 5)
            for mask, _ in windows:
                if powers & mask == mask:
                    total -= 1
    pairs = 0
    for m in counts:
        if m >= 2:
            pairs += comb(m, 2)
    if pairs:
        for m in counts:
            if m >= 3:
                total += comb(m, 3) * (pairs - comb(m, 2))
                if m >= 4:
                    total += comb(m, 4) * (n - m)
    return total
