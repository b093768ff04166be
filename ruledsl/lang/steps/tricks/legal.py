"""Which plays are legal: the code of `_l{id}` (the plays allowed now), of `_e{id}` (every
candidate with None or the rule that excludes it, derived from `_l`'s list: playing.explained),
and of the legal plays that the State's `legal_actions` and the roll-out's loop write in."""
from __future__ import annotations

from .playable import write_filter
from .playing import Spec, explained, leads_of


def write_legality(c, d, spec: Spec, playable: tuple) -> None:
    """`_l{id}(st)` and `_e{id}(st)`. With `playable:` restrictions, the follow rule's plays are
    `_f{id}(st)`, and `_l`/`_e` apply the restrictions to them."""
    w = c.w
    follow = f"_l{d.id}"
    if playable:
        follow = f"_f{d.id}"
        w.function(f"_l{d.id}", "st")
        write_filter(c, playable, spec.single, False, f"{follow}(st)")
    w.function(follow, "st")
    legal_plays(c, spec, lambda plays: w.line(f"return {plays}"))
    w.function(f"_e{d.id}", "st")
    reasons = f"{w.const(explained)}(st, {w.const(spec)}, {follow}(st))"
    if playable:
        write_filter(c, playable, spec.single, True, reasons)
    else:
        w.line(f"return {reasons}")


def legal_plays(c, spec: Spec, give) -> None:
    """The body of `_l` (or of legal_actions): the hand and the trick, then the plays."""
    c.w.line(f"hand = st.zones[{spec.hand} + st.turn]")
    c.w.line("trick = st.trick")
    choices(c, spec, give)


def choices(c, spec: Spec, give) -> None:
    """Write the plays allowed from `hand` with `trick` on the table (both locals): each branch
    ends in `give(source of the list)`, which returns it (`_l`) or keeps it (`_p`). When every
    card may be played, the list is the hand itself, not a copy: State.legal_actions hands out
    a copy of what `_l` gives, and forgets it before anything is played. After a single card
    led with a follow rule, the local `follow` holds the cards of its suit and `r` the ranking
    (play.Places.led)."""
    w = c.w
    play = "c" if spec.single else f"{w.const(c.deck.plays)}[c]"        # a card's action
    every = "hand" if spec.single else f"[{play} for c in hand]"       # each card's play
    several = sorted(k for k in spec.sizes if k > 1)
    with w.indented("if not trick:"):
        if several:
            w.line(f"r = {c.ranking.source()}")
            give(f"{w.const(leads_of)}(r, hand, {1 in spec.sizes}, {w.const(tuple(several), 'SIZES')}, "
                 f"{w.const(c.deck.plays)})")
        else:
            give(every)
    if several:
        with w.indented("elif _len(trick[0][1]) > 1:"):     # several cards led: as many, chosen freely
            w.line(f"r = {c.ranking.source()}")
            give("_list(_combinations(r.shown_order(hand), _len(trick[0][1])))")
    with w.indented("else:"):
        if spec.follow == "any":
            give(every)
            return
        # the cards that answer the card led, as sets (Ranking._card_sets)
        follows, answers = c.ranking.tables("follows", "answers")
        w.line(f"follow = {follows}[trick[0][1][0]]")
        with w.indented("if follow.isdisjoint(hand):"):     # one C call where a list was made to test
            give(every)
        with w.indented("else:"):
            if spec.follow == "suit":
                give(f"[{play} for c in hand if c in follow]")
                return
            w.line(f"answer = {answers}[trick[0][1][0]]")
            give(f"[{play} for c in hand if c in answer]")
