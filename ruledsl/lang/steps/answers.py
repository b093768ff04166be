"""An `ask`'s answers at play time: the text of an answer, how the integer actions of docs/rl.md
spell it, and why an answer typed or given is not legal — in the player's words, from the
choice's `each:` and `when:` (the parts of `when:` are compiled with the ask, lang/steps/ask.py).
"""
from __future__ import annotations

import attrs

from ...expr.records import Record
from ...prose.spoken import Spoken
from ...runtime.cards import Card, known_card
from ...runtime.show import show
from .typed import Typed, card_problems, either, example


@attrs.frozen
class Reason:
    """The reason a candidate is not offered, in words a player reads: the choice's `rule:`,
    else the part of its `when` that does not hold, in words (prose/spoken.py: never the
    expression as written), `{}` standing for the candidate's value."""

    name: str
    condition: str
    rule: str | None = None

    @classmethod
    def of(cls, ruleset, choice, part) -> "Reason":
        """The reason for `choice` when `part` (a node of its `when:`) does not hold."""
        value = choice.each.tree.var if choice.each is not None else None
        said = Spoken(ruleset, player="you", value=value).condition(choice.when.text, part)
        return cls(choice.name, said, choice.rule)

    def __call__(self, value) -> str:
        shown = "" if value is None else show(value)
        if self.rule is not None:
            return " ".join(self.rule.split())
        what = f"'{self.name.replace('_', ' ')}{' ' + shown if shown else ''}'"
        return f"{what} is offered only when {self.condition.replace('{}', shown)}, and that does not hold now"



class Asking:
    """What the State asks of an ask's decision besides its generated functions."""

    @staticmethod
    def text(st, d, action) -> str:
        i, value = action
        name = d.spec.names[i]
        return name if value is None else f"{name} {show(value)}"

    @staticmethod
    def cards(st, d, action) -> tuple:
        """An answer that is a card or a list of cards gives them; any other answer, none."""
        value = action[1]
        if isinstance(value, Card):
            return (value,)
        if isinstance(value, (list, tuple)) and value and all(isinstance(c, Card) for c in value):
            return tuple(value)
        return ()

    @staticmethod
    def describe(st, d) -> str:
        return d.spec.prompt or "choose"

    @staticmethod
    def vocabulary(d) -> tuple:
        """The choices as the integer actions name them (runtime/indices.py): name and type of value."""
        return tuple(zip(d.spec.names, d.spec.types))

    @staticmethod
    def spell(st, d, action) -> tuple:
        """The action as the integer actions choose it: the choice with its value, or, for a
        value that is a list of cards, the choice and then the cards one at a time."""
        i, value = action
        if isinstance(value, (list, tuple)):
            return ((d.spec.names[i], None),) + tuple(sorted(value))
        return ((d.spec.names[i], value),)

    @staticmethod
    def why_not(st, d, action) -> str | None:
        spec = d.spec
        candidates = st.prog.explain[d.id](st)
        offered = list(dict.fromkeys(spec.names[a[0]] for a, why in candidates if why is None))
        if isinstance(action, str):
            typed = Typed.read(action)
            word = typed.first
            if word not in spec.names:
                asked = f"you are asked to {spec.prompt}: " if spec.prompt else ""
                shown = f"'{typed.tokens[0][1]}'" if typed.tokens else "nothing"
                if not offered:
                    return f"{asked}{shown} is not a choice here"
                return f"{asked}{shown} is not a choice here; answer {either(offered)}"
            i = spec.names.index(word)
            given = [str(v) for _, v in typed.tokens[1:]]
        else:
            i = action[0]
            given = [] if action[1] is None else show(action[1]).split() if _several(spec, i) else [show(action[1])]
        name = spec.names[i]
        mine = [(a, why) for a, why in candidates if a[0] == i]
        if not spec.params[i]:
            if given:
                return f"'{name}' takes nothing after it: answer just '{name}'"
            return next((why for _, why in mine if why), None) or f"'{name}' is not open to you now"
        if not given:
            return f"'{name}' needs a value, e.g. '{example(st, lambda t: t.split()[0] == name)}'"
        if _several(spec, i):
            return _not_these(st, d, name, given, mine)
        if len(given) > 1 and any(type(a[1]) is Record for a, _ in mine):     # `take {value: 9, …}`
            return _not_this_record(st, d, name, given, action.strip().split(None, 1)[1], mine)
        if len(given) > 1:
            return f"'{name}' takes one value, e.g. '{example(st, lambda t: t.split()[0] == name)}'"
        match = [(a, why) for a, why in mine if show(a[1]).upper() == given[0].upper()]
        if not match:
            return _not_a_value(st, d, name, given[0], [a[1] for a, _ in mine])
        return match[0][1] or f"'{name} {given[0]}' is not open to you now"


def _several(spec, i: int) -> bool:
    """Whether choice i's values are lists (several cards in one answer)."""
    return spec.types[i] is not None and spec.types[i].has("list")


def _not_these(st, d, name: str, given: list, mine: list) -> str:
    """Why the cards typed after a choice whose values are lists are not an answer: a card not
    in the deck, named twice or not held; else the rule (`when:`) that excludes that very
    combination, in any order; else the combinations it could be."""
    typed = Typed.read(" ".join(given)).tokens
    if all(kind == "card" for kind, _ in typed):
        hand = st.prog.hand_of(st, st.vars[d.spec.seat])
        offered = {c for a, _ in mine if isinstance(a[1], tuple) for c in a[1]}
        problem = card_problems(st, [c for _, c in typed], hand) if offered <= set(hand) else \
            card_problems(st, [c for _, c in typed], offered, lambda xs: f"'{name}' offers no {either(xs, 'and no')}")
        if problem:
            return problem
    want = sorted(t.upper() for t in given)
    match = [(a, why) for a, why in mine if sorted(show(a[1]).upper().split()) == want]
    if match:
        return match[0][1] or f"'{name} {' '.join(given)}' is not open to you now"
    offered = [show(a[1]) for a, why in mine if why is None]
    choose = f"; choose from {', '.join(offered[:12])}{' …' if len(offered) > 12 else ''}" if offered else ""
    return f"'{name} {' '.join(given)}' is not offered{choose}"


def _not_this_record(st, d, name: str, given: list, written: str, mine: list) -> str:
    """Why a record typed after a choice (its words as Typed reads them) is not an answer."""
    words = [g.upper() for g in given]
    match = [(a, why) for a, why in mine if [str(v).upper() for _, v in Typed.read(show(a[1])).tokens] == words]
    if match:
        return match[0][1] or f"'{name} {written}' is not open to you now"
    return _not_a_value(st, d, name, written, [a[1] for a, _ in mine])


def _not_a_value(st, d, name: str, given: str, values: list) -> str:
    """The value typed is none of the choice's `each` values: say which it could be."""
    card = known_card(given)
    if card is not None and str(card) not in st.prog.deck.by_name:
        return f"there is no {card} in this game's deck"
    hand = st.prog.hand_of(st, st.vars[d.spec.seat])
    if card is not None and card not in hand and values and all(v in hand for v in values):
        return f"you do not hold {card}"
    whole = d.spec.types[d.spec.names.index(name)].only("int")
    if whole and values and sorted(values) == list(range(min(values), max(values) + 1)):
        return f"'{name} {given}' is not offered; choose a number from {min(values)} to {max(values)}"
    choose = f"; choose from {' '.join(show(v) for v in values)}" if values else ""
    return f"'{name} {given}' is not offered{choose}"


ASKING = Asking()
