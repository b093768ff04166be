"""The functions generated code calls for what is not worth writing inline: list built-ins,
seats in play order, card tables under the trumps, moving and revealing cards.

Each checks what it is given and raises an EvalError in the author's words (never Python's):
the expression compiler passes the span of the call as a constant, where one is needed.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from typing import Any

from ..expr.values import MAX_ITEMS, EvalError, absolute as _abs, describe, is_number, norm
from . import knowledge
from .cards import BITS as BIT
from .dealing import hand_seed, shuffle

SEAT_NAMES = "ABCDEFGHIJKL"


# -- lists ------------------------------------------------------------------------------------------

def seq(xs: Any, name: str, span) -> Sequence:
    if isinstance(xs, (list, tuple)):
        return xs
    raise EvalError(f"{name} needs a list, not {describe(xs)}", span)


def cards(x: Any):
    """A card, a list of cards or none, as a sequence of cards."""
    if x is None:
        return ()
    return (x,) if isinstance(x, int) else x


def count(xs, span):
    if isinstance(xs, str):
        return len(xs)
    return len(seq(xs, "count", span))


def absolute(x, span):
    return norm(_abs(x, span))


def total(xs, span):
    out = 0
    for x in seq(xs, "sum", span):
        if not is_number(x):
            raise EvalError(f"sum needs numbers, not {describe(x)}", span)
        out += x
    return norm(out, span)


def whole_numbers(bounds, span) -> list:
    """range(n) → 0 … n-1; range(a, b) → a … b-1: whole numbers, at most MAX_ITEMS of them."""
    if any(type(b) is not int for b in bounds):
        raise EvalError(f"range needs whole numbers, not {describe(next(b for b in bounds if type(b) is not int))}",
                        span)
    start, stop = (0, bounds[0]) if len(bounds) == 1 else bounds
    if stop - start > MAX_ITEMS:
        raise EvalError(f"range would give more than {MAX_ITEMS:,} numbers", span)
    return list(range(start, stop))


def _extreme(pick, name):
    def run(xs, span):
        xs = seq(xs, name, span)
        if not xs:
            return None     # min/max of nothing is none, not an error: authors test for it
        try:
            return pick(xs)
        except TypeError:
            raise EvalError(f"{name} cannot compare {', '.join(map(describe, xs[:3]))}", span) from None
    return run


smallest, largest = _extreme(min, "min"), _extreme(max, "max")


def any_true(xs, span):
    return any(seq(xs, "any", span))


def all_true(xs, span):
    return all(seq(xs, "all", span))


def in_order(xs, span):
    try:
        return sorted(seq(xs, "sorted", span))
    except TypeError:
        raise EvalError("sorted cannot compare these values", span) from None


def unique(xs, span):
    out = []
    for x in seq(xs, "unique", span):
        if x not in out:
            out.append(x)
    return out


def first(xs, span):
    xs = seq(xs, "first", span)
    return xs[0] if xs else None


def last(xs, span):
    xs = seq(xs, "last", span)
    return xs[-1] if xs else None


def _arg(pick, name):
    def run(pairs, span):
        if not pairs:
            return []
        values = [value for _, value in pairs]      # a list: max over a generator costs twice as much
        try:
            best = pick(values)
        except TypeError:
            raise EvalError(f"{name} cannot compare these values", span) from None
        return [x for x, value in pairs if value == best]  # every tie, in the order of the list
    return run


argmax, argmin = _arg(max, "argmax"), _arg(min, "argmin")


def iterable(xs, span):
    """`xs` itself if a loop can run over it, else EvalError."""
    if isinstance(xs, (list, tuple, str)):
        return xs
    raise EvalError(f"cannot loop over {describe(xs)}", span)


def trick_cards(trick) -> list:
    return [c for _, played, _ in trick for c in played]


# -- seats ------------------------------------------------------------------------------------------

def seat(x, n: int, span):
    """`x` if it is a seat of this match (0 … n-1), else EvalError."""
    if type(x) is int and 0 <= x < n:
        return x
    if type(x) is int:
        raise EvalError(f"there is no seat {x} with {n} players: seats are 0 to {n - 1}", span)
    raise EvalError(f"expected a seat, found {describe(x)}", span)


def zone_number(x, name: str, count: int, span):
    """`x` if it numbers one of a numbered zone's `count` zones (0 … count-1), else EvalError."""
    if type(x) is int and 0 <= x < count:
        return x
    if type(x) is int:
        raise EvalError(f"there is no {name}({x}): {name} is {count} zones, {name}(0) to {name}({count - 1})", span)
    raise EvalError(f"{name}() takes a whole number, found {describe(x)}", span)


def step_seat(st, seat_: int, delta: int) -> int:
    """The next seat in the match `delta` (+1 left/clockwise, -1 right) from `seat_`."""
    return st.seating.step(delta)[seat_]


def play_order(st, seat_: int) -> list[int]:
    """The seats in the match in play order, starting at `seat_` (or the next one in)."""
    return list(st.seating.orders[seat_])


def opponents(st, seat_: int) -> list[int]:
    team = st.prog.team_of
    return [p for p in st.seating.others[seat_] if team[p] != team[seat_]]


def members(st, team_: int, team_of) -> list[int]:
    return [s for s in range(st.n) if team_of[s] == team_]


def active(st) -> list[int]:
    """The seats still in the match, in seat order (a new list)."""
    return list(st.seating.active)


def out(st) -> list[int]:
    return [s for s in range(st.n) if st.out[s]]


# -- cards ------------------------------------------------------------------------------------------

def holds(xs, card) -> bool:
    return card in cards(xs)


def cards_of(ranking, xs, suit) -> list:
    if suit is None:
        return []
    eff = ranking.suit
    return [c for c in cards(xs) if eff[c] == suit]


def top(ranking, k, xs) -> list:
    return sorted(cards(xs), key=lambda c: (ranking.trump[c], ranking.power[c]), reverse=True)[:max(0, k)]


def suits_of(deck, xs) -> list:
    """The printed suits present, in the deck's order (a joker has none)."""
    held = set(map(deck.suit_of.__getitem__, cards(xs)))
    return [s for s in deck.suits if s in held]


def run_length(xs, suit, ranks, rank_of, suit_of) -> int:
    held = {rank_of[c] for c in cards(xs) if suit_of[c] == suit}
    length = 0
    for r in ranks:
        if r not in held:
            break
        length += 1
    return length


def beats(ranking, x, y) -> bool:
    return plays_beat(ranking, tuple(cards(x)), tuple(cards(y)))


def plays_beat(r, play, best) -> bool:
    """A play beats the best so far if its cards pair one-to-one with it, each beating its partner."""
    if len(play) != len(best):
        return False
    beaters = r.beaters
    if len(play) == 1:
        return play[0] in beaters[best[0]]
    return any(all(c in beaters[b] for c, b in zip(perm, best)) for perm in permutations(play))


def card_list(x, span) -> list:
    """What a `move`, `reveal` or deal `as:` is given, as a list of cards (EvalError otherwise)."""
    got = cards(x)
    if not isinstance(got, (list, tuple)) or any(type(c) is int or isinstance(c, (bool, str)) for c in got):
        raise EvalError(f"expected cards, found {describe(x)}", span)
    return list(got)


def move_cards(st, moved: list, dest: int) -> None:
    """Move cards from wherever they are to zone `dest`, keeping their order.

    One pass over the zones (and the trick) whatever the number of cards: moving a whole stock
    or a table is common. What the seats learn from it is recorded (knowledge.moved)."""
    zones = st.zones
    if len(moved) == 1:                         # one card (a discard, a card laid): no sets
        card = moved[0]
        for i, z in enumerate(zones):
            if card in z:
                if i != dest:
                    teach = st.prog.viewers.teachers[i][dest]
                    if teach is not None:
                        teach(st, BIT[card])
                z.remove(card)
                zones[dest].append(card)
                return
        # no zone holds it: it is on the trick
    elif moved and _took_first(st, moved, dest):
        return
    wanted = set(moved)
    if len(wanted) != len(moved):               # `move [c, c] to table` would make a card twice
        twice = next(c for i, c in enumerate(moved) if c in moved[:i])
        raise EvalError(f"card {twice} is moved twice in one move", None,
                        "a card lies in one place: give each card once, e.g. unique(…)")
    if not wanted:
        return
    for i, z in enumerate(zones):
        if i != dest and z and not wanted.isdisjoint(z):
            if wanted.issuperset(z):            # the whole zone moves (a stock, a table)
                knowledge.moved(st, i, dest, z)
                z.clear()
            else:                               # some of its cards: each lies in one place, so
                here = wanted.intersection(z)   # they are taken out one by one, in C (a hand
                knowledge.moved(st, i, dest, here)      # of 13 less a pair: 2 removes, not 2 loops)
                for card in here:
                    z.remove(card)
    if st.trick and any(not wanted.isdisjoint(entry[1]) for entry in st.trick):    # entries: seat, cards, face up
        knowledge.show(st, [c for e in st.trick if e[2] for c in e[1] if c in wanted])
        st.trick = tuple((e[0], tuple(c for c in e[1] if c not in wanted), e[2]) for e in st.trick)
    target = zones[dest]
    if not wanted.isdisjoint(target):              # moving cards to where they already are
        target[:] = [c for c in target if c not in wanted]
    target.extend(moved)


def _took_first(st, moved: list, dest: int) -> bool:
    """Whether `moved` were the first cards of a zone other than `dest`, in its order (the pile
    but its top card, a whole stock); if so they are moved by one slice, without the set and the
    card-by-card removes of move_cards (a card lies in one place: none of them is given twice,
    none lies elsewhere). Shuffling a pile back into a stock took most of its time there."""
    k, first, zones = len(moved), moved[0], st.zones
    for i, z in enumerate(zones):
        if len(z) >= k and z[0] == first and i != dest and z[:k] == moved:
            knowledge.moved(st, i, dest, moved)
            del z[:k]
            zones[dest].extend(moved)
            return True
    return False


def move_zone(st, source: int, dest: int) -> None:
    """Every card of zone `source` to zone `dest` (what move_cards does with a whole zone)."""
    if source != dest:
        zones = st.zones
        if zones[source]:
            knowledge.moved(st, source, dest, zones[source])
        zones[dest] += zones[source]
        zones[source].clear()


def reveal(st, shown: list) -> None:
    knowledge.show(st, shown)
    if st.events is not None:
        st.events.append({"kind": "reveal", "cards": [str(c) for c in shown]})


def reveal_to(st, shown: list, to, span) -> None:
    """The cards are shown where they lie to the seats `to` (true: everyone; false or none: nobody)."""
    if to is True:
        return reveal(st, shown)
    who = sorted(set(seats(to, st.n, span))) if to is not False else []
    if len(who) == st.n:
        return reveal(st, shown)
    if who and shown:
        knowledge.show_to(st, who, shown)
        if st.events is not None:
            st.events.append({"kind": "reveal", "cards": [str(c) for c in shown], "to": who})


def shuffle_zone(st, zone: int, name: str) -> None:
    """`shuffle ZONE`: the same state shuffles the same way, seeded from the deal's own seed and
    how many shuffles this hand has run before (never the global random)."""
    before = knowledge.shuffled(st, zone)
    shuffle(st.zones[zone], hand_seed(st.seed, st.deals) * 1_000_003 + before)
    if st.events is not None:
        st.events.append({"kind": "shuffle", "zone": name, "cards": [str(c) for c in st.zones[zone]]})


def seats(x, n: int, span) -> list[int]:
    """A seat, a list of seats or none, as a list of seats of this match (EvalError otherwise)."""
    if x is None:
        return []
    if isinstance(x, (list, tuple)):
        return [seat(s, n, span) for s in x]
    return [seat(x, n, span)]


def set_out(st, who: list[int], out: bool) -> None:
    """eliminate (out) or revive: mark seats out of the match, or back in — the one place
    `st.out` changes, so the seating tables (runtime/seating.py) follow it here."""
    for s in who:
        if st.out[s] != out:
            st.out[s] = out
            st.live += -1 if out else 1
            st.seating = st.prog.seatings.of(st.out)
            if st.events is not None:
                st.events.append({"kind": "out" if out else "back", "seat": s})


def sorted_seats(xs) -> list[int]:
    return sorted(set(xs))
