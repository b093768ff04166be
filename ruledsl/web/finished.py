"""A finished match: stepped through move by move (time travel), and downloaded as the game
log `ruledsl replay` checks (tools/gamelog.py writes it: the format lives there alone).
"""
from __future__ import annotations

from .. import bots
from ..tools.gamelog import LogWriter
from .guard import Refused
from .tables import OVER, LiveTable, build


def history(table: LiveTable, seat: int | None, step: int) -> dict:
    """What `seat` (None: a spectator) saw after `step` moves: the match played again that far
    from its seed, and the view made as it was then."""
    if table.status != OVER:
        raise Refused(409, "a match can be stepped through once it is over")
    if not 0 <= step <= table.version:
        raise Refused(400, f"'step' must be from 0 to {table.version}")
    st = table.replay(table.actions, upto=step)
    seat_log = table.new_log(seat)
    seat_log.read(st.events)
    return {**build(table, st, seat, seat_log), "step": step, "steps": table.version}


def download(table: LiveTable) -> str:
    """The match as a game log. It holds every deal's cards, so only once the match is over."""
    if table.status != OVER:
        raise Refused(409, "a match's log can be downloaded once it is over")
    st = table.new_state()
    dealt = [e for e in st.events if e["kind"] == "hand"]
    spec = next((s.bot for s in table.seats if s.kind == "bot"), bots.DEFAULT)
    header = LogWriter.header(table.entry.path, None, options=st.options, players=table.players,
                              seed=table.record["seed"], dealer=dealt[0]["dealer"] if dealt else st.dealer,
                              seat=None, opponents=spec)
    header["ruleset"] = table.entry.path.name        # `ruledsl replay LOG --rules DIR` finds it by name
    writer = LogWriter(None, header)
    seen = 0
    for seat, text in table.actions:                 # the records in the order `run --log` writes them
        for event in st.events[seen:]:
            writer.event(event)
        seen = len(st.events)
        writer.action(seat, text)
        st.apply_action(text)
    for event in st.events[seen:]:
        writer.event(event)
    return writer.text()
