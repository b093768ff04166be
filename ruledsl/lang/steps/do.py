"""`do:` statements, and `move:` (the same as a `move` statement, written as settings)."""
from __future__ import annotations

import attrs

from ...prose.document import Item
from ...prose.words import cap, code
from ..declare import (REQUIRED, Expr, Expression, Key, Statements, StatementsHolds, Step, StepKind, ZoneRef,
                       ZoneTarget)
from ...expr.types import CARDS


@attrs.frozen(kw_only=True)
class Do(Step):
    kind = "do"
    statements: Statements


def compile_do(step: Do, c) -> None:
    c.run(step.statements)


def describe_do(prose, step: Do) -> list[Item]:
    parts = prose.words.statements(step.statements)
    if len(parts) <= 2:
        return [Item(cap("; then ".join(parts)) + ".")]
    return [Item("In order:", [Item(cap(p) + ".") for p in parts], ordered=True)]


DO = StepKind("do", Do, "one or more statements: change counters, move, reveal or shuffle cards",
              inline=Key("do", StatementsHolds(), REQUIRED, "statements, one text (a; b) or a list of texts",
                         field="statements"),
              compile=compile_do, describe=describe_do)


@attrs.frozen(kw_only=True)
class Move(Step):
    kind = "move"
    cards: Expr
    to: ZoneRef


def compile_move(step: Move, c) -> None:
    cards = c.frag(step.cards, CARDS, "`move.cards`")
    c.w.line(c.move_source(cards, step.cards, c.zone_index(step.to)))


def describe_move(prose, step: Move) -> list[Item]:
    return [Item(f"Move {code(step.cards.text)} to {code(step.to.text)}.")]


MOVE = StepKind("move", Move, "moves cards to a zone (the same as the `move` statement)", keys=(
    Key("cards", Expression(CARDS), REQUIRED, "the cards to move", "the cards to move, e.g. cards: table"),
    Key("to", ZoneTarget(), REQUIRED, "the zone: a name, or name(seat)", "the zone, e.g. to: won(winner)"),
), compile=compile_move, describe=describe_move)
