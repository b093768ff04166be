"""A value as the table shows it: cards as text, fractions as 1/3, lists space-separated; a value
the type checker knows holds seats (expr/types.py `holds_seats`) by the seats' names."""
from __future__ import annotations

from ..expr.values import show
from .helpers import SEAT_NAMES

__all__ = ["show", "show_seats"]      # show lives with the values it shows (a record shows its fields)


def show_seats(value, names: str = SEAT_NAMES) -> str:
    """A seat, none or a list of them, with seats by name (`ranking: B C D A`)."""
    if isinstance(value, (list, tuple)):
        return " ".join(show_seats(v, names) for v in value)
    if type(value) is int and 0 <= value < len(names):
        return names[value]
    return show(value)
