"""`turns:` — players act in turn until a condition holds:

    - turns:
        first: next(dealer)                    # who acts first (default: the dealer's next)
        turn: [steps]                          # one turn; `player` is the seat acting
        next: next(player)                     # who acts after `player` (default: the next seat)
        skip: count(hand(player)) == 0         # seats passed over (`player` is the seat)
        until: count(hand(player)) == 0        # checked after each turn: true ends the turns

    first ─▶ HEAD: pass over the seats `skip` names ─▶ the turn's steps ─▶ `until` holds? ─▶ the
          steps after │ else `next` is the next seat ─▶ HEAD

Whatever a turn holds — play or pass, draw then discard, declare — is written as steps (usually
an `ask` with `who: player`, where `pass` is one more choice), so one loop serves shedding,
climbing, draw-and-discard and any other family: the loop only says who acts next and when it
stops. The seat acting and the turn's number live in slots of the state (`st.vars`), so the
turn's steps may hold any number of decisions; `turn_number` counts the turns, from 1. A loop
still going after `limits.turns` turns is a located error (at the step), never a hang.
"""
from __future__ import annotations

import functools

import attrs

from ...errors import RuleError
from ...prose.document import Item
from ...prose.words import code
from ...expr.codegen import Frag
from ..declare import REQUIRED, Expr, Expression, Key, Step, StepKind, Steps
from ...expr.types import A_SEAT, CONDITION, INT, SEAT


@attrs.frozen(kw_only=True)
class Turns(Step):
    kind = "turns"
    first: Expr | None = None
    turn: tuple
    next: Expr | None = None
    skip: Expr | None = None
    until: Expr


def compile_turns(step: Turns, c) -> None:
    w = c.w
    seat, count = c.slot(), c.slot()
    first = c.seat(step.first, "`turns.first`") if step.first is not None else \
        c.next_seat("st.dealer")
    w.line(f"st.vars[{seat}] = {first}")
    w.line(f"st.vars[{count}] = 0")
    head, end = w.label(), w.label()
    w.goto(head)
    w.place(head)
    limit = c.ruleset.max_turns
    endless = functools.partial(RuleError, step.span, f"the turns did not end within {limit:,} turns",
                                "check `until:`: it must come true (someone goes out, everyone passed, …), "
                                "or raise limits.turns")
    with c.binding(player=Frag(src=f"st.vars[{seat}]", type=SEAT, atomic=True),
                   turn_number=Frag(src=f"st.vars[{count}]", type=INT, atomic=True)):
        turns = w.temp()                # (read once: the test and the count's step)
        w.line(f"{turns} = st.vars[{count}]")
        with w.indented(f"if {turns} >= {limit}:"):
            w.line(f"raise {w.const(endless)}()")
        if step.skip is not None:
            _skip(c, step, seat, end)
        w.line(f"st.vars[{count}] = {turns} + 1")
        c.round_of_loop(step.span)
        last = trailing(step.turn)
        c.steps(step.turn[:len(step.turn) - len(last)])
        with c.keeping(last, [step.until, step.next]) as after:     # a value the tests share, worked out once
            for s in last:
                c.steps([s])
                after(s)
            with w.indented(f"if {c.condition(step.until)}:"):
                w.goto(end)
            w.line(f"st.vars[{seat}] = {_next(c, step, seat)}")
    w.goto(head)
    w.place(end)


def trailing(steps) -> tuple:
    """The turn's last steps that are `do:` steps (no decision, no nested steps): written in
    the same generated code as `until:` and `next:` after the turn's last decision."""
    n = len(steps)
    while n and steps[n - 1].kind == "do":
        n -= 1
    return steps[n:]


def _next(c, step: Turns, seat: int) -> str:
    """Source of the seat after `player` (its lines written here)."""
    if step.next is None:
        return c.next_seat(f"st.vars[{seat}]")
    return c.seat(step.next, "`turns.next`")


def _skip(c, step: Turns, seat: int, end) -> None:
    """Pass over the seats for which `skip` holds, each time to the one `next` names; when it
    has held for as many seats as are in the match, the turns are over."""
    w = c.w
    found = w.temp()
    w.line(f"{found} = False")
    with w.indented(f"for {w.temp('_s')} in st.seating.orders[st.vars[{seat}]]:"):    # one try per seat
        with w.indented(f"if not ({c.condition(step.skip)}):"):
            w.line(f"{found} = True")
            w.line("break")
        w.line(f"st.vars[{seat}] = {_next(c, step, seat)}")
    with w.indented(f"if not {found}:"):
        w.goto(end)


def describe_turns(prose, step: Turns) -> list[Item]:
    w = prose.words
    nxt = f"the next to act is {code(step.next.text)}" if step.next is not None else \
        f"the turn passes to the {w.next_side}"
    facts = [Item("Each turn:", prose.nested(step.turn), ordered=True), Item(f"After each turn, {nxt}.")]
    if step.skip is not None:
        facts.append(Item(f"A player for whom {code(step.skip.text)} holds is passed over."))
    facts.append(Item(f"The turns end as soon as, after a turn, {code(step.until.text)}."))
    return [Item(f"Players take turns, starting with {w.starting(step.first)} (`player` is the player "
                 "whose turn it is; `turn_number` counts the turns from 1).", facts)]


TURNS = StepKind("turns", Turns, "players act in turn until a condition holds (§6.5)", keys=(
    Key("first", Expression(A_SEAT), None, "who acts first (default: the dealer's next)"),
    Key("turn", Steps(), REQUIRED, "the steps of one turn (`player` is the seat acting)",
        "the steps of a turn, e.g. turn: [{ask: {who: player, prompt: …, choices: …}}]"),
    Key("next", Expression(A_SEAT), None, "who acts after `player` (default: the next seat)"),
    Key("skip", Expression(CONDITION), None, "a seat for which this holds is passed over (`player` is that seat)"),
    Key("until", Expression(CONDITION), REQUIRED, "checked after every turn: the turns end when it holds",
        "when the turns end, e.g. until: count(hand(player)) == 0"),
), compile=compile_turns, describe=describe_turns)
