"""Values of the file's functions kept between the tests at the end of a turn.

A turn often ends with steps that test the same function of the state as the turn's `until:`
(a climbing game's "everyone else has passed" counts the players still `holding()` cards, and
the turns end when `len(holding()) <= 1`); written as they stand, the function is worked out at
each test.
Where its value cannot have changed in between, it is worked out once: after the turn's last
step that may wait (so that every test lies in the same generated function), a function called
without arguments more than once by those steps' texts, `until:` and `next:` is written to a
temporary (None at first; where it is first met, `if T is None:` works it out, and every later
call reads T), and a step that may change what the function reads sets T back to None after it.

What a step may change is told from its statements alone (`do:`: an assignment changes the
counter or field it names; a move the zone it names and the zone the cards come from, when the
cards are a zone, else every zone; anything else, everything), and what a function reads from
the names its body uses, through the functions it calls. An expression changes nothing, so the
tests themselves keep every value. A value that is none, or a zone itself, is not kept.
"""
from __future__ import annotations

import contextlib

from ..expr import ast
from ..expr.codegen import Frag
from ..lang import walk


def _calls(node: ast.Node, out: dict) -> None:
    if isinstance(node, ast.Call) and not node.args:
        out[node.name] = out.get(node.name, 0) + 1
    for child in ast.children(node):
        _calls(child, out)


def repeated(functions, exprs) -> list[str]:
    """The file's functions called without arguments more than once in `exprs` (Exprs)."""
    found: dict = {}
    for e in exprs:
        if e is None:
            continue
        for tree in (e.tree if e.form == "statements" else [e.tree]):
            _calls(tree, found)
    return [name for name, n in found.items() if n > 1 and name in functions and not functions[name].params]


def reads(functions, name: str) -> set[str]:
    """The names the body of function `name` reads, through the functions it calls."""
    seen, todo, names = set(), [name], set()
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        seen.add(f)
        used = ast.names_used(functions[f].body.tree) - set(functions[f].params)
        names |= used
        todo += [g for g in used if g in functions]
    return names


def _zone(node: ast.Node, zones) -> str | None:
    """The zone `node` names (`pile`, `hand(p)`), if it is one."""
    if isinstance(node, ast.Name) and node.name in zones:
        return node.name
    if isinstance(node, ast.Call) and node.name in zones:
        return node.name
    return None


def changes(step, read: set[str], zones) -> bool:
    """Whether `step` may change what a function reading the names `read` reads."""
    if step.kind != "do":
        return True
    for part in step.statements.parts:
        for node in part.tree:
            if isinstance(node, ast.Assign):
                if node.target.name in read:
                    return True
            elif isinstance(node, ast.Move):
                source = _zone(node.cards, zones)
                if source is None or source in read or node.zone.name in read:
                    return True
            else:                        # reveal, shuffle: what seats know, the zones' order
                return True
    return False


@contextlib.contextmanager
def keeping(c, steps, exprs):
    """Inside, calls without arguments of the file's functions called more than once by
    `steps` (compiled with `c.steps` inside) and `exprs` are kept (scope.py call_function reads
    `c.scope.kept`); yields `after(step)`, to be called after each step is written."""
    functions = c.ruleset.functions
    texts = [e for s in steps for e in walk.expressions(s)] + list(exprs)
    names = repeated(functions, texts)
    temps = {name: c.w.temp() for name in names}
    for temp in temps.values():
        c.w.line(f"{temp} = None")
    read = {name: reads(functions, name) for name in names}
    zones = c.layout.zones

    def after(step) -> None:
        for name, temp in temps.items():
            if changes(step, read[name], zones):
                c.w.line(f"{temp} = None")
    saved = c.scope.kept
    c.scope.kept = {**saved, **temps}
    try:
        yield after
    finally:
        c.scope.kept = saved


def kept_call(scope, c, node: ast.Call, temp: str) -> Frag:
    """A call without arguments whose value `temp` keeps (scope.kept): worked out only while
    `temp` is None, then read from it. A value that is none or a zone is not kept."""
    kept, scope.kept = scope.kept, {k: v for k, v in scope.kept.items() if k != node.name}
    try:
        mark = c.unit.mark()
        frag = scope.call_function(c, node)
    finally:
        scope.kept = kept
    if frag.const is not None or frag.live:
        return frag
    body = c.unit.take(mark) + [(0, f"{temp} = {c.unit.src(frag)}")]
    c.unit.block(f"if {temp} is None:", body)
    return Frag(src=temp, type=frag.type, atomic=True, most=frag.most, items_most=frag.items_most)
