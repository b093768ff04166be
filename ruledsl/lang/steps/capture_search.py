"""The legal plays of a `captures` step (its one legality, `captures_of`): each card with every
capture it makes, and, with `builds:`, every build it makes.

A capture takes *groups* of table cards: one card of the played card's rank, two or more valued
cards whose values add up to its value, or a build of its value (taken whole). Without
`several` a capture is one group; with it, any groups at once, no card in two. The sum groups
of a whole hand are found in one search per decision (`_sum_captures`): the loose valued cards
sorted once, one table of reachable totals for every target, and a depth-first search that
only enters a branch that can still be completed — the work grows with the number of captures
found, however many cards lie on the table, and is capped (MAX_CAPTURES).

A build lays a card on loose cards and builds whose values, with its own, make the value of
another card its player holds; `builds_of` finds them by the same kind of search.
"""
from __future__ import annotations

import attrs

from ...expr.values import EvalError

MAX_CAPTURES = 10_000     # ways to capture offered in one turn; no real table comes near
PREFER_WORDS = {"rank": "a card of its own rank rather than a sum", "sum": "a sum rather than a card of its own rank",
                "most": "as many cards as it can"}
BUILD = "build"           # the third item of a build's action: (card, the cards built on, BUILD)


@attrs.frozen
class Spec:
    """What the runtime side of a captures step needs."""

    hand: int
    table: int
    rank: bool
    sum: bool
    optional: bool
    prefer: str
    ranks: tuple
    values: tuple
    span: object = attrs.field(eq=False)
    several: bool = False
    builds: int | None = None    # the counter holding the builds (records of cards, owner, value)


def builds_on(st, spec: Spec) -> list:
    """The builds on the table (none without `builds:`)."""
    return (st.cv[spec.builds] or []) if spec.builds is not None else []


def captures_of(st, spec: Spec, explain: bool) -> list:
    """The plays of the player to move: each card with every capture it makes, and without one
    where laying is allowed; then the builds. With `explain`: every candidate with None or the
    rule excluding it (a card that must capture may not be simply laid)."""
    table = st.zones[spec.table]
    hand = st.zones[spec.hand + st.turn]
    ranks, values = spec.ranks, spec.values
    builds = builds_on(st, spec)
    loose = table
    by_build: dict = {}                      # value -> the builds of that value, each as its cards
    if builds:
        built = {c for b in builds for c in b.cards}
        loose = [t for t in table if t not in built]
        for b in builds:
            by_build.setdefault(b.value, []).append(tuple(_canonical(b.cards, values)))
    sums = _sum_captures(loose, values, {values[c] for c in hand}, spec.span) if spec.sum else {}
    same_rank: dict = {}                     # rank -> the table's cards of that rank, one each
    if spec.rank:
        for t in loose:
            if ranks[t] in same_rank:
                same_rank[ranks[t]].append((t,))
            else:
                same_rank[ranks[t]] = [(t,)]
    out: list = []
    prefer = spec.prefer if spec.prefer != "none" else None
    optional = spec.optional
    for card in hand:
        by_rank, by_sum = same_rank.get(ranks[card]), sums.get(values[card])
        takes = by_rank + by_sum if by_rank and by_sum else by_rank or by_sum     # read, never changed
        if by_build.get(values[card]):
            takes = (takes or []) + by_build[values[card]]
        if spec.several and takes and len(takes) > 1:
            takes = _unions(takes, values, spec.span)
        if not takes:
            out.append(((card, ()), None) if explain else (card, ()))
            continue
        if prefer and len(takes) > 1:
            takes, passed = _preferred(takes, card, ranks, prefer)
            if explain:
                reason = f"{card} must take {PREFER_WORDS[prefer]}: play {card} take " + \
                    " or ".join(" ".join(str(t) for t in take) for take in takes)
                out += [((card, t), reason) for t in passed]
        if optional:
            out.append(((card, ()), None) if explain else (card, ()))
        elif explain:
            out.append(((card, ()), f"you must capture when you can: {card} can take "
                                    f"{' '.join(str(t) for t in takes[0])}"))
        out += [((card, t), None) for t in takes] if explain else [(card, t) for t in takes]
        _bounded(out, spec.span)
    if spec.builds is not None:
        out += [(a, None) for a in builds_of(hand, loose, builds, values, spec.span)] if explain else \
            builds_of(hand, loose, builds, values, spec.span)
        _bounded(out, spec.span)
    return out


def _bounded(out: list, span) -> None:
    if len(out) > MAX_CAPTURES:
        raise EvalError(f"more than {MAX_CAPTURES:,} ways to capture at once", span,
                        "the table holds too many cards that add up: lower the capture values")


def _canonical(cards, values) -> list:
    """Cards in the order a capture lists them: by capture value, then the deck's order."""
    return sorted(cards, key=lambda c: (values[c] if values[c] is not None else 0, c))


def _unions(groups: list, values, span) -> list:
    """Every way to take one or more of `groups` at once, no card in two: the groups themselves
    first, then their unions, each listed in canonical order, each once."""
    out, seen = list(groups), {frozenset(g) for g in groups}

    def extend(start: int, taken: frozenset) -> None:
        for i in range(start, len(groups)):
            if taken.isdisjoint(groups[i]):
                union = taken | frozenset(groups[i])
                if union not in seen:
                    seen.add(union)
                    out.append(tuple(_canonical(union, values)))
                    _bounded(out, span)
                extend(i + 1, union)
    for i, group in enumerate(groups):
        extend(i + 1, frozenset(group))
    return out


def _preferred(takes: list, card, ranks, prefer: str) -> tuple[list, list]:
    """The captures `prefer` ranks first, and those it passes over."""
    if prefer == "most":
        most = max(len(t) for t in takes)
        return [t for t in takes if len(t) == most], [t for t in takes if len(t) < most]
    by_rank = [t for t in takes if len(t) == 1 and ranks[t[0]] == ranks[card]]
    chosen = by_rank if prefer == "rank" else [t for t in takes if t not in by_rank]
    if not chosen:
        return takes, []
    return chosen, [t for t in takes if t not in chosen]


def _sum_captures(table, values, targets, span) -> dict:
    """For each target value: every set of two or more table cards whose values add up to it,
    in canonical order (by value, then card: the text never depends on the order cards were laid).

    One pass for all the targets: reach[i] is a bit mask of the totals that some subset of
    cards[i:] makes (bit k: total k), so the search never enters a branch that cannot be
    completed."""
    wanted = [t for t in targets if isinstance(t, int) and t > 0]
    if not wanted:
        return {}
    cards = sorted(t for t in table if values[t] is not None)
    cards.sort(key=values.__getitem__)       # stable: by value, then card
    vals = [values[c] for c in cards]
    n, full = len(cards), (1 << (max(wanted) + 1)) - 1
    reach = _reach(vals, full)
    found: dict = {}
    for target in wanted:
        out: list = []
        found[target] = out
        if reach[0] >> target & 1:
            for i in range(n):               # the first card, less than the target: others make up the rest
                v = vals[i]
                if v >= target:
                    break
                if reach[i + 1] >> (target - v) & 1:
                    _search(cards, vals, reach, i + 1, target - v, (cards[i],), out, span)
    return found


def _reach(vals: list, full: int) -> list:
    """reach[i]: the bit mask of the totals some subset of vals[i:] makes (bit k: total k)."""
    reach = [1] * (len(vals) + 1)
    for i in range(len(vals) - 1, -1, -1):
        reach[i] = reach[i + 1] | ((reach[i + 1] << vals[i]) & full)
    return reach


def _search(cards, vals, reach, start, rest, chosen, out, span) -> None:
    for i in range(start, len(cards)):
        v = vals[i]
        if v > rest:
            break
        if v == rest:
            out.append(chosen + (cards[i],))
            _bounded(out, span)
        elif reach[i + 1] >> (rest - v) & 1:
            _search(cards, vals, reach, i + 1, rest - v, chosen + (cards[i],), out, span)


def builds_of(hand, loose, builds, values, span) -> list:
    """Every build the player to move can make: a valued card of the hand laid on one or more
    loose valued cards and builds (taken whole) whose values, with its own, add up to the value
    of another card of the hand. Each (card, the cards built on in canonical order, BUILD)."""
    items = [((c,), values[c]) for c in loose if values[c] is not None] + \
        [(tuple(b.cards), b.value) for b in builds if isinstance(b.value, int) and b.value > 0]
    items.sort(key=lambda item: (item[1], min(item[0])))
    vals = [v for _, v in items]
    out, seen = [], set()
    for card in hand:
        own = values[card]
        if own is None:
            continue
        rest = list(hand)
        rest.remove(card)
        for target in sorted({values[c] for c in rest if values[c] is not None and values[c] > own}):
            full = (1 << (target - own + 1)) - 1
            reach = _reach(vals, full)
            found: list = []
            _search(list(range(len(items))), vals, reach, 0, target - own, (), found, span)
            for chosen in found:
                on = tuple(_canonical([c for i in chosen for c in items[i][0]], values))
                if (card, on) not in seen:
                    seen.add((card, on))
                    out.append((card, on, BUILD))
                    _bounded(out, span)
    return out
