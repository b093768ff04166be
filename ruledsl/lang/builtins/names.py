"""The built-in names (`dealer`, `players`, `trick`, the hand's fields …): type, doc and source."""
from __future__ import annotations

from typing import Callable

from ...runtime import hand
from ...runtime.hand import READABLE
from ...expr.types import BOOL, CARD_LIST, INT, SEAT, SEAT_LIST, SUIT, list_of
from .base import Name


def _field(name: str) -> Callable:
    return lambda w, g: f"st.{name}"


def _hand_name(f: hand.HandField) -> Name:
    """A hand field as a name of the language, read as runtime/hand.py says (a list, copied)."""
    src = hand.source(f)
    if f.type.has("list"):
        return Name(f.name, f.type, f.doc, lambda w, g: f"_list({src})", lambda w, g: src)
    return Name(f.name, f.type, f.doc, lambda w, g: src)


def _seats(w, g) -> str:
    return f"_list({w.const(tuple(range(g.n)))})"


def _active(w, g) -> str:
    return "_list(st.seating.active)"


def _active_items(w, g) -> str:
    return "st.seating.active"


NAMES: dict[str, Name] = {n.name: n for n in [
    Name("players", INT, "the number of players still in the match", _field("live")),
    Name("seats", SEAT_LIST, "every seat, in seat order", _seats,
         lambda w, g: w.const(tuple(range(g.n)))),
    Name("active", SEAT_LIST, "the seats still in the match, in seat order", _active, _active_items),
    Name("out", SEAT_LIST, "the seats out of the match", lambda w, g: "_out(st)"),
    Name("dealer", SEAT, "the dealer", _field("dealer")),
    Name("leader", SEAT, "the leader of the trick in play (the winner of the last one, between tricks)",
         _field("leader")),
    Name("hand_number", INT, "the number of the hand being played, from 1", _field("hand_number")),
    Name("partnerships", BOOL, "whether this match plays in partnerships (`teams:`, for its player count)",
         lambda w, g: "True" if g.n_teams < g.n else "False"),
    Name("suits", list_of(SUIT), "the four suits, `[S, H, D, C]`",
         lambda w, g: f"_list({w.const(('S', 'H', 'D', 'C'))})"),
    Name("trick", CARD_LIST, "the cards of the trick in progress, in play order",
         lambda w, g: "_trick_cards(st.trick)"),
    *(_hand_name(f) for f in READABLE.values()),
]}
