"""What is kept of one match: the record every metric is computed from.

A record is plain data (numbers, tuples, small dicts) so it travels cheaply back from a worker
and writes out as one CSV or JSON Lines row. `Tally` builds it while the match is played, from
the engine's event log (`record=True`) and from the decisions it sees; the metrics never look
at a game again.
"""
from __future__ import annotations

from numbers import Real

import attrs

from ..runtime.helpers import SEAT_NAMES
from .rules import event_key


@attrs.frozen
class HandRecord:
    number: int
    dealer: int
    first: int | None             # who played the first card of the hand (else the first to decide)
    seated: tuple[int, ...]       # the seats still in the match when the hand began
    decisions: int
    values: tuple[float, ...] | None   # `result.hand` per seat; None when the file has none


@attrs.frozen
class MatchRecord:
    index: int
    seed: int
    lineup: tuple[str, ...]       # the bot spec in each seat
    winners: tuple[int, ...]
    returns: tuple[float, ...]
    hand_count: int
    decisions: int
    hands: tuple[HandRecord, ...] = ()
    # phase -> (decisions, legal actions summed, forced ones, decisions of the hand before each, summed)
    phases: dict = attrs.Factory(dict)
    fired: dict = attrs.Factory(dict)    # rule index -> (hands it fired in, times it fired)

    def row(self, rules) -> dict:
        """The match as one flat row (for JSON Lines; the CSV writer spreads the lists)."""
        return {"match": self.index, "seed": self.seed, "bots": list(self.lineup),
                "winners": [SEAT_NAMES[s] for s in self.winners], "returns": list(self.returns),
                "hands": self.hand_count, "decisions": self.decisions,
                "events": {rules[i].label: times for i, (_, times) in sorted(self.fired.items())}}


def number(value) -> float | None:
    """A value from the rule file as a plain float (hand values may be exact fractions)."""
    if isinstance(value, bool) or not isinstance(value, Real):
        return None
    return float(value)


class _Hand:
    """The hand being played, while its events come in."""

    def __init__(self, number_: int, dealer: int, seated: tuple, decisions: int):
        self.number, self.dealer, self.seated, self.decisions = number_, dealer, seated, decisions
        self.first_play = self.first_decider = None
        self.values = None
        self.fired: set[int] = set()

    def done(self) -> HandRecord:
        first = self.first_play if self.first_play is not None else self.first_decider
        return HandRecord(self.number, self.dealer, first, self.seated, self.decisions, self.values)


class Tally:
    """Reads a recording match's events and decisions into a MatchRecord."""

    def __init__(self, rules, players: int):
        self.index_of = {rule.key: i for i, rule in enumerate(rules)}
        self.players = players
        self.seen = 0                 # events read so far
        self.hands: list[HandRecord] = []
        self.hand: _Hand | None = None
        self.carry = 0                # decisions before the first hand (in setup) count toward it
        self.phases: dict = {}        # phase -> [decisions, legal actions, forced, places in the hand]
        self.fired: dict = {}         # rule index -> [hands, times]
        self.out: set[int] = set()
        self.rounds: dict = {}        # (seat, kind) -> decisions of that kind so far this hand

    def decision(self, seat: int, kind: str, legal: int) -> None:
        """One decision: `legal` actions to choose from, `kind` the words of its actions. Its
        phase is the kind and how many decisions of that kind the seat has made this hand
        (in a trick game, `play 3` is the third trick)."""
        done = self.rounds.get((seat, kind), 0) + 1
        self.rounds[(seat, kind)] = done
        counts = self.phases.setdefault(f"{kind} {done}", [0, 0, 0, 0])
        counts[0] += 1
        counts[1] += legal
        counts[2] += legal == 1
        if self.hand is None:
            self.carry += 1
            return
        counts[3] += self.hand.decisions      # how many decisions of the hand came before it
        self.hand.decisions += 1
        if self.hand.first_decider is None:
            self.hand.first_decider = seat

    def read(self, events: list) -> None:
        """Take in the events logged since the last call."""
        for event in events[self.seen:]:
            kind = event["kind"]
            if kind == "hand":
                self._begin(event)
            elif kind == "play":
                if self.hand is not None and self.hand.first_play is None:
                    self.hand.first_play = event["seat"]
            elif kind == "summary":
                values = event.get("values")
                self.hand.values = None if values is None else tuple(number(v) for v in values)
            elif kind in ("out", "back"):
                (self.out.add if kind == "out" else self.out.discard)(event["seat"])
            else:
                self._fire(event_key(event))
        self.seen = len(events)

    def _fire(self, key) -> None:
        i = self.index_of.get(key)
        if i is None:
            return
        counts = self.fired.setdefault(i, [0, 0])
        counts[1] += 1
        if self.hand is not None and i not in self.hand.fired:
            self.hand.fired.add(i)
            counts[0] += 1

    def _begin(self, event: dict) -> None:
        self.rounds = {}
        if event["redeal"] and self.hand is not None:
            self.hand.first_play = self.hand.first_decider = None    # the hand starts again
            return
        self._close()
        seated = tuple(s for s in range(self.players) if s not in self.out)
        self.hand = _Hand(event["number"], event["dealer"], seated, self.carry)
        self.carry = 0

    def _close(self) -> None:
        if self.hand is not None:
            self.hands.append(self.hand.done())
            self.hand = None

    def record(self, state, index: int, seed: int, lineup: tuple) -> MatchRecord:
        """The finished match's record."""
        self._close()
        return MatchRecord(index, seed, lineup, tuple(state.winners or ()),
                           tuple(number(v) for v in state.returns()), len(self.hands),
                           sum(h.decisions for h in self.hands) + self.carry, tuple(self.hands),
                           {p: tuple(c) for p, c in self.phases.items()},
                           {i: tuple(c) for i, c in self.fired.items()})
