"""`showdown:` — one automatic trick among some seats; the winner's seat goes into a counter."""
from __future__ import annotations

import attrs

from ...prose.document import Item
from ...prose.words import code
from ...expr.codegen import Frag
from ...runtime import knowledge
from ...runtime.helpers import plays_beat
from ..declare import REQUIRED, CounterName, Expr, Expression, Key, Name, Step, StepKind
from ...expr.types import CARDS, SEAT, SEATS


@attrs.frozen(kw_only=True)
class Showdown(Step):
    kind = "showdown"
    among: Expr
    play: Expr
    winner: Name          # `as:`


def compile_showdown(step: Showdown, c) -> None:
    w = c.w
    target = c.table_counter(step.winner, "as", SEAT)
    seats = c.seats(step.among, "`showdown.among`")
    ranking, best, best_seat, seat = w.temp(), w.temp(), w.temp(), w.temp("_v")
    w.line(f"{ranking} = {c.ranking.source()}")
    w.line(f"{best} = {best_seat} = None")
    with w.indented(f"for {seat} in {seats}:"):
        with c.binding(player=Frag(src=seat, type=SEAT, atomic=True)):
            played = w.temp()
            w.line(f"{played} = _tuple({c.card_list(c.frag(step.play, CARDS, '`showdown.play`'), step.play)})")
        w.line(f"{w.const(knowledge.show)}(st, {played})")       # shown to all where they lie
        beat = w.temp()
        w.line(f"{beat} = {best} is not None and {w.const(plays_beat)}({ranking}, {played}, {best})")
        c.emit("play", seat=seat, cards=f"_card_names({played})",
               beat=beat, showdown="True")
        with w.indented(f"if {best} is None or {beat}:"):
            w.line(f"{best_seat}, {best} = {seat}, {played}")
    w.line(f"st.cv[{target}] = {best_seat}")


def describe_showdown(prose, step: Showdown) -> list[Item]:
    return [Item(f"The players of {code(step.among.text)}, in that order, play one automatic trick: "
                 f"each plays {code(step.play.text)}, and the winner (beating as in the tricks) is "
                 f"remembered as {code(step.winner.text)}.")]


SHOWDOWN = StepKind("showdown", Showdown, "one automatic trick among some players (§8.4)", keys=(
    Key("among", Expression(SEATS), REQUIRED, "the seats that play, in that order"),
    Key("play", Expression(CARDS), REQUIRED, "what each plays (`player` is that seat)"),
    Key("as", CounterName(SEAT), REQUIRED, "the counter of the whole table that receives the winner's seat",
        field="winner"),
), compile=compile_showdown, describe=describe_showdown)
