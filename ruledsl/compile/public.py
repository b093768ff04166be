"""A program's `legal_actions` and `apply_action`, written out with its other functions: the
State's public methods (DESIGN.md §4), one home for what they do, for every program.

    legal_actions(st)     the legal actions of the player to move: a copy of the list the
                          decision's `_l` gives, kept (st._legal) for the check of the action
                          that follows; [] when nobody is to move
    apply_action(st, a)   `a` checked against that list (or found from its text, or refused
                          with the rule that excludes it), remembered while the match records
                          (runtime/history.py), then the decision's `_a` taken

A step kind may offer its decision's legality and apply to be written into these methods
instead of called (`Compiler.inline`: the plays of a trick): a decision through the API then
costs one call of each method rather than a method calling the decision's function through the
program's tables. Every other decision is called from its table (`_legal_of`, `_apply_of`,
bound by module.Program, whose State class has the two as methods).
"""
from __future__ import annotations

from contextlib import nullcontext

from ..runtime import shoe

LEGAL_DOC = "The legal actions of the player to move (a new list; empty when nobody is to move)."
APPLY_DOC = ("Apply one action: a value from legal_actions(), or its canonical text. An action that "
             "is not legal now raises IllegalAction, saying why.")


def write(c) -> None:
    """Write `legal_actions(st)` and `apply_action(st, a)` into the program `c` compiles."""
    _legal_actions(c)
    _apply_action(c)


def _dispatch(c, which: int, write_inline, call: str) -> None:
    """On the decision waiting (`pc`): those offered to be written in, here (`write_inline` of
    their writer `which`: 0 their legality, 1 their apply), any other called through its table
    (`call`)."""
    w, first = c.w, True
    for d in c.decisions:
        if d.id in c.inlined:
            with w.indented(f"{'if' if first else 'elif'} pc == {d.id}:"), w.at(d.span):
                write_inline(c.inlined[d.id][which])
            first = False
    with w.indented("else:") if not first else nullcontext():
        w.line(call)


def _legal_actions(c) -> None:
    w = c.w
    w.function("legal_actions", "st")
    w.line("legal = st._legal")
    with w.indented("if legal is None:"):             # not listed since the last action
        with w.indented("if st.player < 0:"):
            w.line("return []")
        with w.indented("try:"):
            w.line("pc = st.pc")
            _dispatch(c, 0, lambda legal: legal(lambda plays: w.line(f"legal = {plays}")),
                      "legal = _legal_of[pc](st)")
        with w.indented("except _Exception as exc:"):
            w.line("raise _located(st, exc) from None")
        with w.indented("if not legal:"):
            w.line("raise _stuck(st)")
        w.line("st._legal = legal")
    if c.deck.same is not None:     # several packs: two copies of a card are one action
        w.line(f"legal = st._legal = {w.const(shoe.distinct)}(legal, {w.const(c.deck.same)})")
    w.line("return legal[:]")            # the caller's to keep or change; the state keeps its own


def _apply_action(c) -> None:
    w = c.w
    w.function("apply_action", "st, a")
    w.line("legal = st._legal")
    with w.indented("if legal is None or a not in legal:"):     # not one of the list just given
        w.line("a = st._checked(a)")
    w.line("st._legal = None")
    with w.indented("if st.events is not None:"):           # the hand's past, while the match records
        w.line("_remember(st, a)")
    with w.indented("try:"):
        w.line("pc = st.pc")

        _dispatch(c, 1, lambda apply: apply(), "_apply_of[pc](st, a)")
    with w.indented("except _Exception as exc:"):
        w.line("raise _located(st, exc) from None")
