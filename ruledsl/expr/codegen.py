"""Writing one Python function: the lines, the constants, and the factory that makes it.

The compiler (compiler.py) writes a function's body as lines of Python source made only of its
own words: the names it invents here (`env`, `_loc`, temporaries `_t3`, loop variables `_v4`,
constants `_k7`), the helper names of HELPERS, Python operators and keywords. Everything else
-- every value from the expression text (numbers, texts, names of locals), every span, every
closure of the scope -- is a constant: a parameter of the factory that makes the function, so
that no character of an author's text is ever written into the source. The source runs with
empty builtins; it can reach nothing but its parameters.

Sources depend only on the shape of an expression, not on its constants, so equal shapes share
one compiled factory (`dealer == p` and `leader == q` are the same source).
"""
from __future__ import annotations

import functools
from typing import Any, Iterable

from .scope import Code
from .values import EvalError, compare, iterable

Lines = list[tuple[int, str]]
"""Source lines as (indent, text), the indent relative to the start of the block."""

MISSING = object()


def no_value(name: str, span: Any) -> Any:
    raise EvalError(f"'{name}' has no value here", span)


HELPERS = {"_type": type, "_int": int, "_list": list, "_len": len, "_MISSING": MISSING,
           "_iterable": iterable, "_compare": compare, "_no_value": no_value}


class Unit:
    """One function `env -> value` being written."""

    def __init__(self) -> None:
        self.lines: Lines = []
        self.values: list[Any] = []
        self.names: dict[int, str] = {}
        self.count = 0
        self.loops = 0  # loops open around the lines being written

    def const(self, value: Any) -> str:
        """The name under which the function sees `value`."""
        name = self.names.get(id(value))
        if name is None:
            name = self.names[id(value)] = f"_k{len(self.values)}"
            self.values.append(value)
        return name

    def temp(self, prefix: str = "_t") -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def emit(self, *texts: str) -> None:
        self.lines += [(0, t) for t in texts]

    def block(self, header: str, body: Lines) -> None:
        self.lines.append((0, header))
        self.lines += indent(body)

    def mark(self) -> int:
        return len(self.lines)

    def take(self, mark: int) -> Lines:
        """The lines written since `mark`, removed (to be put inside a block)."""
        lines = self.lines[mark:]
        del self.lines[mark:]
        return lines

    def function(self, result: str | None) -> Code:
        body = [*self.lines, (0, f"return {result}")] if result is not None else self.lines
        params = [*HELPERS, *(f"_k{i}" for i in range(len(self.values)))]
        source = "\n".join([f"def _make({', '.join(params)}):", " def _run(env):",
                            *(f"{'  ' + ' ' * i}{text}" for i, text in body or [(0, "pass")]),
                            " return _run"])
        return factory(source)(*HELPERS.values(), *self.values)


def indent(lines: Iterable[tuple[int, str]]) -> Lines:
    return [(i + 1, text) for i, text in lines]


@functools.lru_cache(maxsize=4096)
def factory(source: str):
    namespace: dict[str, Any] = {"__builtins__": {}}
    # A name per source, so that profiles tell the functions apart.
    exec(compile(source, f"<ruledsl expression {factory.cache_info().currsize}>", "exec"), namespace)
    return namespace["_make"]
