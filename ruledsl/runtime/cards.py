"""Cards as small ints that print as text, and the Deck: which cards exist and their tables.

A Card is an int subclass, so zones are plain lists of ints and every per-card table is a tuple
indexed by the card (fast), while a card still prints as `QS` in messages and logs.
"""
from __future__ import annotations

import math
from fractions import Fraction

SUITS = ("S", "H", "D", "C")
# Every pack's ranks, high to low. The packs of other countries are written with the French
# letters, as pagat and RULES.md do: swords/leaves S, cups/hearts H, coins/bells D, batons/acorns
# C; K the king (Re, Rey, König), Q the horse or Ober (Cavallo, Caballo), J the jack (Fante,
# Sota, Unter). Their cards are cards of the French pack, so a card is the same id in every game.
PACKS = {
    "french-52": ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"),
    "piquet-32": ("A", "K", "Q", "J", "10", "9", "8", "7"),
    "german-32": ("A", "K", "Q", "J", "10", "9", "8", "7"),
    "italian-40": ("A", "K", "Q", "J", "7", "6", "5", "4", "3", "2"),
    "spanish-40": ("A", "K", "Q", "J", "7", "6", "5", "4", "3", "2"),
    "spanish-48": ("A", "K", "Q", "J", "9", "8", "7", "6", "5", "4", "3", "2"),
}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


class Card(int):
    """A card id; str() gives its canonical text."""

    __slots__ = ()
    names: list[str] = []

    def __str__(self) -> str:
        return Card.names[self]

    __repr__ = __str__


def normal_rank(text: str) -> str:
    text = str(text).strip().upper()
    return "10" if text == "T" else text


def split_card(text: str) -> tuple[str, str] | None:
    """'10H' → ('10', 'H'); 'th' → ('10', 'H'); None when it is not card-shaped."""
    text = str(text).strip().upper()
    if len(text) < 2 or text[-1] not in SUITS:
        return None
    return normal_rank(text[:-1]), text[-1]


class Deck:
    """The cards of one game: ranks (in trick order, high to low), suits, and per-card tables."""

    def __init__(self, ranks: list[str], order: list[str], orders: dict[str, list[str]],
                 points: dict[str, Fraction | int], values: dict[str, int]):
        self.suits = SUITS
        self.ranks = list(ranks)
        self.order = list(order)
        self.orders = orders
        # Card ids are fixed for the whole pack, so a card is the same int in every game.
        self.cards = [_ALL[r + s] for s in SUITS for r in self.ranks]
        self.by_name = {str(c): c for c in self.cards}
        power = {r: len(order) - i for i, r in enumerate(order)}
        self.rank_of = _table(self.cards, lambda n: split_card(n)[0])
        self.suit_of = _table(self.cards, lambda n: n[-1])
        self.power = _table(self.cards, lambda n: power[split_card(n)[0]])
        self.points = _table(self.cards, lambda n: _lookup(points, n, 0))
        self.values = _table(self.cards, lambda n: _lookup(values, n, None))
        # Points are summed as whole numbers of the table's smallest unit (thirds, say): exact,
        # and much faster than adding Fractions.
        unit = math.lcm(*(Fraction(p).denominator for p in self.points if p is not None))
        scaled = tuple(int(p * unit) if p is not None else 0 for p in self.points)

        def points_of(x) -> int | Fraction:
            """The points of a card, of a list of cards, or of none (0)."""
            total = scaled[x] if isinstance(x, int) else sum(map(scaled.__getitem__, x or ()))
            return total // unit if total % unit == 0 else Fraction(total, unit)
        self.points_of = points_of

    def card(self, text: str) -> Card | None:
        parts = split_card(text)
        return self.by_name.get(parts[0] + parts[1]) if parts else None

    def sort_key(self, card: int):
        return (SUITS.index(self.suit_of[card]), -self.power[card])

    def __len__(self) -> int:
        return len(self.cards)


Card.names = [r + s for s in SUITS for r in PACKS["french-52"]]
_ALL = {name: Card(i) for i, name in enumerate(Card.names)}


def _table(cards, fn) -> tuple:
    """A tuple indexed by card id (ids are global, so unused slots hold None)."""
    out = [None] * len(Card.names)
    for c in cards:
        out[c] = fn(str(c))
    return tuple(out)


def _lookup(table: dict, name: str, default):
    """A card's entry: its own, else its rank's, else its suit's."""
    rank, suit = split_card(name)
    return table.get(name, table.get(rank, table.get(suit, default)))
