"""Cards as small ints that print as text, the packs, and the Deck: which cards a game has and
their tables.

A Card is an int subclass, so zones are plain lists of ints and every per-card table is a tuple
indexed by the card (fast), while a card still prints as `QS` in messages and logs. Ids are
given out by name, once per process (`card_named`): the French pack's 52 first, so their ids
never change (0–51), then whatever other cards a loaded deck has (a joker, a card of a pack
written out in a rule file). A card pickles as its name, so a State moves between processes
whatever order they loaded decks in.

A card's text is its rank then its suit letter (`10H`, `QS`); a joker has no suit and is written
`JK1`, `JK2`, … Every deck has its own suits: the built-in packs write theirs with the French
letters S H D C, as pagat and RULES.md do for Italian, Spanish and German cards; a pack written
out in the file names its own (one upper-case letter each).
"""
from __future__ import annotations

import math
from fractions import Fraction
from operator import itemgetter as _itemgetter

import attrs

FRENCH_SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
JOKER = "JK"            # the rank of a joker; the jokers are JK1, JK2, …
MAX_JOKERS = 4


@attrs.frozen
class Pack:
    """A pack's suits (letters, with their names) and ranks (high to low, with names for the
    ones that have them)."""

    suits: tuple[str, ...]
    ranks: tuple[str, ...]
    suit_names: tuple[str, ...]
    rank_names: dict = attrs.field(factory=dict)

    def suit_name(self, letter: str) -> str:
        return self.suit_names[self.suits.index(letter)]


_FRENCH_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
_SHORT = ("A", "K", "Q", "J", "10", "9", "8", "7")
_LATIN = ("A", "K", "Q", "J", "7", "6", "5", "4", "3", "2")
_FRENCH_NAMES = ("spades", "hearts", "diamonds", "clubs")
_SPANISH = (("espadas", "copas", "oros", "bastos"), {"K": "rey", "Q": "caballo", "J": "sota"})
PACKS = {
    "french-52": Pack(FRENCH_SUITS, _FRENCH_RANKS, _FRENCH_NAMES),
    "piquet-32": Pack(FRENCH_SUITS, _SHORT, _FRENCH_NAMES),
    "german-32": Pack(FRENCH_SUITS, _SHORT, ("Grün", "Herz", "Schellen", "Eichel"),
                      {"A": "Daus", "K": "König", "Q": "Ober", "J": "Unter"}),
    "italian-40": Pack(FRENCH_SUITS, _LATIN, ("spade", "coppe", "denari", "bastoni"),
                       {"K": "re", "Q": "cavallo", "J": "fante"}),
    "spanish-40": Pack(FRENCH_SUITS, _LATIN, *_SPANISH),
    "spanish-48": Pack(FRENCH_SUITS, ("A", "K", "Q", "J", "9", "8", "7", "6", "5", "4", "3", "2"), *_SPANISH),
}


class Card(int):
    """A card id; str() gives its canonical text."""

    __slots__ = ()
    names: list[str] = []        # by id: the text a card prints as
    keys: list[str] = []         # by id: what names it for good (pickles): its text, or `AS#2` for a copy

    def __str__(self) -> str:
        return Card.names[self]

    __repr__ = __str__

    def __reduce__(self):
        return card_keyed, (Card.keys[self],)


_BY_NAME: dict[str, Card] = {}  # by key
CARDS: list[Card] = []      # by id: the one Card object of each id (found by identity in sets)
BITS: list[int] = []        # each card's bit, `1 << card`, in the masks of runtime/knowledge.py


def card_keyed(key: str) -> Card:
    """The card of this key (its canonical text, or `AS#2` for the second copy of AS in a deck
    of several packs), given the next id the first time it is named."""
    card = _BY_NAME.get(key)
    if card is None:
        card = _BY_NAME[key] = Card(len(Card.names))
        Card.names.append(key.split("#")[0])
        Card.keys.append(key)
        CARDS.append(card)
        BITS.append(1 << card)
    return card


def card_named(name: str) -> Card:
    """The card of this canonical text (the first copy, in a deck of several packs)."""
    return card_keyed(name)


def card_copy(name: str, copy: int) -> Card:
    """Copy number `copy` (from 1) of the card `name`: a card of its own, that prints as `name`."""
    return card_keyed(name if copy == 1 else f"{name}#{copy}")


def canonical(text: str) -> str:
    """A card as a person writes it (`qs`, `TH`, `jk1`) in its canonical text (`QS`, `10H`, `JK1`)."""
    text = str(text).strip().upper()
    return "10" + text[1:] if text[:1] == "T" and len(text) == 2 else text


def known_card(text: str) -> Card | None:
    """The card a person wrote, if some loaded deck has it."""
    return _BY_NAME.get(canonical(text))


def normal_rank(text: str) -> str:
    text = str(text).strip().upper()
    return "10" if text == "T" else text


def joker_names(n: int) -> list[str]:
    return [f"{JOKER}{i}" for i in range(1, n + 1)]


def split_name(name: str) -> tuple[str, str | None]:
    """A canonical card text as (rank, suit): '10H' → ('10', 'H'); a joker 'JK1' → ('JK', None)."""
    if name.startswith(JOKER) and name[len(JOKER):].isdigit():
        return JOKER, None
    return name[:-1], name[-1]


class Deck:
    """The cards of one game: ranks (in trick order, high to low), suits, and per-card tables."""

    def __init__(self, pack: Pack, ranks: list[str], order: list[str], orders: dict[str, list[str]],
                 points: dict[str, Fraction | int], values: dict[str, int], jokers: int = 0, packs: int = 1):
        self.pack = pack
        self.suits = pack.suits
        self.ranks = list(ranks)
        self.order = list(order)
        self.orders = orders
        self.jokers = jokers
        # `distinct`: one of each card (the first pack); `cards`: every card the deck holds. With
        # several packs each copy of a card is a card of its own (a move moves that very one),
        # printing alike; `same` gives each the first copy's id, for the comparisons of the
        # language, which take copies to be the same card (None: one pack, nothing to compare)
        self.distinct = [card_named(r + s) for s in self.suits for r in self.ranks if r != JOKER]
        self.distinct += [card_named(name) for name in joker_names(jokers)]
        self.packs = packs
        self.cards = self.distinct + [card_copy(str(c), k) for k in range(2, packs + 1) for c in self.distinct]
        self.by_name = {str(c): c for c in self.distinct}
        self.same = None
        if packs > 1:
            same = list(range(len(Card.names)))
            for c in self.cards:
                same[c] = self.by_name[str(c)]
            self.same = tuple(same)
        power = {r: len(order) - i for i, r in enumerate(order)}
        self.rank_of = self._table(lambda n: split_name(n)[0])
        self.suit_of = self._table(lambda n: split_name(n)[1])
        self.power = self._table(lambda n: power[split_name(n)[0]])
        self.points = self._table(lambda n: _lookup(points, n, 0))
        self.values = self._table(lambda n: _lookup(values, n, None))
        # each card's one-card play, made once, of the one Card of its name (found by identity)
        self.plays = tuple((card,) for card in CARDS[:len(self.suit_of)])
        # Points are summed as whole numbers of the table's smallest unit (thirds, say): exact,
        # and much faster than adding Fractions.
        unit = math.lcm(*(Fraction(p).denominator for p in self.points if p is not None))
        self.whole_points = unit == 1           # every sum of points is a whole number
        scaled = tuple(int(p * unit) if p is not None else 0 for p in self.points)

        def units(x) -> int:
            """The points of a card, of a list of cards, or of none (0), in those units."""
            if isinstance(x, int):
                return scaled[x]
            if not x:
                return 0
            # itemgetter picks them all in one C call (twice as fast as a map over __getitem__
            # for a pile of tricks); of one card it gives the value itself, not a tuple
            got = _itemgetter(*x)(scaled)
            return got if type(got) is int else sum(got)

        def points_of(x) -> int | Fraction:
            total = units(x)
            return total // unit if total % unit == 0 else Fraction(total, unit)

        def points_floor(x) -> int:
            """floor(points_of(x)), without making the Fraction (scoring in thirds rounds down)."""
            return units(x) // unit
        # whole points are their own units: one call fewer where a hand is scored
        self.points_of, self.points_floor = (units, units) if unit == 1 else (points_of, points_floor)

    def _table(self, fn) -> tuple:
        """A tuple indexed by card id (ids are global, so other decks' slots hold None)."""
        out = [None] * len(Card.names)
        for c in self.cards:
            out[c] = fn(str(c))
        return tuple(out)

    def card(self, text: str) -> Card | None:
        """The card a person or a rule file writes (`qs`, `TH`, `10h`), if this deck has it."""
        return self.by_name.get(canonical(text))

    def __len__(self) -> int:
        return len(self.cards)

    def copy(self, card, k: int):
        """The k-th copy (from 1) of one of the deck's cards, None past its packs."""
        return card_copy(str(card), k) if 1 <= k <= self.packs else None


for _suit in FRENCH_SUITS:               # ids 0–51: the French pack, suit by suit, as always
    for _rank in _FRENCH_RANKS:
        card_named(_rank + _suit)


def _lookup(table: dict, name: str, default):
    """A card's entry in a points or values table: its own, else its rank's, else its suit's."""
    rank, suit = split_name(name)
    for key in (name, rank, suit):
        if key is not None and key in table:
            return table[key]
    return default
