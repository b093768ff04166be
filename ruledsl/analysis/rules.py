"""The rules whose firing analysis counts, read from the rule file itself.

A rule is every step with a `say:` or a `when:` — in setup, the hand, after the hand, and every
list of steps nested in them (if/then/else, ask choices, trick and capture hooks) — and every
named capture bonus. The engine reports a step running as a "step" event with the step's file,
line and column (only when the match records), and a bonus as a "bonus" event with its name, so
each event maps back to one rule here. Nothing in this module knows a game.
"""
from __future__ import annotations

import attrs

from ..prose.spoken import Spoken, label
from ..lang.walk import every_step

LABEL_WIDTH = 90          # words are longer than the source they replace


@attrs.frozen
class Rule:
    key: tuple            # ("step", file, line, col) or ("bonus", name): what the event carries
    label: str            # the say text, else the step's kind and condition: in words (prose/spoken.py)
    where: str            # file:line, for the author to find it
    section: str          # setup, hand or after_hand: setup rules fire once a match, not per hand


def rules_of(ruleset) -> list[Rule]:
    """Every rule of a loaded ruleset: by section (setup, hand, after_hand), then file order."""
    out: list[tuple] = []
    for order, section in enumerate(("setup", "hand", "after_hand")):
        for step in every_step(getattr(ruleset, section)):
            if step.when is not None or step.say is not None:
                span = step.span
                out.append(((order, span.path, span.line, span.col),
                            Rule(("step", span.path, span.line, span.col), _label(ruleset, step),
                                 f"{_file(span.path)}:{span.line}", section)))
            for bonus in getattr(step, "bonuses", ()):
                span = bonus.span
                out.append(((order, span.path, span.line, span.col),
                             Rule(("bonus", bonus.name), f"bonus {bonus.name}", f"{_file(span.path)}:{span.line}", section)))
    rules = [rule for _, rule in sorted(out, key=lambda item: item[0])]
    seen: dict = {}
    for rule in rules:                     # a label is a rule's key in rows and comparisons: one each
        seen[rule.label] = seen.get(rule.label, 0) + 1
    return [attrs.evolve(rule, label=f"{rule.label} ({rule.where})") if seen[rule.label] > 1 else rule
            for rule in rules]


def event_key(event: dict) -> tuple | None:
    """The rule key of a "step" or "bonus" event; None for every other event."""
    kind = event["kind"]
    if kind == "step":
        return ("step", event["file"], event["line"], event["col"])
    if kind == "bonus":
        return ("bonus", event["name"])
    return None


def _label(ruleset, step) -> str:
    """The rule in words a person reads: its `say:` text (a seat it names in words, any other
    `{…}` as "…"), else its kind and condition ("end match when the number of players is less
    than 2"): never the rule file's source."""
    if step.say is not None:
        text = label(ruleset, step.say)
    else:
        text = f"{step.kind.replace('_', ' ')} when {Spoken(ruleset)(step.when.text, step.when.tree)}"
    text = " ".join(text.split())
    return text if len(text) <= LABEL_WIDTH else text[:LABEL_WIDTH - 1] + "…"


def _file(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1]
