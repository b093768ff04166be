"""`playable:` of a tricks step — restrictions on which cards may be led or played, applied
after the follow rule, each in the author's words:

    playable:
      - rule: the holder of 2C leads it to the first trick
        when: trick_number == 1 and not trick
        cards: card == 2C

While a restriction's `when:` holds, only the plays whose every card satisfies `cards:` (`card`
is the candidate, `player` the player) stay legal. A restriction that would leave nothing is
lifted (the fallback: a player who holds only hearts may lead one), so a player always has a
play. `why_not` answers a play it excludes with its `rule:`.
"""
from __future__ import annotations

import contextlib

import attrs

from ....prose.document import Item
from ....prose.words import code
from ....expr.codegen import Frag
from ...declare import REQUIRED, Construct, Expr, Expression, Key, Text
from ....expr.types import CARD, CONDITION, SEAT


@attrs.frozen
class Restriction:
    rule: str
    cards: Expr
    when: Expr | None = None


RESTRICTION = Construct("restriction", Restriction, (
    Key("rule", Text(), REQUIRED, "the rule in words, as `why_not` tells a player who breaks it",
        "say the rule in words, e.g. rule: hearts may not be led until a heart has been played"),
    Key("when", Expression(CONDITION), None, "while this holds (default: always); `trick` is empty for a lead"),
    Key("cards", Expression(CONDITION), REQUIRED, "which cards may be played: a condition over `card`",
        "a condition over the candidate `card`, e.g. cards: suit(card) != H"),
), what="a restriction", doc="a rule about which cards may be led or played, applied after the follow rule")


def write_filter(c, restrictions, single: bool, explain: bool, plays: str) -> None:
    """The body of `_l`/`_e`: the plays the follow rule allows (`plays`, their source), then
    each restriction in force keeps the plays it allows, unless none is left. With `explain`,
    the plays are (play, reason) pairs and a play excluded gets the rule's words."""
    w = c.w
    w.line(f"plays = {plays}")
    with c.binding(player=Frag(src="st.turn", type=SEAT, atomic=True)):
        for r in restrictions:
            guard = w.indented(f"if {c.condition(r.when)}:") if r.when is not None \
                else contextlib.nullcontext()
            with guard:
                w.line("kept = []")
                with w.indented("for play in plays:"):
                    w.line("a = play[0]" if explain else "a = play")
                    if explain:
                        with w.indented("if play[1] is not None:"):
                            w.line("continue")
                    with w.indented("for card in " + ("(a,)" if single else "a") + ":"):
                        with c.binding(card=Frag(src="card", type=CARD, atomic=True)):
                            with w.indented(f"if not ({c.condition(r.cards)}):"):
                                w.line("break")
                    with w.indented("else:"):
                        w.line("kept.append(a)")
                with w.indented("if kept:"):
                    if explain:
                        w.line(f"plays = [(a, why if why is not None or a in kept else {w.const(r.rule)}) "
                               "for a, why in plays]")
                    else:
                        w.line("plays = kept")
    w.line("return plays")


def describe_playable(restrictions) -> list[Item]:
    """The restrictions in explain's words."""
    if not restrictions:
        return []
    items = [Item(f"{r.rule[:1].upper()}{r.rule[1:]}: " + (f"while {code(r.when.text)}, " if r.when else "")
                  + f"only cards with {code(r.cards.text)} may be played.") for r in restrictions]
    return [Item("Which cards may be played, after the follow rule (a restriction that would leave a player "
                 "no card is lifted for that play):", items)]
