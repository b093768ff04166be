"""A value as the table shows it: cards as text, fractions as 1/3, lists space-separated; a value
the type checker knows holds seats (expr/types.py `holds_seats`) by the seats' names."""
from __future__ import annotations

from ..expr.records import Record
from ..expr.values import show
from .helpers import SEAT_NAMES

__all__ = ["show", "show_seats"]      # show lives with the values it shows (a record shows its fields)


def show_seats(value, names: str = SEAT_NAMES, fields: frozenset | None = None) -> str:
    """A seat, none or a list of them, with seats by name (`ranking: B C D A`); with `fields`
    (expr/types.py seat_fields), records or lists of them whose fields of those names hold
    seats (`{cards: 3D 4H 2C, owner: A, value: 9}`)."""
    if isinstance(value, (list, tuple)):
        return " ".join(show_seats(v, names, fields) for v in value)
    if fields is not None:
        if type(value) is not Record:
            return show(value)
        return "{" + ", ".join(f"{n}: {show_seats(v, names) if n in fields else show(v)}"
                               for n, v in zip(value.names, value.values)) + "}"
    if type(value) is int and 0 <= value < len(names):
        return names[value]
    return show(value)
