"""The expression language: text parsed to syntax trees (parser.py, grammar/ruledsl.lark), and
trees compiled to typed Python source in the program a rule file becomes (compiler.py).

    tree = parse_expression("lives(p) > 0", locate)

`locate(offset, width)` turns a place in the expression text into a Span of the rule file; every
mistake is a RuleError located with it. A mistake found while running (none in arithmetic, an
index out of range) is an EvalError, a RuleError located at the operator or the expression.

Meaning, where Python offered a choice:
- comparisons chain like Python (`a < b <= c`: b evaluated once); `and`/`or` give the operand
  that decided (`trump or H`), `not` gives true/false;
- numbers are int or Fraction, never bool or float: `true + 1` is an error; `/` is exact and a
  whole result is an int; `+` also joins two lists or two texts; `*` is for numbers only;
- `count(list)` is its length; `count(e for x in xs if c)` counts the produced values that are
  not false and not none (so it counts true conditions, or the items that pass `if`);
- reserved words: and or not in if else for true false none option move to reveal shuffle.
"""
from __future__ import annotations

from .ast import names_used
from .check import MAX_DEPTH
from .parser import MAX_LENGTH, Locate, parse_binding, parse_expression, parse_statements
from .values import EvalError

__all__ = ["parse_expression", "parse_statements", "parse_binding", "names_used", "EvalError", "Locate",
           "MAX_DEPTH", "MAX_LENGTH"]
