"""Run-time values of expressions: exact arithmetic, comparisons, indexing, and EvalError.

Numbers are `int` or `Fraction` (never float, never bool): a whole Fraction is turned back into an
int wherever arithmetic produces one, so `1/3 + 1/3 + 1/3` is the int 1. The slow paths here are
reached only when the compiler's fast int path does not apply.
"""
from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ..errors import RuleError
from ..source import NOWHERE, Span

# Bounds no real game reaches, so that a rule file cannot make a match allocate without end
# (`x = x + x` every hand doubles a list; `x = x * x` squares a number).
MAX_ITEMS = 10_000       # items of a list, characters of a text
MAX_BITS = 256           # a number's size: about 77 digits (of a fraction's either part)


class EvalError(RuleError):
    """A mistake found while running an expression (none in arithmetic, index out of range ...).

    `span` is the place of the operator or call when the compiler knew it; else the runtime
    locates the error at the expression it was running (`located` is False until then).
    """

    def __init__(self, message: str, span: Span | None = None, hint: str | None = None):
        super().__init__(span or NOWHERE, message, hint)
        self.located = span is not None


def is_number(x: Any) -> bool:
    t = type(x)
    return t is int or t is Fraction


def norm(x: Any, span: Span | None = None) -> Any:
    """A whole Fraction as an int; anything else unchanged. A number beyond MAX_BITS is an error."""
    if type(x) is Fraction:
        if x.denominator == 1:
            x = x.numerator
        elif x.numerator.bit_length() > MAX_BITS or x.denominator.bit_length() > MAX_BITS:
            raise EvalError(f"a fraction grew too large (more than {MAX_BITS} bits)", span)
    if type(x) is int and x.bit_length() > MAX_BITS:
        raise EvalError(f"a number grew too large (more than {MAX_BITS} bits, about 77 digits)", span,
                        "a counter that is multiplied every hand grows without end")
    return x


def bounded(xs: Any, span: Span | None = None) -> Any:
    """A list or text no longer than MAX_ITEMS, else an error."""
    if len(xs) > MAX_ITEMS:
        what, items = ("text", "characters") if isinstance(xs, str) else ("list", "items")
        raise EvalError(f"a {what} grew too long (more than {MAX_ITEMS:,} {items})", span,
                        f"a {what} joined to itself every hand grows without end")
    return xs


def describe(x: Any) -> str:
    """A value as an author would write it, for messages."""
    if x is None:
        return "none"
    if x is True:
        return "true"
    if x is False:
        return "false"
    if type(x) is Fraction:
        return f"{x.numerator}/{x.denominator}"
    if isinstance(x, str):
        return repr(x)
    if isinstance(x, (list, tuple)):
        return "a list" if x else "an empty list"
    text = str(x)
    return text if len(text) <= 30 else text[:27] + "..."


def show(value) -> str:
    """A value as the table shows it: cards as text, fractions as 1/3, lists space-separated."""
    if isinstance(value, (list, tuple)):
        return " ".join(show(v) for v in value)
    if value is None:
        return "-"
    if value is True or value is False:
        return "yes" if value else "no"
    return str(value)


def _numbers(x: Any, y: Any, verb: str, span: Span | None) -> None:
    if not (is_number(x) and is_number(y)):
        raise EvalError(f"cannot {verb} {describe(x)} and {describe(y)}", span)


def add(x: Any, y: Any, span: Span | None = None) -> Any:
    if is_number(x) and is_number(y):
        return norm(x + y, span)
    # Joining two lists (or two texts) is handy: `hand(p) + won(p)`.
    if isinstance(x, list) and isinstance(y, list):
        return bounded(x + y, span)
    if isinstance(x, str) and isinstance(y, str):
        return bounded(x + y, span)
    raise EvalError(f"cannot add {describe(x)} and {describe(y)}", span)


def sub(x: Any, y: Any, span: Span | None = None) -> Any:
    _numbers(x, y, "subtract", span)
    return norm(x - y, span)


def mul(x: Any, y: Any, span: Span | None = None) -> Any:
    # Numbers only: `[1] * 10**9` would let a rule file exhaust memory.
    _numbers(x, y, "multiply", span)
    return norm(x * y, span)


def div(x: Any, y: Any, span: Span | None = None) -> Any:
    _numbers(x, y, "divide", span)
    if y == 0:
        raise EvalError("division by zero", span)
    return norm(Fraction(x) / y, span)


def floordiv(x: Any, y: Any, span: Span | None = None) -> Any:
    _numbers(x, y, "divide", span)
    if y == 0:
        raise EvalError("division by zero", span)
    return norm(x // y)


def mod(x: Any, y: Any, span: Span | None = None) -> Any:
    _numbers(x, y, "divide", span)
    if y == 0:
        raise EvalError("division by zero", span)
    return norm(x % y)


def neg(x: Any, span: Span | None = None) -> Any:
    if not is_number(x):
        raise EvalError(f"cannot negate {describe(x)}", span)
    return -x


ARITHMETIC = {"+": add, "-": sub, "*": mul, "/": div, "//": floordiv, "%": mod}


COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
           ">": operator.gt, ">=": operator.ge,
           "in": lambda x, y: x in y, "not in": lambda x, y: x not in y}


def compare(op: str, x: Any, y: Any, span: Span | None = None) -> bool:
    """x OP y, or EvalError where Python cannot compare them (`none < 1`, `1 in 2`)."""
    try:
        return COMPARE[op](x, y)
    except TypeError:
        raise compare_error(op, x, y, span) from None


def compare_error(op: str, x: Any, y: Any, span: Span | None) -> EvalError:
    if op in ("in", "not in"):
        return EvalError(f"cannot look for {describe(x)} in {describe(y)}", span)
    return EvalError(f"cannot compare {describe(x)} {op} {describe(y)}", span)


def index(xs: Any, i: Any, span: Span | None = None) -> Any:
    if type(i) is not int:
        raise EvalError(f"an index must be a whole number, not {describe(i)}", span)
    if not isinstance(xs, Sequence):
        raise EvalError(f"cannot index {describe(xs)}", span)
    try:
        return xs[i]
    except IndexError:
        raise EvalError(f"index {i} is out of range for a list of {len(xs)}", span) from None


def part(xs: Any, start: Any, stop: Any, span: Span | None = None) -> Any:
    """xs[start:stop] (a bound of None: from the start, or to the end), as Python slices: a
    negative index counts from the end, and indices past either end give fewer items."""
    for i in (start, stop):
        if i is not None and type(i) is not int:
            raise EvalError(f"a slice's index must be a whole number, not {describe(i)}", span)
    if not isinstance(xs, (list, tuple, str)):
        raise EvalError(f"cannot take a part of {describe(xs)}", span)
    part = xs[start:stop]
    return list(part) if isinstance(part, tuple) else part


def iterable(xs: Any, span: Span | None = None) -> Any:
    """`xs` itself if a loop can run over it, else EvalError."""
    if isinstance(xs, (list, tuple, str)):
        return xs
    try:
        iter(xs)
    except TypeError:
        raise EvalError(f"cannot loop over {describe(xs)}", span) from None
    return xs


def floor(x: Any, span: Span | None = None) -> int:
    if not is_number(x):
        raise EvalError(f"floor needs a number, not {describe(x)}", span)
    return math.floor(x)


def ceil(x: Any, span: Span | None = None) -> int:
    if not is_number(x):
        raise EvalError(f"ceil needs a number, not {describe(x)}", span)
    return math.ceil(x)


def absolute(x: Any, span: Span | None = None) -> Any:
    if not is_number(x):
        raise EvalError(f"abs needs a number, not {describe(x)}", span)
    return abs(x)
