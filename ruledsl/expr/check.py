"""The pass after parsing: nesting depth, and words that must be (and are not) lower-case names.

Iterative on purpose: it runs before the depth is known to be small, and a long chain such as
`1+1+1+...` makes a tree as deep as it is long.
"""
from __future__ import annotations

import re
from typing import Callable

from ..errors import RuleError
from ..source import Span
from . import ast

MAX_DEPTH = 40
MAX_INLINED = 20_000   # parts of an expression once the functions it calls are written out in it

NAME_RE = re.compile(r"[a-z_][a-z0-9_]*")
# What the parser reads as a card or a suit: any deck's (its scope then checks it is this deck's).
CARD_WORD = re.compile(r"[0-9A-Z]{1,3}[A-Z]|JK[0-9]")
SUIT_WORD = re.compile(r"[A-Z]")
# A card or suit of the French letters: an upper-case name that looks like one is called one.
CARD_RE = re.compile(r"(10|[2-9AKQJT])[SHDC]")
SUIT_RE = re.compile(r"[SHDC]")
KEYWORDS = frozenset("and or not in if else for true false none option move to reveal shuffle".split())
CARD_HINT = "cards are written like QS, 10H, 7D and suits as S, H, D, C"

# Structural nodes do not count as a level of nesting: only the expression inside them.
FLAT = (ast.Loop, ast.Target, ast.Assign, ast.Move, ast.Reveal, ast.Shuffle, ast.Binding)


def check(root: ast.Node, locate: Callable[[int, int], Span]) -> None:
    """Raise RuleError for the first problem met by a depth-first walk in source order."""
    stack: list[tuple[ast.Node, int]] = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        if not isinstance(node, FLAT):
            depth += 1
            if depth > MAX_DEPTH:
                raise RuleError(locate(node.offset, 1), "expression nests too deeply",
                                f"at most {MAX_DEPTH} levels; split it up, e.g. with a counter")
        _check_node(node, locate)
        stack.extend((child, depth) for child in reversed(list(ast.children(node))))


def _check_node(node: ast.Node, locate) -> None:
    if isinstance(node, ast.BadWord):
        raise RuleError(locate(node.offset, node.width), *bad_word(node.text))
    if isinstance(node, ast.Option):
        _name(node.name, node.name_offset, locate)
    elif isinstance(node, (ast.Call, ast.Target)):
        _name(node.name, node.offset, locate)
    elif isinstance(node, (ast.Loop, ast.Binding)):
        _name(node.var, node.var_offset, locate)
    elif isinstance(node, ast.Field):
        _name(node.name, node.name_offset, locate)
    elif isinstance(node, ast.Record):
        for name, offset in zip(node.names, node.name_offsets):
            _name(name, offset, locate)
        twice = next((n for i, n in enumerate(node.names) if n in node.names[:i]), None)
        if twice is not None:
            at = node.name_offsets[len(node.names) - 1 - node.names[::-1].index(twice)]
            raise RuleError(locate(at, len(twice)), f"field '{twice}' is given twice", "each field once")


def _name(text: str, offset: int, locate) -> None:
    if NAME_RE.fullmatch(text):
        return
    span = locate(offset, len(text))
    if CARD_RE.fullmatch(text):
        raise RuleError(span, f"'{text}' is a card, not a name", "names are lower case")
    if SUIT_RE.fullmatch(text):
        raise RuleError(span, f"'{text}' is a suit, not a name", "names are lower case")
    raise RuleError(span, *bad_word(text))


def bad_word(text: str, hint: str = CARD_HINT) -> tuple[str, str | None]:
    """Message and hint for a word that is neither a name, a card nor a suit (`hint`: how the
    deck's cards and suits are written)."""
    lower = text.lower()
    looks_like_card = text.isupper() and len(text) <= 3 and lower not in KEYWORDS  # QX, 1H, 11S
    if NAME_RE.fullmatch(lower) and not looks_like_card:
        return f"'{text}' is not a name: names are lower case", f"did you mean '{lower}'?"
    if text[0].isdigit():
        return f"'{text}' is not a number or a card", hint
    return f"'{text}' is not a card or a suit", hint
