"""The built-in functions of combinations: k-card sets, subsets, groups by rank or suit, melds
and the best split of a hand, poker hands as comparable values (runtime/combos.py, melds.py)."""
from __future__ import annotations

from ...expr.codegen import Frag
from ...runtime import combos, melds
from ...expr.types import A_LIST, BOOL, CARD_LIST, CARDS, INT, TEXT, WHOLE, list_of
from .base import Function, list_of_lists, spanned
from .cards import named_order


def _grouped(key: str):
    """by_rank / by_suit: the cards grouped by rank (the trick order, high first) or by suit."""
    def emit(c, g, args, node):
        table, order = ((g.deck.rank_of, g.deck.order) if key == "rank" else (g.deck.suit_of, g.deck.suits))
        return Frag(src=c.call(combos.by_key, c.src(args[0]), c.unit.const(table), c.unit.const(tuple(order))),
                    type=list_of(CARD_LIST))
    return emit


def _melds(c, g, args, node):
    """melds, is_meld, best_melds: methods of the program's MeldRules for the order named (one
    for each order, sharing the best splits it has found)."""
    ranks, deck = named_order(c, g, args, node, 1), g.deck
    rules = g.program.table(f"melds in {' '.join(ranks)}",
                            lambda: melds.MeldRules(ranks, deck.rank_of, deck.suit_of, deck.suits, g.points))
    if node.name == "is_meld":
        return Frag(src=f"{rules}.is_meld({c.src(args[0])})", type=BOOL)
    if node.name == "melds":
        return Frag(src=f"{rules}.melds({c.src(args[0])})", type=list_of(CARD_LIST))
    return Frag(src=f"{rules}.best({c.src(args[0])}, {c.span_const(node)})", type=list_of(CARD_LIST))



FUNCTIONS = [
    Function("combinations", (("xs", A_LIST), ("k", WHOLE)), list_of_lists,
             "every k-item subset of xs, each in xs's order (at most 10,000 of them)",
             spanned(combos.combinations, list_of_lists), game=False),
    Function("subsets", (("xs", A_LIST),), list_of_lists,
             "every subset of xs, the empty one first, by size (at most 13 items)",
             spanned(combos.subsets, list_of_lists), game=False),
    Function("by_rank", (("xs", CARDS),), list_of(CARD_LIST),
             "the cards grouped by rank, the highest rank of the trick order first", _grouped("rank")),
    Function("by_suit", (("xs", CARDS),), list_of(CARD_LIST),
             "the cards grouped by printed suit, in the deck's suit order", _grouped("suit")),
    Function("melds", (("xs", CARDS), ("order", TEXT)), list_of(CARD_LIST),
             "every set (3 or more cards of a rank) and run (3 or more of a suit in sequence in the named "
             "deck order, e.g. 'order') among the cards", _melds),
    Function("is_meld", (("xs", CARDS), ("order", TEXT)), BOOL,
             "whether the cards, all together, are one set or one run (see melds)", _melds),
    Function("best_melds", (("xs", CARDS), ("order", TEXT)), list_of(CARD_LIST),
             "the melds, no card in two, that leave the fewest card points outside them (then: the most cards "
             "melded)", _melds),
]
