"""The expression language: parse text to a syntax tree, compile the tree to closures.

    node = parse_expression("lives(p) > 0", locate)
    code = compile_expression("lives(p) > 0", locate, scope, locals=["p"])
    code(env)   # env.locals["p"] must hold a seat

`locate(offset, width)` turns a place in the expression text into a Span of the rule file; every
mistake is a RuleError located with it. A mistake found while running (none in arithmetic, an
index out of range) is an EvalError, with a span when the compiler knew the operator's place.

Meaning, where Python offered a choice:
- comparisons chain like Python (`a < b <= c`: b evaluated once); `and`/`or` give the operand
  that decided (`trump or H`), `not` gives true/false;
- numbers are int or Fraction, never bool or float: `true + 1` is an error; `/` is exact and a
  whole result is an int; `+` also joins two lists or two texts; `*` is for numbers only;
- `count(list)` is its length; `count(e for x in xs if c)` counts the produced values that are
  not false and not none (so it counts true conditions, or the items that pass `if`);
- reserved words: and or not in if else for true false none option move to reveal.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from ..errors import RuleError
from .ast import (Assign, BadWord, Binary, Binding, BoolOp, Call, CardLit, Compare, Comprehension,
                  IfElse, Index, ListExpr, Literal, Loop, Move, Name, Node, Option, Reveal, SuitLit,
                  Target, Unary, names_used)
from .builtins import BUILTINS
from .check import MAX_DEPTH
from .compiler import Compiler
from .parser import MAX_LENGTH, parse_binding, parse_expression, parse_statements
from .scope import Code, Env, Locate, Scope
from .values import EvalError

__all__ = [
    "parse_expression", "parse_statements", "parse_binding",
    "compile_expression", "compile_statements", "compile_binding",
    "names_used", "builtin_names", "EvalError", "Locate", "Scope", "Env", "Code",
    "MAX_DEPTH", "MAX_LENGTH",
    "Node", "Literal", "CardLit", "SuitLit", "Name", "BadWord", "Option", "ListExpr", "Loop",
    "Comprehension", "Call", "Index", "Unary", "Binary", "BoolOp", "Compare", "IfElse",
    "Target", "Assign", "Move", "Reveal", "Binding",
]


def builtin_names() -> list[str]:
    """The generic functions the compiler knows (the scope adds the game's own)."""
    return sorted(BUILTINS)


def compile_expression(text: str, locate: Locate, scope: Scope,
                       locals: Sequence[str] = ()) -> Callable[[Any], Any]:
    node = parse_expression(text, locate)
    return _guarded(lambda: Compiler(scope, locate, locals).expr(node), locate)


def compile_statements(text: str, locate: Locate, scope: Scope,
                       locals: Sequence[str] = ()) -> Callable[[Any], None]:
    nodes = parse_statements(text, locate)
    compiler = Compiler(scope, locate, locals)
    steps = _guarded(lambda: tuple(compiler.statement(n) for n in nodes), locate)
    if len(steps) == 1:
        return steps[0]

    def run(env):
        for step in steps:
            step(env)
    return run


def compile_binding(text: str, locate: Locate, scope: Scope,
                    locals: Sequence[str] = ()) -> tuple[str, Callable[[Any], Any]]:
    """`s in suits_of(hand(player))` -> ('s', the compiled sequence)."""
    name, seq = parse_binding(text, locate)
    return name, _guarded(lambda: Compiler(scope, locate, locals).expr(seq), locate)


def _guarded(work, locate: Locate):
    # The depth check keeps compilation shallow; this is the backstop for a smaller stack.
    try:
        return work()
    except RecursionError:
        raise RuleError(locate(0, 1), "expression nests too deeply") from None
