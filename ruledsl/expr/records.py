"""Records: values with named fields (`{cards: [5H, 4D], value: 9, owner: player}`, read as
`b.value`): a build on the table, a hand after a split with its own stake. A record is a value
like a number or a list — immutable, compared field by field, shown as `{value: 9, owner: B}` —
so a counter holds one or a list of them, and a new one replaces an old one.
"""
from __future__ import annotations

from .values import EvalError, describe, show


class Record:
    """Named values: `names` (sorted) and `values` in the same order."""

    __slots__ = ("names", "values")

    def __init__(self, names: tuple, values: tuple):
        self.names, self.values = names, values

    def __eq__(self, other) -> bool:
        return type(other) is Record and other.names == self.names and other.values == self.values

    def __ne__(self, other) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self.names, _frozen(self.values)))

    def __str__(self) -> str:
        return "{" + ", ".join(f"{n}: {show(v)}" for n, v in zip(self.names, self.values)) + "}"

    __repr__ = __str__

    def __reduce__(self):
        return Record, (self.names, self.values)

    def __getattr__(self, name: str):
        """A field by name, for the engine's own reading (`build.cards`)."""
        try:
            return self.values[self.names.index(name)]
        except ValueError:
            raise AttributeError(name) from None


def _frozen(value):
    """A value made hashable (lists as tuples), for a record's hash."""
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


def field(record, name: str, span=None):
    """`record.name`, or an EvalError saying why there is none."""
    if type(record) is not Record:
        raise EvalError(f"cannot read .{name} of {describe(record)}: only a record has fields", span)
    try:
        return record.values[record.names.index(name)]
    except ValueError:
        raise EvalError(f"the record {record} has no field '{name}'", span,
                        f"its fields: {', '.join(record.names)}") from None
