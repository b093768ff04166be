"""Lark's parse errors -> RuleErrors that say in words what is wrong, at the offending token.

Lark reports a state and a set of terminal names (RPAR, __ANON_3); an author wants "unclosed '('"
or "two operators in a row". We look at the token and the one before it (re-lexing the text up to
the error) to pick the message, and fall back to "expected ')' or ','".
"""
from __future__ import annotations

from typing import Callable

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from ..errors import RuleError
from ..source import Span
from .grammar import parser, terminal_texts

CLOSER = {"(": ")", "[": "]", "{": "}"}
OPENERS = frozenset("( [ { , ;".split())  # after these an operand (or a statement) must come

# Tokens that need an operand on their right (in an expression), and the assignment operators.
OPERATORS = frozenset("+ - * / // % == != < <= > >= and or not in if else".split())
ASSIGNMENTS = ("=", "+=", "-=", "*=")
_NEEDS_OPERAND = OPERATORS.union(ASSIGNMENTS)
# Token types that end a value, and those that start one.
VALUE_END = frozenset("WORD NUMWORD INT DECIMAL STRING TRUE FALSE NONE RPAR RSQB RBRACE".split())
VALUE_START = frozenset("WORD NUMWORD INT DECIMAL STRING TRUE FALSE NONE OPTION LPAR LSQB LBRACE NOT".split())

_CHAR_HINTS = {
    "!": "write 'not' for negation and '!=' for 'not equal'",
    "&": "write 'and'",
    "|": "write 'or'",
    "{": "lists are written with [ ]",
    "}": "lists are written with [ ]",
}


def syntax_error(e: UnexpectedInput, text: str, locate: Callable[[int, int], Span],
                 context: str) -> RuleError:
    if isinstance(e, UnexpectedCharacters):
        return _bad_character(e.pos_in_stream, text, locate)
    if isinstance(e, UnexpectedToken):
        tokens = _tokens_before(text, None if e.token.type == "$END" else e.token.start_pos)
        expected = set(e.accepts or e.expected)
        if e.token.type == "$END":
            return _early_end(tokens, expected, text, locate, context)
        return _unexpected(e.token, tokens, expected, locate, context)
    pos = min(max(0, getattr(e, "pos_in_stream", 0) or 0), len(text))
    return RuleError(locate(pos, 1), f"cannot read this {context}")


def _bad_character(pos: int, text: str, locate) -> RuleError:
    char = text[pos]
    if char in "'\"":
        return RuleError(locate(pos, 1), "unclosed text",
                         f"a text ends with the quote it starts with: add a closing {char}")
    shown = repr(char)[1:-1] if char != "\\" else "\\"
    return RuleError(locate(pos, 1), f"unexpected character '{shown}'", _CHAR_HINTS.get(char))


def _tokens_before(text: str, end: int | None) -> list[Token]:
    """The tokens of `text` before offset `end` (all of them when end is None)."""
    tokens = []
    try:
        for token in parser().lex(text):
            if end is not None and token.start_pos >= end:
                break
            tokens.append(token)
    except UnexpectedInput:
        pass
    return tokens


def _open_brackets(tokens: list[Token]) -> list[Token]:
    stack: list[Token] = []
    for token in tokens:
        if token.value in CLOSER:
            stack.append(token)
        elif token.value in (")", "]", "}") and stack and CLOSER[stack[-1].value] == token.value:
            stack.pop()
    return stack


def _needs_operand(token: Token | None) -> bool:
    return token is not None and token.value in _NEEDS_OPERAND and token.type not in VALUE_END


def _after_value(expected: set[str]) -> bool:
    """Whether the parser stands after a complete value (it would take an operator)."""
    return len(expected & {"PLUS", "STAR", "SLASH", "AND", "OR"}) > 1


def _early_end(tokens, expected, text, locate, context) -> RuleError:
    if not tokens:
        return RuleError(locate(0, max(1, len(text))), f"{context} is empty")
    last = tokens[-1]
    at = locate(last.start_pos, len(last.value))
    if _needs_operand(last):
        what = "a value" if last.value in ASSIGNMENTS else "an operand"
        return RuleError(at, f"{context} ends too early", f"is {what} missing after '{last}'?")
    unclosed = _open_brackets(tokens)
    if unclosed:
        opener = unclosed[-1]
        return RuleError(locate(opener.start_pos, 1), f"unclosed '{opener}'",
                         f"add '{CLOSER[opener.value]}' to close it")
    return RuleError(at, f"{context} ends too early", _expected(expected, context))


def _unexpected(token: Token, tokens, expected, locate, context) -> RuleError:
    at = locate(token.start_pos, len(token.value))
    prev = tokens[-1] if tokens else None
    unclosed = _open_brackets(tokens)
    if token.value in (")", "]", "}"):
        if not unclosed:
            return RuleError(at, f"unmatched '{token}'", "nothing before it is open")
        want = CLOSER[unclosed[-1].value]
        if want != token.value:
            return RuleError(at, f"unexpected '{token}'", f"expected '{want}' to close '{unclosed[-1]}'")
    message = f"unexpected {describe(token)} in {context}"
    binary = token.value in OPERATORS and token.type != "NOT"  # `not` may start an operand
    if token.value == "=" and context == "expression":
        return RuleError(at, message, "to compare, write '=='")
    if token.value == ".":
        return RuleError(at, message, "a dot comes after a record, before a field's name (b.value), or "
                                      "after option, before an option's name (option.stake)")
    if token.value == ":" and unclosed and unclosed[-1].value == "[" and _colon_in(tokens, unclosed[-1]):
        return RuleError(at, message, "a slice takes no step: write xs[a:b] (every other item: "
                                      "[xs[i] for i in range(0, len(xs)) if i % 2 == 0])")
    if _needs_operand(prev) and binary:
        return RuleError(at, message, "two operators in a row; is an operand missing?")
    if _needs_operand(prev) and token.value in (")", "]", ",", ";"):
        return RuleError(at, message, f"is an operand missing after '{prev}'?")
    if binary and (prev is None or prev.value in OPENERS):
        return RuleError(at, message, f"is an operand missing before '{token}'?")
    if prev is not None and prev.type in VALUE_END and token.type in VALUE_START and _after_value(expected):
        missing = ("an operator or ';'" if context == "statement" and not unclosed else
                   "an operator or ','" if unclosed else "an operator")
        return RuleError(at, message, f"two values in a row; is {missing} missing?")
    return RuleError(at, message, _expected(expected, context))


def _colon_in(tokens, opener: Token) -> bool:
    """Whether a ':' stands in the brackets `opener` opens (not in brackets nested in them)."""
    depth = 0
    for t in tokens:
        if t.start_pos <= opener.start_pos:
            continue
        if t.value in CLOSER:
            depth += 1
        elif t.value in CLOSER.values():
            depth -= 1
        elif t.value == ":" and depth == 0:
            return True
    return False


def describe(token: Token) -> str:
    """A token as the text of a message: name 'x', number 3, text 'abc', 'and', '+'."""
    kind = token.type
    if kind == "WORD":
        return f"name '{token}'" if token.value[0].islower() or token.value[0] == "_" else f"'{token}'"
    if kind in ("INT", "DECIMAL"):
        return f"number {token}"
    if kind == "STRING":
        return f"text {token}"
    return f"'{token}'"


def _expected(expected: set[str], context: str = "expression") -> str | None:
    """`expected ')' or ','` from Lark's terminal names; None when the list says nothing useful.

    Operators are named only when nothing else fits: after a complete value they are always
    possible, and listing them would hide the one word that is missing ('else', ')', 'to')."""
    texts = terminal_texts()
    words: list[str] = []
    if expected & {"INT", "STRING"}:
        words.append("a value")
    elif "WORD" in expected:
        words.append("a name")
    rest = expected - VALUE_START - {"MINUS", "$END"}
    operators = {name for name in rest if texts.get(name, name).strip("'") in OPERATORS - {"else"}}
    others = rest - operators
    if not words and not others and len(operators) <= 3:  # `in` of a loop, `else`
        others = rest
    words += sorted((texts.get(name, name) for name in others), key=_order)
    if not words and operators:
        words.append("an operator")
    if not words and "$END" in expected:
        words.append(f"the end of the {context}")
    if not words or len(words) > 5:
        return None
    return "expected " + (words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1])


def _order(text: str) -> tuple:
    """Sort key: assignment operators in their usual order, then the rest by text."""
    bare = text.strip("'")
    return (ASSIGNMENTS.index(bare) if bare in ASSIGNMENTS else len(ASSIGNMENTS), text)
