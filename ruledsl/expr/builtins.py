"""The generic built-in functions that the compiler handles itself (the game's own functions,
such as `hand(p)` or `points(x)`, come from the Scope).

Each takes its evaluated argument(s) and the span of the call, for run-time errors. A call with
a generator argument, `sum(x for p in xs if c)`, hands over the list of produced values (for
`argmax`/`argmin`: the list of (x, value) pairs); but `count`, `any`, `all` and `first` over a
generator are loops the compiler writes itself, which stop as soon as the answer is known.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Callable

import attrs

from ..source import Span
from .values import EvalError, absolute, ceil, describe, floor, is_number, norm


@attrs.frozen
class Builtin:
    name: str
    min_args: int = 1
    max_args: int = 1
    one: Callable[[Any, Span], Any] | None = None        # f(x)
    many: Callable[[list, Span], Any] | None = None      # f(x, y, ...) (min, max)
    items: Callable[[list, Span], Any] | None = None     # f(e for x in xs): the values of e
                                                         # (None: the compiler's own loop)
    pairs: Callable[[list, Span], Any] | None = None     # f(e for x in xs): (x, e) pairs
    generator: bool = True                               # may it take a generator argument?


def _seq(xs: Any, name: str, span: Span) -> Sequence:
    if isinstance(xs, (list, tuple)) or (isinstance(xs, Sequence) and not isinstance(xs, str)):
        return xs
    raise EvalError(f"{name} needs a list, not {describe(xs)}", span)


def _sum(xs, span):
    total = 0
    for x in _seq(xs, "sum", span):
        if not is_number(x):
            raise EvalError(f"sum needs numbers, not {describe(x)}", span)
        total += x
    return norm(total)


def _extreme(pick, name):
    def run(xs, span):
        xs = _seq(xs, name, span)
        if not xs:
            return None  # min/max of nothing is none, not an error: authors test for it
        try:
            return pick(xs)
        except TypeError:
            raise EvalError(f"{name} cannot compare {', '.join(map(describe, xs[:3]))}", span) from None
    return run


def _count(xs, span):
    return len(_seq(xs, "count", span))


def _len(xs, span):
    if isinstance(xs, str):
        return len(xs)
    return len(_seq(xs, "len", span))


def _any(xs, span):
    return any(_seq(xs, "any", span))


def _all(xs, span):
    return all(_seq(xs, "all", span))


def _sorted(xs, span):
    try:
        return sorted(_seq(xs, "sorted", span))
    except TypeError:
        raise EvalError("sorted cannot compare these values", span) from None


def _unique(xs, span):
    out, seen = [], set()
    for x in _seq(xs, "unique", span):
        try:
            if x in seen:
                continue
            seen.add(x)
        except TypeError:  # unhashable (a list): compare with the ones kept
            if x in out:
                continue
        out.append(x)
    return out


def _first(xs, span):
    xs = _seq(xs, "first", span)
    return xs[0] if xs else None


def _last(xs, span):
    xs = _seq(xs, "last", span)
    return xs[-1] if xs else None


def _arg(pick, name):
    def run(pairs, span):
        if not pairs:
            return []
        try:
            best = pick(value for _, value in pairs)
        except TypeError:
            raise EvalError(f"{name} cannot compare these values", span) from None
        return [x for x, value in pairs if value == best]  # every tie, in the order of the list
    return run


_min, _max = _extreme(min, "min"), _extreme(max, "max")

BUILTINS: dict[str, Builtin] = {b.name: b for b in [
    Builtin("floor", one=floor, generator=False),
    Builtin("ceil", one=ceil, generator=False),
    Builtin("abs", one=lambda x, span: norm(absolute(x, span)), generator=False),
    Builtin("min", max_args=99, one=_min, many=_min, items=_min),
    Builtin("max", max_args=99, one=_max, many=_max, items=_max),
    Builtin("sum", one=_sum, items=_sum),
    Builtin("count", one=_count),
    Builtin("len", one=_len, items=_len),
    Builtin("any", one=_any),
    Builtin("all", one=_all),
    Builtin("sorted", one=_sorted, items=_sorted),
    Builtin("unique", one=_unique, items=_unique),
    Builtin("first", one=_first),
    Builtin("last", one=_last, items=_last),
    Builtin("argmax", pairs=_arg(max, "argmax")),
    Builtin("argmin", pairs=_arg(min, "argmin")),
]}
