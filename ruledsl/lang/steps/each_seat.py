"""`for_each:` — steps run once for each seat of a list, in turn, with `player` that seat:

    - for_each: order(left(dealer))
      steps:
        - ask: {who: player, prompt: bid or pass, choices: {…}}

The seats are worked out once, when the step begins; each seat's steps may wait for players (an
`ask`), so the seats and the one in turn live in slots of the state.
"""
from __future__ import annotations

import attrs

from ...prose.document import Item
from ...prose.words import code
from ...expr.codegen import Frag
from ..declare import REQUIRED, Expr, Expression, Key, Step, StepKind, Steps
from ...expr.types import SEAT, SEATS


@attrs.frozen(kw_only=True)
class ForEach(Step):
    kind = "for_each"
    seats: Expr
    steps: tuple


def compile_for_each(step: ForEach, c) -> None:
    w = c.w
    seats = c.seats(step.seats, "`for_each`")
    if not c.waits(step):                 # straight code: Python's own loop
        var = w.temp("_v")
        with w.indented(f"for {var} in _tuple({seats}):"), \
                c.binding(player=Frag(src=var, type=SEAT, atomic=True)):
            c.round_of_loop(step.span)
            c.steps(step.steps)
        return
    order, at = c.slot(), c.slot()
    w.line(f"st.vars[{order}] = _tuple({seats})")
    w.line(f"st.vars[{at}] = 0")
    head, end = w.label(), w.label()
    w.goto(head)
    w.place(head)
    with w.indented(f"if st.vars[{at}] >= _len(st.vars[{order}]):"):
        w.goto(end)
    with c.binding(player=Frag(src=f"st.vars[{order}][st.vars[{at}]]", type=SEAT, atomic=True)):
        c.round_of_loop(step.span)
        c.steps(step.steps)
    w.line(f"st.vars[{at}] += 1")
    w.goto(head)
    w.place(end)


def describe_for_each(prose, step: ForEach) -> list[Item]:
    return [Item(f"For each player of {code(step.seats.text)} in turn (`player` is that player):",
                 prose.nested(step.steps), ordered=True)]


FOR_EACH = StepKind("for_each", ForEach, "`{for_each: SEATS, steps: [steps]}`: steps run once for each seat in turn",
                    inline=Key("for_each", Expression(SEATS), REQUIRED, "the seats, in the order they take their turn",
                               field="seats"),
                    extra=(Key("steps", Steps(), REQUIRED, "the steps run for each seat (`player` is that seat)",
                               "steps: [the steps each player takes in turn]"),),
                    compile=compile_for_each, describe=describe_for_each)
