"""A part of a choice's `when:` that picks between two tests by a steady condition, taken out of
the loop over the values (candidates.py's `leaf`).

A shedding game's `fits(c)` may read `A if owed > 0 else B`, and B `J or (suit(c) == wish if wish
!= none else C)`: written as it stands, each card tests `owed > 0` and `wish != none` again,
though neither reads the card. Where the part a plain loop tests first on every value is such a choice
— `A if S else B`, or `X or (A if S else B)` / `(A if S else B) or X` (either side), S reading
neither the value nor a loop's variable — the loop is written twice, under `if S:` with A in
its place and under `else:` with B, and each of those is looked at again. The meaning is the
same: S is one value all through the listing (an expression changes nothing), and Python's
`if` tests it as the expression's `if` does. It is worked out once before the values, where the
brute force might not (no value to test): a failure there falls back to `_e`'s answers, as any
steady part's does (candidates.py's doc). The flag known.py keeps for that first part is set
in each loop, so a later choice reads it as before.
"""
from __future__ import annotations

import attrs

from ...expr import ast

MAX_SPLITS = 3          # loops written at most 2 ** MAX_SPLITS times for one plan's leaf


def unswitched(p, term):
    """(S, the part where S holds, where it does not) as Terms, for a part `term` that chooses by
    a steady S as above; None for any other."""
    r = p.resolve(term)
    node = r.node
    if isinstance(node, ast.IfElse) and _steady(p, r.at(node.cond)):
        return r.at(node.cond), r.at(node.then), r.at(node.orelse)
    if isinstance(node, ast.BoolOp):
        for side in ("left", "right"):
            inner = getattr(node, side)
            if isinstance(inner, ast.IfElse) and _steady(p, r.at(inner.cond)):
                return (r.at(inner.cond), r.at(attrs.evolve(node, **{side: inner.then})),
                        r.at(attrs.evolve(node, **{side: inner.orelse})))
    return None


def _steady(p, term) -> bool:
    """Whether `term` reads neither the choice's value nor a loop's variable (no comprehension
    around it in the part: the node is the IfElse's own condition)."""
    return not p.reads_value(term)
