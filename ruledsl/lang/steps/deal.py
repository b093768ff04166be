"""`deal:` — cards from the deck to each player, to some seats, or to a zone of the table.

`count` cards go to each recipient, `packet` at a time, round the recipients in play order from
`first` (for `to: each`); the cards come off the deck by runtime/dealing.py's one rule, which
honours a given deal (`deals=`). A deal that needs more cards than the deck holds is found when
the file is loaded (the load plays every player count up to its first decision).
"""
from __future__ import annotations

import attrs

from ...errors import RuleError
from ...prose.document import Item
from ...prose.words import cards, code, literal_int
from ...expr import ast
from ..declare import (REQUIRED, CounterName, Expr, Expression, Key, Name, Recipients, Step, StepKind, To,
                       ZoneName)
from ...expr.types import A_SEAT, CARD_LIST, WHOLE, of

FACE = {"all": "face up ", "nobody": "face down ", "owner": ""}     # a deal to a zone, by its visibility


COUNTS = of("int", "list", item=WHOLE, name="a whole number, or one for each recipient")


@attrs.frozen(kw_only=True)
class Deal(Step):
    kind = "deal"
    to: To
    first: Expr | None = None
    count: Expr
    packet: Expr | None = None
    into: Name | None = None
    remember: Name | None = None          # `as:`


def compile_deal(step: Deal, c) -> None:
    w = c.w
    dests = w.temp()
    w.line(f"{dests} = {_recipients(step, c)}")
    count = c.expr(step.count, COUNTS, "`deal.count`")
    packet = c.expr(step.packet, WHOLE, "`deal.packet`") if step.packet is not None else "1"
    got = w.temp()
    w.line(f"{got} = _deal(st, {dests}, {count}, {packet}, {w.const(step.span)})")
    if step.remember is not None:
        index = c.table_counter(step.remember, "as", CARD_LIST)
        w.line(f"st.cv[{index}] = [card for cards in {got} for card in cards]")
    # the zone by name, the seats dealt to, and the cards each got (observe.event_seen shows
    # a seat only those of the zones it sees)
    name = step.to.zone.text if step.to.zone is not None else step.into.text if step.into is not None else "hand"
    owner, base = c.zone(name)
    seats = "[]" if owner == "shared" else f"[d - {base} for d in {dests}]" if base else f"_list({dests})"
    c.emit("deal", zone=w.const(name, "ZONE"), to=seats, count=count, cards=f"[_card_names(g) for g in {got}]",
           visible=w.const(c.ruleset.zones[name].visible, "VISIBLE"))


def _recipients(step: Deal, c) -> str:
    """Source of the list of zone indices dealt to, in order."""
    to = step.to
    if to.zone is not None:
        owner, base = c.zone(to.zone.text)
        return f"[{base}]" if owner != "numbered" else repr(list(range(base, base + c.layout.sizes[to.zone.text])))
    into = step.into.text if step.into is not None else "hand"
    zone = c.zone(into)
    if zone is None or zone[0] != "player":
        raise RuleError(step.to.span, f"'{into}' is not a zone each player has",
                        "deal to seats goes into a per-player zone such as hand")
    base = zone[1]
    if to.each:
        first = c.seat(step.first, "`deal.first`") if step.first is not None else \
            c.next_seat("st.dealer")
        order = f"st.seating.orders[{first}]"
        return f"[{base} + s for s in {order}]" if base else f"_list({order})"
    seats = c.seats(to.seats, "`deal.to`", "seats or a zone")
    return f"[{base} + s for s in {seats}]" if base else seats


def describe_deal(prose, step: Deal) -> list[Item]:
    to = " ".join(step.to.text.split())
    whom, order = _whom(prose, step, to)
    into = f" into their {code(step.into.text)}" if step.into is not None else ""
    if _several_counts(step.count):
        text = f"Deal {whom}{into}, to each in turn as many cards as {code(step.count.text)} gives for it" \
               f"{_packets(step, to)}{order}."
    else:
        text = f"Deal {cards(step.count)} {whom}{into}{_packets(step, to)}{order}."
    if step.remember is not None:
        text += f" The cards dealt are remembered as {code(step.remember.text)}."
    return [Item(text)]


def _several_counts(count: Expr) -> bool:
    """Whether a deal's count is written as a list (one count for each recipient)."""
    tree = count.tree
    return isinstance(tree, (ast.ListExpr, ast.Comprehension)) or (
        isinstance(tree, ast.Call) and tree.name in ("range", "reversed", "sorted"))


def _whom(prose, step: Deal, to: str) -> tuple[str, str]:
    """To whom the cards go, and (when dealt to each player) who gets the first."""
    zones = prose.rs.zones
    if step.to.each:
        return "to each player in the match", f", starting with {prose.words.starting(step.first)}"
    if step.to.zone is not None:
        if zones[to].owner == "numbered":
            return f"{FACE[zones[to].visible]}to each of the {code(to)} zones, {code(to + '(0)')} first", ""
        return f"{FACE[zones[to].visible]}to the {code(to)} zone", ""
    return f"to {prose.words.seats(to)}", ""


def _packets(step: Deal, to: str) -> str:
    """How many cards go at a time (said only where it is not plain)."""
    packet, count = step.packet, step.count
    n = literal_int(packet) if packet is not None else 1
    several = to == "each" or "[" in to
    if n == 1:
        return ", one at a time" if several else ""
    if (n is not None and n == literal_int(count)) or packet == count:
        return ", in one packet each" if several else ""
    return f", {n} at a time" if n is not None else f", {code(packet.text)} at a time"


DEAL = StepKind("deal", Deal, "moves cards from the deck to players or zones", keys=(
    Key("to", Recipients(), REQUIRED, "`each` (all players in the match), a seat or list of seats (their "
        "`hand`), or a shared zone", "who receives: to: each, to: dealer, or a shared zone such as to: table"),
    Key("first", Expression(A_SEAT), None, "with `each`: who receives first (default `next(dealer)`)"),
    Key("count", Expression(COUNTS), REQUIRED, "cards per recipient (an expression), or a list of one count "
        "for each recipient, in order",
        "cards per recipient, e.g. count: 40 // players"),
    Key("packet", Expression(WHOLE), None, "cards given at a time (default 1); with several recipients the "
        "deal goes round"),
    Key("into", ZoneName(), None, "the per-player zone that receives (default `hand`)"),
    Key("as", CounterName(CARD_LIST), None, "a counter of the whole table that receives the list of cards "
        "dealt (in order)", field="remember"),
), compile=compile_deal, describe=describe_deal)
