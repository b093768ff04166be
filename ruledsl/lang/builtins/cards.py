"""The built-in functions of cards: points, suits and ranks under the trumps, the trick order."""
from __future__ import annotations

from typing import Callable

from ...errors import RuleError, did_you_mean
from ...expr.codegen import Frag
from ...runtime import helpers
from ...expr.types import A_SUIT, BOOL, CARD, CARD_LIST, CARDS, INT, NONE, NUMBER, SUIT, TEXT, WHOLE, Type, list_of
from .base import Function, table


def _card_helper(fn: Callable, gives: Type, ranked: bool = False):
    """A helper over cards `fn(args…)`; `ranked`: it also takes the ranking under the trumps."""
    def emit(c, g, args, node):
        extra = [c.src(c.steady(Frag(src=g.ranking(c), steady=True)))] if ranked else []
        return Frag(src=c.call(fn, *extra, *(c.src(a) for a in args)), type=gives)
    return emit


def _deck_helper(fn: Callable, gives: Type):
    """A helper over cards `fn(deck, args…)`, which reads the deck's tables."""
    def emit(c, g, args, node):
        return Frag(src=c.call(fn, c.unit.const(g.deck), *(c.src(a) for a in args)), type=gives)
    return emit


def _cards_of_suit(c, g, args, node):
    xs, suit = args
    if not xs.type.only("list"):
        return _card_helper(helpers.cards_of, CARD_LIST, True)(c, g, args, node)
    # A list of cards (a zone): filtered inline, by the suits of the trumps of the moment.
    suit_of, s = c.atom(c.steady(Frag(src=f"{g.ranking(c)}.suit", steady=True))), c.src(c.atom(suit))
    card = c.unit.temp("_v")
    # counted: of a zone (its cards are distinct), those among the suit's cards, in C; of any
    # other list, its cards' suits listed, then counted (a map over the table's __getitem__
    # pays a wrapper call a card: slower than the comprehension)
    if xs.live:
        # the suit's cards are read once before an expression's loops when the suit is: a
        # constant, or a counter or option read there (the trump suit); a suit bound by a loop
        # (`for s in suits`) is looked up on every turn
        nothing = c.unit.const(frozenset())
        if suit.const is not None or suit.steady or any(name == s for name, _ in c.hoisted):
            members = c.src(c.atom(c.steady(Frag(src=f"{g.ranking(c)}.members.get({s}, {nothing})", steady=True))))
        else:
            table = c.src(c.steady(Frag(src=f"{g.ranking(c)}.members", steady=True)))
            members = f"{table}.get({s}, {nothing})"
        counted = f"_len({members}.intersection({c.src(xs)}))"
    else:
        counted = f"[{c.src(suit_of)}[{card}] for {card} in {c.src(xs)}].count({s})"
    return Frag(src=f"[{card} for {card} in {c.src(xs)} if {c.src(suit_of)}[{card}] == {s}]", type=CARD_LIST,
                counted=counted)


def _points(c, g, args, node):
    floored = c.call(g.points_floor, c.src(args[0]))          # exact thirds, say, need no Fraction
    if g.deck.whole_points:          # no card has a fraction of a point: a whole number, typed so
        return Frag(src=floored, type=INT, floored=floored)
    return Frag(src=c.call(g.points, c.src(args[0])), type=NUMBER, floored=floored)



def _suit(c, g, args, node):
    card = c.atom(args[0])
    ranking = g.program.ranking
    if ranking.fixed:           # the one table, a constant: no attribute read a card
        suit_of = ranking.tables("suit")[0]
        table = ranking.rankings.get(None).suit
    else:
        suit_of = c.src(c.steady(Frag(src=f"{g.ranking(c)}.suit", steady=True)))
        table = None
    return Frag(src=f"{suit_of}[{c.src(card)}]", type=SUIT, looked_up=None if table is None else (table, c.src(card)))


def _holds(c, g, args, node):
    xs, card = args
    if xs.type.only("list"):
        return Frag(src=f"({c.src(card)} in {c.src(xs)})", type=BOOL)
    return Frag(src=c.call(helpers.holds, c.src(xs), c.src(card)), type=BOOL)


def named_order(c, g, args, node, at: int) -> tuple:
    """The ranks of the deck order named by argument `at` (a text constant): 'order', the
    trick order, or one of `deck.orders`."""
    name = args[at].const[0] if args[at].const is not None else None
    if name == "order":
        return tuple(g.deck.order)
    if name not in g.deck.orders:
        raise RuleError(c.span(node.args[at]), f"{node.name}() needs the name of a deck order as its "
                        f"{('first', 'second', 'third')[at]} argument",
                        did_you_mean(str(name), g.deck.orders) or "'order' (the trick order), or one declared "
                        "under deck.orders")
    return tuple(g.deck.orders[name])


def _run(c, g, args, node):
    ranks = named_order(c, g, args, node, 2)
    return Frag(src=c.call(helpers.run_length, c.src(args[0]), c.src(args[1]),
                           c.unit.const(ranks), c.unit.const(g.deck.rank_of), c.unit.const(g.deck.suit_of)),
                type=INT)



FUNCTIONS = [
    Function("points", (("x", CARDS),), NUMBER, "the card points of a card or a list of cards (exact)", _points),
    Function("value", (("c", CARD),), INT | NONE, "a card's capture value (none if it has none)",
             table(lambda g: g.deck.values, INT | NONE, seat=False)),
    Function("suit", (("c", CARD),), SUIT, "a card's suit, as the trumps rank it (a promoted card is a trump)",
             _suit),
    Function("rank", (("c", CARD),), TEXT, "a card's rank, as text", table(lambda g: g.deck.rank_of, TEXT, seat=False)),
    Function("cards", (("xs", CARDS), ("s", A_SUIT)), CARD_LIST,
             "the cards of one suit in a list, as the trumps rank them (a promoted card is a trump)", _cards_of_suit),
    Function("holds", (("xs", CARDS), ("c", CARD)), BOOL, "whether a card is in a list", _holds),
    Function("top", (("n", WHOLE), ("xs", CARDS)), CARD_LIST, "the n highest cards by the trick order, trumps first",
             _card_helper(helpers.top, CARD_LIST, True)),
    Function("suits_of", (("xs", CARDS),), list_of(SUIT), "the suits present in a list of cards",
             _deck_helper(helpers.suits_of, list_of(SUIT))),
    Function("run", (("xs", CARDS), ("s", A_SUIT), ("order", TEXT)), INT,
             "the length of the unbroken run of suit s in xs from the first rank of a named deck order",
             _run),
    Function("power", (("c", CARD),), INT, "a card's strength in the trick order: 1 for the lowest rank",
             table(lambda g: g.deck.power, INT, seat=False)),
    Function("beats", (("x", CARDS), ("y", CARDS)), BOOL,
             "whether a card (or a play of several) beats another, by the trick rule",
             _card_helper(helpers.beats, BOOL, True)),

]
