"""The step kinds, one module each: its model, its declaration (keys, types, defaults, doc,
hints), its code generation and its words for `explain`. docs/internals.md shows how to add one."""
from __future__ import annotations

from . import ask, auction, branch, captures, deal, do, draw, each_seat, ends, repeat, say, seats, showdown, tricks, \
    turns

# The kinds written with their own key, in the order the docs and the schema list them.
KINDS = {kind.name: kind for kind in (
    deal.DEAL, draw.DRAW, ask.ASK, auction.AUCTION, tricks.TRICKS, captures.CAPTURES, showdown.SHOWDOWN, do.DO, do.MOVE,
    branch.IF, each_seat.FOR_EACH, turns.TURNS, repeat.REPEAT, seats.ELIMINATE, seats.REVIVE, ends.END_HAND, ends.REDEAL, ends.END_MATCH)}
SAY = say.SAY                           # a step of `say:` alone
ALL = {**KINDS, SAY.name: SAY}
WAITING = {ask.ASK.name, auction.AUCTION.name, tricks.TRICKS.name, captures.CAPTURES.name}     # kinds that wait for players
