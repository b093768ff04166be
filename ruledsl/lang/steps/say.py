"""A step that is only `say:` (with an optional `when:`): a message for the table, nothing else.

Every step may carry `say:`, spoken before the step runs (compile/program.py writes it); this
kind is a message on its own, put after the steps whose results it tells."""
from __future__ import annotations

import attrs

from ...prose.document import Item
from ..declare import Step, StepKind


@attrs.frozen(kw_only=True)
class SayStep(Step):
    kind = "say"


def describe_say(prose, step) -> list[Item]:
    return [Item("")]          # the message itself is the item (explain's Prose works it in)


SAY = StepKind("say", SayStep, "a message alone (see above)", compile=lambda step, c: None,
               describe=describe_say)
