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
from ..expr.check import FLAT, MAX_DEPTH, MAX_INLINED
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
    already a built-in, zone, counter or option; a function that calls itself (a cycle); one
    too deep or too large once the functions it calls are written out in it (each call is
    compiled in place, so a function calling the next twice doubles at every link)."""
    errors = []
    taken = [(builtins.FUNCTIONS, "a built-in function"), (builtins.NAMES, "a built-in name"),
             (zones, "a zone"), (counters, "a counter"), (options, "an option")]
    for f in functions.values():
        for names, what in taken:
            if f.name in names:
                errors.append(RuleError(f.span, f"function '{f.name}' has the name of {what}",
                                        f"give the function another name, such as '{f.name}_of'"))
                break
    graph = {name: [g for g in calls(f) if g in functions] for name, f in functions.items()}
    cycles = _cycles(functions, graph)
    return errors + cycles if cycles else errors + _too_big(functions, graph)


def calls(f: Function) -> list[str]:
    """The names `f`'s body calls, in source order (built-ins and zones included)."""
    out, seen, stack = [], set(), [f.body.tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Call) and node.name not in seen:
            seen.add(node.name)
            out.append(node.name)
        stack.extend(reversed(list(ast.children(node))))
    return out


def _cycles(functions: dict[str, Function], graph: dict[str, list[str]]) -> list[RuleError]:
    """A located error for each cycle of calls (a function that calls itself, directly or
    through others), naming its functions in order: one depth-first walk, without recursion,
    so that it takes time in proportion to the calls however long a chain of them is."""
    errors = []
    state = dict.fromkeys(graph, 0)        # 0 not seen, 1 on the current path, 2 done
    for root in graph:
        if state[root]:
            continue
        path, stack = [root], [iter(graph[root])]
        state[root] = 1
        while stack:
            callee = next(stack[-1], None)
            if callee is None:
                state[path.pop()] = 2
                stack.pop()
            elif state[callee] == 0:
                state[callee] = 1
                path.append(callee)
                stack.append(iter(graph[callee]))
            elif state[callee] == 1:               # back to a function on the path: a cycle
                cycle = path[path.index(callee):]
                chain = " → ".join(f"{name}()" for name in (*cycle, callee))
                errors.append(RuleError(functions[callee].span, f"function '{callee}' calls itself: {chain}",
                                        "a function may not call itself, directly or through others: "
                                        "write the repetition with a comprehension, e.g. sum(… for x in xs)"))
    return errors


def _postorder(graph: dict[str, list[str]]) -> list[str]:
    """The functions, each after every function it calls (the graph has no cycle)."""
    order, done = [], set()
    for root in graph:
        if root in done:
            continue
        done.add(root)
        stack = [(root, iter(graph[root]))]
        while stack:
            name, callees = stack[-1]
            callee = next(callees, None)
            if callee is None:
                order.append(name)
                stack.pop()
            elif callee not in done:
                done.add(callee)
                stack.append((callee, iter(graph[callee])))
    return order


def measure(tree: ast.Node, measures: dict[str, tuple[int, int]]) -> tuple[int, int]:
    """(levels of nesting, parts) of an expression once the calls of functions in `measures`
    (each with its own) are written out in it, as the compiler inlines them: a call at depth d
    of a function n levels deep reaches d + n."""
    deepest, parts = 0, 0
    stack = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if not isinstance(node, FLAT):
            depth += 1
            parts += 1
        called = measures.get(node.name) if isinstance(node, ast.Call) else None
        if called is not None:
            deepest, parts = max(deepest, depth + called[0]), parts + called[1]
        else:
            deepest = max(deepest, depth)
        stack.extend((child, depth) for child in ast.children(node))
    return deepest, min(parts, MAX_INLINED + 1)


def _too_big(functions: dict[str, Function], graph: dict[str, list[str]]) -> list[RuleError]:
    """A located error for each function that nests more than MAX_DEPTH levels, or holds more
    than MAX_INLINED parts, once the functions it calls are written out in it; only the
    outermost of a chain is reported (the functions it calls are the chain's links)."""
    measures: dict[str, tuple[int, int]] = {}
    for name in _postorder(graph):
        measures[name] = measure(functions[name].body.tree, measures)
    over = {name for name, (depth, parts) in measures.items() if depth > MAX_DEPTH or parts > MAX_INLINED}
    inner = {callee for name in over for callee in graph[name]}
    errors = []
    for name in over:
        if name in inner:
            continue
        f, (depth, _) = functions[name], measures[name]
        chain = [name]              # down the deepest (or largest) callee to the end
        key = 0 if depth > MAX_DEPTH else 1
        while graph[chain[-1]]:
            chain.append(max(graph[chain[-1]], key=lambda g: measures[g][key]))
        names = [f"{g}()" for g in chain]
        links = " → ".join(names if len(names) <= 4 else [*names[:2], "…", names[-1]])
        if depth > MAX_DEPTH:
            errors.append(RuleError(f.span, f"function '{name}' nests too deeply through the functions it calls "
                                    f"({links}): more than {MAX_DEPTH} levels",
                                    "each call is written out in place: call fewer functions in a chain"))
        else:
            errors.append(RuleError(f.span, f"function '{name}' is too large once the functions it calls are "
                                    f"written out in it ({links}): more than {MAX_INLINED:,} parts",
                                    "each call is written out in place, so calling a function twice doubles "
                                    "it: call it once, or keep its value in a counter"))
    return errors
