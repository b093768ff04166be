"""Values of a list less each of its items, made in one pass where a rule asks for each item in
turn (`points([d for d in xs if d != c])` for each `c` a choice offers: lang/steps/less.py). A
`Less` maps an item to the value of the list without it (without every copy of it); an item
the list does not hold maps to the value of the whole list, as taking it out changes nothing."""
from __future__ import annotations


class Less(dict):
    """item -> the value of the list less that item; `whole`, the list's own, for any other."""

    __slots__ = ("whole",)

    def __init__(self, whole, items=()):
        super().__init__(items)
        self.whole = whole

    def __missing__(self, item):
        hash(item)                  # (an item that cannot be in a dictionary: the same TypeError)
        return self.whole


def points_less(xs, points) -> Less:
    """The points of xs less each of its cards, `points` being a card's points (a whole number)
    by card: the total less the card's points, as many times as xs holds the card."""
    xs = list(xs)
    total = sum(map(points.__getitem__, xs))
    if len(set(xs)) == len(xs):         # (a zone: each card once)
        return Less(total, {c: total - points[c] for c in xs})
    return Less(total, {c: total - points[c] * xs.count(c) for c in xs})
