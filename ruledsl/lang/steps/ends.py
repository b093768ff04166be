"""`end_hand`, `redeal` and `end_match:` — leaving the hand, voiding it, ending the match."""
from __future__ import annotations

import attrs

from ...prose.document import Item
from ..declare import REQUIRED, Expr, Expression, Key, Step, StepKind
from ...expr.types import SEATS


@attrs.frozen(kw_only=True)
class EndHand(Step):
    kind = "end_hand"


@attrs.frozen(kw_only=True)
class Redeal(Step):
    kind = "redeal"


@attrs.frozen(kw_only=True)
class EndMatch(Step):
    kind = "end_match"
    winners: Expr


def compile_end_hand(step, c) -> None:
    c.w.goto(c.after)


def compile_redeal(step, c) -> None:
    c.w.goto(c.redeal)


def compile_end_match(step: EndMatch, c) -> None:
    who = c.seats(step.winners, "`end_match`")
    c.w.line(f"st.winners = _tuple(_sorted_seats({who}))")
    c.emit("end", winners="st.winners")
    c.w.goto(c.terminal)


def _fixed(text: str):
    return lambda prose, step: [Item(text)]


def describe_end_match(prose, step: EndMatch) -> list[Item]:
    return [Item(f"The match ends, won by {prose.words.players(step.winners.text)}.")]


END_HAND = StepKind("end_hand", EndHand, "stop the hand here; `after_hand` still runs", flag=True,
                    compile=compile_end_hand,
                    describe=_fixed("The hand ends here (what follows every hand still happens)."))
REDEAL = StepKind("redeal", Redeal, "void the hand: gather, shuffle and start the hand again (same dealer and "
                  "leader)", flag=True, compile=compile_redeal,
                  describe=_fixed("The hand is void: the cards are gathered, shuffled and dealt again by the same "
                                  "dealer."))
END_MATCH = StepKind("end_match", EndMatch, "`{end_match: SEATS}`: the match is over and these seats win "
                     "(a team's seats for teams)",
                     inline=Key("end_match", Expression(SEATS), REQUIRED, "the winning seats", field="winners"),
                     compile=compile_end_match, describe=describe_end_match)
