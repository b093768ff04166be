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

from ..source import Span


class EvalError(Exception):
    """A mistake found while running an expression (none in arithmetic, index out of range ...).

    `span` is the place of the operator or call when the compiler knew it, else None and the
    engine locates the error at the expression it was running.
    """

    def __init__(self, message: str, span: Span | None = None):
        super().__init__(message)
        self.message, self.span = message, span


def is_number(x: Any) -> bool:
    t = type(x)
    return t is int or t is Fraction


def norm(x: Any) -> Any:
    """A whole Fraction as an int; anything else unchanged."""
    if type(x) is Fraction and x.denominator == 1:
        return x.numerator
    return x


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


def _numbers(x: Any, y: Any, verb: str, span: Span | None) -> None:
    if not (is_number(x) and is_number(y)):
        raise EvalError(f"cannot {verb} {describe(x)} and {describe(y)}", span)


def add(x: Any, y: Any, span: Span | None = None) -> Any:
    if is_number(x) and is_number(y):
        return norm(x + y)
    # Joining two lists (or two texts) is handy: `hand(p) + won(p)`.
    if isinstance(x, list) and isinstance(y, list):
        return x + y
    if isinstance(x, str) and isinstance(y, str):
        return x + y
    raise EvalError(f"cannot add {describe(x)} and {describe(y)}", span)


def sub(x: Any, y: Any, span: Span | None = None) -> Any:
    _numbers(x, y, "subtract", span)
    return norm(x - y)


def mul(x: Any, y: Any, span: Span | None = None) -> Any:
    # Numbers only: `[1] * 10**9` would let a rule file exhaust memory.
    _numbers(x, y, "multiply", span)
    return norm(x * y)


def div(x: Any, y: Any, span: Span | None = None) -> Any:
    _numbers(x, y, "divide", span)
    if y == 0:
        raise EvalError("division by zero", span)
    return norm(Fraction(x) / y)


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
