"""The people at the tables: seats taken and named, a seat's token recognised, what people
write to the table, and a computer player standing in for someone who left. A part of the
Room (room.py), which holds the tables and saves, announces and schedules each change.
"""
from __future__ import annotations

import hmac
import secrets

from .. import bots
from ..runtime.helpers import SEAT_NAMES
from .guard import Refused, _clip
from .store import digest
from .tables import OVER, PLAYING, LiveTable

MAX_TALK = 2000                  # messages a table keeps: its talk, not a store for anything
OPEN = "open"                    # a person's seat nobody has taken (and its word in POST /api/tables)


class People:
    """Room's operations on the people at a table (it gives store, _save, changed, notify)."""

    def join(self, table: LiveTable, letter: str | None) -> dict:
        """An open seat taken: its token, given this once."""
        open_seats = [i for i, s in enumerate(table.seats) if s.kind == OPEN]
        if letter is None:
            if not open_seats:
                raise Refused(409, "no seat is open at this table")
            seat = open_seats[0]
        else:
            seat = _seat_letter(letter, table.players)
            if seat not in open_seats:
                raise Refused(409, f"seat {SEAT_NAMES[seat]} is not open")
        token = secrets.token_urlsafe(24)
        if not self._save(self.store.claim, table.id, seat, digest(token)):
            raise Refused(409, f"seat {SEAT_NAMES[seat]} is not open")
        table.seats[seat].kind, table.seats[seat].token = "person", digest(token)
        self.changed(table)
        return {"seat": SEAT_NAMES[seat], "token": token}

    def say(self, table: LiveTable, seat: int | None, text: str) -> dict:
        """A message from a person seated here to everyone at the table (spectators too), kept
        with the table. During the match or after it; never from a spectator."""
        if seat is None:
            raise Refused(403, "writing at a table needs a seat's token (Authorization: Bearer TOKEN)")
        text = text.strip()
        if not text:
            raise Refused(400, "the message is empty")
        if len(table.talk) >= MAX_TALK:
            raise Refused(409, f"this table's talk is full ({MAX_TALK} messages)")
        self._save(self.store.say, table.id, len(table.talk), seat, text)
        table.talk.append((seat, text))
        self.notify(table)
        return {"seat": SEAT_NAMES[seat], "text": text}

    def stand_in(self, table: LiveTable, seat: int | None, letter: str) -> dict:
        """A computer player (the default bot) plays a person's seat from now on: any person
        seated here may ask it for a seat whose person is away (so that a match does not wait
        for someone gone), or for their own. The person takes it back with `take_back`."""
        if seat is None:
            raise Refused(403, "handing a seat to a computer player needs a seat's token (Authorization: Bearer TOKEN)")
        if table.status != PLAYING:
            raise Refused(409, "the match is over" if table.status == OVER else f"this table is stopped: {table.note}")
        target = _seat_letter(letter, table.players)
        name = SEAT_NAMES[target]
        if table.seats[target].kind != "person":
            raise Refused(409, f"seat {name} is not a person's")
        if table.seats[target].stand_in is not None:
            raise Refused(409, f"a computer player is playing for {name} already")
        if target != seat and table.present.get(target, 0):
            raise Refused(409, f"{name} is here: only {name} may hand their seat to a computer player")
        self._save(self.store.stand_in, table.id, target, bots.DEFAULT)
        table.seats[target].stand(bots.DEFAULT)
        self.changed(table)
        return {"seat": name, "stand_in": bots.DEFAULT}

    def take_back(self, table: LiveTable, seat: int | None) -> dict:
        """The person takes their seat back from the computer player standing in for them."""
        if seat is None:
            raise Refused(403, "taking a seat back needs its token (Authorization: Bearer TOKEN)")
        if table.seats[seat].stand_in is None:
            raise Refused(409, "no computer player is playing for you")
        self._save(self.store.stand_in, table.id, seat, None)
        table.seats[seat].stand(None)
        self.changed(table)
        return {"seat": SEAT_NAMES[seat]}

    def rename(self, table: LiveTable, seat: int | None, name: str) -> dict:
        """The name a person seated here goes by at this table (an empty one: none, the letter)."""
        if seat is None:
            raise Refused(403, "naming a seat needs its token (Authorization: Bearer TOKEN)")
        name = " ".join(name.split()) or None
        self._save(self.store.rename, table.id, seat, name)
        table.seats[seat].name = name
        self.notify(table)
        return {"seat": SEAT_NAMES[seat], "name": name}

    def seat_of(self, table: LiveTable, authorization: str | None) -> int | None:
        """The seat a request's `Authorization: Bearer TOKEN` gives (None: no token, a spectator)."""
        if not authorization:
            return None
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Refused(401, "give a seat's token as 'Authorization: Bearer TOKEN'")
        wanted = digest(token.strip())
        for i, seat in enumerate(table.seats):
            if seat.token is not None and hmac.compare_digest(seat.token, wanted):
                return i
        raise Refused(403, "this token gives no seat at this table")


def _seat_letter(letter: str, players: int) -> int:
    word = letter.strip().upper()
    seat = SEAT_NAMES.find(word) if len(word) == 1 else -1
    if not 0 <= seat < players:
        raise Refused(400, f"'{_clip(letter)}' is not a seat of this table: {SEAT_NAMES[0]} to {SEAT_NAMES[players - 1]}")
    return seat
