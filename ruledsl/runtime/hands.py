"""Ranked hands: a hand of cards as a list that compares the way poker ranks hands, in the rank
order the game names (a card's power: 1 for the lowest rank of that order), with ties broken by
a suit order if the game has one; and the best k cards of a hand by that ranking.

    poker_rank(xs)                          the category, then the powers that break ties
    poker_rank(xs, 'climbing', [S, H, C, D]) in deck.orders.climbing, then the suits, high to low
    best_hand(hand(p) + board, 5)           the five of the seven that rank highest

A rank is [category, the tie-breaking powers…, then (with suits) the suits' places…]: lists
compare item by item, so the higher list is the better hand (lang/builtins/hands.py).
"""
from __future__ import annotations

import itertools
import math

from ..expr.values import EvalError
from .helpers import cards

KEPT = 1 << 16            # the ranks a Ranks keeps, by their cards, before starting afresh
KEYED = 16                # ... of hands of at most this many cards (KEPT long keys would hold much memory)
CATEGORIES = ("high card", "pair", "two pairs", "three of a kind", "straight", "flush", "full house",
              "four of a kind", "straight flush")
MAX_HANDS = 10_000        # the hands best_hand compares, as for combinations()


def poker_rank(xs, power, suit_of, highest: int, suits=None) -> list[int]:
    """A hand's rank: the category (0 high card … 8 straight flush, CATEGORIES), then the
    powers that break ties, the most repeated first, then the highest (`power`: a card's
    strength in the order in force, 1 for its lowest rank up to `highest`). Straights and
    flushes need five cards; a straight is five ranks next to each other in the order, its
    highest rank also counting below its lowest (A 2 3 4 5, whose top is the 5). With `suits`
    (the game's suit order, high to low), each card's suit's place in it follows, in the order
    their powers were counted (a suit not listed lowest), to break what the ranks leave tied."""
    suit_power = None if suits is None else {s: len(suits) - i for i, s in enumerate(suits)}
    xs = list(cards(xs))
    if not xs:
        return [0]
    powers = sorted((power[c] for c in xs), reverse=True)
    counts: dict = {}
    for p in powers:
        counts[p] = counts.get(p, 0) + 1
    ordered = sorted(counts, key=lambda p: (counts[p], p), reverse=True)   # pairs before kickers
    shape = sorted(counts.values(), reverse=True)
    flush = len(xs) == 5 and len({suit_of[c] for c in xs}) == 1
    top = _straight(powers, highest)
    if top is not None:
        rank = [8 if flush else 4, top]
        place = {p: (p if top != 4 or p != highest else 0) for p in powers}      # the wheel's ace is low
    elif flush:
        rank, place = [5, *powers], {p: p for p in powers}
    else:
        second = shape[1] if len(shape) > 1 else 0
        category = {4: 7, 3: 6 if second >= 2 else 3, 2: 2 if second == 2 else 1}.get(min(shape[0], 4), 0)
        rank, place = [category, *ordered], {p: (counts[p], p) for p in powers}
    if suit_power is None:
        return rank
    suits = sorted(((place[power[c]], suit_power.get(suit_of[c], 0)) for c in xs), reverse=True)
    return rank + [s for _, s in suits]


class Ranks:
    """poker_rank in one rank order of one deck (made once per program and order: the built-in
    calls it), each hand's rank kept by its cards and the suit order: the same hands come back
    from one decision to the next (a climbing game ranks each five-card play a hand holds, and
    the play to beat, at every turn)."""

    def __init__(self, power, suit_of, highest: int):
        self.power, self.suit_of, self.highest = power, suit_of, highest
        self._kept: dict = {}
        self._powers: dict = {}

    def rank(self, xs, suits=None) -> list[int]:
        if suits is None and type(xs) is list:      # (kept's first look, without its calls: a follow's play to beat)
            found = self._kept.get((tuple(xs), None))
            if found is not None:
                return list(found)
        return list(self.kept(xs, suits))

    def of_kind(self, card, k: int) -> list[int]:
        """The rank of k cards (at most four) of `card`'s power, as of_cards ranks them."""
        key = (self.power[card],) * k + (False,)
        found = self._powers.get(key)
        if found is None:
            found = self.of_cards([card] * k)
        return found

    def of_cards(self, xs: list) -> list[int]:
        """The rank of a list of cards without suits (not to be changed), kept by their powers
        and whether they are a flush, which is all such a rank depends on: many hands share it
        (a climbing game ranks each five-card play of a hand that changes every turn)."""
        power = self.power
        powers = sorted(map(power.__getitem__, xs))
        key = (*powers, len(xs) == 5 and len(set(map(self.suit_of.__getitem__, xs))) == 1)
        found = self._powers.get(key)
        if found is None:
            found = poker_rank(xs, power, self.suit_of, self.highest)
            if len(self._powers) >= KEPT:
                self._powers.clear()
            self._powers[key] = found
        return found

    def kept(self, xs, suits=None) -> list[int]:
        """The rank as kept by the cards and suits (not to be changed: `rank` hands out a copy);
        one not kept and without suits found by its powers (of_cards: a climbing game's play to
        beat is new cards at every play, its powers seldom new)."""
        xs = cards(xs)
        if len(xs) > KEYED or (suits is not None and len(suits) > KEYED):
            return poker_rank(xs, self.power, self.suit_of, self.highest, suits)
        key = (tuple(xs), None if suits is None else tuple(suits))
        found = self._kept.get(key)
        if found is None:
            found = self.of_cards(xs) if suits is None else \
                poker_rank(xs, self.power, self.suit_of, self.highest, suits)
            if len(self._kept) >= KEPT:
                self._kept.clear()
            self._kept[key] = found
        return found


def _straight(powers: list[int], highest: int) -> int | None:
    """The top power of a five-card straight, or None; the highest rank may also stand just
    below the lowest (A 2 3 4 5, whose top is the 5)."""
    if len(powers) != 5 or len(set(powers)) != 5:
        return None
    if powers[0] - powers[4] == 4:
        return powers[0]
    if powers[0] == highest and powers[1:] == [4, 3, 2, 1]:
        return 4
    return None


def best_hand(xs, k, power, suit_of, highest: int, suits, span) -> list:
    """The k cards of xs whose poker_rank is highest (of equal ones, the first in the deck's
    order), listed in the deck's order; all of xs when it holds k cards or fewer."""
    xs = sorted(cards(xs))
    if type(k) is not int or k < 0:
        raise EvalError(f"best_hand takes a whole number of cards, not {k!r}", span)
    if len(xs) <= k:
        return xs
    if math.comb(len(xs), k) > MAX_HANDS:
        raise EvalError(f"best_hand would compare {math.comb(len(xs), k):,} hands of {k} of {len(xs)} cards, "
                        f"more than {MAX_HANDS:,}", span, "choose from fewer cards")
    best, ranked = None, None
    for hand in itertools.combinations(xs, k):
        rank = poker_rank(hand, power, suit_of, highest, suits)
        if ranked is None or rank > ranked:
            best, ranked = hand, rank
    return list(best)
