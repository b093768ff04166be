"""One seat's observation tensor (runtime/tensor.py) kept up to date between reads, for the RL
adapters: the places that changed are rewritten, found by comparing the state with copies of
what was last written from."""
from __future__ import annotations

from array import array
from itertools import chain, compress
from operator import is_not, itemgetter, ne, or_

from . import knowledge
from .cards import BITS
from .tensor import _counter, _head, _trick, layout, plan     # the writers `nonzero` uses, part by part


class Kept:
    """One seat's tensor kept up to date from call to call (an adapter keeps one per seat): its
    values in a float32 array (`values`, all of the layout), rewritten where what it is written
    from changed since the last call — the zones whose cards changed, the counters whose values
    did, and the few places of the head, the trick and the integers chosen — instead of whole.

    What changed is found by comparing the state with copies of what was last written from (a
    zone's list with its copy, the counters' values and types with theirs: comparisons made in
    C), not by hooks in the engine: so a call on any state, a clone or another match's, gives
    exactly `nonzero`'s tensor (tests/test_rl_observation.py checks it at every step of random
    matches of every shipped game), and reads only what `nonzero` reads. Between two reads of a
    seat a few cards moved and a counter or two changed: the call rewrites those places, and
    the adapters copy the array as it is (numpy reads it in place) instead of making one from
    `nonzero`'s lists. What it saves is the counters rewritten and that conversion; the zones
    it compares cost about what writing them did (benchmarks/README.md, "The RL adapters")."""

    def __init__(self, prog, player: int):
        self.player, self.plan = player, plan(prog, player)
        self.values = array("f", bytes(4 * layout(prog).size))
        zones = self.plan.zones
        self.base = {slot: base for slot, _, _, base, _ in zones}
        self.seen = [slot for slot, visible, _, _, _ in zones if visible]
        self.unseen = [slot for slot, visible, _, _, _ in zones if not visible]
        self.showing = [slot for slot, visible, shows, _, _ in zones if shows and not visible]
        self.seen_of, self.unseen_of, self.showing_of = (_getter(slots) for slots in (self.seen, self.unseen, self.showing))
        self.told = 0                                  # the cards shown in others' hands, as written
        self.counter = {slot: (base, parts) for slot, visible, base, parts in self.plan.counters if visible}
        self.held: list = [None] * len(self.seen)      # per zone it sees: a copy of its cards as written
        self.sizes: list = [None] * len(self.unseen)   # per other zone: its size as written
        self.masks = [0] * len(zones)                  # per zone slot: the bits of the cards written
        self.cv: list = []                             # the counters' values as written (lists copied)
        self.types: list = []
        self.written: dict = {}                        # counter slot → the places its value took
        self.few: list = []                            # the places `_head` wrote
        self.trick, self.played = None, []             # the trick as written, the places it took

    def update(self, st, chosen: tuple = ()) -> array:
        """The tensor of the seat in `st`, brought up to date (the array is kept: copy it to keep it)."""
        v, p = self.values, self.plan
        for i in self.few:
            v[i] = 0.0
        self.few, values = _head(st, self.player, chosen, p)
        for i, x in zip(self.few, values):
            v[i] = x
        if st.trick != self.trick:
            for i in self.played:
                v[i] = 0.0
            self.trick = st.trick
            self.played, values = _trick(st, self.player, p)
            for i, x in zip(self.played, values):
                v[i] += x                              # += : a shoe's copies add up
        zones, masks, position, count = st.zones, self.masks, p.position, p.cards
        # the zones it sees: their cards compared with the copies written from
        now = self.seen_of(zones)
        for k in compress(range(len(now)), map(ne, now, self.held)):
            slot, cards = self.seen[k], now[k]
            self.held[k] = cards[:]
            base = self.base[slot]
            v[base + count] = len(cards)
            self._flip(base, sum(map(BITS.__getitem__, cards)), slot)
        # the others: their sizes, and in another's hand the cards the seat was shown there
        sizes = list(map(len, self.unseen_of(zones)))
        for k in compress(range(len(sizes)), map(ne, sizes, self.sizes)):
            v[self.base[self.unseen[k]] + count] = sizes[k]
        self.sizes = sizes
        if self.showing:
            shown = knowledge.shown(st, self.player)
            hands = self.showing_of(zones)
            if self.told or shown and sum(map(BITS.__getitem__, chain.from_iterable(hands))) & shown:
                self.told = 0                          # some card shown lies in another's hand: which
                for slot, cards in zip(self.showing, hands):
                    told = sum(map(BITS.__getitem__, cards)) & shown
                    self.told |= told
                    if told != masks[slot]:
                        self._flip(self.base[slot], told, slot)
        cv, old = st.cv, self.cv
        if len(old) != len(cv):
            old[:], self.types[:] = [None] * len(cv), [None] * len(cv)
        types = list(map(type, cv))
        for slot in compress(range(len(cv)), map(or_, map(ne, cv, old), map(is_not, types, self.types))):
            value = cv[slot]
            old[slot] = value[:] if type(value) is list else value      # a list may change in place
            if slot in self.counter:
                self._counter(slot, value)
        self.types = types
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
