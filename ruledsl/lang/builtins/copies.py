"""In a deck of several packs, the built-ins that look for a card or order cards take a card's
copies for one card (runtime/shoe.py): holds, index, unique, sorted, min and max are written
through the shoe's helpers instead of their own. A game of one pack never comes here."""
from __future__ import annotations

from ...expr.codegen import Frag
from ...runtime import shoe
from ...expr.types import BOOL, INT, NONE
from .base import item_or_none, list_of_items, result

BY_COPIES = {"holds": (shoe.holds, BOOL), "index": (shoe.position, INT | NONE),
             "unique": (shoe.unique, list_of_items), "sorted": (shoe.in_order, list_of_items),
             "min": (shoe.smallest, item_or_none), "max": (shoe.largest, item_or_none)}


def emit(f, c, g, args, node) -> Frag:
    """The call's source: the built-in's own, or in a shoe the copy-blind helper's."""
    if g.deck.same is None or f.name not in BY_COPIES:
        return f.emit(c, g, args, node)
    same, span = c.unit.const(g.deck.same), c.span_const(node)
    fn, gives = BY_COPIES[f.name]
    if f.name == "holds":
        return Frag(src=c.call(fn, c.src(args[0]), c.src(args[1]), same), type=BOOL)
    if len(args) > 1 and f.name in ("min", "max"):          # of several values
        joined = args[0].type
        for a in args[1:]:
            joined = joined | a.type
        return Frag(src=c.call(fn, f"[{', '.join(c.src(a) for a in args)}]", same, span), type=joined | NONE)
    return Frag(src=c.call(fn, *(c.src(a) for a in args), same, span), type=result(gives, args))
