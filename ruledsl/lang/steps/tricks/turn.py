"""The turn passing to a seat: written here once for every place a trick's turn changes (after a
play, as a trick starts, in the roll-out's loop), with the test of whether a before_play hook
acts first."""
from __future__ import annotations

import re
from contextlib import nullcontext

from ....expr.codegen import Frag
from ....expr.types import SEAT


def hooks_acting(c, step) -> str | None:
    """The test that some before_play hook would act on the turn now in st.turn
    (Compiler.acting): unless it holds, the player plays without a call of the hooks' block.
    None: it cannot be told (the block is always called)."""
    with c.binding(player=Frag(src="st.turn", type=SEAT, atomic=True)):
        return c.acting(step.before_play)


def pass_turn(c, step, seat: str, run_hooks, waiting) -> None:
    """Write: the turn passes to `seat` (a source). Unless a before_play hook would act, `seat`
    is to play and `waiting()` writes what follows (a return, or nothing: the roll-out's next
    play); when one would (or it cannot be told), nobody is to play while `run_hooks()` writes
    the hooks' run (a goto, or the roll-out's call)."""
    w = c.w
    if not step.before_play:
        w.line(f"st.turn = st.player = {seat}")
        waiting()
        return
    if not re.fullmatch(r"[\w.]+", seat):       # read twice: worked out once
        w.line(f"nxt = {seat}")
        seat = "nxt"
    w.line(f"st.turn = {seat}")
    acting = hooks_acting(c, step)
    with w.indented(f"if {acting}:") if acting is not None else nullcontext():
        w.line("st.player = NOBODY")
        run_hooks()
    if acting is not None:
        w.line(f"st.player = {seat}")
        waiting()
