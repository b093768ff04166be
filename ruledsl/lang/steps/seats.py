"""`eliminate:` and `revive:` — players out of the match, or back in."""
from __future__ import annotations

import attrs

from ...prose.document import Item
from ..declare import REQUIRED, Expr, Expression, Key, Step, StepKind
from ...expr.types import SEATS


@attrs.frozen(kw_only=True)
class Eliminate(Step):
    kind = "eliminate"
    seats: Expr


@attrs.frozen(kw_only=True)
class Revive(Step):
    kind = "revive"
    seats: Expr


def _compile(out: bool):
    def compile_(step, c) -> None:
        who, listed = c.seats(step.seats, f"`{step.kind}`"), c.w.temp()
        c.w.line(f"{listed} = {who}")
        with c.w.indented(f"if {listed}:"):        # most hands put nobody out: no call
            c.w.line(f"_set_out(st, {listed}, {out})")
    return compile_


def _describe(words: str):
    def describe(prose, step) -> list[Item]:
        return [Item(words.format(prose.words.players(step.seats.text)))]
    return describe


ELIMINATE = StepKind("eliminate", Eliminate, "`{eliminate: SEATS}`: those players are out of the match",
                     inline=Key("eliminate", Expression(SEATS), REQUIRED, "the seats put out", field="seats"),
                     compile=_compile(True), describe=_describe("Out of the match: {}."))
REVIVE = StepKind("revive", Revive, "`{revive: SEATS}`: those players are back in",
                  inline=Key("revive", Expression(SEATS), REQUIRED, "the seats brought back", field="seats"),
                  compile=_compile(False), describe=_describe("Back in the match: {}."))
