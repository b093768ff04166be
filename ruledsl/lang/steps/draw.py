"""`draw:` — after a trick, every hand refills from a stock, one card at a time in play order."""
from __future__ import annotations

import attrs

from ...errors import RuleError, did_you_mean
from ...prose.document import Item
from ...prose.words import cards, code, joined
from ...expr.ast import names_used
from ...expr.codegen import Frag
from ...runtime import knowledge
from ...runtime.helpers import reveal, reveal_to
from ..declare import (REQUIRED, CounterName, Expr, Expression, Key, Name, Names, Step, StepKind, Word,
                       ZoneName)
from ...expr.types import A_SEAT, CARD_LIST, SEAT, SHOWN_TO, WHOLE

SHORTFALL = ("none", "rounds")     # what happens when the stock cannot refill every hand
SAID = {"rounds": "whole rounds of one card each are drawn while a whole round is possible.",
        "none": "nobody draws: those cards stay undrawn for the rest of the hand."}


@attrs.frozen(kw_only=True)
class Draw(Step):
    kind = "draw"
    upto: Expr
    sources: tuple[Name, ...] = ()
    first: Expr | None = None
    shortfall: str = "none"
    into: Name | None = None
    remember: Name | None = None
    show: Expr | None = None


def compile_draw(step: Draw, c) -> None:
    sources = tuple(_source(name, c) for name in step.sources) if step.sources else (0,)
    into = step.into.text if step.into is not None else "hand"
    zone = c.zone(into)
    if zone is None or zone[0] != "player":
        raise RuleError((step.into or step).span, f"'{into}' is not a zone each player has",
                        "draw into a per-player zone such as hand")
    upto = c.expr(step.upto, WHOLE, "`draw.upto`")
    first = c.seat(step.first, "`draw.first`") if step.first is not None else \
        "(st.winner if st.winner is not None else st.leader)"
    w, seats = c.w, c.w.const(tuple(range(c.n)))
    held = w.temp()
    per_drawer = step.show is not None and "player" in names_used(step.show.tree)
    shown = c.frag(step.show, SHOWN_TO, "`draw.show`") if step.show is not None and not per_drawer else None
    everyone = shown is not None and shown.const == (True,)
    if shown is not None and shown.const is not None and not shown.const[0]:
        shown = None                                   # show: false
    if step.remember is not None or shown is not None or per_drawer:   # what each zone held before: the rest was drawn
        w.line(f"{held} = [_len(st.zones[{zone[1]} + s]) for s in {seats}]")
    stocked = " or ".join(f"st.zones[{z}]" for z in sources)
    # No call when nothing is left to draw from (the hand's last tricks), or once a draw found
    # the stock too short: nobody draws again this hand (hand.py's stock_dead)
    with w.indented(f"if not st.stock_dead and ({stocked}):"):
        face_up = tuple(c.viewers.seers[z] is None for z in sources)     # the cards drawn stay known
        w.line(f"{w.const(refill)}(st, {w.const(sources)}, {w.const(face_up)}, {zone[1]}, {first}, {upto}, "
               f"{step.shortfall == 'rounds'})")
    if per_drawer:
        _show_per_drawer(step, c, zone[1], seats, held)
    if step.remember is None and shown is None:
        return
    got = w.temp()
    w.line(f"{got} = [card for s in {seats} for card in st.zones[{zone[1]} + s][{held}[s]:]]")
    if step.remember is not None:
        w.line(f"st.cv[{c.table_counter(step.remember, 'as', CARD_LIST)}] = {got}")
    if everyone:
        w.line(f"{w.const(reveal)}(st, {got})")
    elif shown is not None:
        w.line(f"{w.const(reveal_to)}(st, {got}, {c.w_src(shown)}, {w.const(step.show.span)})")


def _show_per_drawer(step: Draw, c, base: int, seats: str, held: str) -> None:
    """`show:` naming `player`: worked out for each drawer (bound to `player`), for the cards it drew."""
    w = c.w
    drawer, mine = w.temp("_v"), w.temp()
    with w.indented(f"for {drawer} in {seats}:"):
        w.line(f"{mine} = st.zones[{base} + {drawer}][{held}[{drawer}]:]")
        with w.indented(f"if {mine}:"), c.binding(player=Frag(src=drawer, type=SEAT, atomic=True)):
            shown = c.frag(step.show, SHOWN_TO, "`draw.show`")
            w.line(f"{w.const(reveal_to)}(st, {mine}, {c.w_src(shown)}, {w.const(step.show.span)})")


def _source(name: Name, c) -> int:
    zone = c.zone(name.text)
    if zone is None:
        shared = [z for z, (owner, _) in c.layout.zones.items() if owner == "shared"]
        raise RuleError(name.span, f"unknown zone '{name.text}'",
                        did_you_mean(name.text, shared) or "draw takes from a shared zone, such as deck")
    if zone[0] != "shared":
        raise RuleError(name.span, f"draw takes from a zone of the table, and '{name.text}' belongs to "
                        f"each {zone[0]}", "draw from the stock (from: deck) or another shared zone")
    return zone[1]


def refill(st, sources, face_up, base, first, upto, rounds) -> None:
    """Each hand in play order from `first` draws until it holds `upto`, from the `sources` in
    order (`face_up`: which of them everyone sees); when the stock cannot refill every hand,
    nobody draws (or, with `rounds`, whole rounds are drawn while a whole round is possible). A
    card drawn from a face-up source stays known to all (knowledge.show); a hand that drew may
    hold any card again (knowledge.dealt, only while some void is known)."""
    zones = st.zones
    order = st.seating.orders[first]
    hands = [zones[base + s] for s in order]
    sizes = list(map(len, hands))
    if not sizes:
        return
    low = min(sizes)                         # (min's default= would cost twice the call)
    most = upto - low
    if most <= 0:                            # every hand is full: nobody draws
        return
    pile = zones[sources[0]]
    if low == max(sizes) and len(pile) >= most * len(hands):
        # The usual refill after a trick: every hand short alike, the first source serving all.
        if face_up[0]:
            knowledge.show(st, pile[len(pile) - most * len(hands):])
        if most == 1:                        # a card each, in turn
            for hand in hands:
                hand.append(pile.pop())
        else:
            _round_by_round(pile, hands, most)
    elif not _short(st, sources, face_up, hands, [upto - size if size < upto else 0 for size in sizes], rounds):
        return
    if st.voids:
        knowledge.dealt(st, [base + s for s in order])


def _round_by_round(pile, hands, each) -> None:
    """`each` cards to every hand, one at a time round the hands, from the top of `pile`."""
    total = each * len(hands)
    drawn = pile[len(pile) - total:]
    del pile[len(pile) - total:]
    drawn.reverse()                          # in the order they come off
    m = len(hands)
    for i, hand in enumerate(hands):
        hand += drawn[i::m]


def _short(st, sources, face_up, hands, need, rounds) -> bool:
    """The hands short by different numbers of cards (`need`), or the first source short: one
    card at a time round the hands that still need one, each from the first source not empty.
    False if nobody drew."""
    zones = st.zones
    piles = [zones[z] for z in sources]
    stock = sum(map(len, piles))
    if not stock:
        return False
    if not rounds and stock < sum(need):
        if stock and not st.stock_dead:      # said once, and not of an empty stock
            _say(st, f"the stock ({stock}) cannot refill every hand: nobody draws from it again this hand")
        st.stock_dead = True
        return False
    pile = 0                                 # the source drawn from now: the next when it is empty
    while any(need):
        takers = [i for i, k in enumerate(need) if k]
        if rounds and stock < len(takers):
            if stock and not st.stock_dead:
                _say(st, f"the last {stock} card{'s' if stock > 1 else ''} of the stock cannot go round: "
                         "nobody draws them")
            st.stock_dead = True
            break
        for i in takers:
            while not piles[pile]:
                pile += 1
            hands[i].append(piles[pile].pop())
            if face_up[pile]:                    # the turned card: everyone sees who draws it
                knowledge.show(st, hands[i][-1:])
            need[i] -= 1
        stock -= len(takers)
    return True


def _say(st, text: str) -> None:
    if st.events is not None:
        st.events.append({"kind": "say", "text": text})


def _shown(show: Expr | None) -> str:
    if show is None or show.text.strip() == "false":
        return ""
    if show.text.strip() == "true":
        return " The cards drawn are shown to everyone."
    if "player" in names_used(show.tree):
        return f" The cards each player draws are shown to {code(show.text)}, `player` being the drawer."
    return f" The cards drawn are shown to {code(show.text)}."


def describe_draw(prose, step: Draw) -> list[Item]:
    w = prose.words
    sources = [n.text for n in step.sources] or ["deck"]
    into = f" in their {code(step.into.text)}" if step.into is not None else ""
    first = w.starting(step.first) if step.first is not None else "the winner of the last trick"
    return [Item(f"Each player, one card at a time and starting with {first}, draws from "
                 f"{joined([code(s) for s in sources], 'then from')} until they hold {cards(step.upto)}{into}. "
                 f"If that cannot refill every hand, {SAID.get(step.shortfall, SAID['none'])}"
                 + _shown(step.show)
                 + (f" {code(step.remember.text)} holds the cards drawn." if step.remember is not None else ""))]


DRAW = StepKind("draw", Draw, "refills hands from a stock after a trick", keys=(
    Key("upto", Expression(WHOLE), REQUIRED, "the hand size to refill to", "the hand size to refill to, e.g. upto: 3"),
    Key("from", Names(), (), "the shared zones drawn from, in order (default `deck`)", field="sources"),
    Key("first", Expression(A_SEAT), None, "who draws first (default: the last trick's winner)"),
    Key("shortfall", Word(SHORTFALL, "shortfall rule",
                          "shortfall is none (nobody draws) or rounds (whole rounds while possible)"), "none",
        "when the stock cannot refill every hand: none (nobody draws; the stock is dead) or rounds"),
    Key("into", ZoneName(), None, "the per-player zone that receives (default `hand`)"),
    Key("as", CounterName(CARD_LIST), None, "a counter of the whole table that receives the cards drawn, "
        "player by player", field="remember"),
    Key("show", Expression(SHOWN_TO), None, "the seats shown the cards drawn, where they lie (true: everyone, "
        "as `reveal` shows them); `player` is each drawer, e.g. show: left(player)"),
), compile=compile_draw, describe=describe_draw)
