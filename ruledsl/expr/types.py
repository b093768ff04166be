"""Static types of expressions: what kinds of value an expression may give, and what a field or
a function's parameter takes.

A type is a set of *kinds* — int, fraction, bool, text, card, suit, seat, team, none, list — with
the type of the items when it holds lists. Seats and teams are whole numbers at play time, but a
kind of their own here, so that `points(dealer)` (a seat where cards belong) is refused at load.
A place that takes a seat also takes a plain whole number (`score(1 - win)`, a team counted by
hand), checked at play time, and a whole-number constant is range-checked against the player
counts when the file is loaded.

Checking is by overlap: a value whose kinds share none with what the place takes is an error
(`left(0.5)`: a fraction where a seat goes); one that may fit (a counter that holds a seat or
none) is accepted, and whatever it holds is checked when the game runs.
"""
from __future__ import annotations

import attrs

KINDS = ("int", "fraction", "bool", "text", "card", "suit", "seat", "team", "none", "list", "record")
# How a kind is named in messages ("`30` is a number").
KIND_WORDS = {"int": "a number", "fraction": "a fraction", "bool": "true or false", "text": "text",
              "card": "a card", "suit": "a suit", "seat": "a seat", "team": "a team",
              "none": "none", "list": "a list", "record": "a record"}
PLURAL_WORDS = {"int": "numbers", "fraction": "fractions", "bool": "true/false values", "text": "texts",
                "card": "cards", "suit": "suits", "seat": "seats", "team": "teams", "none": "nones",
                "list": "lists", "record": "records"}
NUMERIC = frozenset({"int", "fraction", "seat", "team"})     # what arithmetic takes


@attrs.frozen
class Type:
    """The kinds of value an expression may give; `item`: the type of a list's items (None: any)."""

    kinds: frozenset
    item: "Type | None" = None
    name: str | None = attrs.field(default=None, eq=False)    # a place's own words ("a seat")
    seats: bool = attrs.field(default=False, eq=False)        # a place for seats: constants range-checked
    fields: tuple | None = None      # a record's fields as (name, Type) pairs, by name (None: not known)

    def __or__(self, other: Type) -> Type:
        item = self.item
        if "list" in other.kinds:
            item = other.item if "list" not in self.kinds else _join_items(self.item, other.item)
        fields = self.fields
        if "record" in other.kinds:
            fields = other.fields if "record" not in self.kinds else _join_fields(self.fields, other.fields)
        kinds = self.kinds | other.kinds
        return Type(kinds, item if "list" in kinds else None, fields=fields if "record" in kinds else None)

    def field(self, name: str) -> "Type | None":
        """The type of a record's field `name`; None when the record's fields are known and it
        is not one of them."""
        if self.fields is None:
            return ANY
        return next((t for n, t in self.fields if n == name), None)

    def has(self, *kinds: str) -> bool:
        return any(k in self.kinds for k in kinds)

    def only(self, *kinds: str) -> bool:
        return bool(self.kinds) and self.kinds <= set(kinds)

    def within(self, *kinds: str) -> bool:
        """Whether every value of this type is of `kinds`: as `only`, and true of nothing too
        (a counter not typed yet, while program.py infers the counters' types from below)."""
        return self.kinds <= set(kinds)

    def fits(self, place: Type) -> bool:
        """Whether a value of this type may be what `place` takes (they share a kind; for lists,
        their items share one too)."""
        if not self.kinds:          # nothing (the items of an empty list) fits anywhere
            return True
        common = self.kinds & place.kinds
        if not common:
            return False
        if common == {"list"} and self.item is not None and place.item is not None:
            return self.item.fits(place.item)
        return True

    def without(self, *kinds: str) -> Type:
        rest = self.kinds - set(kinds)
        return Type(frozenset(rest), self.item if "list" in rest else None)

    def words(self) -> str:
        """'a number', 'a list of cards', 'a seat or none'."""
        if self.name:
            return self.name
        parts = []
        for kind in KINDS:
            if kind not in self.kinds:
                continue
            if kind == "list" and self.item is not None and self.item.kinds and self.item.kinds != ANY.kinds:
                parts.append("a list of " + self.item.plural())
            elif kind == "record" and self.fields:
                parts.append(f"a record of {', '.join(n for n, _ in self.fields)}")
            else:
                parts.append(KIND_WORDS[kind])
        if self.kinds == ANY.kinds:
            return "any value"
        return _either(parts)

    def plural(self) -> str:
        return _either([PLURAL_WORDS[k] for k in KINDS if k in self.kinds])


def _join_items(a: Type | None, b: Type | None) -> Type | None:
    return None if a is None or b is None else a | b


def _join_fields(a: tuple | None, b: tuple | None) -> tuple | None:
    """The fields of either of two record types: each name of either, its types joined."""
    if a is None or b is None:
        return None
    joined = dict(a)
    for name, t in b:
        joined[name] = joined[name] | t if name in joined else t
    return tuple(sorted(joined.items()))


def record_of(fields: dict) -> Type:
    return Type(frozenset({"record"}), fields=tuple(sorted(fields.items())))


def _either(parts: list[str]) -> str:
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def of(*kinds: str, item: Type | None = None, name: str | None = None, seats: bool = False) -> Type:
    return Type(frozenset(kinds), item, name, seats)


def list_of(item: Type) -> Type:
    return Type(frozenset({"list"}), item)


INT = of("int")
FRACTION = of("fraction")
NUMBER = of("int", "fraction")
BOOL = of("bool")
TEXT = of("text")
CARD = of("card")
SUIT = of("suit")
SEAT = of("seat")
TEAM = of("team")
NONE = of("none")
ANY = Type(frozenset(KINDS), None)
CARD_LIST = list_of(CARD)
SEAT_LIST = list_of(SEAT)

# What places take.
NOTHING = Type(frozenset())          # the items of an empty list: fits wherever a list goes

# What places take, each with its own words.
A_SEAT = of("seat", "int", name="a seat", seats=True)    # or a whole number, checked at play time
SEATS = of("seat", "int", "list", item=A_SEAT, name="seats", seats=True)
A_TEAM = of("team", "seat", "int", name="a team (or a seat, for its team)", seats=True)
CARDS = of("card", "list", "none", item=CARD, name="cards")   # none: no cards
WHOLE = of("int", name="a whole number")
A_NUMBER = Type(NUMERIC, name="a number")
A_SUIT = of("suit", "none", name="a suit")
SHOWN_TO = of("bool", "none", "seat", "int", "list", item=A_SEAT, name="seats, or true for everyone", seats=True)
A_LIST = of("list", "text", name="a list")        # what `in` looks into and loops run over
RECORD = of("record", name="a record")
CONDITION = ANY                                  # when: any value, read as true or false


def holds_seats(t: Type) -> bool:
    """Whether every value of type `t` is a seat, none, or a list of those: shown by seat names."""
    if t.only("list"):
        return t.item is not None and holds_seats(t.item)
    return t.has("seat") and t.only("seat", "none")


def seat_fields(t: Type) -> frozenset:
    """The fields that hold seats of the records a value of type `t` is, or holds in its lists
    (a build's `owner`): shown by seat names too."""
    if t.only("list"):
        return seat_fields(t.item) if t.item is not None else frozenset()
    if not t.has("record") or t.fields is None:
        return frozenset()
    return frozenset(name for name, field in t.fields if holds_seats(field))


def literal(value) -> Type:
    """The type of a constant of the language."""
    if value is None:
        return NONE
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int):
        return INT
    if isinstance(value, str):
        return TEXT
    return FRACTION
