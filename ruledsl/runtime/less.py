"""Values of a list less each of its items, made in one pass where a rule asks for each item in
turn (`points([d for d in xs if d != c])` for each `c` a choice offers: lang/steps/less.py). A
`Less` maps an item to the value of the list without it (without every copy of it); an item
the list does not hold maps to the value of the whole list, as taking it out changes nothing."""
from __future__ import annotations


class Less(dict):
    """item -> the value of the list less that item; `whole`, the list's own, for any other.
    Made as a dict is (`Less(pairs)`, `Less.fromkeys(items, value)`), then given `whole`."""

    __slots__ = ("whole",)

    def __missing__(self, item):
        return self.whole


def points_less(xs, points) -> Less:
    """The points of xs less each of its cards, `points` being a card's points (a whole number)
    by card: the total less the card's points, as many times as xs holds the card."""
    xs = list(xs)
    each = list(map(points.__getitem__, xs))
    total = sum(each)
    if len(set(xs)) == len(xs):         # (a zone: each card once)
        out = Less(zip(xs, map(total.__sub__, each)))
    else:
        out = Less((c, total - p * xs.count(c)) for c, p in zip(xs, each))
    out.whole = total
    return out
