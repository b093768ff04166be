"""`trumps:` — the trump suit (an expression, often a counter), the cards promoted into the
trumps, and the rank order in force (an expression naming one of the deck's orders)."""
from __future__ import annotations

import attrs

from ..errors import RuleError
from .declare import REQUIRED, AName, Construct, Expr, Expression, Items, Key, Name, Rank
from ..expr.types import A_SUIT, CONDITION, TEXT


@attrs.frozen
class Promotion:
    card: Name
    above: Name | None = None
    when: Expr | None = None


@attrs.frozen
class Trumps:
    suit: Expr | None = None
    promote: tuple[Promotion, ...] = ()
    order: Expr | None = None


def _promotion(values: dict, spans: dict, reader) -> Promotion:
    deck = reader.deck
    card, above = values["card"], values["above"]
    if deck is not None:
        if deck.card(card.text) is None:
            raise RuleError(card.span, f"unknown card '{card.text}' in trumps.promote", "the card must be in the deck")
        if above is not None and above.text.upper() not in deck.ranks:
            raise RuleError(above.span, f"unknown rank '{above.text.upper()}' in trumps.promote",
                            f"ranks are {' '.join(deck.ranks)}")
    above = attrs.evolve(above, text=above.text.upper()) if above is not None else None
    return Promotion(card=card, above=above, when=values["when"])


def _trumps(values: dict, spans: dict, reader) -> Trumps:
    anchored = next((p for p in values["promote"] if p.above is not None), None)
    if values["suit"] is None and anchored is not None:
        raise RuleError(anchored.above.span, "a card promoted above a rank needs a trump suit to rank in",
                        "give trumps.suit, or drop `above:` to make the card a trump above every other")
    return Trumps(values["suit"], values["promote"], values["order"])


PROMOTION = Construct("promotion", Promotion, (
    Key("card", AName(), REQUIRED, "the card promoted, e.g. QS or JK1"),
    Key("when", Expression(CONDITION), None, "while this holds (default: always)"),
    Key("above", Rank(), None, "the trump rank it ranks just above, e.g. K (default: above every other trump)"),
), what="a promotion", doc="a card that becomes a trump: just above a trump rank, or above every other trump",
    build=_promotion)

TRUMPS = Construct("trumps", Trumps, (
    Key("suit", Expression(A_SUIT), None, "the trump suit: an expression (often a counter), none for no trumps"),
    Key("promote", Items(PROMOTION), (), "cards promoted into the trumps under a condition, highest first; "
        "with no suit, they alone are trumps"),
    Key("order", Expression(TEXT), None, "the rank order in force: an expression naming one of deck.orders "
        "that ranks every rank, or 'order' (default: deck.order)"),
), what="trumps", doc="the trump suit, promoted cards and the rank order in force", build=_trumps)
