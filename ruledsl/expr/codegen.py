"""What the expression compiler writes: typed fragments of Python source, and the lines before them.

A Frag is one compiled sub-expression: Python source (an expression of the function being
written, reading the state as `st`) or a constant known now, with its static type. A Unit holds
the lines a fragment needs first (a loop, a value kept in a temporary), with indents relative to
where they will be written. The names a Unit uses for constants and temporaries come from the
program being written (`Names`), so fragments of many expressions share one generated module.

Safety: the source holds only the compiler's own words — the names it invents (`st`, temporaries
`_t3`, loop variables `_v4`, constants named by role in capitals: `AT_47_15`, `PLAYS`), the
helper names of the runtime, Python operators and keywords, and whole numbers, true, false and
none written by `repr` from the values it holds (zone and counter indices, parsed numbers).
Every other value — texts, cards, names, fractions, every span and runtime object — is a
constant bound to a module global (compile/writer.py `Writer.const`), named never by its text;
no character of an author's text is ever written into source.
"""
from __future__ import annotations

from typing import Any, Iterable, Protocol

import attrs

from .types import ANY, Type

Lines = list[tuple[int, str]]
"""Source lines as (indent, text), the indent relative to the start of the block."""


@attrs.frozen
class Frag:
    """A compiled sub-expression: Python source or a constant, with its static type."""

    src: str | None = None       # an expression of the function being written
    const: tuple | None = None   # (value,): known now
    type: Type = ANY
    atomic: bool = False         # src is one name (or constant): it may be read twice
    live: bool = False           # src is a zone of the state: copy it before keeping it
    zone: str | None = None      # ... and this is the zone's index (a move of a whole zone)
    items: str | None = None     # a source to loop over instead of src (a tuple, not a new list)
    steady: bool = False         # src only reads the state (a game counter, an option, the ranking):
                                 # one value all through an expression, which changes nothing
    counted: str | None = None   # a list's length without making the list itself (count(cards(hand, S)))
    length_of: str | None = None  # this is the length of a list, the (atomic) source given: `count(xs) == 0`
                                 # is then `not xs`
    floored: str | None = None   # the number rounded down without making it (floor(points(won)))
    most: int | None = None      # the most items the list may hold (or the largest whole number it
                                 # may be), if the compiler knows (loops.py)
    items_most: int | None = None    # ... and the most each of its items may hold (a group, a combination)
    origin: str | None = None    # a card: the index of the zone it most likely lies in (a choice's
                                 # `each:` zone, `last(deck)`'s deck), where a move looks first
    looked_up: tuple | None = None   # this is a constant table read at one index: (the table, the
                                 # index's source); compared with a constant, it is read from a table
                                 # of the answers instead (`rank(c) == '7'`: no text compared)
    first_of: str | None = None  # a new list of the first cards of this zone (its index), in its order:
                                 # a move takes them off by one slice (compile/moves.py)
    equal_row: tuple | None = None   # a steady value read from a constant table, with the row of that
                                 # table's equalities at its index: (the table, the row's source, the
                                 # line holding the value); compared with a read of the same table,
                                 # the row is read (lang/steps/rows.py)


class Names(Protocol):
    """Where constants and temporaries get their names (the program being written)."""

    def const(self, value: Any) -> str: ...
    def temp(self, prefix: str = "_t") -> str: ...


class Unit:
    """Lines written for one place of the generated code, before its value is used."""

    def __init__(self, names: Names) -> None:
        self.names = names
        self.lines: Lines = []

    def const(self, value: Any) -> str:
        return self.names.const(value)

    def temp(self, prefix: str = "_t") -> str:
        return self.names.temp(prefix)

    def emit(self, *texts: str) -> None:
        self.lines += [(0, t) for t in texts]

    def block(self, header: str, body: Lines) -> None:
        self.lines.append((0, header))
        self.lines += indent(body or [(0, "pass")])

    def mark(self) -> int:
        return len(self.lines)

    def take(self, mark: int) -> Lines:
        """The lines written since `mark`, removed (to be put inside a block)."""
        lines = self.lines[mark:]
        del self.lines[mark:]
        return lines

    def src(self, frag: Frag) -> str:
        """`frag` as source: a constant becomes its name."""
        return self.const(frag.const[0]) if frag.const is not None else frag.src


def indent(lines: Iterable[tuple[int, str]]) -> Lines:
    return [(i + 1, text) for i, text in lines]
