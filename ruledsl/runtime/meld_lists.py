"""Melds listed from a hand's cards one by one (any cards, a shoe's copies too), and whether a
deck's melds are few enough to be made once and found from a hand's bits instead
(runtime/melds.py `MeldRules.melds` chooses between the two). The deck's tables are given:
`place` (a card's rank's place in the order, None if not in it), `suit_of`, the suits whose runs
count, and the order's ranks."""
from __future__ import annotations

from itertools import combinations as _combinations

from ..expr.values import MAX_ITEMS


def few_melds_one_a_place(ranks, place, suit_of, suits) -> bool:
    """Whether the deck has one card at each place of a suit and few enough melds (at most
    MAX_ITEMS) to be made once: not a shoe of several packs, whose copies of a rank make
    its sets countless (eight packs: 2**32 sets of a rank)."""
    held, at_place = set(), {}
    for c, p in enumerate(place):
        if p is not None:
            if suit_of[c] in suits:
                if (suit_of[c], p) in held:
                    return False
                held.add((suit_of[c], p))
            at_place[p] = at_place.get(p, 0) + 1
    n = len(ranks)
    sets = sum(2 ** k - 1 - k - k * (k - 1) // 2 for k in at_place.values())
    return sets + len(suits) * (n - 1) * (n - 2) // 2 <= MAX_ITEMS


def listed(xs, place, suit_of, suits) -> list[list]:
    """The melds among xs (MeldRules.melds' order: sets by rank in the order, k cards before
    k + 1, then runs by suit and lowest rank, shortest first), worked out from the cards."""
    groups: dict = {}
    for c in sorted(xs):
        if place[c] is not None:
            groups.setdefault(place[c], []).append(c)
    out: list[list] = []
    for p in sorted(groups):
        group = groups[p]
        for k in range(3, len(group) + 1):
            out += [list(m) for m in _combinations(group, k)]
    held: dict = {}
    for c in set(xs):
        if place[c] is not None:
            held.setdefault(suit_of[c], []).append(c)
    for suit in suits:
        line = sorted(held.get(suit, ()), key=place.__getitem__)
        for start in range(len(line) - 2):
            end = start + 1
            while end < len(line) and place[line[end]] == place[line[end - 1]] + 1:
                end += 1
                if end - start >= 3:
                    out.append(line[start:end])
    return out
