"""A value as the table shows it: cards as text, fractions as 1/3, lists space-separated."""
from __future__ import annotations


def show(value) -> str:
    if isinstance(value, (list, tuple)):
        return " ".join(show(v) for v in value)
    if value is None:
        return "-"
    if value is True or value is False:
        return "yes" if value else "no"
    return str(value)
