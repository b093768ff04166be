"""`repeat:` — steps run again and again until a condition holds, the condition tested first:

    - repeat:                                   # the dealer draws to 17
        - do: move last(deck) to hand(dealer)
      until: total(dealer) >= 17

    HEAD: `until` holds? ─▶ the steps after │ else the steps ─▶ HEAD

A round may hold decisions (an `ask`): the loop is then written as blocks, as `turns` is; without
any it is Python's own `while`. Every round counts against the loops-of-steps budget
(`Compiler.round_of_loop`, limits.turns), so a condition that never comes true is a located
error at the step, never a hang.
"""
from __future__ import annotations

import attrs

from ...prose.document import Item
from ...prose.words import code
from ..declare import REQUIRED, Expr, Expression, Key, Step, StepKind, Steps
from ...expr.types import CONDITION


@attrs.frozen(kw_only=True)
class Repeat(Step):
    kind = "repeat"
    steps: tuple
    until: Expr


def compile_repeat(step: Repeat, c) -> None:
    w = c.w
    if not c.waits(step):                  # straight code: Python's own loop
        with w.indented("while True:"):
            with w.indented(f"if {c.condition(step.until)}:"):
                w.line("break")
            c.round_of_loop(step.span)
            c.steps(step.steps)
        return
    head, end = w.label(), w.label()
    w.goto(head)
    w.place(head)
    with w.indented(f"if {c.condition(step.until)}:"):
        w.goto(end)
    c.round_of_loop(step.span)
    c.steps(step.steps)
    w.goto(head)
    w.place(end)


def describe_repeat(prose, step: Repeat) -> list[Item]:
    return [Item(f"As long as {code(step.until.text)} does not hold (it is tested before each round, so "
                 "perhaps no round is played):", prose.nested(step.steps), ordered=True)]


REPEAT = StepKind("repeat", Repeat, "`{repeat: [steps], until: EXPR}`: the steps again and again until a condition "
                  "holds, tested first (§6.7)",
                  inline=Key("repeat", Steps(), REQUIRED, "the steps of one round", field="steps"),
                  extra=(Key("until", Expression(CONDITION), REQUIRED, "tested before each round: the rounds stop "
                             "when it holds", "until: the condition that stops it, e.g. until: count(deck) == 0"),),
                  compile=compile_repeat, describe=describe_repeat)
