"""How every card ranks under one trump situation: its effective suit, its power, whether it is
a trump — tuples indexed by the card, built once per situation and cached by the program.

A situation is the trump suit in force (or None), the rank order in force (a name of the deck's
orders; None: `deck.order`) and which promotions hold. `Rankings.get` takes it as its key: the
suit alone, or a tuple (suit, [order,] each promotion held) — what `_ranking(st)` in the
generated code computes (compile/ranking.py `RankingCode.source`).
"""
from __future__ import annotations

from ..expr.values import EvalError
from .cards import CARDS
from .show import show

PROMOTED_STEP = 100      # powers are scaled so promoted cards fit between two ranks
TRUMPS = "trumps"        # the suit of promoted cards while no suit is trumps: they follow each other


class Ranking:
    """Per-card tables under one trump situation (tuples indexed by card id)."""

    __slots__ = ("suit", "power", "trump", "shown", "masks", "members", "follows", "answers", "beaters")

    def __init__(self, suit, power, trump, suits):
        self.suit, self.power, self.trump = suit, power, trump
        self.masks: dict = {}          # suit -> the bits of its cards (the voids of knowledge.py)
        members: dict = {}             # suit -> its cards (how many of a zone's: lang/builtins/cards.py)
        for c, s in enumerate(suit):
            if power[c] is not None:
                self.masks[s] = self.masks.get(s, 0) | 1 << c
                members.setdefault(s, set()).add(CARDS[c])     # the one Card: found by identity
        self.members = {s: frozenset(cards) for s, cards in members.items()}
        self._card_sets()
        # Where each card goes as players sort a hand: trumps first, then suit by suit in the deck's
        # order (no suit, a joker's, last), high to low.
        place, last = {s: i for i, s in enumerate(suits)}, len(suits)
        self.shown = tuple((not trump[c], place.get(suit[c], last), -power[c]) if power[c] is not None else ()
                           for c in range(len(suit)))

    def _card_sets(self) -> None:
        """Per card, as a set, what a trick of single cards asks of it: the cards of its suit
        (`follows`: the answers to it led, under `follow: suit`), those and the trumps
        (`answers`: under `follow: suit_or_trump`) and the cards that beat it (`beaters`, by the
        beating rule). A play tests one card against one set, where the tables above cost a
        lookup a card, each on a tuple's slow path (a Card is an int subclass)."""
        none, cards = frozenset(), [CARDS[c] for c, p in enumerate(self.power) if p is not None]
        trumps = frozenset(c for c in cards if self.trump[c])
        self.follows = tuple(self.members[s] if p is not None else none for s, p in zip(self.suit, self.power))
        answers = {s: members | trumps for s, members in self.members.items()}
        self.answers = tuple(answers[s] if p is not None else none for s, p in zip(self.suit, self.power))
        self.beaters = tuple(frozenset(c for c in cards if self.beats(c, b)) if p is not None else none
                             for b, p in enumerate(self.power))

    def beats(self, c, b) -> bool:
        """The beating rule, once: card c beats card b if it ranks higher in the same suit, or is
        a trump over a non-trump. `beaters` tables it, and every trick reads it from there."""
        if self.suit[c] == self.suit[b]:
            return self.power[c] > self.power[b]
        return self.trump[c] and not self.trump[b]

    def shown_order(self, hand) -> list:
        """A hand as players sort it: trumps first, then suit by suit, each high to low."""
        return sorted(hand, key=self.shown.__getitem__)


def build(deck, trump, promoted, order=None) -> Ranking:
    """The tables with `trump` the trump suit (None: no trump suit), `promoted` the (card, above
    rank or None) pairs promoted, highest first, and `order` the ranks high to low (None: the
    deck's order). A card promoted above a rank ranks just above that rank of the trump suit
    (only while a suit is trumps); one promoted with no rank ranks above every other trump."""
    ranks = order or deck.order
    suit = list(deck.suit_of)
    if order is None:
        power = [p * PROMOTED_STEP if p is not None else None for p in deck.power]
    else:
        rank_power = {r: (len(ranks) - i) * PROMOTED_STEP for i, r in enumerate(ranks)}
        power = [rank_power[r] if r is not None else None for r in deck.rank_of]
    is_trump = [False] * len(suit)
    for c in deck.cards:
        is_trump[c] = trump is not None and suit[c] == trump
    plain = tuple(power)                                        # the powers before promotion
    top = [above for _, above in promoted].count(None)        # promoted above every trump
    for i, (card, above) in enumerate(promoted):
        if above is None:
            top -= 1
            promoted_power = (len(ranks) + 1 + top) * PROMOTED_STEP
        elif trump is not None:
            promoted_power = plain[deck.by_name[above + trump]] + PROMOTED_STEP // 2 - i
        else:
            continue
        for copy in range(1, deck.packs + 1):       # every copy of it, in a deck of several packs
            c = deck.copy(card, copy)
            power[c] = promoted_power
            suit[c], is_trump[c] = trump if trump is not None else TRUMPS, True
    return Ranking(tuple(suit), tuple(power), tuple(is_trump), deck.suits)


class Rankings:
    """The rankings of one game, by situation. `promotions`: (card, above rank or None) pairs;
    `ordered`: the key names the rank order in force, after the suit."""

    def __init__(self, deck, promotions, ordered: bool = False):
        self.deck, self.promotions, self.ordered, self.cache = deck, promotions, ordered, {}

    def get(self, key) -> Ranking:
        """The ranking of a situation; None: no trump suit, the deck's order, every promotion."""
        r = self.cache.get(key)
        if r is None:
            parts = key if isinstance(key, tuple) else (key, *(True for _ in self.promotions))
            suit, order, held = parts[0], None, parts[1:]
            if self.ordered:
                order, held = self.order(held[0]), held[1:]
            active = [p for p, on in zip(self.promotions, held) if on]
            r = self.cache[key] = build(self.deck, suit, active, order)
        return r

    def order(self, name, span=None):
        """The ranks of the order `name` (None: the deck's own, 'order'); an EvalError unless it
        names an order of the deck that ranks every rank."""
        if name == "order" or name is None:
            return None
        order = self.deck.orders.get(name) if isinstance(name, str) else None
        if order is None or len(order) != len(self.deck.order):
            named = [n for n, o in self.deck.orders.items() if len(o) == len(self.deck.order)]
            raise EvalError(f"the rank order in force must name an order of the deck that ranks every rank, "
                            f"not '{show(name)}'", span, f"such orders: {', '.join(['order', *named])}")
        return order
