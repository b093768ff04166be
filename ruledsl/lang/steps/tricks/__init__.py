"""`tricks:` — trick play: leads of one or several cards, follow rules, beating, the winner.

    leader ─▶ HEAD: the leader's hand empty, or `count` tricks played? ─▶ the steps after
           ─▶ before_trick ─▶ TURN: before_play ─▶ the play (a decision) ─▶ next seat: TURN
           ─▶ the trick is full: to the winner's zone ─▶ after_trick ─▶ HEAD

One beating rule serves every game: a card beats another of its suit that ranks higher, or any
non-trump when it is a trump; a play of several cards must beat the best play so far one-to-one;
the trick goes to the last player who beat. With single cards this is the classic rule.

With single-card leads only, an action is the card itself; otherwise a tuple of cards. Without
hooks between two plays, a play sets up the next player's turn directly: the common trick runs
one generated function per card, and a random play-out plays it in one loop. With before_play
hooks that each have a `when:`, the play tests those conditions itself and calls the TURN block
only when one holds (Compiler.acting).

Here: the model, its declaration and the flow above. The decision's code is written by
legal.py (which plays are legal: `_l`, `_e`), play.py (a play: `_a`), end.py (the trick's end:
`_w`) and rollout.py (a random play-out's loop: `_p`), the turn's passing by turn.py; its
runtime side is playing.py, its words for `explain` words.py, `playable:` playable.py.
"""
from __future__ import annotations

import attrs

from ...declare import Expr, Expression, Items, Key, Name, Sizes, Step, StepKind, Steps, Word, ZoneName
from ....expr.types import A_SEAT, CONDITION, SEAT, WHOLE
from ....expr.codegen import Frag
from .end import won_zone, write_trick_won
from .legal import legal_plays, write_legality
from .play import apply_body, write_apply
from .playable import RESTRICTION, Restriction
from .playing import FOLLOW, PLAYING, Playing, Spec, follow_reason, lead_rule, leads_of
from .rollout import write_rollout
from .words import beating, describe_tricks

__all__ = ["TRICKS", "Tricks", "Playing", "PLAYING", "Spec", "beating", "follow_reason", "lead_rule", "leads_of"]


@attrs.frozen(kw_only=True)
class Tricks(Step):
    kind = "tricks"
    leader: Expr | None = None
    count: Expr | None = None
    lead: tuple[int, ...] = (1,)
    follow: str = "suit"
    playable: tuple[Restriction, ...] = ()
    won: Name | None = None
    open: Expr | None = None
    before_trick: tuple = ()
    before_play: tuple = ()
    after_trick: tuple = ()


def compile_tricks(step: Tricks, c) -> None:
    w = c.w
    zone = won_zone(step, c)
    spec = Spec(c.zone("hand")[1], step.lead, step.follow)
    d = c.decision(PLAYING, spec, step.span)
    leader = c.seat(step.leader, "`tricks.leader`") if step.leader is not None else \
        c.next_seat("st.dealer")
    w.line(f"st.leader = {leader}")
    w.line("st.trick_number = 0")
    head, hooks, turn, end = w.label(), w.label(), w.label(), w.label()
    w.goto(head)
    w.place(head)
    with w.indented(f"if not st.zones[{spec.hand} + st.leader]:"):
        w.goto(end)
    if step.count is not None:
        with w.indented(f"if st.trick_number >= {c.expr(step.count, WHOLE, '`tricks.count`')}:"):
            w.goto(end)
    w.line("st.trick_number += 1")           # the trick about to be played, in every hook
    w.goto(hooks)                            # (where a trick's end goes on when a hook acts)
    w.place(hooks)
    c.steps(step.before_trick)
    w.line("st.trick, st.best, st.turn = (), -1, st.leader")
    w.goto(turn)
    w.place(turn)
    with c.binding(player=Frag(src="st.turn", type=SEAT, atomic=True)):
        c.steps(step.before_play)
    c.wait(d, "st.turn")
    hooked = turn if step.before_play else None       # where the next turn goes when a hook acts
    with w.elsewhere():
        write_legality(c, d, spec, step.playable)
        write_apply(c, d, step, spec, hooked)
        write_trick_won(c, d, step, zone, (head, hooks, turn))
        write_rollout(c, d, step, spec, hooked)
    if not step.playable:          # written into the State's methods too (compile/public.py)
        c.inline(d, lambda give: legal_plays(c, spec, give), lambda: apply_body(c, d, step, spec, hooked))
    w.place(end)


TRICKS = StepKind("tricks", Tricks, "plays tricks until the hands are empty or a count is reached (§8)", keys=(
    Key("leader", Expression(A_SEAT), None, "who leads the first trick (default `next(dealer)`); each winner "
        "leads the next"),
    Key("count", Expression(WHOLE), None, "how many tricks (default: until the leader's hand is empty)"),
    Key("lead", Sizes(), (1,), "the sizes a lead may have (default [1]); several cards share a suit"),
    Key("follow", Word(FOLLOW, "follow rule", f"follow is one of: {', '.join(FOLLOW)}"), "suit",
        "suit | suit_or_trump | any"),
    Key("playable", Items(RESTRICTION), (), "restrictions on the cards that may be led or played, applied after "
        "the follow rule; one that would leave no card is lifted"),
    Key("won", ZoneName(), None, "the per-player (or per-team) zone that takes won tricks (default `won`)"),
    Key("open", Expression(CONDITION), None, "false: a play that does not beat the best so far goes face down"),
    Key("before_trick", Steps(), (), "steps at the start of every trick (`trick_number` is the trick about to be "
        "played, `tricks_played` the tricks done)"),
    Key("before_play", Steps(), (), "steps when a player is about to play (`player` is bound)"),
    Key("after_trick", Steps(), (), "steps after every trick (`winner` is its winner, `trick_number` its number)"),
), compile=compile_tricks, describe=describe_tricks)
