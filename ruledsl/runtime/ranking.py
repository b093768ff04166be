"""How every card ranks under one trump situation: its effective suit, its power, whether it is
a trump — tuples indexed by the card, built once per situation and cached by the program."""
from __future__ import annotations

PROMOTED_STEP = 100      # powers are scaled so promoted cards fit between two ranks


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

    def shown_order(self, hand) -> list:
        """A hand as players sort it: trumps first, then suit by suit, each high to low."""
        return sorted(hand, key=lambda c: (not self.trump[c], "SHDC".index(self.suit[c]), -self.power[c]))


def build(deck, trump, promoted) -> Ranking:
    """The tables with `trump` the trump suit (None: no trumps) and `promoted` the (card,
    above rank) pairs promoted into it, highest first."""
    suit = list(deck.suit_of)
    power = [p * PROMOTED_STEP if p is not None else None for p in deck.power]
    is_trump = [False] * len(suit)
    for c in deck.cards:
        is_trump[c] = suit[c] == trump
    if trump is not None:
        for i, (card, above) in enumerate(promoted):
            anchor = deck.by_name.get(above + trump)
            suit[card], is_trump[card] = trump, True
            power[card] = deck.power[anchor] * PROMOTED_STEP + PROMOTED_STEP // 2 - i
    return Ranking(tuple(suit), tuple(power), tuple(is_trump))


class Rankings:
    """The rankings of one game, by situation: (trump suit, which promotions hold)."""

    def __init__(self, deck, promotions):
        self.deck, self.promotions, self.cache = deck, promotions, {}

    def get(self, key) -> Ranking:
        r = self.cache.get(key)
        if r is None:
            suit, on = (key, ()) if not isinstance(key, tuple) else (key[0], key[1:])
            active = [p for p, held in zip(self.promotions, on) if held]
            r = self.cache[key] = build(self.deck, suit, active)
        return r
