"""`deck:` — the pack, the ranks kept, the rank orders, card points and capture values."""
from __future__ import annotations

from fractions import Fraction

import attrs

from ..errors import RuleError, did_you_mean
from ..runtime.cards import PACKS, SUITS, normal_rank, split_card
from ..source import NOWHERE, Span
from .declare import REQUIRED, Construct, Key, Orders, RankList, RankTable, Word

MAX_VALUE = 100      # a capture value; the sum search works in bits up to the value captured


@attrs.frozen
class Deck:
    pack: str
    ranks: tuple[str, ...]                   # ranks kept, in the pack's order
    order: tuple[str, ...]                   # trick order, high to low
    orders: dict[str, tuple[str, ...]]       # further named orders
    points: dict[str, Fraction | int]        # by rank or card name
    values: dict[str, int]                   # capture values
    span: Span = attrs.field(default=NOWHERE, eq=False)


def _build(values: dict, spans: dict, reader) -> Deck:
    pack = values["pack"]
    every = PACKS[pack]
    ranks = list(every)
    if values["remove"]:
        removed = [_rank(n, every) for n in values["remove"]]
        ranks = [r for r in ranks if r not in removed]
    if values["keep"]:
        kept = [_rank(n, every) for n in values["keep"]]
        ranks = [r for r in ranks if r in kept]
    order = _order(values["order"], ranks, "deck.order", spans["order"], complete=True)
    orders = {name.text: _order(items, ranks, f"deck.orders.{name.text}", name.span)
              for name, items in values["orders"]}
    points = {_card_or_rank(key, ranks, "deck.points"): number for key, number in values["points"]}
    worth = {_card_or_rank(key, ranks, "deck.values"): number for key, number in values["values"]}
    return Deck(pack, tuple(ranks), order, orders, points, worth, values["span"])


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
        raise RuleError(span, f"{what} leaves out {' '.join(missing)}", "list every rank of the deck, highest first")
    return tuple(seen)


def _card_or_rank(key, ranks, what) -> str:
    text = key.text.strip().upper()
    if normal_rank(text) in ranks:
        return normal_rank(text)
    if text in SUITS:                    # a whole suit: {H: 1}; a card's or rank's own entry comes first
        return text
    parts = split_card(text)
    if parts and parts[0] in ranks:
        return parts[0] + parts[1]
    every = PACKS["french-52"]
    if normal_rank(text) in every or (parts and parts[0] in every):
        raise RuleError(key.span, f"{what} names '{key.text}', which is not in the deck",
                        f"the deck's ranks are {' '.join(ranks)}")
    raise RuleError(key.span, f"unknown rank or card '{key.text}' in {what}",
                    did_you_mean(text, ranks) or "write a rank (K), a card (QS) or a suit (H)")


DECK = Construct("deck", Deck, (
    Key("pack", Word(tuple(PACKS), "pack", f"known packs: {', '.join(PACKS)}", suggest=tuple(PACKS)),
        "french-52", "the pack: french-52 (suits S H D C, ranks A K Q J 10 9 … 2), piquet-32, german-32 "
        "(A K Q J 10 9 8 7), italian-40, spanish-40 (A K Q J 7 … 2), spanish-48 (A K Q J 9 … 2)"),
    Key("remove", RankList(), (), "ranks taken out of the pack"),
    Key("keep", RankList(), (), "or: the only ranks kept"),
    Key("order", RankList(), REQUIRED, "the rank order used by tricks, high to low",
        "the ranks high to low, e.g. order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]"),
    Key("orders", Orders(), (), "further named rank orders (for `run`)"),
    Key("points", RankTable(), (), "card points by card, rank or suit, in that order of precedence (exact: 1/3 "
        "is a fraction)"),
    Key("values", RankTable(whole=True, min=1, max=MAX_VALUE), (),
        "capture values by rank or card; a card without one is never part of a sum"),
), what="deck", doc="the cards: pack, ranks, orders, points", build=_build)
