"""One seat's observation tensor (runtime/tensor.py) kept up to date between reads, for the RL
adapters: the places that changed are rewritten, found by comparing the state with copies of
what was last written from."""
from __future__ import annotations

from array import array
from itertools import chain, compress
from operator import is_not, itemgetter, ne

from . import knowledge
from .cards import BITS
from .tensor import _counter, _rest, _seats, _trick, layout, plan     # the writers `nonzero` uses, part by part


class Kept:
    """One seat's tensor kept up to date from call to call (an adapter keeps one per seat): its
    values in a float32 array (`values`, all of the layout), rewritten where what it is written
    from changed since the last call, instead of whole.

    What changed is found by comparing the state with copies of what was last written from, each
    part by one comparison made in C, not by hooks in the engine: the head's one-hot places and
    its other fields as tuples, the trick (a tuple the engine replaces), the zones' sizes as a
    list, the zones the seat sees with copies of their cards (cards put on a zone are flipped
    without reading it again), the counters by identity (then by value and type where not the
    same object). So a call on any state, a clone or another match's, gives exactly `nonzero`'s
    tensor (tests/test_rl_observation.py checks it at every step of random matches of every
    shipped game) and reads only what `nonzero` reads; the adapters copy the array as it is
    (numpy reads it in place).

    Why no record of moves from the engine: between two reads of a seat in a trick game, n plays
    and a trick's end have changed 4-5 zones, the trick and a head field. Finding them costs a
    few C comparisons; the cost is in rewriting them, about a quarter of a µs of Python for each
    changed zone, play or field, which a record would not save (benchmarks/README.md, "The RL
    adapters")."""

    def __init__(self, prog, player: int):
        self.player, self.plan = player, plan(prog, player)
        self.values = array("f", bytes(4 * layout(prog).size))
        zones = self.plan.zones
        self.size_at = [0] * len(zones)                # per zone slot: the place of its size
        for slot, _, _, base, _ in zones:
            self.size_at[slot] = base + self.plan.cards
        self.seen = [(slot, base) for slot, visible, _, base, _ in zones if visible]
        self.showing = [(slot, base) for slot, visible, shows, base, _ in zones if shows and not visible]
        self.seen_of, self.showing_of = (_getter([slot for slot, _ in slots]) for slots in (self.seen, self.showing))
        self.sizes: list = [None] * len(zones)         # per zone slot: its size as written
        self.held: list = [None] * len(self.seen)      # per zone it sees: a copy of its cards as written
        self.masks = [0] * len(zones)                  # per zone slot: the bits of the cards written in its row
        self.told = 0                                  # the cards shown to it in others' hands, as written
        self.counter = {slot: (base, parts) for slot, visible, base, parts in self.plan.counters if visible}
        self.cv: list = []                             # the counters' values as written (lists copied)
        self.written: dict = {}                        # counter slot → the places its value took
        self.seats = (None, None, None)                # the places of the head's one-hots as written
        self.rest, self.out, self.few = None, None, []  # the rest of the head and `out` as written; its places
        self.trick, self.played = None, []             # the trick as written, the places it took

    def update(self, st, chosen: tuple = ()) -> array:
        """The tensor of the seat in `st`, brought up to date (the array is kept: copy it to keep it)."""
        v, p, player = self.values, self.plan, self.player
        seats = _seats(st, p)                          # the head: who is to move, deals, leads
        if seats != self.seats:
            for was, now in zip(self.seats, seats):
                if was != now:
                    if was is not None:
                        v[was] = 0.0
                    if now is not None:
                        v[now] = 1.0
            self.seats = seats
        rest = (st.hand_number, chosen if st.current_player() == player else ())     # and the rest of it
        if rest != self.rest or st.out != self.out:
            for i in self.few:
                v[i] = 0.0
            self.few, values = _rest(st, player, chosen, p)
            for i, x in zip(self.few, values):
                v[i] = x
            self.rest, self.out = rest, st.out[:]
        if st.trick != self.trick:
            for i in self.played:
                v[i] = 0.0
            self.trick = st.trick
            self.played, values = _trick(st, player, p)
            for i, x in zip(self.played, values):
                v[i] += x                              # += : a shoe's copies add up
        zones, masks = st.zones, self.masks
        sizes = list(map(len, zones))                  # every zone's size (as every seat sees it)
        if sizes != self.sizes:
            size_at = self.size_at
            for slot in compress(range(len(sizes)), map(ne, sizes, self.sizes)):
                v[size_at[slot]] = sizes[slot]
            self.sizes = sizes
        now, held = self.seen_of(zones), self.held     # the zones it sees: their cards
        for k in compress(range(len(now)), map(ne, now, held)):
            cards, was = now[k], held[k]
            held[k] = cards[:]
            slot, base = self.seen[k]
            if was and len(cards) > len(was) and cards[:len(was)] == was:         # cards put on it
                self._flip(base, masks[slot] | sum(map(BITS.__getitem__, cards[len(was):])), slot)
            else:
                self._flip(base, sum(map(BITS.__getitem__, cards)), slot)
        if self.showing:                               # others' hands: the cards it was shown there
            shown = knowledge.shown(st, player)
            hands = self.showing_of(zones)
            told = sum(map(BITS.__getitem__, chain.from_iterable(hands))) & shown if shown else 0
            if told or self.told:                      # some lie there now, or did when last written
                self.told = told
                for (slot, base), cards in zip(self.showing, hands):
                    told = sum(map(BITS.__getitem__, cards)) & shown
                    if told != masks[slot]:
                        self._flip(base, told, slot)
        cv, old = st.cv, self.cv
        if len(old) != len(cv):
            old[:] = [object()] * len(cv)              # nothing is written: every counter differs
        for slot in compress(range(len(cv)), map(is_not, cv, old)):
            value, was = cv[slot], old[slot]
            if value != was or type(value) is not type(was):      # 1 and True are equal, not the same
                old[slot] = value[:] if type(value) is list else value      # a list may change in place
                if slot in self.counter:
                    self._counter(slot, value)
        return v

    def _flip(self, base: int, seen: int, slot: int) -> None:
        """Zone `slot`'s row shows the cards of `seen` (bits) now: rewrite those that came or went."""
        v, position = self.values, self.plan.position
        flips, self.masks[slot] = seen ^ self.masks[slot], seen
        while flips:
            bit = flips & -flips
            v[base + position[bit.bit_length() - 1]] += 1.0 if seen & bit else -1.0
            flips ^= bit

    def _counter(self, slot: int, value) -> None:
        v = self.values
        for i in self.written.get(slot, ()):
            v[i] = 0.0
        base, parts = self.counter[slot]
        at: list = []
        values: list = []
        _counter(at, values, value, base, parts, self.plan)
        for i, x in zip(at, values):
            v[i] = x
        self.written[slot] = at


def _getter(slots: list):
    """A function giving the zones of `slots` (a tuple, in C)."""
    if len(slots) == 1:
        return lambda zones, slot=slots[0]: (zones[slot],)
    return itemgetter(*slots) if slots else lambda zones: ()
