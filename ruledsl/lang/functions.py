"""`functions:` — named expressions with parameters, written once and called anywhere:

    functions:
      top(): last(pile)
      fits(c): suit(c) == suit(top()) or rank(c) == rank(top())

A function is compiled inline at each call (compile/scope.py, `GameScope.call_function`): its
parameters are bound to the arguments, each evaluated once, before the body, so a call costs
nothing at play time and the body is type-checked with the types of each call's arguments. The
body sees its parameters and the game's own names (zones, counters, options, built-ins, other
functions), never the names of the place it is called from (`player`, a loop's variable): what
it needs, it takes as a parameter. No function calls itself, directly or through others.
"""
from __future__ import annotations

import re

import attrs

from ..errors import RuleError
from ..expr import ast
from ..source import NOWHERE, Span
from . import builtins
from .declare import Expr

SIGNATURE = re.compile(r"\s*([a-z_][a-z0-9_]*)\s*\(\s*((?:[a-z_][a-z0-9_]*\s*(?:,\s*[a-z_][a-z0-9_]*\s*)*)?)\)\s*")
MAX_PARAMS = 8
SIGNATURE_HINT = "write the name and its parameters in parentheses, e.g. 'fits(c): …' or 'top(): …'"


@attrs.frozen
class Function:
    name: str
    params: tuple[str, ...]
    body: Expr
    span: Span = attrs.field(default=NOWHERE, eq=False)      # the signature in the file

    @property
    def signature(self) -> str:
        return f"{self.name}({', '.join(self.params)})"


def signature(text: str, span: Span) -> tuple[str, tuple[str, ...]]:
    """`fits(c)` → ('fits', ('c',)); a located error for anything else."""
    m = SIGNATURE.fullmatch(text)
    if m is None:
        raise RuleError(span, f"'{text}' is not a function's name and parameters", SIGNATURE_HINT)
    name = m.group(1)
    params = tuple(p.strip() for p in m.group(2).split(",") if p.strip())
    twice = [p for i, p in enumerate(params) if p in params[:i]]
    if twice:
        raise RuleError(span, f"parameter '{twice[0]}' is named twice in {name}()")
    if len(params) > MAX_PARAMS:
        raise RuleError(span, f"{name}() has {len(params)} parameters; at most {MAX_PARAMS}")
    return name, params


def check(functions: dict[str, Function], zones, counters, options) -> list[RuleError]:
    """The errors of the `functions:` section against the rest of the file: a name that is
    already a built-in, zone, counter or option; a function that calls itself (a cycle)."""
    errors = []
    taken = [(builtins.FUNCTIONS, "a built-in function"), (builtins.NAMES, "a built-in name"),
             (zones, "a zone"), (counters, "a counter"), (options, "an option")]
    for f in functions.values():
        for names, what in taken:
            if f.name in names:
                errors.append(RuleError(f.span, f"function '{f.name}' has the name of {what}",
                                        f"give the function another name, such as '{f.name}_of'"))
                break
    errors += _cycles(functions)
    return errors


def calls(f: Function) -> list[str]:
    """The names `f`'s body calls, in source order (built-ins and zones included)."""
    out, stack = [], [f.body.tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Call) and node.name not in out:
            out.append(node.name)
        stack.extend(reversed(list(ast.children(node))))
    return out


def _cycles(functions: dict[str, Function]) -> list[RuleError]:
    """A located error for each function that calls itself, directly or through others,
    naming the functions of the cycle in order."""
    graph = {name: [g for g in calls(f) if g in functions] for name, f in functions.items()}
    errors, reported = [], set()
    for start in functions:
        path = _cycle_from(start, graph)
        if path is not None and not set(path) & reported:
            reported |= set(path)
            chain = " → ".join(f"{name}()" for name in (*path, path[0]))
            errors.append(RuleError(functions[start].span, f"function '{start}' calls itself: {chain}",
                                    "a function may not call itself, directly or through others: "
                                    "write the repetition with a comprehension, e.g. sum(… for x in xs)"))
    return errors


def _cycle_from(start: str, graph: dict[str, list[str]]) -> list[str] | None:
    """The functions of a call path from `start` back to `start`, if there is one."""
    stack, seen = [(start, [start])], set()
    while stack:
        name, path = stack.pop()
        for callee in graph[name]:
            if callee == start:
                return path
            if callee not in seen:
                seen.add(callee)
                stack.append((callee, [*path, callee]))
    return None
