"""The built-in functions of combinations: k-card sets, subsets, groups by rank or suit, melds
and the best split of a hand, poker hands as comparable values (runtime/combos.py, melds.py)."""
from __future__ import annotations

from ...expr import ast
from ...expr.codegen import Frag
from ...runtime import combos, less, melds
from ...runtime.cards import Card
from ...expr.types import A_LIST, ANY, BOOL, CARD_LIST, CARDS, TEXT, WHOLE, list_of
from .base import Function, list_of_lists, spanned
from .cards import named_order


def _grouped(key: str):
    """by_rank / by_suit: the cards grouped by rank (the trick order, high first) or by suit,
    kept by the cards grouped (combos.kept_by_key, one per program)."""
    def emit(c, g, args, node):
        table, order = ((g.deck.rank_of, g.deck.order) if key == "rank" else (g.deck.suit_of, g.deck.suits))
        grouped = g.program.table(f"groups by {key}", lambda: combos.kept_by_key(table, tuple(order)))
        return Frag(src=f"{grouped}({c.src(args[0])})", type=list_of(CARD_LIST))
    return emit


def _rules(c, g, args, node) -> str:
    """The program's MeldRules for the order named (one for each order, sharing the best
    splits it has found)."""
    ranks, deck = named_order(c, g, args, node, 1), g.deck
    return g.program.table(f"melds in {' '.join(ranks)}",
                           lambda: melds.MeldRules(ranks, deck.rank_of, deck.suit_of, deck.suits, g.points))


def _melds(c, g, args, node):
    """melds, is_meld, best_melds: methods of the program's MeldRules for the order named."""
    rules = _rules(c, g, args, node)
    if node.name == "is_meld":
        return Frag(src=f"{rules}.is_meld({c.src(args[0])})", type=BOOL)
    if node.name == "melds":
        return Frag(src=f"{rules}.melds({c.src(args[0])})", type=list_of(CARD_LIST))
    return Frag(src=f"{rules}.best({c.src(args[0])}, {c.span_const(node)})", type=list_of(CARD_LIST))


def _extends(c, g, node):
    """is_meld(xs + [x]) — a list tested with one card more, as a lay-off tests each card held
    against each meld laid — as `x in extending[tuple(xs)]` (runtime/extending.py): the
    cards that make xs a meld worked out once per xs, not a list joined and tested per card. Where xs is not a list or x not a
    card at play time, the join and the test as written (their errors too). None (is_meld as
    usual) for any other argument."""
    joined = node.args[0]
    if not (isinstance(joined, ast.Binary) and joined.op == "+" and isinstance(joined.right, ast.ListExpr)
            and len(joined.right.items) == 1):
        return None
    xs, x, order = c.operands([joined.left, joined.right.items[0], node.args[1]])
    xs, x = c.atom(xs), c.atom(x)
    # `[x]` written where the join needs it (x is a name: atomic), so the test made on every
    # card does not make the list first.
    one = Frag(src=f"[{c.src(x)}]", type=list_of(x.type), most=1, atomic=True)
    whole = c.arithmetic("+", xs, one, joined.left, joined.right, c.locate(joined.op_offset, joined.op_width))
    c.check(whole, CARDS, joined, "`is_meld()`")
    c.check(order, TEXT, node.args[1], "`is_meld()`")
    rules, a, b = _rules(c, g, [whole, order], node), c.src(xs), c.src(x)
    extending = g.program.table(f"{rules} extending", lambda: g.program.w.values[rules].extending)
    return Frag(src=f"({b} in {extending}[_tuple({a})] if _type({a}) is _list and _type({b}) is {c.unit.const(Card)} "
                    f"else {rules}.is_meld({c.src(whole)}))", type=BOOL)


def _less(c, g, args, node):
    """The planner's tables of a list's values less each card (lang/steps/less.py), for decks
    whose points are whole: `@points_less(xs)` (points) and `@melded_less(xs, order)` (the
    points of best_melds' melds)."""
    if node.name == "@points_less":
        whole = tuple(int(p) if p is not None else 0 for p in g.deck.points)    # (points_of's, in whole units)
        return Frag(src=c.call(less.points_less, c.src(args[0]), c.unit.const(whole)), type=ANY)
    return Frag(src=f"{_rules(c, g, args, node)}.melded_less({c.src(args[0])}, {c.span_const(node)})", type=ANY)


# Written by the plan of an ask's candidates only (names no rule file can write; not documented).
PLANNED = [
    Function("@points_less", (("xs", CARDS),), ANY, "the points of xs less each card", _less),
    Function("@melded_less", (("xs", CARDS), ("order", TEXT)), ANY,
             "the points of the best melds of xs less each card", _less),
]


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
             "whether the cards, all together, are one set or one run (see melds)", _melds, parts=_extends),
    Function("best_melds", (("xs", CARDS), ("order", TEXT)), list_of(CARD_LIST),
             "the melds, no card in two, that leave the fewest card points outside them (then: the most cards "
             "melded)", _melds),
]
