"""Which cards are trumps right now, and how every card ranks: one table set per trump state.

A game's `trumps:` names the trump suit (an expression, often a counter set during the deal) and
cards promoted into the trumps under a condition (a declared card, an always-trump card). Each
distinct situation is computed once and cached: (effective suit, power, is_trump) per card.
"""
from __future__ import annotations

from ..errors import RuleError
from ..yamlnodes import Map, as_list, as_map, as_text

PROMOTED_STEP = 100      # powers are scaled so promoted cards fit between two ranks
TRUMPS_KEYS = ("suit", "promote")
PROMOTION_KEYS = ("card", "when", "above")


class Ranking:
    """Per-card tables under one trump situation (tuples indexed by card id)."""

    __slots__ = ("suit", "power", "trump")

    def __init__(self, suit, power, trump):
        self.suit, self.power, self.trump = suit, power, trump

    def beats(self, c: int, b: int) -> bool:
        """Card c beats card b: higher of the same suit, or a trump over a non-trump."""
        if self.suit[c] == self.suit[b]:
            return self.power[c] > self.power[b]
        return self.trump[c] and not self.trump[b]


class Trumps:
    """The compiled `trumps:` section; `ranking(st)` gives the tables for the state's situation."""

    def __init__(self, deck, suit_fn, promotions):
        self.deck = deck
        self.suit_fn = suit_fn                    # st -> suit letter or None
        self.promotions = promotions              # [(card, when_fn or None, above_rank)]
        self.cache: dict = {}
        self.plain = self._build(None, ())

    def ranking(self, st) -> Ranking:
        if self.suit_fn is None:
            return self.plain
        if not self.promotions:                   # the usual case: the suit alone decides
            suit = self.suit_fn(st)
            r = self.cache.get(suit)
            if r is None:
                r = self.cache[suit] = self._build(suit, ())
            return r
        key = (self.suit_fn(st),) + tuple(bool(w(st)) if w else True for _, w, _ in self.promotions)
        r = self.cache.get(key)
        if r is None:
            active = tuple(p for p, on in zip(self.promotions, key[1:]) if on)
            r = self.cache[key] = self._build(key[0], active)
        return r

    def _build(self, trump, promoted) -> Ranking:
        d = self.deck
        size = len(d.suit_of)
        suit = list(d.suit_of)
        power = [p * PROMOTED_STEP if p is not None else None for p in d.power]
        is_trump = [False] * size
        for c in d.cards:
            is_trump[c] = suit[c] == trump
        for i, (card, _, above) in enumerate(promoted):
            if trump is None:
                continue
            anchor = d.by_name.get(above + trump)
            suit[card], is_trump[card] = trump, True
            power[card] = d.power[anchor] * PROMOTED_STEP + PROMOTED_STEP // 2 - i
        return Ranking(tuple(suit), tuple(power), tuple(is_trump))

    def sort_key(self, st):
        r = self.ranking(st)
        return lambda c: (r.trump[c], r.power[c])


def compile_trumps(node, builder) -> Trumps:
    """Read `trumps: {suit: EXPR, promote: [{card, when, above}]}`."""
    deck = builder.deck
    if node is None:
        return Trumps(deck, None, [])
    m = as_map(node, "trumps")
    builder.check_keys(m, TRUMPS_KEYS, "trumps")
    suit_fn = builder.expr(m.get("suit")) if m.get("suit") is not None else None
    promotions = []
    for item in as_list(m.get("promote"), "trumps.promote") if m.get("promote") else ():
        promotions.append(_promotion(as_map(item, "a promotion"), builder, deck))
    return Trumps(deck, suit_fn, promotions)


def _promotion(m: Map, builder, deck):
    builder.check_keys(m, PROMOTION_KEYS, "a promotion", required=("card", "above"))
    card = deck.card(as_text(m.get("card"), "card"))
    if card is None:
        raise RuleError(m.get("card").span, f"unknown card '{m.get('card').text}' in trumps.promote",
                        "the card must be in the deck")
    above = as_text(m.get("above"), "above").upper()
    if above not in deck.ranks:
        raise RuleError(m.get("above").span, f"unknown rank '{above}' in trumps.promote",
                        f"ranks are {' '.join(deck.ranks)}")
    when = builder.expr(m.get("when")) if m.get("when") is not None else None
    return card, when, above
