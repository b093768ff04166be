"""Text -> syntax tree: the Lark parse, the tree -> AST builder, limits and the check pass.

The builder is a non-recursive Transformer that only constructs nodes and cannot fail, so no
VisitError carries a user mistake; everything that can be wrong with a well-formed tree is found
afterwards by check.py.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Callable

from lark import Token
from lark.exceptions import LarkError, UnexpectedInput
from lark.visitors import Transformer_NonRecursive, v_args

from ..errors import RuleError
from . import ast
from .check import CARD_WORD, NAME_RE, SUIT_WORD, check
from ..source import Span
from .grammar import parser
from .syntax_errors import syntax_error

Locate = Callable[[int, int], Span]
"""(0-based offset in the expression text, width) -> Span in the rule file."""

MAX_LENGTH = 4000


def parse_expression(text: str, locate: Locate) -> ast.Node:
    """`lives(p) > 0 and not declared` -> its syntax tree (RuleError if it is not an expression)."""
    return _parse(text, locate, "expression")


def parse_statements(text: str, locate: Locate) -> list[ast.Node]:
    """`trump = s; reveal turned_pair[0]` -> one node per statement."""
    return _parse(text, locate, "statements")


def parse_binding(text: str, locate: Locate) -> tuple[str, ast.Node]:
    """`s in suits_of(hand(player))` -> ('s', the tree of the sequence)."""
    binding = _parse(text, locate, "binding")
    return binding.var, binding.seq


def _parse(text: str, locate: Locate, start: str):
    context = "statement" if start == "statements" else "expression"
    if len(text) > MAX_LENGTH:
        raise RuleError(locate(MAX_LENGTH, 1),
                        f"{context} is too long ({len(text)} characters, at most {MAX_LENGTH})",
                        "split it up, e.g. with a counter that keeps a part of it")
    try:
        tree = parser().parse(text, start=start)
        result = _Builder().transform(tree)
    except UnexpectedInput as e:
        raise syntax_error(e, text, locate, context) from None
    except RecursionError:
        raise _too_deep(locate) from None
    except LarkError as e:  # VisitError or anything else Lark: a bug here, still no traceback
        raise RuleError(locate(0, max(1, len(text))), f"cannot read this {context} ({e})") from None
    for node in result if isinstance(result, list) else [result]:
        check(node, locate)  # iterative: safe before the depth is known
    return result


def _too_deep(locate: Locate) -> RuleError:
    return RuleError(locate(0, 1), "expression nests too deeply")


def _pos(meta) -> dict:
    return {"offset": meta.start_pos, "width": max(1, meta.end_pos - meta.start_pos)}


def _tok(token: Token) -> dict:
    return {"offset": token.start_pos, "width": max(1, len(token.value))}


def word(token: Token) -> ast.Node:
    """A WORD or NUMWORD in value position: a name, a card, a suit, or a BadWord."""
    text = str(token)
    if NAME_RE.fullmatch(text):
        return ast.Name(name=text, **_tok(token))
    if CARD_WORD.fullmatch(text):
        return ast.CardLit(text=text, **_tok(token))
    if SUIT_WORD.fullmatch(text):
        return ast.SuitLit(text=text, **_tok(token))
    return ast.BadWord(text=text, **_tok(token))


@v_args(meta=True)
class _Builder(Transformer_NonRecursive):
    """Lark tree -> ast nodes. Methods are named after the rules and aliases of the grammar."""

    # ---- start symbols
    def expression(self, meta, c):
        return c[0]

    def statements(self, meta, c):
        return list(c)

    def binding(self, meta, c):
        return ast.Binding(var=str(c[0]), var_offset=c[0].start_pos, seq=c[1], **_pos(meta))

    # ---- statements
    def assign_op(self, meta, c):
        return c[0]

    def assign(self, meta, c):
        loop = c[3] if len(c) > 3 else None
        return ast.Assign(target=c[0], op=str(c[1]), op_offset=c[1].start_pos, value=c[2], loop=loop,
                          **_pos(meta))

    def move(self, meta, c):
        loop = c[2] if len(c) > 2 else None
        return ast.Move(cards=c[0], zone=c[1], loop=loop, **_pos(meta))

    def reveal(self, meta, c):
        loop = c[-1] if isinstance(c[-1], ast.Loop) else None
        to = c[1] if len(c) > 1 and not isinstance(c[1], ast.Loop) else None
        return ast.Reveal(cards=c[0], to=to, loop=loop, **_pos(meta))

    def shuffle(self, meta, c):
        loop = c[1] if len(c) > 1 else None
        return ast.Shuffle(zone=c[0], loop=loop, **_pos(meta))

    def target(self, meta, c):
        index = c[1] if len(c) > 1 else None
        return ast.Target(name=str(c[0]), index=index, **_pos(meta))

    def loop(self, meta, c):
        return ast.Loop(var=str(c[0]), var_offset=c[0].start_pos, seq=c[1], cond=c[2], **_pos(meta))

    # ---- operators
    def ifelse(self, meta, c):
        return ast.IfElse(then=c[0], cond=c[1], orelse=c[2], **_pos(meta))

    def or_(self, meta, c):
        return ast.BoolOp(op="or", left=c[0], right=c[1], **_pos(meta))

    def and_(self, meta, c):
        return ast.BoolOp(op="and", left=c[0], right=c[1], **_pos(meta))

    def not_(self, meta, c):
        return ast.Unary(op="not", operand=c[0], **_pos(meta))

    def comp_op(self, meta, c):
        # `not in` is two tokens; keep the text and the place of the whole operator.
        return (" ".join(str(t) for t in c), c[0].start_pos, max(1, c[-1].end_pos - c[0].start_pos))

    def compare(self, meta, c):
        operands, ops = c[0::2], c[1::2]
        return ast.Compare(ops=tuple(o[0] for o in ops), operands=tuple(operands),
                           op_offsets=tuple(o[1] for o in ops), op_widths=tuple(o[2] for o in ops),
                           **_pos(meta))

    def add_op(self, meta, c):
        return c[0]

    mul_op = add_op

    def binary(self, meta, c):
        op = c[1]
        return ast.Binary(op=str(op), left=c[0], right=c[2], op_offset=op.start_pos,
                          op_width=len(op.value), **_pos(meta))

    def neg(self, meta, c):
        return ast.Unary(op="-", operand=c[0], **_pos(meta))

    def index(self, meta, c):
        return ast.Index(value=c[0], index=c[1], **_pos(meta))

    def slice(self, meta, c):
        return ast.Slice(value=c[0], start=c[1], stop=c[2], **_pos(meta))

    def field(self, meta, c):
        return ast.Field(value=c[0], name=str(c[1]), name_offset=c[1].start_pos, **_pos(meta))

    def field_value(self, meta, c):
        return (c[0], c[1])

    def record(self, meta, c):
        return ast.Record(names=tuple(str(n) for n, _ in c), name_offsets=tuple(n.start_pos for n, _ in c),
                          values=tuple(v for _, v in c), **_pos(meta))

    # ---- calls and lists
    def call(self, meta, c):
        return ast.Call(name=str(c[0]), args=tuple(c[1:]), **_pos(meta))

    def gencall(self, meta, c):
        element, loop, more = c[1], c[2], tuple(c[3:])
        start, end = element.offset, (more or (loop,))[-1]
        gen = ast.Comprehension(element=element, loop=loop, more=more, generator=True, offset=start,
                                width=max(1, end.offset + end.width - start))
        return ast.Call(name=str(c[0]), args=(gen,), **_pos(meta))

    def list(self, meta, c):
        return ast.ListExpr(items=tuple(c), **_pos(meta))

    def listcomp(self, meta, c):
        return ast.Comprehension(element=c[0], loop=c[1], more=tuple(c[2:]), generator=False, **_pos(meta))

    # ---- atoms
    def option(self, meta, c):
        return ast.Option(name=str(c[0]), name_offset=c[0].start_pos, **_pos(meta))

    def word(self, meta, c):
        return word(c[0])

    def int(self, meta, c):
        return ast.Literal(value=int(c[0]), **_pos(meta))

    def decimal(self, meta, c):
        value = Fraction(str(c[0]))
        return ast.Literal(value=value.numerator if value.denominator == 1 else value, **_pos(meta))

    def string(self, meta, c):
        return ast.Literal(value=str(c[0])[1:-1], **_pos(meta))

    def true(self, meta, c):
        return ast.Literal(value=True, **_pos(meta))

    def false(self, meta, c):
        return ast.Literal(value=False, **_pos(meta))

    def none(self, meta, c):
        return ast.Literal(value=None, **_pos(meta))
