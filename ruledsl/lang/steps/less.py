"""A list less the value a plain loop over a choice's values is at, asked for each value: read
from a table made once before the loop (candidates.py's `leaf` calls `lift`).

A rule that lets a player knock when the cards left outside the best melds, less the card
discarded, count 10 or less asks, for each card `c` of the hand,

    points(xs) - sum(points(m) for m in best_melds(xs, 'run'))     with xs = [d for d in hand(player) if d != c]

Written as is, each card makes the list, sums its points and splits it into melds. But the hand
is the same for every card (it does not read the value), and the meld machinery can split a
hand less each of its cards in one pass (runtime/melds.py `melded_less`: a card in no meld of
the hand leaves its best split as it is), so the plan reads

    points(X less c)                                  @points_less(X)[c]
    sum(points(m) for m in best_melds(X less c, O))   @melded_less(X, O)[c]

where `X less c` is a comprehension `[d for d in X if d != c]` (or `c != d`), `c` the choice's
variable, X any list of cards that does not read it, O a text written in the rule (the order's
name). The tables (runtime/less.py `Less`) are made before the loop, after the `when:`'s
steady parts; the file's functions are looked through: a call whose body holds such a part is
worked out, in the loop, from its body with those parts read from the tables. Only for decks
whose points are whole numbers (the sums are then the same integers). Nothing inside a
comprehension of the `when:` is looked at (its own loop variable could hide the choice's).

The tables are made for every card of X, and before the loop: where the brute force would
not make them (no value offered), a failure falls back to `_e`'s answers (candidates.py's doc),
so what is offered is the same.
"""
from __future__ import annotations

import attrs

from ...expr import ast
from ...expr.codegen import Frag
from ...expr.compiler import generator
from ...expr.types import INT
from ...expr.ast import rebuilt
from .candidates import Planner, Term


@attrs.frozen
class Lifted:
    """A call of one of the file's functions whose body reads a table: its body (`term`, the
    parts rewritten), worked out where the call is (Planner.compile binds it)."""

    term: Term


@attrs.frozen
class Table:
    """A table to make before the loop: `@points_less(X)` or `@melded_less(X, O)` as a Term."""

    name: str
    term: Term


def lift(p: Planner, term: Term, tables: list, lifted: dict) -> Term:
    """`term` with each part this module reads from a table replaced by a name (`@lessN`: the
    table, read at the value; `@liftN`: a function's body, in `lifted`); `tables` gathers what
    to make before the loop."""
    if not p.c.deck.whole_points:
        return term
    return term.at(_walk(p, term, tables, lifted))


def _walk(p: Planner, term: Term, tables: list, lifted: dict):
    node = term.node
    if isinstance(node, ast.Comprehension):
        return node
    if isinstance(node, ast.Call):
        found = _table(p, term)
        if found is not None:
            name = f"@less{len(tables)}"
            tables.append(Table(name, found))
            return ast.Name(name=name, offset=node.offset, width=node.width)
        if node.name in p.functions and len(node.args) == len(p.functions[node.name].params):
            body = p.resolve(term)
            if not isinstance(body.node, ast.Comprehension):
                new = _walk(p, body, tables, lifted)
                if new is not body.node:
                    name = f"@lift{len(lifted)}"
                    lifted[name] = Lifted(body.at(new))
                    return ast.Name(name=name, offset=node.offset, width=node.width)
    return rebuilt(node, lambda child: _walk(p, term.at(child), tables, lifted))


def _table(p: Planner, term: Term) -> Term | None:
    """The table that answers `term` (a call), as a Term of its own text, or None."""
    node = term.node
    if node.name in p.functions:
        return None
    if node.name == "points" and len(node.args) == 1 and not generator(node):
        seq = _less(p, term.at(node.args[0]))
        return None if seq is None else seq.at(ast.Call(name="@points_less", args=(seq.node,),
                                                        offset=seq.node.offset, width=seq.node.width))
    if node.name == "sum" and generator(node):
        gen = node.args[0]
        element, loop = gen.element, gen.loop
        if gen.more or loop.cond is not None or not isinstance(loop.seq, ast.Call) or \
                loop.seq.name != "best_melds" or "best_melds" in p.functions or len(loop.seq.args) != 2 or \
                not (isinstance(element, ast.Call) and element.name == "points" and "points" not in p.functions
                     and len(element.args) == 1 and isinstance(element.args[0], ast.Name)
                     and element.args[0].name == loop.var):
            return None
        order = p.resolve(term.at(loop.seq.args[1])).node
        seq = _less(p, term.at(loop.seq.args[0]))
        if seq is None or not (isinstance(order, ast.Literal) and isinstance(order.value, str)):
            return None
        return seq.at(ast.Call(name="@melded_less", args=(seq.node, order), offset=seq.node.offset,
                               width=seq.node.width))
    return None


def _less(p: Planner, term: Term) -> Term | None:
    """X, as a Term, where `term` is `[d for d in X if d != v]` (or `v != d`), v the choice's
    variable and X a list that does not read it; else None."""
    t = p.resolve(term)
    node = t.node
    if not isinstance(node, ast.Comprehension) or node.generator or node.more:
        return None
    d, cond = node.loop.var, node.loop.cond
    if not (isinstance(node.element, ast.Name) and node.element.name == d and isinstance(cond, ast.Compare)
            and cond.ops == ("!=",)):
        return None
    a, b = cond.operands
    other = b if isinstance(a, ast.Name) and a.name == d else a if isinstance(b, ast.Name) and b.name == d else None
    if other is None or d in ast.names_used(other) or d in ast.names_used(node.loop.seq):
        return None
    v = p.resolve(t.at(other))
    if not (v.env is None and isinstance(v.node, ast.Name) and v.node.name == p.var):
        return None
    seq = t.at(node.loop.seq)
    return None if p.reads_value(seq) else seq


def make(p: Planner, tables: list, var: str) -> dict:
    """Write each table before the loop; give the names that read them at the value `var`."""
    c, marks = p.c, {}
    for table in tables:
        made = c.w.temp()
        c.w.line(f"{made} = {c.w_src(p.compile(table.term))}")
        marks[table.name] = Frag(src=f"{made}[{var}]", type=INT)
    return marks
