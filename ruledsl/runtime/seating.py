"""Who is still in the match, as tables made once per set of seats out (DESIGN.md §4): the
seats in, each seat's play order, and the next seat in either direction. A state keeps the
tables in force as `st.seating`, shared with its clones; helpers.set_out, the one place a seat
goes out or comes back, replaces them. The generated code reads seats from these tables with no
test of who is out, so a match with everyone in and one after an elimination run the same code."""
from __future__ import annotations


class Seating:
    """The seating tables for one set of seats out (immutable: shared by states)."""

    __slots__ = ("active", "orders", "others", "left", "right")

    def __init__(self, out: tuple, direction: int):
        n = len(out)
        self.active = tuple(s for s in range(n) if not out[s])
        # From each seat, the seats in, in play order (starting at the seat itself when it is in).
        self.orders = tuple(tuple(t for t in ((s + direction * i) % n for i in range(n)) if not out[t])
                            for s in range(n))
        self.others = tuple(tuple(t for t in order if t != s) for s, order in enumerate(self.orders))
        self.left = tuple(_next_in(out, s, 1) for s in range(n))
        self.right = tuple(_next_in(out, s, -1) for s in range(n))

    def step(self, delta: int) -> tuple:
        """The next seat in, `delta` (+1 left, -1 right) from each seat."""
        return self.left if delta == 1 else self.right


def _next_in(out: tuple, seat: int, delta: int) -> int:
    n = len(out)
    for _ in range(n):
        seat = (seat + delta) % n
        if not out[seat]:
            return seat
    return seat


class Seatings:
    """A program's seating tables, by the seats out (made on first use)."""

    def __init__(self, direction: int):
        self.direction, self.cache = direction, {}

    def of(self, out: list) -> Seating:
        key = tuple(out)
        seating = self.cache.get(key)
        if seating is None:
            seating = self.cache[key] = Seating(key, self.direction)
        return seating
