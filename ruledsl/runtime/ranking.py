"""How every card ranks under one trump situation: its effective suit, its power, whether it is
a trump — tuples indexed by the card, built once per situation and cached by the program."""
from __future__ import annotations

PROMOTED_STEP = 100      # powers are scaled so promoted cards fit between two ranks

# The beating rule, once: card c beats card b if it ranks higher in the same suit, or is a trump
# over a non-trump. Ranking.beats is made from it, and the compiler writes it inline where a
# trick is played (with the tables of the ranking in force).
BEATS = "({power}[{c}] > {power}[{b}] if {suit}[{c}] == {suit}[{b}] else {trump}[{c}] and not {trump}[{b}])"


def beats_source(suit: str, power: str, trump: str, c: str, b: str) -> str:
    """The beating rule as a Python expression over the given names (all of them the code's own)."""
    return BEATS.format(suit=suit, power=power, trump=trump, c=c, b=b)


def _beats():
    namespace: dict = {"__builtins__": {}}
    exec(f"def beats(self, c, b):\n return {beats_source('self.suit', 'self.power', 'self.trump', 'c', 'b')}",
         namespace)
    beats = namespace["beats"]
    beats.__doc__ = "Card c beats card b: higher of the same suit, or a trump over a non-trump."
    return beats


class Ranking:
    """Per-card tables under one trump situation (tuples indexed by card id)."""

    __slots__ = ("suit", "power", "trump", "shown", "masks")

    def __init__(self, suit, power, trump):
        self.suit, self.power, self.trump = suit, power, trump
        self.masks: dict = {}          # suit -> the bits of its cards (the voids of knowledge.py)
        for c, s in enumerate(suit):
            if power[c] is not None:
                self.masks[s] = self.masks.get(s, 0) | 1 << c
        # Where each card goes as players sort a hand: trumps first, then suit by suit, high to low.
        self.shown = tuple((not trump[c], "SHDC".index(suit[c]), -power[c]) if power[c] is not None else ()
                           for c in range(len(suit)))

    beats = _beats()

    def shown_order(self, hand) -> list:
        """A hand as players sort it: trumps first, then suit by suit, each high to low."""
        return sorted(hand, key=self.shown.__getitem__)


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
