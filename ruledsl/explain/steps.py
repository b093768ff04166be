"""The steps as numbered items: each step kind says itself (its module's `describe`, under
lang/steps/); here its `when:` and `say:` are worked in, and nested steps are listed."""
from __future__ import annotations

from ..lang.steps import ALL
from ..prose.document import Item, List
from ..prose.words import Words, code, uncap


class Prose:
    """Steps as items of a numbered list, for one ruleset."""

    def __init__(self, rs):
        self.rs = rs
        self.words = Words(rs.direction, alone=rs.players.max == 1)

    def numbered(self, steps, start: int = 1) -> List:
        return List([item for step in steps for item in self.step(step)], ordered=True, start=start)

    def nested(self, steps) -> list[Item]:
        """The items of steps written inside another step (then/else, hooks, refill)."""
        return [item for step in steps for item in self.step(step)]

    def hooks(self, step, labels) -> list[Item]:
        """The steps run at fixed moments of the play, one item for each moment that has some."""
        out = []
        for key, label in labels:
            steps = self.nested(getattr(step, key))
            if steps:
                out.append(Item(label, steps, ordered=True))
        return out

    def step(self, step) -> list[Item]:
        items = ALL[step.kind].describe(self, step)
        head = items[0]
        if step.say is not None:
            head.text = _told(step, head)
        if step.when is not None:
            head.text = f"If {code(step.when.text)}: {uncap(head.text)}"
        return items


def _told(step, head: Item) -> str:
    """The head item with the step's message (`say:`) worked in."""
    said = f"The table is told: “{' '.join(step.say.text.split())}”."
    if step.kind == "say":
        return said
    if head.children and head.text.endswith(":"):
        # "… The answers:" / "In order:" lead into the list: the message goes before that.
        cut = head.text.rfind(". ") + 1
        return f"{head.text[:cut]} {said} {head.text[cut:].strip()}".strip()
    return f"{head.text} {said}"
