"""The names and functions every rule file's expressions may use, each declared once: its
signature (what it takes, what it gives), its documentation and its code.

The expression compiler checks every call against the signature here (`points(dealer)`: a seat
where cards go), the docs' table of built-ins is generated from it (docs/language.md, checked by
a test), and `emit` writes the call's Python source. Emitters get the compiler (`c`), the game's
tables and names (`g`, compile/scope.py) and the compiled arguments. The functions are declared
by what they work on: lists.py (numbers and lists), seats.py, cards.py, combinations.py; the
names in names.py.
"""
from __future__ import annotations

from ...errors import RuleError
from ...expr import ast
from ...expr.codegen import Frag
from ...expr.compiler import generator
from ...expr.types import A_NUMBER, of
from . import cards, combinations, copies, hands, lists, seats
from .base import ANY_ARGS, Function, Name
from .names import NAMES

FUNCTIONS: dict[str, Function] = {f.name: f for f in [
    *lists.FUNCTIONS, *seats.FUNCTIONS, *cards.FUNCTIONS, *combinations.FUNCTIONS, *hands.FUNCTIONS]}
# ... and those only the plan of an ask's candidates writes (lang/steps/less.py)
PLANNED: dict[str, Function] = {f.name: f for f in combinations.PLANNED}

# What an option's default may call: the functions that read nothing of the game.
PURE = frozenset(f.name for f in FUNCTIONS.values() if not f.game)

__all__ = ["ANY_ARGS", "FUNCTIONS", "NAMES", "PURE", "Function", "Name", "call"]


def call(c, g, node: ast.Call) -> Frag | None:
    """A call of a built-in function, checked against its signature and written; None if
    `node` names none."""
    f = FUNCTIONS.get(node.name) or PLANNED.get(node.name)
    if f is None:
        return None
    span = c.span(node)
    if generator(node):
        gen = node.args[0]
        if f.generator == "no":
            raise RuleError(c.locate(gen.offset, gen.width), f"{f.name} takes a number, not a generator")
        if f.name in ("any", "all", "count", "first"):
            return c.gather(f.name, gen)
        gathered = c.gather("pairs" if f.generator == "must" else "list", gen)
        return copies.emit(f, c, g, [gathered], node)
    if f.generator == "must":
        raise RuleError(span, f"{f.name} needs a generator argument, like {f.name}(score(p) for p in active)")
    lo, hi = f.arity or (len(f.params), len(f.params))
    n = len(node.args)
    if not lo <= n <= hi:
        count = f"{lo} argument" if lo == hi else f"at least {lo} argument"
        raise RuleError(span, f"{f.name} takes {count}{'s' if lo != 1 else ''}, not {n}")
    if f.parts is not None and (frag := f.parts(c, g, node)) is not None:
        return frag
    args = c.operands(node.args)
    if n <= len(f.params):                   # each argument against its parameter
        for (_, place), arg, arg_node in zip(f.params, args, node.args):
            c.check(arg, place, arg_node, f"`{f.name}()`")
    else:
        for arg, arg_node in zip(args, node.args):
            c.check(arg, A_NUMBER | of("text", "card", "suit", "seat", "team"), arg_node, f"`{f.name}()`")
    return copies.emit(f, c, g, args, node)

