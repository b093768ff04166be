"""Loops of the expression language, compiled: comprehensions, generators given to a
built-in (`sum(… for p in active)`) and a statement over a list (`lives(p) -= 1 for p in xs`)
(a mixin of compiler.Compiler).

A loop variable is a Python variable of the function being written. A steady read inside the
loops (a game counter, an option: Frag.steady) is written once before the outermost one.
"""
from __future__ import annotations

from ..errors import RuleError
from ..lang.types import A_LIST, ANY, BOOL, INT, Type, list_of
from . import ast
from .codegen import Frag, Lines, indent

MAX_LOOPS = 12   # loops nested in one expression (Python allows 20 nested blocks in a function)

# What a loop does with each produced value `{e}` (the loop variable is `{v}`): the result `{r}`
# starts as the first item of the pair. any/all/count/first stop as soon as the answer is known;
# `count(lives(p) > 0 for p in s)` counts the true ones, `count(p for p in s if c)` the items:
# every produced value counts except false and none (a seat 0 still counts).
GATHER = {
    "list": ("[]", ["{r}.append({e})"]),
    "pairs": ("[]", ["{r}.append(({v}, {e}))"]),
    "any": ("False", ["if {e}:", " {r} = True", " break"]),
    "all": ("True", ["if not {e}:", " {r} = False", " break"]),
    "count": ("0", ["if {e} is not False and {e} is not None:", " {r} += 1"]),
    "first": ("None", ["{r} = {e}", "break"]),
}


class Loops:
    """The loops' half of the expression compiler."""

    def gather(self, kind: str, node: ast.Comprehension) -> Frag:
        """Loop over a comprehension, doing GATHER[kind] with each value; the result's type is
        that of the gathered list (or BOOL, INT, the element's type for any/all, count, first)."""
        result = self.unit.temp()
        start, step = GATHER[kind]
        self.unit.emit(f"{result} = {start}")
        types = {}

        def body(var: str, var_type: Type) -> None:
            e = self._expr(node.element)
            types["element"], types["var"] = e.type, var_type
            if sum(line.count("{e}") for line in step) > 1:
                e = self.atom(e)
            words = {"r": result, "v": var, "e": self.src(e)}
            self.unit.lines += [(len(line) - len(line.lstrip()), line.strip().format(**words))
                                for line in step]
        if node.more and kind == "pairs":
            raise RuleError(self.span(node.more[0]), "argmax and argmin take one loop `for x in xs`",
                            "make the list first: argmax(e for x in [… for … in … for … in …])")

        def nested(loops):
            """The further loops (`for y in ys` after `for x in xs`), each inside the one before."""
            return (lambda var, var_type: self.loop(loops[0], nested(loops[1:]))) if loops else body
        self.loop(node.loop, nested(node.more))
        element, var = types.get("element", ANY), types.get("var", ANY)
        type_ = {"list": list_of(element), "pairs": list_of(var), "any": BOOL, "all": BOOL,
                 "count": INT, "first": element | Type(frozenset({"none"}))}[kind]
        return Frag(src=result, type=type_, atomic=True)

    def loop(self, loop: ast.Loop, body, copy: bool = False) -> None:
        """Write `for var in seq if cond: body(var, var's type)`; `copy`: loop over a copy of the
        list (a statement's `move` may change the zone being looped over)."""
        if self.loops >= MAX_LOOPS:
            raise RuleError(self.span(loop), f"loops nest too deeply (at most {MAX_LOOPS})")
        unit, outermost = self.unit, not self.loops
        seq = self._expr(loop.seq)
        self.check(seq, A_LIST, loop.seq, "a loop `for … in`")
        items = unit.temp()
        unit.emit(f"{items} = {seq.items or self.src(seq)}")  # `var` is not bound in it
        if not seq.type.only("list"):
            unit.block(f"if _type({items}) is not _list:",
                       [(0, f"{items} = _iterable({items}, {self.span_const(loop.seq)})")])
        if copy and (seq.live or seq.items is None):
            unit.emit(f"{items} = _list({items})")
        var_type = _item(seq.type)
        var = unit.temp("_v")
        self.bound.append((loop.var, Frag(src=var, type=var_type, atomic=True)))
        self.loops += 1
        try:
            mark = unit.mark()
            cond = self.src(self._expr(loop.cond)) if loop.cond is not None else None
            lines = unit.take(mark)
            body(var, var_type)
            inner: Lines = unit.take(mark)
        finally:
            self.bound.pop()
            self.loops -= 1
        if cond is not None:
            inner = [*lines, (0, f"if {cond}:"), *indent(inner or [(0, "pass")])]
        if outermost:
            unit.emit(*(f"{name} = {src}" for name, src in self.hoisted))
            self.hoisted.clear()
        unit.block(f"for {var} in {items}:", inner)



def _item(t: Type) -> Type:
    """The type of a list's items, as read: any, where the list may be something else or its
    items are not known (a counter that starts as [] and is given lists from outside). Nothing
    while the list's own type is not known yet (a counter in the first round of inference,
    compile_program): were it any, `xs = [x + [c] for x in xs]` would make xs's items any for
    good, whatever its start says."""
    if not t.kinds:
        return t
    if not t.only("list") or t.item is None or not t.item.kinds:
        return ANY
    return t.item

