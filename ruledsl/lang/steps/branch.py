"""`if:` — steps run only when a condition holds, and others (`else:`) when it does not."""
from __future__ import annotations

import attrs

from ...prose.document import Item
from ...prose.words import code
from ..declare import REQUIRED, Expr, Expression, Key, Step, StepKind, Steps
from ...expr.types import CONDITION


@attrs.frozen(kw_only=True)
class If(Step):
    kind = "if"
    condition: Expr
    then: tuple
    otherwise: tuple = ()


def compile_if(step: If, c) -> None:
    cond, w = c.condition(step.condition), c.w
    if not c.waits(step):               # straight code: Python's own if
        with w.indented(f"if {cond}:"):
            c.steps(step.then)
        if step.otherwise:
            with w.indented("else:"):
                c.steps(step.otherwise)
        return
    otherwise, after = w.label(), w.label()
    with w.indented(f"if not {cond}:"):
        w.goto(otherwise)
    c.steps(step.then)
    w.goto(after)
    w.place(otherwise)
    c.steps(step.otherwise)
    w.goto(after)
    w.place(after)


def describe_if(prose, step: If) -> list[Item]:
    items = [Item(f"If {code(step.condition.text)}:", prose.nested(step.then), ordered=True)]
    otherwise = prose.nested(step.otherwise)
    if otherwise:
        items.append(Item("Otherwise:", otherwise, ordered=True))
    return items


IF = StepKind("if", If, "`{if: EXPR, then: [steps], else: [steps]}`",
              inline=Key("if", Expression(CONDITION), REQUIRED, "the condition", field="condition"),
              extra=(Key("then", Steps(), REQUIRED, "steps to run when it holds", "then: [steps to run when true]"),
                     Key("else", Steps(), (), "steps to run when it does not", field="otherwise")),
              compile=compile_if, describe=describe_if)
