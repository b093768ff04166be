"""What a hand keeps besides its zones and counters: one declared field each, reset when a hand
begins. The fields with a type are names an expression may read (`winner`, `trick_number`, …);
the generated code reads and writes them as plain attributes of the State.
"""
from __future__ import annotations

from typing import Any

import attrs

from ..expr.types import CARD, CARD_LIST, INT, NONE, SEAT, SEAT_LIST, TEXT, Type


@attrs.frozen
class HandField:
    name: str
    doc: str
    default: Any = None          # immutable: shared by every hand and every clone
    type: Type | None = None     # None: not a name of the language
    derived: str | None = None   # read as this source, from other fields: never stored


FIELDS = (
    HandField("trick_number", "the number of the trick in play, from 1, in every tricks hook (before_trick, "
              "before_play, after_trick: the trick just won); 0 before the first", 0, INT),
    HandField("tricks_played", "the number of tricks completed this hand", type=INT,
              derived="_len(st.trick_winners)"),       # one write less a trick
    HandField("trick_winners", "the winners of the hand's tricks so far, in order", (), SEAT_LIST),
    HandField("winner", "the winner of the last trick (none before the first ends)", None, SEAT | NONE),
    HandField("played", "the card just played, in a captures step", None, CARD | NONE),
    HandField("captured", "the cards it captured (none: an empty list)", (), CARD_LIST),
    HandField("capture_kind", "how it captured: 'rank', 'sum', 'several' (groups at once), 'build' when it "
              "built, or none when it only laid the card", None, TEXT | NONE),
    HandField("last_capturer", "the last player to capture this hand (none if nobody has)", None, SEAT | NONE),
    HandField("know", "what seats know of hidden cards: None, or masks (runtime/knowledge.py)", None),
    HandField("voids", "the cards each seat's hand cannot hold, as every seat knows: one int, seat s's "
              "mask from bit s × Program.void_bits (knowledge.py)", 0),
    HandField("taken", "the tricks taken into piles not everyone sees, as played: a chain of pairs, "
              "(last, (…, ())) (knowledge.py)", ()),
    HandField("stock_dead", "a draw found the stock too short: nobody draws again this hand", False),
    HandField("redeals", "how many times in a row this hand has been redealt", 0),
    HandField("stack", "a given deal's cards still to come, by zone index (`deals=`)", None),
    HandField("past", "while the match records: the state at the hand's first decision and the decisions "
              "taken since (runtime/history.py)", None),
)
NAMES = tuple(f.name for f in FIELDS if f.derived is None)       # the State's slots
READABLE = {f.name: f for f in FIELDS if f.type is not None}


def source(field: HandField) -> str:
    """How the generated code reads a field."""
    return field.derived or f"st.{field.name}"


def _make_reset():
    """reset(st): every stored field but `redeals` back to its default, written out (a hand's start)."""
    fields = [f for f in FIELDS if f.name != "redeals" and f.derived is None]
    lines = ["def reset(st):"] + [f" st.{f.name} = _d{i}" for i, f in enumerate(fields)]
    namespace = {"__builtins__": {}, **{f"_d{i}": f.default for i, f in enumerate(fields)}}
    exec("\n".join(lines), namespace)
    return namespace["reset"]


reset = _make_reset()
