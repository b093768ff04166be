"""A steady value read from a constant table, compared on each value with a read of the same
table (`suit(c) == suit(upcard())`, `rank(c) == rank(upcard())`): the plan (candidates.py)
works the steady read out once, before the values; here the row of that table's equalities at
the steady index is read with it, once, so that each value's test is one read of the row (no
text compared: operators.py `_rowed`). The row is the table's own test, made when compiled:
`table[i] == table[x]` is `EQUAL[x][i]`, and an index the table lacks fails alike.
"""
from __future__ import annotations

import re

from ...expr import ast


def compared(residual, found: dict) -> set:
    """The keys of the steady terms (`found`: key -> (name, Term)) that a comparison `==` or `!=`
    of the residual terms has as one side."""
    keys = {name: key for key, (name, _) in found.items()}
    out: set = set()

    def walk(node) -> None:
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and node.ops[0] in ("==", "!="):
            out.update(keys[n.name] for n in node.operands if isinstance(n, ast.Name) and n.name in keys)
        for child in ast.children(node):
            walk(child)

    for term in residual:
        walk(term.node)
    return out


def row(c, frag) -> tuple | None:
    """For a steady `frag` read from a constant table at an index held in a name, the line just
    written holding its value: write the row of the table's equalities at that index; (the
    table, the row's name, that line). None for another."""
    if frag.looked_up is None or not frag.looked_up[1].isidentifier():
        return None
    table, x = frag.looked_up
    value = c.w.items[-1]
    equal = c.w.const(tuple(tuple(u == v for u in table) for v in table), "EQUAL")
    held = c.w.temp()
    c.w.line(f"{held} = {equal}[{x}]")
    return table, held, value


def unread(c, marks: dict) -> None:
    """Take out the line holding a steady value that brought a row, where every test read the
    row instead (the lines written since read the value's name nowhere)."""
    items = c.w.items
    for mark in marks.values():
        line = getattr(mark, "equal_row", None) and mark.equal_row[2]        # (marks: Frags, and less.py's)
        at = next((i for i, item in enumerate(items) if item is line), None) if line else None
        if at is not None and not any(re.search(rf"\b{mark.src}\b", getattr(item, "text", "")) for item in items[at + 1:]):
            del items[at]
