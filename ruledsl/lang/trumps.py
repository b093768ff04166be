"""`trumps:` — the trump suit (an expression, often a counter) and cards promoted into it."""
from __future__ import annotations

import attrs

from ..errors import RuleError
from .declare import REQUIRED, AName, Construct, Expr, Expression, Items, Key, Name, Rank
from .types import A_SUIT, CONDITION


@attrs.frozen
class Promotion:
    card: Name
    above: Name
    when: Expr | None = None


@attrs.frozen
class Trumps:
    suit: Expr | None = None
    promote: tuple[Promotion, ...] = ()


def _promotion(values: dict, spans: dict, reader) -> Promotion:
    deck = reader.deck
    card, above = values["card"], values["above"]
    if deck is not None:
        if deck.card(card.text) is None:
            raise RuleError(card.span, f"unknown card '{card.text}' in trumps.promote", "the card must be in the deck")
        if above.text.upper() not in deck.ranks:
            raise RuleError(above.span, f"unknown rank '{above.text.upper()}' in trumps.promote",
                            f"ranks are {' '.join(deck.ranks)}")
    return Promotion(card=card, above=attrs.evolve(above, text=above.text.upper()), when=values["when"])


PROMOTION = Construct("promotion", Promotion, (
    Key("card", AName(), REQUIRED, "the card promoted, e.g. QS"),
    Key("when", Expression(CONDITION), None, "while this holds (default: always)"),
    Key("above", Rank(), REQUIRED, "the trump rank it ranks just above, e.g. K"),
), what="a promotion", doc="a card that becomes a trump, ranking just above a trump rank", build=_promotion)

TRUMPS = Construct("trumps", Trumps, (
    Key("suit", Expression(A_SUIT), None, "the trump suit: an expression (often a counter), none for no trumps"),
    Key("promote", Items(PROMOTION), (), "cards promoted into the trumps under a condition, highest first"),
), what="trumps", doc="the trump suit and promoted cards")
