"""Step kind → compiler. The small steps live here; each mechanism family has its own module."""
from __future__ import annotations

import re

from ..errors import RuleError
from ..loader import read_steps
from ..yamlnodes import Scalar, as_text
from . import captures, deal, decisions, flow, tricks

ZONE_REF = re.compile(r"^\s*([a-z_][a-z0-9_]*)\s*(?:\((.*)\))?\s*$", re.S)


def compile_step(b, step, locals_) -> None:
    COMPILERS[step.kind](b, step, locals_)


def nested(b, node, what, locals_) -> None:
    """Compile steps written inside another step (then/else, hooks)."""
    if node is not None:
        b.steps(read_steps(node, what, b.errors), locals_)


def _do(b, step, locals_):
    b.emit(flow.Exec(b.statements(step.args, locals_), b.here, step.span))


def _move(b, step, locals_):
    cards = b.expr(step.args.get("cards"), locals_)
    to = step.args.get("to")
    b.emit(flow.Exec(zone_mover(b, cards, to, locals_), b.here, step.span))


def zone_mover(b, cards, node, locals_):
    """`to: pile(last_capturer)` or `to: table` → a closure moving `cards` there."""
    text = as_text(node, "a zone")
    m = ZONE_REF.match(text)
    if not m:
        raise RuleError(node.span, f"'{text}' is not a zone", "write a zone name, or name(seat)")
    index = None
    if m.group(2) is not None:
        from .program import Snippet
        index = b.expr(Snippet(m.group(2), node, m.start(2)), locals_)
    return b.scope.move(cards, m.group(1), index, node.locate(m.start(1), len(m.group(1))))


def _if(b, step, locals_):
    branch = b.emit(flow.Branch(b.expr(step.args, locals_), b.here, step.span))
    nested(b, step.node.get("then"), "then", locals_)
    otherwise = step.node.get("else")
    if otherwise is not None:
        skip = b.emit(flow.Jump())
        branch.target = b.here
        nested(b, otherwise, "else", locals_)
        skip.target = b.here
    else:
        branch.target = b.here


def _set_out(out):
    def compile_(b, step, locals_):
        b.emit(flow.SetOut(b.here, b.expr(step.args, locals_), out, step.span))
    return compile_


def _end_hand(b, step, locals_):
    b.end_hand_jumps.append(b.emit(flow.Jump()))


def _redeal(b, step, locals_):
    jump = b.emit(flow.Jump())
    jump.span = step.span             # where a hand redealt without end points (flow.NewHand)
    b.redeal_jumps.append(jump)


def _end_match(b, step, locals_):
    if not isinstance(step.args, Scalar):
        raise RuleError(step.span, "end_match names the winners: an expression giving seats",
                        "for example 'end_match: active'")
    b.end_match_ops.append(b.emit(flow.EndMatch(b.expr(step.args, locals_), b.layout.partners, step.span)))


COMPILERS = {
    "deal": deal.compile_deal,
    "draw": deal.compile_draw,
    "ask": decisions.compile_ask,
    "tricks": tricks.compile_tricks,
    "showdown": tricks.compile_showdown,
    "captures": captures.compile_captures,
    "do": _do,
    "move": _move,
    "if": _if,
    "eliminate": _set_out(True),
    "revive": _set_out(False),
    "end_hand": _end_hand,
    "redeal": _redeal,
    "end_match": _end_match,
    "say": lambda b, step, locals_: None,     # the step's Say op is all it does
}
