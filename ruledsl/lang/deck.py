"""`deck:` — the pack (a built-in one or one written out), jokers, the ranks kept, the rank
orders, card points and capture values."""
from __future__ import annotations

import re
from fractions import Fraction

import attrs

from ..errors import RuleError, did_you_mean
from ..runtime.cards import FRENCH_SUITS, JOKER, MAX_JOKERS, PACKS, Deck as CardDeck, Pack, canonical, joker_names, normal_rank
from ..source import NOWHERE, Span
from .declare import Construct, Key, Labels, Orders, RankList, RankTable, Section, Whole, Word

MAX_VALUE = 100      # a capture value; the sum search works in bits up to the value captured
WRITTEN = "written"  # the pack's name when the file writes it out
RANK_WORD = re.compile(r"[0-9A-Z]{1,3}")
MAX_SUITS, MAX_RANKS = 8, 20
MAX_PACKS = 8        # a six- or eight-pack shoe


@attrs.frozen
class Deck:
    pack: str                                # a built-in pack's name, or WRITTEN
    cards_of: Pack                           # its suits and ranks, with their names
    ranks: tuple[str, ...]                   # ranks kept, in the pack's order (JK last, with jokers)
    jokers: int                              # JK1 … JKn: cards of no suit
    packs: int                               # copies of the pack in the deck (a shoe)
    order: tuple[str, ...]                   # trick order, high to low
    order_given: bool                        # written in the file (else the pack's own order)
    orders: dict[str, tuple[str, ...]]       # further named orders
    points: dict[str, Fraction | int]        # by card, rank or suit
    values: dict[str, int]                   # capture values
    span: Span = attrs.field(default=NOWHERE, eq=False)

    @property
    def suits(self) -> tuple[str, ...]:
        return self.cards_of.suits

    def cards(self) -> CardDeck:
        """The runtime deck: the cards and their tables."""
        return CardDeck(self.cards_of, list(self.ranks), list(self.order), {k: list(v) for k, v in self.orders.items()},
                        self.points, self.values, self.jokers, self.packs)


@attrs.frozen
class WrittenPack:
    """`pack:` as the file gives it: a built-in pack's name, or suits and ranks written out."""

    name: str | None = None
    suits: tuple = ()
    ranks: tuple = ()
    names: tuple = ()
    span: Span = attrs.field(default=NOWHERE, eq=False)


def _pack(values: dict, spans: dict, reader) -> tuple[str, Pack]:
    """The pack's name and its cards: a built-in pack, or the one written out."""
    if values["name"] is not None:
        if values["suits"] or values["ranks"]:
            raise RuleError(spans["name"], "a pack is either a built-in pack's name or written out with "
                            "suits and ranks, not both", "drop `name:`, or `suits:` and `ranks:`")
        return values["name"], PACKS[values["name"]]
    for key in ("suits", "ranks"):
        if not values[key]:
            raise RuleError(spans[""], f"a pack written out needs `{key}:`",
                            "e.g. pack: {suits: {R: red, G: green}, ranks: [9, 8, 7, 6, 5, 4, 3, 2, 1]}")
    suits: list[str] = []
    for letter, _ in values["suits"]:
        text = letter.text.strip()
        if not re.fullmatch(r"[A-Z]", text):
            raise RuleError(letter.span, f"'{text}' cannot name a suit", "a suit is one upper-case letter, e.g. R")
        if text in suits:
            raise RuleError(letter.span, f"suit '{text}' is written twice", "each suit appears once")
        suits.append(text)
    if len(suits) > MAX_SUITS:
        raise RuleError(spans["suits"], f"a pack has at most {MAX_SUITS} suits")
    ranks: list[str] = []
    for name in values["ranks"]:
        text = normal_rank(name.text)
        if not RANK_WORD.fullmatch(text) or text == JOKER:
            raise RuleError(name.span, f"'{name.text}' cannot name a rank",
                            "a rank is up to three upper-case letters or digits, e.g. A, 10, U (JK is the jokers')")
        if text in ranks:
            raise RuleError(name.span, f"rank '{text}' is written twice", "each rank appears once")
        ranks.append(text)
    if len(ranks) > MAX_RANKS:
        raise RuleError(spans["ranks"], f"a pack has at most {MAX_RANKS} ranks")
    rank_names = {}
    for rank, label in values["names"]:
        rank_names[_rank(rank, ranks)] = label
    return WRITTEN, Pack(tuple(suits), tuple(ranks), tuple(label for _, label in values["suits"]), rank_names)


def _build(values: dict, spans: dict, reader) -> Deck:
    pack_name, pack = values["pack"]
    every = list(pack.ranks)
    ranks = list(every)
    if values["remove"]:
        removed = [_rank(n, every) for n in values["remove"]]
        ranks = [r for r in ranks if r not in removed]
    if values["keep"]:
        kept = [_rank(n, every) for n in values["keep"]]
        ranks = [r for r in ranks if r in kept]
    jokers = values["jokers"]
    if jokers:
        ranks.append(JOKER)
    given = values["order"] is not None
    # without `order:` the pack's own order, high to low as it lists its ranks (jokers highest)
    order = _order(values["order"], ranks, "deck.order", spans["order"], complete=True) if given else \
        tuple(([JOKER] if jokers else []) + [r for r in ranks if r != JOKER])
    orders = {name.text: _order(items, ranks, f"deck.orders.{name.text}", name.span)
              for name, items in values["orders"]}
    keys = _Keys(pack, ranks, jokers)
    points = {keys.read(key, "deck.points"): number for key, number in values["points"]}
    worth = {keys.read(key, "deck.values"): number for key, number in values["values"]}
    return Deck(pack_name, pack, tuple(ranks), jokers, values["packs"], order, given, orders, points, worth,
                values["span"])


def _rank(name, ranks) -> str:
    text = normal_rank(name.text)
    if text not in ranks:
        raise RuleError(name.span, f"unknown rank '{name.text}'",
                        did_you_mean(text, ranks) or f"ranks are {' '.join(ranks)}")
    return text


def _order(items, ranks, what, span, complete=False) -> tuple[str, ...]:
    seen: list[str] = []
    for item in items:
        r = _rank(item, ranks)
        if r in seen:
            given = {normal_rank(i.text) for i in items}
            missing = [m for m in ranks if m not in given]
            raise RuleError(item.span, f"rank '{r}' is listed twice in {what}",
                            f"each rank appears once; {what} leaves out {' '.join(missing)}"
                            if complete and missing else "each rank appears once")
        seen.append(r)
    missing = [r for r in ranks if r not in seen]
    if complete and missing:
        hint = "list every rank of the deck, highest first" + \
            (" (JK ranks the jokers)" if JOKER in missing else "")
        raise RuleError(span, f"{what} leaves out {' '.join(missing)}", hint)
    return tuple(seen)


class _Keys:
    """What a points or values table may name: a rank, a card, a joker or a suit of the deck."""

    def __init__(self, pack: Pack, ranks: list[str], jokers: int):
        self.pack, self.ranks = pack, ranks
        self.cards = {r + s for s in pack.suits for r in ranks if r != JOKER} | set(joker_names(jokers))
        self.others = {r + s for s in pack.suits for r in pack.ranks} | set(joker_names(MAX_JOKERS))

    def read(self, key, what) -> str:
        text = canonical(key.text)
        if normal_rank(text) in self.ranks:
            return normal_rank(text)
        if text in self.pack.suits or text in self.cards:   # a suit: {H: 1}; a card's or rank's own entry comes first
            return text
        if text in self.others or normal_rank(text) in self.pack.ranks:
            raise RuleError(key.span, f"{what} names '{key.text}', which is not in the deck",
                            f"the deck's ranks are {' '.join(self.ranks)}")
        raise RuleError(key.span, f"unknown rank or card '{key.text}' in {what}",
                        did_you_mean(text, self.ranks) or
                        "write a rank (K), a card (QS) or a suit (H)" if self.pack.suits == FRENCH_SUITS else
                        f"write a rank ({self.ranks[0]}), a card ({self.ranks[0]}{self.pack.suits[0]}) "
                        f"or a suit ({self.pack.suits[0]})")


PACK = Construct("pack", WrittenPack, (
    Key("name", Word(tuple(PACKS), "pack", f"known packs: {', '.join(PACKS)}", suggest=tuple(PACKS)),
        None, "a built-in pack: french-52 (suits S H D C, ranks A K Q J 10 9 … 2), piquet-32, german-32 "
        "(A K Q J 10 9 8 7), italian-40, spanish-40 (A K Q J 7 … 2), spanish-48 (A K Q J 9 … 2)"),
    Key("suits", Labels(), (), "a pack written out: its suits, each one upper-case letter with its name "
        "({R: red, G: green})"),
    Key("ranks", RankList(), (), "a pack written out: its ranks, high to low (up to three upper-case letters "
        "or digits each)"),
    Key("names", Labels(), (), "a pack written out: names of ranks, for explain ({U: Unter})"),
), what="the pack", doc="a built-in pack's name, or a pack written out: suits, ranks, rank names",
    short="name", build=_pack)

DECK = Construct("deck", Deck, (
    Key("pack", Section(PACK), ("french-52", PACKS["french-52"]),
        "the pack: a built-in one (french-52, piquet-32, german-32, italian-40, spanish-40, spanish-48) "
        "or one written out ({suits: {R: red, …}, ranks: [9, 8, …]})"),
    Key("jokers", Whole(min=0, max=MAX_JOKERS), 0, "jokers added to the pack: JK1, JK2, …, cards of no suit "
        "whose rank is JK"),
    Key("packs", Whole(min=1, max=MAX_PACKS), 1, "how many packs are shuffled together (a shoe): the cards "
        "of each are the same cards, which nobody can tell apart"),
    Key("remove", RankList(), (), "ranks taken out of the pack"),
    Key("keep", RankList(), (), "or: the only ranks kept"),
    Key("order", RankList(), None, "the rank order used by tricks, high to low (required by a game with "
        "tricks, a showdown or trumps; default: the pack's order, jokers highest)"),
    Key("orders", Orders(), (), "further named rank orders (for `run`, or the order in force: `trumps.order`)"),
    Key("points", RankTable(), (), "card points by card, rank or suit, in that order of precedence (exact: 1/3 "
        "is a fraction)"),
    Key("values", RankTable(whole=True, min=1, max=MAX_VALUE), (),
        "capture values by rank or card; a card without one is never part of a sum"),
), what="deck", doc="the cards: pack, jokers, ranks, orders, points", build=_build)
