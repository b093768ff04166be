"""One seat's observation tensor (runtime/tensor.py) kept up to date between reads, for the RL
adapters: the places that changed are rewritten, found by comparing the state with copies of
what was last written from."""
from __future__ import annotations

from array import array
from itertools import chain, compress
from operator import is_not, ne

from . import knowledge
from .cards import BITS
from .tensor import _counter, _head, _trick, layout, plan     # the writers `nonzero` uses, part by part

SEEN, SHOWING, OTHER = 0, 1, 2         # a zone as the seat sees it: its cards; those it was shown; neither


class Kept:
    """One seat's tensor kept up to date from call to call (an adapter keeps one per seat): its
    values in a float32 array (`values`, all of the layout), rewritten where what it is written
    from changed since the last call, instead of whole.

    What changed is found by comparing the state with copies of what was last written from, each
    part by one comparison made in C, not by hooks in the engine: the head's few fields as a
    tuple, the trick (a tuple the engine replaces), every zone's list with its copy, the
    counters' values by identity (then by value and type where not identical). So a call on any
    state, a clone or another match's, gives exactly `nonzero`'s tensor (tests/test_rl_observation.py
    checks it at every step of random matches of every shipped game) and reads only what
    `nonzero` reads. Between two reads of a seat in a trick game a few cards moved and a counter
    or two changed: only those zones and counters are rewritten, and the adapters copy the
    array as it is (numpy reads it in place)."""

    def __init__(self, prog, player: int):
        self.player, self.plan = player, plan(prog, player)
        self.values = array("f", bytes(4 * layout(prog).size))
        zones = self.plan.zones
        self.zone = [None] * len(zones)                # per zone slot: (SEEN/SHOWING/OTHER, its row's offset)
        for slot, visible, shows, base, _ in zones:
            self.zone[slot] = (SEEN if visible else SHOWING if shows else OTHER, base)
        self.showing = [slot for slot, visible, shows, _, _ in zones if shows and not visible]
        self.copies: list = [None] * len(zones)        # per zone slot: a copy of its cards as written
        self.masks = [0] * len(zones)                  # per zone slot: the bits of the cards written in its row
        self.shown, self.told = 0, 0                   # knowledge.shown, and those of its cards in others' hands, as written
        self.counter = {slot: (base, parts) for slot, visible, base, parts in self.plan.counters if visible}
        self.cv: list = []                             # the counters' values as written (lists copied)
        self.written: dict = {}                        # counter slot → the places its value took
        self.head, self.out, self.few = None, None, []  # the head's fields and `out` as written; its places
        self.trick, self.played = None, []             # the trick as written, the places it took

    def update(self, st, chosen: tuple = ()) -> array:
        """The tensor of the seat in `st`, brought up to date (the array is kept: copy it to keep it)."""
        v, p, player = self.values, self.plan, self.player
        mover = st.current_player()
        head = (mover, st.dealer, st.leader, st.hand_number, chosen if mover == player else ())
        if head != self.head or st.out != self.out:
            for i in self.few:
                v[i] = 0.0
            self.few, values = _head(st, player, chosen, p)
            for i, x in zip(self.few, values):
                v[i] = x
            self.head, self.out = head, st.out[:]
        if st.trick != self.trick:
            for i in self.played:
                v[i] = 0.0
            self.trick = st.trick
            self.played, values = _trick(st, player, p)
            for i, x in zip(self.played, values):
                v[i] += x                              # += : a shoe's copies add up
        zones, copies, count, showing = st.zones, self.copies, p.cards, False
        for slot in compress(range(len(zones)), map(ne, zones, copies)):
            cards, was = zones[slot], copies[slot]
            copies[slot] = cards[:]
            kind, base = self.zone[slot]
            v[base + count] = len(cards)
            if kind == SEEN:
                if was and len(cards) > len(was) and cards[:len(was)] == was:     # cards put on it
                    self._flip(base, self.masks[slot] | sum(map(BITS.__getitem__, cards[len(was):])), slot)
                else:
                    self._flip(base, sum(map(BITS.__getitem__, cards)), slot)
            elif kind == SHOWING:
                showing = True
        if self.showing:
            shown = knowledge.shown(st, player)
            if shown != self.shown or showing:       # in another's hand: the cards the seat was shown there
                self.shown, hands = shown, [zones[slot] for slot in self.showing]
                told = sum(map(BITS.__getitem__, chain.from_iterable(hands))) & shown
                if told or self.told:                 # some lie there now, or did when last written
                    self.told = told
                    for slot, cards in zip(self.showing, hands):
                        told = sum(map(BITS.__getitem__, cards)) & shown
                        if told != self.masks[slot]:
                            self._flip(self.zone[slot][1], told, slot)
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
