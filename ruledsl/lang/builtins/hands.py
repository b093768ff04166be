"""The built-ins of ranked hands (runtime/hands.py): a hand's rank as a comparable list, in the
game's rank order and with its suit order breaking ties, and the best k cards of a hand."""
from __future__ import annotations

from ...errors import RuleError
from ...expr.codegen import Frag
from ...runtime import hands
from ...expr.types import CARDS, INT, SUIT, TEXT, WHOLE, list_of, CARD_LIST
from .base import Function
from .cards import named_order


def _order(c, g, args, node, at: int) -> tuple[tuple, tuple]:
    """The ranks of the order named by argument `at` (default: the trick order) and its power
    table (a card's strength in it, 1 for the lowest rank)."""
    deck = g.deck
    ranks = named_order(c, g, args, node, at) if len(args) > at else tuple(deck.order)
    if sorted(ranks) != sorted(deck.order):
        raise RuleError(c.span(node.args[at]), f"{node.name}() needs an order that ranks every rank of the deck",
                        f"such as 'order' (the trick order): {' '.join(deck.order)}")
    if ranks == tuple(deck.order):
        return ranks, deck.power
    rank_power = {r: len(ranks) - i for i, r in enumerate(ranks)}
    return ranks, tuple(rank_power[r] if r is not None else None for r in deck.rank_of)


def _suits(c, args, at: int) -> str:
    """The source of the suit order given after the rank order (or None)."""
    return c.src(args[at + 1]) if len(args) > at + 1 else "None"


def _poker_rank(c, g, args, node):
    """A method of the program's Ranks for the order named (one for each order, keeping the
    ranks it has worked out)."""
    ranks, power = _order(c, g, args, node, 1)
    return Frag(src=f"{hand_ranks(g.program, ranks, power)}.rank({c.src(args[0])}, {_suits(c, args, 1)})",
                type=list_of(INT))


def hand_ranks(program, ranks: tuple, power) -> str:
    """The name of the program's hands.Ranks for an order (its ranks and power table), shared
    by every poker_rank of that order and the plans that rank candidates (lang/steps/sources.py)."""
    return program.table(f"poker ranks in {' '.join(ranks)}", lambda: hands.Ranks(power, program.deck.suit_of, len(ranks)))


def _best_hand(c, g, args, node):
    ranks, power = _order(c, g, args, node, 2)
    return Frag(src=c.call(hands.best_hand, c.src(args[0]), c.src(args[1]), c.unit.const(power),
                           c.unit.const(g.deck.suit_of), str(len(ranks)), _suits(c, args, 2), c.span_const(node)),
                type=CARD_LIST)


SUITS = list_of(SUIT)

FUNCTIONS = [
    Function("poker_rank", (("xs", CARDS), ("order", TEXT), ("suits", SUITS)), list_of(INT),
             "a hand's rank as a list that compares as poker ranks hands: the category (0 high card, 1 pair, "
             "2 two pairs, 3 three of a kind, 4 straight, 5 flush, 6 full house, 7 four of a kind, 8 straight "
             "flush), then the powers that break ties; in a named deck order (default 'order'), with the suits, "
             "high to low, breaking ties after the ranks", _poker_rank, arity=(1, 3)),
    Function("best_hand", (("xs", CARDS), ("k", WHOLE), ("order", TEXT), ("suits", SUITS)), CARD_LIST,
             "the k cards of xs whose poker_rank (in that order, with those suits) is highest, in the deck's "
             "order (at most 10,000 hands compared)", _best_hand, arity=(2, 4)),
]
