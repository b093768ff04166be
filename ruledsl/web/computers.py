"""Computer players and hints on the server: searched in worker threads, so that the event loop
keeps answering everyone else meanwhile.

A bot's turn: after a pause (so that people can follow the play), the table says the bot is
thinking, the bot searches a copy of the match (seeing only what its seat may know, through the
public API and `determinize`), and its move is taken as a person's is — if the table is still
where the bot found it. A bot that fails stops its table, and only that one.
"""
from __future__ import annotations

import asyncio
import logging
import random
import secrets
from concurrent.futures import ThreadPoolExecutor

from .. import bots
from ..runtime.helpers import SEAT_NAMES
from .guard import Refused
from .tables import LiveTable, failure

log = logging.getLogger("ruledsl.web")

HINT_SECONDS = 10.0              # a hint's search stops here, even on a busy server
RETRY_SECONDS = 1.0              # a bot's move the store could not save is searched again after this


class Computers:
    def __init__(self, room, *, pause: float, workers: int):
        self.room, self.pause = room, pause
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="ruledsl-bot")

    def close(self, tables) -> None:
        for table in tables:
            if table.bot_task is not None:
                table.bot_task.cancel()
        self.pool.shutdown(wait=False, cancel_futures=True)

    def schedule(self, table: LiveTable) -> None:
        """Set the bot to move going, if a bot is to move and none is already."""
        seat = table.mover()
        if seat is None or table.seats[seat].player is None or table.bot_task is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return                                   # no loop yet: the room's start() schedules it
        table.bot_task = loop.create_task(self._move(table, seat))

    async def _move(self, table: LiveTable, seat: int) -> None:
        room, text = self.room, None
        player = table.seats[seat].player
        try:
            if self.pause:
                await asyncio.sleep(self.pause)
            version = table.version
            table.thinking = seat
            room.notify(table)
            text = await asyncio.get_running_loop().run_in_executor(
                self.pool, _choose, player, _copy(table), random.Random(secrets.randbits(64)))
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.error("table %s: the bot at seat %s failed: %s", table.id, SEAT_NAMES[seat], exc)
            room.stop(table, failure(exc))
        finally:
            table.thinking, table.bot_task = None, None
        if text is not None and table.version == version and table.mover() == seat and table.seats[seat].player is player:
            try:
                room.apply(table, seat, text)
            except Refused as exc:
                if exc.status == 503:               # the store could not save it (busy, full): again later
                    log.warning("table %s: the bot's move could not be saved; it will move again", table.id)
                    await asyncio.sleep(RETRY_SECONDS)
                    room.changed(table)
                    return
                log.error("table %s: the bot's move %r was refused: %s", table.id, text, exc.message)
                room.stop(table, "a computer player's move was refused")
                room.notify(table)
        else:                    # the table moved on, or the person took their seat back, meanwhile
            room.changed(table)

    async def hint(self, table: LiveTable) -> dict:
        """What each legal move of the seat to move is worth, as a search finds it (best first;
        ruledsl.bots.hint). One at a time per table: a hint costs a search."""
        if table.hinting:
            raise Refused(429, "a hint is being worked out for this table already: wait for it")
        version = table.version
        table.hinting = True
        try:
            rated = await asyncio.get_running_loop().run_in_executor(self.pool, _rate, _copy(table))
        finally:
            table.hinting = False
        if table.version != version:
            raise Refused(409, "the table has moved on since the hint was asked for", stale=True)
        return rated


def _copy(table: LiveTable):
    """The match for a search to play on: a copy, without the events (a search needs none)."""
    snapshot = table.state.clone()
    snapshot.events = None
    return snapshot


def _choose(bot, st, rng) -> str:
    return st.action_to_string(bot(st, rng))


def _rate(st) -> dict:
    found = bots.hint(st, random.Random(secrets.randbits(64)), max_seconds=HINT_SECONDS)
    return {"units": found.units, "worlds": found.iterations, "floor": found.floor, "capped": found.capped,
            "moves": [{"action": m.text, "value": _round(m.value), "margin": _round(m.margin), "best": m.best,
                       "tied": m.tied} for m in found.moves]}


def _round(value: float):
    return None if value != value else round(value, 2)         # nan (one world): no margin
